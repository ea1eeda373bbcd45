"""Hand records (docs/rules.md "Bidding", "Play", "Special hands"): one hand's bids, tricks, trump and renuncios checked."""

from __future__ import annotations

import pytest

from scorekeeper.engine import (
    BidError,
    ForbiddenBidError,
    HandRecord,
    RecordError,
    Rules,
    Suit,
    check_record,
    check_tricks,
    fill_tricks,
    schedule,
    tricks_left,
)

O = Suit.OROS
NAMES4 = ("Ana", "Bea", "Carlos", "Dani")


# --- check_record -------------------------------------------------------------------------------

PLAN = schedule(4, 0)[6]  # hand 7 of the classic 4-player game: 4 cards, seat 2 deals, seat 3 is mano
LAWFUL = HandRecord(bids=(1, 1, 0, 1), tricks=(1, 1, 0, 2), trump=O)


def test_the_plan_used_below() -> None:
    assert (PLAN.cards, PLAN.dealer, PLAN.bidding_order) == (4, 2, (3, 0, 1, 2))
    check_record(PLAN, LAWFUL, Rules())


@pytest.mark.parametrize("tricks", [(1, 1, 0, 1), (1, 1, 1, 2), (0, 0, 0, 0), (4, 4, 0, 0)])
def test_tricks_must_add_up_to_the_cards(tricks: tuple[int, ...]) -> None:
    with pytest.raises(RecordError, match=f"suman {sum(tricks)} y en esta mano hay 4"):
        check_record(PLAN, HandRecord(LAWFUL.bids, tricks, O), Rules())


def test_tricks_of_each_player_in_range() -> None:
    with pytest.raises(RecordError):
        check_record(PLAN, HandRecord(LAWFUL.bids, (5, -1, 0, 0), O), Rules())


def test_bid_out_of_range() -> None:
    with pytest.raises(BidError) as caught:
        check_record(PLAN, HandRecord((5, 0, 0, 0), (1, 1, 0, 2), O), Rules(), NAMES4)
    assert caught.value.player == 0
    assert "Ana" in str(caught.value)


def test_forbidden_bid_in_a_record_names_the_dealer() -> None:
    # order Dani, Ana, Bea, Carlos (dealer): 1 + 1 + 1 = 3 of 4, Carlos may not bid 1
    with pytest.raises(ForbiddenBidError) as caught:
        check_record(PLAN, HandRecord((1, 1, 1, 1), (1, 1, 0, 2), O), Rules(), NAMES4)
    assert caught.value.player == 2
    assert str(caught.value).startswith("Carlos no puede pedir 1")


def test_bids_and_tricks_of_every_player() -> None:
    with pytest.raises(RecordError):
        check_record(PLAN, HandRecord((1, 1, 0), (1, 1, 2), O), Rules())
    with pytest.raises(RecordError):
        check_record(PLAN, HandRecord((1, 1, 0, 1), (1, 1, 2), O), Rules())


def test_renuncios_of_every_player_in_range() -> None:
    check_record(PLAN, HandRecord(LAWFUL.bids, LAWFUL.tricks, O, renuncios=(0, 3, 0, 0)), Rules())
    with pytest.raises(RecordError):
        check_record(PLAN, HandRecord(LAWFUL.bids, LAWFUL.tricks, O, renuncios=(0, 1)), Rules())
    with pytest.raises(RecordError):
        check_record(PLAN, HandRecord(LAWFUL.bids, LAWFUL.tricks, O, renuncios=(0, -1, 0, 0)), Rules())


def test_missing_trump() -> None:
    with pytest.raises(RecordError, match="Falta la pinta de la mano 7"):
        check_record(PLAN, HandRecord(LAWFUL.bids, LAWFUL.tricks, None), Rules())


# --- tricks said one by one (the web form asks them in turn) --------------------------------------


def test_tricks_said_so_far_may_not_pass_the_cards() -> None:
    check_tricks(4, (1, None, 2, None))
    check_tricks(4, (None, None, None, None))
    with pytest.raises(RecordError, match="suman 5 y en esta mano hay 4"):
        check_tricks(4, (3, None, 2, None))
    with pytest.raises(RecordError):
        check_tricks(4, (5, None, None, None))
    with pytest.raises(RecordError):
        check_tricks(4, (-1, None, None, None))


def test_every_trick_said_must_add_up_to_the_cards() -> None:
    check_tricks(4, (1, 1, 2, 0))
    with pytest.raises(RecordError, match="suman 3"):
        check_tricks(4, (1, 1, 1, 0))


def test_tricks_left_to_give_out() -> None:
    assert tricks_left(4, (1, None, 2, None)) == 1
    assert tricks_left(10, (None, None, None)) == 10
    assert tricks_left(4, (1, 1, 2, 0)) == 0


def test_the_last_player_takes_the_rest() -> None:
    assert fill_tricks(4, (1, None, 2, 0)) == (1, 1, 2, 0)
    assert fill_tricks(5, (None, 0, 0)) == (5, 0, 0)


def test_once_every_trick_is_given_out_the_others_took_none() -> None:
    assert fill_tricks(4, (2, None, 2, None)) == (2, 0, 2, 0)


def test_nothing_is_guessed_while_two_players_may_share_the_rest() -> None:
    assert fill_tricks(4, (1, None, 1, None)) == (1, None, 1, None)
    assert fill_tricks(4, (1, 1, 2, 0)) == (1, 1, 2, 0)
    with pytest.raises(RecordError):
        fill_tricks(4, (3, 2, None, None))
