"""Browser fixtures: the app served on 127.0.0.1 and a phone-sized Debian Chromium driven by Playwright."""

import os
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Error,
    Locator,
    Page,
    Playwright,
    Request,
    Route,
    ViewportSize,
    expect,
    sync_playwright,
)
from werkzeug.serving import BaseWSGIServer, make_server

from scorekeeper import create_app
from scorekeeper.extensions import db
from support.browsers.table import BEFORE_A_TAP, DRAWN, SAME_PAGE, SETTLED
from support.lan_server import SHUTDOWN_POLL, LanServer
from support.words import Speaking

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # A window's omnibox popups, which Chromium's own interface keeps drawn in a renderer of their own for every
    # context, costing as much as the page under test.
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
]
PHONE_VIEWPORT = ViewportSize(width=390, height=844)
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test under tests/browser with @pytest.mark.browser."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


@dataclass
class LiveServer:
    """The app served in a background thread: open `url` (e.g. f"{live_server.url}/partidas/nueva")."""

    app: Flask
    url: str


@dataclass
class PhoneLog:
    """What the phone's browser did: every request URL, and console or page errors."""

    origin: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def record_request(self, request: Request) -> None:
        """Note a request the page made."""
        self.requests.append(request.url)

    def record_console(self, message: ConsoleMessage) -> None:
        """Note a console error (CSP violations, failed loads, script errors)."""
        if message.type == "error":
            self.errors.append(message.text)

    def record_page_error(self, error: Error) -> None:
        """Note an uncaught script error."""
        self.errors.append(str(error))

    def outside_requests(self) -> list[str]:
        """Return the requests that went anywhere but the live server."""
        return [url for url in self.requests if not is_same_origin(url, self.origin)]


def is_same_origin(url: str, origin: str) -> bool:
    """Tell whether `url` is served by `origin` (scheme://host:port); data: URLs count as local."""
    if url.startswith(("data:", "about:", "blob:")):
        return True
    parts, home = urlsplit(url), urlsplit(origin)
    return (parts.scheme, parts.netloc) == (home.scheme, home.netloc)


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """Serve a fresh app (own SQLite file, tables created, CSRF on) on 127.0.0.1 and a free port."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "browser-test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'live.sqlite3'}",
        },
        instance_path=tmp_path / "instance",
    )
    with app.app_context():
        db.create_all()
    server: BaseWSGIServer = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, args=(SHUTDOWN_POLL,), name="live-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(app=app, url=f"http://127.0.0.1:{server.server_port}")
    finally:
        server.shutdown()
        thread.join(timeout=5)
        server.server_close()
        with app.app_context():
            db.engine.dispose()


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Playwright]:
    """Start Playwright once per test session."""
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def chromium(playwright_driver: Playwright) -> Iterator[Browser]:
    """Launch Debian's headless Chromium once per test session (fails, never skips, if it is missing)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"Chromium is missing at {CHROMIUM}: install it with `apt-get install -y chromium` "
            "(or run `make test`, which does). Browser tests never skip.",
            pytrace=False,
        )
    browser = playwright_driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def phone_log(live_server: LiveServer) -> PhoneLog:
    """The record of what the `phone` fixture's browser requested and which errors it showed."""
    return PhoneLog(origin=live_server.url)


PhoneFactory = Callable[..., Page]


@pytest.fixture
def make_phone(chromium: Browser, live_server: LiveServer, phone_log: PhoneLog) -> Iterator[PhoneFactory]:
    """Open more phones like `phone`, each in its own context: `make_phone(color_scheme="dark")`.

    Keyword arguments go to ``Browser.new_context`` on top of the phone's settings
    (e.g. ``java_script_enabled=False``). Every phone shares `phone_log`.
    """
    contexts: list[BrowserContext] = []

    def only_the_live_server(route: Route) -> None:
        """Let requests to the live server through and abort the rest."""
        if is_same_origin(route.request.url, live_server.url):
            route.continue_()
        else:
            route.abort("blockedbyclient")

    def open_phone(**options: Any) -> Page:
        """A new phone (its own cookies), its requests fenced to the live server and logged."""
        settings: dict[str, Any] = {
            "viewport": PHONE_VIEWPORT,
            "screen": {"width": PHONE_VIEWPORT["width"], "height": PHONE_VIEWPORT["height"]},
            "device_scale_factor": 3,
            "is_mobile": True,
            "has_touch": True,
            "locale": "es-ES",
            "base_url": live_server.url,
            **options,
        }
        context = chromium.new_context(**settings)
        contexts.append(context)
        context.route("**/*", only_the_live_server)
        context.on("request", phone_log.record_request)
        page = context.new_page()
        page.on("console", phone_log.record_console)
        page.on("pageerror", phone_log.record_page_error)
        page.set_default_timeout(10_000)
        return page

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def phone(make_phone: PhoneFactory) -> Page:
    """A 390×844 touch phone in Spanish, pointed at the live server: `phone.goto("/")` opens the home page.

    Requests to any other host are recorded in `phone_log` and aborted, so nothing leaves the machine.
    """
    return make_phone()


