"""Bidding (docs/rules.md "Bidding", "Special hands"): the dealer's forbidden bid, bids in range, the auction."""

from __future__ import annotations

import pytest

from scorekeeper.engine import (
    BidError,
    ForbiddenBidError,
    HandKind,
    HandPlan,
    HandRecord,
    PochaError,
    RecordError,
    Rules,
    Special,
    Suit,
    auction_winner,
    bid_order,
    check_bid,
    check_bids,
    check_record,
    forbidden_bid,
    forbidden_bid_for,
    forbidden_reason,
    leader,
    preset_rules,
    schedule,
)

# --- the dealer's forbidden bid -------------------------------------------------------------------


def test_rules_md_example_three_players_eight_cards_bids_4_and_3_dealer_may_not_bid_1() -> None:
    assert forbidden_bid(8, [4, 3]) == 1
    with pytest.raises(ForbiddenBidError):
        check_bid(8, 1, [4, 3], last=True)
    # "Tendrán que ser 2 bazas o ninguna (u otro número, pero diferente de 1)"
    for bid in (0, 2, 3, 4, 5, 6, 7, 8):
        check_bid(8, bid, [4, 3], last=True)


@pytest.mark.parametrize(
    ("cards", "earlier", "forbidden"),
    [
        (1, [0, 0, 0], 1),
        (1, [1, 0, 0], 0),
        (5, [0, 0, 0], 5),
        (5, [5, 0], 0),
        (10, [2, 3, 1], 4),
        (12, [4, 4], 4),
        (3, [], 3),
    ],
)
def test_forbidden_bid_makes_the_total_equal_the_cards(cards: int, earlier: list[int], forbidden: int) -> None:
    assert forbidden_bid(cards, earlier) == forbidden
    assert sum(earlier) + forbidden == cards


@pytest.mark.parametrize(("cards", "earlier"), [(3, [2, 2]), (1, [1, 1]), (8, [5, 4, 0]), (5, [5, 5, 5])])
def test_no_forbidden_bid_when_the_earlier_bids_exceed_the_cards(cards: int, earlier: list[int]) -> None:
    assert forbidden_bid(cards, earlier) is None
    for bid in range(cards + 1):  # so the dealer may bid anything
        check_bid(cards, bid, earlier, last=True)


def test_forbidden_bid_error_names_the_player_and_says_no_puede_pedir() -> None:
    with pytest.raises(ForbiddenBidError) as caught:
        check_bid(8, 1, [4, 3], last=True, player=2, name="Lola")
    error = caught.value
    assert error.player == 2
    assert "Lola" in str(error)
    assert "no puede pedir" in str(error)
    assert "no puede pedir 1" in str(error.message)
    assert isinstance(error, BidError) and isinstance(error, PochaError) and isinstance(error, ValueError)


def test_forbidden_reason_is_the_sentence_of_the_error() -> None:
    assert str(forbidden_reason(8, 1, "Lola")) == "Lola no puede pedir 1: la suma sería 8 de 8"
    with pytest.raises(ForbiddenBidError) as caught:
        check_bid(8, 1, [4, 3], last=True, name="Lola")
    assert caught.value.message == forbidden_reason(8, 1, "Lola")


def test_forbidden_bid_error_without_a_name_says_the_seat_number() -> None:
    with pytest.raises(ForbiddenBidError, match=r"^3 no puede pedir"):
        check_bid(8, 1, [4, 3], last=True, player=2)


def test_check_bids_names_the_dealer_from_the_names_by_seat() -> None:
    names = ["Ana", "Bea", "Carlos"]
    # dealer seat 0, mano seat 1: order 1, 2, 0
    with pytest.raises(ForbiddenBidError) as caught:
        check_bids(8, [4, 3, 1], (1, 2, 0), names=names)
    assert caught.value.player == 0
    assert str(caught.value).startswith("Ana no puede pedir 1")
    check_bids(8, [4, 3, 2], (1, 2, 0), names=names)


def test_only_the_last_bidder_is_restricted() -> None:
    # the first bidders may bid anything, even what would close the total so far
    check_bid(3, 3, [], last=False)
    check_bids(8, [8], (1, 2, 0))
    check_bids(8, [4, 4], (1, 2, 0))  # incomplete: nobody restricted yet
    with pytest.raises(ForbiddenBidError):
        check_bids(8, [4, 4, 0], (1, 2, 0))


