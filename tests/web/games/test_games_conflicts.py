"""Two phones at one game: the same tap twice lands once, a different value for the same step is refused with what is stored."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from support.table import NAMES4, Page, Table


@pytest.fixture
def other(game_app: Flask) -> Table:
    """A second phone at the same app, with a session of its own."""
    return Table(game_app, game_app.test_client())


def tricks_stage(table: Table) -> str:
    """A 4-player game (Ana deals) in the tricks stage of hand 1 (one card each): bids Bea 1, Carlos 0, Dani 0, Ana 1."""
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="3")
    table.ok(token, "pinta", 1, value="O")
    for seat, bid in ((1, 1), (2, 0), (3, 0), (0, 1)):
        table.ok(token, "apuesta", 1, seat, bid)
    return token


def fields_of(page: Page, action: str, seat: int) -> dict[str, str]:
    """The hidden fields of the ``action`` form for ``seat`` on ``page``, as the phone would send them."""
    for fields in page.forms(action):
        if fields.get("seat") == str(seat):
            return fields
    raise AssertionError(f"no {action} form for seat {seat}")


def send(table: Table, token: str, action: str, fields: dict[str, str], value: object) -> Page:
    """Submit one of the page's forms with the button ``value``."""
    return Page(table.client.post(f"/p/{token}/{action}", data={**fields, "value": str(value)}))


def test_the_tricks_forms_carry_what_the_page_shows(table: Table) -> None:
    token = tricks_stage(table)
    assert fields_of(table.page(token), "bazas", 1)["was"] == ""
    table.ok(token, "bazas", 1, 1, 2)
    assert fields_of(table.page(token), "bazas", 1)["was"] == "2"
    assert fields_of(table.page(token), "renuncio", 2)["was"] == "0"


def test_two_phones_giving_one_player_different_tricks_keep_the_first(table: Table, other: Table) -> None:
    token = tricks_stage(table)
    mine, theirs = table.page(token), other.page(token)
    assert send(table, token, "bazas", fields_of(mine, "bazas", 1), 2).status == 303
    before = table.snap(token).facts
    refused = send(other, token, "bazas", fields_of(theirs, "bazas", 1), 1)
    assert refused.status == 409
    assert refused.errors == "Otro móvil se ha adelantado: Bea ya tiene 2 bazas apuntadas. No se ha cambiado nada."
    assert fields_of(refused, "bazas", 1)["was"] == "2", "the refused phone's page is brought up to date"
    assert table.snap(token).facts == before
    assert table.snap(token).hand(1)["tricks"] == (None, 2, None, None)


def test_the_same_tricks_from_two_phones_land_once(table: Table, other: Table) -> None:
    token = tricks_stage(table)
    mine, theirs = table.page(token), other.page(token)
    assert send(table, token, "bazas", fields_of(mine, "bazas", 1), 2).status == 303
    version = table.snap(token).version
    assert send(other, token, "bazas", fields_of(theirs, "bazas", 1), 2).status == 303
    assert table.snap(token).version == version, "the second tap changed nothing"


def test_tricks_for_different_players_from_two_phones_both_land(table: Table, other: Table) -> None:
    token = tricks_stage(table)
    mine, theirs = table.page(token), other.page(token)
    assert send(table, token, "bazas", fields_of(mine, "bazas", 1), 2).status == 303
    assert send(other, token, "bazas", fields_of(theirs, "bazas", 2), 1).status == 303
    assert table.snap(token).hand(1)["tricks"] == (None, 2, 1, None)


def test_a_phone_may_change_its_own_tricks(table: Table) -> None:
    token = tricks_stage(table)
    assert send(table, token, "bazas", fields_of(table.page(token), "bazas", 1), 2).status == 303
    assert send(table, token, "bazas", fields_of(table.page(token), "bazas", 1), 3).status == 303
    assert table.snap(token).hand(1)["tricks"] == (None, 3, None, None)


def test_tricks_cleared_by_another_phone_are_not_written_back_unseen(table: Table, other: Table) -> None:
    token = tricks_stage(table)
    table.ok(token, "bazas", 1, 1, 2)
    stale = other.page(token)
    table.ok(token, "deshacer", 1)  # clears the tricks
    refused = send(other, token, "bazas", fields_of(stale, "bazas", 1), 3)
    assert refused.status == 409
    assert "Otro móvil ha borrado las bazas de Bea mientras tanto" in refused.errors


