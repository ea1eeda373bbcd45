"""The score sheet (docs/rules.md "The paper sheet", "End of the game", "Ties"): records checked, totals, next hand."""

from __future__ import annotations

import pytest
from stored_rules import STORED_BEFORE

from scorekeeper.engine import (
    ForbiddenBidError,
    HandKind,
    HandRecord,
    Multipliers,
    PochaError,
    RecordError,
    Rules,
    Special,
    Suit,
    TieBreak,
    check_record,
    check_trump,
    hand_plan,
    preset_rules,
    schedule,
    score_sheet,
)

O, C, E, B = Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS
NAMES3 = ("Ana", "Bea", "Carlos")
NAMES4 = ("Ana", "Bea", "Carlos", "Dani")

# Three players, the classic game, Ana deals first. Hand 1: one card, Ana deals, Bea is mano (order Bea,
# Carlos, Ana). Hand 2: one card, Bea deals, order Carlos, Ana, Bea.
#   hand 1: Bea 0 (took 0: +10), Carlos 1 (took 1: +15), Ana 1 (forbidden 0; took 0: −5)
#   hand 2: Carlos 0 (+10), Ana 0 (took 1: −5), Bea 0 (forbidden 1; took 0: +10)
HAND1 = HandRecord(bids=(1, 0, 1), tricks=(0, 0, 1), trump=O)
HAND2 = HandRecord(bids=(0, 0, 0), tricks=(1, 0, 0), trump=C)


# --- running totals -------------------------------------------------------------------------------


def test_points_and_running_totals() -> None:
    sheet = score_sheet(Rules(), NAMES3, 0, [HAND1, HAND2])
    assert sheet.players == NAMES3
    assert [row.points for row in sheet.rows] == [(-5, 10, 15), (-5, 10, 10)]
    assert [row.totals for row in sheet.rows] == [(-5, 10, 15), (-10, 20, 25)]
    assert sheet.totals == (-10, 20, 25)
    assert [row.made for row in sheet.rows] == [(False, True, True), (False, True, True)]
    assert [row.plan.number for row in sheet.rows] == [1, 2]
    assert [row.multiplier for row in sheet.rows] == [1, 1]


def test_missed_bids_are_counted() -> None:
    sheet = score_sheet(Rules(), NAMES3, 0, [HAND1, HAND2])
    assert sheet.missed == (2, 0, 0)
    assert sheet.standings.place_of(0).missed == 2


def test_no_hands_yet() -> None:
    sheet = score_sheet(Rules(), NAMES3, 2, [])
    assert sheet.totals == (0, 0, 0)
    assert sheet.rows == ()
    assert sheet.next_hand == schedule(3, 2)[0]
    assert not sheet.finished and sheet.winner is None


def test_the_next_hand_follows_the_schedule() -> None:
    sheet = score_sheet(Rules(), NAMES3, 0, [HAND1, HAND2])
    assert sheet.next_hand == schedule(3, 0)[2]
    assert (sheet.next_hand.number, sheet.next_hand.cards, sheet.next_hand.dealer) == (3, 1, 2)
    assert not sheet.finished
    assert sheet.winner is None
    assert sheet.hands_total == 29


def test_multipliers_on_the_sheet() -> None:
    rules = Rules(multipliers=Multipliers.COPAS2_OROS3)
    sheet = score_sheet(rules, NAMES3, 0, [HAND1, HAND2])
    assert [row.multiplier for row in sheet.rows] == [3, 2]
    assert [row.points for row in sheet.rows] == [(-15, 30, 45), (-10, 20, 20)]
    assert [row.penalties for row in sheet.rows] == [(0, 0, 0), (0, 0, 0)]
    assert sheet.totals == (-25, 50, 65)


def test_renuncios_on_the_sheet() -> None:
    record = HandRecord(bids=(1, 0, 1), tricks=(0, 0, 1), trump=O, renuncios=(0, 2, 1))
    sheet = score_sheet(Rules(), NAMES3, 0, [record])
    assert sheet.rows[0].points == (-5, 10 - 100, 15 - 50)
    assert sheet.rows[0].penalties == (0, 100, 50)
    assert record.renuncios_of(1) == 2
    assert HAND1.renuncios_of(1) == 0


