"""A phone in Chromium (Debian's, driven by Playwright): a context of its own in the browser the test worker started,
390×844, a touch screen, taps as touches. Its requests are not routed through Playwright, which would turn the
browser's cache off: a phone's cache keeps the files a page asked for ahead (the browser's flags keep it off the
rest of the network)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from support.browsers.phone import PATIENCE, Phone

#: The phone's settings, as every Chromium phone in the tests.
PHONE_SIZE = {"width": 390, "height": 844}


class ChromiumPhone(Phone):
    """A Chromium phone; ``page`` is its Playwright page, for what only Chromium's tests do."""

    engine = "chromium"

    def __init__(self, browser: Browser, base_url: str, dark: bool = False) -> None:
        super().__init__(base_url, dark)
        self.context: BrowserContext = browser.new_context(
            viewport=PHONE_SIZE,
            screen=PHONE_SIZE,
            device_scale_factor=3,
            is_mobile=True,
            has_touch=True,
            locale="es-ES",
            color_scheme="dark" if dark else "light",
        )
        self.page: Page = self.context.new_page()
        self.page.set_default_timeout(PATIENCE * 1000)

    def load(self, url: str) -> None:
        """Open ``url`` and wait for its load event."""
        self.page.goto(url)

    @property
    def url(self) -> str:
        """The address shown."""
        return self.page.url

    def call(self, function: str, args: list[Any]) -> Any:
        """Run ``function`` with ``args`` in the page."""
        return self.page.evaluate(f"(args) => ({function})(...args)", args)

    def click(self, selector: str) -> None:
        """A touch on the element."""
        self.page.locator(selector).tap()

    def fill(self, selector: str, text: str) -> None:
        """Type ``text`` in place of what the field held."""
        field = self.page.locator(selector)
        field.fill("")
        field.press_sequentially(text)

    def pick(self, selector: str, value: str) -> None:
        """Choose the option ``value``."""
        self.page.locator(selector).select_option(value)

    def reload(self) -> None:
        """Load the page again."""
        self.page.reload()

    def screenshot(self, path: Path) -> None:
        """What the screen shows."""
        self.page.screenshot(path=str(path))

    def close(self) -> None:
        """Close the phone's context."""
        self.context.close()