def test_two_bids_for_one_turn_keep_the_first_and_say_it(table: Table, other: Table) -> None:
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="3")
    table.ok(token, "pinta", 1, value="O")
    table.ok(token, "apuesta", 1, 1, 2)
    refused = other.stale(token, "apuesta", 1, 1, 3)
    assert refused.errors == "Otro móvil se ha adelantado: Bea ya ha pedido 2. No se ha cambiado nada."
    assert "¿Cuántas pide Carlos?" in refused.text, "the page asks for the next bid"


def test_two_trumps_at_once_keep_the_first(table: Table, other: Table) -> None:
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="3")
    theirs = other.page(token).forms("pinta")[0]
    assert theirs["was"] == ""
    table.ok(token, "pinta", 1, value="O")
    refused = Page(other.client.post(f"/p/{token}/pinta", data={**theirs, "value": "C"}))
    assert refused.status == 409
    assert refused.errors == "Otro móvil ya ha elegido la pinta: Oros. No se ha cambiado nada."
    assert table.snap(token).hand(1)["trump"] == "O"


def test_renuncio_taps_from_two_phones(table: Table, other: Table) -> None:
    token = tricks_stage(table)
    mine, theirs = table.page(token), other.page(token)
    assert send(table, token, "renuncio", fields_of(mine, "renuncio", 2), 1).status == 303
    assert (
        send(other, token, "renuncio", fields_of(theirs, "renuncio", 2), 1).status == 303
    )  # the same tap: one renuncio
    assert table.snap(token).hand(1)["renuncios"] == (0, 0, 1, 0)
    refused = send(other, token, "renuncio", fields_of(theirs, "renuncio", 2), 2)
    assert refused.status == 409
    assert "Carlos tiene ahora 1 renuncios" in refused.errors
    assert table.snap(token).hand(1)["renuncios"] == (0, 0, 1, 0)


def test_a_conflict_is_told_in_the_phones_language(table: Table, other: Table) -> None:
    token = tricks_stage(table)
    table.ok(token, "bazas", 1, 1, 2)
    response = other.client.post(
        f"/p/{token}/bazas", data={"hand": "1", "seat": "1", "value": "1", "was": ""}, headers={"Accept-Language": "en"}
    )
    assert response.status_code == 409
    assert "Another phone got there first: Bea already has 2 tricks written down." in Page(response).errors


# --- corrections -----------------------------------------------------------------------------


def saved_hand(table: Table) -> str:
    """A game of 3-card hands with hand 1 saved."""
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="3 3")
    table.play_hand(token, "O", [1, 1, 0, 0], [1, 1, 1, 0])
    return token


def test_a_correction_over_another_phones_correction_is_refused_and_shows_the_new_values(
    table: Table, other: Table
) -> None:
    token = saved_hand(table)
    theirs = other.correction_form(token, 1)
    assert table.correct(token, 1, {"bids-0": 0}).status_code == 303
    before = table.snap(token).facts
    response = other.client.post(f"/p/{token}/mano/1/corregir", data={**theirs, "bids-1": "0"})
    page = Page(response)
    assert page.status == 409
    assert "Otro móvil ha cambiado la partida mientras corregías" in page.errors
    assert page.value("bids-0") == "0" and page.value("bids-1") == "1", "the form shows what is stored now"
    assert table.snap(token).facts == before
    assert other.correct(token, 1, {"bids-1": "0"}).status_code == 303, "from the fresh form it goes through"


@pytest.mark.parametrize("fields", [3, 5])
def test_a_correction_with_the_wrong_number_of_players_is_refused(table: Table, fields: int) -> None:
    token = saved_hand(table)
    data = table.correction_form(token, 1)
    data = {k: v for k, v in data.items() if not re.fullmatch(r"\w+-[3-9]", k)}
    for seat in range(3, fields):
        data.update({f"bids-{seat}": "0", f"tricks-{seat}": "0", f"renuncios-{seat}": "0"})
    before = table.snap(token).facts
    page = Page(table.client.post(f"/p/{token}/mano/1/corregir", data=data))
    assert page.status == 422
    assert page.errors == "Faltan datos de algún jugador: vuelve a abrir la corrección."
    assert page.value("bids-3") == "0", "the form is drawn again for the four players"
    assert table.snap(token).facts == before
