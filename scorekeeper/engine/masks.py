"""The rules of play on bit masks: a hand's legal cards and a card played onto a trick, in a few integer operations.

A card is its index (suit × 10 + strength, as ``Card.index``), a set of cards the mask with those bits
set, a suit its index (−1: none). The public play API (``play``) and the simulator build on these.
"""

from __future__ import annotations

# Cards as bits: bit ``card.index`` (suit × 10 + strength). Masks make the rules a few integer operations.
SUIT_MASK: tuple[int, ...] = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
#: ABOVE[i]: the cards of the same suit stronger than card i; ABOVE[-1] (no card yet) is every card.
ABOVE: tuple[int, ...] = (*tuple(SUIT_MASK[i // 10] & ~((2 << i) - 1) for i in range(40)), (1 << 40) - 1)

# Why a set of cards is legal: one code per rule of docs/rules.md, "Play".
LEAD, TRUMP_LED_BEAT, TRUMP_LED_ANY_TRUMP, TRUMP_LED_NONE = 0, 1, 2, 3
FOLLOW_BEAT, FOLLOW_ANY, FOLLOW_AFTER_TRUMP = 4, 5, 6
MUST_TRUMP, MUST_OVERTRUMP, CANNOT_OVERTRUMP, VOID_NO_TRUMP = 7, 8, 9, 10


def legal_mask(hand: int, led: int, best_led: int, best_trump: int, trump: int) -> tuple[int, int]:
    """The legal cards of ``hand`` (a mask) and the rule that makes them so.

    ``led`` is the suit index led (−1 when the table is empty), ``best_led`` and
    ``best_trump`` the highest card index of the led suit and of trump on the
    table (−1 for none), ``trump`` the trump suit index (−1 for none).
    """
    if led < 0:
        return hand, LEAD
    if led == trump:
        trumps = hand & SUIT_MASK[trump]
        if not trumps:
            return hand, TRUMP_LED_NONE
        over = trumps & ABOVE[best_trump]
        return (over, TRUMP_LED_BEAT) if over else (trumps, TRUMP_LED_ANY_TRUMP)
    follow = hand & SUIT_MASK[led]
    if follow:
        if best_trump >= 0:
            return follow, FOLLOW_AFTER_TRUMP
        over = follow & ABOVE[best_led]
        return (over, FOLLOW_BEAT) if over else (follow, FOLLOW_ANY)
    if trump >= 0:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            if best_trump < 0:
                return trumps, MUST_TRUMP
            over = trumps & ABOVE[best_trump]
            return (over, MUST_OVERTRUMP) if over else (hand, CANNOT_OVERTRUMP)
    return hand, VOID_NO_TRUMP


def play_onto(
    led: int, best_led: int, best_trump: int, winner: int, index: int, position: int, trump: int
) -> tuple[int, int, int, int]:
    """The trick once card ``index`` is played onto it as its ``position``-th card: the rule of who holds it.

    The trick is (led suit, best card of that suit, best trump, position of the
    card holding it), all −1 before the first card; ``trump`` is a suit index or −1.
    """
    suit = index // 10
    if led < 0:
        return suit, index, index if suit == trump else -1, position
    if suit == trump:
        if index > best_trump:
            return led, best_led, index, position
    elif suit == led and best_trump < 0 and index > best_led:
        return led, index, -1, position
    return led, best_led, best_trump, winner