def test_more_bids_than_players() -> None:
    with pytest.raises(RecordError):
        check_bids(3, [0, 0, 0, 0], (1, 2, 0))


@pytest.mark.parametrize("bid", [-1, 9, 100, True, 2.5, "2", None])
def test_bids_are_whole_numbers_from_0_to_the_cards(bid: object) -> None:
    with pytest.raises(BidError) as caught:
        check_bid(8, bid, player=1)  # type: ignore[arg-type]
    assert not isinstance(caught.value, ForbiddenBidError)
    assert caught.value.player == 1
    assert "de 0 a 8 bazas" in str(caught.value)


def test_zero_and_all_the_cards_are_in_range() -> None:
    check_bid(8, 0)
    check_bid(8, 8)


def test_an_out_of_range_bid_in_a_set_names_its_player() -> None:
    with pytest.raises(BidError) as caught:
        check_bids(2, [0, 3, 0], (2, 0, 1), names=["Ana", "Bea", "Carlos"])
    assert caught.value.player == 0
    assert "Ana" in str(caught.value)


# --- one-card hands -----------------------------------------------------------------------------


def test_forbidden_bid_applies_in_one_card_hands_by_default() -> None:
    assert forbidden_bid_for(1, [0, 0, 0], Rules()) == 1
    with pytest.raises(ForbiddenBidError):
        check_bid(1, 1, [0, 0, 0], last=True)
    with pytest.raises(ForbiddenBidError):
        check_bid(1, 1, [0, 0, 0], last=True, rules=preset_rules("clasica"))


@pytest.mark.parametrize("key", ["ludoteka", "ludoteka_subir", "ludoteka_maximo"])
def test_ludoteka_does_not_apply_it_to_one_card_hands(key: str) -> None:
    rules = preset_rules(key)
    assert forbidden_bid_for(1, [0, 0, 0], rules) is None
    check_bid(1, 1, [0, 0, 0], last=True, rules=rules)
    check_bid(1, 0, [1, 0, 0], last=True, rules=rules)
    # but it does in every other hand
    assert forbidden_bid_for(2, [1, 0, 0], rules) == 1
    with pytest.raises(ForbiddenBidError):
        check_bid(2, 1, [1, 0, 0], last=True, rules=rules)


@pytest.mark.parametrize("key", ["corta"])
def test_other_presets_apply_it_to_one_card_hands(key: str) -> None:
    assert forbidden_bid_for(1, [0, 0, 0], preset_rules(key)) == 1


# --- subastado ----------------------------------------------------------------------------------


def test_the_highest_offer_wins_the_auction() -> None:
    result = auction_winner([3, 2, 6, 4], dealer=0)
    assert (result.winner, result.bid, result.leader) == (2, 6, 2)


