"""HTTPS behind a proxy (scorekeeper/plumbing/https.py, page_parts/share_links.py): forwarded headers believed only from TRUSTED_PROXIES,
share links with the public address, Secure cookies and HSTS over HTTPS, and the LAN address only where the server
listens on it."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask, request
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import create_app
from scorekeeper.config import ConfigError
from scorekeeper.plumbing import addresses
from scorekeeper.plumbing.https import HSTS, with_secure

AppFactory = Callable[..., Flask]
PROXIED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "pocha.example.org", "X-Forwarded-For": "203.0.113.7"}
YEAR = 365 * 24 * 3600


@pytest.fixture(autouse=True)
def lan(monkeypatch: pytest.MonkeyPatch) -> None:
    """This computer's LAN address, whatever network the tests run on."""
    monkeypatch.setattr(addresses, "lan_addresses", lambda: ["192.168.1.20"])


def start_game(client: FlaskClient, **request_options: object) -> str:
    """Start a game (CSRF off) and return its token."""
    data = {"names-0": "Ana", "names-1": "Bea", "names-2": "Carlos", "first_dealer": "0", "preset": "clasica"}
    answer = client.post("/partidas/nueva", data={**data, "action": "start"}, **request_options)  # type: ignore[arg-type]
    assert answer.status_code == 303, answer.status_code
    return answer.headers["Location"].rsplit("/p/", 1)[1]


def watch_link(answer: TestResponse) -> str:
    """The watchers' address on a game page."""
    found = re.search(r'id="watch-link"[^>]*\bvalue="([^"]+)"', answer.get_data(as_text=True))
    assert found, "no watch link on the page"
    return html.unescape(found.group(1))


def cookies_set(answer: TestResponse) -> list[str]:
    """Every Set-Cookie header of an answer."""
    return answer.headers.getlist("Set-Cookie")


def is_secure(cookie: str) -> bool:
    """Tell whether a Set-Cookie value carries the Secure attribute."""
    return "secure" in [part.strip().lower() for part in cookie.split(";")[1:]]


def seen_by_the_app(app: Flask, headers: dict[str, str], base_url: str = "http://127.0.0.1:8000") -> tuple[str, ...]:
    """What a view sees of a request sent by 127.0.0.1 (the proxy): scheme, host, client address, script root."""

    def seen() -> str:
        """The request as the view sees it."""
        return " ".join([request.scheme, request.host, str(request.remote_addr), request.script_root or "-"])

    app.add_url_rule("/_seen", "seen", seen)
    answer = app.test_client().get("/_seen", headers=headers, base_url=base_url)
    scheme, host, client, root = answer.get_data(as_text=True).split(" ")
    return scheme, host, client, "" if root == "-" else root


# --- which forwarded headers are believed -------------------------------------------------------


def test_no_proxy_is_trusted_by_default(app_factory: AppFactory) -> None:
    app = app_factory(WTF_CSRF_ENABLED=False)
    client = app.test_client()
    token = start_game(client)
    answer = client.get(f"/p/{token}", headers=PROXIED, base_url="http://pocha.casa:8000")
    assert watch_link(answer).startswith("http://pocha.casa:8000/ver/"), "a phone could write those headers itself"
    assert HSTS not in answer.headers
    assert not any(is_secure(cookie) for cookie in cookies_set(answer))


def test_behind_a_trusted_proxy_the_share_links_carry_the_public_address(app_factory: AppFactory) -> None:
    app = app_factory(WTF_CSRF_ENABLED=False, TRUSTED_PROXIES=1)
    client = app.test_client()
    token = start_game(client, headers=PROXIED)
    answer = client.get(f"/p/{token}", headers=PROXIED, base_url="http://127.0.0.1:8000")
    assert watch_link(answer).startswith("https://pocha.example.org/ver/")


def test_one_trusted_proxy_believes_its_own_entry_only(app_factory: AppFactory) -> None:
    app = app_factory(TRUSTED_PROXIES=1)
    forged = {
        "X-Forwarded-Proto": "http, https",
        "X-Forwarded-Host": "evil.example, pocha.example.org",
        "X-Forwarded-For": "10.0.0.66, 203.0.113.7",
        "X-Forwarded-Port": "444",
        "X-Forwarded-Prefix": "/elsewhere",
    }
    scheme, host, client, root = seen_by_the_app(app, forged)
    assert (scheme, host, client) == ("https", "pocha.example.org", "203.0.113.7"), "the entry the proxy added"
    assert root == "", "X-Forwarded-Prefix is never believed"
    assert ":444" not in host, "X-Forwarded-Port is never believed"


