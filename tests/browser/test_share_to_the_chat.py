"""The watchers' address passed on where the table talks, from a phone on the Wi-Fi (plain HTTP, this machine's own
network address): «Copiar», a WhatsApp link with the words and the address (a plain link: nothing is asked of anyone
until it is tapped) and, where the browser has one, the system's share sheet with the same words and address."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneFactory, TableFactory

    from support.lan_server import LanServer

THREE = ("Ana", "Bea", "Carlos")
MIN_TAP = 44
# A share sheet for a browser without one (as a phone's): what it was asked to share is kept on the page.
SHARE_SHEET = """navigator.share = data => { window.sharedWith = data; return Promise.resolve(); };"""


def start_on_the_wifi(make_lan_phone: PhoneFactory, make_table: TableFactory, **options: str) -> tuple[Page, list[str]]:
    """A phone on the Wi-Fi address that starts a game of three: the page, and every address it asks for."""
    page = make_lan_phone(**options)
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    make_table(page).start(THREE, 0)
    page.locator("#compartir").scroll_into_view_if_needed()
    return page, asked


def tapped_size(page: Page, selector: str) -> dict[str, float]:
    """The box of what ``selector`` names, that a thumb taps."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


def test_on_the_wifi_the_watch_address_goes_to_whatsapp_and_is_copied(
    make_lan_phone: PhoneFactory, make_table: TableFactory, lan_server: LanServer
) -> None:
    page, asked = start_on_the_wifi(make_lan_phone, make_table)
    assert page.evaluate("window.isSecureContext") is False, "the phone reaches Pocha as at a table: plain HTTP"
    watch = page.locator("#watch-link").input_value()
    assert urlsplit(watch).netloc == urlsplit(lan_server.url).netloc and "/ver/" in watch

    link = page.locator("#compartir a.whatsapp-link")
    expect(link).to_have_count(1)
    expect(link).to_be_visible()
    expect(link).to_have_attribute("target", "_blank")
    address = urlsplit(link.get_attribute("href") or "")
    assert (address.scheme, address.netloc) == ("https", "wa.me")
    [text] = parse_qs(address.query)["text"]
    assert text.endswith(f" {watch}") and "pocha" in text.lower(), text
    box = tapped_size(page, "#compartir a.whatsapp-link")
    assert box["height"] >= MIN_TAP and box["width"] >= MIN_TAP, box
    # No share sheet in this browser: no «Compartir» to tap for nothing.
    expect(page.locator("#compartir .share-button").first).to_be_hidden()

    copy = page.locator("#compartir .copy-button").first
    copy.tap()
    expect(copy).to_have_text("Copiado")
    assert all(urlsplit(url).netloc == urlsplit(lan_server.url).netloc for url in asked), "only Pocha was asked"
    assert not any("wa.me" in url for url in asked), "WhatsApp is asked for nothing until the link is tapped"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_where_the_browser_has_a_share_sheet_it_gets_the_words_and_the_address(
    make_lan_phone: PhoneFactory, make_table: TableFactory, scheme: str
) -> None:
    page = make_lan_phone(color_scheme=scheme)
    page.context.add_init_script(SHARE_SHEET)
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    make_table(page).start(THREE, 0)
    watch = page.locator("#watch-link").input_value()
    words = parse_qs(urlsplit(page.locator("#compartir a.whatsapp-link").get_attribute("href") or "").query)["text"][0]

    share = page.locator("#compartir .share-button").first
    share.scroll_into_view_if_needed()
    expect(share).to_be_visible()
    box = tapped_size(page, "#compartir .share-button >> nth=0")
    assert box["height"] >= MIN_TAP and box["width"] >= MIN_TAP, box
    share.tap()
    shared = page.evaluate("window.sharedWith")
    assert shared is not None, "the share sheet was not asked for"
    assert shared["url"] == watch
    assert f"{shared['text']} {shared['url']}" == words, "the same words as the WhatsApp link"
    assert not any("wa.me" in url for url in asked)
