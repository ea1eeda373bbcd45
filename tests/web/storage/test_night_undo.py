"""A night's draw undone (storage/nights.py's ``undo_draw``): only while none of the latest round's tables has begun
its game; its games deleted with their tombstones and out of the peña's league, its tables gone, who arrived or left
since the draw arriving for (leaving before) the round drawn again, and that round drawn anew from another seed.
Each test runs on SQLite and PostgreSQL (``game_app``)."""

from __future__ import annotations

import random

import pytest
from flask import Flask
from sqlalchemy import text

from scorekeeper.extensions import db
from scorekeeper.league import NightError, draw_round, table_sizes
from scorekeeper.storage import leaving, nights, store
from scorekeeper.storage.models import DeletedGame, Game, GroupGame, Night, utcnow
from support.played_nights import NAMES, StoredNight, seated

#: What a draw that cannot be undone because table 1 has begun says (round 1).
BEGUN = "La mesa %(table)s ya ha empezado a jugar: el sorteo de la ronda %(round)s ya no se puede deshacer"


def undo(night: StoredNight) -> int:
    """Undo the latest draw (committed): the round undone."""
    return night.change(nights.undo_draw)


def refused(night: StoredNight) -> str:
    """Why the latest draw cannot be undone (nothing changed)."""
    with night.opened() as stored:
        assert not nights.can_undo_draw(stored)
        with pytest.raises(NightError) as error:
            nights.undo_draw(stored)
        db.session.rollback()
        return str(error.value)


def games_of(app: Flask, ids: list[int]) -> tuple[int, int, int]:
    """How many of the games ``ids`` are stored, in a peña's league, and tombstoned."""
    with app.app_context():
        kept = sum(db.session.get(Game, game_id) is not None for game_id in ids)
        counted = db.session.query(GroupGame).filter(GroupGame.game_id.in_(ids)).count()
        return kept, counted, db.session.query(DeletedGame).count()


def test_an_undone_draw_deletes_its_games_and_tables_and_the_round_is_drawn_again_with_the_newcomer(
    game_app: Flask,
) -> None:
    night = StoredNight.make(game_app, NAMES[:8])
    drawn = night.draw()
    ids = [table.game_id for table in drawn]
    tombstones = games_of(game_app, ids)[2]
    assert night.read(nights.can_undo_draw)
    night.arrive("Zoe")
    night.leave("Ana")
    assert night.who()[0] == ("Ana", 1, 2) and night.who()[-1] == ("Zoe", 2, None)
    before = night.read(lambda stored: (stored.version, stored.group.version))
    assert undo(night) == 1
    assert games_of(game_app, ids) == (0, 0, tombstones + 2), "deleted, out of the league, each with its tombstone"
    with game_app.app_context():
        for table in drawn:
            assert store.find_game(table.token) is None
    assert night.read(lambda stored: (nights.drawn_rounds(stored), list(stored.tables))) == (0, [])
    after = night.read(lambda stored: (stored.version, stored.group.version))
    assert after[0] > before[0] and after[1] > before[1], "the pages and the screens draw it again"
    assert night.who() == [(name, 1, None) for name in NAMES[1:8]] + [("Zoe", 1, None)], (
        "Ana left before the round was played: no longer at the night; Zoe plays it"
    )
    again = night.draw()
    assert [table.round for table in again] == [1, 1]
    assert seated(again) == sorted([*NAMES[1:8], "Zoe"])


def test_the_round_drawn_again_comes_from_a_new_seed_so_the_same_players_get_a_new_draw(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:13], seed=13)
    first = night.draw()
    undo(night)
    seed = night.read(lambda stored: stored.seed)
    assert seed != 13 and 0 <= seed < 2**31
    again = night.draw()
    assert [(t.players, t.first_dealer) for t in again] != [(t.players, t.first_dealer) for t in first]
    pure = draw_round(NAMES[:13], table_sizes(13), random.Random(f"{seed}:1"), mode="random")
    assert [(t.players, t.first_dealer) for t in again] == [(t.players, t.first_dealer) for t in pure.tables]
    replayed = StoredNight.make(game_app, NAMES[:13], seed=13)
    replayed.draw()
    undo(replayed)
    assert replayed.read(lambda stored: stored.seed) == seed, "the new seed is the old one's, and the night's version's"


