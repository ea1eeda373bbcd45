"""A club's Pocha as phones reach it: phone → Caddy over HTTPS (deploy/Caddyfile, with Caddy's own authority on
localhost) → pocha-server (gunicorn, two workers, TRUSTED_PROXIES=1) → PostgreSQL.

Chromium trusts that authority and nothing more: ``--ignore-certificate-errors-spki-list`` names the keys of
Caddy's root and intermediate certificates, made for this test. Without it the page does not open
(ERR_CERT_AUTHORITY_INVALID); a blanket ``ignore_https_errors`` would also accept a wrong certificate,
and adding the root to Chromium's NSS store would need another package (certutil) and a profile of its own.
"""

from __future__ import annotations

import ssl
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, Response, Route, expect

from scorekeeper.engine import HandRecord, Suit, forbidden_bid, preset_rules, schedule, score_sheet
from support.caddy import Caddy, ProductionServer, authority_keys
from support.qr_reader import read_svg
from support.server import read_game

if TYPE_CHECKING:
    from tests.browser.conftest import TableFactory

NAMES = ("Ana", "Bea", "Carlos")
HANDS = 4  # three hands of one card, one of two
ONE_YEAR = "max-age=31536000"


@dataclass
class Club:
    """Pocha served as deploy/ says: the production server and Caddy in front of it."""

    server: ProductionServer
    caddy: Caddy


@pytest.fixture
def club(tmp_path: Path, pg_url: str) -> Iterator[Club]:
    """pocha-server on PostgreSQL, behind Caddy on https://localhost:<port>; both stopped at the end."""
    server = ProductionServer(pg_url, tmp_path / "server", env={"TRUSTED_PROXIES": "1"}, workers=2)
    caddy = Caddy(server.address, tmp_path / "caddy")
    try:
        server.start()
        caddy.start()
        yield Club(server, caddy)
    finally:
        caddy.stop()
        assert server.stop() == 0, server.output()[-2000:]


@pytest.fixture
def https_browser(chromium: Browser, club: Club) -> Iterator[Browser]:
    """Debian's Chromium trusting the keys of this test's Caddy authority, and no other unknown one."""
    keys = ",".join(authority_keys(club.caddy))
    browser = chromium.browser_type.launch(
        executable_path=chromium_path(),
        headless=True,
        args=[
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            f"--ignore-certificate-errors-spki-list={keys}",
        ],
    )
    yield browser
    browser.close()


def chromium_path() -> str:
    """Where Debian puts Chromium (the session's `chromium` fixture has checked it is there)."""
    return "/usr/bin/chromium"


@dataclass
class HttpsPhone:
    """A phone on the club's address: its page, every answer it got, and what it tried to fetch elsewhere."""

    page: Page
    answers: list[Response]
    elsewhere: list[str]


def open_phone(browser: Browser, club: Club) -> HttpsPhone:
    """A 390×844 touch phone in Spanish on https://localhost:<port>, fenced to that origin."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        locale="es-ES",
        base_url=club.caddy.url,
    )
    phone = HttpsPhone(context.new_page(), [], [])

    def fence(route: Route) -> None:
        """Let the club's origin through, note and abort the rest."""
        if route.request.url.startswith(f"{club.caddy.url}/"):
            route.continue_()
        else:
            phone.elsewhere.append(route.request.url)
            route.abort("blockedbyclient")

    context.route("**/*", fence)
    phone.page.on("response", lambda answer: phone.answers.append(answer))
    phone.page.set_default_timeout(15_000)
    return phone


def hand_to_play(number: int) -> tuple[list[int], list[int], list[int], HandRecord]:
    """Hand ``number``'s bidding order, bids and tricks by seat (la mano takes every trick), and its record."""
    plan = schedule(len(NAMES), first_dealer=0, rules=preset_rules("clasica"))[number - 1]
    order = [(plan.mano + i) % len(NAMES) for i in range(len(NAMES))]
    bids = [0] * len(NAMES)
    if forbidden_bid(plan.cards, [0] * (len(NAMES) - 1)) == 0:
        bids[plan.dealer] = 1
    tricks = [0] * len(NAMES)
    tricks[order[0]] = plan.cards
    return order, bids, tricks, HandRecord(bids=tuple(bids), tricks=tuple(tricks), trump=Suit.OROS)


def test_phones_play_through_caddy_over_https_to_postgresql(
    club: Club, https_browser: Browser, make_table: TableFactory, pg_url: str
) -> None:
    scorekeeper = open_phone(https_browser, club)
    page = scorekeeper.page
    table = make_table(page)
    token = table.start(list(NAMES), 0)
    assert page.url.startswith(f"{club.caddy.url}/p/")
    assert page.evaluate("() => window.isSecureContext"), "Chromium sees a trusted HTTPS page"

    records = []
    for number in range(1, HANDS + 1):
        order, bids, tricks, record = hand_to_play(number)
        table.play_hand(number, NAMES, order, "O", bids, tricks)
        records.append(record)

    expected = score_sheet(preset_rules("clasica"), list(NAMES), 0, records).totals
    assert table.sheet_totals()[-1] == list(expected)
    stored = read_game(pg_url, token)
    assert stored.sheet.totals == expected and len([h for h in stored.hands if h.complete]) == HANDS

    # The links handed to the other phones: the public HTTPS address, as text and as QR code.
    panel = page.locator("#compartir")
    watch = panel.locator("#watch-link").input_value()
    assert watch == f"{club.caddy.url}/ver/{stored.watch_token}"
    assert read_svg(panel.locator("svg.qr").first.evaluate("svg => svg.outerHTML")) == watch
    assert panel.locator("#edit-link").input_value() == f"{club.caddy.url}/p/{token}"

    # Over HTTPS: every page says to keep to HTTPS, every cookie is Secure.
    pages = [answer for answer in scorekeeper.answers if answer.request.resource_type == "document"]
    assert pages and all(answer.headers.get("strict-transport-security") == ONE_YEAR for answer in pages)
    page.get_by_role("button", name="English").tap()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    cookies = {cookie["name"]: cookie for cookie in page.context.cookies()}
    assert {"session", "lang"} <= set(cookies), cookies
    assert all(cookie["secure"] for cookie in cookies.values()), cookies

    # Another phone follows the game on the link it was given.
    watcher = open_phone(https_browser, club)
    watcher.page.goto(watch)
    expect(watcher.page.locator("#hoja")).to_contain_text(NAMES[0])
    assert watcher.page.evaluate("() => window.isSecureContext")
    assert scorekeeper.elsewhere == [] and watcher.elsewhere == [], "nothing is fetched from another origin"


def test_the_certificate_is_caddys_for_localhost(club: Club) -> None:
    with urllib.request.urlopen(f"{club.caddy.url}/", context=club.caddy.tls_context(), timeout=30) as answer:
        assert answer.status == 200 and answer.headers["Strict-Transport-Security"] == ONE_YEAR
    with pytest.raises(urllib.error.URLError) as refused:
        urllib.request.urlopen(f"{club.caddy.url}/", context=ssl.create_default_context(), timeout=30)
    assert isinstance(refused.value.reason, ssl.SSLCertVerificationError), "only Caddy's own authority vouches for it"
