"""The friendly error pages (scorekeeper/errors/)."""

from collections.abc import Callable

import pytest
from flask import Flask, abort
from flask.testing import FlaskClient

from scorekeeper.extensions import db


def test_missing_page_is_friendly_and_in_spanish(client: FlaskClient) -> None:
    response = client.get("/no-existe")
    html = response.get_data(as_text=True)
    assert response.status_code == 404
    assert "Esta página no existe" in html
    assert '<html lang="es">' in html
    assert 'href="/"' in html


def test_missing_page_in_english(client: FlaskClient) -> None:
    response = client.get("/no-existe", headers={"Accept-Language": "en"})
    assert response.status_code == 404
    assert "This page does not exist" in response.get_data(as_text=True)


def test_error_page_links_back_to_where_the_player_came_from(client: FlaskClient) -> None:
    html = client.get("/no-existe", headers={"Referer": "http://localhost/partidas/7"}).get_data(as_text=True)
    assert 'href="/partidas/7"' in html
    other = client.get("/no-existe", headers={"Referer": "https://example.com/x"}).get_data(as_text=True)
    assert "example.com" not in other


def test_expired_form_is_a_friendly_400(client: FlaskClient) -> None:
    response = client.post("/idioma", data={"lang": "en", "next": "/"}, headers={"Referer": "http://localhost/"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "La página ha caducado" in html
    assert "vuelve a intentarlo" in html
    assert 'href="/"' in html
    assert client.get_cookie("lang") is None, "nothing is done when the form has expired"


def test_wrong_csrf_token_is_the_same_friendly_400(client: FlaskClient, csrf_token: Callable[..., str]) -> None:
    csrf_token()  # the session holds a real token; the form sends another
    response = client.post("/idioma", data={"csrf_token": "forged", "lang": "en"})
    assert response.status_code == 400
    assert "La página ha caducado" in response.get_data(as_text=True)


def test_expired_form_in_english(client: FlaskClient) -> None:
    response = client.post("/idioma", data={"lang": "en"}, headers={"Accept-Language": "en"})
    assert response.status_code == 400
    assert "This page has expired" in response.get_data(as_text=True)


def test_wrong_method_is_a_friendly_405(client: FlaskClient) -> None:
    response = client.get("/idioma")
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]
    assert "Esta página no existe" in response.get_data(as_text=True)


@pytest.fixture
def failing_app(app_factory: Callable[..., Flask]) -> Flask:
    """An app with routes that fail in each way, and real 500 handling (no exception propagation)."""
    app = app_factory(PROPAGATE_EXCEPTIONS=False)

    def crash() -> str:
        """Start a database change, then fail before saving it."""
        db.session.execute(db.text("CREATE TABLE half_done (id INTEGER)"))
        db.session.execute(db.text("INSERT INTO half_done VALUES (1)"))
        raise RuntimeError("boom")

    def forbidden() -> str:
        """Refuse the request."""
        abort(403)

    def bad() -> str:
        """Reject the request."""
        abort(400)

    app.add_url_rule("/crash", view_func=crash)
    app.add_url_rule("/forbidden", view_func=forbidden)
    app.add_url_rule("/bad", view_func=bad)
    return app


def test_server_error_is_friendly_and_rolls_back(failing_app: Flask) -> None:
    client = failing_app.test_client()
    response = client.get("/crash")
    assert response.status_code == 500
    assert "Algo ha fallado" in response.get_data(as_text=True)
    with failing_app.app_context():
        tables = db.session.execute(db.text("SELECT name FROM sqlite_master WHERE name = 'half_done'")).all()
        rows = db.session.execute(db.text("SELECT count(*) FROM half_done")).scalar() if tables else 0
    assert rows == 0, "the half-done change was rolled back"


def test_forbidden_is_friendly(failing_app: Flask) -> None:
    response = failing_app.test_client().get("/forbidden", headers={"Accept-Language": "en"})
    assert response.status_code == 403
    assert "This page is not available to you." in response.get_data(as_text=True)


def test_bad_request_is_friendly(failing_app: Flask) -> None:
    response = failing_app.test_client().get("/bad")
    assert response.status_code == 400
    assert "Algo no cuadra" in response.get_data(as_text=True)
