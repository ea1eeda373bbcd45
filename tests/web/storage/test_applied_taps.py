"""The taps a game has applied, kept by id: found again, one of each id per game, gone with their game."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from flask import Flask
from sqlalchemy.exc import IntegrityError

from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.applied_taps import applied_ids, remember_applied
from scorekeeper.storage.models import AppliedTap, Game
from support.table import Table

FIRST, SECOND, OTHER = "k3J9sQ0vX2mWb7Lp", "Zr5-t_8aYc1uHq2nEe0w4g", "x" * 40


def game_of(token: str) -> Game:
    """The stored game behind ``token``."""
    game = store.find_game(token)
    assert game is not None
    return game


def taps_stored(app: Flask, *game_ids: int) -> list[tuple[int, str, int]]:
    """The applied taps of the games ``game_ids`` (the database is shared with other tests): game id, tap id, hand."""
    with app.app_context():
        columns = sa.select(AppliedTap.game_id, AppliedTap.tap_id, AppliedTap.hand_number)
        rows = db.session.execute(columns.where(AppliedTap.game_id.in_(game_ids)))
        return sorted((game, tap, hand) for game, tap, hand in rows)


def test_the_ids_a_game_applied_are_found_and_no_others(table: Table) -> None:
    mine, theirs = table.start(), table.start()
    with table.app.app_context():
        remember_applied(game_of(mine), FIRST, 1)
        remember_applied(game_of(mine), SECOND, 2)
        remember_applied(game_of(theirs), OTHER, 1)
        db.session.commit()
        assert applied_ids(game_of(mine), [FIRST, SECOND, OTHER, "nunca-enviado-1234"]) == {FIRST, SECOND}
        assert applied_ids(game_of(theirs), [FIRST, OTHER]) == {OTHER}
        assert applied_ids(game_of(mine), []) == set()
        stored = db.session.execute(sa.select(AppliedTap).filter_by(tap_id=SECOND)).scalar_one()
        assert (stored.hand_number, stored.game.id) == (2, game_of(mine).id)
        assert stored.applied_at is not None


def test_an_id_is_kept_once_per_game_but_two_games_may_share_it(table: Table) -> None:
    mine, theirs = table.start(), table.start()
    with table.app.app_context():
        ids = (game_of(mine).id, game_of(theirs).id)
        remember_applied(game_of(mine), FIRST, 1)
        remember_applied(game_of(theirs), FIRST, 1)
        db.session.commit()
        remember_applied(game_of(mine), FIRST, 3)
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()
    assert taps_stored(table.app, *ids) == [(ids[0], FIRST, 1), (ids[1], FIRST, 1)]


@pytest.mark.parametrize("how", ["orm", "sql"])
def test_the_taps_of_a_game_go_with_it(table: Table, how: str) -> None:
    gone, kept = table.start(), table.start()
    with table.app.app_context():
        gone_id, kept_id = game_of(gone).id, game_of(kept).id
        for tap in (FIRST, SECOND):
            remember_applied(game_of(gone), tap, 1)
        remember_applied(game_of(kept), FIRST, 1)
        db.session.commit()
        if how == "orm":
            db.session.delete(game_of(gone))
        else:
            db.session.execute(sa.delete(Game).where(Game.id == game_of(gone).id))
        db.session.commit()
    assert taps_stored(table.app, gone_id, kept_id) == [(kept_id, FIRST, 1)]
