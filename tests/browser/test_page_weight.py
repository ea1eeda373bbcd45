"""Small on the wire: the first load of every page, measured in Chromium, is at most 30 KiB of (compressed) bodies in
at most 5 requests, all to Pocha itself; a second page takes the static files from the browser's cache.

A first load is what a phone with an empty cache asks for to show the page, redirects included,
until the network is quiet; the watchers' page's later polls are live updates, not the load. What the
page's script asks for ahead, to have it without signal (the page la revancha opens in, from a game's
last hand and its end: docs/offline.md), is not the page's load either: it is measured on its own,
and held to the same limit, as the first load of the page it is.
Run with ``-s`` to see the figures per page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from scorekeeper.plumbing.assets import IMMUTABLE
from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog

#: Compressed bodies, every page: the game page too, with a long game of eight on it, though it carries the phone's
#: copy of the rules, its outbox and its drawing (js/game.js, docs/offline.md). 30 KiB: the final page of eight,
#: the heaviest, is 30.1 KB since its script keeps taps waiting from being lost (docs/offline.md, «What a phone may
#: lose»).
MAX_BYTES = 30 * 1024
MAX_REQUESTS = 5
EIGHT = ("Íñigo", "Begoña", "Carlos", "Dani", "Elena", "Fermín", "Gloria", "Hugo")
LONG_GAME_HANDS = 28  # saved; the 29th is being played
HASHED_STATIC = re.compile(r"/static/.+\.[0-9a-f]{10}\.[a-z]+(\?for=[\w-]{22})?$")  # a page's own mark: ahead


@dataclass(frozen=True)
class Fetch:
    """One request of a page load: its address, status, encoded body and header sizes, and some headers."""

    url: str
    status: int
    body: int
    headers: int
    encoding: str
    cache_control: str
    ahead: bool  # asked for by the page's script (fetch), to have it later: not to show the page


@dataclass(frozen=True)
class Load:
    """The requests of one first load."""

    every: tuple[Fetch, ...]

    @property
    def fetches(self) -> tuple[Fetch, ...]:
        """The requests that show the page."""
        return tuple(fetch for fetch in self.every if not fetch.ahead)

    @property
    def ahead(self) -> tuple[Fetch, ...]:
        """The requests the page's script made ahead, to have them without signal."""
        return tuple(fetch for fetch in self.every if fetch.ahead)

    @property
    def body_bytes(self) -> int:
        """The bodies as they came over the wire (compressed)."""
        return sum(fetch.body for fetch in self.fetches)

    @property
    def ahead_bytes(self) -> int:
        """The bodies asked for ahead (compressed)."""
        return sum(fetch.body for fetch in self.ahead)

    @property
    def wire_bytes(self) -> int:
        """Bodies and response headers."""
        return sum(fetch.body + fetch.headers for fetch in self.fetches)


def first_load(phone: Page, address: str) -> Load:
    """Open ``address`` on a phone with an empty cache and note every request until the network is quiet."""
    seen: list[Request] = []

    def note(request: Request) -> None:
        seen.append(request)

    phone.on("requestfinished", note)
    phone.goto(address)
    phone.wait_for_load_state("networkidle")
    phone.remove_listener("requestfinished", note)
    fetches = []
    for request in seen:
        if request.url.endswith("/en-directo") or "/en-directo?" in request.url:
            continue  # the watchers' page asking for news: not part of the load
        response = request.response()
        assert response is not None, request.url
        sizes = request.sizes()
        headers = response.all_headers()
        fetches.append(
            Fetch(
                url=request.url,
                status=response.status,
                body=sizes["responseBodySize"],
                headers=sizes["responseHeadersSize"],
                encoding=headers.get("content-encoding", ""),
                cache_control=headers.get("cache-control", ""),
                # Fetched, or preloaded at an address of the page's own (made_shell.js): for later, not to show it.
                ahead=request.resource_type == "fetch" or "?for=" in request.url,
            )
        )
    return Load(tuple(fetches))


@pytest.fixture
def long_game(live_server: LiveServer) -> tuple[str, str]:
    """A classic game of eight players with 28 hands saved: the tokens of its two addresses."""
    return store_game(live_server.app, EIGHT, classic_game(8)[:LONG_GAME_HANDS])


@pytest.fixture
def long_finished_game(live_server: LiveServer) -> tuple[str, str]:
    """The same classic game of eight played to its end: the final page, with what the table takes home."""
    return store_game(live_server.app, EIGHT, classic_game(8))


