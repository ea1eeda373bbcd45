"""Phones in the three browser engines a table brings: Chromium (Android's Chrome), WebKit (every browser on an
iPhone) and Gecko (Firefox). Most browser tests drive Chromium through Playwright; a journey that must hold on every
phone says so, and runs once in each engine with the same steps (``phone.py``):

    @in_browsers()                      # Chromium, WebKit and Firefox
    def test_a_game(phones):
        phone = phones.open(server.url)

    @in_browsers("webkit", "firefox")   # only some
"""

from __future__ import annotations

from typing import Final

import pytest

#: Every engine, in the order a test runs in them.
ENGINES: Final = ("chromium", "webkit", "firefox")


def in_browsers(*engines: str) -> pytest.MarkDecorator:
    """Run the test once in each of ``engines`` (every engine if none is named): its ``engine`` fixture says which,
    and its ``phones`` open phones of that engine.

    The WebKit and Firefox runs each go to one test worker (``xdist_group``): the browser, or its screen, is started
    there once, not by every worker; Chromium runs anywhere, its browser started by every worker anyway."""
    unknown = set(engines) - set(ENGINES)
    assert not unknown, f"no such engine: {unknown}"
    runs = [
        pytest.param(engine, marks=() if engine == "chromium" else (pytest.mark.xdist_group(engine),))
        for engine in engines or ENGINES
    ]
    return pytest.mark.parametrize("engine", runs, indirect=True)
