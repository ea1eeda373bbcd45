"""Each player's record across finished games (scorekeeper/history/stats.py), counted by hand from the rules.

Two hands of two cards; an exact bid scores 10 + 5 a trick, a missed one −5 a trick of difference.
"""

from __future__ import annotations

import pytest

from scorekeeper.engine import HandRecord, Rules, ScoreSheet, Suit, score_sheet
from scorekeeper.history.stats import PlayerStats, name_key, player_stats

RULES = Rules(custom_sizes=(2, 2))


def game(names: list[str], *hands: tuple[tuple[int, ...], tuple[int, ...]]) -> ScoreSheet:
    """The sheet of a game of two hands of two cards, the first dealt by seat 0; each hand (bids, tricks) by seat."""
    return score_sheet(RULES, names, 0, [HandRecord(bids=b, tricks=t, trump=Suit.OROS) for b, t in hands])


# Ana 15 + 10 = 25 (2 of 2 made), Bea 10 + 10 = 20 (2 of 2), Carlos −5 − 5 = −10 (0 of 2): Ana wins.
GAME_A = game(["Ana", "Bea", "Carlos"], ((1, 0, 0), (1, 0, 1)), ((0, 0, 1), (0, 0, 2)))
# «ana» 10 + 20 = 30 (2 of 2), Dani 15 + 10 = 25 (2 of 2), «BEA» −5 − 5 = −10 (0 of 2): ana wins.
GAME_B = game([" ana ", "Dani", "BEA"], ((0, 1, 0), (0, 1, 1)), ((2, 0, 1), (2, 0, 0)))
# Not finished: one hand of two.
UNFINISHED = game(["Ana", "Bea", "Eva"], ((1, 0, 0), (1, 0, 1)))


def test_the_sheets_are_what_the_comments_say() -> None:
    assert GAME_A.totals == (25, 20, -10) and GAME_A.winner == 0
    assert GAME_B.totals == (30, 25, -10) and GAME_B.winner == 0
    assert not UNFINISHED.finished


def test_names_are_matched_trimmed_and_without_case() -> None:
    assert name_key("  Ana ") == name_key("ANA") == name_key("ana") == "ana"
    assert name_key("José  Mari") == name_key("josé mari")
    assert name_key("Íñigo") == name_key("ÍÑIGO")
    assert name_key("Ana") != name_key("Ana María")


def test_each_players_record_across_finished_games() -> None:
    newest_first = [GAME_B, UNFINISHED, GAME_A]
    stats = player_stats(newest_first)
    assert stats == (
        PlayerStats(name="ana", games=2, wins=2, hands=4, made=4, points=55),
        PlayerStats(name="BEA", games=2, wins=0, hands=4, made=2, points=10),
        PlayerStats(name="Carlos", games=1, wins=0, hands=2, made=0, points=-10),
        PlayerStats(name="Dani", games=1, wins=0, hands=2, made=2, points=25),
    ), (
        "most wins first, then most games, then by name; the spelling of the newest game; Eva only played the unfinished one"
    )
    ana, bea, carlos, dani = stats
    assert ana.made_share == 1.0 and ana.average == pytest.approx(13.75)
    assert bea.made_share == 0.5 and bea.average == pytest.approx(2.5)
    assert carlos.made_share == 0.0 and carlos.average == -5.0
    assert dani.average == 12.5


def test_renuncios_count_in_the_points_per_hand() -> None:
    sheet = score_sheet(
        RULES,
        ["Ana", "Bea", "Carlos"],
        0,
        [
            HandRecord(bids=(1, 0, 0), tricks=(1, 0, 1), trump=Suit.OROS, renuncios=(0, 1, 0)),  # Bea 10 − 50
            HandRecord(bids=(0, 0, 1), tricks=(0, 0, 2), trump=Suit.OROS),
        ],
    )
    bea = next(s for s in player_stats([sheet]) if s.name == "Bea")
    assert (bea.points, bea.made, bea.average) == (-30, 2, -15.0)


def test_no_finished_games_no_players() -> None:
    assert player_stats([]) == ()
    assert player_stats([UNFINISHED]) == ()
    assert PlayerStats("Ana", 0, 0, 0, 0, 0).made_share == 0.0
    assert PlayerStats("Ana", 0, 0, 0, 0, 0).average == 0.0
