"""Security headers and the session cookie (scorekeeper/plumbing/security.py)."""

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.plumbing.security import CONTENT_SECURITY_POLICY


@pytest.mark.parametrize("path", ["/", "/no-existe", "/static/css/pocha.css"])
def test_every_response_carries_the_security_headers(client: FlaskClient, path: str) -> None:
    headers = client.get(path).headers
    assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"


def test_policy_is_strict() -> None:
    directives = dict(d.split(" ", 1) for d in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["img-src"] == "'self' data:"
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY and "unsafe-eval" not in CONTENT_SECURITY_POLICY


def test_pages_load_nothing_from_elsewhere_and_inline_nothing(client: FlaskClient) -> None:
    for path in ["/", "/no-existe"]:
        html = client.get(path).get_data(as_text=True)
        assert not re.search(r"""(src|href|action)=["'](https?:)?//""", html), path
        assert "<style" not in html and " style=" not in html, path
        for script in re.findall(r"<script[^>]*>(.*?)</script>", html, re.S):
            assert script.strip() == "", f"inline script on {path}"
        assert all(src.startswith("/static/") for src in re.findall(r'<script[^>]*src="([^"]*)"', html)), path


def test_stylesheet_uses_no_outside_resource(client: FlaskClient) -> None:
    css = client.get("/static/css/pocha.css").get_data(as_text=True)
    assert "@import" not in css and "url(" not in css and "@font-face" not in css


def test_session_cookie_outlives_the_browser_session(app: Flask, client: FlaskClient) -> None:
    set_cookie = client.get("/").headers.get("Set-Cookie", "")
    assert set_cookie.startswith(app.config["SESSION_COOKIE_NAME"] + "=")
    assert "Expires=" in set_cookie and "HttpOnly" in set_cookie and "SameSite=Lax" in set_cookie