def test_untrusted_headers_change_nothing_the_app_sees(app_factory: AppFactory) -> None:
    app = app_factory()
    assert seen_by_the_app(app, PROXIED) == ("http", "127.0.0.1:8000", "127.0.0.1", "")


# --- Secure cookies and HSTS ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trusted", "headers", "base_url"),
    [
        pytest.param(1, PROXIED, "http://127.0.0.1:8000", id="through a trusted proxy"),
        pytest.param(0, {}, "https://pocha.example.org", id="HTTPS straight to the server"),
    ],
)
def test_over_https_cookies_are_secure_and_hsts_is_sent(
    app_factory: AppFactory, trusted: int, headers: dict[str, str], base_url: str
) -> None:
    app = app_factory(TRUSTED_PROXIES=trusted)
    client = app.test_client()
    home = client.get("/", headers=headers, base_url=base_url)
    assert home.headers[HSTS] == f"max-age={YEAR}"
    session_cookies = [cookie for cookie in cookies_set(home) if cookie.startswith("session=")]
    assert session_cookies and all(is_secure(cookie) for cookie in session_cookies), cookies_set(home)

    token = re.search(r'name="csrf_token"[^>]*\svalue="([^"]+)"', home.get_data(as_text=True))
    assert token
    referer = {"Referer": "https://pocha.example.org/"}  # Flask-WTF checks it on HTTPS: the public address
    chosen = client.post(
        "/idioma",
        data={"csrf_token": token.group(1), "lang": "en", "next": "/"},
        headers={**headers, **referer},
        base_url=base_url,
    )
    assert chosen.status_code == 303
    lang = [cookie for cookie in cookies_set(chosen) if cookie.startswith("lang=")]
    assert lang and is_secure(lang[0]), "the language cookie is Secure too"


def test_over_plain_http_no_cookie_is_secure_and_no_hsts(app_factory: AppFactory) -> None:
    app = app_factory(TRUSTED_PROXIES=1)
    home = app.test_client().get("/", headers={"X-Forwarded-Proto": "http"}, base_url="http://192.168.1.20:5000")
    assert HSTS not in home.headers
    assert cookies_set(home) and not any(is_secure(cookie) for cookie in cookies_set(home))


def test_hsts_can_be_turned_off(app_factory: AppFactory) -> None:
    app = app_factory(HSTS_MAX_AGE=0)
    home = app.test_client().get("/", base_url="https://pocha.example.org")
    assert HSTS not in home.headers
    assert all(is_secure(cookie) for cookie in cookies_set(home)), "cookies stay Secure over HTTPS"


def test_secure_is_added_once() -> None:
    assert with_secure("lang=en; Path=/") == "lang=en; Path=/; Secure"
    assert with_secure("lang=en; Secure; Path=/") == "lang=en; Secure; Path=/"
    assert with_secure("securexyz=1; Path=/") == "securexyz=1; Path=/; Secure"


# --- the setting ---------------------------------------------------------------------------------


def test_trusted_proxies_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SECRET_KEY", "k")
    monkeypatch.setenv("TRUSTED_PROXIES", "1")
    app = create_app(instance_path=tmp_path)
    assert app.config["TRUSTED_PROXIES"] == 1
    monkeypatch.setenv("TRUSTED_PROXIES", "uno")
    with pytest.raises(ConfigError, match=r"TRUSTED_PROXIES es un número de 0 a 9 .* / TRUSTED_PROXIES is a number"):
        create_app(instance_path=tmp_path)


# --- the LAN address only where the server listens -----------------------------------------------


@pytest.mark.parametrize(
    ("server_host", "trusted", "shared"),
    [
        pytest.param("0.0.0.0", 0, "http://192.168.1.20:5000", id="every network: the LAN address"),
        pytest.param("::", 0, "http://192.168.1.20:5000", id="every network (IPv6): the LAN address"),
        pytest.param("127.0.0.1", 0, "http://127.0.0.1:5000", id="this computer only: never the LAN"),
        pytest.param("0.0.0.0", 1, "http://127.0.0.1:5000", id="behind a proxy: the address used"),
    ],
)
def test_a_page_opened_on_the_server_shares_an_address_the_server_answers_on(
    app_factory: AppFactory, server_host: str, trusted: int, shared: str
) -> None:
    app = app_factory(WTF_CSRF_ENABLED=False, SERVER_HOST=server_host, TRUSTED_PROXIES=trusted)
    client = app.test_client()
    token = start_game(client)
    answer = client.get(f"/p/{token}", base_url="http://127.0.0.1:5000")
    assert watch_link(answer).startswith(f"{shared}/ver/")
