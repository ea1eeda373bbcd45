"""The QR code of the scorekeeper's address as an image of its own (``GET /p/<token>/codigo-para-apuntar.svg``): the
code the handover panel shows, found with the scorekeeper's address only, never kept by any cache."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

import pytest

from scorekeeper.plumbing import addresses
from scorekeeper.plumbing.security import SECURITY_HEADERS
from support.qr_reader import read_svg

if TYPE_CHECKING:
    from werkzeug.test import TestResponse

    from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]
HOST = "http://pocha.casa:8080"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def lan(monkeypatch: pytest.MonkeyPatch) -> None:
    """This computer's LAN address, whatever network the tests run on."""
    monkeypatch.setattr(addresses, "lan_addresses", lambda: ["192.168.1.20"])


def ask(table: Table, token: str, base_url: str = HOST, lang: str = "es") -> TestResponse:
    """The code of the scorekeeper's address ``/p/<token>``, as a phone opened at ``base_url`` asks for it."""
    return table.client.get(f"/p/{token}/codigo-para-apuntar.svg", base_url=base_url, headers={"Accept-Language": lang})


def test_the_image_is_the_code_of_the_scorekeepers_public_address(table: Table) -> None:
    token = table.start(THREE)
    answer = ask(table, token)
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    svg = answer.get_data(as_text=True)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg", "an image file needs the SVG namespace"
    assert root.findtext(f"{SVG}title") == "Código QR del enlace para apuntar"
    assert read_svg(svg) == f"{HOST}/p/{token}"
    for element in root.iter():
        assert "style" not in element.attrib, element.tag


def test_opened_on_the_server_itself_it_carries_the_lan_address(table: Table) -> None:
    token = table.start(THREE)
    answer = ask(table, token, base_url="http://127.0.0.1:5000")
    assert read_svg(answer.get_data(as_text=True)) == f"http://192.168.1.20:5000/p/{token}"


def test_its_name_is_in_the_phones_language(table: Table) -> None:
    token = table.start(THREE)
    root = ET.fromstring(ask(table, token, lang="en").get_data(as_text=True))
    assert root.findtext(f"{SVG}title") == "QR code of the link to keep score"


def test_it_is_never_stored_sets_no_cookie_and_keeps_every_security_header(table: Table) -> None:
    token = table.start(THREE)
    answer = table.app.test_client().get(f"/p/{token}/codigo-para-apuntar.svg")  # a phone with no cookie yet
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store", "the scorekeeper's address, kept by no cache"
    assert answer.headers["X-Robots-Tag"] == "noindex, nofollow"
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers[name] == value, name
    assert "Set-Cookie" not in answer.headers


def test_only_the_scorekeepers_address_of_a_game_finds_it(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    for address in ("no-such-game", "x" * 200, watch):
        refused = table.read(ask(table, address))
        assert refused.status == 404 and "Esta página no existe" in refused.text, address
    fresh = table.client.post(f"/p/{token}/nuevo-enlace").headers["Location"].removeprefix("/p/")
    assert ask(table, token).status_code == 404, "the replaced address still draws its code"
    assert read_svg(ask(table, fresh).get_data(as_text=True)) == f"{HOST}/p/{fresh}"
    assert table.client.post(f"/p/{fresh}/borrar").status_code == 303
    assert ask(table, fresh).status_code == 410, "a deleted game's address says so, as its page does"
