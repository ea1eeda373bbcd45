"""Keeping score without signal (docs/offline.md), on a real server reached through the machine's own address on the
local network (plain HTTP: no service worker, as at a table over Wi-Fi) and through localhost.

The phone loses the signal at random moments of a game of several hands (mid-bids, mid-tricks, before saving, across
a saved hand), is reloaded without signal, and taps on; two phones say different things about the same bid. Nothing
may ever show the browser's error page from a tap; every tap the phone made is stored exactly once; the chip says
what is true; the phone draws what the server would. (The server stopped and killed while a phone taps is every
engine's: every_phone/test_server_gone_mid_hand.py.)
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, expect
from playwright.sync_api import Error as PlaywrightError

from scorekeeper.engine import HandRecord, Suit, preset_rules, score_sheet
from scorekeeper.plumbing.addresses import lan_addresses
from support.phones_offline import PhoneAtTable, applied_taps, expect_chip, open_phone
from support.server import ServeFactory, ServerProcess, read_game

if TYPE_CHECKING:
    from tests.browser.conftest import Table, TableFactory

pytestmark = pytest.mark.slow

NAMES = ("Ana", "Bea", "Ciro", "Dorotea de la Cruz")  # the last a row may cut: a tap away whole
SIZES = "2 3 1 4 3 2"  # six hands: la mano, bids and tricks of several sizes
SEEDS = {"lan": 15, "localhost": 51}
SUITS = "OCEB"


def lan_address() -> str:
    """This machine's address on the local network (`hostname -I`'s first): never loopback, never skipped."""
    found = lan_addresses()
    if not found:
        pytest.fail("this machine has no address on a local network to serve the phones on", pytrace=False)
    return found[0]


@pytest.fixture(params=["lan", "localhost"])
def server(request: pytest.FixtureRequest, serve: ServeFactory, tmp_path) -> ServerProcess:  # type: ignore[no-untyped-def]
    """A real server, reached at http://<LAN address>:<port> (an insecure context) or http://localhost:<port>."""
    url = f"sqlite:///{tmp_path / 'pocha.sqlite3'}"
    if request.param == "lan":
        return serve(url, host=lan_address())
    return serve(url, host="127.0.0.1", name="localhost")


@pytest.fixture
def phones(chromium: Browser, server: ServerProcess) -> Iterator[Callable[[], PhoneAtTable]]:
    """Open phones on the server; closed at the end."""
    opened: list[PhoneAtTable] = []

    def one() -> PhoneAtTable:
        phone = open_phone(chromium, server.url)
        opened.append(phone)
        return phone

    yield one
    for phone in opened:
        phone.context.close()


@dataclass
class Tally:
    """What happened to the phone's taps."""

    offline: set[str] = field(default_factory=set)
    online: bool = True
    deliberate_error_pages: int = 0

    def report(self, made: list[str], stored: list[str]) -> str:
        """The counts the issue asks for."""
        lost = set(made) - set(stored)
        duplicated = len(stored) - len(set(stored))
        offline_stored = len(self.offline & set(stored))
        return (
            f"taps made: {len(made)}, offline: {len(self.offline)}, offline stored: {offline_stored}, "
            f"stored: {len(set(stored))}, lost: {len(lost)}, duplicated: {duplicated}"
        )


