"""The scorekeeper's link handed to another phone («Pasar el móvil de apuntar»): its QR code is an image the phone asks
for only once the panel is opened, in the place and at the size of the watchers' code, so nothing moves when it comes,
on a white card in dark mode too; on this computer and on the Wi-Fi (plain HTTP, this machine's network address)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, Route, expect

from support.qr_reader import read_svg

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneFactory, PhoneLog, TableFactory

    from support.lan_server import LanServer

THREE = ("Ana", "Bea", "Carlos")
CODE = "/codigo-para-apuntar.svg"
LOADED = "img => img.complete && img.naturalWidth > 0"


def codes_asked(urls: list[str]) -> list[str]:
    """The requests for the scorekeeper's link's code among ``urls``."""
    return [url for url in urls if url.endswith(CODE)]


def box_of(page: Page, selector: str) -> dict[str, float]:
    """Where ``selector`` is drawn on the page."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


def first_load_asks_no_code(page: Page, asked: list[str]) -> None:
    """The game page, loaded and scrolled down to the closed handover, has asked for no code."""
    page.wait_for_load_state("networkidle")
    page.locator("#pasar").scroll_into_view_if_needed()
    page.wait_for_timeout(300)  # time for a lazy image in view to be asked for
    assert page.locator("#pasar").get_attribute("open") is None
    assert codes_asked(asked) == [], "the closed handover's code was fetched with the page"


def open_the_handover(page: Page) -> str:
    """Open «Pasar el móvil de apuntar» with the code's answer held back, check that nothing moves when it comes,
    and return the SVG the phone was given."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        """Keep the code's request waiting until the panel is measured."""
        held.append(route)

    page.route(f"**/p/*{CODE}", hold)
    page.locator("#pasar > summary").tap()
    image = page.locator("#pasar img.qr")
    expect(image).to_be_visible()
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1, "opening the handover did not ask for its code"
    assert not image.evaluate(LOADED)
    waiting = box_of(page, "#pasar img.qr"), box_of(page, "#pasar .link-label")
    with page.expect_response(lambda response: response.url.endswith(CODE)) as answer:
        held[0].continue_()
    page.wait_for_function(f"() => ({LOADED})(document.querySelector('#pasar img.qr'))")
    assert (box_of(page, "#pasar img.qr"), box_of(page, "#pasar .link-label")) == waiting, "the code moved the panel"
    assert answer.value.status == 200 and answer.value.header_value("content-type") == "image/svg+xml; charset=utf-8"
    return answer.value.text()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_code_comes_only_when_the_handover_is_opened(
    make_phone: PhoneFactory, make_table: TableFactory, phone_log: PhoneLog, scheme: str
) -> None:
    page = make_phone(color_scheme=scheme)
    token = make_table(page).start(THREE, 0)
    first_load_asks_no_code(page, phone_log.requests)

    svg = open_the_handover(page)
    link = page.locator("#edit-link").input_value()
    assert link.endswith(f"/p/{token}") and read_svg(svg) == link, "the code is not the scorekeeper's link"
    image = page.locator("#pasar img.qr")
    assert image.get_attribute("alt") == "Código QR del enlace para apuntar" and "<title>Código QR del" in svg
    assert len(codes_asked(phone_log.requests)) == 1

    # As the watchers' code, drawn in the page: the same size, the same white card, light or dark.
    code, watchers = box_of(page, "#pasar img.qr"), box_of(page, "#compartir > .link-box svg.qr")
    assert (code["width"], code["height"]) == (watchers["width"], watchers["height"]) and code["width"] >= 200
    card = "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).padding]"
    handover_card = page.locator("#pasar .qr-box").evaluate(card)
    assert handover_card == page.locator("#compartir > .link-box .qr-box").evaluate(card)
    assert handover_card[0] == "rgb(255, 255, 255)"
    assert phone_log.errors == []


def test_on_the_wifi_the_code_comes_when_opened_and_carries_the_network_address(
    make_lan_phone: PhoneFactory, make_table: TableFactory, lan_server: LanServer
) -> None:
    page = make_lan_phone()
    asked: list[str] = []
    errors: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    token = make_table(page).start(THREE, 0)
    assert page.evaluate("window.isSecureContext") is False, "the phone reaches Pocha as at a table: plain HTTP"
    first_load_asks_no_code(page, asked)

    svg = open_the_handover(page)
    assert read_svg(svg) == page.locator("#edit-link").input_value() == f"{lan_server.url}/p/{token}"
    assert errors == []
