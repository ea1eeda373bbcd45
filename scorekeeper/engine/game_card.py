"""The game's card: what a phone needs to follow the game between answers, as plain data (JSON) made by the engine.

A phone keeps score without waiting for the server (and without signal) by reading the card: the
players, the whole schedule (cards, dealer, la mano, bidding order, kind and fixed trump of every
hand), the scoring values and options, the hands saved so far and the steps said in the hand being
played. It holds facts and the schedule only: points, totals and standings are derived from it,
on the phone as here (``score_sheet``); the phone's copy of the rules is checked against the
engine on random games, and the server's answer always wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .cards import MAX_PLAYERS, MIN_PLAYERS, NO_TRUMP, Suit, max_cards, trump_code
from .records import MAX_RENUNCIOS, HandRecord
from .rules import PHONE_OPTIONS, HandKind, Rules
from .schedule import HandPlan, schedule
from .steps import Step

#: The card's format: a phone that reads another one asks the server for the page again.
CARD_FORMAT: Final = 1

#: Every trump a hand can have, in notation: the four suits, then none.
TRUMPS: Final = (*(suit.value for suit in Suit), NO_TRUMP)


def max_cards_by_table() -> dict[str, int]:
    """The most cards each player holds, by the number of players at the table (as JSON keys: ``"3"`` to ``"8"``):
    what the phone deals an extra hand of every card with, beside the card in the game page's data."""
    return {str(players): max_cards(players) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def fixed_trump(kind: HandKind) -> str | None:
    """The trump ``kind`` of hand sets, in notation (``"O"`` in mano de oro, ``"-"`` in sin triunfo), ``None``
    when the table chooses it."""
    return trump_code(kind.fixed_trump) if kind.fixes_trump else None


def fixed_trumps_by_kind() -> dict[str, str | None]:
    """The trump each kind of hand sets (``fixed_trump``), by the kind's value: what the phone plans a hand with
    (static/js/pocha/hand_plan.js), beside the most cards by table in the page's data."""
    return {kind.value: fixed_trump(kind) for kind in HandKind}


def plan_card(plan: HandPlan) -> dict[str, Any]:
    """One hand of the schedule as plain data: number, cards, dealer, la mano, bidding order, kind and its trump.

    ``fixed_trump`` is the trump the kind of hand sets (``fixed_trump``), ``None`` when the table chooses it.
    """
    return {
        "number": plan.number,
        "cards": plan.cards,
        "dealer": plan.dealer,
        "mano": plan.mano,
        "order": list(plan.bidding_order),
        "kind": plan.kind.value,
        "fixed_trump": fixed_trump(plan.kind),
        "deals_every_card": plan.deals_every_card,
        "extra": plan.kind is HandKind.DESEMPATE,
    }


def rules_card(rules: Rules) -> dict[str, Any]:
    """The values and options of ``rules`` that points, bids and ties depend on: every option described with
    ``phone=True``, as ``to_dict`` keeps it, but ``multipliers`` as the factor of each trump (the phone keeps no
    table of factors), and the most renuncios a player may have in a hand."""
    stored = rules.to_dict()
    card = {name: stored[name] for name in PHONE_OPTIONS}
    card["multipliers"] = {code: rules.multiplier(None if code == NO_TRUMP else Suit(code)) for code in TRUMPS}
    card["max_renuncios"] = MAX_RENUNCIOS
    return card


def record_card(record: HandRecord) -> dict[str, Any]:
    """A saved hand as plain data: bids, tricks, renuncios and offers by seat, the trump in notation."""
    return {
        "trump": trump_code(record.trump),
        "bids": list(record.bids),
        "tricks": list(record.tricks),
        "renuncios": list(record.renuncios) if record.renuncios else [0] * len(record.bids),
        "auction": list(record.offers) if record.offers is not None else None,
    }


def game_card(
    rules: Rules,
    names: Sequence[str],
    first_dealer: int,
    saved: Sequence[HandRecord],
    playing: HandPlan | None,
    steps: Sequence[Step] = (),
    version: int = 0,
) -> dict[str, Any]:
    """The card of a game: its players, rules and schedule, the hands ``saved``, and the hand ``playing``
    (``None`` once the game is over) with the ``steps`` said in it. ``version`` is the stored game's
    version the card was made from, so a phone can tell an older card from a newer one."""
    return {
        "format": CARD_FORMAT,
        "version": version,
        "players": list(names),
        "first_dealer": first_dealer,
        "rules": rules_card(rules),
        "schedule": [plan_card(plan) for plan in schedule(len(names), first_dealer, rules)],
        "saved": [record_card(record) for record in saved],
        "hand": (
            {"plan": plan_card(playing), "steps": [step.to_list() for step in steps]} if playing is not None else None
        ),
    }
