"""Leaving, archiving and deleting a game: the sheet kept, the home page's list, the tombstone's 410, the leagues,
and only the scorekeeper's address can do any of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import DeletedGame, Game
from support.groups import add_game, finished_game, make_peña, stored_group
from support.pages import text_of
from support.table import Page

if TYPE_CHECKING:
    from flask import Flask

    from support.table import Table

FOUR = ["Ana", "Bea", "Carlos", "Dani"]
#: Every write route of this file, and the method a phone sends it with.
WRITES = (("dejar", "POST"), ("archivar", "POST"), ("desarchivar", "POST"), ("borrar", "POST"), ("borrar", "GET"))


def rows(app: Flask) -> tuple[object, ...]:
    """Every game's facts and every tombstone, to tell that a refused request changed nothing."""
    with app.app_context():
        games = db.session.execute(
            db.select(Game.id, Game.version, Game.abandoned_at, Game.archived_at, Game.finished_at, Game.rematch_id)
        ).all()
        return (tuple(games), db.session.query(DeletedGame).count())


def home(table: Table) -> Page:
    """This phone's home page."""
    return Page(table.client.get("/"))


def test_leaving_keeps_the_sheet_stops_the_hands_and_takes_it_out_of_the_games_going_on(table: Table) -> None:
    token = table.start(FOUR, dealer=0, preset="a_medida", custom_sizes="1 1 1")
    table.seed(token, ("O", [1, 1, 1, 1], [1, 0, 0, 0]))
    playing_first = table.start(["Eva", "Fermín", "Gema"], dealer=0)
    response = table.client.post(f"/p/{token}/dejar")
    assert response.status_code == 303
    page = table.page(token)
    assert "Partida dejada sin terminar. Su hoja se queda como estaba." in page.flashes
    assert "Partida dejada sin terminar, en la mano 2 de 3." in page.part("revancha")
    assert page.totals == [15, -5, -5, -5]
    assert page.title == "", "no hand is played any more"
    assert table.snap(token).finished_at is None
    before = table.snap(token).facts
    refused = Page(table.tap(token, "pinta", 2, None, "O"))
    assert refused.status == 409
    assert refused.errors == "Esta partida se dejó sin terminar: ya no se apunta nada"
    assert table.snap(token).facts == before
    items = home(table).list_of("game-list")
    assert items[0].startswith("Eva, Fermín, Gema"), "the game going on comes first"
    assert "Dejada en la mano 2 de 3" in items[1]
    again = table.client.post(f"/p/{token}/dejar", follow_redirects=True)
    assert "Esta partida ya no se está jugando: no hay nada que dejar." in text_of(again.get_data(as_text=True))
    assert playing_first


def test_archiving_folds_a_finished_game_away_from_the_home_page_and_back(table: Table) -> None:
    token = finished_game(table)
    playing = table.start(FOUR, dealer=0)
    refused = Page(table.client.post(f"/p/{playing}/archivar", follow_redirects=True))
    assert "Solo se archivan las partidas terminadas o dejadas." in refused.flashes
    with table.app.app_context():
        found = store.find_game(playing)
        assert found is not None and found.archived_at is None, "a game going on is not archived"
    response = table.client.post(f"/p/{token}/archivar")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    page = home(table)
    assert "Partida archivada: ya no sale en la lista de partidas." in page.flashes
    assert "1 partida archivada" in page.part("archivadas")
    assert len(page.list_of("game-list")) == 1, "only the game going on is in the open list"
    history = Page(table.client.get("/historial"))
    assert "Ana, Bea, Carlos" in history.text, "an archived game stays in the history"
    assert table.client.post(f"/p/{token}/desarchivar").status_code == 303
    page = home(table)
    assert page.part("archivadas") == ""
    assert len(page.list_of("game-list")) == 2