@pytest.mark.parametrize(("dealer", "winner"), [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_all_tied_the_player_just_after_the_dealer_wins(dealer: int, winner: int) -> None:
    assert auction_winner([4, 4, 4, 4], dealer).winner == winner


@pytest.mark.parametrize(("dealer", "winner"), [(0, 2), (1, 2), (2, 0), (3, 0)])
def test_tie_between_two_goes_to_the_nearest_after_the_dealer(dealer: int, winner: int) -> None:
    # seats 0 and 2 offer 5; seat 1 and 3 less
    assert auction_winner([5, 2, 5, 1], dealer).winner == winner


def test_the_dealer_loses_a_tie_with_anyone() -> None:
    assert auction_winner([5, 1, 5], dealer=0).winner == 2
    assert auction_winner([5, 5, 1], dealer=0).winner == 1
    assert auction_winner([1, 2, 2, 7, 7], dealer=3).winner == 4


def test_the_others_bid_again_in_turn_after_the_winner() -> None:
    assert auction_winner([3, 2, 6, 4], dealer=0).rebid_order == (3, 0, 1)
    assert auction_winner([1, 1, 1, 1, 1], dealer=1).rebid_order == (3, 4, 0, 1)


def test_auction_needs_every_offer() -> None:
    with pytest.raises(RecordError):
        auction_winner([3, 4], 0)


def subastado_plan(first_dealer: int = 0) -> HandPlan:
    """The subastado appended to a 4-player classic game: hand 29, ten cards, dealt by ``first_dealer``."""
    plan = schedule(4, first_dealer, Rules(specials=(Special(HandKind.SUBASTADO),)))[-1]
    assert (plan.kind, plan.cards, plan.number, plan.dealer) == (HandKind.SUBASTADO, 10, 29, first_dealer)
    return plan


RULES = Rules(specials=(Special(HandKind.SUBASTADO),))


def test_subastado_the_winner_leads_and_bids_first() -> None:
    plan = subastado_plan(0)
    offers = (6, 2, 3, 2)  # the dealer (seat 0) offers most
    assert bid_order(plan, offers) == (0, 1, 2, 3)
    assert leader(plan, offers) == 0
    offers = (2, 2, 7, 3)
    assert bid_order(plan, offers) == (2, 3, 0, 1)
    assert leader(plan, offers) == 2
    # without the auction it is the usual order
    assert bid_order(plan) == (1, 2, 3, 0)


def test_subastado_the_last_rebidder_carries_the_restriction() -> None:
    plan = subastado_plan(0)
    names = ["Ana", "Bea", "Carlos", "Dani"]
    offers = (6, 2, 3, 2)  # Ana (the dealer) wins with 6; Bea, Carlos and Dani bid again
    # Dani is last: 6 + 1 + 2 = 9 of 10, so Dani may not bid 1
    record = HandRecord(bids=(6, 1, 2, 1), tricks=(6, 1, 2, 1), trump=Suit.ESPADAS, offers=offers)
    with pytest.raises(ForbiddenBidError) as caught:
        check_record(plan, record, RULES, names)
    assert caught.value.player == 3
    assert str(caught.value).startswith("Dani no puede pedir 1")
    # Dani bids 0 instead: lawful
    check_record(plan, HandRecord((6, 1, 2, 0), (6, 1, 2, 1), Suit.ESPADAS, offers=offers), RULES, names)


def test_subastado_won_by_mano_the_dealer_is_last_to_rebid() -> None:
    plan = subastado_plan(2)  # dealer seat 2, mano seat 3
    offers = (1, 2, 3, 3)  # seats 2 and 3 tie on 3: seat 3 is just after the dealer
    assert bid_order(plan, offers) == (3, 0, 1, 2)
    with pytest.raises(ForbiddenBidError) as caught:
        check_record(plan, HandRecord((1, 2, 4, 3), (1, 2, 4, 3), Suit.OROS, offers=offers), RULES)
    assert caught.value.player == 2


def test_subastado_the_winner_keeps_the_offer() -> None:
    plan = subastado_plan(0)
    offers = (6, 2, 3, 2)
    with pytest.raises(RecordError, match="mantiene su apuesta de 6"):
        check_record(plan, HandRecord((5, 1, 2, 0), (5, 1, 2, 2), Suit.ESPADAS, offers=offers), RULES)


def test_subastado_needs_the_auction_and_a_chosen_trump() -> None:
    plan = subastado_plan(0)
    with pytest.raises(RecordError):
        check_record(plan, HandRecord((6, 1, 2, 0), (6, 1, 2, 1), Suit.ESPADAS), RULES)
    with pytest.raises(RecordError):
        check_record(plan, HandRecord((6, 1, 2, 0), (6, 1, 2, 1), Suit.ESPADAS, offers=(6, 2, 3)), RULES)
    with pytest.raises(RecordError):
        check_record(plan, HandRecord((6, 1, 2, 0), (6, 1, 2, 1), Suit.ESPADAS, offers=(6, 2, 3, 11)), RULES)
    with pytest.raises(RecordError):
        check_record(plan, HandRecord((6, 1, 2, 0), (6, 1, 2, 1), None, offers=(6, 2, 3, 2)), RULES)


def test_only_subastado_has_an_auction() -> None:
    plan = schedule(4, 0)[5]
    with pytest.raises(RecordError):
        check_record(plan, HandRecord((0, 0, 0, 1), (0, 0, 0, 3), Suit.OROS, offers=(1, 1, 1, 1)), Rules())
