"""Waiting on a phone's service worker (static/js/sw.js) in Chromium: until it serves the page, until it keeps a
game's page, until a question that answers with a promise says yes.

Playwright's ``wait_for_function`` does not wait for a promise: an ``async`` predicate gives a promise, which is
true at once, so it waits for nothing. ``until`` asks again and again, each answer awaited.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page

#: How long a phone's service worker may take to do what a test waits for, in seconds.
PATIENCE = 10.0
#: How often ``until`` asks again, in milliseconds.
ASK_EVERY_MS = 100


def until(page: Page, function: str, arg: Any = None, why: str = "", timeout: float = PATIENCE) -> Any:
    """Ask the page ``function`` (given ``arg``; it may answer with a promise) until it answers something true, which
    is returned; fail saying ``why`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        answer = page.evaluate(function, arg)
        if answer:
            return answer
        assert time.monotonic() < deadline, f"waited {timeout:.0f} s for {why or function}"
        page.wait_for_timeout(ASK_EVERY_MS)


def controlled(page: Page) -> None:
    """Wait until the service worker is active and serves this page."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def kept(page: Page, path: str) -> None:
    """Wait until the service worker keeps the game's page at ``path`` (its first visit's, fetched again)."""
    until(
        page,
        "(path) => caches.open('pocha-game-pages').then((cache) => cache.match(location.origin + path))"
        ".then((copy) => !!copy)",
        path,
        why=f"the service worker to keep {path}",
    )