def whole_classic_game(last_taker: int | None = None) -> tuple[list[HandRecord], list[int]]:
    """The 28 hands of the classic 4-player game, Ana (seat 0) dealing first, and each seat's total by hand.

    Every hand everyone bids 0 (the dealer's forbidden bid is then the cards, never 0) and la mano takes
    every trick: la mano loses 5 per card, the other three score 10. In the last hand (one card, Ana is
    mano) ``last_taker`` takes the trick instead, when given.
    """
    sizes = [1, 1, 1, 1, *range(2, 10), 10, 10, 10, 10, *range(9, 1, -1), 1, 1, 1, 1]
    records = []
    expected = [0, 0, 0, 0]
    for number, cards in enumerate(sizes, start=1):
        taker = number % 4  # hand k is dealt by seat k−1: its mano is seat k (mod 4)
        if number == 28 and last_taker is not None:
            taker = last_taker
        tricks = tuple(cards if seat == taker else 0 for seat in range(4))
        records.append(HandRecord(bids=(0, 0, 0, 0), tricks=tricks, trump=B))
        for seat in range(4):
            expected[seat] += -5 * cards if seat == taker else 10
    return records, expected


def test_the_whole_classic_four_player_game() -> None:
    records, expected = whole_classic_game(last_taker=1)
    # each seat is mano 7 times over the same sizes; the last hand moves 15 points from Bea to Ana
    assert expected == [40 + 15, 40 - 15, 40, 40]
    sheet = score_sheet(Rules(), NAMES4, 0, records)
    assert len(sheet.rows) == 28
    assert sheet.totals == tuple(expected)
    assert sheet.missed == (6, 8, 7, 7)
    assert sheet.finished
    assert sheet.next_hand is None
    assert sheet.winner == 0
    # a hand past the end is checked as an extra hand (10 cards), and counts for nobody
    with pytest.raises(RecordError, match="suman 1"):
        score_sheet(Rules(), NAMES4, 0, [*records, HandRecord((0, 0, 0, 0), (1, 0, 0, 0), B)])
    after = score_sheet(Rules(), NAMES4, 0, [*records, HandRecord((0, 0, 0, 0), (10, 0, 0, 0), B)])
    assert after.totals == sheet.totals and after.missed == sheet.missed
    assert after.finished and after.winner == 0 and after.unneeded == (29,)


def test_the_whole_classic_game_all_tied_plays_an_extra_hand_with_every_card() -> None:
    records, expected = whole_classic_game()
    assert expected == [40, 40, 40, 40]
    sheet = score_sheet(Rules(), NAMES4, 0, records)
    assert sheet.totals == (40, 40, 40, 40)
    assert sheet.missed == (7, 7, 7, 7)
    assert not sheet.finished
    extra = sheet.next_hand
    assert extra is not None
    assert (extra.number, extra.cards, extra.kind, extra.dealer) == (29, 10, HandKind.DESEMPATE, 0)


def test_a_hand_recorded_after_a_finished_game_counts_for_nobody() -> None:
    rules = Rules(custom_sizes=(1, 1))
    sheet = score_sheet(rules, NAMES3, 0, [HAND1, HAND2])
    assert sheet.finished and sheet.winner == 2 and sheet.next_hand is None and sheet.unneeded == ()
    # hand 3 would be an extra hand of 12 cards: Carlos deals, order Ana, Bea, Carlos
    extra = HandRecord((0, 0, 1), (0, 0, 12), O)
    after = score_sheet(rules, NAMES3, 0, [HAND1, HAND2, extra])
    assert after.totals == sheet.totals == (-10, 20, 25) and after.missed == sheet.missed
    row = after.rows[2]
    assert row.plan.kind is HandKind.DESEMPATE and not row.needed
    assert row.counted == (False, False, False) and row.points == (0, 0, 0) and row.totals == (-10, 20, 25)
    assert row.scored == (10, 10, -55)
    assert after.finished and after.winner == 2 and after.unneeded == (3,)
    with pytest.raises(RecordError):  # still checked: the tricks must add up to the 12 cards
        score_sheet(rules, NAMES3, 0, [HAND1, HAND2, HandRecord((0, 0, 1), (0, 0, 1), O)])


def test_a_bad_record_anywhere_rejects_the_sheet() -> None:
    with pytest.raises(PochaError):
        score_sheet(Rules(), NAMES3, 0, [HAND1, HandRecord((0, 0, 1), (1, 0, 0), C)])  # forbidden bid in hand 2


def test_tables_out_of_range() -> None:
    with pytest.raises(PochaError):
        score_sheet(Rules(), ("Ana", "Bea"), 0, [])


