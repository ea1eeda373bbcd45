"""A peña's night on the room's television (1920×1080): 22 players at five tables (5 5 4 4 4), a name of twenty
letters among them. The round just drawn shows every table's players and who deals first; once hands are saved,
every table's hand and totals (the games' own) beside the night's standings, and the screen follows the tables by
itself. In light and dark: nothing scrolls, every text is drawn 28 px or more, a long name is cut inside its table
(whole in its title), and axe finds nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect
from test_axe import LANGUAGES, SPANISH_AND_ENGLISH
from test_axe_pena import ScreenChecker
from test_pena_pages import NO_SCROLL, TEXT_SIZES, TV

from support.groups import Peña, store_peña
from support.played_nights import TWENTY_TWO, draw, make_night, play
from support.table import snapshot

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory

#: The 20-letter name, cut on the screen if it must be, whole in its title.
LONG = TWENTY_TWO[0]
#: Hands saved at each table once the round is under way (the last table's game played to its end).
PLAYED = (1, 3, 6, 9, None)
#: Tables whose content is wider than their box (a name that does not stay inside its table).
SPILLING = """() => [...document.querySelectorAll('.night-table, .night-standings, .night-head')]
    .filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.id || box.className)"""


def television(make_phone: PhoneFactory, scheme: str = "light", lang: str = "es") -> Page:
    """A television in the room: 1920×1080, no touch."""
    return make_phone(
        locale=LANGUAGES[lang][0], color_scheme=scheme, viewport=TV, screen=TV, is_mobile=False, has_touch=False,
        device_scale_factor=1,
    )  # fmt: skip


def a_night(live_server: LiveServer) -> tuple[Peña, int, list[str]]:
    """A peña with a night of 22 players, its first round drawn: the peña, the night and each table's token."""
    peña, _watched = store_peña(live_server.app, [])
    number = make_night(live_server.app, peña, TWENTY_TWO)
    return peña, number, [table.token for table in draw(live_server.app, peña, number)]


def check_readable(tv: Page) -> None:
    """Nothing scrolls, every text is drawn 28 px or more, every name stays inside its box."""
    width, height = tv.evaluate(NO_SCROLL)
    assert (width, height) == (1920, 1080), (width, height)
    sizes = tv.evaluate(TEXT_SIZES)
    assert len(sizes) > 20, sizes
    small = [size for size in sizes if size[2] < 28]
    assert small == [], small
    assert tv.evaluate(SPILLING) == []
    long = tv.locator(f".who[title='{LONG}']").first
    expect(long).to_be_visible()
    assert LONG.startswith(long.inner_text().rstrip("…")), "the long name, cut at most"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_room_finds_its_seats_then_follows_every_table(
    make_phone: PhoneFactory, live_server: LiveServer, scheme: str
) -> None:
    peña, number, tokens = a_night(live_server)
    tv = television(make_phone, scheme)
    tv.goto(f"/pena/ver/{peña.look}/noche/{number}/pantalla")
    expect(tv.locator(".night-round")).to_have_text("Ronda 1 de 3")
    expect(tv.locator("#sorteo h2")).to_have_text("Sorteo de la ronda 1: busca tu mesa")
    tables = tv.locator(".night-table")
    expect(tables).to_have_count(5)
    for index, token in enumerate(tokens):
        snap = snapshot(live_server.app, token)
        table = tables.nth(index)
        expect(table.locator("h3")).to_have_text(f"Mesa {index + 1}")
        expect(table.locator(".who")).to_have_text(list(snap.names))
        expect(table.locator(".screen-facts")).to_have_text(f"Reparte primero: {snap.names[snap.first_dealer]}")
    assert [tables.nth(index).locator(".who").count() for index in range(5)] == [5, 5, 4, 4, 4]
    check_readable(tv)

    play(live_server.app, tokens[0], hands=1)  # the first hand saved: the screen turns to the round by itself
    expect(tv.locator("#sorteo")).to_have_count(0, timeout=15_000)
    expect(tables.first.locator(".screen-facts").first).to_have_text("Mano 2 de 10")
    for seed, (token, hands) in enumerate(zip(tokens[1:], PLAYED[1:], strict=True), start=2):
        play(live_server.app, token, hands=hands, seed=seed)
    expect(tables.nth(4).locator(".night-over")).to_contain_text("Terminada: gana", timeout=15_000)
    expect(tv.locator("#clasificacion .screen-row")).to_have_count(len(snapshot(live_server.app, tokens[4]).names))
    for index, token in enumerate(tokens):
        game = snapshot(live_server.app, token)
        rows = [f"{game.names[place.seat]}{place.total}" for place in game.sheet.standings.places]
        shown = tables.nth(index).locator(".screen-row")
        assert [row.inner_text().replace("\n", "").replace(" ", "") for row in shown.all()] == [
            row.replace(" ", "") for row in rows
        ], f"table {index + 1}: the game's totals, in its standings' order"
    check_readable(tv)


@pytest.mark.parametrize(("lang", "scheme"), SPANISH_AND_ENGLISH)
def test_the_nights_screen_has_no_axe_violation(
    make_phone: PhoneFactory, live_server: LiveServer, lang: str, scheme: str
) -> None:
    peña, number, tokens = a_night(live_server)
    tv = television(make_phone, scheme, lang)
    checker = ScreenChecker(tv, LANGUAGES[lang][1], only_words=lang != "es")
    checker.lang = lang
    tv.goto(f"/pena/ver/{peña.look}/noche/{number}/pantalla")
    expect(tv.locator("#sorteo")).to_have_count(1)
    checker.check_screen("the draw")
    for token, hands in zip(tokens, PLAYED, strict=True):
        play(live_server.app, token, hands=hands)
    tv.goto(f"/pena/ver/{peña.look}/noche/{number}/pantalla")
    expect(tv.locator("#clasificacion .screen-row").first).to_be_visible()
    checker.check_screen("the round being played")
    assert checker.checked == ["the draw", "the round being played"]
    assert checker.found == {}, checker.report()
