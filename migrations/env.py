"""Alembic environment for Pocha: runs migrations against the app's database (see flask db --help)."""

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from logging.config import fileConfig
from typing import Any

from alembic import context
from flask import current_app
from sqlalchemy import MetaData
from sqlalchemy.engine import Connection, Engine

# The Alembic Config object, giving access to the values in alembic.ini.
config = context.config

# Set up logging from alembic.ini, without silencing the app's own loggers.
if config.config_file_name is not None:
    fileConfig(config.config_file_name, disable_existing_loggers=False)
logger = logging.getLogger("alembic.env")

migrate_ext = current_app.extensions["migrate"]


def get_engine() -> Engine:
    """Return the engine of the app's Flask-SQLAlchemy database."""
    engine: Engine = migrate_ext.db.engine
    return engine


def get_engine_url() -> str:
    """Return the database URL, escaped for Alembic's ini-style config."""
    return get_engine().url.render_as_string(hide_password=False).replace("%", "%%")


def get_metadata() -> MetaData:
    """Return the metadata of scorekeeper.storage.models, for autogenerate."""
    metadata: MetaData = migrate_ext.db.metadata
    return metadata


config.set_main_option("sqlalchemy.url", get_engine_url())


def run_migrations_offline() -> None:
    """Emit the migrations as SQL for the configured URL, without connecting (flask db upgrade --sql)."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=get_metadata(),
        literal_binds=True,
        **migrate_ext.configure_args,
    )
    with context.begin_transaction():
        context.run_migrations()


@contextmanager
def foreign_keys_paused(connection: Connection) -> Iterator[None]:
    """On SQLite, run the migrations with foreign keys off, then check every reference.

    SQLite changes a table by building a new one and dropping the old: with foreign keys on,
    that drop would delete every row pointing at it (ON DELETE CASCADE). The pragma only
    works outside a transaction, so it is set on the raw connection before the migrations
    begin; afterwards ``PRAGMA foreign_key_check`` must find no broken reference.
    """
    if connection.dialect.name != "sqlite":
        yield
        return
    raw = connection.connection.dbapi_connection
    assert raw is not None
    raw.execute("PRAGMA foreign_keys=OFF")
    try:
        yield
        broken = raw.execute("PRAGMA foreign_key_check").fetchall()
        if broken:
            raise RuntimeError(f"the migration left references to missing rows: {broken[:10]}")
    finally:
        raw.execute("PRAGMA foreign_keys=ON")


def run_migrations_online() -> None:
    """Run the migrations on a live connection to the app's database."""

    def process_revision_directives(context: Any, revision: Any, directives: list[Any]) -> None:
        """Write no empty migration when autogenerate finds no change."""
        if getattr(config.cmd_opts, "autogenerate", False):
            script = directives[0]
            if script.upgrade_ops.is_empty():
                directives[:] = []
                logger.info("No changes in schema detected.")

    conf_args = dict(migrate_ext.configure_args)
    conf_args.setdefault("process_revision_directives", process_revision_directives)

    with get_engine().connect() as connection, foreign_keys_paused(connection):
        context.configure(connection=connection, target_metadata=get_metadata(), **conf_args)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