def test_deleting_asks_first_naming_the_game(table: Table) -> None:
    token = table.start(FOUR, dealer=0)
    page = Page(table.client.get(f"/p/{token}/borrar"))
    assert page.status == 200
    assert "¿Borrar la partida de Ana, Bea, Carlos, Dani?" in page.text
    assert "Sí, borrar la partida de Ana, Bea, Carlos, Dani" in page.text
    assert table.snap(token).names == tuple(FOUR), "asking deletes nothing"


def test_a_deleted_games_two_addresses_say_it_was_deleted(table: Table) -> None:
    token = table.start(FOUR, dealer=0)
    watch = table.watch_token(token)
    watcher = table.app.test_client()
    assert watcher.get(f"/ver/{watch}").status_code == 200
    response = table.client.post(f"/p/{token}/borrar")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    page = home(table)
    assert "Partida de Ana, Bea, Carlos, Dani borrada." in page.flashes
    assert page.list_of("game-list") == []
    for client, address in (
        (table.client, f"/p/{token}"),
        (watcher, f"/ver/{watch}"),
        (watcher, f"/ver/{watch}/en-directo"),
        (watcher, f"/ver/{watch}/pantalla"),
        (table.client, f"/p/{token}/revancha"),
    ):
        gone = Page(client.get(address))
        assert gone.status == 410, address
        assert "Esta partida se ha borrado" in gone.html, address
        assert "Quien apuntaba la borró el" in gone.html, address
    assert table.client.post(f"/p/{token}/pinta", data={"hand": "1", "value": "O"}).status_code == 410
    english = watcher.get(f"/ver/{watch}", headers={"Accept-Language": "en"})
    assert english.status_code == 410
    assert "This game was deleted" in english.get_data(as_text=True)
    assert watcher.get(f"/ver/{watch}x").status_code == 404, "a token that never was is still a 404"


def test_a_deleted_game_leaves_its_peñas_league_and_its_revancha_link(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    kept, deleted = finished_game(table), finished_game(table, winner=0)
    for token in (kept, deleted):
        assert add_game(table.client, peña, f"/p/{token}").status_code == 303
    before = stored_group(table.app, peña)
    rematch = table.client.post(f"/p/{deleted}/revancha", data={"dealer": "0"}).headers["Location"].removeprefix("/p/")
    assert table.client.post(f"/p/{rematch}/borrar").status_code == 303
    with table.app.app_context():
        old = store.find_game(deleted)
        assert old is not None and old.rematch_id is None, "the old game no longer points to a deleted revancha"
    assert table.client.post(f"/p/{deleted}/borrar").status_code == 303
    after = stored_group(table.app, peña)
    assert len(after["games"]) == 1 and after["version"] > before["version"]
    league = Page(table.client.get(f"/pena/{peña.manage}"))
    assert league.status == 200
    assert league.text.count("Terminada: gana") == 1


def test_a_left_game_stays_in_its_peña_marked_and_counts_nothing(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    token = table.start(FOUR, dealer=0, pena=peña.manage)
    table.seed(token, ("O", [1, 1, 1, 1], [1, 0, 0, 0]))
    assert table.client.post(f"/p/{token}/dejar").status_code == 303
    league = Page(table.client.get(f"/pena/{peña.manage}"))
    assert "Dejada sin terminar: no cuenta" in league.part("partidas")
    assert len(stored_group(table.app, peña)["games"]) == 1


@pytest.mark.parametrize(("action", "method"), WRITES)
def test_the_watchers_address_can_do_none_of_it(table: Table, action: str, method: str) -> None:
    token = finished_game(table)
    playing = table.start(FOUR, dealer=0)
    for game in (token, playing):
        watch = table.watch_token(game)
        before = rows(table.app)
        response = table.client.open(f"/p/{watch}/{action}", method=method)
        assert response.status_code == 404, (action, method)
        assert rows(table.app) == before
        for prefix in ("/ver/", "/pena/ver/"):
            assert table.client.open(f"{prefix}{watch}/{action}", method=method).status_code in (404, 405)
        assert rows(table.app) == before
