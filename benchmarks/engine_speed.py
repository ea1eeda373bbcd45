"""Benchmark: Pocha's engine on one core, 4 players and 10 cards.

First the public play API (``legal_plays``, ``trick_winner``) against the same random play written the
straightforward way (``naive_play.py``: cards as text, Python sets), on the same deals; then whole
simulated hands (``simulate_hand``, random and bots); then the odds (``trick_odds``) over 1,000 and
10,000 random deals of one hand.

Time is the process's CPU time, so the figure is what one core does even while the
machine is busy with something else.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import naive_play
from scorekeeper.engine import (
    CARDS,
    Card,
    Suit,
    cards_text,
    deal_cards,
    legal_plays,
    parse_cards,
    simulate_hand,
    trick_odds,
    trick_winner,
)

PLAYERS, CARDS_EACH = 4, 10
#: The hand the odds are asked for: 10 cards of a 4-player table, oros trump, la mano's seat.
ODDS_HAND = "1O 3O 11O 12C 6C 7E 4E 2B 5B 10B"
#: Each card's notation by its deck index, for the straightforward version (which knows only text).
NOTATION: tuple[str, ...] = tuple(str(card) for card in CARDS)
#: Hands compared move by move, before anything is timed.
CHECKED_HANDS = 500

#: One random hand played out: (rng, dealer) → tricks won by seat.
PlayHand = Callable[[random.Random, int], tuple[int, ...]]


def api_hand(rng: random.Random, dealer: int) -> tuple[int, ...]:
    """Deal with the engine and play the hand out at random through the public API; the tricks won by seat."""
    deal = deal_cards(PLAYERS, CARDS_EACH, dealer, rng)
    hands = [list(hand) for hand in deal.hands]
    trump = deal.trump
    draw = rng.random
    won = [0] * PLAYERS
    leader = (dealer + 1) % PLAYERS
    for _ in range(CARDS_EACH):
        table: list[Card] = []
        for k in range(PLAYERS):
            hand = hands[(leader + k) % PLAYERS]
            allowed = legal_plays(hand, table, trump)
            options = [card for card in hand if card in allowed]
            card = options[int(draw() * len(options))]
            hand.remove(card)
            table.append(card)
        leader = (leader + trick_winner(table, trump)) % PLAYERS
        won[leader] += 1
    return tuple(won)


def naive_hand(rng: random.Random, dealer: int) -> tuple[int, ...]:
    """The same hand (same deal, same choices) played through ``naive_play``; the tricks won by seat."""
    deal = deal_cards(PLAYERS, CARDS_EACH, dealer, rng)
    hands = [[NOTATION[card.index] for card in hand] for hand in deal.hands]
    trump = deal.trump.value if deal.trump is not None else None
    draw = rng.random
    won = [0] * PLAYERS
    leader = (dealer + 1) % PLAYERS
    for _ in range(CARDS_EACH):
        table: list[str] = []
        for k in range(PLAYERS):
            hand = hands[(leader + k) % PLAYERS]
            allowed = naive_play.legal(hand, table, trump)
            options = [card for card in hand if card in allowed]
            card = options[int(draw() * len(options))]
            hand.remove(card)
            table.append(card)
        leader = (leader + naive_play.winner(table, trump)) % PLAYERS
        won[leader] += 1
    return tuple(won)


def self_check(hands: int, seed: int = 1) -> int:
    """Play ``hands`` hands through both versions side by side; fail unless every legal set and trick agree.

    One hand in five is played without trump (sin triunfo). Returns the number of moves compared.
    """
    rng = random.Random(seed)
    moves = 0
    for number in range(hands):
        deal = deal_cards(PLAYERS, CARDS_EACH, number % PLAYERS, rng, trump_turned=number % 5 != 4)
        held = [list(hand) for hand in deal.hands]
        trump = deal.trump
        letter = trump.value if trump is not None else None
        leader = (deal.dealer + 1) % PLAYERS
        for _ in range(CARDS_EACH):
            table: list[Card] = []
            for k in range(PLAYERS):
                hand = held[(leader + k) % PLAYERS]
                api = sorted(str(card) for card in legal_plays(hand, table, trump))
                naive = sorted(naive_play.legal([str(card) for card in hand], [str(card) for card in table], letter))
                if api != naive:
                    where = f"hand {cards_text(hand)}, table {cards_text(table)}, trump {letter}"
                    raise SystemExit(f"legal sets differ: {where}: {api} != {naive}")
                options = [card for card in hand if str(card) in naive]
                card = options[int(rng.random() * len(options))]
                hand.remove(card)
                table.append(card)
                moves += 1
            taker = trick_winner(table, trump)
            if taker != naive_play.winner([str(card) for card in table], letter):
                raise SystemExit(f"trick winners differ: table {cards_text(table)}, trump {letter}")
            leader = (leader + taker) % PLAYERS
    return moves


def side_by_side(seconds: float, seed: int = 1) -> tuple[float, float, int]:
    """Time the same random hands through the API and the straightforward version; (API hands/s, theirs, hands each).

    The two take turns, 20 hands each, until they have spent about ``seconds`` of CPU each on average,
    so any change in the machine's load falls on both; the tricks won in every hand must be the same.
    """
    plays: tuple[PlayHand, PlayHand] = (api_hand, naive_hand)
    rngs = (random.Random(seed), random.Random(seed))
    spent = [0.0, 0.0]
    count = 0
    while spent[0] + spent[1] < 2 * seconds:
        results: list[list[tuple[int, ...]]] = [[], []]
        for side in (0, 1):
            play, rng, out = plays[side], rngs[side], results[side]
            start = time.process_time()
            for _ in range(5):
                for dealer in range(PLAYERS):
                    out.append(play(rng, dealer))
            spent[side] += time.process_time() - start
        if results[0] != results[1]:
            raise SystemExit("the timed runs played different hands: the API and the straightforward version disagree")
        count += len(results[0])
    return count / spent[0], count / spent[1], count


def hands_per_second(strategy: str, seconds: float, seed: int = 1) -> tuple[float, int]:
    """Simulate hands with ``strategy`` for about ``seconds``; return (hands per second, hands)."""
    rng = random.Random(seed)
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for dealer in range(PLAYERS):
            simulate_hand(PLAYERS, CARDS_EACH, dealer, rng, strategy=strategy)  # type: ignore[arg-type]
        count += PLAYERS
        now = time.process_time()
        if now >= deadline:
            return count / (now - start), count


def odds_seconds(deals: int, seed: int = 1) -> float:
    """CPU seconds to answer one odds question with ``deals`` random deals (4 players, 10 cards each)."""
    hand = parse_cards(ODDS_HAND)
    start = time.process_time()
    answer = trick_odds(hand, Suit.OROS, 1, PLAYERS, 0, random.Random(seed), deals=deals)
    elapsed = time.process_time() - start
    assert answer.deals == deals
    return elapsed


def engine_build() -> str:
    """Whether the engine's hot modules run compiled (mypyc) or as plain Python."""
    import scorekeeper.engine.cards as cards_module
    import scorekeeper.engine.masks as masks
    import scorekeeper.engine.play as play

    compiled = [
        module.__name__.rsplit(".", 1)[1]
        for module in (cards_module, masks, play)
        if not str(module.__file__).endswith(".py")
    ]
    return f"compiled with mypyc ({', '.join(compiled)}, ...)" if compiled else "pure Python"


