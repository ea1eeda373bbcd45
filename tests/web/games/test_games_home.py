"""The home page's list of this phone's games, names shown escaped, and resuming a game (new client, new app)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.storage import store

if TYPE_CHECKING:
    from tests.conftest import AppFactory

    from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]
TAGGED = "<b>x</b>"
ESCAPED = "&lt;b&gt;x&lt;/b&gt;"


def home(table: Table) -> list[str]:
    """Each game of the home page's list, as its text."""
    page = table.read(table.client.get("/"))
    assert page.status == 200
    return page.list_of("game-list")


def test_a_new_phone_has_no_games(table: Table) -> None:
    page = table.read(table.client.get("/"))
    assert "Partidas en este móvil" not in page.text
    assert home(table) == []


def test_the_games_of_this_phone_newest_first(table: Table) -> None:
    first = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="2 2")
    second = table.start(["Dani", "Eva", "Fede", "Gema"], dealer=0)
    page = table.read(table.client.get("/"))
    assert "Partidas en este móvil" in page.text
    assert page.links("game-link") == [f"/p/{second}", f"/p/{first}"]
    lines = home(table)
    assert lines[0].startswith("Dani, Eva, Fede, Gema Mano 1 de 28")
    assert lines[1].startswith("Ana, Bea, Carlos Mano 1 de 2")
    table.page(first)  # opening a game puts it first
    assert table.read(table.client.get("/")).links("game-link") == [f"/p/{first}", f"/p/{second}"]


def test_the_list_says_how_far_each_game_went_and_who_leads_or_won(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="2 2")
    table.seed(token, ("O", [1, 0, 0], [1, 0, 1]))  # Ana 15, Bea 10, Carlos −5
    assert home(table)[0].startswith("Ana, Bea, Carlos Mano 2 de 2 · va ganando Ana")
    table.seed(token, ("O", [1, 0, 0], [0, 0, 2]))  # Ana 1 but 0: −5; Bea 0 of 0: 10; Carlos 0 but 2: −10
    assert home(table)[0].startswith("Ana, Bea, Carlos Terminada: gana Bea")


def test_another_phone_sees_a_game_once_it_opens_its_link(table: Table, game_app: Flask) -> None:
    token = table.start(THREE)
    other = game_app.test_client()
    assert "Partidas en este móvil" not in table.read(other.get("/")).text
    other.get(f"/p/{token}")
    assert table.read(other.get("/")).links("game-link") == [f"/p/{token}"]


def test_a_game_that_no_longer_exists_drops_out_of_the_list(table: Table) -> None:
    gone = table.start(THREE)
    kept = table.start(THREE)
    with table.app.app_context():
        game = store.find_game(gone)
        db.session.delete(game)
        db.session.commit()
    assert table.read(table.client.get("/")).links("game-link") == [f"/p/{kept}"]
    assert table.client.get(f"/p/{gone}").status_code == 404


def test_the_time_shown_is_spanish_time(table: Table) -> None:
    token = table.start(THREE)
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        game.updated_at = datetime(2026, 1, 15, 12, 30)  # stored in UTC
        db.session.commit()
    page = table.read(table.client.get("/"))
    assert '<time class="game-date" datetime="2026-01-15T12:30:00Z">15/01/2026 13:30</time>' in page.html
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        game.updated_at = datetime(2026, 7, 15, 12, 30)
        db.session.commit()
    assert "15/07/2026 14:30" in table.read(table.client.get("/")).text


# --- names are text, never markup ------------------------------------------------------------