def test_hand_plan_is_the_schedule_then_extra_hands() -> None:
    assert hand_plan(4, 1, Rules(), 5) == schedule(4, 1)[4]
    extra = hand_plan(4, 1, Rules(), 29)
    assert (extra.kind, extra.cards, extra.dealer) == (HandKind.DESEMPATE, 10, (1 + 28) % 4)


# --- ties: the extra hand -------------------------------------------------------------------------

# One one-card hand, Ana deals: Bea and Carlos bid 0 and make it (+10 each); Ana bids 0 and takes the trick.
TIED = HandRecord(bids=(0, 0, 0), tricks=(1, 0, 0), trump=E)


def test_tied_first_place_adds_an_extra_hand_with_every_card() -> None:
    rules = Rules(custom_sizes=(1,))
    sheet = score_sheet(rules, NAMES3, 0, [TIED])
    assert sheet.totals == (-5, 10, 10)
    assert sheet.missed == (1, 0, 0)
    assert sheet.standings.needs_extra_hand
    assert not sheet.finished and sheet.winner is None
    extra = sheet.next_hand
    assert extra is not None
    assert (extra.number, extra.cards, extra.kind, extra.dealer, extra.mano) == (2, 12, HandKind.DESEMPATE, 1, 2)
    assert sheet.hands_total == 2


def test_extra_hands_until_the_tie_is_broken() -> None:
    rules = Rules(custom_sizes=(1,))
    # extra hand 2 (12 cards, Bea deals; order Carlos, Ana, Bea): Carlos 5 (made, +35), Ana 3 (took 2: −5),
    # Bea 5 (forbidden 4; made, +35): still tied on 45 with no misses.
    extra2 = HandRecord(bids=(3, 5, 5), tricks=(2, 5, 5), trump=O)
    sheet = score_sheet(rules, NAMES3, 0, [TIED, extra2])
    assert sheet.totals == (-5, 45, 45), "Ana is not in the tie: her −5 in the extra hand does not count"
    assert sheet.missed == (1, 0, 0)
    assert sheet.rows[1].scored == (-5, 35, 35) and sheet.rows[1].points == (0, 35, 35)
    assert sheet.rows[1].counted == (False, True, True)
    assert sheet.playing_for_first == (1, 2)
    assert sheet.rows[1].plan.kind is HandKind.DESEMPATE
    assert sheet.standings.needs_extra_hand
    assert sheet.next_hand is not None
    assert (sheet.next_hand.number, sheet.next_hand.cards, sheet.next_hand.dealer) == (3, 12, 2)
    # extra hand 3 (Carlos deals; order Ana, Bea, Carlos): Ana 0 (+10), Bea 6 (+40), Carlos 5 (forbidden 6;
    # took 6: −5). Bea wins: ranked again after the hand.
    extra3 = HandRecord(bids=(0, 6, 5), tricks=(0, 6, 6), trump=C)
    sheet = score_sheet(rules, NAMES3, 0, [TIED, extra2, extra3])
    assert sheet.totals == (-5, 85, 40)
    assert sheet.finished and sheet.winner == 1
    assert sheet.standings.decided_by_extra_hands and sheet.standings.extra_hands == 2
    assert sheet.playing_for_first == ()
    assert sheet.hands_total == 3


def test_extra_hands_follow_the_rules_of_every_hand() -> None:
    rules = Rules(custom_sizes=(1,))
    with pytest.raises(ForbiddenBidError):
        score_sheet(rules, NAMES3, 0, [TIED, HandRecord(bids=(3, 4, 5), tricks=(2, 5, 5), trump=O)])
    with pytest.raises(RecordError):
        score_sheet(rules, NAMES3, 0, [TIED, HandRecord(bids=(3, 5, 5), tricks=(2, 5, 5), trump=None)])


def test_ludoteka_breaks_ties_with_one_card() -> None:
    rules = preset_rules("ludoteka", custom_sizes=(1,))
    sheet = score_sheet(rules, NAMES3, 0, [TIED])
    assert sheet.next_hand is not None
    assert (sheet.next_hand.cards, sheet.next_hand.kind) == (1, HandKind.DESEMPATE)
    # extra hand: Carlos takes the trick he did not bid; Ana's +10 is outside the tie
    sheet = score_sheet(rules, NAMES3, 0, [TIED, HandRecord((0, 0, 0), (0, 0, 1), O)])
    assert sheet.totals == (-5, 20, 5)
    assert sheet.finished and sheet.winner == 1


