"""Playing a hand on the game page: /p/<token> and its taps (pinta, apuesta, bazas, renuncio, deshacer, guardar)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from scorekeeper.engine import Suit, points, preset_rules
from scorekeeper.extensions import db
from scorekeeper.storage import store
from support.table import Seat

if TYPE_CHECKING:
    from support.table import Table

FOUR = ["Ana", "Bea", "Carlos", "Dani"]  # seats 0..3; Ana deals hand 1, so Bea is mano
RULES = preset_rules("a_medida")


def eight_card_game(table: Table, **options: object) -> str:
    """Four players, Ana deals first; hand 1 has 8 cards, then 2 and 10."""
    return table.start(FOUR, dealer=0, preset="a_medida", custom_sizes="8 2 10", **options)


def shown(points: int) -> str:
    """Points as the hand panel shows them, with their sign: +20, −5, 0."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def bid_three(table: Table, token: str) -> None:
    """Copas; Bea 4, Carlos 3, Dani 0: Ana, the dealer, has the last word (she may not bid 1)."""
    table.ok(token, "pinta", 1, value="C")
    table.ok(token, "apuesta", 1, 1, 4)
    table.ok(token, "apuesta", 1, 2, 3)
    table.ok(token, "apuesta", 1, 3, 0)


# --- the page of the hand --------------------------------------------------------------------


def test_the_page_shows_the_hand_number_cards_dealer_mano_and_order(table: Table) -> None:
    token = table.start(FOUR, dealer=2)
    page = table.page(token)
    assert page.title == "Mano 1 de 28 1 carta"
    assert page.role("Reparte") == "Carlos"
    assert page.role("Es mano") == "Dani"
    assert page.order == ["Dani", "Ana", "Bea", "Carlos"]
    assert page.line("prompt") == "¿Qué pinta?"
    assert set(page.buttons("pinta")) == {"O", "C", "E", "B"}
    assert "Aún no hay manos guardadas." in page.text


def test_the_deal_passes_to_the_next_player_every_hand(table: Table) -> None:
    token = table.start(FOUR, dealer=3)
    table.seed(token, ("O", [0, 0, 0, 0], [1, 0, 0, 0]), ("O", [0, 0, 0, 0], [1, 0, 0, 0]))
    page = table.page(token)
    assert page.title == "Mano 3 de 28 1 carta"
    assert page.role("Reparte") == "Bea"
    assert page.role("Es mano") == "Carlos"


def test_when_every_card_is_dealt_the_dealer_shows_the_trump(table: Table) -> None:
    token = table.start(FOUR, preset="ludoteka_maximo")
    page = table.page(token)
    assert page.title == "Mano 1 de 4 10 cartas"
    assert "(la última carta de quien reparte)" in page.text


def test_the_trump_is_shown_once_said(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="E")
    page = table.page(token)
    assert page.role("Pinta") == "Espadas"
    assert page.line("prompt") == "¿Cuántas pide Bea?"
    assert page.line("balance") == "Pedidas 0 de 8"


def test_a_trump_that_is_not_a_suit_is_refused(table: Table) -> None:
    token = eight_card_game(table)
    for value in ("X", "", "oros", "1"):
        page = table.refused(token, "pinta", 1, value=value)
        assert (page.status, page.errors) == (422, "Elige oros, copas, espadas o bastos"), value
    page = table.refused(token, "pinta", 1, value="-")  # no trump: only in a sin triunfo hand
    assert page.errors == "Falta la pinta de la mano 1"


def test_a_lower_case_suit_letter_is_read(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="o")
    assert table.snap(token).hand(1)["trump"] == "O"


# --- bids ------------------------------------------------------------------------------------


