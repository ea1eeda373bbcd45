"""The night's standings: place points alike at tables of 3 to 6, then points against the table's average, then fewer
missed bids, totals over the rounds played; checked against a straightforward count of random nights."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Rules, score_sheet
from scorekeeper.league import NightError, Seat, TableGame, night_standings, table_game
from scorekeeper.league.night_standings import place_score, round_lines
from support.league_games import random_sheet

POOL = tuple(f"Jugador {number}" for number in range(1, 21))


def random_table(rng: random.Random, number: int, players: list[str]) -> TableGame:
    """A table's game with places as the engine gives them (ties share the best place), from a few totals so that ties come often."""
    totals = [rng.choice((-10, 0, 10, 20)) for _ in players]
    missed = [rng.randint(0, 3) for _ in players]
    keys = [(-total, miss) for total, miss in zip(totals, missed)]
    places = [1 + sum(other < key for other in keys) for key in keys]
    return TableGame(number, tuple(Seat(p, place, t, m) for p, place, t, m in zip(players, places, totals, missed)))


def random_night(rng: random.Random) -> list[list[TableGame]]:
    """One to four rounds; each round some of the pool (late arrivals, leavers) at tables of 3 to 6 of any mix."""
    rounds = []
    for _ in range(rng.randint(1, 4)):
        here = rng.sample(POOL, rng.randint(3, len(POOL)))
        tables: list[TableGame] = []
        while here:
            size = min(len(here), rng.randint(3, 6))
            if len(here) - size in (1, 2):
                size = len(here) if len(here) <= 6 else len(here) - 3
            tables.append(random_table(rng, len(tables) + 1, [here.pop() for _ in range(size)]))
        rounds.append(tables)
    return rounds


nights = st.integers(0, 2**32).map(lambda seed: random_night(random.Random(seed)))


def counted_again(night: list[list[TableGame]]) -> dict[str, tuple[int, Fraction, Fraction, int, int]]:
    """Each player's place, place points, relative points, missed bids and rounds, counted the plain way."""
    totals: dict[str, list[Any]] = {}
    for tables in night:
        for game in tables:
            n = len(game.seats)
            ordered = sorted(game.seats, key=lambda seat: seat.place)
            spots = {seat.player: spot for spot, seat in enumerate(ordered, start=1)}  # 1..n, ties in any order
            mean = Fraction(sum(seat.points for seat in game.seats), n)
            for seat in game.seats:
                level = [spots[other.player] for other in game.seats if other.place == seat.place]
                average = Fraction(sum(level), len(level))
                line = totals.setdefault(seat.player, [Fraction(0), Fraction(0), 0, 0])
                line[0] += (n - average) / (n - 1)
                line[1] += seat.points - mean
                line[2] += seat.missed
                line[3] += 1
    out = {}
    for player, (score, relative, missed, rounds) in totals.items():
        better = sum((other[0], other[1], -other[2]) > (score, relative, -missed) for other in totals.values())
        out[player] = (1 + better, score, relative, missed, rounds)
    return out


@settings(max_examples=150, deadline=None)
@given(night=nights)
def test_the_standings_are_the_games_counted_again(night: list[list[TableGame]]) -> None:
    lines = night_standings(night)
    assert {line.player: (line.place, line.score, line.relative, line.missed, len(line.rounds)) for line in lines} == (
        counted_again(night)
    )
    assert [line.place for line in lines] == sorted(line.place for line in lines)


@settings(max_examples=100, deadline=None)
@given(night=nights)
def test_every_table_gives_the_same_place_points_and_nothing_against_its_average(night: list[list[TableGame]]) -> None:
    for number, tables in enumerate(night, start=1):
        for game in tables:
            lines = [line for _player, line in round_lines(number, game)]
            assert sum(line.score for line in lines) == Fraction(len(lines), 2)
            assert sum(line.relative for line in lines) == 0
            assert all(0 <= line.score <= 1 for line in lines)


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_a_win_is_one_and_a_last_place_nothing_at_any_table(size: int) -> None:
    assert place_score(1, 1, size) == 1 and place_score(size, 1, size) == 0


def test_tied_players_share_the_places_they_cover() -> None:
    assert place_score(2, 2, 4) == Fraction(1, 2)  # places 2 and 3 of 4: (4 - 2.5) / 3
    assert place_score(1, 3, 3) == Fraction(1, 2)


def test_a_late_arrival_keeps_what_they_played_and_ties_share_a_place() -> None:
    first = [
        TableGame(1, (Seat("Ana", 1, 30, 1), Seat("Bea", 2, 20, 2), Seat("Carlos", 3, 10, 3))),
        TableGame(2, (Seat("Dani", 1, 40, 0), Seat("Eva", 2, 0, 4), Seat("Fermín", 3, -40, 5))),
    ]
    second = [
        TableGame(1, (Seat("ana", 1, 30, 1), Seat("Dani", 2, 20, 2), Seat("Gema", 3, 10, 3))),
        TableGame(2, (Seat("Bea", 1, 40, 0), Seat("Eva", 2, 0, 4), Seat("Carlos", 3, -40, 5))),
    ]
    lines = {line.player: line for line in night_standings([first, second])}
    assert lines["ana"].score == 2 and lines["ana"].place == 1  # matched as names are, shown as last spelled
    assert lines["Dani"].place == lines["Bea"].place == 2 and lines["Eva"].place == 4  # equal on every total
    assert lines["Gema"].rounds[0].round == 2 and len(lines["Gema"].rounds) == 1
    assert lines["Gema"].score == lines["Fermín"].score == lines["Carlos"].score == 0
    assert [lines[name].place for name in ("Gema", "Fermín", "Carlos")] == [5, 6, 7]  # -10, -40, -50 on points


def test_a_player_at_two_tables_of_a_round_is_refused() -> None:
    twice = [
        TableGame(1, (Seat("Ana", 1, 30, 1), Seat("Bea", 2, 20, 2), Seat("Carlos", 3, 10, 3))),
        TableGame(2, (Seat("ANA", 1, 40, 0), Seat("Eva", 2, 0, 4), Seat("Fermín", 3, -40, 5))),
    ]
    with pytest.raises(NightError, match="«ANA» juega en dos mesas de la ronda 1"):
        night_standings([twice])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_finished_sheet_gives_its_places_totals_and_missed_bids(seed: int) -> None:
    sheet = random_sheet(random.Random(seed), ["Ana", "Bea", "Carlos", "Dani"])
    game = table_game(3, sheet, ["A", "B", "C", "D"])
    assert game.table == 3 and [seat.player for seat in game.seats] == ["A", "B", "C", "D"]
    assert [seat.place for seat in game.seats] == [sheet.standings.place_of(seat).position for seat in range(4)]
    assert [seat.points for seat in game.seats] == list(sheet.totals)
    assert [seat.missed for seat in game.seats] == list(sheet.missed)
    assert [seat.player for seat in table_game(1, sheet).seats] == ["Ana", "Bea", "Carlos", "Dani"]


def test_a_game_not_finished_is_refused() -> None:
    sheet = score_sheet(Rules(), ["Ana", "Bea", "Carlos"], 0, [])
    with pytest.raises(NightError, match="La partida de la mesa 2 no ha terminado"):
        table_game(2, sheet)
