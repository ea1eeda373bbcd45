"""Simulated hands: every play is legal and recorded with its legal set; bots respect the forbidden bid."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from random import Random

import pytest

from scorekeeper.engine import (
    HandKind,
    HandLog,
    Multipliers,
    Rules,
    RulesError,
    Suit,
    bot_bid,
    deal_cards,
    expected_tricks,
    max_cards,
    parse_cards,
    preset_rules,
    simulate_hand,
)

Replay = Callable[[HandLog, Rules], None]

CASES = [
    # players, cards, dealer, seed
    (3, 12, 0, 1),
    (3, 5, 2, 2),
    (4, 1, 3, 3),
    (4, 10, 1, 4),
    (4, 6, 0, 5),
    (5, 8, 4, 6),
    (6, 6, 5, 7),
    (7, 5, 3, 8),
    (8, 5, 7, 9),
    (8, 2, 0, 10),
]


@pytest.mark.parametrize("strategy", ["bots", "random"])
@pytest.mark.parametrize(("players", "cards", "dealer", "seed"), CASES)
def test_every_play_is_legal_and_recorded(
    replay: Replay, players: int, cards: int, dealer: int, seed: int, strategy: str
) -> None:
    log = simulate_hand(players, cards, dealer, Random(seed), strategy=strategy)  # type: ignore[arg-type]
    assert log.cards == cards
    assert log.deal.players == players and log.deal.dealer == dealer
    assert len(log.moves) == players * cards
    replay(log, Rules())


@pytest.mark.parametrize(
    ("kind", "trump"), [(HandKind.SIN_TRIUNFO, None), (HandKind.MANO_DE_ORO, Suit.OROS), (HandKind.DESEMPATE, "turned")]
)
@pytest.mark.parametrize("seed", range(5))
def test_special_hands_are_simulated_with_their_trump(replay: Replay, kind: HandKind, trump: object, seed: int) -> None:
    log = simulate_hand(4, 7, seed % 4, Random(seed), kind=kind)
    if trump == "turned":
        assert log.deal.turned is not None and log.deal.trump is log.deal.turned.suit
    else:
        assert log.deal.trump is trump
    replay(log, Rules())


def test_indias_is_a_one_card_hand() -> None:
    log = simulate_hand(5, 1, 0, Random(3), kind=HandKind.INDIAS)
    assert log.cards == 1 and sum(log.tricks_won) == 1


def test_subastado_is_not_simulated() -> None:
    with pytest.raises(RulesError):
        simulate_hand(4, 10, 0, Random(1), kind=HandKind.SUBASTADO)


def test_points_follow_the_rules_given(replay: Replay) -> None:
    rules = Rules(multipliers=Multipliers.COPAS2_OROS3)
    for seed in range(10):
        replay(simulate_hand(4, 5, 0, Random(seed), rules=rules), rules)


def test_many_hands_replay_cleanly(replay: Replay) -> None:
    rng = Random(2024)
    for _ in range(150):
        players = rng.randint(3, 8)
        cards = rng.randint(1, max_cards(players))
        dealer = rng.randrange(players)
        strategy = rng.choice(["bots", "random"])
        log = simulate_hand(players, cards, dealer, Random(rng.random()), strategy=strategy)  # type: ignore[arg-type]
        replay(log, Rules())


# --- bids -------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules_key", ["clasica", "ludoteka"])
def test_bots_never_bid_the_forbidden_bid(rules_key: str) -> None:
    rules = preset_rules(rules_key)
    restricted = 0
    for seed in range(400):
        players = 3 + seed % 6
        cards = 1 + seed % max_cards(players)
        dealer = seed % players
        log = simulate_hand(players, cards, dealer, Random(seed), rules=rules)
        if cards == 1 and rules_key == "ludoteka":
            assert log.forbidden is None
        if log.forbidden is not None:
            restricted += 1
            assert log.bids[dealer] != log.forbidden
            assert sum(log.bids) != cards
    assert restricted > 100  # the rule was in play in many hands


def test_bot_bid_steps_off_the_forbidden_number() -> None:
    stepped = 0
    for seed in range(300):
        players = 3 + seed % 6
        cards = 1 + seed % max_cards(players)
        deal = deal_cards(players, cards, 0, Random(seed))
        hand = deal.hands[0]
        natural = bot_bid(hand, deal.trump, players, None)
        assert 0 <= natural <= cards
        forced = bot_bid(hand, deal.trump, players, natural)
        assert forced != natural
        assert 0 <= forced <= cards
        assert abs(forced - natural) == 1
        stepped += 1
    assert stepped == 300


def test_bot_bid_at_the_edges() -> None:
    # nothing to win: 0 is the natural bid; forbidden 0 → 1
    weak = parse_cards("2C 4E 5B")
    assert bot_bid(weak, Suit.OROS, 4, None) == 0
    assert bot_bid(weak, Suit.OROS, 4, 0) == 1
    # every trick: the three top trumps; forbidden 3 → 2
    strong = parse_cards("1O 3O 12O")
    assert bot_bid(strong, Suit.OROS, 4, None) == 3
    assert bot_bid(strong, Suit.OROS, 4, 3) == 2


def test_expected_tricks_counts_the_as_of_trump_as_a_sure_trick() -> None:
    assert expected_tricks(parse_cards("1O"), Suit.OROS, 4) == pytest.approx(1.0)
    assert expected_tricks(parse_cards("2C"), Suit.OROS, 4) == pytest.approx(0.0)
    assert expected_tricks(parse_cards("1O 2C"), Suit.OROS, 4) == pytest.approx(1.0)


# --- repeatable -------------------------------------------------------------------------------


@pytest.mark.parametrize("strategy", ["bots", "random"])
def test_same_seed_same_log(strategy: str) -> None:
    first = simulate_hand(5, 8, 2, Random(42), strategy=strategy)  # type: ignore[arg-type]
    again = simulate_hand(5, 8, 2, Random(42), strategy=strategy)  # type: ignore[arg-type]
    assert first == again
    assert first.moves == again.moves
    other = simulate_hand(5, 8, 2, Random(43), strategy=strategy)  # type: ignore[arg-type]
    assert other != first


def test_random_strategy_plays_differently_from_the_bots() -> None:
    # same deal and bids (the deal is drawn first), different choices of card somewhere over a few seeds
    differs = 0
    for seed in range(10):
        bots = simulate_hand(4, 10, 0, Random(seed), strategy="bots")
        rand = simulate_hand(4, 10, 0, Random(seed), strategy="random")
        assert bots.deal == rand.deal
        assert bots.bids == rand.bids
        differs += bots.moves != rand.moves
    assert differs > 0


# --- the replay above can fail ----------------------------------------------------------------


def tampered_logs() -> dict[str, HandLog]:
    """A simulated hand, and copies of it each with one thing that breaks the rules."""
    log = simulate_hand(4, 6, 1, Random(12))
    first = log.moves[0]
    wider = first[2] | (1 << next(i for i in range(40) if not first[2] >> i & 1))
    second = log.moves[1]  # the second card played, swapped for another card of that hand
    hand = [card.index for card in log.deal.hands[second[0]] if card.index != second[1]]
    dealer = log.deal.dealer
    moves = list(log.moves)
    return {
        "points": replace(log, points=(log.points[0] + 5, *log.points[1:])),
        "tricks won": replace(log, tricks_won=(log.tricks_won[0] + 1, log.tricks_won[1] - 1, *log.tricks_won[2:])),
        "winner": replace(log, winners=((log.winners[0] + 1) % 4, *log.winners[1:])),
        "legal set": replace(log, moves=((*first[:2], wider, *first[3:]), *log.moves[1:])),
        "other card": replace(log, moves=(*moves[:1], (second[0], hand[0], second[2], second[3]), *moves[2:])),
        "dealer's bid": replace(
            log,
            bids=tuple(
                (log.forbidden if log.forbidden is not None else 0) if seat == dealer else bid
                for seat, bid in enumerate(log.bids)
            ),
        ),
    }


def test_the_untouched_log_replays(replay: Replay) -> None:
    replay(simulate_hand(4, 6, 1, Random(12)), Rules())


@pytest.mark.parametrize("what", list(tampered_logs()))
def test_the_replay_catches_a_broken_log(replay: Replay, what: str) -> None:
    with pytest.raises(AssertionError):
        replay(tampered_logs()[what], Rules())


def test_a_hand_log_says_who_made_the_bid() -> None:
    import random

    from scorekeeper.engine import simulate_hand

    log = simulate_hand(4, 6, 0, random.Random(11))
    assert log.made == tuple(log.bids[s] == log.tricks_won[s] for s in range(4))
