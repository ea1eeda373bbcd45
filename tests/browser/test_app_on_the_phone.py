"""Pocha as a phone app: Chromium reports it installable on this computer; a game's page reloaded without a connection
shows the last sheet this phone saw, read only; and the watchers' page does not move when its script arrives late
(the screen kept awake: test_screen_awake.py)."""

from __future__ import annotations

import json
import re
import time
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, Route, expect

from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog, TableFactory

FOUR = ("Ana", "Bea", "Ciro", "Dani")
EIGHT = ("Maximiliano Fernández", "Bea", "Ciro", "Dani", "Eva", "Fede", "Gema", "Hugo")
OFFLINE_ERRORS = ("ERR_INTERNET_DISCONNECTED", "ERR_FAILED")
AWAKE = re.compile(r"\bawake\b")  # pocha.js holds a wake lock
SCRIPT_LATE_SECONDS = 0.8  # the script arrives this long after the page: a slow phone on a busy Wi-Fi
#: Sums the layout shifts the page did not ask for, from the first paint on.
MEASURE_SHIFTS = """
window.pochaShift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.pochaShift += entry.value;
}).observe({ type: "layout-shift", buffered: true });
"""


def controlled(page: Page) -> None:
    """Wait until the service worker is active and serves this page."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def kept_copies(page: Page) -> list[str]:
    """The addresses of the games' pages this phone keeps for a reload without a connection."""
    copies: list[str] = page.evaluate(
        "() => caches.open('pocha-pages').then((cache) => cache.keys()).then((keys) => keys.map((key) => key.url))"
    )
    return copies


def other_errors(errors: list[str]) -> list[str]:
    """The console's errors but those of asking the network while it is off."""
    return [error for error in errors if not any(cause in error for cause in OFFLINE_ERRORS)]


def test_chromium_reports_pocha_installable_on_this_computer(installable_phone: Page, live_server: LiveServer) -> None:
    page = installable_phone
    page.goto("/")
    controlled(page)
    devtools = page.context.new_cdp_session(page)
    assert devtools.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
    manifest = devtools.send("Page.getAppManifest")
    assert manifest["url"] == f"{live_server.url}/manifest.webmanifest"
    assert manifest["errors"] == []
    data = json.loads(manifest["data"])
    assert (data["name"], data["lang"], data["start_url"], data["display"]) == ("Pocha", "es", "/", "standalone")
    assert {(icon["sizes"], icon["purpose"]) for icon in data["icons"]} >= {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    for icon in data["icons"]:
        assert page.request.get(icon["src"]).status == 200, icon
    touch_icon = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    assert touch_icon is not None and page.request.get(touch_icon).status == 200


def test_a_game_reloaded_without_a_connection_shows_the_last_sheet_this_phone_saw(
    make_phone: PhoneFactory, make_table: TableFactory, phone_log: PhoneLog, live_server: LiveServer
) -> None:
    token, watch = store_game(live_server.app, FOUR, classic_game(4)[:3])
    phone = make_phone()
    phone.goto(f"/p/{token}")
    controlled(phone)
    table = make_table(phone)
    table.choose_trump("C")  # a tap after the page was drawn: the copy follows it
    totals = table.sheet_totals()
    address = f"{live_server.url}/p/{token}"
    deadline = time.monotonic() + 10
    while address not in kept_copies(phone) or "Copas" not in copy_text(phone, address):
        assert time.monotonic() < deadline, "the page was not kept as it now is"
        phone.wait_for_timeout(200)

    phone.context.set_offline(True)
    phone.reload()
    expect(phone.locator("html")).to_have_attribute("data-offline", "")
    expect(phone.locator(".offline-note")).to_be_visible()
    expect(phone.locator(".offline-note")).to_contain_text("Sin conexión")
    assert table.sheet_totals() == totals
    expect(table.hand).to_contain_text("Copas")
    for button in phone.locator("main form button").all():
        expect(button).to_be_disabled()  # read only

    phone.goto("/")  # any other page: the offline page, with the games this phone keeps
    expect(phone.locator("h1")).to_contain_text("Sin conexión")
    kept = phone.locator("#kept-games .game-link")
    expect(kept).to_have_count(1)
    expect(kept).to_contain_text("Ana, Bea, Ciro, Dani")
    with phone.expect_navigation():
        kept.tap()
    expect(phone.locator(".offline-note")).to_be_visible()

    with phone.expect_navigation():  # the connection is back: the page loads itself, live again
        phone.context.set_offline(False)
    expect(phone.locator("html")).not_to_have_attribute("data-offline", "")
    expect(phone.locator(".offline-note")).to_be_hidden()

    watcher = make_phone()  # the watchers' page is kept too
    watcher.goto(f"/ver/{watch}")
    controlled(watcher)
    deadline = time.monotonic() + 10
    while f"{live_server.url}/ver/{watch}" not in kept_copies(watcher):
        assert time.monotonic() < deadline, "the watchers' page was not kept"
        watcher.wait_for_timeout(200)
    watcher.context.set_offline(True)
    watcher.reload()
    expect(watcher.locator(".offline-note")).to_be_visible()
    expect(watcher.locator("#en-vivo")).not_to_have_attribute("data-live", "")  # asks nothing while offline
    assert other_errors(phone_log.errors) == []


def copy_text(page: Page, address: str) -> str:
    """The text of the kept copy of ``address``."""
    text: str = page.evaluate(
        "(address) => caches.open('pocha-pages').then((cache) => cache.match(address))"
        ".then((copy) => copy ? copy.text() : '')",
        address,
    )
    return text


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("names", "hands"), [(FOUR, 3), (EIGHT, 20)], ids=["4 players", "8 players"])
def test_nothing_moves_when_the_script_arrives_late(
    make_phone: PhoneFactory, live_server: LiveServer, scheme: str, names: tuple[str, ...], hands: int
) -> None:
    token, watch = store_game(live_server.app, names, classic_game(len(names))[:hands])
    for address in (f"/ver/{watch}", f"/p/{token}"):
        phone = make_phone(color_scheme=scheme)
        phone.add_init_script(MEASURE_SHIFTS)

        def late(route: Route) -> None:
            time.sleep(SCRIPT_LATE_SECONDS)
            route.continue_()

        phone.route("**/js/pocha.*.js", late)
        phone.goto(address)
        expect(phone.locator("html")).to_have_class(AWAKE)
        expect(phone.locator(".watch-note" if "/ver/" in address else "#mano")).to_be_visible()
        phone.wait_for_timeout(500)
        assert phone.evaluate("() => window.pochaShift") == 0, address
        phone.context.close()
