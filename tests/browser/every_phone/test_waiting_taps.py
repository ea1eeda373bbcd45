"""Taps that wait on a phone with no server to take them, in every engine (docs/offline.md, «What differs by engine»):
a phone may clear what a site keeps (Safari after days without a visit, unless Pocha is on the home screen), so the
taps are sent as soon as any page of Pocha loads with a connection, not only the game's own; where the browser has
persistent storage (HTTPS, this computer) it is asked for as soon as taps wait; and taps that have waited long are
said so on the page, with how long."""

from __future__ import annotations

from typing import TYPE_CHECKING

from support.browsers import in_browsers
from support.browsers.table import PhoneTable
from support.server import read_game
from support.words import say, say_count

if TYPE_CHECKING:
    from support.lan_server import LanServer

    from .conftest import Phones

NAMES = ("Ana", "Bea", "Ciro")
#: Ana deals the first hand of two cards: Bea, Ciro, then Ana bid.
ORDER = (1, 2, 0)
WAITED_LONG = (
    "Hay anotaciones solo en este móvil desde hace %(time)s: "
    "no borres los datos del navegador hasta que se guarden con conexión."
)


def game_of_three(table: PhoneTable) -> str:
    """A game of three with hands of two cards, its trump said: the token."""
    token = table.start(NAMES, 0, "a_medida", custom_sizes="2 2")
    table.watch()
    table.choose_trump("O")
    return token


def bids_stored(server: LanServer, token: str) -> tuple[int | None, ...]:
    """The bids of hand 1 as the server holds them."""
    hand = read_game(server.app.config["SQLALCHEMY_DATABASE_URI"], token).hand(1)
    return tuple(hand.bids) if hand is not None else ()


@in_browsers()
def test_taps_left_waiting_are_sent_from_any_page_with_a_connection(lan_server: LanServer, phones: Phones) -> None:
    phone = phones.open(lan_server.url)
    table = PhoneTable(phone)
    token = game_of_three(table)
    lan_server.stop()
    table.answered = False
    table.bid(0)
    table.bid(1)
    made = table.made()
    phone.wait("() => window.PochaGame.outbox.failed", why="the taps unanswered")
    phone.open("about:blank")  # the game's page closed, its two bids kept on the phone

    lan_server.start()
    phone.open("/")  # any page of Pocha, with a connection
    phone.wait(
        "(key) => JSON.parse(localStorage.getItem(key)).queue.length === 0", f"pocha:outbox:/p/{token}", why="sent"
    )
    stored = read_game(lan_server.app.config["SQLALCHEMY_DATABASE_URI"], token)
    assert sorted(stored.applied) == sorted(made) and len(made) == 3  # the trump, and the two bids
    assert bids_stored(lan_server, token) == (None, 0, 1)
    phone.open(f"/p/{token}")
    assert table.prompt() == table.say("¿Cuántas pide %(name)s?", name="Ana")


@in_browsers()
def test_taps_that_wait_long_are_said_and_their_storage_asked_to_be_kept(
    loopback_server: LanServer, phones: Phones
) -> None:
    phone = phones.open(loopback_server.url)
    table = PhoneTable(phone)
    token = game_of_three(table)
    asking = phone.run(  # whether the page asks the browser to keep its storage, where the browser can
        """() => { window.keepAsked = 0; const storage = navigator.storage;
                   if (!storage || !storage.persist) return false;
                   storage.persist = () => { window.keepAsked += 1; return Promise.resolve(false); };
                   return true; }"""
    )
    loopback_server.stop()
    table.answered = False
    table.bid(0)
    phone.wait("() => window.PochaGame.outbox.failed", why="the tap unanswered")
    assert not phone.shows("#espera"), "said before it waited long"
    if asking:
        phone.wait("() => window.keepAsked === 1", why="the storage asked to be kept")
    phone.run("() => { window.PochaGame.outbox.queue[0].at -= 3 * 3600 * 1000; }")  # made three hours ago
    table.bid(1)
    three_hours = say_count("es", "%(num)s hora", "%(num)s horas", 3)
    phone.wait_for_text("#espera", say("es", WAITED_LONG, time=three_hours), timeout=20)

    loopback_server.start()
    table.answered = True
    table.back_online()
    table.settle()
    assert not phone.shows("#espera"), "still said once the server has the taps"
    assert bids_stored(loopback_server, token) == (None, 0, 1)
    assert phone.run("() => window.keepAsked") == (1 if asking else 0), "asked more than once a page"
