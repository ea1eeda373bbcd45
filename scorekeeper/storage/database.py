"""The database connection: SQLite set up so that no answered tap is lost, and writes that take the game's lock first.

SQLite (the default, one file in ``instance/``) runs in WAL mode with ``synchronous=FULL``: a
commit is on disk before the phone is told, and a killed server leaves no half-saved hand.
A request that changes a game starts its transaction with ``BEGIN IMMEDIATE`` (SQLite's write
lock, waiting up to ``busy_timeout``) or ``SELECT … FOR UPDATE`` on the game's row (PostgreSQL),
so two phones tapping at once are applied one after the other, each against the state the
other left. The lock lives in the database, so it holds across processes and machines.
"""

from __future__ import annotations

import sqlite3
from typing import Any, Final

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

from scorekeeper.extensions import db

#: The execution option that makes a session's transaction a write (SQLite: BEGIN IMMEDIATE).
WRITE: Final = "pocha_write"
#: How long (ms) a SQLite connection waits for another writer before giving up.
BUSY_TIMEOUT_MS: Final = 15_000


def configure_engines(app: Flask) -> None:
    """Set up every engine of the app (SQLite pragmas and transactions; nothing to do for PostgreSQL)."""
    with app.app_context():
        for engine in db.engines.values():
            configure(engine)


def configure(engine: Engine) -> None:
    """Give a SQLite engine its pragmas and explicit transactions (BEGIN, or BEGIN IMMEDIATE for writes)."""
    if engine.dialect.name != "sqlite" or event.contains(engine, "connect", sqlite_connect):
        return
    event.listen(engine, "connect", sqlite_connect)
    event.listen(engine, "begin", sqlite_begin)


def sqlite_connect(dbapi_connection: Any, connection_record: Any) -> None:
    """On every new SQLite connection: foreign keys on, WAL journal, full sync, a busy wait, our own BEGINs."""
    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    # Python's sqlite3 would open transactions on its own (and never before a SELECT): the
    # "begin" hook below does it instead, so that every transaction is a real one.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    if cursor.execute("PRAGMA journal_mode").fetchone()[0] != "memory":
        cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def sqlite_begin(connection: Connection) -> None:
    """Start a SQLite transaction: a write takes the write lock at once, so what it reads is what it changes."""
    immediate = connection.get_execution_options().get(WRITE, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def begin_write() -> None:
    """Make the request's next transaction a write: call it before the first query of a request that
    changes the database. On SQLite that transaction holds the write lock from its first statement;
    on PostgreSQL, lock the rows to change with ``with_for_update()``.

    A read-only transaction already open (nothing changed in it) is ended first.
    """
    session = db.session()
    if session.in_transaction():
        if session.new or session.dirty or session.deleted:
            raise RuntimeError("begin_write() after changes: call it before the request's first query")
        session.rollback()
    session.connection(execution_options={WRITE: True})
