"""Two spellings of one player merged in a peña, and the merge undone: the league counts them as one, then apart again.

Every test runs on SQLite and on PostgreSQL (the ``table`` fixture).
"""

from __future__ import annotations

import re

import pytest

from support.groups import Peña, add_game, finished_game, group_rows, make_peña, stored_group
from support.table import Table


def players_shown(table: Table, peña: Peña) -> dict[str, str]:
    """Each player of the league on the lookers' page, and the games they played."""
    html = table.client.get(f"/pena/ver/{peña.look}").get_data(as_text=True)
    found = re.findall(r'<span class="name">(.*?)</span>.*?<dd class="games">(\d+)</dd>', html, re.S)
    return dict(found)


def merge(table: Table, peña: Peña, name: str, into: str) -> Table:
    """POST the merge form."""
    return table.client.post(f"/pena/{peña.manage}/unir", data={"merge-name": name, "merge-into": into})


@pytest.fixture
def peña(table: Table) -> Peña:
    """A peña of two games: María José in one, written «Mª José» in the other, never at the same table."""
    made = make_peña(table.client, table.app)
    add_game(table.client, made, f"/p/{finished_game(table, ('María José', 'Bea', 'Carlos'))}")
    add_game(table.client, made, f"/p/{finished_game(table, ('Mª José', 'Bea', 'Dani'))}")
    return made


def test_a_merge_counts_both_spellings_as_one_player_and_undoing_it_counts_them_apart(table: Table, peña: Peña) -> None:
    assert players_shown(table, peña) == {"Bea": "2", "Carlos": "1", "Dani": "1", "María José": "1", "Mª José": "1"}
    response = merge(table, peña, "Mª José", "María José")
    assert response.status_code == 303 and response.headers["Location"].endswith("#nombres")
    assert players_shown(table, peña) == {"Bea": "2", "Carlos": "1", "Dani": "1", "María José": "2"}
    page = table.read(table.client.get(f"/pena/{peña.manage}"))
    assert "«Mª José» cuenta como «María José»" in page.text
    merge_id = re.search(r'action="/pena/[^"]+/separar">.*?name="item" value="(\d+)"', page.html, re.S)
    assert merge_id
    response = table.client.post(f"/pena/{peña.manage}/separar", data={"item": merge_id.group(1)})
    assert response.status_code == 303
    assert players_shown(table, peña) == {"Bea": "2", "Carlos": "1", "Dani": "1", "María José": "1", "Mª José": "1"}
    assert stored_group(table.app, peña)["merges"] == [("Mª José", "María José", True)], "made, then undone: both kept"
    assert merge(table, peña, "Mª José", "María José").status_code == 303, "merged again after the undo"
    assert "María José" in players_shown(table, peña) and "Mª José" not in players_shown(table, peña)


@pytest.mark.parametrize(
    ("name", "into", "message"),
    [
        ("Zoe", "Bea", "«Zoe» no ha jugado en esta peña"),
        ("Bea", "Nadie", "«Nadie» no ha jugado en esta peña"),
        ("Bea", "bea", "ya cuentan como el mismo jugador"),
        ("Bea", "Carlos", "jugaron juntos el"),
        ("", "Bea", "Elige un nombre"),
    ],
)
def test_a_merge_that_cannot_be_is_refused_with_the_reason_and_nothing_is_saved(
    table: Table, peña: Peña, name: str, into: str, message: str
) -> None:
    before = group_rows(table.app)
    page = table.read(merge(table, peña, name, into))
    assert page.status == 422 and message in page.errors
    assert group_rows(table.app) == before


def test_a_name_already_merged_must_be_undone_before_it_is_merged_elsewhere(table: Table, peña: Peña) -> None:
    assert merge(table, peña, "Mª José", "María José").status_code == 303
    before = group_rows(table.app)
    page = table.read(merge(table, peña, "Mª José", "Dani"))
    assert page.status == 422 and "ya cuenta como «María José»: deshaz esa unión primero" in page.errors
    assert group_rows(table.app) == before


@pytest.mark.parametrize("item", ["", "999999", "x", "1; DROP TABLE game"])
def test_undoing_a_merge_that_is_not_made_is_refused(table: Table, peña: Peña, item: str) -> None:
    before = group_rows(table.app)
    page = table.read(table.client.post(f"/pena/{peña.manage}/separar", data={"item": item}))
    assert page.status == 422 and "no está hecha" in page.errors
    assert group_rows(table.app) == before
