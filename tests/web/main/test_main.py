"""The home page and the language switch (scorekeeper/main/, scorekeeper/plumbing/languages.py)."""

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import get_locale, gettext


def test_home_page_is_in_spanish_by_default(client: FlaskClient) -> None:
    response = client.get("/")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert '<html lang="es">' in html
    assert "<title>Pocha</title>" in html
    assert "Nueva partida" in html
    assert 'href="/partidas/nueva"' in html
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html


def test_home_page_offers_the_language_switch(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert 'action="/idioma"' in html
    assert 'name="lang" value="es"' in html and 'name="lang" value="en"' in html
    assert 'name="csrf_token"' in html


@pytest.mark.parametrize(
    ("accept_language", "expected"),
    [
        ("en", "en"),
        ("en-GB,en;q=0.9", "en"),
        ("fr-FR,fr;q=0.9,en;q=0.5", "en"),
        ("es-ES,es;q=0.9,en;q=0.8", "es"),
        ("fr", "es"),
        ("", "es"),
    ],
)
def test_browser_language_picks_spanish_or_english(client: FlaskClient, accept_language: str, expected: str) -> None:
    html = client.get("/", headers={"Accept-Language": accept_language}).get_data(as_text=True)
    assert f'<html lang="{expected}">' in html
    assert ("New game" if expected == "en" else "Nueva partida") in html


def test_home_page_in_english(client: FlaskClient) -> None:
    html = client.get("/", headers={"Accept-Language": "en-US"}).get_data(as_text=True)
    assert "New game" in html
    assert "Nueva partida" not in html
    assert "Language" in html


def test_lang_cookie_beats_the_browser_language(client: FlaskClient) -> None:
    client.set_cookie("lang", "en")
    html = client.get("/", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert '<html lang="en">' in html and "New game" in html


def test_unknown_lang_cookie_is_ignored(client: FlaskClient) -> None:
    client.set_cookie("lang", "xx")
    assert '<html lang="es">' in client.get("/").get_data(as_text=True)


def test_choosing_a_language_sets_the_cookie_and_goes_back(client: FlaskClient, csrf_token: Callable[..., str]) -> None:
    response = client.post("/idioma", data={"csrf_token": csrf_token(), "lang": "en", "next": "/?x=1"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/?x=1"
    cookie = client.get_cookie("lang")
    assert cookie is not None and cookie.value == "en"
    assert "lang=en" in response.headers["Set-Cookie"] and "Max-Age=" in response.headers["Set-Cookie"]
    assert "New game" in client.get("/").get_data(as_text=True)

    back = client.post("/idioma", data={"csrf_token": csrf_token(), "lang": "es", "next": "/"})
    assert back.status_code == 303
    assert "Nueva partida" in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("target", ["https://example.com/", "//example.com/x", "/\\example.com", "javascript:alert(1)"])
def test_language_switch_never_redirects_away(client: FlaskClient, csrf_token: Callable[..., str], target: str) -> None:
    response = client.post("/idioma", data={"csrf_token": csrf_token(), "lang": "en", "next": target})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"


def test_language_switch_falls_back_to_the_referrer(client: FlaskClient, csrf_token: Callable[..., str]) -> None:
    response = client.post(
        "/idioma",
        data={"csrf_token": csrf_token(), "lang": "en"},
        headers={"Referer": "http://localhost/partidas/3"},
    )
    assert response.headers["Location"] == "/partidas/3"


def test_unknown_language_is_a_bad_request(client: FlaskClient, csrf_token: Callable[..., str]) -> None:
    response = client.post("/idioma", data={"csrf_token": csrf_token(), "lang": "fr", "next": "/"})
    assert response.status_code == 400
    assert client.get_cookie("lang") is None


def test_language_is_spanish_outside_a_request(app: Flask) -> None:
    with app.app_context():
        assert str(get_locale()) == "es"
        assert gettext("Nueva partida") == "Nueva partida"


def test_switch_on_a_page_answering_a_post_goes_home(client: FlaskClient) -> None:
    html = client.post("/idioma", data={"lang": "en"}).get_data(as_text=True)
    assert 'name="next" value="/"' in html
