"""The migrations folder: it applies cleanly and matches scorekeeper.storage.models, on SQLite and on PostgreSQL."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask_migrate import upgrade

from scorekeeper.extensions import db


def test_flask_db_upgrade_works_on_an_empty_database(empty_app: Flask) -> None:
    result = empty_app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    with empty_app.app_context():
        assert {"game", "player", "hand", "correction"} <= set(db.inspect(db.engine).get_table_names())


def test_migrations_match_the_models(empty_app: Flask) -> None:
    with empty_app.app_context():
        upgrade(directory=empty_app.extensions["migrate"].directory)
        with db.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"render_as_batch": True, "compare_type": True})
            differences = compare_metadata(context, db.metadata)
    assert differences == [], "scorekeeper/storage/models.py changed: run `flask --app scorekeeper db migrate -m ...`"
