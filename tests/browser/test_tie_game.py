"""Ties at the top on a phone, with copas ×2 and oros ×3: broken by fewer missed bids, or by a desempate hand.

Five players, a short custom game of three hands (1, 2 and 3 cards). The bids, tricks
and trumps are chosen by hand so that Ana and Bea end level on points; the engine's
``score_sheet`` of the same facts is the reference for every total on the page.
"""

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from scorekeeper.engine import HandRecord, Multipliers, Suit, TieBreak, preset_rules, score_sheet

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneLog, Table

NAMES = ("Ana", "Bea", "Ciro", "Dora", "Eloy")
ANA, BEA = 0, 1
FIRST_DEALER = 4  # Eloy deals hand 1, Ana hand 2, Bea hand 3, Ciro the desempate
OPTIONS = {"custom_sizes": "1 2 3", "multipliers": "copas2_oros3", "tie_break": "one_card"}
RULES = preset_rules(
    "a_medida", custom_sizes=(1, 2, 3), multipliers=Multipliers.COPAS2_OROS3, tie_break=TieBreak.ONE_CARD
)

Hand = tuple[str, tuple[int, ...], tuple[int, ...]]  # trump, bids by seat, tricks by seat

# Hand 1 (copas ×2): everybody bids 0 and Ciro takes the card.
# Hand 2 (oros ×3): Bea bids 1 and makes it (45); Ana, dealing, may not bid 1 and makes 0 (30).
# Hand 3 (espadas): Ana makes 0 (+10: 60); Bea, dealing, may not bid 0, bids 1 and takes none (−5: 60).
# Ana and Bea: 60 each; Ana missed no bid, Bea one. Ana wins.
BROKEN_BY_MISSES: tuple[Hand, ...] = (
    ("C", (0, 0, 0, 0, 0), (0, 0, 1, 0, 0)),
    ("O", (0, 1, 0, 0, 0), (0, 1, 0, 1, 0)),
    ("E", (0, 1, 2, 0, 1), (0, 0, 2, 1, 0)),
)

# Hand 2 (oros ×3): Ana and Bea both bid 1 and make it (45 each).
# Hand 3 (espadas): both bid 0 and make it: 75 each, no missed bid either. A one-card desempate
# follows (oros ×3): Ana bids 1 and takes it (45), Bea bids 0 and makes it (30). Ana wins.
TIED_ON_MISSES_TOO: tuple[Hand, ...] = (
    ("C", (0, 0, 0, 0, 0), (0, 0, 1, 0, 0)),
    ("O", (1, 1, 1, 0, 0), (1, 1, 0, 0, 0)),
    ("E", (0, 0, 2, 0, 0), (0, 0, 2, 1, 0)),
)
DESEMPATE: Hand = ("O", (1, 0, 1, 0, 0), (1, 0, 0, 0, 0))


def record(hand: Hand) -> HandRecord:
    """A hand of the script as the engine's record."""
    trump, bids, tricks = hand
    return HandRecord(bids=bids, tricks=tricks, trump=Suit(trump))


def play(table: "Table", hands: tuple[Hand, ...], done: list[HandRecord]) -> None:
    """Tap in each hand of ``hands``; ``done`` (the records so far) grows as they are saved."""
    for hand in hands:
        plan = score_sheet(RULES, NAMES, FIRST_DEALER, done).next_hand
        assert plan is not None
        trump, bids, tricks = hand
        table.play_hand(plan.number, NAMES, plan.bidding_order, trump, bids, tricks)
        done.append(record(hand))


def check_sheet(table: "Table", phone: Page, done: list[HandRecord]) -> None:
    """Every running total on the page, each hand's points and multiplier, as the engine has them;
    points that do not count (outside the tie, in a desempate) are shown struck out."""
    expected = score_sheet(RULES, NAMES, FIRST_DEALER, done)
    assert table.sheet_totals() == [list(row.totals) for row in expected.rows]
    box = phone.locator("#hoja-papel")
    box.evaluate("box => { box.open = true; }")  # the sheet as on paper is asked for when opened
    expect(phone.locator("#hoja .sheet-paper tbody tr")).to_have_count(len(expected.rows))
    for row, line in zip(expected.rows, phone.locator("#hoja .sheet-paper tbody tr").all(), strict=True):
        cells = line.locator("td:not(.first):not(.total)")
        shown = [
            cells.nth(seat).text_content() if row.counts(seat) else cells.nth(seat).locator("del").text_content()
            for seat in range(len(NAMES))
        ]
        assert shown == [str(row.scored_by(seat)) for seat in range(len(NAMES))]
        assert line.locator("td.not-counted").count() == row.counted.count(False)
    box.evaluate("box => { box.open = false; }")


