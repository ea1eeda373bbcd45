"""Odd keys in the game forms: a list entry numbered in other digits is not an entry, and never a crash."""

from __future__ import annotations

from support.table import NAMES4, Page, Table, new_game_form


def test_a_name_numbered_in_other_digits_is_no_name(table: Table) -> None:
    games = table.games()
    data = {**new_game_form(NAMES4[:2]), "names-²": "Carlos", "names-٣": "Dani", "names-99999999": "Eva"}
    page = Page(table.client.post("/partidas/nueva", data=data))
    assert page.status == 422
    assert "Carlos" not in page.html and "Dani" not in page.html and "Eva" not in page.html
    assert "3" in page.errors, "the count check says how many players a game needs"
    assert table.games() == games


def test_a_correction_numbered_in_other_digits_is_refused(table: Table) -> None:
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="3 3")
    table.play_hand(token, "O", [1, 1, 0, 0], [1, 1, 1, 0])
    data = table.correction_form(token, 1)
    data["bids-²"] = data.pop("bids-2")
    before = table.snap(token).facts
    page = Page(table.client.post(f"/p/{token}/mano/1/corregir", data=data))
    assert page.status == 422
    assert page.errors == "Faltan datos de algún jugador: vuelve a abrir la corrección."
    assert table.snap(token).facts == before
