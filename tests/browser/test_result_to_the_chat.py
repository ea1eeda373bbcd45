"""A finished game's summary taken to the table's chat from a phone (games/_chat_summary.html): «Copiar resumen»
copies it, over the Wi-Fi (plain HTTP, no clipboard for the page) by selecting it and copying the old way, and on
this computer through the clipboard; «Enviar por WhatsApp» carries the same text; nothing is asked of WhatsApp or
BG Stats until tapped. On the scorekeeper's page and the watchers' alike, in light and dark."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory

    from support.lan_server import LanServer

FIVE = ("Ana", "Bea", "Carlos", "Dani", "Elena")
MIN_TAP = 44
# A browser where even the old way of copying fails.
NO_COPY = "document.execCommand = () => false;"


def open_finished(
    server: LanServer | LiveServer, make: PhoneFactory, whose: str, **options: str
) -> tuple[Page, str, list[str]]:
    """A phone on ``whose`` page ('p': the scorekeeper's, 'ver': the watchers') of a finished game of five, scrolled to
    the summary: the page, the game's watch token, and every address the phone asks for (filled as it asks)."""
    token, watch = store_game(server.app, FIVE, classic_game(5))
    page = make(**options)
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    page.goto(f"/p/{token}" if whose == "p" else f"/ver/{watch}")
    page.locator("#resumen-chat").scroll_into_view_if_needed()
    return page, watch, asked


def selection(page: Page) -> tuple[str, str]:
    """What has the focus, and the text selected in the summary's box."""
    focused, selected = page.evaluate(
        """() => {
            const box = document.getElementById("resumen-chat-texto");
            return [document.activeElement.id, box.value.slice(box.selectionStart, box.selectionEnd)];
        }"""
    )
    return focused, selected


@pytest.mark.parametrize(("whose", "scheme"), [("p", "light"), ("ver", "dark")])
def test_on_the_wifi_the_summary_is_selected_and_copied_the_old_way(
    make_lan_phone: PhoneFactory, lan_server: LanServer, whose: str, scheme: str
) -> None:
    page, watch, asked = open_finished(lan_server, make_lan_phone, whose, color_scheme=scheme)
    assert page.evaluate("window.isSecureContext || !!navigator.clipboard") is False, "a table's Wi-Fi: plain HTTP"
    box = page.locator("#resumen-chat-texto")
    expect(box).to_be_visible()
    summary = box.input_value()
    assert summary.startswith("🏆 Gana ") and summary.endswith(f"\n{lan_server.url}/ver/{watch}")

    for target in ("#resumen-chat .copy-button", "#resumen-chat .whatsapp-link", "#resumen-chat .bg-stats-link"):
        expect(page.locator(target)).to_be_visible()
        size = page.locator(target).bounding_box()
        assert size is not None and size["height"] >= MIN_TAP and size["width"] >= MIN_TAP, (target, size)
    address = page.locator("#resumen-chat .whatsapp-link").get_attribute("href") or ""
    assert address.startswith(f"/{whose}/"), "Pocha's own address, which sends the phone on when tapped"
    sent_on = page.request.get(address, max_redirects=0)
    assert sent_on.status == 303
    whatsapp = urlsplit(sent_on.headers["location"])
    assert (whatsapp.netloc, parse_qs(whatsapp.query)["text"]) == ("wa.me", [summary])

    copy = page.locator("#resumen-chat .copy-button")  # by its place: its name changes once tapped
    copy.tap()
    expect(copy).to_have_text("Copiado")
    assert selection(page) == ("resumen-chat-texto", summary), "the whole summary, selected"
    expect(copy).to_have_text("Copiar resumen", timeout=5_000)  # back to its words
    assert all(urlsplit(url).netloc == urlsplit(lan_server.url).netloc for url in asked), "only Pocha was asked"


def test_where_even_the_old_way_fails_the_player_is_told_to_copy_it_by_hand(
    make_lan_phone: PhoneFactory, lan_server: LanServer
) -> None:
    page = make_lan_phone()
    page.context.add_init_script(NO_COPY)
    token, _watch = store_game(lan_server.app, FIVE, classic_game(5))
    page.goto(f"/p/{token}")
    copy = page.locator("#resumen-chat .copy-button")  # by its place: its name changes once tapped
    copy.scroll_into_view_if_needed()
    copy.tap()
    expect(copy).to_have_text("Cópialo a mano: ya está seleccionado")
    summary = page.locator("#resumen-chat-texto").input_value()
    assert selection(page) == ("resumen-chat-texto", summary)
    page.wait_for_timeout(2_500)  # past the time «Copiado» would have gone
    expect(copy).to_have_text("Cópialo a mano: ya está seleccionado")


@pytest.mark.parametrize("whose", ["p", "ver"])
def test_on_this_computer_the_summary_goes_to_the_clipboard(
    make_phone: PhoneFactory, live_server: LiveServer, whose: str
) -> None:
    page, _watch, _asked = open_finished(live_server, make_phone, whose)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    assert page.evaluate("window.isSecureContext && !!navigator.clipboard") is True
    summary = page.locator("#resumen-chat-texto").input_value()
    copy = page.locator("#resumen-chat .copy-button")  # by its place: its name changes once tapped
    copy.tap()
    expect(copy).to_have_text("Copiado")
    assert page.evaluate("navigator.clipboard.readText()") == summary
