"""Benchmark: simulated Pocha hands per second (4 players, 10 cards), random legal play and bots.

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

from scorekeeper.engine import simulate_hand  # noqa: E402


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


if __name__ == "__main__":
    main()
