"""La revancha without the server (docs/offline.md): from the final page of a game kept on the phone, «Revancha» with no
server to answer opens la revancha's page on the phone (over plain HTTP, the page asked for ahead is drawn in place;
where the service worker runs, it gives it), with the first dealer one seat on and changeable; «Empezar» starts the
game on the phone, a hand is played, and when the server answers it holds the revancha once: the same players and
rules, the dealer chosen, every tap once, linked from the old game, with the schedule the phone played."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Browser, Page, expect
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from scorekeeper.engine import preset_rules, schedule
from scorekeeper.storage import store
from scorekeeper.storage.models import Game
from support.lan_server import LanServer
from support.paper_games import classic_game, store_game
from support.phones_offline import GAME_ADDRESS, PhoneAtTable, open_phone
from support.server import read_game
from support.service_worker import controlled, kept

if TYPE_CHECKING:
    from flask import Flask
    from tests.browser.conftest import LiveServer, TableFactory

NAMES = ("Ana", "Bea", "Ciro")
PRESET = "rapida"
BIDS, TRICKS = (1, 1, 0), (0, 1, 0)  # hand 1, one card: Bea bids it and takes it
TAPS = 7  # the trump, three bids, two players' tricks (the last filled in), save
REMATCH_PAGE = re.compile(r"/p/[A-Za-z0-9_-]{22}/revancha$")


def finished_game(app: Flask) -> str:
    """A quick game of ``NAMES`` played to its end, Ana dealing first: its scorekeeper's token."""
    token, _watch = store_game(app, NAMES, classic_game(3, rules=preset_rules(PRESET)), preset=PRESET)
    return token


def rematch_of(database_url: str, token: str) -> int | None:
    """The id of the revancha the database links game ``token`` to."""
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with Session(engine) as session:
            game = session.execute(select(Game).filter_by(edit_hash=store.token_hash(token))).scalar_one()
            return game.rematch_id
    finally:
        engine.dispose()


def game_id(database_url: str, token: str) -> int:
    """The id of game ``token``."""
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with Session(engine) as session:
            return session.execute(select(Game.id).filter_by(edit_hash=store.token_hash(token))).scalar_one()
    finally:
        engine.dispose()


def made_card(page: Page, token: str) -> Any:
    """The card the phone made for the game at ``token`` (its outbox)."""
    return page.evaluate("(key) => JSON.parse(localStorage.getItem(key)).card", f"pocha:outbox:/p/{token}")


def start_rematch(phone: PhoneAtTable, make_table: TableFactory, dealer: int) -> str:
    """On la revancha's page drawn by the phone, start it with seat ``dealer`` dealing first and play its first hand:
    the token of the address the phone made."""
    page = phone.page
    expect(page).to_have_url(REMATCH_PAGE)
    form = page.locator("#revancha-en-este-movil")
    expect(form).to_be_visible()
    expect(page.locator("#solo-en-este-movil")).to_be_hidden()
    expect(form.get_by_label("Bea")).to_be_checked()  # the seat after the old game's first dealer, Ana
    form.get_by_label(NAMES[dealer]).check()
    form.get_by_role("button", name="Empezar").click()
    expect(page).to_have_url(GAME_ADDRESS)
    found = GAME_ADDRESS.search(page.url)
    assert found is not None
    expect(page.locator("#solo-en-este-movil")).to_be_visible()
    expect(page.get_by_text(f"¡Revancha! Reparte {NAMES[dealer]}.")).to_be_visible()
    plan = schedule(3, dealer, preset_rules(PRESET))[0]
    make_table(page, answered=False).play_hand(1, NAMES, plan.bidding_order, "O", BIDS, TRICKS)
    return found.group(1)


def made_once(phone: PhoneAtTable, database: str, old: str, new: str, dealer: int, card: Any) -> None:
    """The server holds the revancha once, as the phone made and played it, linked from the old game."""
    page = phone.page
    expect(page.locator("#solo-en-este-movil")).to_have_count(0, timeout=30_000)  # the server's page now
    phone.settled()
    stored = read_game(database, new)
    assert stored.names == NAMES
    assert stored.rules == preset_rules(PRESET)
    assert [row.record.bids for row in stored.sheet.rows] == [BIDS]
    assert len(stored.applied) == TAPS and sorted(stored.applied) == sorted(phone.note_made())
    assert rematch_of(database, old) == game_id(database, new)
    served = json.loads(page.locator("#game-card").text_content() or "")["card"]
    assert served["first_dealer"] == dealer
    assert served["schedule"] == card["schedule"] and served["rules"] == card["rules"]
    assert phone.error_pages == [] and phone.script_errors == []


def test_over_the_wifi_the_final_page_makes_la_revancha_with_the_server_stopped(
    chromium: Browser, lan_server: LanServer, make_table: TableFactory
) -> None:
    database = lan_server.app.config["SQLALCHEMY_DATABASE_URI"]
    old = finished_game(lan_server.app)
    phone = open_phone(chromium, lan_server.url, routed=False)  # the browser's cache, as a phone's, keeps the files
    page = phone.page
    try:
        page.goto(f"/p/{old}")
        expect(page.get_by_role("link", name="Revancha", exact=True)).to_be_visible()
        page.wait_for_load_state("networkidle")  # la revancha's page asked for ahead
        assert page.evaluate("() => !navigator.serviceWorker || !navigator.serviceWorker.controller")
        lan_server.stop()  # the phone still has its Wi-Fi: only the server is gone

        page.get_by_role("link", name="Revancha", exact=True).click()
        new = start_rematch(phone, make_table, dealer=2)
        card = made_card(page, new)
        assert card["first_dealer"] == 2 and card["players"] == list(NAMES)
        assert rematch_of(database, old) is None

        lan_server.start()
        phone.retry_now()
        made_once(phone, database, old, new, 2, card)
    finally:
        phone.context.close()