def test_a_later_round_undone_keeps_the_rounds_played_and_puts_arrivals_and_leavers_before_it(
    game_app: Flask,
) -> None:
    night = StoredNight.make(game_app, NAMES[:8], rounds=3)
    night.draw()
    night.arrive("Quique")  # for round 2
    night.play(1)
    standings = night.standings()
    second = night.draw()
    assert "Quique" in seated(second)
    night.arrive("Zoe")  # for round 3
    night.leave("Bea")  # played round 1 and was drawn in round 2
    night.leave("Quique")  # arrived for round 2, drawn in it, never played
    undo(night)
    assert night.read(nights.drawn_rounds) == 1
    who = night.who()
    assert ("Bea", 1, 2) in who, "Bea's round 1 still counts; she leaves before round 2"
    assert "Quique" not in [name for name, _first, _left in who]
    assert ("Zoe", 2, None) in who
    assert night.standings() == standings, "round 1's games are untouched"
    again = night.draw()
    assert seated(again) == sorted(night.present(2)) == sorted([NAMES[0], *NAMES[2:8], "Zoe"])


def test_a_table_that_said_anything_left_or_finished_keeps_the_draw(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:8], rounds=2)
    tables = night.draw()
    night.play(1, hands=1, only=[2])
    assert refused(night) == BEGUN % {"table": 2, "round": 1}
    assert night.read(nights.drawn_rounds) == 1 and len(night.read(nights.night_games)) == 2

    left = StoredNight.make(game_app, NAMES[:8], rounds=2)
    left.draw()

    def leave_first(stored: Night) -> None:
        game = nights.tables_of(stored, 1)[0].game
        assert game is not None
        game.abandoned_at = utcnow()

    left.change(leave_first)
    assert refused(left) == BEGUN % {"table": 1, "round": 1}
    assert tables[0].game_id in night.read(lambda stored: [game.id for game in nights.night_games(stored)])


def test_a_deleted_tables_game_does_not_keep_the_draw(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:8])
    night.draw()

    def delete_first(stored: Night) -> None:
        game = nights.tables_of(stored, 1)[0].game
        assert game is not None
        leaving.delete(game)

    night.change(delete_first)
    assert night.read(nights.can_undo_draw)
    assert undo(night) == 1 and night.read(lambda stored: list(stored.tables)) == []


def test_nothing_drawn_is_nothing_to_undo(game_app: Flask) -> None:
    night = StoredNight.make(game_app, NAMES[:4])
    assert refused(night) == "No hay ningún sorteo que deshacer"
    night.draw()
    undo(night)
    assert refused(night) == "No hay ningún sorteo que deshacer"


@pytest.mark.parametrize("game_app", [pytest.param("postgresql", marks=pytest.mark.postgresql)], indirect=True)
def test_a_game_being_written_right_now_keeps_the_draw(game_app: Flask) -> None:
    """A tap being saved holds its game's row (``FOR UPDATE``): the undo does not wait for it, nor delete under it.
    On PostgreSQL only: SQLite's write lock is the whole database's, so the peña's lock already waits for the tap."""
    night = StoredNight.make(game_app, NAMES[:8])
    tables = night.draw()
    with game_app.app_context(), db.engine.connect() as tap:
        tap.execute(text("SELECT id FROM game WHERE id = :id FOR UPDATE"), {"id": tables[1].game_id})
        with night.opened() as stored, pytest.raises(NightError) as error:
            db.session.execute(text("SET LOCAL lock_timeout = '2s'"))  # waiting for the tap fails, not hangs
            nights.undo_draw(stored)
        assert str(error.value) == BEGUN % {"table": 2, "round": 1}
        tap.rollback()
    assert undo(night) == 1
