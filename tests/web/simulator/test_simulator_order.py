"""The simulator bids in the schedule's order: its deals (and their deal.json), its odds and its practice hands take
the order of bids from the engine, for every table size and every dealer."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.engine import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Deal,
    Rules,
    Suit,
    bid_order,
    deal_cards,
    deck,
    plan_hand,
    practice_hand,
    trick_odds,
)
from scorekeeper.engine import odds as odds_module

#: Every table: players, and who deals.
TABLES = [(players, dealer) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1) for dealer in range(players)]


def schedule_order(players: int, dealer: int) -> tuple[int, ...]:
    """The order of bids of a hand of the game's schedule dealt by ``dealer``: la mano first, the dealer last."""
    return bid_order(plan_hand(players, dealer, 1, 1))


def test_the_simulators_deals_bid_in_the_schedules_order(client: FlaskClient) -> None:
    for players, dealer in TABLES:
        answer = client.get(
            "/simulador/deal.json",
            query_string={"players": players, "cards": 1, "dealer": dealer, "seed": 1, "preset": "clasica"},
        )
        assert answer.status_code == 200, answer.get_data(as_text=True)
        said = tuple(bid["player"] for bid in answer.get_json()["bids"])
        assert said == schedule_order(players, dealer), (players, dealer)


def test_a_practice_hand_bids_in_the_schedules_order() -> None:
    for players, dealer in TABLES:
        deal = deal_cards(players, 1, dealer, random.Random(players * 10 + dealer))
        hand = practice_hand(deal, seat=dealer)  # the person deals: every bot bids before them
        assert hand.bid_order == schedule_order(players, dealer), (players, dealer)


def test_the_odds_deal_and_bid_in_the_schedules_order(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int, tuple[int, ...]]] = []
    bot_bids = odds_module.bot_bids

    def noting(dealt: Deal, order: Sequence[int], rules: Rules) -> Any:
        """The bots' bids, the order they were asked in noted."""
        seen.append((dealt.players, dealt.dealer, tuple(order)))
        return bot_bids(dealt, tuple(order), rules)

    monkeypatch.setattr(odds_module, "bot_bids", noting)
    for players, dealer in TABLES:
        mine = deck(players)[:1]
        trick_odds(mine, Suit.OROS, (dealer + 1) % players, players, dealer, random.Random(1), deals=1)
    assert [(players, dealer) for players, dealer, _ in seen] == TABLES
    assert all(order == schedule_order(players, dealer) for players, dealer, order in seen)
