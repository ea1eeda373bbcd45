"""A tie at the end of the schedule played on without signal (docs/offline.md): the phone plans each extra hand itself
and the hand panel offers it at once, with no word of waiting for the server; back online, the server stores the
same hands, the extra ones included, and the same winner, every tap once.

Three players, a custom game of two one-card hands and a one-card tie-break. The signal goes as soon as the game's
page is shown and comes back once the game is over on the phone. The game is served on this machine's address on the
local network (plain HTTP: no service worker, as at a table over Wi-Fi) and on 127.0.0.1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Browser, expect

from scorekeeper.engine import TieBreak, preset_rules, score_sheet
from support.phones_offline import (
    TAPS_A_HAND,
    TIED_THEN_BEA,
    applied_taps,
    ended_as_played,
    expect_chip,
    open_phone,
    oros_record,
)

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, TableFactory

    from support.lan_server import LanServer

NAMES = ("Ana", "Bea", "Ciro")
ANA, BEA = 0, 1
FIRST_DEALER = ANA
OPTIONS = {"custom_sizes": "1 1", "tie_break": "one_card"}
RULES = preset_rules("a_medida", custom_sizes=(1, 1), tie_break=TieBreak.ONE_CARD)


HANDS = TIED_THEN_BEA  # tied after the two scheduled hands and the first extra one; the second decides


def test_a_tie_is_played_off_without_signal_and_the_server_ends_the_same(
    chromium: Browser, served: LanServer | LiveServer, make_table: TableFactory
) -> None:
    expected = [score_sheet(RULES, NAMES, FIRST_DEALER, [oros_record(h) for h in HANDS[:n]]) for n in range(5)]
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
        ended_as_played(phone, database, token, expected[4])
    finally:
        phone.context.close()
