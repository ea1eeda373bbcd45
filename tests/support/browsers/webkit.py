"""A phone in WebKit, the engine of every browser on an iPhone: Debian's WebKitGTK (its MiniBrowser, driven through
WebKitWebDriver by Selenium) on a virtual screen of a phone's size (Debian's Xvfb).

WebKitGTK has no phone emulation: the browser runs full screen, its window set to a 390×844 screen's size, so the
page is 390×844 CSS pixels as on an iPhone; ``--dark-mode`` makes it dark. Each phone is a browser of its own (its own cookies and
storage).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.remote_connection import RemoteConnection
from selenium.webdriver.support.ui import Select
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

from support.browsers.phone import PATIENCE, Phone

MINIBROWSER: Final = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
WEBDRIVER: Final = "WebKitWebDriver"
XVFB: Final = "Xvfb"
#: The screen: a phone's, so that the full-screen browser's page is the phone's size.
SCREEN_WIDTH: Final = 390
SCREEN_HEIGHT: Final = 844
SCREEN: Final = f"{SCREEN_WIDTH}x{SCREEN_HEIGHT}x24"
#: Where the engine's packages come from, for the message when one is missing.
PACKAGES: Final = "`apt-get install -y webkit2gtk-driver xvfb` (or run `make test`, which does)"


def missing() -> str | None:
    """What of WebKitGTK's test set-up this machine lacks, or None."""
    for program in (WEBDRIVER, XVFB):
        if shutil.which(program) is None:
            return f"{program} is missing: {PACKAGES}"
    if not os.access(MINIBROWSER, os.X_OK):
        return f"WebKitGTK's MiniBrowser is missing at {MINIBROWSER}: {PACKAGES}"
    return None


@dataclass
class VirtualScreen:
    """An Xvfb server of a phone's size; ``display`` is its name (``:5``)."""

    process: subprocess.Popen[bytes]
    display: str

    @classmethod
    def start(cls) -> VirtualScreen:
        """Start Xvfb on a display number it finds free itself (``-displayfd``)."""
        reading, writing = os.pipe()
        process = subprocess.Popen(
            [XVFB, "-displayfd", str(writing), "-screen", "0", SCREEN, "-nolisten", "tcp"],
            pass_fds=(writing,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(writing)
        with os.fdopen(reading) as said:
            number = said.readline().strip()
        if not number.isdigit():
            process.kill()
            pytest.fail(f"Xvfb did not start (it said {number!r})", pytrace=False)
        return cls(process, f":{number}")

    def stop(self) -> None:
        """Stop the server."""
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class WebKitPhone(Phone):
    """A WebKit phone: its own MiniBrowser, full screen on the virtual screen."""

    engine = "webkit"

    def __init__(self, screen: VirtualScreen, base_url: str, dark: bool = False, log: Path | None = None) -> None:
        super().__init__(base_url, dark)
        options = Options()
        options.binary_location = str(MINIBROWSER)
        for argument in ("--automation", "--full-screen", *(["--dark-mode"] if dark else [])):
            options.add_argument(argument)
        service = Service(
            executable_path=shutil.which(WEBDRIVER),
            env={**os.environ, "DISPLAY": screen.display},
            log_output=str(log) if log else subprocess.DEVNULL,
        )
        # WebKitWebDriver started here, and a session of it made with a client set up as Selenium asks today
        # (webdriver.WebKitGTK still sets it up the way Selenium warns against).
        service.start()
        self.service = service
        try:
            connection = RemoteConnection(client_config=ClientConfig(remote_server_addr=service.service_url))
            self.driver = webdriver.Remote(command_executor=connection, options=options)
        except Exception:
            service.stop()
            raise
        self.driver.set_script_timeout(PATIENCE)
        self.driver.set_page_load_timeout(PATIENCE * 3)
        # The window the screen's size: full screen, the page is then the phone's (its toolbar hidden).
        self.driver.set_window_rect(x=0, y=0, width=SCREEN_WIDTH, height=SCREEN_HEIGHT)
        self.wait(
            "(width, height) => innerWidth === width && innerHeight === height",
            SCREEN_WIDTH,
            SCREEN_HEIGHT,
            why="the page the phone's size",
        )

    def load(self, url: str) -> None:
        """Open ``url`` and wait for its load event."""
        self.driver.get(url)

    @property
    def url(self) -> str:
        """The address shown."""
        return str(self.driver.current_url)

    def call(self, function: str, args: list[Any]) -> Any:
        """Run ``function`` with ``args`` in the page (WebDriver awaits a promise it returns)."""
        return self.driver.execute_script(f"return ({function})(...arguments);", *args)

    def click(self, selector: str) -> None:
        """WebDriver's click: scrolled into view, refused if something else lies over the element's middle."""
        self.driver.find_element("css selector", selector).click()

    def fill(self, selector: str, text: str) -> None:
        """Clear the field, then type ``text`` key by key."""
        field = self.driver.find_element("css selector", selector)
        field.clear()
        # A new line is the Return key: WebKitWebDriver types "\n" (Enter) as nothing in a text area.
        field.send_keys(text.replace("\n", Keys.RETURN))

    def pick(self, selector: str, value: str) -> None:
        """Choose the option ``value``."""
        Select(self.driver.find_element("css selector", selector)).select_by_value(value)

    def reload(self) -> None:
        """Load the page again."""
        self.driver.refresh()

    def screenshot(self, path: Path) -> None:
        """What the screen shows."""
        self.driver.save_screenshot(str(path))

    def close(self) -> None:
        """Quit the browser and its WebKitWebDriver."""
        with contextlib.suppress(WebDriverException):  # already gone
            self.driver.quit()
        self.service.stop()
