"""The computer running Pocha stopped, then killed, in the middle of a hand while a phone at the Wi-Fi address taps
on, in every engine: every tap is drawn on the phone at once, the chip says how many wait, and when the server is
back the next tap sends them all; the server ends with every tap the phone made, once, the hands as the phone
played them, and the phone never showed a browser's error page."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.engine import HandRecord, Suit, preset_rules, score_sheet
from support.browsers import in_browsers
from support.browsers.table import PhoneTable
from support.lan_server import lan_address
from support.server import ServeFactory, read_game
from support.words import say_count

if TYPE_CHECKING:
    from .conftest import Phones

NAMES = ("Ana", "Bea", "Ciro")
SIZES = (2, 1)
RULES = preset_rules("a_medida", custom_sizes=SIZES)
#: Ana deals the first hand: Bea, Ciro, then Ana bid; in the second, Bea deals.
FIRST = ((0, 1, 0), (1, 1, 0))  # bids and tricks by seat, bastos
SECOND = ((0, 0, 0), (0, 0, 1))


def waiting(table: PhoneTable, count: int) -> None:
    """The chip says the phone has no connection and ``count`` taps wait."""
    words = say_count("es", "Sin conexión · %(num)s pendiente", "Sin conexión · %(num)s pendientes", count)
    table.phone.wait_for_text("#estado", words, timeout=20)


@in_browsers()
def test_a_server_stopped_then_killed_mid_hand_loses_no_tap_and_takes_none_twice(
    serve: ServeFactory, phones: Phones, tmp_path: Path
) -> None:
    server = serve(f"sqlite:///{tmp_path / 'pocha.sqlite3'}", host=lan_address())
    phone = phones.open(server.url)
    table = PhoneTable(phone)
    token = table.start(NAMES, 0, "a_medida", custom_sizes=" ".join(map(str, SIZES)))
    address = phone.url
    table.watch()
    first = score_sheet(RULES, NAMES, 0, []).next_hand
    assert first is not None
    bids, tricks = FIRST

    table.choose_trump("B")
    server.stop()  # the laptop asleep: the phone cannot tell it from no signal
    table.answered = False
    for seat in first.bidding_order:
        table.bid(bids[seat])
    waiting(table, 3)

    server.start()
    table.answered = True
    table.tricks(first.bidding_order[0], tricks[first.bidding_order[0]])  # the next tap sends all four

    table.answered = False
    table.tricks(first.bidding_order[1], tricks[first.bidding_order[1]])
    server.kill()  # as that tap is on its way, or just answered
    table.save()
    table.choose_trump("B")
    second = score_sheet(RULES, NAMES, 0, [record(FIRST)]).next_hand
    assert second is not None
    table.bid(SECOND[0][second.bidding_order[0]])
    # The save, the trump and the bid wait; the tricks' tap too if the kill took its answer.
    phone.wait("() => document.getElementById('estado').dataset.state === 'offline'", timeout=20, why="the chip")
    assert phone.run("() => window.PochaGame.outbox.pending()") in (3, 4)

    server.start()
    table.answered = True
    for seat in second.bidding_order[1:]:
        table.bid(SECOND[0][seat])
    for seat in second.bidding_order[:-1]:
        table.tricks(seat, SECOND[1][seat])
    table.save()
    table.settle()

    expected = score_sheet(RULES, NAMES, 0, [record(FIRST), record(SECOND)])
    assert expected.finished and phone.url == address
    assert phone.run("() => window.pochaSamePage") is True, "the page was loaded again: a browser's error page?"
    assert table.chip() == table.say("Guardado")
    assert table.standings() == [NAMES[place.seat] for place in expected.standings.places]
    stored = read_game(server.database_url, token)
    assert [row.record for row in stored.sheet.rows] == [row.record for row in expected.rows]
    made = table.made()
    assert len(made) == 14, made  # the trump, three bids, two players' tricks and the save, in each hand
    assert sorted(stored.applied) == sorted(made), "the server holds other taps than the phone made"
    assert table.script_errors() == []


def record(hand: tuple[tuple[int, ...], tuple[int, ...]]) -> HandRecord:
    """A hand of bastos, no renuncio."""
    bids, tricks = hand
    return HandRecord(bids=bids, tricks=tricks, trump=Suit.BASTOS, renuncios=(0,) * len(bids))
