"""The health check for the proxy (/salud): 200 and a tiny JSON while the database answers, 503 when it does not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.engine import make_url
from werkzeug.test import TestResponse

from scorekeeper.extensions import db

AppFactory = Callable[..., Flask]
HEALTHY = {"status": "ok", "database": "ok"}
UNHEALTHY = {"status": "error", "database": "unavailable"}


def check(client: FlaskClient) -> TestResponse:
    """Ask /salud as a proxy does: no cookie, nothing but the address."""
    response = client.get("/salud")
    assert response.mimetype == "application/json"
    assert "Set-Cookie" not in response.headers, "a health check is given no session cookie"
    assert response.headers["Cache-Control"] == "no-store"
    return response


def test_healthy_while_the_database_answers_and_503_once_it_is_gone_then_healthy_again(
    empty_app: Flask, request: pytest.FixtureRequest
) -> None:
    client = empty_app.test_client()
    not_migrated = check(client)
    assert (not_migrated.status_code, not_migrated.get_json()) == (503, UNHEALTHY)  # no tables yet

    with empty_app.app_context():
        db.create_all()
    healthy = check(client)
    assert (healthy.status_code, healthy.get_json()) == (200, HEALTHY)

    url = make_url(empty_app.config["SQLALCHEMY_DATABASE_URI"])
    if url.get_backend_name() == "sqlite":
        assert url.database
        with empty_app.app_context():
            db.engine.dispose()
        kept = Path(url.database).read_bytes()
        with open(url.database, "wb") as broken:
            broken.write(b"this is no database" * 100)
        gone = check(client)
        with empty_app.app_context():
            db.engine.dispose()
        with open(url.database, "wb") as restored:
            restored.write(kept)
    else:
        cluster = request.getfixturevalue("postgres_cluster")
        assert url.database
        cluster.drop_database(url.database)  # ends the app's connections too
        gone = check(client)
        with psycopg.connect(cluster.conninfo(), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{url.database}" TEMPLATE template0'.encode())
        with empty_app.app_context():
            db.create_all()
    assert (gone.status_code, gone.get_json()) == (503, UNHEALTHY)

    back = check(client)
    assert (back.status_code, back.get_json()) == (200, HEALTHY)


def test_a_phone_with_a_session_keeps_its_cookie_untouched(client: FlaskClient) -> None:
    client.get("/")  # the home page gives the phone its session
    assert client.get_cookie("session") is not None
    assert check(client).status_code == 200
    assert client.get_cookie("session") is not None


def test_the_health_check_is_never_rate_limited(app_factory: AppFactory) -> None:
    app = app_factory(RATELIMIT_ENABLED=True, LIMIT_NEW_GAMES="1 per hour", LIMIT_WRONG_TOKENS="1 per hour")
    client = app.test_client()
    assert [client.get(f"/ver/nope{n}").status_code for n in range(2)] == [404, 429]  # this address is over its limit
    assert {check(client).status_code for _ in range(50)} == {200}


def test_the_health_check_only_answers_get(client: FlaskClient) -> None:
    assert client.post("/salud").status_code == 405
    assert client.head("/salud").status_code == 200
