"""The play of the cards (el carteo): which cards are legal and why, who wins a trick, and the deal."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CARDS, REPEATED_ON_TABLE, SUITS, Card, Suit, deck, max_cards, trump_index
from .errors import N_, IllegalPlayError, Message, RecordError
from .masks import (
    CANNOT_OVERTRUMP,
    FOLLOW_AFTER_TRUMP,
    FOLLOW_ANY,
    FOLLOW_BEAT,
    LEAD,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    TRUMP_LED_ANY_TRUMP,
    TRUMP_LED_BEAT,
    TRUMP_LED_NONE,
    VOID_NO_TRUMP,
    legal_mask,
    play_onto,
)

_REASONS: dict[int, str] = {
    LEAD: N_("sales tú: echa la que quieras"),
    TRUMP_LED_BEAT: N_("han arrastrado: debes echar triunfo y superar el %(rank)s"),
    TRUMP_LED_ANY_TRUMP: N_("han arrastrado y no puedes superar el %(rank)s: echa cualquier triunfo"),
    TRUMP_LED_NONE: N_("han arrastrado y no tienes triunfo: echa la que quieras"),
    FOLLOW_BEAT: N_("debes asistir y superar el %(rank)s"),
    FOLLOW_ANY: N_("debes asistir a %(suit)s; no puedes superar el %(rank)s: echa cualquiera de %(suit)s"),
    FOLLOW_AFTER_TRUMP: N_("debes asistir a %(suit)s; como han fallado, vale cualquiera de %(suit)s"),
    MUST_TRUMP: N_("no tienes %(suit)s: debes fallar"),
    MUST_OVERTRUMP: N_("no tienes %(suit)s y han fallado: debes superar el %(trump_rank)s de triunfo"),
    CANNOT_OVERTRUMP: N_("no puedes superar el triunfo: echa la que quieras"),
    VOID_NO_TRUMP: N_("no tienes %(suit)s ni triunfo: echa la que quieras"),
}


@dataclass(frozen=True, slots=True)
class TrickState:
    """Where a trick stands: the suit led, the best cards so far and who holds the trick (−1: none yet)."""

    led: int = -1
    best_led: int = -1
    best_trump: int = -1
    winner: int = -1

    @classmethod
    def of(cls, table: Sequence[Card], trump: Suit | None) -> TrickState:
        """The state after ``table`` (cards in the order played) with ``trump``."""
        t = trump_index(trump)
        led = best_led = best_trump = winner = -1
        for position, card in enumerate(table):
            led, best_led, best_trump, winner = play_onto(led, best_led, best_trump, winner, card.index, position, t)
        return cls(led, best_led, best_trump, winner)

    def after(self, index: int, position: int, trump: int) -> TrickState:
        """The state once card ``index`` is played as the trick's ``position``-th card."""
        return TrickState(*play_onto(self.led, self.best_led, self.best_trump, self.winner, index, position, trump))


# What the public API refuses, before any rule is applied.
_REPEATED_IN_HAND = N_("Una carta está repetida en la mano")
_IN_HAND_AND_TABLE = N_("Una carta no puede estar a la vez en la mano y en la mesa")
_NO_CARDS = N_("No te quedan cartas")
_EMPTY_TABLE = N_("No hay cartas en la mesa")


def _hand_mask(hand: Sequence[Card]) -> int:
    """The bit mask of ``hand``; ``RecordError`` when a card is in it twice."""
    mask = 0
    for card in hand:
        bit = card.bit
        if mask & bit:
            raise RecordError(_REPEATED_IN_HAND)
        mask |= bit
    return mask


def _trick(table: Sequence[Card], trump: int, repeated: str) -> tuple[int, int, int, int, int]:
    """The mask of ``table`` and the trick it makes (led suit, best led, best trump, who holds it, as ``play_onto``).

    ``RecordError`` with the message ``repeated`` when a card is on the table twice.
    """
    mask = 0
    led = best_led = best_trump = winner = -1
    for position, card in enumerate(table):
        bit = card.bit
        if mask & bit:
            raise RecordError(repeated)
        mask |= bit
        led, best_led, best_trump, winner = play_onto(led, best_led, best_trump, winner, card.index, position, trump)
    return mask, led, best_led, best_trump, winner


def _moment(hand: Sequence[Card], table: Sequence[Card], trump: int) -> tuple[int, int, int, int]:
    """A player's turn, checked: (mask of the hand, led suit, best led card, best trump), as ``legal_mask`` takes them.

    ``RecordError`` when a card is repeated, in the hand and on the table, or the hand is empty.
    """
    held = _hand_mask(hand)
    on_table, led, best_led, best_trump, _ = _trick(table, trump, _IN_HAND_AND_TABLE)
    if held & on_table:
        raise RecordError(_IN_HAND_AND_TABLE)
    if not held:
        raise RecordError(_NO_CARDS)
    return held, led, best_led, best_trump