class Game:
    """One phone playing a game by random taps, checking the phone, the chip and the database after each."""

    def __init__(
        self, table: Table, phone: PhoneAtTable, server: ServerProcess, token: str, rng: random.Random
    ) -> None:
        self.phone, self.server, self.token, self.rng = phone, server, token, rng
        self.table = table
        self.tally = Tally()
        self.records: list[HandRecord] = []
        self.checked = 0  # taps checked against a freshly loaded page

    # --- the phone's own idea of the hand (js/pocha/hand_rules.js) ------------------------------------------------

    def hand(self) -> dict[str, object] | None:
        return self.phone.page.evaluate(
            """() => { const h = window.PochaGame.state().hand; if (!h) return null;
                return { number: h.plan.number, cards: h.plan.cards, order: h.order(), stage: h.stage(),
                         forbidden: h.forbidden(), next: h.nextSeat() }; }"""
        )

    # --- the network ----------------------------------------------------------------------------------------------

    def signal(self, on: bool) -> None:
        if on != self.tally.online:
            self.phone.context.set_offline(not on)
            self.tally.online = on

    def reload_without_signal(self) -> None:
        """A reload with no signal: over plain HTTP the browser can only show its error page (the one time it may);
        the next load once the server answers carries on with the outbox."""
        self.signal(False)
        self.phone.reloading = True
        with contextlib.suppress(PlaywrightError):  # net::ERR_INTERNET_DISCONNECTED: the browser's own page
            self.phone.page.reload()
        self.signal(True)
        self.phone.page.goto(f"/p/{self.token}")
        self.phone.reloading = False
        self.tally.deliberate_error_pages = len(self.phone.reload_error_pages)

    # --- a tap and what must be true after it ------------------------------------------------------------------

    def tap(self, target_css: str | None = None, locator=None) -> None:  # type: ignore[no-untyped-def]
        target = locator if locator is not None else self.table.hand.locator(target_css)
        before = set(self.phone.note_made())
        self.table.tap(target, settle=False)
        new = set(self.phone.note_made()) - before
        if not self.tally.online:
            self.tally.offline |= new
        self.check()

    def check(self) -> None:
        phone = self.phone
        assert phone.error_pages == [], f"a tap showed the browser's error page: {phone.error_pages}"
        if self.tally.online:
            phone.settled()
            assert phone.script_errors == []
            expect_chip(phone, "Guardado")
            stored = applied_taps(self.server.database_url, self.token)
            assert sorted(stored) == sorted(phone.note_made()), "the server holds other taps than the phone made"
            assert phone.drawn_parts() == phone.server_parts(), "the phone drew something else than the server"
            self.checked += 1
        else:
            # What the phone still holds: every tap the server lacks, and maybe some it took whose answer was lost
            # when the signal went (sent again later, and answered "done").
            queued = set(phone.page.evaluate("() => window.PochaGame.outbox.queue.map(tap => tap.id)"))
            missing = set(phone.note_made()) - set(applied_taps(self.server.database_url, self.token))
            assert missing <= queued <= set(phone.made)
            if queued:
                expect_chip(phone, f"Sin conexión · {len(queued)} pendiente" + ("s" if len(queued) > 1 else ""))
            else:
                expect_chip(phone, "Guardado")

    # --- a hand --------------------------------------------------------------------------------------------------

    def play_hand(self, offline_at: str | None) -> None:
        """Trump, bids (one undone and said again now and then), a renuncio now and then, tricks, save; the signal
        lost at ``offline_at`` (``bids``, ``tricks``, ``save``) or at random."""
        rng, hand = self.rng, self.hand()
        assert hand is not None
        cards, order = int(hand["cards"]), list(hand["order"])  # type: ignore[call-overload]
        trump = rng.choice(SUITS)
        self.maybe_lose_signal()
        self.tap(f"button.suit-{trump}")
        bids = [0] * len(NAMES)
        for i, seat in enumerate(order):
            if offline_at == "bids" and i == 1:
                self.signal(False)
            self.maybe_lose_signal()
            bid = self.lawful_bid(cards)
            self.tap(locator=self.table.bid_button(bid))
            if rng.random() < 0.2:  # said wrong: taken back and said again
                self.tap(locator=self.table.hand.get_by_role("button", name="Deshacer"))
                bid = self.lawful_bid(cards)
                self.tap(locator=self.table.bid_button(bid))
            bids[seat] = bid
        renuncios = [0] * len(NAMES)
        if rng.random() < 0.3:
            seat = rng.randrange(len(NAMES))
            self.tap(locator=self.table.hand.get_by_role("button", name=f"Renuncio de {NAMES[seat]}", exact=True))
            renuncios[seat] = 1
        tricks = [0] * len(NAMES)
        for _ in range(cards):
            tricks[rng.choice(order)] += 1
        for i, seat in enumerate(order[:-1]):
            if offline_at == "tricks" and i == 1:
                self.signal(False)
            self.maybe_lose_signal()
            group = self.table.hand.locator(".tricks").get_by_role("group", name=NAMES[seat], exact=True)
            self.tap(locator=group.get_by_role("button", name=str(tricks[seat]), exact=True))
        if offline_at == "save":
            self.signal(False)
        self.tap(locator=self.table.hand.get_by_role("button", name="Guardar la mano"))
        self.records.append(
            HandRecord(bids=tuple(bids), tricks=tuple(tricks), trump=Suit(trump), renuncios=tuple(renuncios))
        )

    def lawful_bid(self, cards: int) -> int:
        hand = self.hand()
        assert hand is not None
        return self.rng.choice([n for n in range(cards + 1) if n != hand["forbidden"]])

    def maybe_lose_signal(self) -> None:
        if self.rng.random() < 0.15:
            self.signal(not self.tally.online)


