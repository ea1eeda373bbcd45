"""Correcting a saved hand: /p/<token>/mano/<n>/corregir (every hand checked again, totals follow, history kept)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import pytest

from scorekeeper.engine import Suit, points, preset_rules
from scorekeeper.extensions import db
from scorekeeper.storage import store

if TYPE_CHECKING:
    from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]
RULES = preset_rules("a_medida")


def two_hands(table: Table, **options: object) -> str:
    """Three hands of 3 cards; Ana deals the first. Two are saved, the third is being played.

    Hand 1 (Bea, Carlos, Ana bid): oros; bids 0 1 1 (by seat), tricks 1 1 1.
    Hand 2 (Carlos, Ana, Bea bid): copas; bids 0 0 2, tricks 0 1 2.
    """
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="3 3 3", **options)
    table.seed(token, ("O", [0, 1, 1], [1, 1, 1]), ("C", [0, 0, 2], [0, 1, 2]))
    return token


def sheet_points(hands: list[tuple[Suit, list[int], list[int]]]) -> list[list[int]]:
    """Points by hand and seat for 3-card hands, from the engine's scoring."""
    return [[points(RULES, 3, trump, b, t) for b, t in zip(bids, tricks)] for trump, bids, tricks in hands]


def test_the_sheet_links_each_saved_hand_to_its_correction(table: Table) -> None:
    token = two_hands(table)
    page = table.page(token)
    assert f'href="/p/{token}/mano/1/corregir"' in page.html
    assert f'href="/p/{token}/mano/2/corregir"' in page.html
    assert f'href="/p/{token}/mano/3/corregir"' not in page.html


def test_the_correction_form_shows_the_saved_hand(table: Table) -> None:
    token = two_hands(table)
    page = table.read(table.client.get(f"/p/{token}/mano/2/corregir"))
    assert page.status == 200
    assert "Corregir la mano 2" in page.text
    assert "3 cartas · Reparte Bea" in page.text
    assert table.correction_form(token, 2) == {
        "trump": "C",
        **{f"bids-{i}": v for i, v in enumerate(["0", "0", "2"])},
        **{f"tricks-{i}": v for i, v in enumerate(["0", "1", "2"])},
        **{f"renuncios-{i}": "0" for i in range(3)},
        "version": str(table.snap(token).version),
    }
    assert f'href="/p/{token}#hoja"' in page.html, "a way back without changing anything"


def test_correcting_a_bid_moves_every_later_total(table: Table) -> None:
    token = two_hands(table)
    before = sheet_points([(Suit.OROS, [0, 1, 1], [1, 1, 1]), (Suit.COPAS, [0, 0, 2], [0, 1, 2])])
    assert before == [[-5, 15, 15], [10, -5, 20]]
    response = table.correct(token, 1, {"bids-1": 0})  # Bea bid 0, not 1 (Ana's 0, the last bid, is still allowed)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/p/{token}#hoja"
    after = sheet_points([(Suit.OROS, [0, 0, 1], [1, 1, 1]), (Suit.COPAS, [0, 0, 2], [0, 1, 2])])
    assert after == [[-5, -5, 15], [10, -5, 20]]
    page = table.page(token)
    assert "Mano 1 corregida: los totales siguientes se han recalculado." in page.flashes
    assert page.points(1) == after[0]
    assert page.totals_of(1) == after[0]
    assert page.totals_of(2) == [a + b for a, b in zip(*after)] == [5, -10, 35]
    assert table.snap(token).hand(1)["bids"] == (0, 0, 1)
    assert table.snap(token).number == 3, "the hand being played is untouched"


def test_the_corrections_are_listed_newest_first(table: Table) -> None:
    token = two_hands(table)
    table.correct(token, 1, {"bids-1": 0})
    table.correct(token, 2, {"trump": "E", "renuncios-2": 1})
    page = table.page(token)
    assert "2 correcciones" in page.text
    corrections = page.items("correcciones")
    assert len(corrections) == 2
    assert corrections[0].endswith("Mano 2: pinta: Copas → Espadas; renuncios de Carlos: 0 → 1"), "newest first"
    assert corrections[1].endswith("Mano 1: apuesta de Bea: 1 → 0")
    assert table.snap(token).corrections == (
        (1, [{"field": "bid", "seat": 1, "before": 1, "after": 0}]),
        (
            2,
            [
                {"field": "trump", "seat": None, "before": "C", "after": "E"},
                {"field": "renuncios", "seat": 2, "before": 0, "after": 1},
            ],
        ),
    )
    assert page.points(2) == [10, -5, 20 - 50]


def test_the_corrections_show_spanish_time(table: Table) -> None:
    token = two_hands(table)
    table.correct(token, 1, {"bids-1": 0})
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        game.corrections[0].made_at = datetime(2026, 3, 1, 23, 30)  # stored in UTC: half past midnight in Madrid
        db.session.commit()
    page = table.page(token)
    assert '<time datetime="2026-03-01T23:30:00Z">02/03 00:30</time>' in page.html


def test_a_correction_that_changes_nothing_is_not_kept(table: Table) -> None:
    token = two_hands(table)
    before = table.snap(token).facts
    response = table.correct(token, 2, {})
    assert response.status_code == 303
    assert table.snap(token).facts == before
    page = table.page(token)
    assert "No había nada que cambiar en la mano 2." in page.flashes
    assert 'id="correcciones"' not in page.html


