"""Special hands on the game page: indias, subastado (the auction), mano de oro, sin triunfo; multipliers and la pocha."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from scorekeeper.engine import Suit, points, preset_rules

if TYPE_CHECKING:
    from support.table import Table

FOUR = ["Ana", "Bea", "Carlos", "Dani"]
THREE = ["Ana", "Bea", "Carlos"]


# --- indias ----------------------------------------------------------------------------------


def test_indias_are_labelled_and_scored_as_usual(table: Table) -> None:
    token = table.start(FOUR, dealer=0, preset="corta", indias="1")
    page = table.page(token)
    assert page.title == "Mano 1 de 22 1 carta"
    assert "Indias: cada uno se pone su carta en la frente sin mirarla y pide viendo las de los demás." in page.text
    table.play_hand(token, "O", [0, 0, 0, 0], [0, 1, 0, 0])  # nobody thinks they win it; Bea does
    page = table.page(token)
    assert page.sheet[0][0] == "1 1 · Oros · Indias"
    assert page.points(1) == [10, -5, 10, 10]
    assert "Indias" not in page.title + page.line("special")


def test_indias_at_the_end_add_a_one_card_hand(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="2", indias="fin")
    plans = table.snap(token).sheet.plans
    assert [(p.cards, p.kind.value) for p in plans] == [(2, "normal"), (1, "indias")]


# --- subastado -------------------------------------------------------------------------------


def auction_game(table: Table) -> str:
    """Four players, one hand of 10 cards played as subastado; Ana deals, Bea is mano."""
    return table.start(FOUR, dealer=0, preset="a_medida", custom_sizes="10", subastado="1")


def test_the_auction_goes_round_from_la_mano(table: Table) -> None:
    token = auction_game(table)
    page = table.page(token)
    assert "Subastado: no se pinta: se subasta quién elige la pinta." in page.text
    assert page.line("prompt") == "¿Cuántas pediría Bea?"
    assert 'action="/p/' + token + '/pinta"' not in page.html, "no trump before the auction"
    table.ok(token, "subasta", 1, 1, 3)
    page = table.page(token)
    assert "Bea: 3" in page.text
    assert page.line("prompt") == "¿Cuántas pediría Carlos?"


def test_an_offer_out_of_turn_or_out_of_range_changes_nothing(table: Table) -> None:
    token = auction_game(table)
    before = table.snap(token).facts
    assert "Ahora no le toca a ese jugador" in table.stale(token, "subasta", 1, 2, 4).errors  # Carlos, before Bea
    page = table.refused(token, "subasta", 1, 1, 11)
    assert page.errors == "En la subasta se piden de 0 a 10 bazas"
    page = table.refused(token, "subasta", 1, 1, "x")
    assert page.errors == "«x» no es un número válido de bazas"
    assert "Primero, la subasta" in table.stale(token, "pinta", 1, value="O").errors  # no trump during the auction
    assert table.snap(token).facts == before


def test_the_highest_offer_wins_ties_to_the_nearest_after_the_dealer(table: Table) -> None:
    token = auction_game(table)
    for seat, offer in ((1, 3), (2, 5), (3, 5), (0, 4)):
        table.ok(token, "subasta", 1, seat, offer)
    page = table.page(token)
    assert page.line("prompt") == "Carlos gana la subasta con 5: elige la pinta."
    assert page.role("Es mano") == "Carlos"
    assert page.order == ["Carlos", "Dani", "Ana", "Bea"]


def test_the_dealer_loses_a_tie_to_everybody(table: Table) -> None:
    token = auction_game(table)
    for seat in (1, 2, 3, 0):
        table.ok(token, "subasta", 1, seat, 4 if seat in (0, 3) else 2)
    assert table.page(token).line("prompt") == "Dani gana la subasta con 4: elige la pinta."


def test_the_winner_chooses_trump_keeps_the_bid_and_the_last_has_the_forbidden_bid(table: Table) -> None:
    token = auction_game(table)
    for seat, offer in ((1, 3), (2, 5), (3, 5), (0, 4)):
        table.ok(token, "subasta", 1, seat, offer)
    table.ok(token, "pinta", 1, value="E")
    snap = table.snap(token)
    assert snap.hand(1)["bids"] == (None, None, 5, None), "Carlos keeps the 5 he offered"
    page = table.page(token)
    assert page.role("Pinta") == "Espadas"
    assert page.seat("Carlos").bid == "5"
    assert page.line("prompt") == "¿Cuántas pide Dani?"
    table.ok(token, "apuesta", 1, 3, 2)
    table.ok(token, "apuesta", 1, 0, 1)
    page = table.page(token)
    assert page.line("prompt") == "¿Cuántas pide Bea?"
    assert page.buttons("apuesta")["2"] is False
    assert page.line("forbidden") == "Bea no puede pedir 2: la suma sería 10 de 10"
    table.refused(token, "apuesta", 1, 1, 2)
    table.ok(token, "apuesta", 1, 1, 0)
    assert [form["seat"] for form in table.page(token).forms("bazas")] == ["2", "3", "0", "1"]
    table.play_hand(token, None, [], [2, 1, 5, 2])
    rules = preset_rules("a_medida")
    expected = [points(rules, 10, Suit.ESPADAS, b, t) for b, t in zip([1, 0, 5, 2], [2, 1, 5, 2])]
    assert expected == [-5, -5, 35, 20]
    page = table.page(token)
    assert page.totals == expected
    assert page.sheet[0][0] == "1 10 · Espadas · Subastado"


def test_the_winner_cannot_bid_again_and_the_others_cannot_change_it(table: Table) -> None:
    token = auction_game(table)
    for seat, offer in ((1, 3), (2, 5), (3, 5), (0, 4)):
        table.ok(token, "subasta", 1, seat, offer)
    table.ok(token, "pinta", 1, value="E")
    page = table.stale(token, "apuesta", 1, 2, 4)  # Carlos trying another bid: his stays
    assert "Carlos ya ha pedido 5" in page.errors


def test_undo_in_the_subastado_goes_back_through_bids_trump_and_offers(table: Table) -> None:
    token = auction_game(table)
    for seat, offer in ((1, 3), (2, 5), (3, 5), (0, 4)):
        table.ok(token, "subasta", 1, seat, offer)
    table.ok(token, "pinta", 1, value="E")
    table.ok(token, "apuesta", 1, 3, 2)
    table.ok(token, "deshacer", 1)
    assert table.snap(token).hand(1)["bids"] == (None, None, 5, None), "the winner's bid stays with the trump"
    table.ok(token, "deshacer", 1)
    hand = table.snap(token).hand(1)
    assert (hand["trump"], hand["bids"]) == (None, (None, None, None, None))
    assert table.page(token).line("prompt") == "Carlos gana la subasta con 5: elige la pinta."
    table.ok(token, "deshacer", 1)
    assert table.snap(token).hand(1)["auction"] == (None, 3, 5, 5)
    assert table.page(token).line("prompt") == "¿Cuántas pediría Ana?"


def test_the_subastado_correction_shows_the_offers_and_keeps_the_winner_bid(table: Table) -> None:
    token = auction_game(table)
    table.play_hand(token, "E", [1, 0, 5, 2], [2, 1, 5, 2], offers=[4, 3, 5, 5])
    form = table.correction_form(token, 1)
    assert [form[f"offers-{i}"] for i in range(4)] == ["4", "3", "5", "5"]
    before = table.snap(token).facts
    page = table.read(table.correct(token, 1, {"bids-2": 4}))
    assert page.status == 422
    assert "Quien gana la subasta mantiene su apuesta de 5" in page.errors
    assert table.snap(token).facts == before
    page = table.read(table.correct(token, 1, {"offers-0": ""}))
    assert "Falta la oferta de Ana" in page.errors
    response = table.correct(token, 1, {"offers-0": 2})
    assert response.status_code == 303
    assert table.snap(token).hand(1)["auction"] == (2, 3, 5, 5)
    assert "subasta de Ana: 4 → 2" in table.page(token).items("correcciones")[0]


# --- mano de oro and sin triunfo -------------------------------------------------------------


def test_mano_de_oro_fixes_the_trump_to_oros(table: Table) -> None:
    token = table.start(
        THREE, dealer=0, preset="a_medida", custom_sizes="2 2", mano_de_oro="1", multipliers="copas2_oros3"
    )
    page = table.page(token)
    assert "Mano de oro: pintan oros, salga lo que salga." in page.text
    assert page.role("Pinta") == "Oros ×3"
    assert page.line("prompt") == "¿Cuántas pide Bea?", "no trump to ask for"
    page = table.refused(token, "pinta", 1, value="C")
    assert page.errors == "En esta mano la pinta ya está fijada"
    table.ok(token, "pinta", 1, value="O")  # the same trump: harmless
    table.ok(token, "deshacer", 1)  # nothing said yet: the trump stays
    assert table.page(token).role("Pinta") == "Oros ×3"
    table.play_hand(token, None, [1, 1, 1], [1, 1, 0])
    page = table.page(token)
    assert page.sheet[0][0] == "1 2 · Oros · Mano de oro"
    assert page.points(1) == [3 * 15, 3 * 15, 3 * -5]


def test_mano_de_oro_cannot_be_corrected_to_another_suit(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="2 2", mano_de_oro="1")
    table.play_hand(token, None, [1, 1, 1], [1, 1, 0])
    page = table.read(table.correct(token, 1, {"trump": "C"}))
    assert page.status == 422
    assert page.errors == "La mano 1 es mano de oro: pintan oros"


def test_sin_triunfo_is_played_without_trump(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="2 2", sin_triunfo="2")
    table.play_hand(token, "C", [1, 0, 0], [1, 0, 1])
    page = table.page(token)
    assert "Sin triunfo: se juega sin pinta." in page.text
    assert page.role("Pinta") == "Sin triunfo"
    assert page.line("prompt") == "¿Cuántas pide Carlos?"
    page = table.refused(token, "pinta", 2, value="O")
    assert page.errors == "En esta mano la pinta ya está fijada"
    table.play_hand(token, None, [0, 0, 1], [0, 1, 1])
    page = table.page(token)
    assert page.sheet[1][0] == "2 2 · Sin triunfo · Sin triunfo"
    form = table.correction_form(token, 2)
    assert form["trump"] == "-"


# --- options that change the points ----------------------------------------------------------


@pytest.mark.parametrize(("trump", "factor"), [("C", 2), ("O", 3), ("E", 1), ("B", 1)])
def test_suit_multipliers_apply_to_the_hand_won_or_lost(table: Table, trump: str, factor: int) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="2", multipliers="copas2_oros3")
    table.ok(token, "pinta", 1, value=trump)
    assert table.page(token).role("Pinta").endswith(f"×{factor}") == (factor > 1)
    table.play_hand(token, None, [1, 0, 0], [1, 0, 1])
    assert table.page(token).points(1) == [15 * factor, 10 * factor, -5 * factor]


def test_la_pocha_bonus(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="5 4", pocha_bonus="1")
    table.play_hand(token, "B", [0, 5, 1], [0, 5, 0])  # Bea bids all five and makes them
    assert table.page(token).points(1) == [10, 100, -5]
    table.play_hand(token, "B", [0, 1, 4], [0, 0, 4])  # Carlos bids all four: too few cards for la pocha
    assert table.page(token).points(2) == [10, -5, 30]


def test_custom_points_per_bid(table: Table) -> None:
    token = table.start(
        THREE, dealer=0, preset="a_medida", custom_sizes="3", exact_base=5, exact_per_trick=3, miss_per_trick=10
    )
    table.play_hand(token, "B", [0, 2, 0], [0, 2, 1])
    assert table.page(token).points(1) == [5, 5 + 6, -10]
