"""A phone in Firefox: Debian's firefox-esr, headless, over WebDriver BiDi. There is no geckodriver for Linux in
Debian or on PyPI; puppeteer-core (npm, package.json) speaks BiDi to Firefox itself, so a small Node.js program,
``firefox_bridge.mjs``, holds the browser and takes the test's requests one line of JSON at a time."""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path
from typing import IO, Any, Final

import pytest

from support.browsers.phone import PATIENCE, Phone, PhoneError

FIREFOX: Final = Path("/usr/bin/firefox-esr")
BRIDGE: Final = Path(__file__).with_name("firefox_bridge.mjs")
#: Where puppeteer-core is installed (``npm ci``, package.json): the project's node_modules.
NODE_MODULES: Final = Path(__file__).resolve().parents[3] / "node_modules"
#: Seconds the bridge may take to answer a request (a page load included) before the test fails.
ANSWER_WITHIN: Final = 60.0


def missing() -> str | None:
    """What of Firefox's test set-up this machine lacks, or None."""
    if not os.access(FIREFOX, os.X_OK):
        return f"Firefox is missing at {FIREFOX}: `apt-get install -y firefox-esr` (or run `make test`, which does)"
    if shutil.which("node") is None:
        return "node is missing: `apt-get install -y nodejs` (or run `make test`, which does)"
    if not (NODE_MODULES / "puppeteer-core").is_dir():
        return "puppeteer-core is missing from node_modules: run `npm ci` (or `make test`, which does)"
    return None


class FirefoxBridge:
    """The Node.js program that holds Firefox: ``ask(op, ...)`` sends one request and returns its answer."""

    def __init__(self, log: Path) -> None:
        self.log = log
        with log.open("ab") as written:
            self.process = subprocess.Popen(
                ["node", str(BRIDGE), str(FIREFOX)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=written,
                cwd=NODE_MODULES.parent,
            )
        self.asked = 0
        self.answers: IO[bytes] = self.process.stdout  # type: ignore[assignment]
        ready = self.read_answer(0, ANSWER_WITHIN)
        assert ready == "ready", ready

    def ask(self, op: str, timeout: float = ANSWER_WITHIN, **request: Any) -> Any:
        """Send ``op`` with ``request``; the bridge's answer (a failure raises ``PhoneError``)."""
        self.asked += 1
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"id": self.asked, "op": op, **request}).encode() + b"\n")
        self.process.stdin.flush()
        return self.read_answer(self.asked, timeout)

    def read_answer(self, number: int, timeout: float) -> Any:
        """The answer to request ``number``."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.answers], [], [], left)[0]:
                raise PhoneError(f"firefox: no answer to request {number} within {timeout:.0f} s\n{self.log_tail()}")
            line = self.answers.readline()
            if not line:
                raise PhoneError(f"firefox: the bridge ended\n{self.log_tail()}")
            said = json.loads(line)
            if said.get("id") != number:
                continue  # the answer to a request given up on
            if "error" in said:
                raise PhoneError(f"firefox: {said['error']}")
            return said["value"]

    def log_tail(self) -> str:
        """The end of what the bridge and Firefox wrote."""
        try:
            return self.log.read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def close(self) -> None:
        """Close Firefox and end the bridge."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.answers.close()


def start_bridge(log: Path) -> FirefoxBridge:
    """The bridge, started; the test fails (never skips) if Firefox or puppeteer-core is missing."""
    lacking = missing()
    if lacking:
        pytest.fail(lacking + ". Browser tests never skip.", pytrace=False)
    return FirefoxBridge(log)


class FirefoxPhone(Phone):
    """A Firefox phone: a browser context of its own, 390×844."""

    engine = "firefox"

    def __init__(self, bridge: FirefoxBridge, base_url: str, dark: bool = False) -> None:
        super().__init__(base_url, dark)
        self.bridge = bridge
        self.id = bridge.ask("open", dark=dark, width=390, height=844)

    def ask(self, op: str, **request: Any) -> Any:
        """Ask the bridge ``op`` for this phone."""
        return self.bridge.ask(op, phone=self.id, **request)

    def load(self, url: str) -> None:
        """Open ``url`` and wait for its load event."""
        self.ask("goto", url=url)

    @property
    def url(self) -> str:
        """The address shown."""
        return str(self.ask("url"))

    def call(self, function: str, args: list[Any]) -> Any:
        """Run ``function`` with ``args`` in the page."""
        return self.ask("call", source=function, args=args)

    def click(self, selector: str) -> None:
        """A click through BiDi's input actions, once the element is visible, enabled and still."""
        self.ask("click", selector=selector)

    def fill(self, selector: str, text: str) -> None:
        """Empty the field, then type ``text`` key by key."""
        self.ask("fill", selector=selector, text=text)

    def pick(self, selector: str, value: str) -> None:
        """Choose the option ``value``."""
        self.ask("pick", selector=selector, value=value)

    def reload(self) -> None:
        """Load the page again."""
        self.ask("reload")

    def screenshot(self, path: Path) -> None:
        """What the screen shows."""
        self.ask("screenshot", path=str(path))

    def script_errors(self) -> list[str]:
        """The page's uncaught script errors so far."""
        return list(self.ask("errors"))

    def close(self) -> None:
        """Close the phone's context."""
        with contextlib.suppress(PhoneError):  # the bridge is gone already
            self.ask("close", timeout=PATIENCE)
