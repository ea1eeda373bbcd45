"""The Spanish deck: suits, cards in notation like ``12E``, their order and bits, and the deck for each table."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import ClassVar

from .counts import is_whole
from .errors import N_, InvalidCardError, RecordError, RulesError
from .masks import play_onto

#: Ranks from low to high; a card's strength is its position here.
ORDER: tuple[int, ...] = (2, 4, 5, 6, 7, 10, 11, 12, 3, 1)
RANKS: frozenset[int] = frozenset(ORDER)
_STRENGTH = {rank: i for i, rank in enumerate(ORDER)}


class Suit(enum.Enum):
    """The four Spanish suits; the value is the letter used in card notation."""

    OROS = "O"
    COPAS = "C"
    ESPADAS = "E"
    BASTOS = "B"

    #: Position of the suit in the deck (oros 0, copas 1, espadas 2, bastos 3): a plain attribute, read often.
    index: int

    @property
    def spanish(self) -> str:
        """The suit's name as players say it: ``oros``, ``copas``…"""
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter (``O``) or its name (``oros``), any case."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.value, suit.name):
                return suit
        raise InvalidCardError(N_("«%(text)s» no es un palo: oros (O), copas (C), espadas (E) o bastos (B)"), text=text)


SUITS: tuple[Suit, ...] = tuple(Suit)
for _position, _suit in enumerate(SUITS):
    _suit.index = _position

#: How "no trump" (sin triunfo) is written where a trump's letter goes.
NO_TRUMP = "-"


def trump_code(trump: Suit | None) -> str:
    """A trump in notation: its suit letter, or ``-`` for no trump."""
    return trump.value if trump is not None else NO_TRUMP


def trump_of(code: str | None) -> Suit | None:
    """The trump written as ``code`` (a suit letter or name; ``-`` or ``None``: no trump)."""
    return None if code in (None, NO_TRUMP) else Suit.parse(str(code))


def trump_index(trump: Suit | None) -> int:
    """The trump's suit index, −1 for no trump: the trump as the kernel (``masks``) takes it."""
    return -1 if trump is None else trump.index


#: What a trick refuses: the same card played twice.
REPEATED_ON_TABLE = N_("Una carta está repetida en la mesa")


class Card:
    """One card: a rank (1–7, 10–12) and a suit. Immutable; one object per card.

    ``Card.parse("12E")`` reads the notation, ``str(card)`` writes it back, and
    ``card.index`` (0–39: suit × 10 + strength) is its place in the deck; ``card.bit``
    is ``1 << card.index``. Two cards are equal only when they are the same object.
    """

    __slots__ = ("_text", "bit", "index", "rank", "strength", "suit")

    rank: int
    suit: Suit
    strength: int
    index: int
    bit: int
    _text: str
    _cache: ClassVar[dict[tuple[object, object], Card]] = {}

    def __new__(cls, rank: object, suit: object) -> Card:
        """The card of this rank and suit (always the same object); anything else raises ``InvalidCardError``."""
        # Only a true int: True or 1.0 compare equal to 1 and would otherwise pass (or hit the cache).
        if type(rank) is int:
            try:
                return cls._cache[(rank, suit)]
            except (KeyError, TypeError):
                pass
        if not isinstance(suit, Suit) or type(rank) is not int or rank not in RANKS:
            letter = suit.value if isinstance(suit, Suit) else suit
            raise InvalidCardError(N_("«%(text)s» no es una carta de la baraja española"), text=f"{rank}{letter}")
        index = suit.index * 10 + _STRENGTH[rank]
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "strength", _STRENGTH[rank])
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "bit", 1 << index)
        object.__setattr__(card, "_text", f"{rank}{suit.value}")
        cls._cache[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        """Refuse every change: a card is immutable."""
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit]]:
        """Pickle and copy as the same object: rebuilt from rank and suit."""
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from its notation: rank then suit letter, ``1O``, ``12E``, ``7b``."""
        raw = text.strip()
        number, letter = raw[:-1], raw[-1:].upper()
        if not (number.isascii() and number.isdigit()) or letter not in "OCEB" or not letter:
            raise InvalidCardError(N_("«%(text)s» no es una carta: escribe número y palo, como 7C o 12E"), text=text)
        rank = int(number)
        if rank not in RANKS:
            raise InvalidCardError(N_("«%(text)s» no es una carta de la baraja española (no hay 8 ni 9)"), text=text)
        return cls(rank, Suit(letter))

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` (0–39) of the deck's internal order."""
        return CARDS[index]

    def beats(self, other: Card, trump: Suit | None) -> bool:
        """True when this card, played after ``other`` which leads, takes the pair (the rule of ``trick_winner``).

        ``RecordError`` when ``other`` is this very card, as for a table that holds a card twice.
        """
        if other is self:
            raise RecordError(REPEATED_ON_TABLE)
        t = trump_index(trump)
        led, best_led, best_trump, winner = play_onto(-1, -1, -1, -1, other.index, 0, t)
        return play_onto(led, best_led, best_trump, winner, self.index, 1, t)[3] == 1

    def __str__(self) -> str:
        """The card's notation, ``12E``."""
        return self._text

    def __repr__(self) -> str:
        """Code that gives this card back: ``Card.parse('12E')``."""
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        """The card's place in the deck: sets of cards iterate in the same order in every run."""
        return self.index

    def __lt__(self, other: Card) -> bool:
        """Deck order: by suit (oros, copas, espadas, bastos), then by strength."""
        return self.index < other.index