def test_bids_go_round_from_la_mano_with_the_balance(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="C")
    table.ok(token, "apuesta", 1, 1, 4)
    page = table.page(token)
    assert page.seats == [
        Seat("Bea", bid="4", total="0", would=shown(points(RULES, 8, Suit.COPAS, 4, 4))),
        Seat("Carlos", total="0", note="le toca"),
        Seat("Dani", total="0"),
        Seat("Ana", total="0"),
    ]
    assert page.line("balance") == "Pedidas 4 de 8"
    assert page.line("prompt") == "¿Cuántas pide Carlos?"
    table.ok(token, "apuesta", 1, 2, 6)
    assert table.page(token).line("balance") == "Pedidas 10 de 8"
    table.ok(token, "apuesta", 1, 3, 0)
    assert table.page(token).line("balance") == "Pedidas 10 de 8"
    assert table.snap(token).hand(1)["bids"] == (None, 4, 6, 0)


def test_the_forbidden_bid_is_disabled_and_explained_before_the_tap(table: Table) -> None:
    token = eight_card_game(table)
    bid_three(table, token)
    page = table.page(token)
    assert page.line("prompt") == "¿Cuántas pide Ana?"
    assert page.line("balance") == "Pedidas 7 de 8", "a count, never advice next to the forbidden bid"
    assert page.buttons("apuesta") == {str(n): n != 1 for n in range(9)}
    assert page.line("forbidden") == "Ana no puede pedir 1: la suma sería 8 de 8"
    assert 'disabled aria-describedby="forbidden-reason"' in page.html


def test_the_forbidden_bid_is_refused_naming_the_dealer(table: Table) -> None:
    token = eight_card_game(table)
    bid_three(table, token)
    page = table.refused(token, "apuesta", 1, 0, 1)
    assert page.status == 422
    assert page.errors == "Ana no puede pedir 1: la suma sería 8 de 8"
    assert page.line("prompt") == "¿Cuántas pide Ana?", "the page shows the same question again"


def test_only_the_dealer_has_a_forbidden_bid(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="C")
    table.ok(token, "apuesta", 1, 1, 8)  # Bea asks for all 8: nobody after her is restricted by that
    page = table.page(token)
    assert page.line("balance") == "Pedidas 8 de 8"
    assert all(page.buttons("apuesta").values())
    table.ok(token, "apuesta", 1, 2, 0)
    table.ok(token, "apuesta", 1, 3, 0)
    page = table.page(token)
    assert page.buttons("apuesta")["0"] is False, "0 would make 8 of 8"
    assert "Ana no puede pedir 0: la suma sería 8 de 8" in page.text


def test_no_forbidden_bid_when_the_bids_already_pass_the_cards(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="C")
    for seat, bid in ((1, 5), (2, 4), (3, 0)):
        table.ok(token, "apuesta", 1, seat, bid)
    page = table.page(token)
    assert all(page.buttons("apuesta").values())
    assert page.line("forbidden") == ""


def test_one_card_hands_keep_the_forbidden_bid_in_the_classic_rules(table: Table) -> None:
    token = table.start(FOUR, dealer=0)
    table.ok(token, "pinta", 1, value="O")
    for seat in (1, 2, 3):
        table.ok(token, "apuesta", 1, seat, 0)
    assert table.page(token).buttons("apuesta") == {"0": True, "1": False}
    table.refused(token, "apuesta", 1, 0, 1)


def test_ludoteka_lifts_the_forbidden_bid_in_one_card_hands(table: Table) -> None:
    token = table.start(FOUR, dealer=0, preset="ludoteka")
    table.ok(token, "pinta", 1, value="O")
    for seat in (1, 2, 3):
        table.ok(token, "apuesta", 1, seat, 0)
    assert table.page(token).buttons("apuesta") == {"0": True, "1": True}
    table.ok(token, "apuesta", 1, 0, 1)
    assert table.snap(token).stage == "tricks"


BAD_BIDS = {
    "x": "«x» no es un número válido de bazas",
    "": "«» no es un número válido de bazas",
    "-1": "«-1» no es un número válido de bazas",
    "2.5": "«2.5» no es un número válido de bazas",
    "9": "Bea: la apuesta debe ser de 0 a 8 bazas",
    "11": "Bea: la apuesta debe ser de 0 a 8 bazas",
    "²": "«²» no es un número válido de bazas",
    "٣": "«٣» no es un número válido de bazas",
    "３": "«３» no es un número válido de bazas",
    "123": "«123» no es un número válido de bazas",
}


