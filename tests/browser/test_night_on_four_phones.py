"""A peña's night of 13 over two rounds, on four phones on the Wi-Fi's address (an insecure context, as at a club):
the manager's phone makes the peña and the night with the forms (twelve came; Mar arrives for round 2), draws each
round and hands each table its scorekeeper's address; three phones, one per table, open their table's game and keep
its score with taps, hand 1 on the phone (the rest of each game is saved by the engine's bots, quicker); the third
table's phone keeps round 2's hand 1 without signal, and its taps reach the server when the signal comes back. After
each round the manager's page ranks the night exactly as storage counts it, and at the end the lookers' page shows the
same night with no control at all."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Locator, Page, expect

from scorekeeper.storage import groups, nights, store
from support.phones_offline import expect_chip, open_phone
from support.played_nights import play

if TYPE_CHECKING:
    from playwright.sync_api import Browser
    from tests.browser.conftest import PhoneFactory, Table, TableFactory

    from support.lan_server import LanServer

FIRST = ("Ana", "Bea", "Carlos", "Dani", "Eva", "Fermín", "Gema", "Hugo", "Inés", "Javi", "Koldo", "Lucía")
LATE = "Mar"
#: A seat's name as the round's list writes it, without «(reparte)» after the first dealer's.
SEAT_NAME = "(el) => el.firstChild.textContent.trim()"


def tables_of(manager: Page, number: int) -> Locator:
    """Round ``number``'s tables on the night's page."""
    return manager.locator(f"#ronda-{number} .night-table")


def seats_of(table: Locator) -> tuple[list[str], int]:
    """A drawn table's players in seat order and its first dealer's seat, as the night's page lists them."""
    seats = table.locator(".night-seats li")
    names = [seats.nth(i).evaluate(SEAT_NAME) for i in range(seats.count())]
    dealer = [i for i in range(seats.count()) if seats.nth(i).locator(".dealer-mark").count()]
    assert len(dealer) == 1, dealer
    return names, dealer[0]


def keep_first_hand(table: Table, names: list[str], dealer: int) -> None:
    """Keep hand 1 (one card) on the table's phone: everyone bids 0 (the dealer may: 0 is not 1), la mano takes the
    trick."""
    order = [(dealer + 1 + i) % len(names) for i in range(len(names))]
    tricks = [1 if seat == order[0] else 0 for seat in range(len(names))]
    table.play_hand(1, names, order, "O", [0] * len(names), tricks)


def standings_on(page: Page) -> list[tuple[str, str, str]]:
    """The night's standings as a page shows them: (place, name, place points)."""
    lines = page.locator("#clasificacion-noche .night-player")
    read = [
        [line.locator(part).first.inner_text().strip() for part in (".position", ".name", ".score")]
        for line in lines.all()
    ]
    return [(place, name, score.split()[-1]) for place, name, score in read]  # the score after its hidden label


def saved_hands(server: LanServer, token: str) -> int:
    """How many hands of the game ``token`` the server keeps."""
    with server.app.app_context():
        game = store.find_game(token)
        assert game is not None
        return len([hand for hand in game.hands if hand.complete])


def counted(server: LanServer, manage: str) -> list[tuple[str, str, str]]:
    """The night's standings as storage counts them from its games, written as the Spanish page writes them."""
    with server.app.app_context():
        group = groups.find_group(manage)
        assert group is not None
        lines = nights.standings(nights.night_for(group, 1))
        return [(str(line.place), line.player, f"{float(line.score):.2f}".replace(".", ",")) for line in lines]


