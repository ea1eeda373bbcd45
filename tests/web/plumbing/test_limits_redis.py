"""Rate limits shared through Redis (RATELIMIT_STORAGE_URI): several apps, and several server processes, count together."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from support.redis_server import RedisServer
from support.server import Phone, ServeFactory, new_game_form
from support.table import Table, games_in

AppFactory = Callable[..., Flask]


def two_apps(app_factory: AppFactory, storage: str, **settings: Any) -> tuple[Flask, Flask]:
    """Two apps on one database and one limits storage, as two processes (or machines) behind one proxy are."""
    config = dict(WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=True, RATELIMIT_STORAGE_URI=storage, **settings)
    return app_factory(**config), app_factory(**config)


def start(app: Flask) -> int:
    """A new phone starts a game on ``app``: the answer's status (303 when started)."""
    return Table(app, app.test_client()).new_game().status_code


def miss(client: FlaskClient, number: int) -> int:
    """Ask the address of a game that does not exist: the answer's status (404 when not refused)."""
    return client.get(f"/ver/nope{number}").status_code


def test_two_apps_on_one_redis_count_new_games_and_wrong_addresses_together(
    app_factory: AppFactory, redis_url: str
) -> None:
    first, second = two_apps(app_factory, redis_url, LIMIT_NEW_GAMES="3 per hour", LIMIT_WRONG_TOKENS="3 per hour")
    assert [start(first), start(second), start(first)] == [303, 303, 303]
    assert [start(second), start(first)] == [429, 429]
    assert games_in(first) == 3

    assert [miss(first.test_client(), 1), miss(second.test_client(), 2), miss(first.test_client(), 3)] == [404] * 3
    assert [miss(second.test_client(), 4), miss(first.test_client(), 5)] == [429, 429]


def test_two_apps_counting_in_memory_count_apart(app_factory: AppFactory) -> None:
    """What Redis changes: without it each process keeps its own count (so the test above can fail)."""
    first, second = two_apps(app_factory, "memory://", LIMIT_NEW_GAMES="2 per hour")
    assert [start(first), start(first), start(first)] == [303, 303, 429]
    assert [start(second), start(second), start(second)] == [303, 303, 429]


def test_when_redis_stops_answering_nothing_fails_and_the_limits_go_on_in_memory(
    app_factory: AppFactory, redis_server: RedisServer
) -> None:
    first, second = two_apps(
        app_factory, redis_server.url, LIMIT_NEW_GAMES="2 per hour", LIMIT_WRONG_TOKENS="2 per hour"
    )
    assert start(first) == 303
    redis_server.stop()

    assert [start(first), start(first), start(first)] == [303, 303, 429]  # counted in this process's memory
    assert [miss(first.test_client(), n) for n in range(3)] == [404, 404, 429]
    assert start(second) == 303
    assert games_in(first) == 4


@pytest.mark.slow
def test_two_servers_on_one_redis_refuse_together(
    serve: ServeFactory, redis_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two real server processes on one database, configured through the environment as a deployment is."""
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", redis_url)
    monkeypatch.setenv("LIMIT_NEW_GAMES", "2 per hour")
    database = f"sqlite:///{tmp_path / 'pocha.sqlite3'}"
    servers = [serve(database), serve(database)]
    phones = [Phone(server.url) for server in servers]
    phones[0].start_game(["Ana", "Bea", "Carlos"])
    phones[1].start_game(["Ana", "Bea", "Carlos"])

    for refused_on in phones:
        form = refused_on.request("/partidas/nueva").form("nueva").hidden
        answer = refused_on.request(
            "/partidas/nueva", {**form, **new_game_form(["Ana", "Bea", "Carlos"], 0, "clasica")}
        )
        assert answer.status == 429, (answer.status, answer.text[:300])
        assert "Demasiadas peticiones" in answer.text
        assert int(answer.headers["Retry-After"]) > 0
