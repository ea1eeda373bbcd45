"""The home page on a phone: big enough to tap, no sideways scroll, nothing fetched from elsewhere."""

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneLog

MIN_TAP = 44


def test_home_page_fits_a_phone(phone: Page, phone_log: "PhoneLog") -> None:
    response = phone.goto("/")
    assert response is not None and response.ok
    expect(phone).to_have_title("Pocha")
    button = phone.get_by_role("link", name="Nueva partida")
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box is not None and box["height"] >= MIN_TAP and box["width"] >= MIN_TAP
    assert button.get_attribute("href") == "/partidas/nueva"

    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.evaluate("document.body.scrollWidth") <= 390
    assert phone_log.outside_requests() == []
    assert phone_log.errors == [], "console errors (a CSP violation shows up here)"


def test_every_control_is_big_enough_to_tap(phone: Page) -> None:
    phone.goto("/")
    small = phone.evaluate(
        """min => [...document.querySelectorAll('a, button, input, select, textarea, summary')]
                .filter(el => el.type !== 'hidden')
                .map(el => [el.outerHTML.slice(0, 80), el.getBoundingClientRect()])
                .filter(([, r]) => r.width < min || r.height < min)
                .map(([html, r]) => `${html} (${Math.round(r.width)}×${Math.round(r.height)})`)""",
        MIN_TAP,
    )
    assert small == []


def test_stylesheet_and_icon_load(phone: Page, phone_log: "PhoneLog") -> None:
    phone.goto("/")
    assert phone.evaluate("getComputedStyle(document.body).fontFamily").startswith("system-ui")
    assert any(re.search(r"/static/css/pocha\.[0-9a-f]{10}\.css$", url) for url in phone_log.requests)


def test_switching_language_on_the_phone(phone: Page, phone_log: "PhoneLog") -> None:
    phone.goto("/")
    expect(phone.locator("html")).to_have_attribute("lang", "es")
    phone.get_by_role("button", name="English").tap()
    expect(phone.get_by_role("link", name="New game")).to_be_visible()
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    assert phone.url.endswith("/")
    phone.get_by_role("button", name="Español").tap()
    expect(phone.get_by_role("link", name="Nueva partida")).to_be_visible()
    assert phone_log.errors == []
