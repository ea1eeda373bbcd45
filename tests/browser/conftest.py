"""Browser fixtures: the app served on 127.0.0.1 and a phone-sized Debian Chromium driven by Playwright."""

import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask import Flask
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Error,
    Page,
    Playwright,
    Request,
    Route,
    ViewportSize,
    sync_playwright,
)
from werkzeug.serving import BaseWSGIServer, make_server

from scorekeeper import create_app
from scorekeeper.extensions import db

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
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
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
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


@pytest.fixture
def phone(chromium: Browser, live_server: LiveServer, phone_log: PhoneLog) -> Iterator[Page]:
    """A 390×844 touch phone in Spanish, pointed at the live server: `phone.goto("/")` opens the home page.

    Requests to any other host are recorded in `phone_log` and aborted, so nothing leaves the machine.
    """
    context = chromium.new_context(
        viewport=PHONE_VIEWPORT,
        screen={"width": PHONE_VIEWPORT["width"], "height": PHONE_VIEWPORT["height"]},
        device_scale_factor=3,
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
    context.on("request", phone_log.record_request)
    page = context.new_page()
    page.on("console", phone_log.record_console)
    page.on("pageerror", phone_log.record_page_error)
    page.set_default_timeout(10_000)
    yield page
    context.close()
