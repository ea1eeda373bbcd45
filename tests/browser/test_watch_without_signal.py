"""Watching without signal: a poll that gets no answer (the phone offline, the server stopped) never shows the
browser's error page; the watchers' page says «Sin conexión, reintentando…» and when it last heard from the server,
in the phone's language, and carries on; when the server answers again the note goes and the sheet catches up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Flask
from playwright.sync_api import Page, Request, expect

from scorekeeper.engine import HandRecord, trump_code
from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import Hand, utcnow
from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneFactory

    from support.lan_server import LanServer

FOUR = ("Ana", "Bea", "Ciro", "Dani")
NOTE_MS = 8_000  # polls every 2 s: a lost connection shows within this
RETRY_AT_MOST_MS = 15_000  # and, without an answer, asks again less and less often, up to every 15 s
BACK_MS = 20_000  # a server back shows within this
ROWS = "#hoja .sheet-compact tbody tr"


def is_poll(request: Request) -> bool:
    """The watchers' page asking for its live part."""
    return "/ver/" in request.url


def save_hand(app: Flask, token: str, number: int, record: HandRecord) -> None:
    """Store hand ``number`` as saved, as another phone at the table would (a new version of the game)."""
    with app.app_context():
        game = store.find_game(token, lock=True)
        assert game is not None
        game.hands.append(
            Hand(
                number=number,
                trump=trump_code(record.trump),
                auction=None,
                bids=list(record.bids),
                tricks=list(record.tricks),
                renuncios=[0] * len(record.bids),
                complete=True,
                completed_at=utcnow(),
            )
        )
        game.version += 1
        db.session.commit()


def open_watcher(make_lan_phone: PhoneFactory, watch: str, **options: str) -> tuple[Page, list[str]]:
    """A watcher's phone on the network's address; the addresses its page was drawn at (an error page would show)."""
    watcher = make_lan_phone(**options)
    watcher.clock.install()  # its time runs on as ever, and a test may move it to the next retry at once
    drawn: list[str] = []
    watcher.on("framenavigated", lambda frame: drawn.append(frame.url) if frame.parent_frame is None else None)
    watcher.goto(f"/ver/{watch}")
    watcher.evaluate("() => { window.pochaSamePage = true; }")
    return watcher, drawn


def expect_same_page(watcher: Page, drawn: list[str], watch: str) -> None:
    """The page was never left: no reload, no error page."""
    assert watcher.evaluate("() => window.pochaSamePage === true"), "the page was left"
    assert len(drawn) == 1 and drawn[0].endswith(f"/ver/{watch}"), drawn


def test_offline_the_watchers_page_says_so_and_catches_up_when_back(
    make_lan_phone: PhoneFactory, lan_server: LanServer
) -> None:
    records = classic_game(4)
    token, watch = store_game(lan_server.app, FOUR, records[:3])
    watcher, drawn = open_watcher(make_lan_phone, watch)
    note = watcher.locator("#conexion")
    expect(watcher.locator(ROWS)).to_have_count(3)
    expect(note).not_to_have_class("offline-note shown")
    assert note.bounding_box() is None or note.bounding_box()["height"] == 0  # type: ignore[index]

    watcher.context.set_offline(True)
    expect(note.get_by_role("status")).to_have_text("Sin conexión, reintentando…", timeout=NOTE_MS)
    expect(note.get_by_role("status")).to_have_attribute("aria-live", "polite")
    expect(note.locator(".connection-age")).to_have_text("Actualizado hace menos de un minuto")
    expect(note).to_be_visible()
    save_hand(lan_server.app, token, 4, records[3])  # meanwhile the table saves a hand
    with watcher.expect_event("requestfailed", is_poll, timeout=NOTE_MS):
        pass  # asks again, and again gets nothing
    expect(note.get_by_role("status")).to_have_text("Sin conexión, reintentando…")
    expect(watcher.locator(ROWS)).to_have_count(3)
    tap = watcher.locator("#en-directo").get_by_role("link", name="Actualizar")
    with watcher.expect_event("requestfailed", is_poll):
        tap.tap()  # asks again in place: no error page
    expect_same_page(watcher, drawn, watch)

    watcher.context.set_offline(False)  # the phone says it is online: it asks at once
    expect(watcher.locator(ROWS)).to_have_count(4, timeout=NOTE_MS)
    expect(note).not_to_have_class("offline-note shown")
    expect(note.get_by_role("status")).to_have_text("")
    expect(note.locator(".connection-age")).to_have_text("")
    expect_same_page(watcher, drawn, watch)


def test_with_the_server_stopped_the_note_shows_in_english_and_goes_when_it_is_back(
    make_lan_phone: PhoneFactory, lan_server: LanServer
) -> None:
    records = classic_game(4)
    token, watch = store_game(lan_server.app, FOUR, records[:3])
    watcher, drawn = open_watcher(make_lan_phone, watch, locale="en-GB")
    note = watcher.locator("#conexion")
    expect(watcher.locator(ROWS)).to_have_count(3)

    lan_server.stop()  # the laptop sleeps
    expect(note.get_by_role("status")).to_have_text("No connection, trying again…", timeout=NOTE_MS)
    expect(note.locator(".connection-age")).to_have_text("Updated less than a minute ago")
    save_hand(lan_server.app, token, 4, records[3])
    with watcher.expect_event("requestfailed", is_poll, timeout=NOTE_MS):
        pass  # asks again, and again gets nothing
    expect_same_page(watcher, drawn, watch)

    lan_server.start()  # and wakes up: the next retry finds it
    watcher.clock.fast_forward(RETRY_AT_MOST_MS)  # the page's wait for that retry, over at once
    expect(watcher.locator(ROWS)).to_have_count(4, timeout=BACK_MS)
    expect(note.get_by_role("status")).to_have_text("")
    expect(note).not_to_have_class("offline-note shown")
    expect_same_page(watcher, drawn, watch)


def test_the_note_says_how_long_ago_then_at_what_time(make_lan_phone: PhoneFactory, lan_server: LanServer) -> None:
    _token, watch = store_game(lan_server.app, FOUR, classic_game(4)[:3])
    watcher = make_lan_phone()
    watcher.clock.install()
    watcher.goto(f"/ver/{watch}")
    heard = watcher.evaluate("() => Date.now()")
    note = watcher.locator("#conexion")
    watcher.context.set_offline(True)
    watcher.clock.run_for(2_500)  # the next poll: no answer
    expect(note.get_by_role("status")).to_have_text("Sin conexión, reintentando…")
    watcher.clock.run_for("02:05")
    expect(note.locator(".connection-age")).to_have_text("Actualizado hace 2 min")
    watcher.clock.run_for("01:00:00")
    time = watcher.evaluate(
        "(heard) => new Date(heard).toLocaleTimeString('es', { hour: '2-digit', minute: '2-digit' })", heard
    )
    expect(note.locator(".connection-age")).to_have_text(f"Actualizado a las {time}")
