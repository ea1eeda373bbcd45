"""The watchers' page on a phone of every engine, following a game another phone keeps: each tap shows within a few
seconds with no reload, the saved hand's totals as the engine scores them. Where the service worker runs
(localhost), the first visit is kept: reloaded with the server gone, the page comes from the phone as it was first
seen, says it has no connection, and catches up by itself once the server is back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.engine import HandRecord, Suit, preset_rules, score_sheet
from support.browsers import in_browsers
from support.server import Phone as HttpPhone
from support.server import read_game
from support.words import say

if TYPE_CHECKING:
    from support.lan_server import LanServer

    from .conftest import Phones

NAMES = ("Ana", "Bea", "Ciro")
RULES = preset_rules("a_medida", custom_sizes=(1, 2))
#: Ana deals the first hand: Bea, Ciro, Ana bid; bids and tricks by seat.
BIDS, TRICKS = (1, 1, 0), (0, 1, 0)
ROWS = "#hoja .sheet-compact tbody tr"
#: Seconds a tap may take to show on the watchers' page: it asks every 2 s.
LIVE = 10
SAME_PAGE = "() => window.watchedAll === true"


@in_browsers()
def test_the_watchers_page_follows_the_game_and_keeps_its_first_visit(table_server: LanServer, phones: Phones) -> None:
    server = table_server
    database = server.app.config["SQLALCHEMY_DATABASE_URI"]
    keeper = HttpPhone(server.url)  # the scorekeeper's phone, tapping through the page's forms
    token = keeper.start_game(NAMES, 0, "a_medida", custom_sizes="1 2")
    watcher = phones.open(server.url)
    watcher.open(f"/ver/{read_game(database, token).watch_token}")
    watcher.run("() => { window.watchedAll = true; }")
    assert watcher.text("#hand-title").startswith(say("es", "Mano %(n)s de %(total)s", n=1, total=2))
    assert watcher.count("#mano form, #mano button") == 0, "the watchers' page takes no taps"

    keeper.tap_ok("pinta", value="C")
    watcher.wait(
        "(word) => document.querySelector('#mano .roles').textContent.includes(word)", say("es", "Copas"), timeout=LIVE
    )
    for seat in (1, 2, 0):
        keeper.tap_ok("apuesta", seat, BIDS[seat])
    for seat in (1, 2):
        keeper.tap_ok("bazas", seat, TRICKS[seat])
    keeper.tap_ok("guardar")
    watcher.wait(f"() => document.querySelectorAll('{ROWS}').length === 1", timeout=LIVE, why="the saved hand")
    record = HandRecord(bids=BIDS, tricks=TRICKS, trump=Suit.COPAS, renuncios=(0, 0, 0))
    expected = score_sheet(RULES, NAMES, 0, [record])
    shown = watcher.run(f"() => [...document.querySelectorAll('{ROWS} .total')].map(t => +t.textContent)")
    assert shown == list(expected.rows[0].totals)
    assert watcher.text("#hand-title").startswith(say("es", "Mano %(n)s de %(total)s", n=2, total=2))
    assert watcher.run(SAME_PAGE), "the watchers' page was loaded again"

    if not server.on_this_computer:
        return
    watcher.wait(
        "async (path) => !!navigator.serviceWorker.controller &&"
        " !!(await (await caches.open('pocha-game-pages')).match(location.origin + path))",
        watcher.path,
        why="the first visit kept by the service worker",
    )
    server.stop()
    watcher.reload()
    assert watcher.run("() => document.documentElement.hasAttribute('data-kept')"), "not the phone's copy"
    assert watcher.count(ROWS) == 0, "the copy kept is the first visit's"
    watcher.wait_for_text("#conexion [role=status]", say("es", "Sin conexión, reintentando…"))
    server.start()  # and the table plays the last hand: Bea deals, Ciro bids first
    keeper.tap_ok("pinta", value="O")
    for seat, bid in ((2, 1), (0, 0), (1, 0)):
        keeper.tap_ok("apuesta", seat, bid)
    for seat, tricks in ((2, 2), (0, 0)):
        keeper.tap_ok("bazas", seat, tricks)
    keeper.tap_ok("guardar")
    watcher.run("() => window.dispatchEvent(new Event('online'))")  # the phone's network is back
    watcher.wait(f"() => document.querySelectorAll('{ROWS}').length === 2", timeout=LIVE, why="the last hand")
    watcher.wait("() => !document.getElementById('conexion').classList.contains('shown')", why="the note gone")
