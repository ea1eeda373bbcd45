"""The league's numbers (scorekeeper/league) against an independent count from random games' sheets.

Each property draws a peña of random finished games (tests/support/league_games.py), counts every figure again
here in the plainest way (loops over the sheets, a regular expression for the streaks, openskill
called directly for the rating) and compares it with what the league says.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper.engine import ScoreSheet
from scorekeeper.league import League, LeagueGame, Merge, league, name_key
from support.league_games import POOL, random_games

peñas = st.builds(
    lambda seed, count: random_games(random.Random(seed), count), st.integers(0, 10**9), st.integers(1, 20)
)


def by_date(games: list[LeagueGame]) -> list[LeagueGame]:
    """The games oldest first (the same day: by number)."""
    return sorted(games, key=lambda game: (game.played_at, game.key))


def seats_of(sheet: ScoreSheet, name: str) -> list[int]:
    """The seat ``name`` played at in ``sheet`` (empty: they did not play)."""
    return [seat for seat, player in enumerate(sheet.players) if name_key(player) == name_key(name)]


def expected(games: list[LeagueGame]) -> dict[str, dict[str, Any]]:
    """Every player's figures, counted from the sheets one by one."""
    out: dict[str, dict[str, Any]] = {}
    for name in POOL:
        played = [(game.sheet, seats_of(game.sheet, name)[0]) for game in by_date(games) if seats_of(game.sheet, name)]
        if not played:
            continue
        hands = [(sheet, seat, row) for sheet, seat in played for row in sheet.rows if row.counts(seat)]
        results = "".join("W" if sheet.winner == seat else "L" for sheet, seat in played)
        out[name_key(name)] = {
            "games": len(played),
            "wins": results.count("W"),
            "places": sum(sheet.standings.place_of(seat).position for sheet, seat in played),
            "points": sum(sheet.totals[seat] for sheet, seat in played),
            "hands": len(hands),
            "exact": sum(row.made[seat] for _sheet, seat, row in hands),
            "over": sum(row.record.bids[seat] > row.record.tricks[seat] for _sheet, seat, row in hands),
            "under": sum(row.record.bids[seat] < row.record.tricks[seat] for _sheet, seat, row in hands),
            "pochas": sum(
                sheet.rules.pocha_bonus
                and row.plan.cards >= sheet.rules.pocha_min_cards
                and row.record.bids[seat] == row.record.tricks[seat] == row.plan.cards
                for sheet, seat, row in hands
            ),
            "renuncios": sum(row.record.renuncios[seat] for _sheet, seat, row in hands),
            "streak": max((len(run) for run in re.findall("W+", results)), default=0),
        }
    return out


def figures(table: League) -> dict[str, dict[str, Any]]:
    """The same figures as the league gives them."""
    fields = ("games", "wins", "places", "points", "hands", "exact", "over", "under", "pochas", "renuncios", "streak")
    return {record.player: {field: getattr(record, field) for field in fields} for record in table.players}


@settings(max_examples=60, deadline=None)
@given(games=peñas)
def test_every_players_figures_are_the_sheets_counted_again(games: list[LeagueGame]) -> None:
    assert figures(league(games)) == expected(games)


@settings(max_examples=60, deadline=None)
@given(games=peñas)
def test_the_shares_and_averages_divide_what_was_counted(games: list[LeagueGame]) -> None:
    for record in league(games).players:
        assert record.win_share == pytest.approx(record.wins / record.games)
        assert record.average_place == pytest.approx(record.places / record.games)
        assert record.points_per_game == pytest.approx(record.points / record.games)
        assert record.exact_share == pytest.approx(record.exact / record.hands)
        assert record.exact + record.over + record.under == record.hands


