"""A phone at the table in any browser engine: the few things a test does with a page (open an address, run a
function in it, tap, type, choose), the same in Chromium, WebKit and Firefox, and what is built on them.

Each engine gives the primitives (``chromium.py``, ``webkit.py``, ``firefox.py``); everything a test asks beyond them
is written here once, in terms of them, so a journey reads the same in every engine:

    phone.open("/partidas/nueva")
    phone.type("#names-0", "Ana")
    phone.tap_to_load("button", text="Empezar la partida")
    phone.wait("() => !!document.querySelector('#mano')")
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

#: Seconds a phone waits for what a test expects before the test fails.
PATIENCE: Final = 10.0
#: Seconds between two looks while waiting.
LOOK_EVERY: Final = 0.03

#: Marks the one element a tap is for (``data-phone-target``), found by CSS and, if given, its words: the visible
#: text, else its aria-label or value, blanks squeezed. Returns how many matched.
MARK_TARGET: Final = """(selector, words, mark) => {
  for (const old of document.querySelectorAll('[data-phone-target]')) old.removeAttribute('data-phone-target');
  const said = el => (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim()
    || (el.getAttribute('aria-label') || el.value || '').replace(/\\s+/g, ' ').trim();
  const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const found = [...document.querySelectorAll(selector)].filter(el => words === null || said(el) === words);
  const visible = found.filter(shown);
  const target = visible[0] || found[0];
  if (target) target.setAttribute('data-phone-target', mark);
  return visible.length || found.length;
}"""

#: Before a tap that loads a new page: the window is marked, so the page after it is told from this one.
MARK_WINDOW: Final = "() => { window.phoneBeforeTap = true; }"
#: A new page, loaded: the mark is gone and the document is whole.
NEW_PAGE_LOADED: Final = "() => window.phoneBeforeTap !== true && document.readyState === 'complete'"


class PhoneError(AssertionError):
    """A phone could not do what the test asked (nothing to tap, a wait that never ended)."""


class Phone(ABC):
    """One phone: a page of its own (its own cookies and storage) in one engine, 390×844, light or dark."""

    #: "chromium", "webkit" or "firefox".
    engine: str = ""

    def __init__(self, base_url: str, dark: bool = False) -> None:
        self.base_url = base_url.rstrip("/")
        self.dark = dark

    # --- what each engine does its own way ---------------------------------------------------------

    @abstractmethod
    def load(self, url: str) -> None:
        """Open ``url`` (a whole address) and wait until it has loaded."""

    @property
    @abstractmethod
    def url(self) -> str:
        """The address the phone shows."""

    @abstractmethod
    def call(self, function: str, args: list[Any]) -> Any:
        """Run the JavaScript ``function`` (its source) in the page with ``args``; its result (a promise awaited), as
        JSON gives it."""

    @abstractmethod
    def click(self, selector: str) -> None:
        """A finger's tap on the element ``selector`` names (scrolled into view first), as the engine's input does."""

    @abstractmethod
    def fill(self, selector: str, text: str) -> None:
        """Type ``text`` into the field ``selector`` names, in place of what it held, key by key."""

    @abstractmethod
    def pick(self, selector: str, value: str) -> None:
        """Choose the option of value ``value`` in the list ``selector`` names."""

    @abstractmethod
    def reload(self) -> None:
        """Load the page again and wait until it has loaded."""

    @abstractmethod
    def screenshot(self, path: Path) -> None:
        """Save what the screen shows as a PNG at ``path``."""

    @abstractmethod
    def close(self) -> None:
        """Put the phone away."""

    # --- built on those, the same in every engine ----------------------------------------------------

    def address(self, path: str) -> str:
        """The whole address of ``path`` on the phone's server (a whole address, or ``about:blank``, as it is)."""
        return path if urlsplit(path).scheme else self.base_url + path

    def open(self, path: str) -> None:
        """Open ``path`` on the phone's server (or a whole address)."""
        self.load(self.address(path))

    @property
    def path(self) -> str:
        """The address shown, without the server's part."""
        return self.url.removeprefix(self.base_url)

    def run(self, function: str, *args: Any) -> Any:
        """Run ``function`` (JavaScript source: ``"(a, b) => a + b"``) with ``args`` in the page; its result."""
        return self.call(function, list(args))

    def look(self, function: str, *args: Any) -> Any:
        """``run``, but ``None`` while the page is between documents (a look made as it loads)."""
        try:
            return self.call(function, list(args))
        except Exception:  # a document going or coming: no page to ask yet
            return None

    def wait(self, function: str, *args: Any, timeout: float = PATIENCE, why: str = "") -> Any:
        """Look with ``function`` until it gives something true (within ``timeout`` seconds); that is returned."""
        deadline = time.monotonic() + timeout
        while True:
            seen = self.look(function, *args)
            if seen:
                return seen
            if time.monotonic() > deadline:
                raise PhoneError(f"{self.engine}: waited {timeout:.0f} s for {why or function} at {self.url}")
            time.sleep(LOOK_EVERY)

    def count(self, selector: str) -> int:
        """How many elements ``selector`` finds."""
        return int(self.run("(s) => document.querySelectorAll(s).length", selector))

    def text(self, selector: str) -> str:
        """The visible text of the first element ``selector`` finds, blanks squeezed ('' if there is none)."""
        said = self.run(
            "(s) => { const el = document.querySelector(s); return el ? (el.innerText || el.textContent) : ''; }",
            selector,
        )
        return " ".join(str(said).split())

    def texts(self, selector: str) -> list[str]:
        """The visible text of every element ``selector`` finds, blanks squeezed."""
        said = self.run("(s) => [...document.querySelectorAll(s)].map(el => el.innerText || el.textContent)", selector)
        return [" ".join(str(text).split()) for text in said]

    def shows(self, selector: str, words: str | None = None) -> bool:
        """Whether an element ``selector`` finds is on the page and visible (and says ``words``, if given)."""
        return bool(
            self.run(
                """(selector, words) => [...document.querySelectorAll(selector)].some(el =>
                     el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' &&
                     (words === null || (el.innerText || el.textContent).replace(/\\s+/g, ' ').trim() === words))""",
                selector,
                words,
            )
        )

    def wait_for_text(self, selector: str, words: str, timeout: float = PATIENCE) -> None:
        """Wait until the first element ``selector`` finds says ``words`` (blanks squeezed)."""
        self.wait(
            """(selector, words) => { const el = document.querySelector(selector);
                 return !!el && (el.innerText || el.textContent).replace(/\\s+/g, ' ').trim() === words; }""",
            selector,
            words,
            timeout=timeout,
            why=f"{selector} to say «{words}» (it says «{self.look_text(selector)}»)",
        )

    def look_text(self, selector: str) -> str:
        """``text``, or '' while the page is between documents."""
        try:
            return self.text(selector)
        except Exception:  # a document going or coming
            return ""

    def target(self, selector: str, text: str | None = None) -> str:
        """A selector for the one element ``selector`` finds that says ``text`` (the first visible one)."""
        mark = f"t{time.monotonic_ns()}"
        found = self.wait(MARK_TARGET, selector, text, mark, why=f"{selector} saying «{text}»")
        assert found, (selector, text)
        return f'[data-phone-target="{mark}"]'

    def tap(self, selector: str, text: str | None = None) -> None:
        """Tap the element ``selector`` finds (the one that says ``text``, if given)."""
        self.click(self.target(selector, text))

    def tap_to_load(self, selector: str, text: str | None = None, timeout: float = PATIENCE) -> None:
        """Tap what ``selector`` (and ``text``) finds and wait for the page it loads."""
        where = self.target(selector, text)
        self.run(MARK_WINDOW)
        self.click(where)
        self.wait(NEW_PAGE_LOADED, timeout=timeout, why=f"the page after a tap on {selector} «{text}»")

    def type(self, selector: str, text: str) -> None:
        """Type ``text`` in the field ``selector`` finds, in place of what it held."""
        self.fill(self.target(selector), text)

    def choose(self, selector: str, value: str) -> None:
        """Choose ``value`` in the list ``selector`` finds."""
        self.pick(self.target(selector), value)

    def local_storage(self, key: str) -> Any:
        """What the page's ``localStorage`` keeps under ``key``, read as JSON (``None`` if nothing)."""
        kept = self.run("(key) => window.localStorage.getItem(key)", key)
        return json.loads(kept) if kept is not None else None

    def __repr__(self) -> str:
        return f"<{self.engine} phone at {self.url}>"
