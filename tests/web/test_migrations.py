"""The migrations folder: it applies cleanly and matches scorekeeper.models."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask.testing import FlaskCliRunner
from flask_migrate import upgrade

from scorekeeper.extensions import db


def test_flask_db_upgrade_works_on_an_empty_database(app: Flask, runner: FlaskCliRunner) -> None:
    with app.app_context():
        db.drop_all()
    result = runner.invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output


def test_migrations_match_the_models(app: Flask) -> None:
    with app.app_context():
        db.drop_all()
        upgrade(directory=app.extensions["migrate"].directory)
        with db.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"render_as_batch": True})
            differences = compare_metadata(context, db.metadata)
    assert differences == [], "scorekeeper/models.py changed: run `flask --app scorekeeper db migrate -m ...`"