def test_tie_decided_by_fewer_missed_bids_ends_the_game() -> None:
    rules = Rules(custom_sizes=(3, 3))
    # hand 1 (Ana deals; order Bea, Carlos, Dani, Ana): Bea 0 (+10), Carlos 0 (+10), Dani 1 (took 0: −5),
    #   Ana 0 (forbidden 2; took 3: −15)
    # hand 2 (Bea deals; order Carlos, Dani, Ana, Bea): Carlos 0 (+10), Dani 3 (+25), Ana 0 (+10),
    #   Bea 1 (forbidden 0; took 0: −5)
    records = [
        HandRecord(bids=(0, 0, 0, 1), tricks=(3, 0, 0, 0), trump=O),
        HandRecord(bids=(0, 1, 0, 3), tricks=(0, 0, 0, 3), trump=C),
    ]
    sheet = score_sheet(rules, NAMES4, 0, records)
    assert sheet.totals == (-5, 5, 20, 20)
    assert sheet.missed == (1, 1, 0, 1)
    assert sheet.standings.decided_by_misses
    assert sheet.finished and sheet.winner == 2
    assert sheet.next_hand is None


# hand 1 (Ana deals; order Bea, Carlos, Dani, Ana) and hand 2 (Bea deals) of two 3-card hands:
# Carlos and Dani tie on 20; Carlos missed no bid, Dani one.
MISSES_DIFFER = [
    HandRecord(bids=(0, 0, 0, 1), tricks=(3, 0, 0, 0), trump=O),
    HandRecord(bids=(0, 1, 0, 3), tricks=(0, 0, 0, 3), trump=C),
]


@pytest.mark.parametrize("key", ["corta", "ludoteka", "ludoteka_subir", "ludoteka_maximo"])
def test_without_missed_bids_a_tie_on_points_goes_straight_to_an_extra_hand(key: str) -> None:
    sheet = score_sheet(preset_rules(key, custom_sizes=(3, 3)), NAMES4, 0, MISSES_DIFFER)
    assert sheet.totals == (-5, 5, 20, 20) and sheet.missed == (1, 1, 0, 1)
    assert not sheet.standings.decided_by_misses
    assert sheet.standings.needs_extra_hand and set(sheet.standings.first_places) == {2, 3}
    assert not sheet.finished and sheet.next_hand is not None and sheet.next_hand.is_extra
    assert sheet.playing_for_first == (2, 3)


def test_a_medida_starts_with_missed_bids_breaking_ties() -> None:
    sheet = score_sheet(preset_rules("a_medida", custom_sizes=(3, 3)), NAMES4, 0, MISSES_DIFFER)
    assert sheet.finished and sheet.winner == 2 and sheet.standings.decided_by_misses


def test_the_extra_hand_cannot_lift_a_player_outside_the_tie() -> None:
    rules = preset_rules("ludoteka", custom_sizes=(3, 3))  # extra hand of one card; Carlos deals, Dani is mano
    # Dani 0 (took 0: +10), Ana 1 (took 1: +15), Bea 0 (+10), Carlos 0 (no forbidden bid in one card; +10)
    extra = HandRecord(bids=(1, 0, 0, 0), tricks=(1, 0, 0, 0), trump=E)
    sheet = score_sheet(rules, NAMES4, 0, [*MISSES_DIFFER, extra])
    assert sheet.rows[2].counted == (False, False, True, True)
    assert sheet.totals == (-5, 5, 30, 30)  # still tied: another extra hand
    assert sheet.next_hand is not None and sheet.next_hand.number == 4
    # Dani bids 1 and takes it (+15), Carlos 0 (+10); Ana and Bea's 10 each do not count
    extra2 = HandRecord(bids=(0, 0, 0, 1), tricks=(0, 0, 0, 1), trump=B)
    sheet = score_sheet(rules, NAMES4, 0, [*MISSES_DIFFER, extra, extra2])
    assert sheet.rows[3].scored == (10, 10, 10, 15) and sheet.rows[3].points == (0, 0, 10, 15)
    assert sheet.totals == (-5, 5, 40, 45)
    assert sheet.finished and sheet.winner == 3
    assert [(p.seat, p.position) for p in sheet.standings.places] == [(3, 1), (2, 2), (1, 3), (0, 4)]


