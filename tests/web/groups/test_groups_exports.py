"""A peña's league as files: the CSV (a row per player) and the JSON (every figure, game by game), from both addresses.

Every test runs on SQLite and on PostgreSQL (the ``table`` fixture).
"""

from __future__ import annotations

import csv
import io
import json

import pytest

from scorekeeper.league import league
from scorekeeper.storage import groups
from support.groups import Peña, add_game, finished_game, make_peña
from support.table import Table


@pytest.fixture
def peña(table: Table) -> Peña:
    """Two finished games (Bea wins one, Ana the other) and one being played, which does not count."""
    made = make_peña(table.client, table.app)
    add_game(table.client, made, f"/p/{finished_game(table, ('Ana', 'Bea', 'Carlos'), 1)}")
    add_game(table.client, made, f"/p/{finished_game(table, ('Ana', 'Bea', '=1+1'), 0)}")
    add_game(table.client, made, f"/p/{table.start(['Ana', 'Bea', 'Dani'])}")
    return made


def expected_league(table: Table, peña: Peña):  # type: ignore[no-untyped-def]
    """The league counted straight from the stored games."""
    with table.app.app_context():
        group = groups.find_group(peña.manage)
        assert group is not None
        return league(groups.league_games(group), groups.active_merges(group))


@pytest.mark.parametrize("scope", ["manage", "look"])
def test_the_csv_has_a_row_per_player_with_the_leagues_figures(table: Table, peña: Peña, scope: str) -> None:
    address = f"/pena/{peña.manage}" if scope == "manage" else f"/pena/ver/{peña.look}"
    response = table.client.get(f"{address}/liga.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=pocha-liga-Los-del-domingo.csv")
    assert response.headers["Cache-Control"] == "no-store"
    rows = list(csv.reader(io.StringIO(response.get_data().decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:5] == ["puesto", "jugador", "valoración", "partidas", "ganadas"]
    table_now = expected_league(table, peña)
    assert [row[1] for row in rows[1:]] == [
        f"'{r.name}" if r.name.startswith("=") else r.name for r in table_now.players
    ], "best rated first; a name like a formula is written as text"
    for row, record in zip(rows[1:], table_now.players):
        assert [int(row[3]), int(row[4]), int(row[8]), int(row[9]), int(row[10])] == [
            record.games,
            record.wins,
            record.exact,
            record.over,
            record.under,
        ]
        assert float(row[2]) == pytest.approx(record.rating.shown, abs=0.01)


def test_the_csv_in_english_has_english_headers_and_commas(table: Table, peña: Peña) -> None:
    table.client.set_cookie("lang", "en")
    rows = list(csv.reader(io.StringIO(table.client.get(f"/pena/ver/{peña.look}/liga.csv").get_data().decode())))
    table.client.delete_cookie("lang")
    assert rows[0][:4] == ["\ufeffplace", "player", "rating", "games"]


def test_the_json_has_every_figure_and_each_finished_game_in_order(table: Table, peña: Peña) -> None:
    response = table.client.get(f"/pena/ver/{peña.look}/liga.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    document = json.loads(response.get_data(as_text=True))
    assert document["format"] == "pocha-liga/1" and document["pena"] == "Los del domingo"
    assert len(document["games"]) == 2, "the game being played does not count"
    expected = expected_league(table, peña)
    assert [p["name"] for p in document["players"]] == [r.name for r in expected.players]
    ana = next(p for p in document["players"] if p["name"] == "Ana")
    assert (ana["games"], ana["wins"], ana["longest_streak"]) == (2, 1, 1)
    assert len(ana["rating_history"]) == 3 and ana["rating_history"][0] == 0
    assert ana["rating"] == pytest.approx(ana["mu"] - 3 * ana["sigma"], abs=1e-3)
    assert peña.manage not in response.get_data(as_text=True) and peña.look not in response.get_data(as_text=True)


def test_the_files_of_a_season_count_its_games_only(table: Table, peña: Peña) -> None:
    document = json.loads(table.client.get(f"/pena/ver/{peña.look}/liga.json?temporada=1999").get_data(as_text=True))
    assert document["season"]["key"] == "" and len(document["games"]) == 2, "a season not offered: every game"
    page = table.read(table.client.get(f"/pena/ver/{peña.look}"))
    year = page.html.split("?temporada=", 1)[1][:4]
    document = json.loads(table.client.get(f"/pena/ver/{peña.look}/liga.json?temporada={year}").get_data(as_text=True))
    assert document["season"]["first_day"] == f"{year}-01-01" and len(document["games"]) == 2


def test_the_files_of_no_peña_are_a_404(table: Table, peña: Peña) -> None:
    for address in ("/pena/ver/nope-nope-nope/liga.csv", f"/pena/ver/{peña.manage}/liga.json", "/pena/x/liga.csv"):
        assert table.client.get(address).status_code == 404, address
