"""The referee: a moment of play described by a player (hand, table, trump, players) checked, then ruled on."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Suit, deck, max_cards
from .errors import N_, RecordError
from .play import Ruling, ruling


def check_hand(hand: Sequence[Card], players: int) -> None:
    """Raise ``RecordError`` unless ``hand`` could be held at a table of ``players``: not empty, no card twice,
    every card in that table's deck, no more cards than the table deals each."""
    cards = deck(players)  # checks the players too
    if not hand:
        raise RecordError(N_("Tu mano está vacía: escribe al menos una carta"))
    seen: set[Card] = set()
    for card in hand:
        if card in seen:
            raise RecordError(N_("El %(card)s está dos veces en tu mano"), card=str(card))
        seen.add(card)
    _check_in_deck(hand, cards, players)
    top = max_cards(players)
    if len(hand) > top:
        raise RecordError(
            N_("Con %(players)s jugadores nadie tiene más de %(top)s cartas, y en tu mano hay %(count)s"),
            players=players,
            top=top,
            count=len(hand),
        )


def check_table(hand: Sequence[Card], table: Sequence[Card], players: int) -> None:
    """Raise ``RecordError`` unless ``table`` (the cards played to this trick, in order) fits ``hand`` and the table.

    Before your turn at most ``players − 1`` cards are on the table, each once, none of them in your hand.
    """
    if len(table) >= players:
        raise RecordError(
            N_(
                "Con %(players)s jugadores hay como mucho %(most)s cartas en la mesa antes de tu turno, y has puesto %(count)s"
            ),
            players=players,
            most=players - 1,
            count=len(table),
        )
    seen: set[Card] = set()
    for card in table:
        if card in seen:
            raise RecordError(N_("El %(card)s está dos veces en la mesa"), card=str(card))
        seen.add(card)
    mine = set(hand)
    for card in table:
        if card in mine:
            raise RecordError(N_("El %(card)s no puede estar a la vez en tu mano y en la mesa"), card=str(card))
    _check_in_deck(table, deck(players), players)


def _check_in_deck(cards: Sequence[Card], pack: Sequence[Card], players: int) -> None:
    """Raise ``RecordError`` for the first of ``cards`` left out of the deck of a table of ``players`` (2s, the 4B)."""
    allowed = set(pack)
    for card in cards:
        if card not in allowed:
            raise RecordError(
                N_("Con %(players)s jugadores el %(card)s no se reparte (la baraja es de %(size)s cartas)"),
                players=players,
                card=str(card),
                size=len(pack),
            )


def referee(hand: Sequence[Card], table: Sequence[Card], trump: Suit | None, players: int) -> Ruling:
    """The cards of ``hand`` you may play on ``table`` (in the order played) with ``trump``, and why.

    The moment is checked first for a table of ``players`` (``check_hand``, ``check_table``): a
    ``RecordError`` says what does not fit, naming the card (``RulesError``: not 3 to 8 players).
    """
    check_hand(hand, players)
    check_table(hand, table, players)
    return ruling(hand, table, trump)
