"""Fixtures for the journeys every phone must make, in Chromium, WebKit and Firefox (support/browsers): the engine a
test runs in (``@in_browsers()``), and ``phones`` that opens phones of it. Each engine's browser, or its virtual
screen, is started once per test worker, when a test first asks for it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from support.browsers import ENGINES
from support.browsers.chromium import ChromiumPhone
from support.browsers.firefox import FirefoxBridge, FirefoxPhone, start_bridge
from support.browsers.phone import Phone
from support.browsers.webkit import VirtualScreen, WebKitPhone
from support.browsers.webkit import missing as webkit_missing
from support.lan_server import LanServer


@pytest.fixture
def engine(request: pytest.FixtureRequest) -> str:
    """The engine this run of the test is in (``@in_browsers`` says which)."""
    name = str(getattr(request, "param", "chromium"))
    assert name in ENGINES, name
    return name


@pytest.fixture(params=["wifi", "localhost"])
def table_server(request: pytest.FixtureRequest) -> LanServer:
    """The server a table reaches: over the Wi-Fi (plain HTTP: `lan_server`), then on localhost, where the service
    worker runs (`loopback_server`); a test each. It stops and starts again."""
    server: LanServer = request.getfixturevalue("lan_server" if request.param == "wifi" else "loopback_server")
    return server


@pytest.fixture(scope="session")
def virtual_screen() -> Iterator[VirtualScreen]:
    """A phone-sized X screen for WebKitGTK (fails, never skips, if WebKitGTK or Xvfb is missing)."""
    lacking = webkit_missing()
    if lacking:
        pytest.fail(lacking + ". Browser tests never skip.", pytrace=False)
    screen = VirtualScreen.start()
    yield screen
    screen.stop()


@pytest.fixture(scope="session")
def firefox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FirefoxBridge]:
    """Firefox, held by its bridge, once per test worker."""
    bridge = start_bridge(tmp_path_factory.mktemp("firefox") / "firefox.log")
    yield bridge
    bridge.close()


@dataclass
class Phones:
    """Opens phones of one engine; every phone is put away after the test, a picture of its screen kept first in the
    test's folder if the test failed."""

    engine: str
    request: pytest.FixtureRequest
    folder: Path
    opened: list[Phone] = field(default_factory=list)

    def open(self, base_url: str, dark: bool = False) -> Phone:
        """A new 390×844 phone on the server at ``base_url``, light or ``dark``, with cookies and storage of its own."""
        phone: Phone
        if self.engine == "chromium":
            chromium: Browser = self.request.getfixturevalue("chromium")
            phone = ChromiumPhone(chromium, base_url, dark)
        elif self.engine == "webkit":
            screen: VirtualScreen = self.request.getfixturevalue("virtual_screen")
            log = self.folder / f"webkit-{len(self.opened)}.log"
            phone = WebKitPhone(screen, base_url, dark, log=log)
        else:
            bridge: FirefoxBridge = self.request.getfixturevalue("firefox")
            phone = FirefoxPhone(bridge, base_url, dark)
        self.opened.append(phone)
        return phone

    def put_away(self, failed: bool) -> None:
        """Close every phone (a picture of each screen first, if the test failed)."""
        for number, phone in enumerate(self.opened):
            if failed:
                with contextlib.suppress(Exception):  # a phone that cannot show its screen any more
                    phone.screenshot(self.folder / f"{self.engine}-phone-{number}.png")
            phone.close()


@pytest.fixture
def phones(engine: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Phones]:
    """Phones of the test's engine: ``phones.open(server.url)``."""
    opened = Phones(engine, request, tmp_path)
    yield opened
    report = getattr(request.node, "rep_call", None)
    opened.put_away(failed=bool(report and report.failed))


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the test, so that ``phones`` knows a failed test when it puts its phones away."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
