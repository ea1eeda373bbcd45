"""A game begun without signal (docs/offline.md): on a phone where Pocha's service worker runs (installed, HTTPS or
this computer), «Empezar la partida» with no signal starts the game on the phone: its page opens at once at the
game's own address, a hand is played, and nothing reaches the server; back online, the phone creates the game on the
server before its taps, the page becomes the server's, and the server holds the game once with every tap once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, expect
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from scorekeeper.engine import HandRecord, Suit, preset_rules, schedule
from scorekeeper.storage import store
from scorekeeper.storage.models import Game
from support.phones_offline import GAME_ADDRESS as ADDRESS
from support.phones_offline import begin_without_signal, expect_chip, games_stored, open_phone
from support.server import read_game
from support.service_worker import controlled

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, TableFactory

    from support.lan_server import LanServer

NAMES = ("Ana", "Bea", "Ciro")
FIRST_DEALER = 0
BIDS, TRICKS = (
    (1, 1, 0),
    (0, 1, 0),
)  # hand 1 of the quick game, one card: Bea bids it and takes it; Ana, who deals, may not bid 0
TAPS = 7  # the trump, three bids, two players' tricks (the last filled in), save


def test_a_game_begun_without_signal_is_made_once_when_the_server_answers(
    chromium: Browser, live_server: LiveServer, make_table: TableFactory
) -> None:
    database = live_server.app.config["SQLALCHEMY_DATABASE_URI"]
    before = games_stored(database)
    phone = open_phone(chromium, live_server.url)
    page = phone.page
    try:
        token = begin_without_signal(phone, NAMES, FIRST_DEALER, "rapida")
        expect(page.locator("#solo-en-este-movil")).to_be_visible()

        table = make_table(page, answered=False)
        plan = schedule(3, FIRST_DEALER, preset_rules("rapida"))[0]
        table.play_hand(1, NAMES, plan.bidding_order, "O", BIDS, TRICKS)
        expect_chip(phone, f"Sin conexión · {TAPS + 1} pendientes")
        assert games_stored(database) == before, "a game reached the server without signal"

        phone.context.set_offline(False)
        expect(page.locator("#solo-en-este-movil")).to_have_count(0, timeout=30_000)  # the server's page now
        phone.settled()
        expect_chip(phone, "Guardado")
        assert games_stored(database) == before + 1
        stored = read_game(database, token)
        assert [row.record for row in stored.sheet.rows] == [
            HandRecord(bids=BIDS, tricks=TRICKS, trump=Suit.OROS, renuncios=(0, 0, 0))
        ]
        assert len(stored.applied) == TAPS and sorted(stored.applied) == sorted(phone.note_made())
        assert page.locator("#compartir").count() == 1, "the game's links and QR, from the server"
        assert phone.error_pages == [] and phone.script_errors == []
    finally:
        phone.context.close()


def test_a_game_begun_without_signal_reaches_the_server_from_any_page(
    chromium: Browser, live_server: LiveServer
) -> None:
    """The game's page is closed before the signal comes back: without signal the offline page lists the game as
    waiting to be sent; the next page of Pocha the phone opens with a connection sends the creation, and the game
    is in this phone's list of games."""
    database = live_server.app.config["SQLALCHEMY_DATABASE_URI"]
    before = games_stored(database)
    phone = open_phone(chromium, live_server.url)
    page = phone.page
    try:
        begin_without_signal(phone, NAMES)
        expect(page.locator("#mano")).to_be_visible()
        page.goto("/historial")  # no signal: the offline page lists the game, waiting to be sent, and opens it
        made = page.locator("#kept-games .game-link", has_text="Ana, Bea, Ciro")
        expect(made).to_contain_text("pendiente de enviar")
        made.click()
        page.wait_for_url(ADDRESS)
        expect(page.locator("#mano")).to_be_visible()
        page.goto("about:blank")  # the game's page closed before the signal comes back
        assert games_stored(database) == before

        phone.context.set_offline(False)
        page.goto("/historial")
        page.wait_for_function(
            "() => !Object.keys(localStorage).some((key) => key.startsWith('pocha:outbox:')"
            " && (JSON.parse(localStorage.getItem(key)) || {}).creation)"
        )
        assert games_stored(database) == before + 1
        page.goto("/")
        expect(page.locator(".game-list .game-link").first).to_contain_text("Ana, Bea, Ciro")
        assert phone.error_pages == [] and phone.script_errors == []
    finally:
        phone.context.close()


def test_without_signal_a_game_is_begun_from_the_home_page(chromium: Browser, live_server: LiveServer) -> None:
    """A phone that saw the home page and the new-game form once, with signal: without it, the home page is the
    offline page, whose «Nueva partida» is the new-game form as last seen, and the game begins."""
    phone = open_phone(chromium, live_server.url)
    page = phone.page
    try:
        page.goto("/")
        controlled(page)
        page.goto("/partidas/nueva")  # seen once with signal
        page.wait_for_load_state("networkidle")
        phone.context.set_offline(True)
        page.goto("/")
        expect(page.locator("h1")).to_contain_text("Sin conexión")
        page.locator(".offline-page").get_by_role("link", name="Nueva partida").click()
        expect(page.locator("h1")).to_have_text("Nueva partida")
        for row, name in enumerate(NAMES):
            page.fill(f"#names-{row}", name)
        page.get_by_role("button", name="Empezar la partida").click()
        page.wait_for_url(ADDRESS)
        expect(page.locator("#mano .prompt")).to_be_visible()
        assert phone.error_pages == [] and phone.script_errors == []
    finally:
        phone.context.close()