def openskill_directly(games: list[LeagueGame]) -> dict[str, Any]:
    """Every player's rating, with openskill's Plackett–Luce called game by game, oldest first."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for game in by_date(games):
        sheet = game.sheet
        players = [name_key(name) for name in sheet.players]
        teams = [[ratings.get(player) or model.rating()] for player in players]
        ranks = [float(sheet.standings.place_of(seat).position) for seat in range(len(players))]
        for player, (rating,) in zip(players, model.rate(teams, ranks=ranks)):
            ratings[player] = rating
    return ratings


@settings(max_examples=40, deadline=None)
@given(games=peñas)
def test_the_rating_is_openskills_plackett_luce_game_by_game(games: list[LeagueGame]) -> None:
    table = league(games)
    direct = openskill_directly(games)
    assert {record.player for record in table.players} == set(direct)
    for record in table.players:
        assert record.rating.mu == pytest.approx(direct[record.player].mu, abs=1e-9)
        assert record.rating.sigma == pytest.approx(direct[record.player].sigma, abs=1e-9)
        assert record.rating.shown == pytest.approx(direct[record.player].ordinal(), abs=1e-9)
    shown = [record.rating.shown for record in table.players]
    assert shown == sorted(shown, reverse=True), "the table is ranked by the rating"


@settings(max_examples=40, deadline=None)
@given(games=peñas)
def test_the_rating_history_ends_at_the_ratings_now(games: list[LeagueGame]) -> None:
    table = league(games)
    assert len(table.ratings.after) == len(table.games) == len(games)
    for record in table.players:
        line = table.ratings.line(record.player)
        assert len(line) == len(games) + 1
        assert line[0] == 0.0 and line[-1] == pytest.approx(record.rating.shown)


@settings(max_examples=40, deadline=None)
@given(games=peñas)
def test_head_to_head_is_every_game_the_two_played_counted_again(games: list[LeagueGame]) -> None:
    table = league(games)
    for first in POOL:
        for second in POOL:
            counts: dict[str, int] = defaultdict(int)
            for game in games:
                mine, theirs = seats_of(game.sheet, first), seats_of(game.sheet, second)
                if not mine or not theirs or first == second:
                    continue
                places = game.sheet.standings
                a, b = places.place_of(mine[0]).position, places.place_of(theirs[0]).position
                counts["games"] += 1
                counts["first_above"] += a < b
                counts["second_above"] += b < a
                counts["first_points"] += game.sheet.totals[mine[0]]
                counts["second_points"] += game.sheet.totals[theirs[0]]
            seen = table.head_to_head(name_key(first), name_key(second))
            assert (
                seen.games,
                seen.first_above,
                seen.second_above,
                seen.first_points,
                seen.second_points,
            ) == tuple(counts[key] for key in ("games", "first_above", "second_above", "first_points", "second_points"))
            assert seen.level == seen.games - seen.first_above - seen.second_above


@settings(max_examples=30, deadline=None)
@given(games=peñas, seed=st.integers(0, 1000))
def test_the_order_the_games_come_in_changes_nothing(games: list[LeagueGame], seed: int) -> None:
    shuffled = list(games)
    random.Random(seed).shuffle(shuffled)
    assert league(shuffled).players == league(games).players


def spelled(sheet: ScoreSheet, old: str, new: str) -> ScoreSheet:
    """``sheet`` with the player ``old`` written ``new``."""
    return replace(sheet, players=tuple(new if name == old else name for name in sheet.players))


@settings(max_examples=30, deadline=None)
@given(games=peñas, seed=st.integers(0, 1000))
def test_a_merge_counts_two_spellings_as_the_name_they_stand_for(games: list[LeagueGame], seed: int) -> None:
    rng = random.Random(seed)
    # Some of Ana's games were written «Anita»: merged into Ana, the league is the one where every game says Ana.
    written = [
        replace(game, sheet=spelled(game.sheet, "Ana", "Anita")) if rng.random() < 0.5 else game for game in games
    ]
    merged = league(written, [Merge("Anita", "Ana")])
    assert figures(merged) == figures(league(games))
    assert [record.rating for record in merged.players] == [record.rating for record in league(games).players]
    unmerged = league(written)
    if any("Anita" in game.sheet.players for game in written) and any("Ana" in game.sheet.players for game in written):
        assert figures(unmerged) != figures(merged)
