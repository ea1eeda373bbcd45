"""A stored night played round after round by the engine's bots: its standings counted from the finished games as
stored equal the night counted straight from the hands played; the standings mode seats the leaders together; a
correction, a deleted game or a left one changes the night as it changes those games; and the peña's league counts
the night's games like any other. Each test runs on SQLite and PostgreSQL (``game_app``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

from flask import Flask

from scorekeeper.engine import preset_rules, score_sheet
from scorekeeper.extensions import db
from scorekeeper.groups.league_page import LeaguePage
from scorekeeper.league import LeagueGame, NightLine, league
from scorekeeper.storage import groups, nights, store
from support.paper_games import CLASSIC, classic_game, store_game
from support.played_nights import NAMES, StoredNight, assert_within_band, seated
from support.table import Table

#: Who arrives for the second round, and who leaves after it.
LATE, GONE = "Mar", "Dani"


def rounds_of(lines: tuple[NightLine, ...], name: str) -> list[tuple[int, int]]:
    """The rounds ``name`` played, each with its table."""
    (line,) = (line for line in lines if line.player == name)
    return [(entry.round, entry.table) for entry in line.rounds]


def night_of_thirteen(app: Flask) -> StoredNight:
    """Twelve come, Mar arrives for the second round and Dani leaves after it; rounds 2 and 3 by the standings;
    every table plays its game to the end. Checked round by round."""
    night = StoredNight.make(app, NAMES[:12], seed=13, mode="standings")
    first = night.draw()
    assert [table.size for table in first] == [4, 4, 4]
    assert night.arrive(LATE) == (LATE, 2, None)
    assert night.standings() == (), "no table has finished"
    night.play(1)
    assert night.standings() == night.counted()
    assert len(night.standings()) == 12
    order = [line.player for line in night.standings()]
    second = night.draw()
    assert [table.size for table in second] == [5, 4, 4]
    assert seated(second) == sorted(NAMES[:13])
    assert_within_band(second, order)  # Mar, not yet in the standings, after everyone
    night.play(2)
    assert night.leave(GONE)
    order = [line.player for line in night.standings()]
    third = night.draw()
    assert [table.size for table in third] == [4, 4, 4]
    assert GONE not in seated(third)
    assert_within_band(third, order)
    night.play(3)
    assert night.read(nights.night_over)
    return night


def test_a_night_of_thirteen_counts_what_its_tables_played_and_seats_the_leaders_together(game_app: Flask) -> None:
    night = night_of_thirteen(game_app)
    lines = night.standings()
    assert lines == night.counted()
    assert len(lines) == 13
    assert rounds_of(lines, LATE)[0][0] == 2 and len(rounds_of(lines, LATE)) == 2
    assert [number for number, _table in rounds_of(lines, GONE)] == [1, 2], "the rounds played before leaving count"
    assert all(len(line.rounds) == 3 for line in lines if line.player not in (LATE, GONE))
    assert [line.place for line in lines] == sorted(line.place for line in lines)
    assert sum(line.score for line in lines) == Fraction(12 + 13 + 12, 2), "each table gives out half its players"
    # Round three by the standings: its first table is the leaders after two rounds, give or take a table.
    after_two = [line.player for line in night_standings_after(night, 2)]
    first_table = night.tables[(3, 1)].players
    assert {after_two.index(name) for name in first_table} <= set(range(8)), (first_table, after_two)


def night_standings_after(night: StoredNight, rounds: int) -> tuple[NightLine, ...]:
    """The night's standings after its first ``rounds`` rounds, counted from the hands played."""
    later = {key: played for key, played in night.played.items() if key[0] > rounds}
    for played in later.values():
        played.counts = False
    try:
        return night.counted()
    finally:
        for played in later.values():
            played.counts = True


