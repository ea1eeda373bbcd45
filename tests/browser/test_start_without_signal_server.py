"""A game begun without signal whose creation goes wrong on its way (docs/offline.md): the server killed (SIGKILL) as
the creation arrives, and a creation the server made whose answer never reached the phone. Either way the phone
sends it again and the server holds the game once, with every tap once. A real server process on this computer
(`localhost`, where the service worker runs)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Route, expect

from scorekeeper.engine import preset_rules, schedule
from support.phones_offline import PhoneAtTable, applied_taps, begin_without_signal, open_phone
from support.server import read_game

if TYPE_CHECKING:
    from tests.browser.conftest import TableFactory

    from support.server import ServeFactory, ServerProcess

pytestmark = pytest.mark.slow

NAMES = ("Ana", "Bea", "Ciro")
BIDS, TRICKS = (1, 1, 0), (0, 1, 0)  # hand 1 of the quick game, one card; Ana deals and may not bid 0
TAPS = 7


@pytest.fixture
def server(serve: ServeFactory, tmp_path) -> ServerProcess:  # type: ignore[no-untyped-def]
    """A real server on this computer, reached at http://localhost:<port>."""
    return serve(f"sqlite:///{tmp_path / 'pocha.sqlite3'}", host="127.0.0.1", name="localhost")


def begin_offline(phone: PhoneAtTable, make_table: TableFactory) -> str:
    """Begin the quick game of three without signal and play its first hand: the game's token."""
    token = begin_without_signal(phone, NAMES, 0, "rapida")
    plan = schedule(3, 0, preset_rules("rapida"))[0]
    make_table(phone.page, answered=False).play_hand(1, NAMES, plan.bidding_order, "O", BIDS, TRICKS)
    return token


def wait_until(phone: PhoneAtTable, happened: Callable[[], bool], seconds: float = 15) -> None:
    """Let the phone run (its routes answer only while the test waits on it) until ``happened()``."""
    for _ in range(int(seconds * 10)):
        if happened():
            return
        phone.page.wait_for_timeout(100)
    pytest.fail("the phone did not send the creation")


def made_once(phone: PhoneAtTable, server: ServerProcess, token: str) -> None:
    """The page became the server's, and the server holds the game once with every tap once."""
    expect(phone.page.locator("#solo-en-este-movil")).to_have_count(0, timeout=30_000)
    phone.settled()
    stored = read_game(server.database_url, token)
    assert [row.record.bids for row in stored.sheet.rows] == [BIDS]
    applied = applied_taps(server.database_url, token)
    assert len(applied) == TAPS and sorted(applied) == sorted(phone.note_made())
    assert phone.error_pages == [] and phone.script_errors == []


def test_the_server_killed_as_the_creation_arrives(
    chromium: Browser, server: ServerProcess, make_table: TableFactory
) -> None:
    phone = open_phone(chromium, server.url)
    try:
        token = begin_offline(phone, make_table)
        killed: list[str] = []

        def kill_on_the_first(route: Route) -> None:
            if killed:
                route.continue_()
                return
            killed.append(route.request.url)
            server.kill()  # SIGKILL, as the creation reaches it
            route.abort("connectionreset")

        phone.context.route("**/crear", kill_on_the_first)
        phone.context.set_offline(False)
        wait_until(phone, lambda: bool(killed))
        server.start()
        phone.retry_now()
        made_once(phone, server, token)
    finally:
        phone.context.close()


def test_a_creation_whose_answer_was_lost_is_made_once(
    chromium: Browser, server: ServerProcess, make_table: TableFactory
) -> None:
    phone = open_phone(chromium, server.url)
    try:
        token = begin_offline(phone, make_table)
        lost: list[int] = []

        def lose_the_first_answer(route: Route) -> None:
            if lost:
                route.continue_()
                return
            answer = route.fetch()  # the server makes the game...
            lost.append(answer.status)
            route.abort("connectionreset")  # ...and its answer never reaches the phone

        phone.context.route("**/crear", lose_the_first_answer)
        phone.context.set_offline(False)
        wait_until(phone, lambda: bool(lost))
        assert lost == [201]
        assert len(read_game(server.database_url, token).sheet.rows) == 0  # made, none of its taps yet
        phone.retry_now()
        made_once(phone, server, token)
    finally:
        phone.context.close()
