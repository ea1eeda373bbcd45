"""Every kind of page on a 390×844 phone of every engine, light and dark, at the table's Wi-Fi address: no sideways
scroll, every control a thumb's size (44 px), none under another element or over another control, and the page drawn
in the scheme the phone asks for. And a peña's night made, drawn and opened with its own forms, each page fitting."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest

from support.browsers import in_browsers
from support.browsers.layout import fits, layout
from support.groups import store_peña
from support.league_games import random_games
from support.paper_games import classic_game, store_game
from support.played_nights import LONG_NAMES, NAMES
from support.server import Phone as HttpPhone
from support.server import read_game
from support.words import say

if TYPE_CHECKING:
    from support.lan_server import LanServer

    from .conftest import Phones

#: Five at the table, two of them with names of 20 letters (the longest a game takes).
FIVE = (*LONG_NAMES[:2], "Ana", "Bea", "Ciro")


@in_browsers()
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_kind_of_page_fits_the_phone(scheme: str, engine: str, lan_server: LanServer, phones: Phones) -> None:
    database = lan_server.app.config["SQLALCHEMY_DATABASE_URI"]
    keeper = HttpPhone(lan_server.url)
    token = keeper.start_game(FIVE, 0, "clasica")
    watch = read_game(database, token).watch_token
    finished, _watch = store_game(lan_server.app, FIVE, classic_game(5))
    phone = phones.open(lan_server.url, dark=scheme == "dark")

    for address in ("/", "/partidas/nueva", "/historial", "/simulador"):
        phone.open(address)
        fits(phone, address)
    phone.open(f"/p/{token}")
    fits(phone, "a game's first hand: the trump", least_controls=6)
    keeper.tap_ok("pinta", value="E")
    for seat in (1, 2, 3, 4):  # every bid but the dealer's: the forbidden bid and its reason
        keeper.tap_ok("apuesta", seat, 0)
    phone.reload()
    assert phone.shows("#forbidden-reason")
    fits(phone, "the dealer's bid", least_controls=3)
    keeper.tap_ok("apuesta", 0, 0)
    keeper.tap_ok("bazas", 1, 1)
    phone.reload()
    fits(phone, "the tricks", least_controls=10)
    phone.open(f"/ver/{watch}")
    fits(phone, "the watchers' page")
    phone.open(f"/p/{finished}")
    assert phone.shows("#resumen-chat")
    fits(phone, "a finished game", least_controls=5)


@in_browsers()
def test_a_nights_pages_made_with_their_forms_fit_the_phone(lan_server: LanServer, phones: Phones) -> None:
    peña, _watched = store_peña(lan_server.app, random_games(random.Random(6), 6))
    phone = phones.open(lan_server.url)
    phone.open(f"/pena/{peña.manage}")
    fits(phone, "the peña's page", least_controls=3)
    phone.tap_to_load("#noches a.button")
    fits(phone, "a new night", least_controls=5)
    for player in range(3):
        phone.tap(f".night-players li:nth-child({player + 1}) label")
    phone.type("#new_names", f"{LONG_NAMES[2]}\n{NAMES[9]}")
    phone.tap_to_load("form.new-night button[type=submit]")
    assert say("es", "Noche creada: %(players)s jugadores, %(tables)s.", players=5, tables="una mesa de 5") in (
        phone.text(".flash")
    ), phone.text(".flash")
    phone.tap_to_load("form.night-draw button")
    assert phone.text("#estado-noche") == say("es", "Ronda %(n)s de %(total)s", n=1, total=3)
    assert phone.count(".night-seats li") == 5
    fits(phone, "the night, drawn", least_controls=3)
    phone.open(f"/pena/ver/{peña.look}")
    fits(phone, "the lookers' peña")
    phone.open(f"/pena/{peña.manage}")
    phone.tap_to_load("#noches a[href*='/noche/']")
    phone.tap_to_load(".table-keep")
    assert phone.shows("#hand-title")
    fits(phone, "a table's game", least_controls=4)


@in_browsers("chromium")
def test_the_check_sees_a_small_a_covered_and_an_overlapping_control_and_a_sideways_scroll(
    lan_server: LanServer, phones: Phones
) -> None:
    phone = phones.open(lan_server.url)
    phone.open("/")
    assert layout(phone).fits
    phone.run(  # styled through the CSSOM: the page's CSP refuses style attributes
        """() => {
          const make = (tag, css, parent = document.body) => {
            const el = parent.insertBefore(document.createElement(tag), parent.firstChild);
            el.style.cssText = css; return el; };
          make('button', 'all:unset;display:block;width:30px;height:30px').id = 'small';
          const box = make('div', 'position:relative;height:60px');
          make('div', 'position:absolute;inset:0;background:red', box);
          make('button', 'all:unset;display:block;width:50px;height:50px', box).id = 'under';
          const pair = make('div', 'position:relative;height:60px');
          make('button', 'all:unset;position:absolute;left:0;width:50px;height:50px', pair);
          make('button', 'all:unset;position:absolute;left:10px;width:50px;height:50px', pair);
          make('div', 'width:600px;height:1px;flex:none');
        }"""
    )
    found = layout(phone)
    assert found.width > found.screen and not found.fits
    assert any(small.startswith("button#small") for small in found.small), found.small
    assert any(covered.startswith("button#under") for covered, _hit in found.covered), found.covered
    assert len(found.overlapping) >= 1, found.overlapping
