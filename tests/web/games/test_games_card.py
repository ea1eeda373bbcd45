"""The game's card for the phone's script: in the game page's data block and at ``GET /p/<token>/carta`` (ETag, 304)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from scorekeeper.engine import game_card, hand_plan, preset_rules
from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.store import record_of
from support.table import NAMES4, Table, queued

BLOCK = re.compile(r'<script type="application/json" id="game-card">(.*?)</script>', re.S)


def block_of(page_html: str) -> dict[str, Any]:
    """The game page's data block for the phone's script, read as JSON."""
    found = BLOCK.findall(page_html)
    assert len(found) == 1, f"{len(found)} card blocks on the page"
    data: dict[str, Any] = json.loads(found[0])
    return data


def engine_card(table: Table, token: str) -> dict[str, Any]:
    """The card the engine makes of the stored game, read here straight from its rows."""
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        view = store.view_of(game)
        saved = [record_of(hand) for hand in game.hands if hand.complete]
        hand = view.hand
        plan = hand_plan(len(game.players), game.first_dealer, view.rules, len(saved) + 1) if hand else None
        return game_card(
            view.rules,
            [player.name for player in game.players],
            game.first_dealer,
            saved,
            plan,
            hand.steps if hand else (),
            game.version,
        )


def a_game(table: Table) -> str:
    """Four players of the short preset, hand 1 saved, hand 2 with its trump and a bid said."""
    token = table.start(NAMES4, dealer=0, preset="corta")
    table.play_hand(token, "O", [1, 0, 0, 1], [1, 0, 0, 0])
    table.ok(token, "pinta", 2, value="C")
    table.ok(token, "apuesta", 2, 2, 1)
    return token


# --- in the game page -------------------------------------------------------------------------


def test_the_game_page_carries_the_card_the_addresses_and_the_csrf_token(table: Table) -> None:
    token = a_game(table)
    block = block_of(table.page(token).html)
    assert set(block) == {"card", "taps", "card_url", "parts_url", "csrf"}
    assert block["card"] == engine_card(table, token)
    assert block["card"]["version"] == table.snap(token).version
    assert block["card"]["hand"]["steps"] == [["trump", None, "C"], ["bid", 2, 1]]
    assert (block["taps"], block["card_url"]) == (f"/p/{token}/anotar", f"/p/{token}/carta")
    assert block["csrf"], "a token to send in X-CSRFToken"


def test_the_card_of_a_finished_game_has_no_hand(table: Table) -> None:
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="1")
    table.play_hand(token, "O", [1, 0, 0, 1], [1, 0, 0, 0])
    card = block_of(table.page(token).html)["card"]
    assert card["hand"] is None and len(card["saved"]) == 1


def test_a_page_drawn_for_a_refused_tap_carries_the_card_as_stored(table: Table) -> None:
    token = a_game(table)
    refused = table.refused(token, "apuesta", 2, 3, 9)
    assert block_of(refused.html)["card"] == engine_card(table, token)


@pytest.mark.parametrize("name", ["</script><b>x", "<!--", "\u2028Eva'\""])
def test_a_name_cannot_end_the_data_block(table: Table, name: str) -> None:
    token = table.start([name, "Bea", "Carlos"], dealer=0, preset="corta")
    page = table.page(token)
    stored = table.snap(token).names[0]
    assert name.strip() in stored
    assert block_of(page.html)["card"]["players"][0] == stored
    assert "</script><b>" not in page.html and "<!--" not in page.html


def test_the_card_is_in_the_head_not_in_what_the_page_shows(table: Table) -> None:
    token = a_game(table)
    page = table.page(token)
    head = page.html.split("</head>", 1)[0]
    assert BLOCK.search(head), "the data block is in <head>"
    assert '"steps"' not in page.text


def test_the_csrf_token_of_the_block_lets_the_phone_send_its_outbox(
    client: FlaskClient, csrf_token: Callable[..., str]
) -> None:
    form = {f"names-{i}": name for i, name in enumerate(NAMES4)}
    form.update(first_dealer="0", preset="corta", action="start", csrf_token=csrf_token("/partidas/nueva"))
    token = str(client.post("/partidas/nueva", data=form).headers["Location"]).removeprefix("/p/")
    block = block_of(client.get(f"/p/{token}").get_data(as_text=True))
    body = {"version": block["card"]["version"], "taps": [queued("trump", 1, value="O", was="")]}
    answer = client.post(block["taps"], json=body, headers={"X-CSRFToken": block["csrf"]})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.get_json()["results"][0]["status"] == "applied" and answer.get_json()["card"] is None


# --- GET /p/<token>/carta ---------------------------------------------------------------------


def test_the_card_address_gives_the_stored_card_with_the_version_as_its_etag(table: Table) -> None:
    token = a_game(table)
    response = table.app.test_client().get(f"/p/{token}/carta")  # a phone with no session cookie yet
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.get_json() == {"card": engine_card(table, token)}
    version = table.snap(token).version
    assert response.headers["ETag"] == f'"{version}"'
    assert response.headers["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in response.headers


@contextmanager
def selects(app: Flask) -> Iterator[list[str]]:
    """The SELECT statements the app sends while the block runs."""
    sent: list[str] = []

    def note(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            sent.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", note)


@pytest.mark.parametrize("tag", ['"{v}"', 'W/"{v}"', '"old", "{v}"', "{v}"])
def test_the_card_the_phone_has_is_not_sent_again(table: Table, tag: str) -> None:
    token = a_game(table)
    version = table.snap(token).version
    with selects(table.app) as sent:
        response = table.client.get(f"/p/{token}/carta", headers={"If-None-Match": tag.format(v=version)})
    assert response.status_code == 304 and response.get_data() == b""
    assert response.headers["ETag"] == f'"{version}"'
    assert len(sent) == 1, "one indexed query decides it"


def test_after_a_tap_the_card_is_sent_again(table: Table) -> None:
    token = a_game(table)
    old = table.snap(token).version
    table.queue_ok(token, queued("bid", 2, 3, 0))
    response = table.client.get(f"/p/{token}/carta", headers={"If-None-Match": f'"{old}"'})
    assert response.status_code == 200
    assert response.headers["ETag"] == f'"{old + 1}"'
    assert response.get_json()["card"]["hand"]["steps"][-1] == ["bid", 3, 0]


def test_an_unknown_game_has_no_card(table: Table) -> None:
    response = table.client.get("/p/no-existe/carta", headers={"Accept": "text/html"})
    assert response.status_code == 404 and response.mimetype == "application/json"
    assert response.get_json()["error"]
    watch = table.watch_token(a_game(table))
    assert table.client.get(f"/p/{watch}/carta").status_code == 404, "the watchers' token is not the scorekeeper's"


def test_the_card_is_the_same_whichever_rules(table: Table) -> None:
    token = table.start(NAMES4, dealer=1, preset="a_medida", custom_sizes="10 1", subastado="1", pocha_bonus="1")
    card = table.client.get(f"/p/{token}/carta").get_json()["card"]
    assert card == engine_card(table, token)
    assert card["schedule"][0]["kind"] == "subastado" and card["rules"]["pocha_bonus"] is True
    assert preset_rules("clasica").exact_base == card["rules"]["exact_base"]
