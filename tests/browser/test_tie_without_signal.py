"""A tie at the end of the schedule played on without signal (docs/offline.md): the phone plans each extra hand itself
and the hand panel offers it at once, with no word of waiting for the server; back online, the server stores the
same hands, the extra ones included, and the same winner, every tap once.

Three players, a custom game of two one-card hands and a one-card tie-break. The signal goes as soon as the game's
page is shown and comes back once the game is over on the phone. The game is served on this machine's address on the
local network (plain HTTP: no service worker, as at a table over Wi-Fi) and on 127.0.0.1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, expect

from scorekeeper.engine import HandRecord, Suit, TieBreak, preset_rules, score_sheet
from support.phones_offline import applied_taps, expect_chip, open_phone
from support.server import read_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, TableFactory

    from support.lan_server import LanServer

NAMES = ("Ana", "Bea", "Ciro")
ANA, BEA = 0, 1
FIRST_DEALER = ANA
OPTIONS = {"custom_sizes": "1 1", "tie_break": "one_card"}
RULES = preset_rules("a_medida", custom_sizes=(1, 1), tie_break=TieBreak.ONE_CARD)

Hand = tuple[tuple[int, ...], tuple[int, ...]]  # bids by seat, tricks by seat; oros is trump

# Hand 1 (Ana deals): everybody bids 0 and Ciro takes the card: Ana 10, Bea 10, Ciro −5.
# Hand 2 (Bea deals): the same: Ana and Bea 20 each, no missed bid either: tied, an extra hand follows.
# Hand 3, the first extra hand (Ciro deals): the same again: Ana and Bea 30 each, still tied.
# Hand 4, the second (Ana deals, may not bid 0): Bea bids 1 and takes the card (+15), Ana bids 1 (−5). Bea wins.
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


def test_a_tie_is_played_off_without_signal_and_the_server_ends_the_same(
    chromium: Browser, served: LanServer | LiveServer, make_table: TableFactory
) -> None:
    expected = [score_sheet(RULES, NAMES, FIRST_DEALER, [record(h) for h in HANDS[:n]]) for n in range(5)]
    assert expected[2].standings.needs_extra_hand and expected[3].standings.needs_extra_hand
    assert expected[4].finished and expected[4].winner == BEA and expected[4].standings.decided_by_extra_hands
    database = served.app.config["SQLALCHEMY_DATABASE_URI"]
    phone = open_phone(chromium, served.url)
    try:
        table = make_table(phone.page, answered=False)  # taps wait for no answer: none comes without signal
        token = table.start(NAMES, FIRST_DEALER, "a_medida", **OPTIONS)
        phone.context.set_offline(True)

        for number, (bids, tricks) in enumerate(HANDS, start=1):
            plan = expected[number - 1].next_hand
            assert plan is not None and plan.is_extra == (number > 2)
            table.play_hand(number, NAMES, plan.bidding_order, "O", bids, tricks)
            waiting = TAPS_A_HAND * number
            expect_chip(phone, f"Sin conexión · {waiting} pendientes")
            if number in (2, 3):  # still tied: the next extra hand is offered at once, nothing waits for the server
                assert table.hand_title() == f"Mano de desempate {number + 1} 1 carta"
                expect(table.hand.locator("button.suit-O")).to_be_visible()
                expect(table.hand).not_to_contain_text("servidor")
        expect(table.hand).to_have_count(0)
        expect(phone.page.locator(".flashes")).to_contain_text("¡Fin de la partida!")
        assert applied_taps(database, token) == [], "a tap reached the server without signal"
        assert phone.pending() == TAPS_A_HAND * len(HANDS)

        phone.context.set_offline(False)
        phone.settled()
        expect_chip(phone, "Guardado")
        expect(phone.page.locator("#clasificacion .winner")).to_have_text(
            f"Gana Bea con {expected[4].totals[BEA]} puntos"
        )
        stored = read_game(database, token)
        assert [row.record for row in stored.sheet.rows] == [row.record for row in expected[4].rows]
        assert [row.plan for row in stored.sheet.rows] == [row.plan for row in expected[4].rows]
        assert [row.totals for row in stored.sheet.rows] == [row.totals for row in expected[4].rows]
        assert stored.sheet.finished and stored.sheet.winner == BEA
        made = phone.note_made()
        assert len(made) == TAPS_A_HAND * len(HANDS)
        assert sorted(stored.applied) == sorted(made), "the server holds other taps than the phone made"
        assert phone.drawn_parts() == phone.server_parts(), "the phone drew something else than the server"
        assert phone.error_pages == [] and phone.script_errors == []
    finally:
        phone.context.close()
