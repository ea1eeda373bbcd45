"""A hand against the bots (engine/practice.py): the person bids and plays one seat; the bots, the others."""

from __future__ import annotations

from random import Random

import pytest

from scorekeeper.engine import (
    BidError,
    Card,
    Deal,
    ForbiddenBidError,
    IllegalPlayError,
    Practice,
    RecordError,
    Rules,
    Suit,
    deal_cards,
    legal_plays,
    max_cards,
    parse_cards,
    points,
    practice_hand,
    preset_rules,
    simulate_hand,
    trick_winner,
)


def table_of(*hands: str, trump: str = "O", dealer: int = 3) -> Deal:
    """A deal written by hand: each seat's cards in notation, the as of ``trump`` turned."""
    return Deal(tuple(parse_cards(hand) for hand in hands), parse_cards(f"1{trump}")[0], Suit(trump), dealer, False)


def card(text: str) -> Card:
    return parse_cards(text)[0]


# seat 0 (la mano) holds 7C 6C and wants no trick: it leads its lowest, the 6C; seat 1 must follow and beat it
FOLLOW = table_of("7C 6C", "12C 5O", "4B 6B", "4E 6E")


def test_before_the_bid_the_bots_before_you_have_bid() -> None:
    hand = practice_hand(FOLLOW, seat=2)
    assert hand.stage == "bid"
    assert hand.bid_order == (0, 1, 2, 3)
    assert hand.bids[:2] != (None, None) and hand.bids[2:] == (None, None)
    assert hand.tricks == () and hand.table == ()
    assert hand.forbidden_reason() is None  # seat 2 does not deal


def test_after_the_bid_the_bots_play_up_to_your_turn() -> None:
    hand = practice_hand(FOLLOW, seat=1, bid=1)
    assert hand.stage == "play"
    assert all(bid is not None for bid in hand.bids)
    assert [(play.player, str(play.card)) for play in hand.table] == [(0, "6C")]
    decision = hand.ruling()
    assert decision.legal == frozenset(parse_cards("12C"))
    assert str(decision.reason) == "debes asistir y superar el 6"


def test_an_illegal_card_is_refused_with_the_rule() -> None:
    with pytest.raises(IllegalPlayError) as caught:
        practice_hand(FOLLOW, seat=1, bid=1, played=parse_cards("5O"))
    assert str(caught.value) == "No puedes echar el 5O: debes asistir y superar el 6"
    with pytest.raises(IllegalPlayError, match="No tienes el 1E"):
        practice_hand(FOLLOW, seat=1, bid=1, played=parse_cards("1E"))


def test_a_hand_played_to_the_end_scores_by_the_rules() -> None:
    hand = practice_hand(FOLLOW, seat=1, bid=1, played=parse_cards("12C 5O"))
    assert hand.stage == "done"
    assert len(hand.tricks) == 2 and hand.table == ()
    assert hand.tricks[0].winner == 1  # the 12C beats the 6C, 4B and 4E
    assert sum(hand.won) == 2
    assert all(not cards for cards in hand.hands)
    assert hand.points() == tuple(points(Rules(), 2, Suit.OROS, bid or 0, won) for bid, won in zip(hand.bids, hand.won))
    with pytest.raises(RecordError):
        hand.ruling()
    with pytest.raises(IllegalPlayError, match="ya ha terminado"):
        practice_hand(FOLLOW, seat=1, bid=1, played=parse_cards("12C 5O 1E"))


def test_the_dealer_may_not_bid_the_forbidden_number() -> None:
    # seat 3 deals and bids last
    hand = practice_hand(FOLLOW, seat=3)
    assert hand.last_bidder and hand.forbidden is not None
    reason = hand.forbidden_reason()
    assert reason is not None
    said = sum(bid or 0 for bid in hand.bids)
    assert hand.forbidden == 2 - said
    assert str(reason) == f"No puedes pedir {hand.forbidden}: repartes tú, y con tu apuesta la suma sería 2 de 2"
    with pytest.raises(ForbiddenBidError) as caught:
        practice_hand(FOLLOW, seat=3, bid=hand.forbidden)
    assert str(caught.value) == str(reason)
    allowed = next(bid for bid in range(3) if bid != hand.forbidden)
    assert practice_hand(FOLLOW, seat=3, bid=allowed).stage == "play"


def test_bids_out_of_range_are_refused() -> None:
    with pytest.raises(BidError, match="Tu apuesta debe ser de 0 a 2 bazas"):
        practice_hand(FOLLOW, seat=1, bid=3)
    with pytest.raises(BidError):
        practice_hand(FOLLOW, seat=1, bid=-1)
    with pytest.raises(RecordError, match="Elige tu sitio"):
        practice_hand(FOLLOW, seat=4)


def test_one_card_hands_follow_the_rules_on_the_forbidden_bid() -> None:
    deal = table_of("7C", "12C", "4B", "4E")
    assert practice_hand(deal, seat=3, rules=preset_rules("clasica")).forbidden is not None
    assert practice_hand(deal, seat=3, rules=preset_rules("ludoteka")).forbidden is None


@pytest.mark.parametrize(
    ("players", "cards", "dealer", "seed"), [(3, 12, 0, 1), (4, 10, 1, 2), (5, 8, 4, 3), (8, 5, 7, 4), (4, 1, 2, 5)]
)
def test_playing_like_the_bot_is_the_simulated_hand(players: int, cards: int, dealer: int, seed: int) -> None:
    log = simulate_hand(players, cards, dealer, Random(seed))
    for seat in range(players):
        mine = [play.card for trick in log.tricks for play in trick.plays if play.player == seat]
        hand = practice_hand(log.deal, seat, bid=log.bids[seat], played=mine)
        assert hand.stage == "done"
        assert hand.bids == log.bids and hand.forbidden == log.forbidden
        assert hand.tricks == log.tricks
        assert hand.won == log.tricks_won and hand.points() == log.points


def test_step_by_step_every_card_is_legal_and_every_trick_goes_to_its_winner() -> None:
    rng = Random(11)
    for _ in range(40):
        players = rng.randint(3, 8)
        cards = rng.randint(1, max_cards(players))
        deal = deal_cards(players, cards, rng.randrange(players), Random(rng.random()))
        seat = rng.randrange(players)
        hand: Practice = practice_hand(deal, seat)
        bid = next(b for b in range(cards + 1) if b != (hand.forbidden if hand.last_bidder else None))
        played: list[Card] = []
        hand = practice_hand(deal, seat, bid=bid)
        while hand.stage == "play":
            assert hand.leader == (
                hand.table[0].player
                if hand.table
                else (hand.tricks[-1].winner if hand.tricks else (deal.dealer + 1) % players)
            )
            choice = sorted(hand.ruling().legal)
            played.append(choice[rng.randrange(len(choice))])
            hand = practice_hand(deal, seat, bid=bid, played=played)
        # replay it from scratch
        left = [list(cards_) for cards_ in deal.hands]
        for trick in hand.tricks:
            table: list[Card] = []
            for play in trick.plays:
                assert play.card in legal_plays(left[play.player], table, deal.trump)
                left[play.player].remove(play.card)
                table.append(play.card)
            assert trick.winner == trick.plays[trick_winner(table, deal.trump)].player
        assert not any(left)
        assert sum(hand.won) == cards
        assert [play.card for trick in hand.tricks for play in trick.plays if play.player == seat] == played
