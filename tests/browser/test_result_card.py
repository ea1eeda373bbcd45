"""«Compartir resultado» on a finished game's page, on a 390×844 phone: over the table's plain-HTTP Wi-Fi a tap
downloads the result card (a PNG); on this computer, where the browser shares files, the share sheet gets the PNG.
The card's script is asked for by a finished game's page only."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory

    from support.lan_server import LanServer

FIVE = ("Íñigo", "Bea", "Carlos", "Dani", "Elena")
PNG = b"\x89PNG\r\n\x1a\n"
MIN_TAP = 44
#: A share sheet that says it takes files, as a phone's does over HTTPS: what it was given is kept on the page (each
#: file's name, type and first bytes); the browser's own share sheet, if it has one, is not opened.
SHARE_SHEET = """
navigator.canShare = data => !!(data && data.files && data.files.every(file => file.type === "image/png"));
navigator.share = data => Promise.all((data.files || []).map(file => file.arrayBuffer().then(buffer => ({
  name: file.name, type: file.type, size: file.size, head: Array.from(new Uint8Array(buffer.slice(0, 8))),
})))).then(files => { window.sharedWith = { title: data.title, files: files }; });
"""


def share_button(page: Page) -> Page:
    """Check «Compartir resultado» is there, big enough for a thumb; the page."""
    link = page.get_by_role("link", name="Compartir resultado")
    link.scroll_into_view_if_needed()
    expect(link).to_be_visible()
    box = link.bounding_box()
    assert box is not None and box["height"] >= MIN_TAP and box["width"] >= MIN_TAP, box
    return page


@pytest.mark.parametrize("scope", ["p", "ver"])
def test_on_the_wifi_a_tap_downloads_the_card(make_lan_phone: PhoneFactory, lan_server: LanServer, scope: str) -> None:
    token, watch = store_game(lan_server.app, FIVE, classic_game(5))
    page = make_lan_phone()
    page.goto(f"/{scope}/{token if scope == 'p' else watch}")
    assert page.evaluate("window.isSecureContext") is False, "plain HTTP, as at a table"
    share_button(page)
    with page.expect_download() as downloading:
        page.get_by_role("link", name="Compartir resultado").tap()
    download = downloading.value
    assert download.suggested_filename.endswith("-Íñigo-Bea-Carlos-Dani-Elena.png"), download.suggested_filename
    data = Path(download.path()).read_bytes()
    assert data.startswith(PNG) and len(data) > 10_000


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_where_the_browser_shares_files_the_share_sheet_gets_the_png(
    make_phone: PhoneFactory, live_server: LiveServer, scheme: str
) -> None:
    token, watch = store_game(live_server.app, FIVE, classic_game(5))
    page = make_phone(color_scheme=scheme)
    page.context.add_init_script(SHARE_SHEET)
    for address in (f"/p/{token}", f"/ver/{watch}"):
        page.goto(address)
        share_button(page)
        expect(page.locator("a[data-result-card]")).to_have_attribute("data-shares", "1")  # a tap will share
        page.get_by_role("link", name="Compartir resultado").tap()
        page.wait_for_function("() => window.sharedWith")
        shared = page.evaluate("() => window.sharedWith")
        page.evaluate("() => { delete window.sharedWith; }")
        [file] = shared["files"]
        assert file["type"] == "image/png" and bytes(file["head"]) == PNG and file["size"] > 10_000, file
        assert file["name"].endswith("-Íñigo-Bea-Carlos-Dani-Elena.png"), file["name"]
        assert shared["title"] == "Resultado final · Pocha"


def test_the_picture_is_asked_for_only_when_the_link_is_tapped(
    make_phone: PhoneFactory, live_server: LiveServer
) -> None:
    """Every phone that shows a final page would fetch the picture otherwise, shared or not."""
    _token, watch = store_game(live_server.app, FIVE, classic_game(5))
    page = make_phone()
    page.context.add_init_script(SHARE_SHEET)
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    page.goto(f"/ver/{watch}")
    expect(page.locator("a[data-result-card]")).to_have_attribute("data-shares", "1")
    page.wait_for_load_state("networkidle")
    assert not [url for url in asked if "resultado.png" in url], asked
    page.get_by_role("link", name="Compartir resultado").tap()
    page.wait_for_function("() => window.sharedWith")
    assert [url for url in asked if "resultado.png" in url], asked


def test_a_game_in_progress_never_asks_for_the_cards_script(make_phone: PhoneFactory, live_server: LiveServer) -> None:
    token, watch = store_game(live_server.app, FIVE, classic_game(5)[:6])
    page = make_phone()
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    for address in (f"/p/{token}", f"/ver/{watch}"):
        page.goto(address)
        page.wait_for_load_state("networkidle")
        expect(page.locator("a[data-result-card]")).to_have_count(0)
    assert not [url for url in asked if "result_card" in url or "resultado.png" in url], asked
