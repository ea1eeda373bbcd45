"""The round schedule (docs/rules.md "Round schedule", "Dealer, mano and trump"): sizes, dealers, mano, bidding order."""

from __future__ import annotations

import itertools

import pytest

from scorekeeper.engine import (
    CUSTOM_PRESET,
    PRESETS,
    HandKind,
    HandPlan,
    Ones,
    Rules,
    RulesError,
    Special,
    TieBreak,
    extra_hand,
    hand_sizes,
    plan_hand,
    preset_rules,
    schedule,
)

# docs/rules.md "Players and deck": most cards each.
MAX = {3: 12, 4: 10, 5: 8, 6: 6, 7: 5, 8: 5}


def sizes(plans: tuple[HandPlan, ...]) -> list[int]:
    return [plan.cards for plan in plans]


# --- the classic game with 4 players --------------------------------------------------------------


def test_classic_four_player_game_is_28_hands() -> None:
    # "With 4 players the classic game is 28 hands: 4×1, 2…9, 4×10, 9…2, 4×1."
    expected = [1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1]
    plans = schedule(4, 0)
    assert len(plans) == 28
    assert sizes(plans) == expected
    assert list(hand_sizes(4, Rules())) == expected
    assert [plan.number for plan in plans] == list(range(1, 29))
    assert all(plan.kind is HandKind.NORMAL and plan.players == 4 for plan in plans)


@pytest.mark.parametrize("first_dealer", [0, 1, 2, 3])
def test_the_deal_passes_to_the_next_seat_every_hand(first_dealer: int) -> None:
    plans = schedule(4, first_dealer)
    assert plans[0].dealer == first_dealer
    for before, after in itertools.pairwise(plans):
        assert after.dealer == (before.dealer + 1) % 4
    assert [plan.dealer for plan in plans[:6]] == [(first_dealer + k) % 4 for k in range(6)]


@pytest.mark.parametrize("players", range(3, 9))
def test_mano_is_the_seat_after_the_dealer(players: int) -> None:
    for plan in schedule(players, players - 1):
        assert plan.mano == (plan.dealer + 1) % players


def test_bidding_starts_at_mano_and_ends_with_the_dealer() -> None:
    plan = schedule(4, 2)[0]
    assert (plan.dealer, plan.mano) == (2, 3)
    assert plan.bidding_order == (3, 0, 1, 2)
    plan = schedule(5, 0)[6]  # seventh hand: dealer 6 % 5 = 1
    assert plan.dealer == 1
    assert plan.bidding_order == (2, 3, 4, 0, 1)


@pytest.mark.parametrize("players", range(3, 9))
def test_every_seat_bids_once_from_mano_to_dealer(players: int) -> None:
    for plan in schedule(players, 1):
        order = plan.bidding_order
        assert sorted(order) == list(range(players))
        assert order[0] == plan.mano
        assert order[-1] == plan.dealer


@pytest.mark.parametrize("dealer", [-1, 4, True])
def test_first_dealer_must_be_one_of_the_players(dealer: int) -> None:
    with pytest.raises(RulesError):
        schedule(4, dealer)


@pytest.mark.parametrize("players", [2, 9])
def test_schedule_for_a_table_out_of_range(players: int) -> None:
    with pytest.raises(RulesError):
        schedule(players, 0)


# --- every preset for 3 to 8 players --------------------------------------------------------------


