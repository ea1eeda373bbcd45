"""The end of a game: standings, the winner, ties broken by fewer missed bids, and desempate hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.engine import Suit, points, preset_rules

if TYPE_CHECKING:
    from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]  # Ana deals hand 1: Bea, Carlos, Ana bid; then Bea deals


def test_the_last_hand_ends_the_game_with_the_standings(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="2 2")
    table.play_hand(token, "O", [1, 0, 0], [1, 0, 1])  # Ana 1 of 1: 15; Bea 0 of 0: 10; Carlos 0 but took 1: −5
    page = table.page(token)
    assert page.title == "Mano 2 de 2 2 cartas"
    assert "Clasificación" in page.text
    table.ok(token, "pinta", 2, value="B")
    for seat, bid in ((2, 1), (0, 0), (1, 0)):  # Bea deals: Carlos, Ana, Bea
        table.ok(token, "apuesta", 2, seat, bid)
    table.ok(token, "bazas", 2, 2, 1)
    table.ok(token, "bazas", 2, 0, 1)
    table.ok(token, "guardar", 2)
    rules = preset_rules("a_medida")
    expected = [
        points(rules, 2, Suit.OROS, 1, 1) + points(rules, 2, Suit.BASTOS, 0, 1),
        points(rules, 2, Suit.OROS, 0, 0) + points(rules, 2, Suit.BASTOS, 0, 0),
        points(rules, 2, Suit.OROS, 0, 1) + points(rules, 2, Suit.BASTOS, 1, 1),
    ]
    assert expected == [10, 20, 10]
    page = table.page(token)
    assert page.totals == expected
    assert page.flashes[-2:] == ["Mano 2 guardada.", "¡Fin de la partida!"]
    assert page.title == "", "no hand to play any more"
    assert 'action="/p/' not in page.html.split('id="hoja"')[0].split("<main")[1], "no taps left on the page"
    assert "Resultado final" in page.text
    assert "Gana Bea con 20 puntos" in page.text
    assert page.standings == ["1. Bea 20 puntos 0 fallos", "2. Ana 10 puntos 1 fallo", "2. Carlos 10 puntos 1 fallo"]
    assert table.snap(token).finished_at is not None


def test_a_tie_on_points_goes_to_fewer_missed_bids(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="3 3")
    table.seed(
        token,
        ("O", [1, 3, 0], [0, 3, 0]),  # Ana 1 but 0: −5; Bea 3 of 3: 25; Carlos 0 of 0: 10
        ("O", [3, 1, 0], [3, 0, 0]),  # Ana 3 of 3: 25; Bea 1 but 0: −5; Carlos 0 of 0: 10
    )
    page = table.page(token)
    assert page.totals == [20, 20, 20]
    assert "Gana Carlos con 20 puntos" in page.text
    assert "Empate a 20 puntos: gana quien menos apuestas ha fallado (0 fallos)." in page.text
    assert page.standings[0] == "1. Carlos 20 puntos 0 fallos"
    assert table.snap(token).plan is None


def tie_after_one_hand(table: Table, preset: str) -> str:
    """One hand of one card: everybody bids 0 and Ana takes the trick, so Bea and Carlos tie on 10 with no miss."""
    token = table.start(THREE, dealer=0, preset=preset, custom_sizes="1")
    table.seed(token, ("C", [0, 0, 0], [1, 0, 0]))
    return token


def test_still_tied_an_extra_hand_with_every_card_is_played(table: Table) -> None:
    token = tie_after_one_hand(table, "clasica")
    page = table.page(token)
    assert "Empate en cabeza, también en fallos: se juega una mano más para desempatar." in page.text
    assert page.title == "Mano de desempate 2 12 cartas"
    assert page.role("Reparte") == "Bea"
    assert page.role("Es mano") == "Carlos"
    assert table.snap(token).finished_at is None


def test_desempate_hands_go_on_until_the_tie_is_broken(table: Table) -> None:
    token = tie_after_one_hand(table, "clasica")
    table.play_hand(token, "E", [0, 0, 0], [12, 0, 0])  # Ana takes all: Bea and Carlos still tie, on 20
    page = table.page(token)
    assert page.totals == [-5, 20, 20], "Ana is outside the tie: her −65 in the desempate does not count"
    assert page.title == "Mano de desempate 3 12 cartas"
    assert page.sheet[1][0] == "2 12 · Espadas · Desempate"
    table.play_hand(token, "E", [0, 1, 0], [11, 1, 0])  # Carlos deals; Bea makes her 1
    page = table.page(token)
    assert page.totals == [-5, 20 + 15, 20 + 10]
    assert "Gana Bea con 35 puntos" in page.text
    assert table.snap(token).plan is None


def test_with_ludoteka_rules_the_desempate_is_a_one_card_hand(table: Table) -> None:
    token = tie_after_one_hand(table, "ludoteka")
    page = table.page(token)
    assert page.title == "Mano de desempate 2 1 carta"
    table.play_hand(token, "O", [0, 0, 1], [0, 0, 1])  # Carlos bids the card (no forbidden bid) and takes it
    page = table.page(token)
    assert page.totals == [-5, 10 + 10, 10 + 15]  # Ana's 10 in the desempate does not count
    assert "Gana Carlos con 25 puntos" in page.text


def test_the_game_page_of_a_finished_game_stays_open(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1")
    table.seed(token, ("O", [1, 1, 0], [0, 1, 0]))  # Bea makes her 1: 15
    page = table.page(token)
    assert "Gana Bea con 15 puntos" in page.text
    assert f'href="/p/{token}/mano/1/corregir"' in page.html, "a finished game can still be corrected"