def test_a_game_with_the_signal_coming_and_going(
    phones: Callable[[], PhoneAtTable], server: ServerProcess, make_table: TableFactory, request: pytest.FixtureRequest
) -> None:
    where = request.node.callspec.params["server"]
    phone = phones()
    table = make_table(phone.page)
    token = table.start(NAMES, 0, "a_medida", custom_sizes=SIZES)
    game = Game(table, phone, server, token, random.Random(SEEDS[where]))
    # Hand 1 with signal; hand 2 loses it mid-bids, hand 3 mid-tricks, hand 4 before saving and stays without it
    # across the save into hand 5, which is reloaded without signal; hand 6 at random.
    for number, offline_at in enumerate((None, "bids", "tricks", "save", None, None), start=1):
        if number == 5:
            game.reload_without_signal()
            game.signal(False)
        game.play_hand(offline_at)
        if number in (2, 3):
            game.signal(True)
            game.check()
    game.signal(True)
    game.check()

    rules = preset_rules("a_medida", custom_sizes=tuple(int(n) for n in SIZES.split()))
    expected = score_sheet(rules, NAMES, 0, game.records)
    stored = read_game(server.database_url, token)
    assert [list(row.totals) for row in stored.sheet.rows] == [list(row.totals) for row in expected.rows]
    assert stored.sheet.finished
    assert game.table.sheet_totals() == [list(row.totals) for row in expected.rows]

    made, applied = phone.note_made(), applied_taps(server.database_url, token)
    print(f"\n[{where}] {game.tally.report(made, applied)}; drawings compared with the server's: {game.checked}")
    assert game.tally.offline, "no tap was made without signal"
    assert set(made) == set(applied) and len(applied) == len(made)
    # Over plain HTTP a reload without signal shows the browser's page; on localhost the service worker may answer.
    assert game.tally.deliberate_error_pages <= 1


def test_two_phones_say_different_bids_one_of_them_without_signal(
    phones: Callable[[], PhoneAtTable], server: ServerProcess, make_table: TableFactory
) -> None:
    first, second = phones(), phones()
    table = make_table(first.page)
    token = table.start(NAMES, 0, "a_medida", custom_sizes=SIZES)  # Ana deals: Bea bids first
    table.tap(table.hand.locator("button.suit-O"))
    second.page.goto(f"/p/{token}")
    other = make_table(second.page)

    first.context.set_offline(True)
    table.tap(table.bid_button(2), settle=False)  # Bea 2, said on the phone without signal
    expect_chip(first, "Sin conexión · 1 pendiente")
    other.tap(other.bid_button(1))  # Bea 1, said on the other phone, stored
    expect_chip(second, "Guardado")

    first.context.set_offline(False)
    expect_chip(first, "Revisa la mano 1")
    refusal = first.page.locator("#mano #tap-error")
    expect(refusal).to_have_text("Bea ya había pedido 1 desde otro móvil")
    assert first.page.evaluate("() => document.activeElement.id") == "tap-error"  # read out, where the eye is
    first.settled()
    # The phone took what is stored: Bea's 1, Ciro's turn; the other phone's tap stored, its own not.
    expect(table.seat_row("Bea").locator(".stat-bid b")).to_have_text("1")
    expect(table.hand.locator(".prompt")).to_have_text("¿Cuántas pide Ciro?")
    stored = read_game(server.database_url, token)
    assert stored.hand(1) is not None and stored.hand(1).bids[1] == 1  # type: ignore[union-attr]
    applied = set(applied_taps(server.database_url, token))
    trump, bea_2 = first.note_made()[:2]
    assert set(second.note_made()) <= applied and trump in applied and bea_2 not in applied
    # Drawn as the server draws it, once the refusal's message is set aside; the next tap clears the chip.
    parts, fresh = first.drawn_parts(), first.server_parts()
    assert {**parts, "hand": without_refusal(parts["hand"])} == fresh
    table.tap(table.bid_button(0))
    expect_chip(first, "Guardado")
    assert first.drawn_parts() == first.server_parts()
    assert first.error_pages == [] and second.error_pages == []


def without_refusal(html: str) -> str:
    """The panel without a refused tap's message (the server's fresh page has none)."""
    return re.sub(r'<p class="flash flash-error" role="alert" id="tap-error"[^>]*>.*?</p>', "", html)