def test_the_loser_of_the_extra_hand_stays_above_the_players_outside_the_tie() -> None:
    rules = Rules(custom_sizes=(1,), tie_break=TieBreak.ONE_CARD)
    # TIED: Bea and Carlos on 10, Ana −5. Extra hand (Bea deals; order Carlos, Ana, Bea): Carlos 1 and
    # takes it (+15), Ana 0 (+10, outside the tie), Bea 1 and misses (−5) with a renuncio (−50).
    extra = HandRecord(bids=(0, 1, 1), tricks=(0, 0, 1), trump=O, renuncios=(0, 1, 0))
    sheet = score_sheet(rules, NAMES3, 0, [TIED, extra])
    assert sheet.totals == (-5, -45, 25)
    assert sheet.rows[1].penalties == (0, 50, 0)
    assert sheet.winner == 2
    # Bea lost the tie-break: second, even with fewer points than Ana, who was never in the tie.
    assert [(p.seat, p.total, p.position) for p in sheet.standings.places] == [(2, 25, 1), (1, -45, 2), (0, -5, 3)]


def test_a_correction_that_breaks_the_tie_leaves_the_extra_hand_on_the_sheet_counting_for_nobody() -> None:
    rules = Rules(custom_sizes=(1,))
    extra = HandRecord(bids=(3, 5, 5), tricks=(2, 5, 5), trump=O)  # played while Bea and Carlos were tied
    before = score_sheet(rules, NAMES3, 0, [TIED, extra])
    assert before.rows[1].needed and not before.finished
    # hand 1 corrected to HAND1: Carlos had bid 1 and taken the trick (+15), so he alone leads
    sheet = score_sheet(rules, NAMES3, 0, [HAND1, extra])
    assert sheet.totals == (-5, 10, 15) and sheet.missed == (1, 0, 0)
    assert sheet.finished and sheet.winner == 2 and sheet.next_hand is None
    assert len(sheet.rows) == 2 and sheet.unneeded == (2,)
    row = sheet.rows[1]
    assert not row.needed and row.points == (0, 0, 0) and row.penalties == (0, 0, 0)
    assert row.scored == (-5, 35, 35) and row.totals == (-5, 10, 15)
    assert not sheet.standings.decided_by_extra_hands
    # corrected back, the extra hand counts again
    assert score_sheet(rules, NAMES3, 0, [TIED, extra]) == before


# --- games saved before: their stored rules keep the old results -------------------------------------


def test_a_ludoteka_game_saved_before_still_breaks_the_tie_by_missed_bids() -> None:
    stored = {**STORED_BEFORE["ludoteka"], "custom_sizes": [3, 3]}
    sheet = score_sheet(Rules.from_dict(stored), NAMES4, 0, MISSES_DIFFER)
    assert sheet.finished and sheet.winner == 2 and sheet.standings.decided_by_misses
    # the same game started now goes to an extra hand
    assert score_sheet(
        preset_rules("ludoteka", custom_sizes=(3, 3)), NAMES4, 0, MISSES_DIFFER
    ).standings.needs_extra_hand


# Ana, outside the tie of Bea and Carlos (TIED), takes all 12 tricks of the extra hand she bid (+70);
# Carlos 0 (+10), Bea 1 and took 0 (−5). Bea deals: order Carlos, Ana, Bea.
OUTSIDER_SWEEPS = HandRecord(bids=(12, 1, 0), tricks=(12, 0, 0), trump=B)


def test_a_game_saved_before_counts_everyone_in_the_extra_hand_as_it_did() -> None:
    old = Rules.from_dict({**STORED_BEFORE["clasica"], "custom_sizes": [1]})
    sheet = score_sheet(old, NAMES3, 0, [TIED, OUTSIDER_SWEEPS])
    assert sheet.totals == (65, 5, 20) and sheet.missed == (1, 1, 0)
    assert sheet.rows[1].points == sheet.rows[1].scored == (70, -5, 10)
    assert sheet.finished and sheet.winner == 0, "before, a player outside the tie could overtake in the extra hand"
    assert sheet.playing_for_first == ()
    # now only Bea and Carlos count: Carlos wins it
    now = score_sheet(Rules(custom_sizes=(1,)), NAMES3, 0, [TIED, OUTSIDER_SWEEPS])
    assert now.totals == (-5, 5, 20) and now.finished and now.winner == 2