@pytest.fixture
def installable_phone(playwright_driver: Playwright, live_server: LiveServer, tmp_path: Path) -> Iterator[Page]:
    """A phone like `phone` with a profile of its own on disk: an incognito window (every other phone here) can
    install no app. Its requests are fenced to the live server too."""
    context = playwright_driver.chromium.launch_persistent_context(
        tmp_path / "profile",
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport=PHONE_VIEWPORT,
        is_mobile=True,
        has_touch=True,
        locale="es-ES",
        base_url=live_server.url,
    )

    def only_the_live_server(route: Route) -> None:
        """Let requests to the live server through and abort the rest."""
        if is_same_origin(route.request.url, live_server.url):
            route.continue_()
        else:
            route.abort("blockedbyclient")

    context.route("**/*", only_the_live_server)
    page = context.pages[0] if context.pages else context.new_page()
    page.set_default_timeout(10_000)
    try:
        yield page
    finally:
        context.close()


# --- a player at the table: the game page driven one tap at a time ---------------------------


@dataclass
class Table(Speaking):
    """Drive Pocha's pages like a player: type the names, then one tap per trump, bid and trick.

    With JavaScript on, a tap on the game page is drawn in place by the phone and sent from its outbox: ``tap``
    waits for the drawing (and, unless told not to, for the server's answer) and checks the page was not reloaded.
    With JavaScript off (``javascript=False``), every tap is a real POST followed by a reload. Without signal
    (``answered=False``), no tap waits for the server's answer.
    """

    page: Page
    javascript: bool = True
    answered: bool = True
    #: The page's language: what the player reads and taps is looked for in it (the catalogue's words).
    language: str = "es"

    # --- starting a game ----------------------------------------------------------------------

    def start(self, names: Sequence[str], first_dealer: int, preset: str = "clasica", **options: str) -> str:
        """From the home page, set up and start a game; return its token (from the address)."""
        page = self.page
        page.goto("/")
        with page.expect_navigation():
            page.get_by_role("link", name=self.say("Nueva partida")).tap()
        for i, name in enumerate(names):
            field = page.locator(f"#names-{i}")
            if not field.is_visible():  # four rows to start: «Añadir jugador» opens the next one
                self.add_player()
            field.fill(name)
        if self.javascript:  # the list names the players as they are typed: pick the dealer by name
            page.locator("#first_dealer").select_option(label=names[first_dealer])
        else:
            page.locator("#first_dealer").select_option(str(first_dealer))
        page.locator("#preset").select_option(preset)
        if options:
            more = page.locator("details.more-options")
            if more.get_attribute("open") is None:
                more.locator("summary").tap()
            for field, value in options.items():
                control = page.locator(f"#{field}")
                if control.evaluate("el => el.tagName") == "SELECT":
                    control.select_option(value)
                else:
                    control.fill(value)
        with page.expect_navigation():
            page.get_by_role("button", name=self.say("Empezar la partida")).tap()
        assert "/p/" in page.url, f"the game did not start: {page.locator('.error').all_inner_texts()}"
        return page.url.split("/p/", 1)[1].split("#", 1)[0]

    def add_player(self) -> None:
        """Tap «Añadir jugador» on the new-game form: the next row opens in place (a round trip without JavaScript)."""
        button = self.page.get_by_role("button", name=self.say("Añadir jugador"))
        if self.javascript:
            button.tap()
        else:
            with self.page.expect_navigation():
                button.tap()

    # --- taps -----------------------------------------------------------------------------------

    def tap(self, target: Locator, settle: bool = True) -> None:
        """Tap a button of the game page and wait for the page to show the result.

        With JavaScript the phone draws the tap in place at once (``body[data-drawn]`` counts the drawings); with
        ``settle`` the tap then waits until the server has answered and the sheet is up to date, as a page loaded
        afresh would show it.
        """
        page = self.page
        if not self.javascript:
            with page.expect_navigation():
                target.tap()
            return
        page.evaluate(BEFORE_A_TAP)
        target.tap()
        page.wait_for_function(DRAWN)
        if settle and self.answered:
            self.settle()
        assert page.evaluate(SAME_PAGE), "the tap reloaded the page instead of drawing it"

    def settle(self) -> None:
        """Wait until nothing waits to be sent and the sheet shows every hand saved (js/pocha/game/page.js: PochaGame.settled)."""
        self.page.wait_for_function(SETTLED)

    @property
    def hand(self) -> Locator:
        """The panel of the hand being played."""
        return self.page.locator("#mano")

    def hand_title(self) -> str:
        """The hand panel's title, spaces tidied: «Mano 3 de 28 1 carta»."""
        return " ".join(self.page.locator("#hand-title").inner_text().split())

    def error(self) -> Locator:
        """The message the server gave for a refused tap."""
        return self.page.locator("#tap-error")

    def bid_button(self, bid: int) -> Locator:
        """The button of ``bid`` for the player whose turn it is to bid."""
        return self.hand.locator(".numbers").get_by_role("button", name=str(bid), exact=True)

    def choose_trump(self, letter: str) -> None:
        """Tap the trump (O, C, E or B)."""
        self.tap(self.hand.locator(f"button.suit-{letter}"))

    def bid(self, bid: int) -> None:
        """Tap the bid of the player whose turn it is."""
        self.tap(self.bid_button(bid))

    def tricks(self, name: str, tricks: int) -> None:
        """Tap how many tricks ``name`` took."""
        group = self.hand.locator(".tricks").get_by_role("group", name=name, exact=True)
        self.tap(group.get_by_role("button", name=str(tricks), exact=True))

    def seat_row(self, name: str) -> Locator:
        """The hand panel's row of the player called ``name`` (once the bids start)."""
        who = self.page.locator(".who", has_text=re.compile(f"^{re.escape(name)}$"))
        return self.hand.locator(".seat-row").filter(has=who)

    def renuncio(self, name: str) -> None:
        """Put one renuncio on ``name``: one tap on the button in their row."""
        self.tap(self.hand.get_by_role("button", name=self.say("Renuncio de %(name)s", name=name), exact=True))

    def save(self) -> None:
        """Tap «Guardar la mano»."""
        self.tap(self.hand.get_by_role("button", name=self.say("Guardar la mano")))

    def play_hand(
        self,
        number: int,
        names: Sequence[str],
        order: Sequence[int],
        trump: str,
        bids: Sequence[int],
        tricks: Sequence[int],
        renuncios: Sequence[int] = (),
        before_last_bid: Callable[[], None] | None = None,
    ) -> None:
        """Play hand ``number``: trump, bids in ``order`` (seats), renuncios, tricks (the last filled in), save.

        ``before_last_bid`` is called when the dealer is about to bid (to look at the forbidden bid).
        """
        title = self.hand_title()
        heads = [
            re.escape(self.say(text, n="NUMBER", total="TOTAL")).replace("NUMBER", str(number)).replace("TOTAL", r"\d+")
            for text in ("Mano %(n)s de %(total)s", "Mano de desempate %(n)s")
        ]
        assert any(re.match(head + " ", title) for head in heads), title
        self.choose_trump(trump)
        for seat in order:
            expect(self.hand.locator(".prompt")).to_have_text(self.say("¿Cuántas pide %(name)s?", name=names[seat]))
            if seat == order[-1] and before_last_bid is not None:
                before_last_bid()
            self.bid(bids[seat])
        for seat, count in enumerate(renuncios):
            for _ in range(count):
                self.renuncio(names[seat])
            if count:
                row = self.seat_row(names[seat])
                expect(row).to_be_visible()
                expect(row.locator(".penalty")).to_have_text(
                    self.say_count("%(num)s renuncio", "%(num)s renuncios", count)
                )
        for seat in order[:-1]:
            self.tricks(names[seat], tricks[seat])
        last = order[-1]
        expect(self.hand.locator(".tricks .auto")).to_have_text(self.say("se rellena: %(n)s", n=tricks[last]))
        self.save()
        expect(self.page.locator(".flashes")).to_contain_text(self.say("Mano %(number)s guardada.", number=number))
        assert self.error().count() == 0

    # --- the sheet --------------------------------------------------------------------------

    def sheet_totals(self) -> list[list[int]]:
        """The running totals of every row of the sheet (the phone's view, a column per player), by seat."""
        rows: list[list[str]] = self.page.evaluate(
            """() => [...document.querySelectorAll('#hoja .sheet-compact tbody tr')]
                      .map(tr => [...tr.querySelectorAll('td .total')].map(total => total.textContent.trim()))"""
        )
        return [[int(value) for value in row] for row in rows]

    def standings(self) -> list[tuple[str, str, str]]:
        """The standings as shown: (name, points text, misses text), first place first."""
        places = self.page.locator("#clasificacion .place")
        return [
            (
                place.locator(".name").inner_text(),
                place.locator(".points").inner_text(),
                place.locator(".misses").inner_text(),
            )
            for place in places.all()
        ]


