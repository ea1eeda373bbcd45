"""La revancha: the same table again from a finished or left game, its watchers offered it, and never two of them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import Game
from support.groups import make_peña, stored_group
from support.pages import text_of

if TYPE_CHECKING:
    from support.table import Table

FOUR = ["Ana", "Bea", "Carlos", "Dani"]


def finished(table: Table, names: list[str] = FOUR, dealer: int = 1, **options: str) -> str:
    """A game of two one-card hands, played to its end."""
    token = table.start(names, dealer=dealer, preset="a_medida", custom_sizes="1 1", **options)
    n = len(names)
    table.seed(token, ("O", [1] * n, [1] + [0] * (n - 1)), ("C", [1] * n, [1] + [0] * (n - 1)))  # Ana wins
    assert table.snap(token).finished_at is not None
    return token


def token_of(response_location: str) -> str:
    """The token in a game's address."""
    match = re.search(r"/p/([^/?#]+)$", response_location)
    assert match, response_location
    return match.group(1)


def game(app: Flask, token: str) -> Game:
    """The stored game (inside an app context)."""
    found = store.find_game(token)
    assert found is not None
    return found


def test_the_final_page_offers_la_revancha_and_its_page_has_the_next_dealer_chosen(table: Table) -> None:
    token = finished(table, dealer=1)
    page = table.page(token)
    assert f'href="/p/{token}/revancha"' in page.part("revancha")
    sheet = table.client.get(f"/p/{token}/revancha")
    assert sheet.status_code == 200
    html = sheet.get_data(as_text=True)
    assert re.search(r'value="2" checked> <span>Carlos</span>', html), "the seat after the first dealer is chosen"
    assert "Empezar" in html
    assert [text_of(label) for label in re.findall(r'<label class="seat-choice">(.*?)</label>', html, re.S)] == FOUR


def test_la_revancha_has_the_same_players_seats_and_rules_and_the_old_game_points_to_it(table: Table) -> None:
    token = finished(table, dealer=3, renuncio_penalty="30")
    response = table.client.post(f"/p/{token}/revancha", data={"dealer": "0"})
    assert response.status_code == 303
    new = token_of(response.headers["Location"])
    assert new != token
    with table.app.app_context():
        old, fresh = game(table.app, token), game(table.app, new)
        assert [p.name for p in fresh.players] == FOUR
        assert fresh.rules == old.rules and fresh.preset == old.preset
        assert fresh.first_dealer == 0
        assert old.rematch_id == fresh.id
        assert fresh.finished_at is None and fresh.hands == []
    page = table.page(new)
    assert "¡Revancha! Reparte Ana." in page.flashes
    assert page.role("Reparte") == "Ana"


def test_a_second_tap_or_another_scorekeeper_finds_the_revancha_started(table: Table, make_table: type[Table]) -> None:
    token = finished(table)
    first = table.client.post(f"/p/{token}/revancha", data={"dealer": "2"})
    again = table.client.post(f"/p/{token}/revancha", data={"dealer": "3"})
    other_phone = make_table(table.app, table.app.test_client())
    from_elsewhere = other_phone.client.get(f"/p/{token}/revancha")
    assert first.headers["Location"] == again.headers["Location"] == from_elsewhere.headers["Location"]
    with table.app.app_context():
        assert (
            db.session.query(Game)
            .filter(Game.rematch_id.is_not(None))
            .filter_by(edit_hash=store.token_hash(token))
            .count()
            == 1
        )
        fresh = game(table.app, token_of(first.headers["Location"]))
        assert fresh.first_dealer == 2
    assert "Ir a la revancha" in table.page(token).part("revancha")


def test_watchers_of_the_old_game_are_offered_the_revancha(table: Table) -> None:
    token = finished(table)
    watch = table.watch_token(token)
    watcher = table.app.test_client()
    before = watcher.get(f"/ver/{watch}")
    assert "Ha empezado la revancha" not in before.get_data(as_text=True)
    etag = before.headers["ETag"]
    assert watcher.get(f"/ver/{watch}/en-directo", headers={"If-None-Match": etag}).status_code == 304
    new = token_of(table.client.post(f"/p/{token}/revancha", data={"dealer": "0"}).headers["Location"])
    live = watcher.get(f"/ver/{watch}/en-directo", headers={"If-None-Match": etag})
    assert live.status_code == 200, "the revancha changes the old game's page"
    html = live.get_data(as_text=True)
    assert "Ha empezado la revancha" in html
    assert f'href="/ver/{table.watch_token(new)}"' in html
    assert "Ha empezado la revancha" in watcher.get(f"/ver/{watch}").get_data(as_text=True)


def test_a_game_being_played_has_no_revancha_yet(table: Table) -> None:
    token = table.start(FOUR, dealer=0)
    for response in (
        table.client.get(f"/p/{token}/revancha"),
        table.client.post(f"/p/{token}/revancha", data={"dealer": "1"}),
    ):
        assert response.status_code == 409
        assert "La revancha se juega cuando la partida termina o se deja." in text_of(response.get_data(as_text=True))
    with table.app.app_context():
        assert game(table.app, token).rematch_id is None


def test_a_left_game_has_its_revancha(table: Table) -> None:
    token = table.start(FOUR, dealer=0)
    assert table.client.post(f"/p/{token}/dejar").status_code == 303
    response = table.client.post(f"/p/{token}/revancha", data={"dealer": "1"})
    assert response.status_code == 303
    assert table.page(token_of(response.headers["Location"])).role("Reparte") == "Bea"


def test_a_dealer_not_at_the_table_is_refused_with_the_reason(table: Table) -> None:
    token = finished(table)
    for value in ("7", "x", "", "-1", "٣"):
        response = table.client.post(f"/p/{token}/revancha", data={"dealer": value})
        assert response.status_code == 422, value
        assert "Elige quién reparte primero" in response.get_data(as_text=True)
    with table.app.app_context():
        assert game(table.app, token).rematch_id is None


def test_la_revancha_of_a_peñas_game_counts_in_the_peña(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    token = finished(table, pena=peña.manage)
    new = token_of(table.client.post(f"/p/{token}/revancha", data={"dealer": "0"}).headers["Location"])
    with table.app.app_context():
        ids = {game(table.app, token).id, game(table.app, new).id}
    assert set(stored_group(table.app, peña)["games"]) == ids