def test_a_correction_a_deleted_game_and_a_left_one_change_the_night_as_they_change_the_games(
    game_app: Flask,
) -> None:
    night = night_of_thirteen(game_app)
    phone = Table(game_app, game_app.test_client())
    before = night.standings()
    # A trick of the first hand of round 3, table 2, was someone else's.
    played = night.played[(3, 2)]
    first = played.records[0]
    winner = first.tricks.index(1)
    other = (winner + 1) % len(first.tricks)
    response = phone.correct(played.table.token, 1, {f"tricks-{winner}": 0, f"tricks-{other}": 1})
    assert response.status_code == 303, response.status_code
    tricks = tuple(1 if seat == other else 0 for seat in range(len(first.tricks)))
    played.records[0] = replace(first, tricks=tricks)
    corrected = night.standings()
    assert corrected != before
    assert corrected == night.counted()
    # Round 2, table 3 is deleted: it no longer counts, and its table stays, empty.
    deleted = night.played[(2, 3)]
    assert phone.client.post(f"/p/{deleted.table.token}/borrar").status_code == 303
    deleted.counts = False
    assert night.standings() != corrected
    assert night.standings() == night.counted()
    for name in deleted.table.players:
        assert 2 not in [number for number, _table in rounds_of(night.standings(), name)]
    assert night.read(lambda n: [row.game is None for row in nights.tables_of(n, 2)]) == [False, False, True]
    assert night.read(lambda n: [len(r.tables) for r in nights.drawn(n)]) == [3, 3, 3]
    assert night.read(nights.night_over), "a deleted game's table is done with"


def test_a_left_game_counts_nothing_and_its_round_is_over(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:8], rounds=2)
    first = night.draw()
    night.play(1, only=[1])
    night.play(1, hands=5, only=[2])
    phone = Table(game_app, game_app.test_client())
    assert phone.client.post(f"/p/{first[1].token}/dejar").status_code == 303
    night.played[(1, 2)].counts = False
    lines = night.standings()
    assert lines == night.counted()
    assert sorted(line.player for line in lines) == sorted(first[0].players)
    assert night.read(lambda n: nights.round_over(n, 1))
    second = night.draw()
    assert seated(second) == sorted(NAMES[:8]), "who sat at the left table plays the next round"
    night.play(2)
    assert night.standings() == night.counted()
    assert night.read(nights.night_over)


def test_the_peñas_league_counts_the_nights_games_like_any_game(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:9], seed=4, mode="standings", rounds=2)
    night.draw()
    night.play(1)
    night.draw()
    night.play(2, only=[1])
    night.play(2, hands=2, only=[2])  # still being played: not in the league yet
    names, records = ("Ana", "Bea", "Carlos"), classic_game(3)
    token, _watch = store_game(game_app, names, records)
    with game_app.test_request_context():
        group = groups.find_group(night.manage)
        ordinary = store.find_game(token)
        assert group is not None and ordinary is not None
        groups.add_game(group, ordinary)
        db.session.commit()
        page = LeaguePage(group, "manage", night.manage)
        played_at = {game.key: game.played_at for game in page.league.games}
        finished = [played for played in night.played.values() if played.finish(night.preset) is not None]
        assert len(finished) == 3
        assert set(played_at) == {played.table.game_id for played in finished} | {ordinary.id}
        assert {game.key for game in league(groups.league_games(group)).games} == set(played_at)
        rules = preset_rules(night.preset)
        apart = league(
            [
                *(
                    LeagueGame(
                        played.table.game_id,
                        played_at[played.table.game_id],
                        score_sheet(rules, played.table.players, played.table.first_dealer, played.records),
                    )
                    for played in finished
                ),
                LeagueGame(ordinary.id, played_at[ordinary.id], score_sheet(CLASSIC, names, 0, records)),
            ]
        )
        assert page.league.players == apart.players, "the records and ratings, as from the hands played"
        games = Counter(name for played in finished for name in played.table.players) + Counter(names)
        assert {record.name: record.games for record in page.league.players} == dict(games)