def test_a_bid_that_is_not_a_number_of_tricks_is_refused(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="C")
    for value, message in BAD_BIDS.items():
        page = table.refused(token, "apuesta", 1, 1, value)
        assert (page.status, page.errors) == (422, message), value
        assert page.line("prompt") == "¿Cuántas pide Bea?"


def test_a_bid_of_eleven_with_ten_cards_is_refused(table: Table) -> None:
    token = table.start(FOUR, dealer=0, preset="ludoteka_maximo")
    table.ok(token, "pinta", 1, value="B")
    page = table.refused(token, "apuesta", 1, 1, 11)
    assert page.errors == "Bea: la apuesta debe ser de 0 a 10 bazas"
    table.ok(token, "apuesta", 1, 1, 10)


def test_a_bid_without_a_real_seat_is_refused(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="C")
    assert table.refused(token, "apuesta", 1, None, 3).errors == "Falta el jugador"
    for seat in ("x", 9, -1):
        assert table.refused(token, "apuesta", 1, seat, 3).status == 400, seat


def test_a_huge_number_is_refused_without_being_read(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="C")
    huge = "9" * 5000
    assert table.refused(token, "apuesta", 1, 1, huge).status == 400, "too long for a tap's value"
    for field in ("hand", "seat", "version"):
        data = {"hand": "1", "seat": "1", "value": "2", field: huge}
        before = table.snap(token).facts
        assert table.client.post(f"/p/{token}/apuesta", data=data).status_code == 400, field
        assert table.snap(token).facts == before


@pytest.mark.parametrize("digit", ["²", "٣", "５", "Ⅻ"])
def test_the_hand_and_seat_take_ascii_digits_only(table: Table, digit: str) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="C")
    assert table.refused(token, "apuesta", digit, 1, 2).status == 400
    assert table.refused(token, "apuesta", 1, digit, 2).status == 400


def test_a_seat_beyond_the_table_is_refused(table: Table) -> None:
    token = table.start(FOUR[:3], dealer=0)
    table.ok(token, "pinta", 1, value="C")
    page = table.refused(token, "apuesta", 1, 4, 0)
    assert page.errors == "Ese jugador no está en la partida"


def test_a_bid_out_of_turn_changes_nothing(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="C")
    page = table.stale(token, "apuesta", 1, 3, 2)  # Dani, but Bea bids first
    assert "Ahora le toca apostar a Bea" in page.errors


def test_a_bid_before_the_trump_changes_nothing(table: Table) -> None:
    token = eight_card_game(table)
    assert "Ahora no se apuesta" in table.stale(token, "apuesta", 1, 1, 2).errors


def test_the_same_bid_twice_is_harmless(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="C")
    table.ok(token, "apuesta", 1, 1, 4)
    before = table.snap(token).facts
    table.ok(token, "apuesta", 1, 1, 4)
    assert table.snap(token).facts == before
    table.ok(token, "apuesta", 1, 2, 3)
    table.ok(token, "apuesta", 1, 1, 4)  # a late double tap, after the next bid
    assert table.snap(token).hand(1)["bids"] == (None, 4, 3, None)


def test_the_same_trump_twice_is_harmless_and_a_new_one_waits_for_undo(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="C")
    table.ok(token, "pinta", 1, value="C")
    table.ok(token, "pinta", 1, value="O")  # no bids yet: the trump may still change
    assert table.snap(token).hand(1)["trump"] == "O"
    table.ok(token, "apuesta", 1, 1, 2)
    assert "Ya hay apuestas: deshazlas para cambiar la pinta" in table.stale(token, "pinta", 1, value="E").errors


# --- tricks ----------------------------------------------------------------------------------


def all_bids(table: Table, token: str) -> None:
    """Hand 1 of the eight-card game bid: Bea 4, Carlos 3, Dani 0, Ana 2 (9 of 8)."""
    bid_three(table, token)
    table.ok(token, "apuesta", 1, 0, 2)