def _cards_in(hand: Sequence[Card], held: int, mask: int) -> frozenset[Card]:
    """The cards of ``hand`` (whose mask is ``held``) that are in ``mask``."""
    if mask == held:
        return frozenset(hand)
    return frozenset([card for card in hand if mask & card.bit])


@dataclass(frozen=True, slots=True)
class Ruling:
    """The cards a player may play now, and why, in the words of the rules."""

    legal: frozenset[Card]
    reason: Message
    rule: int


def ruling(hand: Sequence[Card], table: Sequence[Card], trump: Suit | None) -> Ruling:
    """The legal cards of ``hand`` with ``table`` already played (in order), and the reason."""
    t = trump_index(trump)
    held, led, best_led, best_trump = _moment(hand, table, t)
    mask, rule = legal_mask(held, led, best_led, best_trump, t)
    params: dict[str, str | int | Message] = {}
    if led >= 0:
        params["suit"] = Message(SUITS[led].spanish)  # the suit's word, said in the page's language too
        params["rank"] = CARDS[best_trump if led == t else best_led].rank
        if best_trump >= 0:
            params["trump_rank"] = CARDS[best_trump].rank
    return Ruling(_cards_in(hand, held, mask), Message(_REASONS[rule], params), rule)


def legal_plays(hand: Sequence[Card], table: Sequence[Card], trump: Suit | None) -> frozenset[Card]:
    """The cards of ``hand`` that may be played on ``table`` (cards in the order played); never empty.

    The same set as ``ruling(...).legal``, without composing the reason.
    """
    t = trump_index(trump)
    held, led, best_led, best_trump = _moment(hand, table, t)
    return _cards_in(hand, held, legal_mask(held, led, best_led, best_trump, t)[0])


def check_play(hand: Sequence[Card], table: Sequence[Card], trump: Suit | None, card: Card) -> None:
    """Raise ``IllegalPlayError`` (a renuncio) unless ``card`` may be played now, saying the rule."""
    if card not in hand:
        raise IllegalPlayError(N_("No tienes el %(card)s"), card=str(card))
    decision = ruling(hand, table, trump)
    if card not in decision.legal:
        raise IllegalPlayError(N_("No puedes echar el %(card)s: %(reason)s"), card=str(card), reason=decision.reason)


def trick_winner(table: Sequence[Card], trump: Suit | None) -> int:
    """The position in ``table`` of the card that takes the trick: highest trump, else highest of the suit led."""
    if not table:
        raise RecordError(_EMPTY_TABLE)
    return _trick(table, trump_index(trump), REPEATED_ON_TABLE)[4]


@dataclass(frozen=True, slots=True)
class Deal:
    """A dealt hand: each seat's cards (in the order received), the card turned and the trump."""

    hands: tuple[tuple[Card, ...], ...]
    turned: Card | None
    trump: Suit | None
    dealer: int
    from_dealer: bool

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.hands)


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """A new list of ``cards`` in random order (Fisher–Yates, driven by ``rng.random``)."""
    pack = list(cards)
    draw = rng.random
    for i in range(len(pack) - 1, 0, -1):
        j = int(draw() * (i + 1))
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def deal_cards(
    players: int,
    cards: int,
    dealer: int,
    rng: random.Random,
    *,
    trump_turned: bool = True,
    fixed_trump: Suit | None = None,
) -> Deal:
    """Shuffle with ``rng`` and deal ``cards`` to each of ``players`` seats, one at a time.

    The next card is turned for trump; when every card is dealt, the dealer's
    last card shows it. ``trump_turned=False`` (sin triunfo, subastado) turns no
    card; ``fixed_trump`` (mano de oro) sets the trump whatever is turned.
    """
    top = max_cards(players)
    if isinstance(cards, bool) or not 1 <= cards <= top:
        raise RecordError(N_("Con %(players)s jugadores se reparten de 1 a %(top)s cartas"), players=players, top=top)
    if not 0 <= dealer < players:
        raise RecordError(N_("El que reparte debe ser uno de los jugadores"))
    pack = shuffled(deck(players), rng)
    used = players * cards
    hands: list[tuple[Card, ...]] = [()] * players
    for k in range(players):
        hands[(dealer + 1 + k) % players] = tuple(pack[k:used:players])
    turned: Card | None = None
    from_dealer = False
    if trump_turned:
        from_dealer = used == len(pack)
        turned = pack[used - 1] if from_dealer else pack[used]
    trump = fixed_trump if fixed_trump is not None else (turned.suit if turned is not None else None)
    return Deal(tuple(hands), turned, trump, dealer, from_dealer)
