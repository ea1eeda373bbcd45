"""A whole game with the server gone, in every engine: the new-game form, open with signal, begins the game when the
server is down; its three hands end in a tie, the phone plans the extra hand and ends the game; when the server is
back the page becomes the server's and the server holds the game once. Then, the server gone again, «Revancha» on the
final page makes la revancha on the phone; its first hand is played, and it reaches the server once, linked from the
old game. Over the table's Wi-Fi (plain HTTP: the pages are asked for ahead and drawn in place) and on localhost
(the service worker gives them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.engine import TieBreak, preset_rules, schedule, score_sheet
from support.browsers import in_browsers
from support.browsers.table import PhoneTable
from support.phones_offline import TAPS_A_HAND, TIED_THEN_BEA, games_stored, oros_record
from support.server import read_game
from support.words import say_count

if TYPE_CHECKING:
    from support.lan_server import LanServer

    from .conftest import Phones

NAMES = ("Ana", "Bea", "Ciro")
RULES = preset_rules("a_medida", custom_sizes=(1, 1, 1), tie_break=TieBreak.ONE_CARD)
REMATCH_DEALER = 2
REMATCH_HAND = ((0, 0, 0), (0, 1, 0))  # la revancha's first hand: Ciro deals; bids and tricks by seat
NOT_SERVERS = "#solo-en-este-movil"  # the note of a page made on the phone: gone once the page is the server's


def waiting(table: PhoneTable, count: int) -> None:
    """The chip says ``count`` things wait (taps, and the game's creation) with no connection."""
    table.phone.wait_for_text(
        "#estado", say_count("es", "Sin conexión · %(num)s pendiente", "Sin conexión · %(num)s pendientes", count)
    )


def the_servers_page(table: PhoneTable) -> None:
    """Back online: the page becomes the server's by itself, and everything the phone made is answered."""
    table.back_online()
    table.phone.wait(f"() => !document.querySelector('{NOT_SERVERS}')", timeout=30, why="the server's page")
    table.settle()
    table.watch()


@in_browsers()
def test_a_game_begun_without_the_server_plays_its_tie_off_and_its_revancha(
    table_server: LanServer, phones: Phones
) -> None:
    server = table_server
    database = server.app.config["SQLALCHEMY_DATABASE_URI"]
    expected = [score_sheet(RULES, NAMES, 0, [oros_record(h) for h in TIED_THEN_BEA[:n]]) for n in range(5)]
    assert expected[3].standings.needs_extra_hand and expected[4].winner == 1
    phone = phones.open(server.url)
    table = PhoneTable(phone)
    phone.open("/partidas/nueva")
    assert phone.run("() => window.isSecureContext") is server.on_this_computer
    table.fill_in(NAMES, 0, "a_medida", custom_sizes="1 1 1", tie_break="one_card")
    table.ready_without_server()

    server.stop()
    token = table.begin_here()
    table.watch()
    table.answered = False
    for number, (bids, tricks) in enumerate(TIED_THEN_BEA, start=1):
        plan = expected[number - 1].next_hand
        assert plan is not None and plan.is_extra == (number == 4)
        heading = "Mano de desempate %(n)s" if plan.is_extra else "Mano %(n)s de %(total)s"
        assert table.hand_title().startswith(table.say(heading, n=number, total=3)), table.hand_title()
        table.play_hand(plan.bidding_order, "O", bids, tricks)
        waiting(table, TAPS_A_HAND * number + 1)  # the taps, and the game's creation
    assert not phone.shows("#mano") and table.say("¡Fin de la partida!") in phone.text(".flashes")
    assert games_stored(database) == 0

    server.start()
    the_servers_page(table)
    assert phone.path == f"/p/{token}"
    stored = read_game(database, token)
    assert [row.record for row in stored.sheet.rows] == [row.record for row in expected[4].rows]
    assert stored.sheet.winner == 1 and games_stored(database) == 1
    made = table.made()
    assert len(made) == TAPS_A_HAND * 4 and sorted(stored.applied) == sorted(made)

    # La revancha, the server gone again: from the final page, as the table asks for it.
    table.ready_without_server()
    server.stop()
    phone.tap("#revancha a", table.say("Revancha"))
    phone.wait(
        "() => /\\/revancha$/.test(location.pathname) && !!document.querySelector('#revancha-en-este-movil')"
        " && !document.querySelector('#revancha-en-este-movil').hidden",
        why="la revancha made on the phone",
    )
    phone.tap(f"#revancha-en-este-movil input[value='{REMATCH_DEALER}']")
    phone.tap("#revancha-en-este-movil button", table.say("Empezar"))
    rematch = table.made_game_shown()
    assert rematch != token
    assert table.say("¡Revancha! Reparte %(name)s.", name=NAMES[REMATCH_DEALER]) in phone.text(".flashes")
    table.watch()
    plan = schedule(3, REMATCH_DEALER, RULES)[0]
    table.play_hand(plan.bidding_order, "O", *REMATCH_HAND)
    waiting(table, TAPS_A_HAND + 1)

    server.start()
    the_servers_page(table)
    revancha = read_game(database, rematch)
    assert [row.record.bids for row in revancha.sheet.rows] == [REMATCH_HAND[0]]
    assert sorted(revancha.applied) == sorted(table.made()[len(made) :])
    assert games_stored(database) == 2
    assert table.script_errors() == []
