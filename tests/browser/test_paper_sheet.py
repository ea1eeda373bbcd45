"""«Ver como en papel» on a phone: the sheet as on paper is asked for when the box is opened (no page carries it), over
the table's Wi-Fi (plain HTTP) and on this computer; without signal the print link stays and a line says why; a
watcher reading it keeps it open while the game goes on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Page, expect

from scorekeeper.engine import score_sheet
from scorekeeper.extensions import db
from scorekeeper.storage import store
from support.lan_server import LanServer
from support.paper_games import CLASSIC, classic_game, store_game, stored_hand, with_renuncio
from support.phones_offline import PhoneAtTable, open_phone

if TYPE_CHECKING:
    from flask import Flask
    from tests.browser.conftest import LiveServer

NAMES = ("Íñigo", "Bea", "Carlos", "Dani")
RECORDS = with_renuncio(classic_game(4), 3, 1)[:6]
NEXT = classic_game(4)[len(RECORDS)]  # the hand saved while a watcher reads the sheet


def totals_shown(page: Page) -> list[int]:
    """The running totals on the last row of the sheet as on paper."""
    cells = page.locator("#hoja-papel .sheet-paper tbody tr:last-child td.total").all_text_contents()
    return [int(cell) for cell in cells]


def opened(served: LanServer | LiveServer, chromium: Browser, address: str) -> PhoneAtTable:
    """A phone at ``address`` (its requests reach only the server), the sheet as on paper not asked for yet."""
    phone = open_phone(chromium, served.url, routed=not isinstance(served, LanServer))
    phone.page.goto(address)
    expect(phone.page.locator("#hoja .sheet-compact")).to_be_visible()
    assert phone.page.locator(".sheet-paper").count() == 0, "the page does not carry it"
    return phone


def test_the_paper_sheet_comes_when_opened(chromium: Browser, served: LanServer | LiveServer) -> None:
    token, watch = store_game(served.app, NAMES, RECORDS)
    expected = list(score_sheet(CLASSIC, NAMES, 0, RECORDS).totals)
    for address in (f"/p/{token}", f"/ver/{watch}"):
        phone = opened(served, chromium, address)
        page = phone.page
        page.get_by_text("Ver como en papel").tap()
        expect(page.locator("#hoja-papel .sheet-paper tbody tr")).to_have_count(len(RECORDS))
        assert totals_shown(page) == expected
        expect(page.locator("#hoja-papel .sheet-paper .penalty")).to_have_count(1)
        expect(page.locator("#hoja .sheet-compact")).to_be_hidden()
        expect(page.locator("#hoja-papel [data-paper]")).to_have_count(0)
        page.get_by_text("Volver a una columna por jugador").tap()
        expect(page.locator("#hoja .sheet-compact")).to_be_visible()
        assert phone.script_errors == [] and phone.error_pages == []
        phone.context.close()


def test_without_signal_the_print_link_stays_and_a_line_says_why(
    chromium: Browser, served: LanServer | LiveServer
) -> None:
    token, _watch = store_game(served.app, NAMES, RECORDS)
    phone = opened(served, chromium, f"/p/{token}")
    page = phone.page
    note = page.get_by_text("La hoja como en papel llegará con la conexión.")
    expect(note).to_be_hidden()
    phone.context.set_offline(True)
    page.get_by_text("Ver como en papel").tap()
    expect(note).to_be_visible()
    link = page.get_by_role("link", name="Abrir la hoja para imprimir")
    expect(link).to_be_visible()
    assert link.get_attribute("href") == f"/p/{token}/imprimir"
    assert page.locator(".sheet-paper").count() == 0
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44, "a finger's target"

    phone.context.set_offline(False)  # closed and opened again with signal: it comes
    page.get_by_text("Volver a una columna por jugador").tap()
    page.get_by_text("Ver como en papel").tap()
    expect(page.locator("#hoja-papel .sheet-paper tbody tr")).to_have_count(len(RECORDS))
    expect(note).to_have_count(0)
    assert phone.script_errors == [] and phone.error_pages == []
    phone.context.close()


def save_a_hand(app: Flask, token: str) -> None:
    """Store the game's next hand as a scorekeeper's phone would, its version on by one."""
    with app.app_context():
        game = store.find_game(token)
        assert game is not None
        game.hands.append(stored_hand(len(RECORDS) + 1, NEXT))
        game.version += 1
        db.session.commit()


def test_a_watcher_reading_the_paper_sheet_keeps_it_open_as_the_game_goes_on(
    chromium: Browser, live_server: LiveServer
) -> None:
    token, watch = store_game(live_server.app, NAMES, RECORDS)
    phone = opened(live_server, chromium, f"/ver/{watch}")
    page = phone.page
    page.get_by_text("Ver como en papel").tap()
    rows = page.locator("#hoja-papel .sheet-paper tbody tr")
    expect(rows).to_have_count(len(RECORDS))
    page.evaluate("() => { window.pochaSamePage = true; }")

    save_a_hand(live_server.app, token)
    expect(page.locator("#hoja .sheet-compact tbody tr")).to_have_count(len(RECORDS) + 1, timeout=10_000)
    expect(rows).to_have_count(len(RECORDS) + 1)  # the live part came: the box open again, the sheet asked again
    expect(page.locator("#hoja-papel")).to_have_attribute("open", "")
    expect(page.locator("#hoja .sheet-compact")).to_be_hidden()
    expected = list(score_sheet(CLASSIC, NAMES, 0, (*RECORDS, NEXT)).totals)
    assert totals_shown(page) == expected
    assert page.evaluate("() => window.pochaSamePage === true"), "put in place, not reloaded"
    assert phone.script_errors == [] and phone.error_pages == []
    phone.context.close()
