"""Fixtures to play a game through the test client: ``game_app`` on SQLite and PostgreSQL, a phone, and a table
(tests/support/table.py) that starts games and taps each step."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.extensions import db
from support.table import Table


@pytest.fixture(
    scope="session",
    params=[
        pytest.param("sqlite", id="sqlite"),
        pytest.param("postgresql", id="postgresql", marks=pytest.mark.postgresql),
    ],
)
def game_app(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One app with CSRF off for every flow test, on SQLite then on PostgreSQL: each test using it runs on both
    (ids ``sqlite`` / ``postgresql``; each test plays its own games, so they never meet).

    Sharing it keeps the suite quick: a new app compiles every template again; the SQLite
    database lives in memory, the PostgreSQL one in the throwaway cluster for the whole session.
    Tests that need a database file use ``app_factory``. The CSRF tests use ``app`` and ``client``.
    The rate limits are off: the whole suite plays from one address.
    """
    folder = tmp_path_factory.mktemp("games")
    if request.param == "sqlite":
        url, drop = "sqlite://", None  # in memory: no disk sync on every tap
    else:
        cluster = request.getfixturevalue("postgres_cluster")
        name = cluster.create_database()
        url, drop = cluster.url(name), lambda: cluster.drop_database(name)
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret-key",
            "SQLALCHEMY_DATABASE_URI": url,
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        },
        instance_path=folder / "instance",
    )
    with app.app_context():
        db.create_all()
    yield app
    with app.app_context():
        db.engine.dispose()
    if drop is not None:
        drop()


@pytest.fixture
def phone(game_app: Flask) -> FlaskClient:
    """A new test client of ``game_app``: one phone, with a session cookie of its own."""
    return game_app.test_client()


@pytest.fixture
def make_table() -> type[Table]:
    """The ``Table`` class, to sit at another app or client: ``make_table(app, app.test_client())``."""
    return Table


@pytest.fixture
def table(game_app: Flask, phone: FlaskClient) -> Table:
    """A phone at the table, CSRF off: ``table.start(...)``, ``table.ok(token, "apuesta", 1, seat, 2)``, ``table.page(token)``."""
    return Table(game_app, phone)