BAD_CORRECTIONS: list[tuple[dict[str, object], str]] = [
    ({"tricks-0": 2}, "Las bazas suman 4 y en esta mano hay 3"),
    ({"tricks-0": 0}, "Las bazas suman 2 y en esta mano hay 3"),
    ({"bids-0": 1}, "Ana no puede pedir 1: la suma sería 3 de 3"),
    ({"bids-1": 4}, "Bea: la apuesta debe ser de 0 a 3 bazas"),
    ({"bids-1": -1}, "Bea: la apuesta debe ser de 0 a 3 bazas"),
    ({"tricks-1": 4, "tricks-0": 0, "tricks-2": 0}, "Las bazas de cada jugador van de 0 a 3"),
    ({"renuncios-2": 21}, "Los renuncios son de 0 a 20 por jugador y mano"),
    ({"bids-1": "x"}, "Revisa los números: solo valen números enteros."),
    ({"tricks-2": "1.5"}, "Revisa los números: solo valen números enteros."),
    ({"bids-1": ""}, "Falta la apuesta de Bea"),
    ({"tricks-2": ""}, "Faltan las bazas de Carlos"),
    ({"trump": "Z"}, ""),
    ({"trump": "-"}, ""),  # no trump: not in a normal hand
]


def test_an_invalid_correction_is_refused_and_changes_nothing(table: Table) -> None:
    token = two_hands(table)
    before = table.snap(token).facts
    for changes, message in BAD_CORRECTIONS:
        page = table.read(table.correct(token, 1, changes))
        assert page.status == 422, changes
        assert page.errors and message in page.errors, changes
        assert table.snap(token).facts == before, changes
        for name, value in changes.items():
            if name != "trump":
                assert page.value(name) == str(value), "the form shows again what was typed"
    assert table.page(token).totals == [5, 10, 35]


def test_a_normal_hand_is_not_offered_no_trump(table: Table) -> None:
    token = two_hands(table)
    page = table.read(table.client.get(f"/p/{token}/mano/1/corregir"))
    assert 'value="-"' not in page.html
    assert [v for v in ("O", "C", "E", "B") if f'value="{v}"' in page.html] == ["O", "C", "E", "B"]


@pytest.mark.parametrize("number", [0, 3, 4, 99])
def test_only_saved_hands_can_be_corrected(table: Table, number: int) -> None:
    token = two_hands(table)
    assert table.client.get(f"/p/{token}/mano/{number}/corregir").status_code == 404
    assert table.client.post(f"/p/{token}/mano/{number}/corregir", data={"trump": "O"}).status_code == 404


def test_correcting_an_unknown_game_is_a_404(table: Table) -> None:
    page = table.read(table.client.get("/p/no-existe/mano/1/corregir"))
    assert page.status == 404
    assert "Esta página no existe" in page.text


def test_a_correction_can_change_the_winner(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="3")
    table.seed(token, ("O", [0, 1, 1], [1, 1, 1]))  # Ana −5, Bea 15, Carlos 15
    assert table.snap(token).plan is not None, "Bea and Carlos tie on 15 with no miss: a desempate hand"
    table.correct(token, 1, {"tricks-1": 0, "tricks-0": 2})  # Ana 0 took 2 (−10), Bea 1 took 0 (−5)
    page = table.page(token)
    assert "Gana Carlos con 15 puntos" in page.text
    assert table.snap(token).plan is None
    assert table.snap(token).finished_at is not None


def test_a_correction_that_ties_the_winners_reopens_the_game(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="3")
    table.seed(token, ("O", [0, 1, 1], [0, 1, 2]))  # Ana 10, Bea 15, Carlos −5
    assert table.snap(token).finished_at is not None
    table.correct(token, 1, {"bids-1": 0, "tricks-1": 0, "tricks-2": 3})  # Ana 10, Bea 10, Carlos −10
    snap = table.snap(token)
    assert snap.finished_at is None
    assert snap.plan is not None and snap.plan.kind.value == "desempate"
    assert "Mano de desempate 2" in table.page(token).title


def test_a_correction_that_breaks_the_tie_keeps_the_played_desempate_counting_for_nobody(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="ludoteka", custom_sizes="3")
    table.seed(
        token,
        ("O", [0, 0, 1], [0, 0, 3]),  # Ana 10, Bea 10, Carlos −10: tie
        ("O", [1, 0, 0], [1, 0, 0]),  # the desempate: one card; Ana wins it
    )
    assert table.snap(token).finished_at is not None
    table.correct(token, 1, {"bids-0": 1, "tricks-0": 1, "tricks-2": 2})  # Ana 15, Bea 10, Carlos −5: no tie
    snap = table.snap(token)
    assert snap.finished_at is not None and snap.plan is None
    assert len(snap.hands) == 2, "the desempate stays in the history"
    page = table.page(token)
    assert page.totals == [15, 10, -5]
    assert page.sheet[1][0] == "2 1 · Oros · Desempate · no cuenta"
    assert "Gana Ana con 15 puntos" in page.text
    assert (
        "La mano 2 ya no hace falta para desempatar tras una corrección: sigue en la hoja, pero no cuenta." in page.text
    )


def test_a_correction_in_a_game_that_is_over_keeps_it_over(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="3")
    table.seed(token, ("O", [0, 1, 1], [0, 1, 2]))
    finished = table.snap(token).finished_at
    table.correct(token, 1, {"renuncios-0": 1})
    snap = table.snap(token)
    assert snap.finished_at == finished
    assert "Gana Bea con 15 puntos" in table.page(token).text


def test_the_watchers_see_the_corrections_too(table: Table) -> None:
    token = two_hands(table)
    table.correct(token, 1, {"bids-1": 0})
    watched = table.watch(table.watch_token(token))
    corrections = watched.items("correcciones")
    assert len(corrections) == 1 and corrections[0].endswith("Mano 1: apuesta de Bea: 1 → 0")
