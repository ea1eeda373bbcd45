"""Ties and la pocha as the texts read them (docs/rules.md "Ties", "Scoring"): the new-game options, the
desempate that only the tied players' points decide, and games saved before keeping their results."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import utcnow

if TYPE_CHECKING:
    from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]  # Ana deals hand 1: Bea, Carlos, Ana bid; then Bea deals, then Carlos
NEW_OPTIONS = ("misses_break_ties", "pocha_multiplied", "extra_hand_only_tied")

# Two hands of three cards: Bea and Carlos tie on 20 points; Bea missed a bid, Carlos none, Ana two.
#   hand 1 (Ana deals): Bea 3 of 3 (+25), Carlos 0 (+10), Ana 1 and took 0 (−5)
#   hand 2 (Bea deals; Carlos, Ana, Bea): Carlos 0 (+10), Ana 0 and took 1 (−5), Bea 1 and took 2 (−5)
TIED_ON_POINTS = (("O", [1, 3, 0], [0, 3, 0]), ("C", [0, 1, 0], [1, 2, 0]))


def stored_before(table: Table, token: str) -> None:
    """Store the game's rules as Pocha stored them before the tie and la pocha options: without their keys."""
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        game.rules = {key: value for key, value in game.rules.items() if key not in NEW_OPTIONS}
        game.finished_at = utcnow() if store.view_of(game).sheet.finished else None  # as Pocha stored it then
        db.session.commit()


def points_cells(paper_html: str, number: int) -> list[str]:
    """The raw points cells of hand ``number`` on the sheet as on paper (markup kept)."""
    body = re.search(r"<tbody>(.*?)</tbody>", paper_html, re.S)
    assert body
    row = re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)[number - 1]
    cells = re.findall(r"<td([^>]*)>(.*?)</td>", row, re.S)
    return [f"<td{attrs}>{inner}</td>" for attrs, inner in cells[1::3]]


# --- the new-game form ----------------------------------------------------------------------------


def test_the_options_are_under_more_options(table: Table) -> None:
    page = table.read(table.client.get("/partidas/nueva"))
    more = page.html.split('class="more-options"')[1].split("</details>")[0]
    for name, label in (
        ("misses_break_ties", "Empate a puntos: gana quien menos apuestas ha fallado"),
        ("pocha_multiplied", "«La pocha» también se multiplica por el palo de triunfo"),
    ):
        assert f'name="{name}"' in more
        assert label in more
    assert page.selected("misses_break_ties") == page.selected("pocha_multiplied") == "", "as the rules say"


def test_each_preset_says_whether_missed_bids_break_ties(table: Table) -> None:
    expected = {
        "clasica": True,
        "corta": False,
        "ludoteka": False,
        "ludoteka_subir": False,
        "ludoteka_maximo": False,
        "a_medida": True,
    }
    for preset, misses in expected.items():
        rules = table.snap(table.start(THREE, preset=preset)).sheet.rules
        assert (rules.misses_break_ties, rules.pocha_multiplied, rules.extra_hand_only_tied) == (misses, False, True), (
            preset
        )


def test_the_table_can_change_both_options(table: Table) -> None:
    rules = table.snap(table.start(THREE, preset="clasica", misses_break_ties="0", pocha_multiplied="1")).sheet.rules
    assert (rules.misses_break_ties, rules.pocha_multiplied) == (False, True)
    rules = table.snap(table.start(THREE, preset="ludoteka", misses_break_ties="1")).sheet.rules
    assert rules.misses_break_ties is True and rules.tie_break.value == "one_card"


def test_an_option_not_offered_is_refused(table: Table) -> None:
    page = table.read(table.new_game(THREE, preset="clasica", misses_break_ties="2"))
    assert page.status == 422
    assert "Empate a puntos: gana quien menos apuestas ha fallado: elige una de las opciones de la lista" in page.errors


# --- la pocha -------------------------------------------------------------------------------------

# Five cards in oros, Ana deals: Bea bids all 5 and takes them, Carlos 0 (+10 ×3), Ana 1 (forbidden 0) and 0.
POCHA_HAND = ("O", [1, 5, 0], [0, 5, 0])
POCHA_OPTIONS: dict[str, Any] = {"custom_sizes": "5", "pocha_bonus": "1", "multipliers": "copas2_oros3"}


