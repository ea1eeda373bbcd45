"""The share panel: the watchers' link as a QR code (inline SVG, no style) and as text; the edit link to hand over,
its code an image asked for only when the handover is opened."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

import pytest
import segno
from flask.testing import FlaskClient

from scorekeeper.page_parts.qr import qr_svg
from scorekeeper.plumbing import addresses
from support.qr_reader import modules_of_svg, read_svg

if TYPE_CHECKING:
    from support.table import Page, Table

THREE = ["Ana", "Bea", "Carlos"]
HOST = "http://pocha.casa:8080"


@pytest.fixture(autouse=True)
def lan(monkeypatch: pytest.MonkeyPatch) -> None:
    """This computer's LAN address, whatever network the tests run on."""
    monkeypatch.setattr(addresses, "lan_addresses", lambda: ["192.168.1.20"])


def svgs(markup: str) -> list[str]:
    """Every QR code (``<svg class="qr">``) of some HTML; the page's icons are SVG too."""
    return re.findall(r'<svg\b[^>]*\bclass="qr"[^>]*>.*?</svg>', markup, re.S)


def edit_code(table: Table, page: Page, base_url: str) -> str:
    """The QR code of the scorekeeper's link in the handover panel: an image, lazily loaded, sized before it comes,
    named as the code names itself; the SVG the phone is given for it, opened at ``base_url``."""
    tags = re.findall(r"<img\b[^>]*>", page.part("pasar"))
    assert len(tags) == 1, tags
    attributes = {name: html.unescape(value) for name, value in re.findall(r'\b([a-z-]+)="([^"]*)"', tags[0])}
    assert attributes["class"] == "qr" and attributes["loading"] == "lazy"
    assert attributes["width"] == attributes["height"] and int(attributes["width"]) > 0, "nothing moves when it comes"
    answer = table.client.get(attributes["src"], base_url=base_url)
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    svg = answer.get_data(as_text=True)
    title = re.search(r"<title>([^<]+)</title>", svg)
    assert title and attributes["alt"] == html.unescape(title.group(1)) == "Código QR del enlace para apuntar"
    return svg


def link_text(page: Page, field_id: str) -> str:
    """The address in the read-only field ``field_id``."""
    tag = re.search(rf'<input[^>]*\bid="{field_id}"[^>]*>', page.html)
    assert tag, f"no field {field_id}"
    assert " readonly" in tag.group(0)
    value = re.search(r'\bvalue="([^"]*)"', tag.group(0))
    assert value
    return html.unescape(value.group(1))


def test_the_panel_shows_the_watch_link_as_a_qr_code_and_as_text(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    page = table.read(table.client.get(f"/p/{token}", base_url=HOST))
    panel = page.part("compartir")
    assert "Mirar desde otros móviles" in panel
    url = f"{HOST}/ver/{watch}"
    assert link_text(page, "watch-link") == url
    codes = svgs(panel)
    assert len(codes) == 1, "the watch link's code only: the edit link's is an image behind «Pasar el móvil de apuntar»"
    assert read_svg(codes[0]) == url
    assert 'class="qr-box"' in panel
    assert re.search(r"<title>[^<]+</title>", codes[0]), "the code has a name for screen readers"
    assert 'data-copy="watch-link"' in panel and 'data-share="watch-link"' in panel


def test_the_qr_code_is_well_formed_svg_without_style(table: Table) -> None:
    token = table.start(THREE)
    for path in (f"/p/{token}", f"/ver/{table.watch_token(token)}"):
        page = table.read(table.client.get(path, base_url=HOST))
        assert svgs(page.html), path
        for svg in svgs(page.html):
            root = ET.fromstring(svg)
            assert root.tag == "svg"
            for element in root.iter():
                assert "style" not in element.attrib, (path, element.tag)
        assert " style=" not in page.html and "<style" not in page.html, path
        if path.startswith("/p/"):
            for element in ET.fromstring(edit_code(table, page, HOST)).iter():
                assert "style" not in element.attrib, (path, element.tag)
        # Only the game's card may be inside a <script>: a JSON data block, never run (CSP script-src 'self').
        for script in re.findall(r'<script(?![^>]*type="application/json")[^>]*>(.*?)</script>', page.html, re.S):
            assert script.strip() == "", f"inline script on {path}"


def test_the_code_is_black_on_white_for_a_dark_page(client: FlaskClient) -> None:
    svg = str(qr_svg("http://192.168.1.20:5000/ver/abc", "QR"))
    root = ET.fromstring(svg)
    colours = {(el.get("fill"), el.get("stroke")) for el in root.iter("path")}
    assert colours == {("#fff", None), (None, "#000")}
    css = client.get("/static/css/pocha.css").get_data(as_text=True)
    box = re.search(r"\.qr-box\s*\{([^}]*)\}", css)
    assert box and re.search(r"background:\s*#ffffff", box.group(1)), "the code sits on a white card, dark mode or not"


def test_the_drawn_modules_are_segnos_at_error_level_m() -> None:
    url = "http://192.168.1.20:5000/ver/" + "A1b2C3d4E5f6G7h8I9j0Kx"
    code = segno.make(url, error="m", boost_error=False, micro=False)
    assert code.error == "M"
    expected = [[bool(module) for module in row[4:-4]] for row in code.matrix_iter(border=4)][4:-4]
    assert modules_of_svg(str(qr_svg(url, "QR"))) == expected
    assert read_svg(str(qr_svg(url, "QR"))) == url


def test_the_edit_link_is_handed_over_behind_a_warning(table: Table) -> None:
    token = table.start(THREE)
    page = table.read(table.client.get(f"/p/{token}", base_url=HOST))
    handover = page.part("pasar")
    assert "<summary>Pasar el móvil de apuntar</summary>" in handover
    assert "Quien tenga este enlace puede cambiar los puntos." in handover
    url = f"{HOST}/p/{token}"
    assert link_text(page, "edit-link") == url
    assert svgs(handover) == [], "the edit link's code is not drawn in the page"
    assert read_svg(edit_code(table, page, HOST)) == url
    assert f'action="/p/{token}/nuevo-enlace"' in handover


def test_the_watch_page_passes_its_own_link_on(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    page = table.read(table.client.get(f"/ver/{watch}", base_url=HOST))
    url = f"{HOST}/ver/{watch}"
    assert link_text(page, "watch-link") == url
    assert [read_svg(svg) for svg in svgs(page.html)] == [url]
    assert token not in page.html


def test_a_page_opened_on_the_server_itself_shares_the_lan_address(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    page = table.read(table.client.get(f"/p/{token}", base_url="http://127.0.0.1:5000"))
    assert link_text(page, "watch-link") == f"http://192.168.1.20:5000/ver/{watch}"
    assert read_svg(svgs(page.part("compartir"))[0]) == f"http://192.168.1.20:5000/ver/{watch}"
    assert link_text(page, "edit-link") == f"http://192.168.1.20:5000/p/{token}"
    assert read_svg(edit_code(table, page, "http://127.0.0.1:5000")) == f"http://192.168.1.20:5000/p/{token}"