def test_multipliers_are_shown_where_the_trump_is_chosen(table: "Table", phone: Page) -> None:
    table.start(NAMES, FIRST_DEALER, "a_medida", **OPTIONS)
    assert table.hand_title() == "Mano 1 de 3 1 carta"
    buttons = table.hand.locator(".suits button")
    assert [" ".join(t.split()) for t in buttons.all_inner_texts()] == ["Oros ×3", "Copas ×2", "Espadas", "Bastos"]
    table.choose_trump("C")
    expect(table.hand.locator(".roles .multiplier")).to_have_text("×2")


def test_a_tie_on_points_is_broken_by_fewer_missed_bids(table: "Table", phone: Page, phone_log: "PhoneLog") -> None:
    table.start(NAMES, FIRST_DEALER, "a_medida", **OPTIONS)
    done: list[HandRecord] = []
    play(table, BROKEN_BY_MISSES, done)

    expected = score_sheet(RULES, NAMES, FIRST_DEALER, done)
    assert expected.finished and expected.standings.decided_by_misses
    assert expected.totals[ANA] == expected.totals[BEA] == 60
    assert (expected.missed[ANA], expected.missed[BEA]) == (0, 1)
    check_sheet(table, phone, done)

    result = phone.locator("#clasificacion")
    expect(result.locator(".winner")).to_have_text("Gana Ana con 60 puntos")
    expect(result.locator(".tie-note")).to_have_text(
        "Empate a 60 puntos: gana quien menos apuestas ha fallado (0 fallos)."
    )
    assert table.standings()[:2] == [("Ana", "60 puntos", "0 fallos"), ("Bea", "60 puntos", "1 fallo")]
    positions = result.locator(".place .position").all_inner_texts()
    assert positions[:2] == ["1.", "2."]
    expect(table.hand).to_have_count(0)
    first = phone.locator("#hoja .sheet-compact thead th.first-place")
    expect(first).to_have_text("Ana")
    expect(first.get_by_role("img", name="va ganando")).to_be_visible()
    assert phone_log.errors == []
    assert phone_log.outside_requests() == []


def test_a_tie_on_points_and_misses_brings_a_desempate_hand(table: "Table", phone: Page, phone_log: "PhoneLog") -> None:
    table.start(NAMES, FIRST_DEALER, "a_medida", **OPTIONS)
    done: list[HandRecord] = []
    play(table, TIED_ON_MISSES_TOO, done)

    expected = score_sheet(RULES, NAMES, FIRST_DEALER, done)
    assert not expected.finished and expected.standings.needs_extra_hand
    assert expected.totals[ANA] == expected.totals[BEA] == 75
    check_sheet(table, phone, done)
    expect(phone.locator("#clasificacion .tie-note")).to_have_text(
        "Empate en cabeza, también en fallos: se juega una mano más para desempatar."
        " En esa mano solo cuentan los puntos de Ana, Bea."
    )
    expect(phone.locator("#standings-title")).to_have_text("Clasificación")
    assert table.standings()[:2] == [("Ana", "75 puntos", "0 fallos"), ("Bea", "75 puntos", "0 fallos")]
    assert phone.locator("#clasificacion .place .position").all_inner_texts()[:2] == ["1.", "1."]
    assert table.hand_title() == "Mano de desempate 4 1 carta"
    expect(table.hand.locator(".roles dd").first).to_have_text(NAMES[2])  # Ciro deals the desempate

    play(table, (DESEMPATE,), done)
    expected = score_sheet(RULES, NAMES, FIRST_DEALER, done)
    assert expected.finished and expected.winner == ANA
    check_sheet(table, phone, done)
    expect(table.hand).to_have_count(0)
    expect(phone.locator("#clasificacion .winner")).to_have_text(f"Gana Ana con {expected.totals[ANA]} puntos")
    expect(phone.locator("#clasificacion .tie-note")).to_have_text(
        "Empate en cabeza al terminar las manos: lo ha deshecho la mano de desempate."
    )
    assert expected.rows[3].counted == (True, True, False, False, False), "Ciro, Dora and Eloy are outside the tie"
    desempate_row = phone.locator("#hoja .sheet-compact tbody tr").nth(3)
    expect(desempate_row.locator("th .kind")).to_have_text("Desempate")
    assert phone_log.errors == []
    assert phone_log.outside_requests() == []
