"""Answers compressed on their way out (scorekeeper/plumbing/compression.py): brotli or gzip as the browser asks, ETags kept right."""

from __future__ import annotations

import gzip
import json
import re
from typing import TYPE_CHECKING

import brotli  # type: ignore[import-untyped]
import pytest
from flask import Flask, Response, url_for
from flask.testing import FlaskClient

from scorekeeper.plumbing import assets, compression
from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from support.table import AppFactory

CHROME_HTTPS = "gzip, deflate, br, zstd"
CHROME_HTTP = "gzip, deflate"


def decoded(response: object) -> bytes:
    """The body of a test response, decompressed as its Content-Encoding says."""
    data: bytes = response.data  # type: ignore[attr-defined]
    encoding = response.headers.get("Content-Encoding")  # type: ignore[attr-defined]
    if encoding == "br":
        return bytes(brotli.decompress(data))
    if encoding == "gzip":
        return gzip.decompress(data)
    assert encoding is None, encoding
    return data


def without_csrf(page: bytes) -> bytes:
    """A page with its CSRF tokens blanked, in its forms and in the card's data block (each drawing signs a new one)."""
    return re.sub(rb'name="csrf_token" value="[^"]*"|"csrf":"[^"]*"', b"", page)


@pytest.fixture
def game(app: Flask) -> tuple[str, str]:
    """A classic game of eight players, 28 hands saved: its edit and watch tokens."""
    names = ("Íñigo", "Begoña", "Carlos", "Dani", "Elena", "Fermín", "Gloria", "Hugo")
    return store_game(app, names, classic_game(8)[:28])


@pytest.mark.parametrize(
    ("accept", "expected"),
    [(CHROME_HTTPS, "br"), (CHROME_HTTP, "gzip"), ("br;q=0.5, gzip", "gzip"), ("*", "br"), ("identity", None)],
)
def test_a_page_comes_in_the_encoding_the_browser_prefers(
    client: FlaskClient, game: tuple[str, str], accept: str, expected: str | None
) -> None:
    token, _watch = game
    plain = client.get(f"/p/{token}")
    response = client.get(f"/p/{token}", headers={"Accept-Encoding": accept})
    assert response.status_code == 200
    assert response.headers.get("Content-Encoding") == expected
    assert "Accept-Encoding" in response.headers["Vary"]
    assert response.headers["Content-Length"] == str(len(response.data))
    assert without_csrf(decoded(response)) == without_csrf(plain.data), "the same page"
    if expected:
        assert len(response.data) * 5 < len(plain.data), "a long game's page compresses at least five times"


def test_no_encoding_asked_means_none_given(client: FlaskClient) -> None:
    response = client.get("/partidas/nueva")
    assert "Content-Encoding" not in response.headers
    assert "Accept-Encoding" in response.headers["Vary"], "caches must not hand this to a browser that takes br"
    refused = client.get("/partidas/nueva", headers={"Accept-Encoding": "gzip;q=0, br;q=0"})
    assert "Content-Encoding" not in refused.headers


def test_a_static_file_is_compressed_once_with_a_weak_etag(app: Flask, client: FlaskClient) -> None:
    with app.test_request_context():
        address = url_for("static", filename="css/pocha.css")
        made = assets.assembled("css/pocha.css")
    assert made is not None
    content = made.content  # the stylesheet put together and minified
    first = client.get(address, headers={"Accept-Encoding": CHROME_HTTPS})
    assert first.headers["Content-Encoding"] == "br" and decoded(first) == content
    assert first.headers["ETag"].startswith('W/"') and "Accept-Ranges" not in first.headers
    assert first.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert len(first.data) * 3 < len(content)
    assert len(first.data) <= len(compression.encode(content, "br", compression.PAGE_LEVELS["br"]))
    again = client.get(address, headers={"Accept-Encoding": CHROME_HTTPS})
    assert again.data == first.data
    gzipped = client.get(address, headers={"Accept-Encoding": CHROME_HTTP})
    assert gzipped.headers["Content-Encoding"] == "gzip" and decoded(gzipped) == content

    revalidated = client.get(address, headers={"Accept-Encoding": CHROME_HTTPS, "If-None-Match": first.headers["ETag"]})
    assert revalidated.status_code == 304 and revalidated.data == b""