PAGES = {
    "home": "/",
    "new game": "/partidas/nueva",
    "game (8 players, 28 hands)": "/p/{token}",
    "watch": "/ver/{watch}",
    "final page (8 players)": "/p/{done}",
    "watch, game over": "/ver/{done_watch}",
    "print": "/p/{token}/imprimir",
    "history": "/historial",
    "simulator": "/simulador",
    "play vs bots": "/simulador/jugar",
    "odds": "/simulador/cuantas",
    "referee": "/arbitro",
}


def test_every_first_load_is_small_few_requests_and_all_ours(
    make_phone: PhoneFactory,
    phone_log: PhoneLog,
    long_game: tuple[str, str],
    long_finished_game: tuple[str, str],
    live_server: LiveServer,
) -> None:
    token, watch = long_game
    done, done_watch = long_finished_game
    figures = []
    for name, address in PAGES.items():
        phone = make_phone()  # a new context: an empty cache
        load = first_load(phone, address.format(token=token, watch=watch, done=done, done_watch=done_watch))
        figures.append(
            f"{name:28} {len(load.fetches)} requests {load.body_bytes:6} B bodies {load.wire_bytes:6} B wire"
            + (f", and {len(load.ahead)} ahead {load.ahead_bytes:6} B" if load.ahead else "")
        )
        paths = [fetch.url.removeprefix(live_server.url) for fetch in load.fetches]
        assert len(load.fetches) <= MAX_REQUESTS, (name, paths)
        assert load.body_bytes <= MAX_BYTES, (name, load.fetches)
        assert load.ahead_bytes <= MAX_BYTES, (name, load.ahead)
        for fetch in load.every:
            assert fetch.status in (200, 302), (name, fetch)
            if fetch.status == 200 and fetch.body > 1000:
                assert fetch.encoding in ("gzip", "br"), (name, fetch)
            if "/static/" in fetch.url:
                assert HASHED_STATIC.search(fetch.url), (name, fetch.url)
                assert fetch.cache_control == IMMUTABLE, (name, fetch)
        phone.context.close()
    print("\nfirst loads (Chromium, empty cache):\n" + "\n".join(figures))
    assert phone_log.outside_requests() == []
    assert phone_log.errors == []


def test_the_print_page_asks_for_the_one_script(
    make_phone: PhoneFactory, long_game: tuple[str, str], live_server: LiveServer
) -> None:
    """The print page's button is a feature of the script every page asks for: its first load is the page, the two
    stylesheets and that script, and within five requests with the manifest (which Chromium asks for only when it
    offers to install the app)."""
    token, _watch = long_game
    phone = make_phone()
    load = first_load(phone, f"/p/{token}/imprimir")
    paths = [fetch.url.removeprefix(live_server.url) for fetch in load.fetches]
    scripts = [path for path in paths if path.endswith(".js")]
    assert len(scripts) == 1 and scripts[0].startswith("/static/js/pocha."), paths
    requests = len(paths) + ("/manifest.webmanifest" not in paths)
    print(f"\nprint page: {requests} requests with the manifest ({', '.join(paths)})")
    assert requests <= MAX_REQUESTS, paths
    expect(phone.get_by_role("button", name="Imprimir")).to_be_visible()  # shown by the one script


def test_the_game_page_is_far_smaller_compressed(make_phone: PhoneFactory, long_game: tuple[str, str]) -> None:
    token, _watch = long_game
    phone = make_phone()
    html = first_load(phone, f"/p/{token}").fetches[0]
    decoded = len(phone.content().encode())
    assert html.encoding in ("gzip", "br")
    assert html.body * 4 < decoded, (html.body, decoded)
    print(f"\ngame page: {decoded} B of HTML, {html.body} B on the wire ({html.encoding})")


def test_a_second_page_takes_the_static_files_from_the_cache(chromium: Browser, live_server: LiveServer) -> None:
    # A context of its own: the phones of conftest route every request, and a routed request skips the cache.
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, base_url=live_server.url
    )
    try:
        asked: list[str] = []
        context.on("request", lambda request: asked.append(request.url))
        phone = context.new_page()
        first = first_load(phone, "/")
        assert sum("/static/" in fetch.url for fetch in first.fetches) == 3, first.fetches
        phone.goto("/partidas/nueva")
        phone.wait_for_load_state("networkidle")
        static = phone.evaluate(
            """() => performance.getEntriesByType('resource')
                     .filter(e => e.name.includes('/static/'))
                     .map(e => [e.name, e.transferSize])"""
        )
        assert len(static) == 3 and all(size == 0 for _name, size in static), static  # from the cache: nothing sent
        assert all(url.startswith(live_server.url + "/") for url in asked), asked
    finally:
        context.close()
