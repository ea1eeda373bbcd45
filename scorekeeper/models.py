"""What Pocha stores: the tables, typed with Mapped[...] (facts only; the engine derives scores)."""

import sqlite3
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

from scorekeeper.extensions import Base, db

__all__ = ["Base", "db"]


@event.listens_for(Engine, "connect")
def _enforce_sqlite_foreign_keys(dbapi_connection: Any, connection_record: Any) -> None:
    """Turn on SQLite's foreign-key checks, which are off by default, on every new connection."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()
