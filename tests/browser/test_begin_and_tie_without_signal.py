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

from scorekeeper.engine import TieBreak, preset_rules, score_sheet
from support.phones_offline import (
    GAME_ADDRESS,
    TAPS_A_HAND,
    TIED_THEN_BEA,
    ended_as_played,
    expect_chip,
    games_stored,
    open_phone,
    oros_record,
)

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, TableFactory

    from support.lan_server import LanServer

NAMES = ("Ana", "Bea", "Ciro")
BEA = 1
RULES = preset_rules("a_medida", custom_sizes=(1, 1, 1), tie_break=TieBreak.ONE_CARD)
HANDS = TIED_THEN_BEA  # tied after the three scheduled hands; the extra hand decides


def test_a_game_begun_without_signal_plays_its_tie_off_and_reaches_the_server_once(
    chromium: Browser, served: LanServer | LiveServer, make_table: TableFactory, request: pytest.FixtureRequest
) -> None:
    expected = [score_sheet(RULES, NAMES, 0, [oros_record(h) for h in HANDS[:n]]) for n in range(len(HANDS) + 1)]
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
        assert games_stored(database) == before + 1
        ended_as_played(phone, database, token, expected[4])
    finally:
        phone.context.close()