#: All 40 cards, in deck order (``CARDS[card.index] is card``).
CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in ORDER)


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Cards from notation separated by spaces or commas: ``"1O 3O 12E"``; an empty text is no cards."""
    items = text.replace(",", " ").split() if isinstance(text, str) else text
    return tuple(item if isinstance(item, Card) else Card.parse(item) for item in items)


def cards_text(cards: Iterable[Card]) -> str:
    """The notation of ``cards``, separated by spaces, in the order given."""
    return " ".join(str(card) for card in cards)


def sorted_hand(cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
    """A hand as a player holds it: grouped by suit (trump first), strongest first."""
    first = trump_index(trump)
    return sorted(cards, key=lambda c: (c.suit.index != first, c.suit.index, -c.strength))


#: Players at the table → (cards taken out of the 40, cards each at most).
_TABLES: dict[int, tuple[frozenset[Card], int]] = {
    3: (frozenset(Card(2, s) for s in SUITS), 12),
    4: (frozenset(), 10),
    5: (frozenset(), 8),
    6: (frozenset(Card(2, s) for s in SUITS), 6),
    7: (frozenset([*(Card(2, s) for s in SUITS), Card(4, Suit.BASTOS)]), 5),
    8: (frozenset(), 5),
}
MIN_PLAYERS, MAX_PLAYERS = 3, 8
_DECKS: dict[int, tuple[Card, ...]] = {
    players: tuple(card for card in CARDS if card not in removed) for players, (removed, _) in _TABLES.items()
}


def check_players(players: int) -> None:
    """Raise ``RulesError`` unless 3 to 8 players sit at the table."""
    if not is_whole(players) or players not in _TABLES:
        raise RulesError(N_("La pocha se juega de %(low)s a %(high)s jugadores"), low=MIN_PLAYERS, high=MAX_PLAYERS)


def deck(players: int) -> tuple[Card, ...]:
    """The deck for a table of ``players`` (3 to 8), in deck order: 40 cards, or fewer without 2s."""
    check_players(players)
    return _DECKS[players]


def max_cards(players: int) -> int:
    """The most cards each player can hold at a table of ``players``."""
    check_players(players)
    return _TABLES[players][1]


def suit_cards(cards: Sequence[Card], suit: Suit) -> list[Card]:
    """The cards of ``suit`` among ``cards``, in the order given."""
    return [card for card in cards if card.suit is suit]


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of ``cards``."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit mask, in deck order."""
    cards: list[Card] = []
    while mask:
        low = mask & -mask
        cards.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(cards)