def test_the_watch_page_keeps_its_etag_compressed_and_answers_304(client: FlaskClient, game: tuple[str, str]) -> None:
    _token, watch = game
    for address in (f"/ver/{watch}", f"/ver/{watch}/en-directo"):
        page = client.get(address, headers={"Accept-Encoding": CHROME_HTTP})
        assert page.headers["Content-Encoding"] == "gzip"
        plain = client.get(address)
        assert page.headers["ETag"] == plain.headers["ETag"], "the page's ETag is weak already: the same either way"
        again = client.get(address, headers={"Accept-Encoding": CHROME_HTTP, "If-None-Match": page.headers["ETag"]})
        assert again.status_code == 304 and "Content-Encoding" not in again.headers


def test_what_is_compressed_already_or_small_goes_as_it_is(client: FlaskClient, game: tuple[str, str]) -> None:
    token, _watch = game
    pdf = client.get(f"/p/{token}/hoja.pdf", headers={"Accept-Encoding": CHROME_HTTPS})
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    assert "Content-Encoding" not in pdf.headers
    small = client.get("/robots.txt", headers={"Accept-Encoding": CHROME_HTTPS})
    assert len(small.data) < compression.MIN_BYTES and "Content-Encoding" not in small.headers
    ranged = client.get("/static/css/pocha.css", headers={"Accept-Encoding": CHROME_HTTPS, "Range": "bytes=0-99"})
    assert ranged.status_code == 206 and "Content-Encoding" not in ranged.headers and len(ranged.data) == 100


def test_files_for_download_are_compressed_too(client: FlaskClient, game: tuple[str, str]) -> None:
    token, _watch = game
    sheet = client.get(f"/p/{token}/hoja.csv")
    packed = client.get(f"/p/{token}/hoja.csv", headers={"Accept-Encoding": CHROME_HTTP})
    assert packed.headers["Content-Encoding"] == "gzip" and decoded(packed) == sheet.data
    assert packed.headers["Content-Disposition"] == sheet.headers["Content-Disposition"]
    plain = json.loads(client.get(f"/p/{token}/partida.json").data)
    packed = client.get(f"/p/{token}/partida.json", headers={"Accept-Encoding": CHROME_HTTPS})
    assert packed.headers["Content-Encoding"] == "br"
    assert {**json.loads(decoded(packed)), "exported_at": None} == {**plain, "exported_at": None}


def test_no_transform_is_respected(app_factory: AppFactory) -> None:
    app = app_factory()

    @app.get("/tal-cual")
    def as_it_is() -> Response:
        response = Response("x" * 5000, mimetype="text/plain")
        response.cache_control.no_transform = True
        return response

    response = app.test_client().get("/tal-cual", headers={"Accept-Encoding": CHROME_HTTPS})
    assert "Content-Encoding" not in response.headers and response.data == b"x" * 5000


def test_pages_lose_their_indentation_and_nothing_else(app: Flask, client: FlaskClient, game: tuple[str, str]) -> None:
    token, _watch = game
    page = client.get(f"/p/{token}").get_data(as_text=True)
    assert "\n " not in page and "\n\t" not in page
    assert '<html lang="es">' in page and "Hoja de puntos" in page
    with app.test_request_context():
        html = compression.without_indentation(Response("<p>\n    a  b\n\t<b>c</b></p>", mimetype="text/html"))
        text = compression.without_indentation(Response("a\n    b", mimetype="text/plain"))
    assert html.get_data() == b"<p>\na  b\n<b>c</b></p>", "spaces inside a line stay"
    assert text.get_data() == b"a\n    b", "only pages"
