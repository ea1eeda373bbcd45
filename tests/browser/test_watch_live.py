"""Watching from another phone: the link under the QR code opens a page that follows the scorekeeper's taps
within seconds, without a reload, and asks nothing while it is hidden; a tap in the hand brings only the hand,
and a new release of Pocha loads the page again."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, Request, Response, expect

from scorekeeper.engine import schedule
from scorekeeper.plumbing import addresses
from support.paper_games import CLASSIC, classic_game, store_game
from support.qr_reader import read_svg

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog, Table, TableFactory

NAMES = ("Ana", "Bea", "Ciro", "Dora")  # Ana deals hand 1: Bea, Ciro, Dora, Ana bid
EIGHT = ("Ana", "Bea", "Ciro", "Dora", "Eloy", "Fina", "Gael", "Hebe")
LIVE_MS = 5000  # a change shows on the watchers' phones within this
HIDE = """() => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  document.dispatchEvent(new Event("visibilitychange"));
}"""
# Counts the page's requests for the watchers' page as they are made (window.pochaPolls).
COUNT_POLLS = """(() => {
  window.pochaPolls = 0;
  const fetch = window.fetch;
  window.fetch = function (address, ...rest) {
    if (String(address).includes("/ver/")) window.pochaPolls += 1;
    return fetch.call(this, address, ...rest);
  };
})()"""
SHOW = """() => {
  delete document.hidden;
  delete document.visibilityState;
  document.dispatchEvent(new Event("visibilitychange"));
}"""


@pytest.fixture(autouse=True)
def on_this_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The live server listens on 127.0.0.1 only: no LAN address, so the links handed out stay on it."""
    monkeypatch.setattr(addresses, "lan_addresses", lambda: [])


def is_poll(request: Request) -> bool:
    """A request for the watchers' page."""
    return "/ver/" in request.url


def watch_link(table: Table) -> str:
    """The watchers' link as the scorekeeper's share panel shows it, checked against its QR code."""
    panel = table.page.locator("#compartir")
    code = panel.locator("svg.qr").first
    expect(code).to_be_visible()
    link = panel.locator("#watch-link").input_value()
    assert read_svg(code.evaluate("svg => svg.outerHTML")) == link, "the QR code and the text differ"
    return link


def open_watcher(make_phone: PhoneFactory, link: str, counting_polls: bool = False) -> Page:
    """Another phone opens the link; a mark on its window tells later whether the page was reloaded.

    ``counting_polls``: the page counts its requests in ``window.pochaPolls``, and its clock can be moved on at once
    (its time runs on as ever otherwise)."""
    watcher = make_phone()
    if counting_polls:
        watcher.clock.install()
        watcher.add_init_script(COUNT_POLLS)
    watcher.goto(link)
    expect(watcher.locator(".watch-label").first).to_have_text("solo mirar")
    watcher.evaluate("() => { window.pochaSamePage = true; }")
    return watcher


def test_a_hand_saved_on_one_phone_shows_on_the_watchers_phone(
    table: Table, make_phone: PhoneFactory, phone_log: PhoneLog, live_server: LiveServer
) -> None:
    table.start(NAMES, 0)
    link = watch_link(table)
    assert link.startswith(f"{live_server.url}/ver/")
    watcher = open_watcher(make_phone, link)
    statuses: list[int] = []
    watcher.on("response", lambda response: statuses.append(response.status) if is_poll(response.request) else None)
    expect(watcher.locator("#hand-title")).to_have_text("Mano 1 de 28 1 carta")
    expect(watcher.locator("#mano .waiting")).to_have_text("Falta la pinta")
    assert watcher.locator("#mano form, #mano button").count() == 0

    table.choose_trump("C")
    expect(watcher.locator("#mano .roles")).to_contain_text("Copas", timeout=LIVE_MS)
    table.bid(1)
    expect(watcher.locator("#mano .seat-row .stat-bid")).to_have_text("pide 1", timeout=LIVE_MS)
    expect(watcher.locator("#mano .waiting")).to_have_text("Le toca apostar a Ciro")

    for bid in (0, 0, 1):
        table.bid(bid)
    for name, tricks in (("Bea", 1), ("Ciro", 0), ("Dora", 0)):
        table.tricks(name, tricks)
    table.save()
    saved = time.monotonic()
    expect(watcher.locator("#hoja .sheet-compact tbody tr")).to_have_count(1, timeout=LIVE_MS)
    assert time.monotonic() - saved < LIVE_MS / 1000
    expect(watcher.locator("#hand-title")).to_have_text("Mano 2 de 28 1 carta")
    totals = watcher.evaluate(
        "() => [...document.querySelectorAll('#hoja .sheet-compact tbody tr:last-child .total')].map(t => +t.textContent)"
    )
    assert [totals] == table.sheet_totals()[-1:] == [[-5, 15, 10, 10]]

    assert watcher.evaluate("() => window.pochaSamePage === true"), "the watcher's page was reloaded"
    with watcher.expect_response(lambda response: is_poll(response.request), timeout=LIVE_MS) as quiet:
        pass  # nothing changes now: the next answer is a 304
    assert quiet.value.status == 304
    assert 200 in statuses, statuses
    assert phone_log.errors == [] and phone_log.outside_requests() == []