def test_names_are_shown_escaped_everywhere(table: Table) -> None:
    names = ["Ana", TAGGED, 'Bea "la" & Co']
    token = table.start(names, dealer=1, preset="a_medida", custom_sizes="2 2")
    table.seed(token, ("O", [1, 0, 0], [1, 0, 1]))
    table.correct(token, 1, {"renuncios-1": 1})
    page = table.page(token)
    pages = {
        "game": page.html,
        "home": table.client.get("/").get_data(as_text=True),
        "correction": table.client.get(f"/p/{token}/mano/1/corregir").get_data(as_text=True),
    }
    for where, html in pages.items():
        assert TAGGED not in html, where
        assert ESCAPED in html, where
        assert "Bea &#34;la&#34; &amp; Co" in html or "Bea &quot;la&quot; &amp; Co" in html, where
    assert f"<title>Ana, {ESCAPED}, " in page.html
    assert page.role("Reparte") == 'Bea "la" & Co', "shown as the text typed"
    assert page.order == ["Ana", TAGGED, 'Bea "la" & Co']
    assert any(TAGGED in line for line in page.standings)
    assert f"renuncios de {TAGGED}: 0 → 1" in page.items("correcciones")[0]


def test_the_dealer_greeting_is_escaped(table: Table) -> None:
    response = table.new_game([TAGGED, "Ana", "Bea"], dealer=0)
    page = table.read(table.client.get(response.headers["Location"]))
    assert f"¡A jugar! Reparte {TAGGED}." in page.flashes
    assert TAGGED not in page.html


def test_the_forbidden_bid_reason_and_turn_messages_are_escaped(table: Table) -> None:
    token = table.start(["Ana", "Bea", TAGGED], dealer=2, preset="a_medida", custom_sizes="2")
    table.ok(token, "pinta", 1, value="O")
    assert "Ahora le toca apostar a Ana" in table.stale(token, "apuesta", 1, 1, 1).errors  # out of turn: Ana is mano
    table.ok(token, "apuesta", 1, 0, 1)
    table.ok(token, "apuesta", 1, 1, 0)
    page = table.page(token)
    assert page.line("forbidden") == f"{TAGGED} no puede pedir 1: la suma sería 2 de 2"
    assert TAGGED not in page.html


# --- resuming --------------------------------------------------------------------------------


def session_of(client: FlaskClient) -> str:
    """The value of a client's session cookie."""
    cookie = client.get_cookie("session")
    assert cookie is not None
    return cookie.value


def test_a_game_survives_a_fresh_client_with_the_same_session(table: Table, game_app: Flask) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="2 2")
    table.play_hand(token, "O", [1, 0, 0], [1, 0, 1])
    table.ok(token, "pinta", 2, value="C")
    fresh = game_app.test_client()
    fresh.set_cookie("session", session_of(table.client))
    assert table.read(fresh.get("/")).links("game-link") == [f"/p/{token}"]
    page = table.read(fresh.get(f"/p/{token}"))
    assert page.title == "Mano 2 de 2 2 cartas"
    assert page.role("Pinta") == "Copas"
    assert page.totals == [15, 10, -5]


def test_a_game_survives_a_new_app_on_the_same_database(app_factory: AppFactory, make_table: type[Table]) -> None:
    before = app_factory(WTF_CSRF_ENABLED=False)
    first = make_table(before, before.test_client())
    token = first.start(THREE, dealer=0, preset="a_medida", custom_sizes="2 2")
    first.play_hand(token, "O", [1, 0, 0], [1, 0, 1])
    first.ok(token, "pinta", 2, value="C")
    first.ok(token, "apuesta", 2, 2, 1)
    cookie = session_of(first.client)
    with before.app_context():
        db.engine.dispose()

    after = app_factory(WTF_CSRF_ENABLED=False)  # a restart: same database file, same secret key
    assert after is not before
    second = make_table(after, after.test_client())
    second.client.set_cookie("session", cookie)
    assert second.read(second.client.get("/")).links("game-link") == [f"/p/{token}"]
    page = second.page(token)
    assert page.title == "Mano 2 de 2 2 cartas"
    assert page.line("prompt") == "¿Cuántas pide Ana?"
    assert page.totals == [15, 10, -5]
    second.play_hand(token, None, [0, 0, 1], [0, 1, 1])  # Ana 0 of 0: 10; Bea 0 but 1: −5; Carlos 1 of 1: 15
    assert "Gana Ana con 25 puntos" in second.page(token).text
    with after.app_context():
        db.engine.dispose()