def expected_sizes(key: str, n: int) -> list[int]:
    """docs/rules.md's description of each preset ("Presets"), written out for ``n`` players with max ``M``."""
    m = MAX[n]
    up = list(range(2, m))  # 2, 3, … M−1
    down = up[::-1]  # M−1, … 2
    if key in ("clasica", CUSTOM_PRESET):  # N×1, 2…M−1, N×M, M−1…2, N×1
        return [1] * n + up + [m] * n + down + [1] * n
    if key == "corta":  # 1, 2…M−1, N×M, M−1…1
        return [1] + up + [m] * n + down + [1]
    if key == "rapida":  # ten hands whatever the table: 1 … 5, 5 … 1
        return [1, 2, 3, 4, 5, 5, 4, 3, 2, 1]
    if key == "ludoteka":  # up and back down: 1 … M (dealt N times) … 1
        return [1] + up + [m] * n + down + [1]
    if key == "ludoteka_subir":  # up only, ending at M
        return [1] + up + [m] * n
    if key == "ludoteka_maximo":  # only hands of M
        return [m] * n
    raise AssertionError(key)


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("key", [*PRESETS, CUSTOM_PRESET])
def test_every_preset_schedule(key: str, players: int) -> None:
    plans = schedule(players, 0, preset_rules(key))
    assert sizes(plans) == expected_sizes(key, players)
    assert all(1 <= plan.cards <= MAX[players] for plan in plans)


@pytest.mark.parametrize(("players", "hands"), [(3, 29), (4, 28), (5, 27), (6, 26), (7, 27), (8, 30)])
def test_classic_game_length(players: int, hands: int) -> None:
    # 3N one-card and max hands, plus 2 × (M − 2) hands on the way up and down
    assert len(schedule(players, 0)) == hands


def test_the_hands_with_the_max_deal_every_card() -> None:
    for players in range(3, 9):
        for plan in schedule(players, 0):
            assert plan.deals_every_card == (plan.cards == MAX[players])


# --- options ------------------------------------------------------------------------------------


def test_a_single_opening_one_card_hand_and_no_closing_ones() -> None:
    rules = Rules(opening_ones=Ones.SINGLE, closing_ones=Ones.NONE)
    assert sizes(schedule(4, 0, rules)) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 9, 8, 7, 6, 5, 4, 3, 2]


def test_no_opening_ones_and_a_single_closing_one() -> None:
    rules = Rules(opening_ones=Ones.NONE, closing_ones=Ones.SINGLE)
    assert sizes(schedule(3, 0, rules)) == [*range(2, 12), 12, 12, 12, *range(11, 1, -1), 1]


@pytest.mark.parametrize("turns", [2, 3])
@pytest.mark.parametrize("players", [3, 4, 8])
def test_two_or_three_turns_of_the_max(players: int, turns: int) -> None:
    m = MAX[players]
    plans = schedule(players, 0, Rules(max_hands=turns * players))
    got = sizes(plans)
    assert got.count(m) == turns * players
    start = players + m - 2  # after N one-card hands and 2 … M−1
    assert got[start : start + turns * players] == [m] * (turns * players)
    assert len(got) == 3 * players + 2 * (m - 2) + (turns - 1) * players
    # a full turn of dealers at the max, twice or three times: each seat deals the max the same number of times
    dealers = [plan.dealer for plan in plans if plan.cards == m]
    assert all(dealers.count(seat) == turns for seat in range(players))


def test_any_count_of_hands_at_the_max() -> None:
    assert sizes(schedule(4, 0, Rules(max_hands=1))).count(10) == 1
    assert sizes(schedule(4, 0, Rules(max_hands=7))).count(10) == 7


