"""Scoring (docs/rules.md "Scoring"): exact and missed bids, multipliers, la pocha, renuncios, custom values."""

from __future__ import annotations

import pytest

from scorekeeper.engine import Multipliers, RecordError, Rules, Suit, hand_points, points, renuncio_points

CLASSIC = Rules()
O, C, E, B = Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS

# --- exact and missed bids ----------------------------------------------------------------------


def test_bid_2_took_2_scores_20() -> None:
    assert points(CLASSIC, 5, O, bid=2, tricks=2) == 20


def test_bid_0_took_0_scores_10() -> None:
    assert points(CLASSIC, 5, O, bid=0, tricks=0) == 10
    assert points(CLASSIC, 1, E, bid=0, tricks=0) == 10


@pytest.mark.parametrize("tricks", [4, 6])
def test_bid_5_took_4_or_6_loses_5(tricks: int) -> None:
    assert points(CLASSIC, 8, O, bid=5, tricks=tricks) == -5


def test_bid_3_took_0_loses_15() -> None:
    assert points(CLASSIC, 8, B, bid=3, tricks=0) == -15
    assert points(CLASSIC, 8, B, bid=0, tricks=3) == -15


@pytest.mark.parametrize(("cards", "tricks", "expected"), [(1, 1, 15), (3, 3, 25), (10, 7, 45), (12, 12, 70)])
def test_exact_bid_is_10_plus_5_per_trick(cards: int, tricks: int, expected: int) -> None:
    assert points(CLASSIC, cards, C, bid=tricks, tricks=tricks) == expected


def test_hand_points_uses_the_classic_values_by_default() -> None:
    assert hand_points(2, 2) == 20
    assert hand_points(0, 0) == 10
    assert hand_points(5, 4) == -5
    assert hand_points(3, 0) == -15


# --- multipliers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "won", "lost"),
    [(C, 40, -30), (O, 60, -45), (E, 20, -15), (B, 20, -15), (None, 20, -15)],
)
def test_copas_double_and_oros_triple_won_or_lost(trump: Suit | None, won: int, lost: int) -> None:
    rules = Rules(multipliers=Multipliers.COPAS2_OROS3)
    assert points(rules, 6, trump, bid=2, tricks=2) == won  # 20 × factor
    assert points(rules, 6, trump, bid=3, tricks=0) == lost  # −15 × factor


@pytest.mark.parametrize(("trump", "won", "lost"), [(O, 40, -10), (C, 20, -5), (E, 20, -5), (B, 20, -5)])
def test_oros_double_only(trump: Suit, won: int, lost: int) -> None:
    rules = Rules(multipliers=Multipliers.OROS2)
    assert points(rules, 6, trump, bid=2, tricks=2) == won
    assert points(rules, 6, trump, bid=2, tricks=1) == lost


def test_no_multipliers_by_default() -> None:
    for trump in (O, C, E, B):
        assert points(CLASSIC, 6, trump, bid=2, tricks=2) == 20


# --- la pocha -----------------------------------------------------------------------------------

POCHA = Rules(pocha_bonus=True)


def test_la_pocha_bidding_and_taking_every_trick_of_5_or_more_scores_100() -> None:
    assert points(POCHA, 5, O, bid=5, tricks=5) == 100
    assert points(POCHA, 8, C, bid=8, tricks=8) == 100
    assert points(POCHA, 12, E, bid=12, tricks=12) == 100


def test_no_pocha_below_5_cards() -> None:
    assert points(POCHA, 4, O, bid=4, tricks=4) == 30
    assert points(POCHA, 1, O, bid=1, tricks=1) == 15


def test_no_pocha_when_the_option_is_off() -> None:
    assert points(CLASSIC, 5, O, bid=5, tricks=5) == 35
    assert points(CLASSIC, 10, O, bid=10, tricks=10) == 60


def test_no_pocha_without_bidding_every_trick_or_without_making_it() -> None:
    assert points(POCHA, 8, O, bid=6, tricks=6) == 40  # not every trick
    assert points(POCHA, 5, O, bid=5, tricks=4) == -5  # missed
    assert points(POCHA, 5, O, bid=4, tricks=5) == -5  # took them all without asking


def test_pocha_points_and_minimum_cards_are_options() -> None:
    rules = Rules(pocha_bonus=True, pocha_points=150, pocha_min_cards=6)
    assert points(rules, 6, O, bid=6, tricks=6) == 150
    assert points(rules, 5, O, bid=5, tricks=5) == 35


def test_la_pocha_scores_its_100_whatever_the_trump_by_default() -> None:
    # Wikipedia: la pocha "sumará directamente 100 puntos"; the multiplier is for the usual score.
    rules = Rules(pocha_bonus=True, multipliers=Multipliers.COPAS2_OROS3)
    assert points(rules, 5, O, bid=5, tricks=5) == 100
    assert points(rules, 5, C, bid=5, tricks=5) == 100
    assert points(rules, 5, E, bid=5, tricks=5) == 100
    assert points(Rules(pocha_bonus=True, multipliers=Multipliers.OROS2), 8, O, bid=8, tricks=8) == 100