def test_a_hidden_watchers_page_asks_nothing_until_it_shows_again(
    table: Table, make_phone: PhoneFactory, phone_log: PhoneLog
) -> None:
    table.start(NAMES, 0)
    watcher = open_watcher(make_phone, watch_link(table), counting_polls=True)
    with watcher.expect_response(lambda response: is_poll(response.request), timeout=LIVE_MS):
        pass  # it keeps asking while shown; that answer in, the next is two seconds away

    watcher.evaluate(HIDE)
    asked = watcher.evaluate("() => window.pochaPolls")
    table.choose_trump("O")
    watcher.clock.fast_forward(4_500)  # more than two rounds of asking go by, every timer due in them fired
    assert watcher.evaluate("() => window.pochaPolls") == asked, "a hidden page kept asking"
    expect(watcher.locator("#mano .waiting")).to_have_text("Falta la pinta")

    shown = time.monotonic()
    with watcher.expect_request(is_poll, timeout=1000):
        watcher.evaluate(SHOW)
    expect(watcher.locator("#mano .roles")).to_contain_text("Oros", timeout=1500)
    assert time.monotonic() - shown < 2, "it did not ask at once on showing again"
    assert watcher.evaluate("() => window.pochaPolls") == asked + 1
    assert watcher.evaluate("() => window.pochaSamePage === true")
    assert phone_log.errors == []


def test_the_link_is_copied_and_the_code_stays_white_in_dark_mode(
    make_phone: PhoneFactory, make_table: TableFactory, phone_log: PhoneLog
) -> None:
    table = make_table(make_phone(color_scheme="dark", permissions=["clipboard-read", "clipboard-write"]))
    table.start(NAMES, 0)
    link = watch_link(table)
    page = table.page
    box = page.locator("#compartir .qr-box").first
    assert box.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(255, 255, 255)"
    assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"

    copy = page.locator("#compartir [data-copy='watch-link']")
    expect(copy).to_be_visible()
    copy.tap()
    expect(copy).to_have_text("Copiado")
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    expect(copy).to_have_text("Copiar", timeout=4000)
    assert phone_log.errors == []


def test_without_script_the_watchers_page_is_brought_up_to_date_by_hand(
    table: Table, make_phone: PhoneFactory, phone_log: PhoneLog
) -> None:
    table.start(NAMES, 0)
    link = watch_link(table)
    watcher = make_phone(java_script_enabled=False)
    watcher.goto(link)
    expect(watcher.locator(".watch-note")).to_be_hidden()
    expect(watcher.locator("[data-copy]")).to_be_hidden()
    table.choose_trump("E")
    with watcher.expect_navigation():
        watcher.get_by_role("link", name="Actualizar").tap()
    expect(watcher.locator("#mano .roles")).to_contain_text("Espadas")
    assert phone_log.errors == []


def test_a_tap_in_the_hand_brings_only_the_hand_and_the_sheet_stays_as_it_was(
    live_server: LiveServer, table: Table, make_phone: PhoneFactory, phone_log: PhoneLog
) -> None:
    token, watch = store_game(live_server.app, EIGHT, classic_game(8)[:6])  # a sheet wider than the phone
    table.page.goto(f"/p/{token}")
    watcher = make_phone()
    watcher.goto(f"/ver/{watch}")
    sheet = watcher.locator("#partida .compact-scroll")
    sheet.evaluate("box => { box.scrollLeft = 150; document.getElementById('partida').pochaSameSheet = true; }")
    assert sheet.evaluate("box => box.scrollLeft") > 0, "the sheet of eight does not scroll"
    watcher.evaluate("() => { window.pochaSamePage = true; }")
    answers: list[Response] = []
    watcher.on("response", lambda response: answers.append(response) if "/en-directo" in response.url else None)

    table.choose_trump("C")
    expect(watcher.locator("#mano .roles")).to_contain_text("Copas", timeout=LIVE_MS)
    brought = [answer.text() for answer in answers if answer.status == 200]
    assert brought and all('id="mano"' in body and 'id="hoja"' not in body for body in brought), "more than the hand"
    assert watcher.evaluate("() => document.getElementById('partida').pochaSameSheet === true"), "the sheet was redrawn"
    assert sheet.evaluate("box => box.scrollLeft") > 0, "the sheet lost its scroll"

    plan = schedule(len(EIGHT), 0, CLASSIC)[6]
    bids = [0] * len(EIGHT)
    tricks = [0] * len(EIGHT)
    tricks[plan.bidding_order[0]] = plan.cards
    for seat in plan.bidding_order:
        table.bid(bids[seat])
    for seat in plan.bidding_order[:-1]:
        table.tricks(EIGHT[seat], tricks[seat])
    table.save()
    expect(watcher.locator("#hoja .sheet-compact tbody tr")).to_have_count(
        7, timeout=LIVE_MS
    )  # a saved hand: a new sheet
    assert watcher.evaluate("() => document.getElementById('partida').pochaSameSheet === undefined")
    assert watcher.locator("#partida .compact-scroll").evaluate("box => box.scrollLeft") > 0, (
        "the new sheet kept the scroll"
    )
    assert watcher.evaluate("() => window.pochaSamePage === true")
    assert phone_log.errors == []


def test_after_an_upgrade_the_watchers_page_loads_itself_again(
    table: Table, make_phone: PhoneFactory, phone_log: PhoneLog, live_server: LiveServer
) -> None:
    table.start(NAMES, 0)
    watcher = open_watcher(make_phone, watch_link(table))
    release = watcher.locator("#en-vivo").get_attribute("data-release")
    assert release == live_server.app.config["POCHA_RELEASE"]
    with watcher.expect_event("load", timeout=LIVE_MS):
        live_server.app.config["POCHA_RELEASE"] = "0123456789"  # new templates and scripts on the server
    expect(watcher.locator("#en-vivo")).to_have_attribute("data-release", "0123456789")
    assert not watcher.evaluate("() => window.pochaSamePage === true"), "the page was not loaded again"
    assert phone_log.errors == []