def test_descend_off_ends_after_the_hands_of_the_max() -> None:
    # even with closing ones asked for: "the game then ends after the hands of M"
    rules = Rules(descend=False)
    assert sizes(schedule(4, 0, rules)) == [1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    rules = Rules(descend=False, opening_ones=Ones.SINGLE, max_hands=2)
    assert sizes(schedule(5, 0, rules)) == [1, 2, 3, 4, 5, 6, 7, 8, 8]


def test_no_climb_starts_at_the_max() -> None:
    rules = Rules(opening_ones=Ones.NONE, climb=False)
    assert sizes(schedule(6, 0, rules)) == [6] * 6 + [5, 4, 3, 2] + [1] * 6


def test_custom_list_of_sizes() -> None:
    rules = Rules(custom_sizes=(3, 1, 10, 5, 5))
    plans = schedule(4, 1, rules)
    assert sizes(plans) == [3, 1, 10, 5, 5]
    assert [plan.dealer for plan in plans] == [1, 2, 3, 0, 1]
    assert [plan.number for plan in plans] == [1, 2, 3, 4, 5]


def test_custom_list_ignores_the_climb_options() -> None:
    rules = Rules(custom_sizes=(2, 2), opening_ones=Ones.NONE, climb=False, descend=False, max_hands=5)
    assert sizes(schedule(3, 0, rules)) == [2, 2]


# --- special hands ------------------------------------------------------------------------------


def test_a_special_replaces_a_scheduled_hand_and_keeps_its_size() -> None:
    rules = Rules(
        specials=(Special(HandKind.INDIAS, 2), Special(HandKind.SUBASTADO, 14), Special(HandKind.SIN_TRIUNFO, 10))
    )
    plans = schedule(4, 0, rules)
    assert len(plans) == 28
    assert sizes(plans) == sizes(schedule(4, 0))
    kinds = {plan.number: plan.kind for plan in plans if plan.kind is not HandKind.NORMAL}
    assert kinds == {2: HandKind.INDIAS, 14: HandKind.SUBASTADO, 10: HandKind.SIN_TRIUNFO}
    assert plans[9].cards == 7  # hands 5…12 have 2…9 cards: hand 10 has 7
    assert plans[13].cards == 10


def test_specials_appended_at_the_end() -> None:
    rules = Rules(
        specials=(
            Special(HandKind.INDIAS),
            Special(HandKind.SUBASTADO),
            Special(HandKind.MANO_DE_ORO),
            Special(HandKind.SIN_TRIUNFO),
        )
    )
    plans = schedule(5, 0, rules)
    assert len(plans) == 27 + 4
    assert sizes(plans)[:27] == sizes(schedule(5, 0))
    extra = plans[27:]
    assert [p.kind for p in extra] == [HandKind.INDIAS, HandKind.SUBASTADO, HandKind.MANO_DE_ORO, HandKind.SIN_TRIUNFO]
    # indias is a one-card hand; subastado needs every card
    assert extra[0].cards == 1
    assert extra[1].cards == 8
    assert [p.number for p in extra] == [28, 29, 30, 31]
    # the deal keeps passing round
    assert [p.dealer for p in extra] == [27 % 5, 28 % 5, 29 % 5, 30 % 5]


def test_special_positions_count_the_scheduled_hands_only() -> None:
    # hand 3 exists (custom list of 3); appended specials do not make room for a hand 4
    rules = Rules(custom_sizes=(1, 2, 1), specials=(Special(HandKind.MANO_DE_ORO), Special(HandKind.INDIAS, 3)))
    plans = schedule(3, 0, rules)
    assert [(p.cards, p.kind) for p in plans] == [
        (1, HandKind.NORMAL),
        (2, HandKind.NORMAL),
        (1, HandKind.INDIAS),
        (12, HandKind.MANO_DE_ORO),
    ]
    with pytest.raises(RulesError):
        schedule(
            3, 0, Rules(custom_sizes=(1, 2, 1), specials=(Special(HandKind.MANO_DE_ORO), Special(HandKind.INDIAS, 4)))
        )


# --- single hands and tie-breaks ----------------------------------------------------------------


def test_plan_hand_numbers_from_one() -> None:
    plan = plan_hand(4, 3, 1, 5)
    assert (plan.number, plan.cards, plan.dealer, plan.mano, plan.kind) == (1, 5, 3, 0, HandKind.NORMAL)
    plan = plan_hand(4, 3, 6, 5, HandKind.INDIAS)
    assert (plan.dealer, plan.mano, plan.kind) == (0, 1, HandKind.INDIAS)


def test_extra_hand_has_every_card_by_default_and_one_with_ludoteka() -> None:
    plan = extra_hand(4, 0, 29, Rules())
    assert (plan.number, plan.cards, plan.kind, plan.dealer) == (29, 10, HandKind.DESEMPATE, 0)
    assert plan.is_extra
    plan = extra_hand(5, 2, 30, Rules(tie_break=TieBreak.ONE_CARD))
    assert (plan.cards, plan.dealer, plan.mano) == (1, (2 + 29) % 5, (3 + 29) % 5)
    assert not schedule(4, 0)[0].is_extra