def test_during_the_bids_each_row_says_what_its_player_gets_if_they_make_it(table: Table) -> None:
    token = eight_card_game(table)
    bid_three(table, token)
    html = table.page(token).html
    for bid in (4, 3, 0):
        assert (
            f'<span class="stat stat-would">si la hace <b>{shown(points(RULES, 8, Suit.COPAS, bid, bid))}</b>' in html
        )
    assert html.count("stat-would") == 3, "Ana has not bid yet"
    assert '<span class="stat stat-total">total <b>0</b></span>' in html


def test_tricks_are_asked_in_bidding_order_with_what_each_bid(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    page = table.page(token)
    assert page.line("balance") == "Pedidas 9 de 8"
    assert page.line("left") == "Quedan 8 bazas"
    assert [(seat.name, seat.bid, seat.would) for seat in page.seats] == [
        (name, str(bid), "") for name, bid in (("Bea", 4), ("Carlos", 3), ("Dani", 0), ("Ana", 2))
    ], "no guess at what the hand gives before a player's tricks"
    table.ok(token, "bazas", 1, 1, 4)
    said = table.page(token).html
    assert f'<span class="stat stat-would">esta mano <b>{shown(points(RULES, 8, Suit.COPAS, 4, 4))}</b>' in said
    assert said.count("stat-would") == 1, "only Bea's tricks are known"
    assert [form["seat"] for form in page.forms("bazas")] == ["1", "2", "3", "0"]


def test_tricks_left_and_the_last_player_filled_in(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    table.ok(token, "bazas", 1, 1, 4)
    assert table.page(token).line("left") == "Quedan 4 bazas"
    table.ok(token, "bazas", 1, 2, 3)
    page = table.page(token)
    assert page.line("left") == "Queda 1 baza"
    assert "se rellena" not in page.text
    assert 'class="button button-big" disabled' in page.html, "not ready to save: two players are missing"
    table.ok(token, "bazas", 1, 3, 0)
    page = table.page(token)
    assert page.seat("Ana") == Seat("Ana", "2", "0", shown(points(RULES, 8, Suit.COPAS, 2, 1)), "se rellena: 1")
    assert 'class="button button-big">' in page.html, "ready to save"
    assert table.snap(token).hand(1)["tricks"] == (None, 4, 3, 0)


def test_tricks_that_are_not_a_number_of_tricks_are_refused(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    for value, message in (
        ("-1", "«-1» no es un número válido de bazas"),
        ("x", "«x» no es un número válido de bazas"),
        ("9", "Las bazas de cada jugador van de 0 a 8"),
    ):
        assert table.refused(token, "bazas", 1, 1, value).errors == message, value


def test_tricks_adding_up_past_the_cards_are_refused_on_the_tap(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    table.ok(token, "bazas", 1, 1, 6)
    page = table.refused(token, "bazas", 1, 2, 3)
    assert page.errors == "Las bazas suman 9 y en esta mano hay 8"
    assert page.line("left") == "Quedan 2 bazas"


def test_tricks_short_of_the_cards_are_refused_on_the_last_tap(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    for seat, won in ((1, 4), (2, 2), (3, 0)):
        table.ok(token, "bazas", 1, seat, won)
    page = table.refused(token, "bazas", 1, 0, 1)
    assert page.errors == "Las bazas suman 7 y en esta mano hay 8"


def test_when_the_others_took_every_trick_the_last_is_filled_with_none(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    for seat, won in ((1, 4), (2, 3), (3, 1)):
        table.ok(token, "bazas", 1, seat, won)
    page = table.page(token)
    assert page.line("left") == "Todas repartidas"
    assert page.seat("Ana") == Seat("Ana", "2", "0", shown(points(RULES, 8, Suit.COPAS, 2, 0)), "se rellena: 0")
    table.ok(token, "guardar", 1)
    assert table.snap(token).hand(1)["tricks"] == (0, 4, 3, 1)


def test_tricks_before_the_bids_are_done_change_nothing(table: Table) -> None:
    token = eight_card_game(table)
    bid_three(table, token)
    assert "Faltan apuestas antes de apuntar las bazas" in table.stale(token, "bazas", 1, 1, 4).errors


def test_tricks_can_be_changed_before_saving(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    table.ok(token, "bazas", 1, 1, 5)
    table.ok(token, "bazas", 1, 1, 4)
    assert table.snap(token).hand(1)["tricks"] == (None, 4, None, None)


# --- saving ----------------------------------------------------------------------------------


def test_saving_puts_the_hand_on_the_sheet_with_its_points(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    for seat, won in ((1, 4), (2, 3), (3, 0)):
        table.ok(token, "bazas", 1, seat, won)
    response = table.ok(token, "guardar", 1)
    assert response.headers["Location"] == f"/p/{token}#hoja"
    page = table.page(token)
    assert "Mano 1 guardada." in page.flashes
    # Ana bid 2 took 1: −5; Bea 4 of 4: 10 + 20; Carlos 3 of 3: 10 + 15; Dani 0 of 0: 10.
    assert page.points(1) == [-5, 30, 25, 10]
    assert page.totals == [-5, 30, 25, 10]
    assert page.sheet[0][0] == "1 8 · Copas"
    assert page.sheet[0][1] == "2(1)", "a missed bid shows the tricks taken"
    assert "Fallos 1 0 0 0" in page.text
    assert page.title == "Mano 2 de 3 2 cartas"
    assert page.role("Reparte") == "Bea"
    assert table.snap(token).hand(1)["tricks"] == (1, 4, 3, 0), "the last player's tricks are stored"


def test_totals_run_from_hand_to_hand(table: Table) -> None:
    token = eight_card_game(table)
    table.seed(token, ("C", [2, 4, 3, 0], [1, 4, 3, 0]))
    # hand 2: 2 cards, Bea deals, Carlos is mano
    table.play_hand(token, "O", [0, 1, 1, 1], [0, 0, 1, 1])
    expected = [
        points(RULES, 8, Suit.COPAS, b, t) + points(RULES, 2, Suit.OROS, b2, t2)
        for b, t, b2, t2 in zip([2, 4, 3, 0], [1, 4, 3, 0], [0, 1, 1, 1], [0, 0, 1, 1])
    ]
    assert expected == [-5 + 10, 30 - 5, 25 + 15, 10 + 15]
    page = table.page(token)
    assert page.totals == expected
    assert page.totals_of(1) == [-5, 30, 25, 10]


def test_saving_before_every_trick_is_known_is_refused(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    table.ok(token, "bazas", 1, 1, 4)
    page = table.refused(token, "guardar", 1)
    assert page.errors == "Faltan las bazas de Ana, Carlos, Dani"


def test_saving_before_the_bids_is_refused(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="C")
    page = table.refused(token, "guardar", 1)
    assert page.errors == "Faltan la pinta o alguna apuesta"


def test_saving_twice_is_harmless_and_says_so(table: Table) -> None:
    token = eight_card_game(table)
    table.play_hand(token, "C", [2, 4, 3, 0], [1, 4, 3, 0])
    page = table.stale(token, "guardar", 1)
    assert "La mano 1 ya estaba guardada" in page.errors
    assert len(page.sheet) == 1
    assert page.title == "Mano 2 de 3 2 cartas"


def test_a_refresh_after_a_tap_saves_nothing_again(table: Table) -> None:
    token = eight_card_game(table)
    table.play_hand(token, "C", [2, 4, 3, 0], [1, 4, 3, 0], save=False)
    response = table.ok(token, "guardar", 1)
    assert response.status_code == 303, "POST, then redirect, then GET"
    before = table.snap(token).facts
    for _ in range(3):
        table.client.get(response.headers["Location"])
    assert table.snap(token).facts == before
    assert len(table.page(token).sheet) == 1


# --- an old page -----------------------------------------------------------------------------


TAP_VALUES = {"pinta": "E", "apuesta": 1, "bazas": 1, "renuncio": 1, "deshacer": None, "guardar": None}


def test_a_tap_from_the_page_of_another_hand_changes_nothing(table: Table) -> None:
    token = eight_card_game(table)
    table.seed(token, ("C", [2, 4, 3, 0], [1, 4, 3, 0]))
    table.ok(token, "pinta", 2, value="O")
    for tap, value in TAP_VALUES.items():
        first = table.stale(token, tap, 1, 1, value)
        if tap == "guardar":
            assert "La mano 1 ya estaba guardada" in first.errors
        else:
            assert "Esa pantalla era de la mano 1; ahora se juega la mano 2" in first.errors, tap
        assert first.title == "Mano 2 de 3 2 cartas", "the page is brought up to date"
        assert (
            "Esa pantalla era de la mano 3; ahora se juega la mano 2" in table.stale(token, tap, 3, 1, value).errors
        ), tap


def test_a_tap_without_a_real_hand_number_is_refused(table: Table) -> None:
    token = eight_card_game(table)
    for hand in (None, "", "x", "0", "1000"):
        page = table.refused(token, "pinta", hand, value="O")
        assert (page.status, page.errors) == (400, "Ese dato no vale: vuelve a intentarlo desde esta pantalla."), hand


def test_a_tap_after_the_end_of_the_game_changes_nothing(table: Table) -> None:
    token = table.start(FOUR[:3], dealer=0, preset="a_medida", custom_sizes="1")
    table.seed(token, ("O", [1, 1, 0], [0, 1, 0]))
    assert table.snap(token).plan is None
    for tap, value in TAP_VALUES.items():
        first = table.stale(token, tap, 1, 1, value)
        assert ("La mano 1 ya estaba guardada" if tap == "guardar" else "La partida ya ha terminado") in first.errors, (
            tap
        )
        assert "La partida ya ha terminado" in table.stale(token, tap, 2, 1, value).errors, tap


# --- every tap answers 303 -------------------------------------------------------------------


def test_every_successful_tap_answers_303_back_to_the_hand(table: Table) -> None:
    token = eight_card_game(table)
    taps = [
        ("pinta", None, "C"),
        ("apuesta", 1, 4),
        ("apuesta", 2, 3),
        ("apuesta", 3, 0),
        ("apuesta", 0, 2),
        ("renuncio", 2, 1),
        ("renuncio", 2, 0),
        ("bazas", 1, 4),
        ("deshacer", None, None),
        ("bazas", 1, 4),
        ("bazas", 2, 3),
        ("bazas", 3, 0),
    ]
    for tap, seat, value in taps:
        response = table.tap(token, tap, 1, seat, value)
        assert (response.status_code, response.headers["Location"]) == (303, f"/p/{token}#mano"), tap
    response = table.tap(token, "guardar", 1)
    assert (response.status_code, response.headers["Location"]) == (303, f"/p/{token}#hoja")


def test_taps_are_posts_only(table: Table) -> None:
    token = eight_card_game(table)
    for tap in ("pinta", "apuesta", "bazas", "renuncio", "deshacer", "guardar"):
        assert table.client.get(f"/p/{token}/{tap}").status_code == 405


# --- renuncios -------------------------------------------------------------------------------


def played_with_renuncios(table: Table, token: str, marks: dict[int, int]) -> None:
    """Hand 1 of the eight-card game, with ``marks`` (seat: renuncios) tapped, then saved."""
    all_bids(table, token)
    for seat, count in marks.items():
        for done in range(count):
            table.ok(token, "renuncio", 1, seat, done + 1)
    for seat, won in ((1, 4), (2, 3), (3, 0)):
        table.ok(token, "bazas", 1, seat, won)
    table.ok(token, "guardar", 1)


def test_a_renuncio_costs_fifty_points_by_default(table: Table) -> None:
    token = eight_card_game(table)
    played_with_renuncios(table, token, {2: 1, 3: 2})
    page = table.page(token)
    assert page.points(1) == [-5, 30, 25 - 50, 10 - 100]
    assert page.sheet[0][7] == "3R", "the sheet marks the renuncio"
    assert page.totals == [-5, 30, -25, -90]


def test_the_agreed_renuncio_penalty_is_honoured(table: Table) -> None:
    token = eight_card_game(table, renuncio_penalty=30)
    all_bids(table, token)
    assert "Renuncio: quien rompe las reglas del carteo pierde 30 puntos en esta mano." in table.page(token).text
    table.play_hand(token, None, [], [1, 4, 3, 0], save=False)
    table.ok(token, "renuncio", 1, 1, 1)
    table.ok(token, "guardar", 1)
    assert table.page(token).points(1) == [-5, 30 - 30, 25, 10]


def test_a_renuncio_tap_says_the_new_count_so_a_double_tap_counts_once(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    table.ok(token, "bazas", 1, 1, 4)
    table.ok(token, "renuncio", 1, 1, 1)
    table.ok(token, "renuncio", 1, 1, 1)  # the same tap sent twice
    page = table.page(token)
    would = points(RULES, 8, Suit.COPAS, 4, 4, renuncios=1)
    assert page.seat("Bea") == Seat("Bea", bid="4", total="0", would=shown(would), note="1 renuncio")
    assert 'value="2" aria-label="Renuncio de Bea"' in page.html, "Bea's renuncio button now asks for the second"


def test_a_renuncio_count_out_of_range_is_refused(table: Table) -> None:
    token = eight_card_game(table)
    for value in ("-1", "21", "x"):
        table.refused(token, "renuncio", 1, 1, value)


def test_a_renuncio_can_be_taken_back(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    table.ok(token, "renuncio", 1, 1, 1)
    table.ok(token, "renuncio", 1, 1, 2)
    page = table.page(token)
    assert page.seat("Bea").note == "2 renuncios"
    assert 'value="1" aria-label="Quitar un renuncio de Bea"' in page.html
    assert 'aria-label="Quitar un renuncio de Ana"' not in page.html
    table.ok(token, "renuncio", 1, 1, 1)
    assert table.page(token).seat("Bea").note == "1 renuncio"
    table.ok(token, "renuncio", 1, 1, 0)
    table.ok(token, "renuncio", 1, 1, 0)  # the "−" sent twice: still none
    assert table.snap(token).hand(1)["renuncios"] == (0, 0, 0, 0)


def test_a_renuncio_for_nobody_is_refused(table: Table) -> None:
    token = eight_card_game(table)
    table.refused(token, "renuncio", 1, None, 1)
    table.refused(token, "renuncio", 1, 7, 1)


# --- undo ------------------------------------------------------------------------------------


def test_undo_takes_back_each_tap_in_the_order_it_was_made(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    table.ok(token, "bazas", 1, 2, 3)
    table.ok(token, "bazas", 1, 1, 4)
    table.ok(token, "bazas", 1, 1, 5)  # Bea's changed
    for tricks in ((None, 4, 3, None), (None, None, 3, None), (None, None, None, None)):
        table.ok(token, "deshacer", 1)
        assert table.snap(token).hand(1)["tricks"] == tricks
        assert table.snap(token).stage == "tricks"
    expected_bids = [(None, 4, 3, 0), (None, 4, 3, None), (None, 4, None, None), (None, None, None, None)]
    for bids in expected_bids:
        table.ok(token, "deshacer", 1)
        assert table.snap(token).hand(1)["bids"] == bids
        assert table.snap(token).hand(1)["trump"] == "C"
    assert table.page(token).line("prompt") == "¿Cuántas pide Bea?"
    table.ok(token, "deshacer", 1)
    assert table.snap(token).hand(1)["trump"] is None
    assert table.page(token).line("prompt") == "¿Qué pinta?"
    before = table.snap(token).facts
    table.ok(token, "deshacer", 1)  # nothing left to undo
    assert table.snap(token).facts == before


def test_undo_takes_back_a_renuncio_when_it_was_the_last_tap(table: Table) -> None:
    token = eight_card_game(table)
    table.ok(token, "pinta", 1, value="C")
    table.ok(token, "renuncio", 1, 2, 1)
    table.ok(token, "apuesta", 1, 1, 2)
    table.ok(token, "deshacer", 1)
    assert table.snap(token).hand(1)["renuncios"] == (0, 0, 1, 0), "the bid was the last tap"
    table.ok(token, "deshacer", 1)
    assert table.snap(token).hand(1)["renuncios"] == (0, 0, 0, 0)
    assert table.snap(token).hand(1)["trump"] == "C"


def test_undo_in_a_hand_stored_without_its_steps_goes_by_the_order_of_the_table(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    table.ok(token, "bazas", 1, 2, 3)
    table.ok(token, "bazas", 1, 1, 4)
    with table.app.app_context():  # as a hand stored before the steps were kept
        game = store.find_game(token)
        assert game is not None
        game.hands[0].steps = None
        db.session.commit()
    table.ok(token, "deshacer", 1)
    assert table.snap(token).hand(1)["tricks"] == (None, 4, None, None), "Carlos's tricks come after Bea's at the table"


def test_undo_never_reopens_a_saved_hand(table: Table) -> None:
    token = eight_card_game(table)
    table.seed(token, ("C", [2, 4, 3, 0], [1, 4, 3, 0]))
    table.ok(token, "deshacer", 2)
    assert table.snap(token).hand(1)["complete"] is True
    assert table.snap(token).number == 2


# --- unknown games ---------------------------------------------------------------------------


def test_an_unknown_game_is_a_friendly_404_in_spanish(table: Table) -> None:
    for token in ("no-existe", "x" * 22, "x" * 80, "%00"):
        page = table.read(table.client.get(f"/p/{token}"))
        assert page.status == 404, token
        assert "Esta página no existe" in page.text
        assert "Puede que el enlace esté mal escrito o que la partida ya no exista." in page.text


def test_a_tap_on_an_unknown_game_is_a_404(table: Table) -> None:
    games = table.games()
    for tap in ("pinta", "subasta", "apuesta", "bazas", "renuncio", "deshacer", "guardar"):
        page = table.read(table.tap("no-existe", tap, 1, 0, 1))
        assert page.status == 404, tap
        assert "Esta página no existe" in page.text
    assert table.games() == games


def test_an_unknown_game_is_not_added_to_the_phone(table: Table) -> None:
    table.client.get("/p/no-existe")
    assert "Partidas en este móvil" not in table.read(table.client.get("/")).text


def test_a_second_undo_from_the_same_page_does_nothing(table: Table) -> None:
    token = eight_card_game(table)
    all_bids(table, token)
    version = table.snap(token).version
    first = table.client.post(f"/p/{token}/deshacer", data={"hand": 1, "version": version})
    assert first.status_code == 303
    after_one = table.snap(token).facts
    second = table.stale(token, "deshacer", 1, version=version)
    assert table.snap(token).facts == after_one, "the double tap undid a second step"
    assert "Esa pantalla no estaba al día" in second.errors


def test_a_stale_page_cannot_change_a_trump_already_said(table: Table) -> None:
    token = eight_card_game(table)
    version = table.snap(token).version
    table.client.post(f"/p/{token}/pinta", data={"hand": 1, "value": "C", "version": version})
    stale = table.stale(token, "pinta", 1, value="O", version=version)
    assert "Otro móvil ya ha elegido la pinta: Copas" in stale.errors
    assert table.snap(token).hand(1)["trump"] == "C"


def test_the_language_switch_after_a_refused_tap_comes_back_to_the_game(table: Table) -> None:
    token = eight_card_game(table)
    response = table.client.post(
        f"/p/{token}/apuesta",
        data={"hand": 1, "seat": 1, "value": "x"},
        headers={"Referer": f"http://localhost/p/{token}"},
    )
    assert response.status_code == 422
    assert f'name="next" value="/p/{token}"' in response.get_data(as_text=True)