def test_without_signal_la_revancha_is_made_where_the_service_worker_runs(
    chromium: Browser, live_server: LiveServer, make_table: TableFactory
) -> None:
    database = live_server.app.config["SQLALCHEMY_DATABASE_URI"]
    old = finished_game(live_server.app)
    phone = open_phone(chromium, live_server.url)
    page = phone.page
    try:
        page.goto(f"/p/{old}")
        controlled(page)
        phone.context.set_offline(True)

        page.get_by_role("link", name="Revancha", exact=True).click()
        new = start_rematch(phone, make_table, dealer=1)
        card = made_card(page, new)

        # Tapped again from the final page, la revancha made here is the one shown: never a second.
        page.goto(f"/p/{old}")  # the page the service worker kept
        page.get_by_role("link", name="Revancha", exact=True).click()
        expect(page).to_have_url(f"{live_server.url}/p/{new}")

        phone.context.set_offline(False)
        made_once(phone, database, old, new, 1, card)
    finally:
        phone.context.close()


def test_the_offline_page_says_each_games_hand_and_offers_the_last_revancha(
    chromium: Browser, live_server: LiveServer
) -> None:
    over = finished_game(live_server.app)
    records = classic_game(4, rules=preset_rules(PRESET))
    playing, _watch = store_game(live_server.app, ("Dani", "Eva", "Fede", "Gus"), records[:2], preset=PRESET)
    total = len(schedule(4, 0, preset_rules(PRESET)))
    phone = open_phone(chromium, live_server.url)
    page = phone.page
    try:
        for token in (playing, over):  # the game over seen last
            page.goto(f"/p/{token}")
            controlled(page)
            kept(page, f"/p/{token}")
        phone.context.set_offline(True)
        page.goto("/historial")
        expect(page.locator("h1")).to_contain_text("Sin conexión")
        games = page.locator("#kept-games .game-link")
        expect(games).to_have_count(2)
        expect(games.first).to_contain_text("Ana, Bea, Ciro")
        expect(games.first.locator(".game-state")).to_have_text("Terminada")
        expect(games.nth(1).locator(".game-state")).to_have_text(f"Mano 3 de {total}")

        page.get_by_role("link", name="Revancha de Ana, Bea, Ciro").click()
        expect(page).to_have_url(REMATCH_PAGE)
        page.locator("#revancha-en-este-movil").get_by_role("button", name="Empezar").click()
        expect(page).to_have_url(GAME_ADDRESS)
        expect(page.get_by_text("¡Revancha! Reparte Bea.")).to_be_visible()
        expect(page.locator("#mano")).to_be_visible()
        assert phone.error_pages == [] and phone.script_errors == []
    finally:
        phone.context.close()


def test_a_game_ended_without_the_server_goes_first_then_its_revancha(
    chromium: Browser, served: LanServer | LiveServer, make_table: TableFactory
) -> None:
    """The last hand played with no server to answer (over Wi-Fi: the server stopped; where the service worker runs:
    no signal): the phone ends the game and offers la revancha itself; made and played on the phone, it reaches the
    server after the old game's last hand, which la revancha's page sends first."""
    database = served.app.config["SQLALCHEMY_DATABASE_URI"]
    over_wifi = isinstance(served, LanServer)
    rules = preset_rules(PRESET)
    records, plans = classic_game(3, rules=rules), schedule(3, 0, rules)
    old, _watch = store_game(served.app, NAMES, records[:-1], preset=PRESET)
    phone = open_phone(chromium, served.url, routed=not over_wifi)
    page = phone.page
    try:
        page.goto(f"/p/{old}")
        if over_wifi:
            page.wait_for_load_state("networkidle")  # the last hand: la revancha's page asked for ahead
            served.stop()
        else:  # the page drawn under the service worker: la revancha's page is the worker's to give, after a load
            controlled(page)
            page.reload()
            phone.context.set_offline(True)
        expect(page.locator("#revancha")).to_have_count(0)
        last = records[-1]
        make_table(page, answered=False).play_hand(
            len(plans), NAMES, plans[-1].bidding_order, "O", last.bids, last.tricks
        )
        offer = page.locator("#revancha").get_by_role("link", name="Revancha", exact=True)
        expect(offer).to_be_visible()  # drawn by the phone: the server's parts say nothing yet
        offer.click()
        new = start_rematch(phone, make_table, dealer=1)
        created: list[int] = []  # the answers to la revancha's creation: never sent before the old game is over
        page.on("response", lambda answer: created.append(answer.status) if answer.url.endswith("/crear") else None)

        if over_wifi:
            served.start()
        else:
            phone.context.set_offline(False)
        phone.retry_now()
        expect(page.locator("#solo-en-este-movil")).to_have_count(0, timeout=30_000)
        phone.settled()
        ended = read_game(database, old)
        assert [row.record for row in ended.sheet.rows] == list(records) and ended.sheet.finished
        rematch = read_game(database, new)
        assert [row.record.bids for row in rematch.sheet.rows] == [BIDS]
        assert rematch_of(database, old) == game_id(database, new)
        assert len(ended.applied) == len(rematch.applied) == TAPS
        assert sorted(ended.applied + rematch.applied) == sorted(phone.note_made())
        assert created == [201]
        assert phone.error_pages == [] and phone.script_errors == []
    finally:
        phone.context.close()
