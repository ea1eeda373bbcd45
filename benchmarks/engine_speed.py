"""Benchmark: simulated Pocha hands per second (4 players, 10 cards), random legal play and bots;
then the odds (``trick_odds``): how long 1,000 and 10,000 random deals of one hand take.

Time is the process's CPU time, so the figure is what one core does even while the
machine is busy with something else.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.engine import Suit, parse_cards, simulate_hand, trick_odds  # noqa: E402

#: The hand the odds are asked for: 10 cards of a 4-player table, oros trump, la mano's seat.
ODDS_HAND = "1O 3O 11O 12C 6C 7E 4E 2B 5B 10B"


def hands_per_second(strategy: str, seconds: float, seed: int = 1) -> tuple[float, int]:
    """Simulate hands with ``strategy`` for about ``seconds``; return (hands per second, hands)."""
    rng = random.Random(seed)
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for dealer in range(4):
            simulate_hand(4, 10, dealer, rng, strategy=strategy)  # type: ignore[arg-type]
        count += 4
        now = time.process_time()
        if now >= deadline:
            return count / (now - start), count


def odds_seconds(deals: int, seed: int = 1) -> float:
    """CPU seconds to answer one odds question with ``deals`` random deals (4 players, 10 cards each)."""
    hand = parse_cards(ODDS_HAND)
    start = time.process_time()
    answer = trick_odds(hand, Suit.OROS, 1, 4, 0, random.Random(seed), deals=deals)
    elapsed = time.process_time() - start
    assert answer.deals == deals
    return elapsed


def engine_build() -> str:
    """Whether the engine's hot modules run compiled (mypyc) or as plain Python."""
    import scorekeeper.engine.play as play

    return "compiled with mypyc" if not play.__file__.endswith(".py") else "pure Python"


def main() -> None:
    """Print the figures, one line per strategy."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on each strategy")
    args = parser.parse_args()
    print(f"engine: {engine_build()}")
    for strategy in ("random", "bots"):
        rate, count = hands_per_second(strategy, args.seconds)
        print(f"{strategy:>6}: {rate:10,.0f} hands/s  ({count:,} hands of 4 players x 10 cards, one core)")
    for deals in (1_000, 10_000):
        seconds = odds_seconds(deals)
        print(f"  odds: {deals:>10,} deals in {seconds:6.3f} s  (one hand of 10 cards, 4 players, bots; one core)")


if __name__ == "__main__":
    main()
