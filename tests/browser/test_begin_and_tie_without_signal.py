"""A whole game without signal, from its beginning (docs/offline.md): the new-game form seen once with signal, then
no signal at all; the game is begun on the phone, its three hands end in a tie, the phone plans the extra hand and
the game ends on the phone. Back online, the page becomes the server's by itself, and the server holds the game once,
with the same hands, extra hand included, the same winner and every tap once.

On this machine's address on the local network (plain HTTP: no service worker, the form's page asks ahead for the
page the game is drawn in) and on 127.0.0.1 (the service worker gives it, as to an installed app).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, expect

from scorekeeper.engine import HandRecord, Suit, TieBreak, preset_rules, score_sheet
from support.phones_offline import GAME_ADDRESS, expect_chip, games_stored, open_phone
from support.server import read_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, TableFactory

    from support.lan_server import LanServer

NAMES = ("Ana", "Bea", "Ciro")
BEA = 1
RULES = preset_rules("a_medida", custom_sizes=(1, 1, 1), tie_break=TieBreak.ONE_CARD)
Hand = tuple[tuple[int, ...], tuple[int, ...]]  # bids by seat, tricks by seat; oros is trump
# Hands 1 to 3 (Ana, Bea, Ciro deal): everybody bids 0 and Ciro takes the card: Ana and Bea 30 each, tied.
# Hand 4, the extra hand (Ana deals, may not bid 0): Bea bids 1 and takes the card, Ana bids 1 and misses. Bea wins.
HANDS: tuple[Hand, ...] = (
    ((0, 0, 0), (0, 0, 1)),
    ((0, 0, 0), (0, 0, 1)),
    ((0, 0, 0), (0, 0, 1)),
    ((1, 1, 0), (0, 1, 0)),
)
TAPS_A_HAND = 7  # the trump, three bids, two players' tricks (the last filled in), save


def record(hand: Hand) -> HandRecord:
    """A hand of the script as the engine's record."""
    bids, tricks = hand
    return HandRecord(bids=bids, tricks=tricks, trump=Suit.OROS, renuncios=(0,) * len(bids))


@pytest.fixture(params=["lan", "localhost"])
def served(request: pytest.FixtureRequest) -> LanServer | LiveServer:
    """The app on this machine's network address (an insecure context) or on 127.0.0.1."""
    server: LanServer | LiveServer = request.getfixturevalue("lan_server" if request.param == "lan" else "live_server")
    return server


def test_a_game_begun_without_signal_plays_its_tie_off_and_reaches_the_server_once(
    chromium: Browser, served: LanServer | LiveServer, make_table: TableFactory, request: pytest.FixtureRequest
) -> None:
    expected = [score_sheet(RULES, NAMES, 0, [record(h) for h in HANDS[:n]]) for n in range(len(HANDS) + 1)]
    assert expected[3].standings.needs_extra_hand
    assert expected[4].finished and expected[4].winner == BEA and expected[4].standings.decided_by_extra_hands
    database = served.app.config["SQLALCHEMY_DATABASE_URI"]
    before = games_stored(database)
    over_wifi = request.node.callspec.params["served"] == "lan"
    phone = open_phone(chromium, served.url, routed=not over_wifi)  # over Wi-Fi, the browser's cache keeps files
    page = phone.page
    try:
        page.goto("/partidas/nueva")
        if not over_wifi:
            page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        for row, name in enumerate(NAMES):
            page.fill(f"#names-{row}", name)
        page.select_option("#first_dealer", "0")
        page.select_option("#preset", "a_medida")
        page.locator("details.more-options summary").tap()
        page.fill("#custom_sizes", "1 1 1")
        page.select_option("#tie_break", "one_card")
        page.wait_for_load_state("networkidle")  # over Wi-Fi: the game's page asked for ahead, as the form was used
        phone.context.set_offline(True)
        page.get_by_role("button", name="Empezar la partida").tap()
        expect(page).to_have_url(GAME_ADDRESS)
        found = GAME_ADDRESS.search(page.url)
        assert found is not None
        token, address = found.group(1), page.url

        table = make_table(page, answered=False)
        for number, (bids, tricks) in enumerate(HANDS, start=1):
            plan = expected[number - 1].next_hand
            assert plan is not None and plan.is_extra == (number == 4)
            if number == 4:  # the tie: the extra hand is offered at once, nothing waits for the server
                assert table.hand_title() == "Mano de desempate 4 1 carta"
            table.play_hand(number, NAMES, plan.bidding_order, "O", bids, tricks)
            expect_chip(phone, f"Sin conexión · {TAPS_A_HAND * number + 1} pendientes")  # the taps and the creation
        expect(table.hand).to_have_count(0)
        expect(page.locator(".flashes")).to_contain_text("¡Fin de la partida!")
        assert games_stored(database) == before, "a game reached the server without signal"

        phone.context.set_offline(False)
        phone.retry_now()
        expect(page.locator("#solo-en-este-movil")).to_have_count(0, timeout=30_000)  # the server's page, by itself
        assert page.url == address
        phone.settled()
        expect_chip(phone, "Guardado")
        expect(page.locator("#clasificacion .winner")).to_have_text(f"Gana Bea con {expected[4].totals[BEA]} puntos")
        assert games_stored(database) == before + 1
        stored = read_game(database, token)
        assert [row.record for row in stored.sheet.rows] == [row.record for row in expected[4].rows]
        assert [row.plan for row in stored.sheet.rows] == [row.plan for row in expected[4].rows]
        assert stored.sheet.finished and stored.sheet.winner == BEA
        made = phone.note_made()
        assert len(made) == TAPS_A_HAND * len(HANDS)
        assert sorted(stored.applied) == sorted(made), "the server holds other taps than the phone made"
        assert phone.drawn_parts() == phone.server_parts(), "the phone drew something else than the server"
        assert phone.error_pages == [] and phone.script_errors == []
    finally:
        phone.context.close()