def test_the_multiplier_still_applies_around_la_pocha() -> None:
    rules = Rules(pocha_bonus=True, multipliers=Multipliers.COPAS2_OROS3)
    assert points(rules, 5, O, bid=4, tricks=4) == 30 * 3  # not every trick: the usual score, tripled
    assert points(rules, 5, O, bid=5, tricks=4) == -5 * 3  # la pocha missed: a miss, tripled
    assert points(rules, 4, C, bid=4, tricks=4) == 30 * 2  # below 5 cards there is no pocha
    assert points(rules, 5, O, bid=5, tricks=5, renuncios=1) == 100 - 50


def test_with_the_option_the_multiplier_applies_to_la_pocha_too() -> None:
    rules = Rules(pocha_bonus=True, multipliers=Multipliers.COPAS2_OROS3, pocha_multiplied=True)
    assert points(rules, 5, O, bid=5, tricks=5) == 300
    assert points(rules, 5, C, bid=5, tricks=5) == 200
    assert points(rules, 5, B, bid=5, tricks=5) == 100
    assert points(rules, 5, O, bid=5, tricks=5, renuncios=1) == 300 - 50  # the renuncio is never multiplied


def test_a_game_saved_before_the_option_multiplies_la_pocha_as_it_did() -> None:
    stored = {"pocha_bonus": True, "multipliers": "copas2_oros3", "tie_break": "all_cards"}  # no pocha_multiplied key
    assert points(Rules.from_dict(stored), 6, O, bid=6, tricks=6) == 300
    assert points(Rules.from_dict({**stored, "pocha_multiplied": False}), 6, O, bid=6, tricks=6) == 100


def test_hand_points_multiplies_la_pocha_only_when_asked() -> None:
    assert hand_points(5, 5, cards=5, pocha_points=100, multiplier=3) == 100
    assert hand_points(5, 5, cards=5, pocha_points=100, multiplier=3, pocha_multiplied=True) == 300
    assert hand_points(3, 3, cards=5, pocha_points=100, multiplier=3, pocha_multiplied=False) == 75


# --- renuncios ----------------------------------------------------------------------------------


def test_a_renuncio_costs_50_on_top_of_the_hand() -> None:
    assert points(CLASSIC, 3, O, bid=1, tricks=1, renuncios=1) == 15 - 50
    assert points(CLASSIC, 3, O, bid=1, tricks=0, renuncios=1) == -5 - 50


def test_several_renuncios_in_a_hand() -> None:
    assert points(CLASSIC, 3, O, bid=1, tricks=1, renuncios=2) == 15 - 100
    assert points(CLASSIC, 3, O, bid=0, tricks=0, renuncios=3) == 10 - 150


def test_what_renuncios_take_off_a_hand() -> None:
    assert renuncio_points(0) == 0 and renuncio_points(3) == 150
    assert renuncio_points(2, renuncio_penalty=30) == 60
    assert points(CLASSIC, 3, O, bid=1, tricks=1, renuncios=2) == points(
        CLASSIC, 3, O, bid=1, tricks=1
    ) - renuncio_points(2)


def test_renuncio_penalties_are_not_multiplied() -> None:
    rules = Rules(multipliers=Multipliers.COPAS2_OROS3)
    assert points(rules, 3, O, bid=1, tricks=1, renuncios=1) == 45 - 50
    assert points(rules, 3, C, bid=1, tricks=0, renuncios=2) == -10 - 100


def test_the_renuncio_penalty_is_an_option() -> None:
    assert points(Rules(renuncio_penalty=100), 3, O, bid=1, tricks=1, renuncios=2) == 15 - 200
    assert points(Rules(renuncio_penalty=0), 3, O, bid=1, tricks=1, renuncios=2) == 15


# --- custom values ------------------------------------------------------------------------------


def test_custom_points() -> None:
    rules = Rules(exact_base=20, exact_per_trick=10, miss_per_trick=3)
    assert points(rules, 6, O, bid=2, tricks=2) == 40
    assert points(rules, 6, O, bid=0, tricks=0) == 20
    assert points(rules, 6, O, bid=2, tricks=5) == -9
    assert hand_points(2, 2, exact_base=0, exact_per_trick=1) == 2


# --- impossible results ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "renuncios"), [(-1, 0, 0), (0, -1, 0), (0, 0, -1), (True, 1, 0), (1.0, 1, 0), (1, "1", 0)]
)
def test_negative_or_non_whole_numbers_are_rejected(bid: object, tricks: object, renuncios: object) -> None:
    with pytest.raises(RecordError):
        hand_points(bid, tricks, renuncios=renuncios)  # type: ignore[arg-type]


def test_more_than_the_cards_is_rejected() -> None:
    with pytest.raises(RecordError):
        points(CLASSIC, 3, O, bid=4, tricks=0)
    with pytest.raises(RecordError):
        points(CLASSIC, 3, O, bid=0, tricks=4)
