"""The big screen's suspense (migration d9e2b5f04a17), on SQLite and PostgreSQL: the games stored before it keep every
row and show the points all along (no suspense); a game given suspense keeps every row going back down."""

from __future__ import annotations

import sqlalchemy as sa
from flask import Flask
from flask_migrate import downgrade, upgrade
from test_migrations_keep_rows import (
    Invent,
    current_revision,
    finished_game,
    game_in_progress,
    read_rows,
    reflect,
    revision_before,
    write_game,
)

from scorekeeper.extensions import db

SUSPENSE = "d9e2b5f04a17"
BEFORE = revision_before(SUSPENSE)


def counts(connection: sa.Connection) -> dict[str, int]:
    """How many rows each table holds."""
    return {name: len(rows) for name, rows in read_rows(connection)[1].items()}


def test_games_stored_before_keep_every_row_and_have_no_suspense(empty_app: Flask) -> None:
    directory = empty_app.extensions["migrate"].directory
    with empty_app.app_context():
        upgrade(directory=directory, revision=BEFORE)
        with db.engine.begin() as connection:
            tables = reflect(connection)
            assert "suspense_hands" not in tables["game"].columns
            invent = Invent()
            for facts in (game_in_progress(), finished_game()):
                write_game(connection, tables, facts, invent)
            before = counts(connection)
        upgrade(directory=directory, revision=SUSPENSE)
        with db.engine.begin() as connection:
            assert current_revision(connection) == SUSPENSE
            assert counts(connection) == before
            game = reflect(connection)["game"]
            assert connection.execute(sa.select(game.c.suspense_hands)).scalars().all() == [None, None]
            connection.execute(game.update().where(game.c.id == 1).values(suspense_hands=3))
        downgrade(directory=directory, revision=BEFORE)
        with db.engine.connect() as connection:
            assert current_revision(connection) == BEFORE
            assert counts(connection) == before, "going back down keeps every game, suspense or not"
            assert "suspense_hands" not in reflect(connection)["game"].columns