@pytest.fixture
def table(phone: Page) -> Table:
    """A player at the table with the `phone`."""
    return Table(phone)


TableFactory = Callable[..., Table]


@pytest.fixture
def make_table() -> TableFactory:
    """A player with another phone: `make_table(make_phone(java_script_enabled=False), javascript=False)`."""
    return Table


# --- a phone at the table: the app over the Wi-Fi, at this machine's network address -----------


def served_app(tmp_path: Path, host: str | None) -> Iterator[LanServer]:
    """A fresh app (like `live_server`) served on ``host`` (``None``: this machine's network address) by a server
    that ``stop()`` and ``start()`` again on the same port."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "browser-test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'lan.sqlite3'}",
        },
        instance_path=tmp_path / "lan-instance",
    )
    with app.app_context():
        db.create_all()
    server = LanServer(app) if host is None else LanServer(app, host=host)
    server.start()
    try:
        yield server
    finally:
        server.stop()
        with app.app_context():
            db.engine.dispose()


@pytest.fixture
def lan_server(tmp_path: Path) -> Iterator[LanServer]:
    """A fresh app (like `live_server`) served over plain HTTP on this machine's network address, not the loopback:
    an insecure context, as the phones at a table see Pocha. ``lan_server.stop()`` and ``.start()`` keep the port."""
    yield from served_app(tmp_path, None)


@pytest.fixture
def loopback_server(tmp_path: Path) -> Iterator[LanServer]:
    """Like `lan_server`, on 127.0.0.1: a secure context, where the service worker runs (as on this computer, or over
    HTTPS); it stops and starts again too."""
    yield from served_app(tmp_path, "127.0.0.1")


@pytest.fixture(params=["lan", "localhost"])
def served(request: pytest.FixtureRequest) -> LanServer | LiveServer:
    """The app on this machine's network address (an insecure context: `lan_server`) or on 127.0.0.1
    (`live_server`), a test each."""
    server: LanServer | LiveServer = request.getfixturevalue("lan_server" if request.param == "lan" else "live_server")
    return server


@pytest.fixture
def make_lan_phone(chromium: Browser, lan_server: LanServer) -> Iterator[PhoneFactory]:
    """Phones like `phone` pointed at `lan_server`: ``make_lan_phone()``; their requests fenced to it."""
    contexts: list[BrowserContext] = []

    def only_the_lan_server(route: Route) -> None:
        """Let requests to the server through and abort the rest."""
        if is_same_origin(route.request.url, lan_server.url):
            route.continue_()
        else:
            route.abort("blockedbyclient")

    def open_phone(**options: Any) -> Page:
        """A new phone on the network's address, its own cookies."""
        context = chromium.new_context(
            **{
                "viewport": PHONE_VIEWPORT,
                "screen": {"width": PHONE_VIEWPORT["width"], "height": PHONE_VIEWPORT["height"]},
                "device_scale_factor": 3,
                "is_mobile": True,
                "has_touch": True,
                "locale": "es-ES",
                "base_url": lan_server.url,
                **options,
            }
        )
        contexts.append(context)
        context.route("**/*", only_the_lan_server)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_phone
    for context in contexts:
        context.close()
