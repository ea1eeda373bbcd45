"""A simulated hand as a JSON document (``/simulador/deal.json``): the same values always give the same bytes."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from scorekeeper.engine import Card, HandLog, Suit, sorted_hand


def card_list(cards: Iterable[Card], trump: Suit | None) -> list[str]:
    """Cards in notation, sorted as a player holds them: trump first, then oros, copas, espadas, bastos; strongest first."""
    return [str(card) for card in sorted_hand(cards, trump)]


def deal_document(log: HandLog, seed: int, preset: str) -> dict[str, Any]:
    """Everything about a simulated hand, in plain values: the deal, the bids, each trick, tricks won and points.

    Players are seat numbers 0…N−1 in the order play goes round; cards are in the notation of docs/rules.md, "Cards".
    """
    deal = log.deal
    trump = deal.trump
    return {
        "players": deal.players,
        "cards": log.cards,
        "dealer": deal.dealer,
        "seed": seed,
        "preset": preset,
        "trump": trump.value if trump is not None else None,
        "turned": str(deal.turned) if deal.turned is not None else None,
        "turned_from_dealer": deal.from_dealer,
        "hands": [card_list(hand, trump) for hand in deal.hands],
        "bids": [{"player": seat, "bid": log.bids[seat]} for seat in log.bid_order],
        "forbidden": log.forbidden,
        "tricks": [
            {
                "leader": trick.leader,
                "plays": [
                    {"player": play.player, "card": str(play.card), "legal": card_list(play.legal, trump)}
                    for play in trick.plays
                ],
                "winner": trick.winner,
            }
            for trick in log.tricks
        ],
        "tricks_won": list(log.tricks_won),
        "points": list(log.points),
    }


def dumps(document: dict[str, Any]) -> str:
    """The document as JSON text: keys sorted, no spaces, UTF-8 text kept, one line ending in a newline."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"
