"""Capability addresses (/p/…, /ver/…) stay out of search engines and the scorekeeper's out of caches (security.py, robots.txt)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.robotparser import RobotFileParser

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

if TYPE_CHECKING:
    from support.table import Table

NOINDEX = "noindex, nofollow"
META_ROBOTS = '<meta name="robots" content="noindex, nofollow">'


def a_game(table: Table) -> tuple[str, str]:
    """A game with a saved and corrected hand: its edit token and its watch token."""
    token = table.start(["Ana", "Bea", "Carlos"], dealer=2)
    table.play_hand(token, "O", [1, 0, 1], [1, 0, 0])
    assert table.correct(token, 1, {"renuncios-1": 1}).status_code == 303
    return token, table.watch_token(token)


def scorekeeper_answers(table: Table, token: str) -> dict[str, TestResponse]:
    """Every kind of answer under /p/: pages, files, redirects, refusals and errors."""
    client = table.client
    return {
        "page": client.get(f"/p/{token}"),
        "correction page": client.get(f"/p/{token}/mano/1/corregir"),
        "print page": client.get(f"/p/{token}/imprimir"),
        "CSV": client.get(f"/p/{token}/hoja.csv"),
        "JSON": client.get(f"/p/{token}/partida.json"),
        "PDF": client.get(f"/p/{token}/hoja.pdf"),
        "QR code (SVG)": client.get(f"/p/{token}/codigo-para-apuntar.svg"),
        "tap (303)": table.tap(token, "pinta", 2, value="C"),
        "refused tap (4xx)": table.tap(token, "apuesta", 2, 0, 99),
        "bad tap (400)": table.tap(token, "apuesta", "x"),
        "wrong method (405)": client.get(f"/p/{token}/apuesta"),
        "unknown hand (404)": client.get(f"/p/{token}/mano/99/corregir"),
        "unknown game (404)": client.get("/p/no-existe"),
        "unknown game's file (404)": client.get("/p/no-existe/hoja.csv"),
        "unknown address (404)": client.get(f"/p/{token}/no-existe"),
        "new link (303)": client.post(f"/p/{token}/nuevo-enlace"),
    }


def watcher_answers(client: FlaskClient, watch: str) -> dict[str, TestResponse]:
    """Every kind of answer under /ver/: the page, its 304, files and errors."""
    page = client.get(f"/ver/{watch}")
    return {
        "page": page,
        "not modified (304)": client.get(f"/ver/{watch}", headers={"If-None-Match": page.headers["ETag"]}),
        "print page": client.get(f"/ver/{watch}/imprimir"),
        "CSV": client.get(f"/ver/{watch}/hoja.csv"),
        "JSON": client.get(f"/ver/{watch}/partida.json"),
        "PDF": client.get(f"/ver/{watch}/hoja.pdf"),
        "unknown game (404)": client.get("/ver/no-existe"),
        "wrong method (405)": client.post(f"/ver/{watch}"),
    }


def test_every_answer_under_p_is_noindex_and_never_stored(table: Table) -> None:
    token, _watch = a_game(table)
    answers = scorekeeper_answers(table, token)
    statuses = {name: response.status_code for name, response in answers.items()}
    assert (
        statuses["tap (303)"] == 303
        and statuses["refused tap (4xx)"] in (409, 422)
        and statuses["wrong method (405)"] == 405
    )
    assert statuses["new link (303)"] == 303 and statuses["unknown game (404)"] == 404
    for name, response in answers.items():
        assert response.headers.get("X-Robots-Tag") == NOINDEX, name
        assert response.headers.get("Cache-Control") == "no-store", (name, response.headers.get("Cache-Control"))


def test_every_answer_under_ver_is_noindex_and_the_page_keeps_revalidating(table: Table) -> None:
    _token, watch = a_game(table)
    answers = watcher_answers(table.client, watch)
    assert answers["not modified (304)"].status_code == 304
    assert answers["unknown game (404)"].status_code == 404 and answers["wrong method (405)"].status_code == 405
    for name, response in answers.items():
        assert response.headers.get("X-Robots-Tag") == NOINDEX, name
    for name in ("page", "not modified (304)"):
        assert answers[name].headers["Cache-Control"] == "no-cache, private", name
        assert answers[name].headers["ETag"], name


def test_the_rest_of_the_site_is_not_marked(client: FlaskClient) -> None:
    for address in (
        "/",
        "/partidas/nueva",
        "/simulador",
        "/arbitro",
        "/historial",
        "/robots.txt",
        "/no-existe",
        "/static/css/pocha.css",
        "/pelota/p/x",
    ):
        response = client.get(address)
        assert "X-Robots-Tag" not in response.headers, address
        assert response.headers.get("Cache-Control") != "no-store", address
        assert META_ROBOTS not in response.get_data(as_text=True), address


def test_capability_pages_carry_the_robots_meta(table: Table) -> None:
    token, watch = a_game(table)
    for address in (
        f"/p/{token}",
        f"/p/{token}/mano/1/corregir",
        f"/p/{token}/imprimir",
        f"/ver/{watch}",
        f"/ver/{watch}/imprimir",
        "/p/no-existe",
        "/ver/no-existe",
    ):
        html = table.client.get(address).get_data(as_text=True)
        head = re.search(r"<head>(.*?)</head>", html, re.S)
        assert head and META_ROBOTS in head.group(1), address


@pytest.mark.parametrize("lang", ["es", "en"])
def test_robots_txt_keeps_crawlers_out_of_the_games_only(client: FlaskClient, lang: str) -> None:
    response = client.get("/robots.txt", headers={"Accept-Language": lang})
    assert response.status_code == 200 and response.mimetype == "text/plain"
    rules = RobotFileParser()
    rules.parse(response.get_data(as_text=True).splitlines())
    for address in ("/p/abc", "/p/abc/hoja.csv", "/ver/abc", "/ver/abc/partida.json"):
        assert not rules.can_fetch("*", address), address
    for address in ("/", "/partidas/nueva", "/simulador", "/arbitro", "/static/css/pocha.css"):
        assert rules.can_fetch("*", address), address
