"""A peña's seasons (each year, and the manager's date ranges) and head to head, as its pages show them.

Every test runs on SQLite and on PostgreSQL (the ``table`` fixture).
"""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from scorekeeper.extensions import db
from scorekeeper.storage import store
from support.groups import Peña, add_game, finished_game, group_rows, make_peña, stored_group
from support.table import Table


def played_on(table: Table, token: str, when: datetime) -> None:
    """Say game ``token`` was started at ``when``."""
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        game.created_at = when
        db.session.commit()


def league_names(table: Table, address: str) -> list[str]:
    """The players of the league table on the page at ``address``, in their order."""
    html = table.client.get(address).get_data(as_text=True)
    return re.findall(r'<li class="league-player"[^>]*>.*?<span class="name">(.*?)</span>', html, re.S)


@pytest.fixture
def peña(table: Table) -> Peña:
    """Three games: Eva's at Christmas 2024, Ana's in March 2025 (Bea wins both), Ana's in June 2025 (Ana wins)."""
    made = make_peña(table.client, table.app)
    for names, winner, when in (
        (("Eva", "Bea", "Carlos"), 1, datetime(2024, 12, 24, 22)),
        (("Ana", "Bea", "Carlos"), 1, datetime(2025, 3, 2, 18)),
        (("Ana", "Bea", "Dani"), 0, datetime(2025, 6, 1, 18)),
    ):
        token = finished_game(table, names, winner)
        played_on(table, token, when)
        add_game(table.client, made, f"/p/{token}")
    return made


def test_each_year_is_a_season_of_its_own(table: Table, peña: Peña) -> None:
    page = table.read(table.client.get(f"/pena/ver/{peña.look}"))
    assert re.findall(r'class="button button-small" href="[^"]*"[^>]*>(.*?)</a>', page.html)[:3] == [
        "Todas",
        "2025",
        "2024",
    ]
    assert set(league_names(table, f"/pena/ver/{peña.look}")) == {"Ana", "Bea", "Carlos", "Dani", "Eva"}
    assert set(league_names(table, f"/pena/ver/{peña.look}?temporada=2024")) == {"Eva", "Bea", "Carlos"}
    assert set(league_names(table, f"/pena/ver/{peña.look}?temporada=2025")) == {"Ana", "Bea", "Carlos", "Dani"}
    assert set(league_names(table, f"/pena/ver/{peña.look}?temporada=1999")) == set(
        league_names(table, f"/pena/ver/{peña.look}")
    ), "a season not offered shows every game"


def test_the_manager_sets_a_season_of_two_days_both_included_and_takes_it_away(table: Table, peña: Peña) -> None:
    form = {"season-name": "Primavera", "season-starts_on": "2025-03-02", "season-ends_on": "2025-05-31"}
    response = table.client.post(f"/pena/{peña.manage}/temporadas", data=form)
    assert response.status_code == 303
    shown = response.headers["Location"]
    assert re.fullmatch(rf"/pena/{peña.manage}\?temporada=t\d+", shown)
    assert set(league_names(table, shown)) == {"Ana", "Bea", "Carlos"}
    look = shown.replace(f"/pena/{peña.manage}", f"/pena/ver/{peña.look}")
    assert set(league_names(table, look)) == {"Ana", "Bea", "Carlos"}, "the lookers see the manager's seasons"
    stored = stored_group(table.app, peña)
    assert [name for name, _first, _last in stored["seasons"]] == ["Primavera"]
    season_id = shown.rsplit("t", 1)[1]
    assert table.client.post(f"/pena/{peña.manage}/temporadas/quitar", data={"item": season_id}).status_code == 303
    assert stored_group(table.app, peña)["seasons"] == []
    assert len(stored_group(table.app, peña)["games"]) == 3


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"season-name": "", "season-starts_on": "2025-01-01", "season-ends_on": "2025-02-01"}, "Ponle un nombre"),
        ({"season-name": "X", "season-starts_on": "2025-02-31", "season-ends_on": "2025-03-01"}, "2025-03-14"),
        ({"season-name": "X", "season-starts_on": "14/03/2025", "season-ends_on": "2025-03-20"}, "2025-03-14"),
        ({"season-name": "X", "season-starts_on": "", "season-ends_on": "2025-03-20"}, "Elige un día"),
        ({"season-name": "X", "season-starts_on": "2025-03-20", "season-ends_on": "2025-03-01"}, "acaba antes"),
        ({"season-name": "X", "season-starts_on": "٢٠٢٥-٠٣-٠١", "season-ends_on": "2025-03-20"}, "2025-03-14"),
    ],
)
def test_a_season_that_cannot_be_is_refused_with_what_was_typed(
    table: Table, peña: Peña, form: dict[str, str], message: str
) -> None:
    before = group_rows(table.app)
    page = table.read(table.client.post(f"/pena/{peña.manage}/temporadas", data=form))
    assert page.status == 422 and message in page.errors
    assert page.value("season-name") == form["season-name"]
    assert group_rows(table.app) == before


def test_taking_away_a_season_that_is_not_there_is_refused(table: Table, peña: Peña) -> None:
    before = group_rows(table.app)
    page = table.read(table.client.post(f"/pena/{peña.manage}/temporadas/quitar", data={"item": "12345"}))
    assert page.status == 422 and "no existe" in page.errors
    assert group_rows(table.app) == before


def test_head_to_head_counts_the_games_two_players_played_together(table: Table, peña: Peña) -> None:
    page = table.read(table.client.get(f"/pena/ver/{peña.look}?a=ana&b=Bea"))
    result = page.part("cara-a-cara")
    assert "Ana y Bea han jugado 2 partidas juntos" in page.text
    figures = dict(re.findall(r'<dd class="([a-z-]+)">(-?\d+)</dd>', result))
    # March: Bea 25 above Ana −10; June: Ana 30 above Bea 5.
    assert figures == {
        "first-above": "1",
        "second-above": "1",
        "level": "0",
        "first-points": "20",
        "second-points": "30",
    }
    in_2024 = table.read(table.client.get(f"/pena/ver/{peña.look}?temporada=2024&a=eva&b=bea"))
    assert "Eva y Bea han jugado 1 partida juntos" in in_2024.text
    never = table.read(table.client.get(f"/pena/ver/{peña.look}?a=eva&b=dani"))
    assert "no han jugado juntos ninguna partida" in never.text
    nobody = table.read(table.client.get(f"/pena/ver/{peña.look}?a=zoe&b=bea"))
    assert nobody.status == 200 and "cara-a-cara-resultado" not in nobody.html