def main() -> None:
    """Print the figures, one line each."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time spent on each figure")
    args = parser.parse_args()
    print(f"engine: {engine_build()}")
    moves = self_check(CHECKED_HANDS)
    print(f"self-check: the API and the straightforward version agree on {moves:,} legal sets ({CHECKED_HANDS} hands)")
    api_rate, naive_rate, count = side_by_side(args.seconds)
    detail = f"random legal play, {PLAYERS} players x {CARDS_EACH} cards, one core"
    print(f"   api: {api_rate:10,.0f} hands/s  (legal_plays + trick_winner; {detail})")
    print(f" naive: {naive_rate:10,.0f} hands/s  (cards as text, Python sets; the same {count:,} hands, in turns)")
    print(f" ratio: {api_rate / naive_rate:10.2f} x    (api / naive)")
    for strategy in ("random", "bots"):
        rate, count = hands_per_second(strategy, args.seconds)
        hands = f"{count:,} hands of {PLAYERS} players x {CARDS_EACH} cards"
        print(f"{strategy:>6}: {rate:10,.0f} hands/s  (simulate_hand, {hands}, one core)")
    for deals in (1_000, 10_000):
        seconds = odds_seconds(deals)
        print(f"  odds: {deals:>10,} deals in {seconds:6.3f} s  (one hand of 10 cards, 4 players, bots; one core)")


if __name__ == "__main__":
    main()
