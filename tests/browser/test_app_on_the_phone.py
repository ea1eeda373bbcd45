"""Pocha as a phone app: Chromium reports it installable on this computer; a game's page reloaded without a connection
is the working game page as the network last gave it; over the network's address (plain HTTP) no service worker is
asked for and the game works; and the watchers' page does not move when its script arrives late (the screen kept
awake: test_screen_awake.py)."""

from __future__ import annotations

import json
import re
import time
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, Route, expect

from support.paper_games import classic_game, store_game
from support.service_worker import controlled

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog, TableFactory

    from support.lan_server import LanServer

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


def kept_copies(page: Page) -> list[str]:
    """The addresses of the games' pages this phone keeps for a reload without a connection."""
    copies: list[str] = page.evaluate(
        "() => caches.open('pocha-game-pages').then((cache) => cache.keys()).then((keys) => keys.map((key) => key.url))"
    )
    return copies


def copy_text(page: Page, address: str) -> str:
    """The text of the kept copy of ``address``."""
    text: str = page.evaluate(
        "(address) => caches.open('pocha-game-pages').then((cache) => cache.match(address))"
        ".then((copy) => copy ? copy.text() : '')",
        address,
    )
    return text


def wait_for_copy(page: Page, address: str, showing: str) -> None:
    """Wait until the copy of ``address`` the phone keeps shows ``showing``."""
    deadline = time.monotonic() + 10
    while address not in kept_copies(page) or showing not in copy_text(page, address):
        assert time.monotonic() < deadline, f"the page was not kept showing {showing!r}"
        page.wait_for_timeout(200)


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


def test_a_game_reloaded_without_a_connection_is_the_working_game_page(
    make_phone: PhoneFactory, make_table: TableFactory, phone_log: PhoneLog, live_server: LiveServer
) -> None:
    token, watch = store_game(live_server.app, FOUR, classic_game(4)[:3])
    address = f"{live_server.url}/p/{token}"
    phone = make_phone()
    phone.goto(f"/p/{token}")
    controlled(phone)
    table = make_table(phone)
    table.choose_trump("C")  # drawn in place: the kept copy is the network's, of the next load
    phone.reload()
    wait_for_copy(phone, address, "Copas")
    totals = table.sheet_totals()

    phone.context.set_offline(True)
    phone.reload()
    expect(phone.locator("html")).to_have_attribute("data-kept", re.compile(r"^[1-9][0-9]+$"))
    expect(phone.locator("html")).to_have_class(re.compile(r"\bjs\b"))  # its script runs
    expect(table.hand).to_contain_text("Copas")
    assert table.sheet_totals() == totals
    bids = table.hand.locator(".numbers button")
    expect(bids.first).to_be_visible()
    assert bids.count() >= 2 and all(button.is_enabled() for button in bids.all()), "the bids are there to tap"
    first_prompt = table.hand.locator(".prompt").inner_text()
    expect(phone.locator(".offline-note")).to_have_count(0)  # no read-only copy any more

    other = make_phone()  # meanwhile another phone at the table bids
    other.goto(f"/p/{token}")
    make_table(other).bid(0)
    next_prompt = other.locator("#mano .prompt").inner_text()
    assert next_prompt != first_prompt
    phone.context.set_offline(False)
    phone.reload()  # the network's page again, with the other phone's bid
    expect(phone.locator("html")).not_to_have_attribute("data-kept", re.compile(".*"))
    expect(table.hand.locator(".prompt")).to_have_text(next_prompt)
    wait_for_copy(phone, address, next_prompt)  # the copy kept is the newest

    phone.goto("/")  # the offline page lists the games kept
    phone.context.set_offline(True)
    phone.goto("/historial")
    expect(phone.locator("h1")).to_contain_text("Sin conexión")
    kept = phone.locator("#kept-games .game-link")
    expect(kept).to_have_count(1)
    expect(kept).to_contain_text("Ana, Bea, Ciro, Dani")
    with phone.expect_navigation():
        kept.tap()
    expect(phone.locator("html")).to_have_attribute("data-kept", re.compile(r"^[1-9]"))
    expect(table.hand).to_be_visible()

    watcher = make_phone()  # the watchers' page is kept too
    watcher.goto(f"/ver/{watch}")
    controlled(watcher)
    watcher.reload()
    wait_for_copy(watcher, f"{live_server.url}/ver/{watch}", "solo mirar")
    watcher.context.set_offline(True)
    watcher.reload()
    expect(watcher.locator("html")).to_have_attribute("data-kept", re.compile(r"^[1-9]"))
    expect(watcher.locator("#en-vivo")).to_have_attribute("data-live", re.compile("/en-directo$"))
    expect(watcher.locator("#conexion").get_by_role("status")).to_have_text("Sin conexión, reintentando…")
    assert other_errors(phone_log.errors) == []


