"""A sample peña of 20 random games (a fixed seed), every figure checked against the independent count.

``pytest tests/league/test_sample_pena.py -s`` prints its table, as the league shows it.
"""

from __future__ import annotations

import random

import pytest
from test_league_numbers import expected, figures, openskill_directly

from scorekeeper.league import league
from support.league_games import random_games

SEED = 2025


def test_a_sample_peña_of_twenty_games_is_counted_the_same_both_ways() -> None:
    games = random_games(random.Random(SEED), 20)
    table = league(games)
    assert figures(table) == expected(games)
    direct = openskill_directly(games)
    for record in table.players:
        assert record.rating.shown == pytest.approx(direct[record.player].ordinal(), abs=1e-9)
    assert sum(record.wins for record in table.players) == 20
    print(
        f"\n{'player':<8} {'rating':>6} {'games':>5} {'wins':>4} {'win%':>5} {'place':>5} {'pts/g':>6} "
        f"{'exact%':>6} {'over':>4} {'under':>5} {'pocha':>5} {'renun':>5} {'streak':>6}"
    )
    for r in table.players:
        print(
            f"{r.name:<8} {r.rating.shown:>6.2f} {r.games:>5} {r.wins:>4} {r.win_share:>5.0%} {r.average_place:>5.2f} "
            f"{r.points_per_game:>6.1f} {r.exact_share:>6.0%} {r.over:>4} {r.under:>5} {r.pochas:>5} "
            f"{r.renuncios:>5} {r.streak:>6}"
        )
