"""Fixtures for every test: a fresh app on its own SQLite file, its client and its CLI runner (PostgreSQL: tests/support/postgres.py);
how many parallel workers `-n auto` starts, and the order the tests are dealt out to them."""

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper import create_app
from scorekeeper.extensions import db
from support.table import AppFactory

# The throwaway PostgreSQL cluster and its fixtures: postgres_cluster, pg_url, database_url;
# real servers (python -m scorekeeper.server.local) for phones over HTTP: serve; a throwaway Redis: redis_url.
pytest_plugins = ("support.postgres", "support.server", "support.redis_server")

ENGINE = Path(__file__).resolve().parent.parent / "scorekeeper" / "engine"


class WholeAnswerClient(FlaskClient):
    """Flask's test client, reading every answer whole and closing it, as a server does: a file sent (a static
    file, say) is closed at once, not left open until the garbage collector finds it."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        """Make the request; the answer comes read and closed (``buffered``)."""
        kwargs.setdefault("buffered", True)
        return super().open(*args, **kwargs)


Flask.test_client_class = WholeAnswerClient  # every test app's client, wherever the app is made


def pytest_report_header() -> str:
    """Say whether the engine's hot modules run compiled or as plain Python."""
    import scorekeeper.engine.masks as masks

    return "engine: " + ("compiled with mypyc" if not masks.__file__.endswith(".py") else "pure Python")


def pytest_sessionstart(session: pytest.Session) -> None:
    """Refuse to test a compiled engine module older than its source: it would test old code."""
    for compiled in ENGINE.glob("*.so"):
        source = ENGINE / (compiled.name.split(".", 1)[0] + ".py")
        if source.exists() and source.stat().st_mtime > compiled.stat().st_mtime:
            pytest.exit(f"{source.name} changed after it was compiled: run `make test` (or pip install -e .) again", 2)


#: Test workers for `-n auto`, three for every two cores: while one worker's test waits on a browser or a server,
#: another computes, and fewer browsers contend for the cores than at two a core. A fresh clone's `make test` on two
#: cores with WebKit and Firefox in the run: three workers 14 min 44 s (1,662 s of CPU), two 16 min 37 s (1,709 s),
#: four 16 min 45 s (1,951 s: more waiting is paid in polling while the cores are full).
WORKERS_PER_TWO_CORES = 3


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """How many workers `pytest -n auto` starts: ``PYTEST_XDIST_AUTO_NUM_WORKERS`` if set, else
    ``WORKERS_PER_TWO_CORES`` for every two cores this process may run on (one at least)."""
    asked = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS", "")
    if asked.isdigit():
        return int(asked)
    return max(1, WORKERS_PER_TWO_CORES * len(os.sched_getaffinity(0)) // 2)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the longest tests first: the slow ones, then the browser's, then the rest, each in the order collected.

    pytest-xdist hands the tests out in this order, so the long ones start while the many short ones
    fill the gaps, instead of one worker playing a whole game alone at the end of the run. Every
    worker sorts the same collection the same way, as xdist requires.
    """

    def weight(item: pytest.Item) -> int:
        """0 for a slow test, 1 for a browser test, 2 for any other."""
        if item.get_closest_marker("slow"):
            return 0
        return 1 if item.get_closest_marker("browser") else 2

    items.sort(key=weight)


_CSRF_INPUT = re.compile(r'name="csrf_token"[^>]*\svalue="([^"]+)"')


def make_test_config(tmp_path: Path, **overrides: Any) -> dict[str, Any]:
    """Return the settings of a test app: TESTING, a fixed key, a database file in tmp_path; CSRF stays on."""
    return {
        "TESTING": True,
        "SECRET_KEY": "test-secret-key",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'pocha.sqlite3'}",
        **overrides,
    }


@pytest.fixture
def app_factory(tmp_path: Path) -> AppFactory:
    """Build test apps with extra settings: `app_factory(WTF_CSRF_ENABLED=False)`; tables are created."""

    def build(**overrides: Any) -> Flask:
        """Create one app on tmp_path's database, with `overrides` on top of the test settings."""
        app = create_app(make_test_config(tmp_path, **overrides), instance_path=tmp_path / "instance")
        with app.app_context():
            db.create_all()
        return app

    return build


@pytest.fixture
def app(app_factory: AppFactory) -> Iterator[Flask]:
    """The app under test, CSRF protection on, on a fresh SQLite file."""
    app = app_factory()
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def empty_app(tmp_path: Path, database_url: str) -> Iterator[Flask]:
    """The app on a fresh database of each kind (``database_url``: SQLite, then PostgreSQL), with no tables yet."""
    app = create_app(
        make_test_config(tmp_path, SQLALCHEMY_DATABASE_URI=database_url), instance_path=tmp_path / "instance"
    )
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for `app` (keeps cookies between requests)."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A runner for `app`'s `flask` commands, e.g. runner.invoke(args=["db", "upgrade"])."""
    return app.test_cli_runner()


@pytest.fixture
def csrf_token(client: FlaskClient) -> Callable[..., str]:
    """Return a function giving a valid CSRF token for `client`, read from a page's form (default "/")."""

    def token(page: str = "/") -> str:
        """GET `page` with the client and return the CSRF token of its first form."""
        html = client.get(page).get_data(as_text=True)
        match = _CSRF_INPUT.search(html)
        assert match, f"no CSRF token on {page}"
        return match.group(1)

    return token