def test_two_phones_begin_games_without_signal_at_once(chromium: Browser, live_server: LiveServer) -> None:
    """Two tables, each with its phone and no signal, begin a game each: back online, each game is made once, at the
    address its phone made, with its own players."""
    database = live_server.app.config["SQLALCHEMY_DATABASE_URI"]
    before = games_stored(database)
    tables = (("Ana", "Bea", "Ciro"), ("Dora", "Eloy", "Fina", "Gus"))
    phones = [open_phone(chromium, live_server.url) for _ in tables]
    try:
        tokens = []
        for phone, names in zip(phones, tables, strict=True):
            tokens.append(begin_without_signal(phone, names))
            expect(phone.page.locator("#mano .prompt")).to_be_visible()
        assert tokens[0] != tokens[1]
        for phone in phones:
            phone.context.set_offline(False)
        for phone in phones:
            expect(phone.page.locator("#solo-en-este-movil")).to_have_count(0, timeout=30_000)
        assert games_stored(database) == before + 2
        for token, names in zip(tokens, tables, strict=True):
            assert read_game(database, token).names == names
        assert all(phone.error_pages == [] and phone.script_errors == [] for phone in phones)
    finally:
        for phone in phones:
            phone.context.close()


def test_over_the_wifi_a_game_begun_without_signal_is_drawn_in_place(
    chromium: Browser, lan_server: LanServer, make_table: TableFactory
) -> None:
    """Over plain HTTP (the table's Wi-Fi: no service worker) the open new-game form begins the game without signal:
    its page, asked for as the names were typed, is drawn in place of the form at the game's address."""
    database = lan_server.app.config["SQLALCHEMY_DATABASE_URI"]
    before = games_stored(database)
    phone = open_phone(chromium, lan_server.url, routed=False)  # the browser's cache, as a phone's, keeps the files
    page = phone.page
    try:
        page.goto("/partidas/nueva")
        for row, name in enumerate(NAMES):
            page.fill(f"#names-{row}", name)
        page.select_option("#first_dealer", str(FIRST_DEALER))
        page.select_option("#preset", "rapida")
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => !navigator.serviceWorker || !navigator.serviceWorker.controller")
        phone.context.set_offline(True)
        page.get_by_role("button", name="Empezar la partida").click()
        expect(page).to_have_url(ADDRESS)
        found = ADDRESS.search(page.url)
        assert found is not None
        expect(page.locator("#solo-en-este-movil")).to_be_visible()
        plan = schedule(3, FIRST_DEALER, preset_rules("rapida"))[0]
        make_table(page, answered=False).play_hand(1, NAMES, plan.bidding_order, "O", BIDS, TRICKS)
        assert games_stored(database) == before

        phone.context.set_offline(False)
        phone.retry_now()
        expect(page.locator("#solo-en-este-movil")).to_have_count(0, timeout=30_000)  # the server's page now
        phone.settled()
        assert games_stored(database) == before + 1
        stored = read_game(database, found.group(1))
        assert [row.record.bids for row in stored.sheet.rows] == [BIDS]
        assert len(stored.applied) == TAPS and sorted(stored.applied) == sorted(phone.note_made())
        assert phone.error_pages == [] and phone.script_errors == []
    finally:
        phone.context.close()


def stored_times(database_url: str, token: str) -> tuple[datetime, list[tuple[datetime | None, datetime | None]]]:
    """When the game at ``token`` was made, and when each of its hands started and was saved, as stored."""
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with Session(engine) as session:
            game = session.execute(select(Game).filter_by(edit_hash=store.token_hash(token))).scalar_one()
            return game.created_at, [(hand.started_at, hand.completed_at) for hand in game.hands]
    finally:
        engine.dispose()


def test_a_game_begun_without_signal_keeps_the_times_the_phone_played_it_at(
    chromium: Browser, live_server: LiveServer, make_table: TableFactory
) -> None:
    """The phone's clock says when the game was made and each tap tapped: sent hours later, the game keeps them."""
    database = live_server.app.config["SQLALCHEMY_DATABASE_URI"]
    phone = open_phone(chromium, live_server.url)
    page = phone.page
    began = datetime.now(UTC).replace(tzinfo=None, microsecond=0) - timedelta(hours=2)
    try:
        page.clock.set_system_time(began.replace(tzinfo=UTC))
        token = begin_without_signal(phone, NAMES, FIRST_DEALER, "rapida")
        page.clock.set_system_time((began + timedelta(minutes=3)).replace(tzinfo=UTC))
        plan = schedule(3, FIRST_DEALER, preset_rules("rapida"))[0]

        def later() -> None:
            page.clock.set_system_time((began + timedelta(minutes=20)).replace(tzinfo=UTC))

        make_table(page, answered=False).play_hand(
            1, NAMES, plan.bidding_order, "O", BIDS, TRICKS, before_last_bid=later
        )
        phone.context.set_offline(False)
        expect(page.locator("#solo-en-este-movil")).to_have_count(0, timeout=30_000)
        phone.settled()
        created, hands = stored_times(database, token)
        ((started, saved),) = hands
        assert started is not None and saved is not None
        minute = timedelta(minutes=1)
        assert began <= created < began + minute  # the phone's time runs on from where it was set
        assert began + 3 * minute <= started < began + 4 * minute
        assert began + 20 * minute <= saved < began + 21 * minute
        assert phone.error_pages == [] and phone.script_errors == []
    finally:
        phone.context.close()