def test_a_game_saved_before_with_extra_hands_keeps_its_totals() -> None:
    old = Rules.from_dict({**STORED_BEFORE["clasica"], "custom_sizes": [1]})
    extra2 = HandRecord(bids=(3, 5, 5), tricks=(2, 5, 5), trump=O)
    extra3 = HandRecord(bids=(0, 6, 5), tricks=(0, 6, 6), trump=C)
    assert score_sheet(old, NAMES3, 0, [TIED, extra2]).totals == (-10, 45, 45)
    assert score_sheet(old, NAMES3, 0, [TIED, extra2]).playing_for_first == (0, 1, 2)
    sheet = score_sheet(old, NAMES3, 0, [TIED, extra2, extra3])
    assert sheet.totals == (0, 85, 40) and sheet.winner == 1


def test_a_game_saved_before_multiplies_la_pocha_on_the_sheet() -> None:
    stored = {**STORED_BEFORE["clasica"], "custom_sizes": [5], "pocha_bonus": True, "multipliers": "copas2_oros3"}
    # five cards, Ana deals: Bea 5 and takes them all (la pocha, in oros), Carlos 0, Ana 1 (forbidden 0)
    record = HandRecord(bids=(1, 5, 0), tricks=(0, 5, 0), trump=O)
    assert score_sheet(Rules.from_dict(stored), NAMES3, 0, [record]).rows[0].points == (-15, 300, 30)
    assert score_sheet(Rules.from_dict({**stored, "pocha_multiplied": False}), NAMES3, 0, [record]).rows[0].points == (
        -15,
        100,
        30,
    )


def test_with_one_card_hands_ludoteka_lets_the_dealer_close_the_total() -> None:
    record = HandRecord(bids=(1, 0, 0), tricks=(1, 0, 0), trump=O)  # Ana, dealer, bids the 1 that adds up
    with pytest.raises(ForbiddenBidError):
        score_sheet(Rules(), NAMES3, 0, [record])
    sheet = score_sheet(preset_rules("ludoteka"), NAMES3, 0, [record])
    assert sheet.rows[0].points == (15, 10, 10)


# --- special hands ----------------------------------------------------------------------------------

SPECIALS = Rules(
    custom_sizes=(1, 4, 4, 4),
    specials=(Special(HandKind.MANO_DE_ORO, 2), Special(HandKind.SIN_TRIUNFO, 3), Special(HandKind.INDIAS, 1)),
)


def test_mano_de_oro_trump_is_oros() -> None:
    plan = schedule(4, 0, SPECIALS)[1]
    assert plan.kind is HandKind.MANO_DE_ORO
    with pytest.raises(RecordError, match="mano de oro"):
        check_record(plan, HandRecord((1, 1, 1, 0), (1, 1, 1, 1), C), SPECIALS)
    check_record(plan, HandRecord((1, 1, 1, 0), (1, 1, 1, 1), O), SPECIALS)


def test_sin_triunfo_has_no_trump() -> None:
    plan = schedule(4, 0, SPECIALS)[2]
    assert plan.kind is HandKind.SIN_TRIUNFO
    with pytest.raises(RecordError, match="sin triunfo"):
        check_record(plan, HandRecord((1, 1, 1, 0), (1, 1, 1, 1), E), SPECIALS)
    check_record(plan, HandRecord((1, 1, 1, 0), (1, 1, 1, 1), None), SPECIALS)
    with pytest.raises(RecordError):
        check_trump(plan, O)


def test_indias_is_scored_as_usual() -> None:
    # one card, Ana deals; Bea and Carlos bid 1 (so Ana, last, may bid anything), Bea takes the trick
    sheet = score_sheet(SPECIALS, NAMES4, 0, [HandRecord((0, 1, 1, 0), (0, 1, 0, 0), B)])
    assert sheet.rows[0].plan.kind is HandKind.INDIAS
    assert sheet.rows[0].points == (10, 15, -5, 10)


def test_special_hands_on_the_sheet() -> None:
    records = [
        HandRecord((0, 1, 1, 0), (0, 1, 0, 0), B),
        HandRecord((1, 1, 1, 0), (1, 1, 1, 1), O),
        HandRecord((1, 1, 1, 0), (1, 1, 1, 1), None),
    ]
    rules = Rules(
        custom_sizes=SPECIALS.custom_sizes,
        specials=SPECIALS.specials,
        multipliers=Multipliers.COPAS2_OROS3,
    )
    sheet = score_sheet(rules, NAMES4, 0, records)
    assert [row.multiplier for row in sheet.rows] == [1, 3, 1]
    assert sheet.rows[1].points == (45, 45, 45, -15)  # mano de oro: oros ×3
    assert sheet.rows[2].points == (15, 15, 15, -5)  # sin triunfo: no multiplier