def test_a_night_of_thirteen_over_two_rounds_on_four_phones(
    lan_server: LanServer, make_lan_phone: PhoneFactory, make_table: TableFactory, chromium: Browser
) -> None:
    manager = make_lan_phone()
    manager.goto("/pena/nueva")
    manager.get_by_label("Nombre de la peña").fill("Los viernes")
    with manager.expect_navigation():
        manager.get_by_role("button", name="Crear la peña").tap()
    manage = manager.url.rstrip("/").rsplit("/", 1)[-1]

    with manager.expect_navigation():
        manager.get_by_role("link", name="Nueva noche").tap()
    manager.get_by_label("Nombre de la noche").fill("Viernes de pocha")
    manager.get_by_label("Nombres nuevos, uno por línea").fill("\n".join(FIRST))
    manager.get_by_label("Rondas").select_option("2")
    with manager.expect_navigation():
        manager.get_by_role("button", name="Crear la noche").tap()
    expect(manager.locator(".flashes")).to_contain_text("12 jugadores")
    assert manager.url.endswith(f"/pena/{manage}/noche/1"), manager.url

    far = open_phone(chromium, lan_server.url)  # the third table's phone: it loses the signal in round 2
    tables = [make_table(make_lan_phone()), make_table(make_lan_phone()), make_table(far.page, answered=False)]
    for number, sizes in ((1, [4, 4, 4]), (2, [5, 4, 4])):
        if number == 2:  # Mar comes in late, between the rounds
            manager.get_by_label("Quién llega").fill(LATE)
            with manager.expect_navigation():
                manager.get_by_role("button", name="Llega alguien").tap()
            expect(manager.locator(".night-present")).to_contain_text(LATE)
        with manager.expect_navigation():
            manager.get_by_role("button", name=f"Sortear la ronda {number}").tap()
        drawn = tables_of(manager, number)
        expect(drawn).to_have_count(3)
        seated: list[str] = []
        tokens = []
        for index, table in enumerate(tables):
            names, dealer = seats_of(drawn.nth(index))
            seated += names
            address = drawn.nth(index).locator("a.table-keep").get_attribute("href") or ""
            tokens.append(address.rsplit("/", 1)[-1])
            table.page.goto(address)  # as if the table had scanned its QR
            offline = number == 2 and table.page is far.page
            if offline:
                far.context.set_offline(True)
            keep_first_hand(table, names, dealer)
            if offline:
                expect_chip(far, re.compile(r"^Sin conexión · \d+ pendientes$"))
                assert saved_hands(lan_server, tokens[-1]) == 0, "nothing reached the server without signal"
                far.context.set_offline(False)
            if table.page is far.page:
                far.settled()  # every tap of hand 1 on the server
            assert saved_hands(lan_server, tokens[-1]) == 1
        assert sorted(len(seats_of(drawn.nth(i))[0]) for i in range(3)) == sorted(sizes)
        assert sorted(seated) == sorted(FIRST + ((LATE,) if number == 2 else ())), "everyone seated once"

        # Until every table finishes, the next round waits; the standings count the finished tables only.
        for seed, token in enumerate(tokens, start=10 * number):
            play(lan_server.app, token, seed=seed)  # the rest of the table's game, by the bots
            manager.reload()
            assert standings_on(manager) == counted(lan_server, manage)
        for table in tables:  # each table's phone, reloaded, shows its game over
            table.page.reload()
            expect(table.page.locator(".winner")).to_contain_text("Gana ")
        assert len(standings_on(manager)) == (12 if number == 1 else 13)
        for table, token in zip(tables, tokens, strict=True):  # each phone only ever kept its own table's game
            assert token in table.page.url

    expect(manager.locator("#estado-noche")).to_have_text("Noche terminada")
    look_address = manager.get_by_role("link", name="Página para mirar la noche (compártela)").get_attribute("href")
    assert look_address and "/pena/ver/" in look_address
    looker = tables[0].page
    looker.goto(look_address)
    assert standings_on(looker) == counted(lan_server, manage)
    expect(looker.locator("main form")).to_have_count(0)
    expect(looker.locator("a.table-keep")).to_have_count(0)
    expect(looker.locator(".night-table")).to_have_count(6)