def test_la_pocha_scores_100_whatever_the_trump(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", **POCHA_OPTIONS)
    table.play_hand(token, *POCHA_HAND)
    assert table.page(token).points(1) == [-15, 100, 30]


def test_with_the_option_la_pocha_is_multiplied(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", pocha_multiplied="1", **POCHA_OPTIONS)
    table.play_hand(token, *POCHA_HAND)
    assert table.page(token).points(1) == [-15, 300, 30]


def test_a_game_saved_before_multiplies_la_pocha_as_it_did(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", **POCHA_OPTIONS)
    table.seed(token, POCHA_HAND)
    assert table.page(token).points(1) == [-15, 100, 30]
    stored_before(table, token)
    assert table.page(token).points(1) == [-15, 300, 30]


# --- ties without missed bids, and the desempate between the tied players only ----------------------


def test_without_missed_bids_the_tie_goes_to_a_desempate_between_the_tied(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="corta", custom_sizes="3 3")
    table.seed(token, *TIED_ON_POINTS)
    page = table.page(token)
    assert page.totals == [-10, 20, 20]
    assert page.title == "Mano de desempate 3 12 cartas"
    note = page.part("clasificacion")
    assert (
        "Empate en cabeza: se juega una mano más para desempatar (con estas reglas los fallos no desempatan)." in note
    )
    assert "En esa mano solo cuentan los puntos de Bea, Carlos." in note
    # Carlos deals the desempate (Ana, Bea, Carlos): Ana bids and takes all 12 (+70, outside the tie),
    # Bea 0 (+10), Carlos 1 (0 is forbidden) and takes none (−5).
    table.play_hand(token, "E", [12, 0, 1], [12, 0, 0])
    page = table.page(token)
    assert page.totals == [-10, 30, 15]
    cells = points_cells(page.paper, 3)
    assert cells[0] == '<td class="not-counted"><del>70</del><span class="visually-hidden"> no cuenta</span></td>'
    assert page.sheet[2][2] == "70 no cuenta"
    assert [page.sheet[2][5], page.sheet[2][8]] == ["10", "-5"]  # Bea's and Carlos's count
    assert "Gana Bea con 30 puntos" in page.text
    assert "Empate en cabeza al terminar las manos: lo ha deshecho la mano de desempate." in page.text
    assert page.standings == ["1. Bea 30 puntos 1 fallo", "2. Carlos 15 puntos 1 fallo", "3. Ana -10 puntos 2 fallos"]
    assert table.snap(token).finished_at is not None


def test_with_missed_bids_the_same_tie_ends_the_game(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="3 3")
    table.seed(token, *TIED_ON_POINTS)
    page = table.page(token)
    assert "Gana Carlos con 20 puntos" in page.text
    assert "Empate a 20 puntos: gana quien menos apuestas ha fallado (0 fallos)." in page.text


# --- games saved before ----------------------------------------------------------------------------


def test_a_corta_game_saved_before_still_breaks_the_tie_by_missed_bids(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="corta", custom_sizes="3 3")
    table.seed(token, *TIED_ON_POINTS)
    assert table.snap(token).plan is not None, "now: a desempate"
    stored_before(table, token)
    page = table.page(token)
    assert "Gana Carlos con 20 puntos" in page.text
    assert table.snap(token).plan is None


def test_a_game_saved_before_counts_everyone_in_the_desempate(table: Table) -> None:
    # One hand of one card: Ana takes the trick nobody bid, Bea and Carlos tie on 10.
    token = table.start(THREE, dealer=0, preset="clasica", custom_sizes="1")
    table.seed(token, ("C", [0, 0, 0], [1, 0, 0]))
    assert "En esa mano solo cuentan los puntos de Bea, Carlos." in table.page(token).part("clasificacion")
    stored_before(table, token)
    note = table.page(token).part("clasificacion")
    assert "Empate en cabeza, también en fallos: se juega una mano más para desempatar." in note
    assert "solo cuentan" not in note, "before, everyone's points counted in the desempate"
    # Desempate (Bea deals; Carlos, Ana, Bea): Carlos 0 (+10), Ana all 12 (+70), Bea 1 (0 is forbidden) and none (−5).
    table.seed(token, ("B", [12, 1, 0], [12, 0, 0]))
    page = table.page(token)
    assert page.totals == [65, 5, 20] and "Gana Ana con 65 puntos" in page.text
    assert "no cuenta" not in page.part("hoja")


def test_the_same_desempate_now_counts_only_for_the_tied(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="clasica", custom_sizes="1")
    table.seed(token, ("C", [0, 0, 0], [1, 0, 0]), ("B", [12, 1, 0], [12, 0, 0]))
    page = table.page(token)
    assert page.totals == [-5, 5, 20] and "Gana Carlos con 20 puntos" in page.text
    assert page.standings == ["1. Carlos 20 puntos 0 fallos", "2. Bea 5 puntos 1 fallo", "3. Ana -5 puntos 1 fallo"]
