"""Pocha on PostgreSQL: DATABASE_URL=postgresql+psycopg://… reaches create_app(), `flask db upgrade` and a whole hand."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import sqlalchemy as sa

from scorekeeper import create_app
from scorekeeper.extensions import db

if TYPE_CHECKING:
    from support.table import Table


def test_database_url_puts_the_games_in_postgresql(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make_table: type[Table]
) -> None:
    monkeypatch.setenv("DATABASE_URL", pg_url)
    monkeypatch.setenv("SECRET_KEY", "test-secret-key")
    app = create_app(instance_path=tmp_path / "instance")  # no test config: the environment is read
    with app.app_context():
        assert (db.engine.dialect.name, db.engine.dialect.driver) == ("postgresql", "psycopg")
    result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output

    app.config.update(TESTING=True, WTF_CSRF_ENABLED=False)
    table = make_table(app, app.test_client())
    token = table.start(["Ana", "Begoña", "Carlos"], dealer=0, preset="a_medida", custom_sizes="3 3 2 1")
    table.play_hand(token, "O", [1, 1, 0], [1, 2, 0])
    table.correct(token, 1, {"tricks-0": 0, "tricks-1": 3})
    table.play_hand(token, "C", [0, 2, 0], [0, 2, 1], save=False)
    snap = table.snap(token)
    assert snap.names == ("Ana", "Begoña", "Carlos")
    assert [hand[4] for hand in snap.hands] == [(0, 3, 0), (0, None, 1)]  # hand 2: Begoña, the last, not yet
    assert [hand[6] for hand in snap.hands] == [True, False]
    assert len(snap.corrections) == 1
    with app.app_context():
        db.engine.dispose()

    engine = sa.create_engine(pg_url)  # what PostgreSQL itself holds, read without the app
    with engine.connect() as connection:
        names = connection.execute(sa.text("SELECT name FROM player ORDER BY seat")).scalars().all()
        hands = connection.execute(sa.text("SELECT count(*) FROM hand")).scalar_one()
    engine.dispose()
    assert names == ["Ana", "Begoña", "Carlos"]
    assert hands == 2


def test_postgresql_connections_give_up_after_a_few_seconds(tmp_path: Path) -> None:
    app = create_app(
        {"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://pocha@127.0.0.1:1/pocha"},
        instance_path=tmp_path / "instance",
    )
    assert app.config["SQLALCHEMY_ENGINE_OPTIONS"]["connect_args"] == {"connect_timeout": 5}
    sqlite = create_app(
        {"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.sqlite3'}"},
        instance_path=tmp_path / "i",
    )
    assert "connect_args" not in sqlite.config["SQLALCHEMY_ENGINE_OPTIONS"]
