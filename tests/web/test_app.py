"""The application factory and its configuration (scorekeeper/__init__.py, scorekeeper/config.py)."""

from pathlib import Path

import pytest
from flask import Flask

from scorekeeper import PROJECT_DIR, create_app


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hide SECRET_KEY and DATABASE_URL that the machine running the tests may have set."""
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)


def test_test_app_is_testing_with_its_own_database(app: Flask, tmp_path: Path) -> None:
    assert app.testing
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path / 'pocha.sqlite3'}"
    assert app.config["WTF_CSRF_ENABLED"] is not False


def test_templates_and_static_are_the_top_level_folders(app: Flask) -> None:
    assert Path(app.template_folder or "") == PROJECT_DIR / "templates"
    assert Path(app.static_folder or "") == PROJECT_DIR / "static"
    assert app.extensions["migrate"].directory == str(PROJECT_DIR / "migrations")


@pytest.mark.usefixtures("clean_env")
def test_defaults_put_the_database_and_a_lasting_secret_in_the_instance_folder(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    app = create_app(instance_path=instance)
    assert not app.testing
    assert app.instance_path == str(instance)
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{instance / 'pocha.sqlite3'}"
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None
    assert app.config["BABEL_DEFAULT_LOCALE"] == "es"
    key = app.config["SECRET_KEY"]
    assert len(key) >= 32
    assert (instance / "secret_key").read_text().strip() == key
    assert (instance / "secret_key").stat().st_mode & 0o077 == 0
    again = create_app(instance_path=instance)
    assert again.config["SECRET_KEY"] == key, "a restart keeps the key, so sessions and forms survive"


@pytest.mark.usefixtures("clean_env")
def test_instance_config_overrides_the_defaults(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text('SECRET_KEY = "from-file"\nSQLALCHEMY_DATABASE_URI = "sqlite:///file.db"\n')
    app = create_app(instance_path=instance)
    assert app.config["SECRET_KEY"] == "from-file"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "sqlite:///file.db"
    assert not (instance / "secret_key").exists()


@pytest.mark.usefixtures("clean_env")
def test_environment_overrides_instance_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text('SECRET_KEY = "from-file"\n')
    monkeypatch.setenv("SECRET_KEY", "from-env")
    monkeypatch.setenv("DATABASE_URL", "sqlite:///env.db")
    app = create_app(instance_path=instance)
    assert app.config["SECRET_KEY"] == "from-env"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "sqlite:///env.db"


def test_test_config_ignores_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "sqlite:///env.db")
    app = create_app({"TESTING": True, "SECRET_KEY": "k"}, instance_path=tmp_path)
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path / 'pocha.sqlite3'}"


def test_sqlite_enforces_foreign_keys(app: Flask) -> None:
    from sqlalchemy import text

    from scorekeeper.extensions import db

    with app.app_context():
        assert db.session.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_blueprints_are_registered(app: Flask) -> None:
    assert {"main", "errors"} <= set(app.blueprints)
