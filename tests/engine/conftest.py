"""Helpers for the engine tests: cards, legal sets and reasons written in the notation of docs/rules.md, "Cards".

They are fixtures (session-scoped, so ``hypothesis`` tests may use them too):

    def test_follow_and_beat(legal):
        assert legal("7C 1C 5O", table="5C", trump="O") == "7C 1C"

``legal`` and ``show`` write cards sorted in deck order (oros, copas, espadas, bastos; weakest first
within a suit, as 2 4 5 6 7 10 11 12 3 1). ``replay`` checks a simulated hand from scratch.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

import pytest

from scorekeeper.engine import (
    Card,
    HandKind,
    HandLog,
    HandRecord,
    Rules,
    Suit,
    check_bids,
    check_record,
    forbidden_bid_for,
    legal_plays,
    parse_cards,
    plan_hand,
    points,
    ruling,
    trick_winner,
)

Cards = Callable[[str], tuple[Card, ...]]
Show = Callable[[Iterable[Card]], str]
Legal = Callable[..., str]
Replay = Callable[[HandLog, Rules], None]


def cards_in(text: str) -> tuple[Card, ...]:
    """The cards of ``text`` (``"1O 3O 12E"``), in the order written."""
    return parse_cards(text)


def show_cards(cards: Iterable[Card]) -> str:
    """Cards as sorted notation (deck order: oros, copas, espadas, bastos; weakest first in each suit)."""
    return " ".join(str(card) for card in sorted(cards))


def suit_of(letter: str | None) -> Suit | None:
    """The trump for a letter (``"O"``); ``None`` or ``""`` for sin triunfo."""
    return Suit(letter) if letter else None


def legal_text(hand: str, table: str = "", trump: str | None = "O") -> str:
    """The legal cards of ``hand`` with ``table`` played (in order) and ``trump``, as sorted notation."""
    return show_cards(ruling(cards_in(hand), cards_in(table), suit_of(trump)).legal)


def reason_text(hand: str, table: str = "", trump: str | None = "O") -> str:
    """Why those cards are legal, as the player reads it (the Spanish sentence)."""
    return str(ruling(cards_in(hand), cards_in(table), suit_of(trump)).reason)


@pytest.fixture(scope="session")
def cards() -> Cards:
    """``cards("1O 3O")``: parse notation into a tuple of cards."""
    return cards_in


@pytest.fixture(scope="session")
def show() -> Show:
    """``show(cards)``: sorted notation, to compare sets of cards as text."""
    return show_cards


@pytest.fixture(scope="session")
def legal() -> Legal:
    """``legal(hand, table="", trump="O")``: the legal cards as sorted notation (``trump=None``: sin triunfo)."""
    return legal_text


@pytest.fixture(scope="session")
def reason() -> Legal:
    """``reason(hand, table="", trump="O")``: the ruling's reason as the player reads it."""
    return reason_text


def replay_hand(log: HandLog, rules: Rules) -> None:
    """Check a simulated hand from scratch, with the public rules only; fail on the first thing that is wrong.

    The bids are lawful and the dealer's is not the forbidden one; every play is by the right seat, from
    its hand at that moment, out of a legal set that equals ``legal_plays`` recomputed on the table; each
    trick goes to ``trick_winner``, who leads the next; every card is played once; the tricks add up to
    the cards and the points are ``points(...)``.
    """
    deal = log.deal
    n, cards, trump, dealer = deal.players, log.cards, deal.trump, deal.dealer
    assert all(len(hand) == cards for hand in deal.hands)
    mano = (dealer + 1) % n
    # bids: la mano to the dealer, the dealer's forbidden bid respected
    assert log.bid_order == tuple((mano + i) % n for i in range(n))
    in_order = [log.bids[seat] for seat in log.bid_order]
    assert log.forbidden == forbidden_bid_for(cards, in_order[:-1], rules)
    assert in_order[-1] != log.forbidden
    check_bids(cards, in_order, log.bid_order, rules)
    # the play
    hands = [list(hand) for hand in deal.hands]
    played: list[Card] = []
    leader = mano
    assert len(log.tricks) == cards
    for trick in log.tricks:
        assert trick.leader == leader
        assert [play.player for play in trick.plays] == [(leader + i) % n for i in range(n)]
        table: list[Card] = []
        for play in trick.plays:
            hand = hands[play.player]
            assert play.card in hand
            assert play.legal == legal_plays(hand, table, trump)
            assert play.card in play.legal
            hand.remove(play.card)
            table.append(play.card)
        assert trick.winner == trick.plays[trick_winner(table, trump)].player
        leader = trick.winner
        played += table
    assert all(not hand for hand in hands)
    assert len(played) == len(set(played)) == n * cards
    assert set(played) == {card for hand in deal.hands for card in hand}
    # tricks and points
    won = Counter(trick.winner for trick in log.tricks)
    assert log.tricks_won == tuple(won[seat] for seat in range(n))
    assert sum(log.tricks_won) == cards
    assert log.winners == tuple(trick.winner for trick in log.tricks)
    assert log.points == tuple(points(rules, cards, trump, log.bids[s], log.tricks_won[s]) for s in range(n))
    # and the table could write it on the sheet
    plan = plan_hand(n, dealer, 1, cards, HandKind.NORMAL if trump is not None else HandKind.SIN_TRIUNFO)
    check_record(plan, HandRecord(log.bids, log.tricks_won, trump), rules)


@pytest.fixture(scope="session")
def replay() -> Replay:
    """``replay(log, rules)``: check a simulated hand against the rules, recomputed from scratch."""
    return replay_hand
