"""The rules of play written the straightforward way, to measure the engine against: cards as text, Python sets.

Cards are their notation (``"12E"``: rank, then suit letter); no bit masks, no caches, no objects. The
rules are those of docs/rules.md, "Play": follow suit and beat the best card of it if you can (once
someone has trumped, any card of the suit will do); void, trump, and beat the best trump if you can;
else anything. Trump led: trump, and beat the best trump if you can.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

#: Strength of each rank, weakest first: 2 4 5 6 7 10 11 12 3 1.
STRENGTH: dict[str, int] = {rank: i for i, rank in enumerate(("2", "4", "5", "6", "7", "10", "11", "12", "3", "1"))}


def strength(card: str) -> int:
    """How strong ``card`` is within its suit (0: the 2, 9: the as)."""
    return STRENGTH[card[:-1]]


def suit(card: str) -> str:
    """The suit letter of ``card``."""
    return card[-1]


def best(cards: Iterable[str]) -> str | None:
    """The strongest of ``cards`` (all of one suit), or ``None`` when there are none."""
    return max(cards, key=strength, default=None)


def legal(hand: Iterable[str], table: Sequence[str], trump: str | None) -> set[str]:
    """The cards of ``hand`` that may be played on ``table`` (in the order played), ``trump`` a letter or ``None``."""
    cards = set(hand)
    if not table:
        return cards
    led = suit(table[0])
    top_trump = best(card for card in table if suit(card) == trump)
    trumps = {card for card in cards if suit(card) == trump}
    if led == trump:
        if not trumps:
            return cards
        assert top_trump is not None
        over = {card for card in trumps if strength(card) > strength(top_trump)}
        return over or trumps
    follow = {card for card in cards if suit(card) == led}
    if follow:
        if top_trump is not None:
            return follow
        top = best(card for card in table if suit(card) == led)
        assert top is not None
        over = {card for card in follow if strength(card) > strength(top)}
        return over or follow
    if trumps:
        if top_trump is None:
            return trumps
        over = {card for card in trumps if strength(card) > strength(top_trump)}
        return over or cards
    return cards


def winner(table: Sequence[str], trump: str | None) -> int:
    """The position in ``table`` of the card that takes the trick: highest trump, else highest of the suit led."""
    taker = 0
    for position in range(1, len(table)):
        card, holding = table[position], table[taker]
        if suit(card) == suit(holding):
            if strength(card) > strength(holding):
                taker = position
        elif suit(card) == trump:
            taker = position
    return taker