def copy_headers(page: Page, address: str) -> dict[str, str]:
    """The headers the service worker kept with the copy of ``address``."""
    headers: dict[str, str] = page.evaluate(
        "(address) => caches.open('pocha-game-pages').then((cache) => cache.match(address))"
        ".then((copy) => Object.fromEntries(copy.headers))",
        address,
    )
    return headers


def test_the_page_of_a_first_visit_is_kept_and_reloads_without_a_connection(
    make_phone: PhoneFactory, make_table: TableFactory, phone_log: PhoneLog, live_server: LiveServer
) -> None:
    """A game's link opened on a phone that never saw Pocha (from a chat, say): the visit installs the service worker
    after the page came, and the page asks the worker to keep it; no reload is needed for a copy."""
    token, watch = store_game(live_server.app, FOUR, classic_game(4)[:3])
    others = [f"{live_server.url}/historial", "https://example.com/p/" + token, "/p/" + token + "/carta", "p", ""]
    for address, kind, shown in ((f"/p/{token}", "scorekeeper", "#mano"), (f"/ver/{watch}", "watcher", "#en-vivo")):
        phone = make_phone()
        phone.goto(address)  # the first visit: no worker served it
        controlled(phone)
        for other in others:  # what is no game page of this site is never fetched nor kept
            phone.evaluate("(other) => navigator.serviceWorker.controller.postMessage({keep: other})", other)
        wait_for_copy(phone, live_server.url + address, "Ana, Bea, Ciro, Dani")
        assert kept_copies(phone) == [live_server.url + address], kind
        headers = copy_headers(phone, live_server.url + address)
        # As a copy the worker fetched: the game's version (the scorekeeper's page carries it), the release, when.
        assert headers.get("x-pocha-version") == ("3" if kind == "scorekeeper" else None), kind
        assert headers["x-pocha-release"] == live_server.app.config["POCHA_RELEASE"], kind
        assert re.fullmatch(r"[1-9][0-9]+", headers["x-pocha-kept-at"]), kind

        phone.context.set_offline(True)
        phone.reload()
        expect(phone.locator("html")).to_have_attribute("data-kept", re.compile(r"^[1-9][0-9]+$"))
        expect(phone.locator("html")).to_have_class(re.compile(r"\bjs\b"))
        expect(phone.locator(shown)).to_be_visible()
        if kind == "scorekeeper":  # the game goes on: a tap drawn, kept and waiting for the connection
            table = make_table(phone)
            table.tap(table.hand.locator("button.suit-E"), settle=False)
            expect(table.hand).to_contain_text("Espadas")
            expect(phone.locator("#estado")).to_contain_text("1 pendiente")

        phone.goto("/historial")  # any other page: the offline page, listing the game kept
        expect(phone.locator("h1")).to_contain_text("Sin conexión")
        kept = phone.locator("#kept-games .game-link")
        expect(kept).to_have_count(1)
        expect(kept).to_contain_text("Ana, Bea, Ciro, Dani")
        expect(kept.locator(".watch-label")).to_have_count(1 if kind == "watcher" else 0)
        expect(kept).to_have_attribute("href", live_server.url + address)
    assert other_errors(phone_log.errors) == []


def test_over_the_networks_address_no_service_worker_is_asked_for_and_the_game_works(
    make_lan_phone: PhoneFactory, make_table: TableFactory, lan_server: LanServer
) -> None:
    token, _watch = store_game(lan_server.app, FOUR, classic_game(4)[:3])
    phone = make_lan_phone()
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    asked: list[str] = []
    phone.on("request", lambda request: asked.append(request.url))
    phone.goto(f"/p/{token}")
    assert phone.evaluate("() => [window.isSecureContext, 'serviceWorker' in navigator]") == [False, False]
    table = make_table(phone)
    table.choose_trump("O")
    expect(table.hand).to_contain_text("Oros")
    phone.wait_for_timeout(500)
    assert not any(url.endswith("/sw.js") for url in asked), asked
    assert errors == []


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
