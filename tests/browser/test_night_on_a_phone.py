"""A peña's night on a phone (390×844), in Spanish and English, light and dark: the new night's form (empty and
refused), the manager's page of a night being played (a table finished, its standings, the panel for the next round)
and of one just drawn («Deshacer el sorteo»), and the lookers' page pass axe-core with no violation, fit the phone
and give every control a thumb's size (44 px). And the night is made and its first round drawn, undone and drawn
again with the forms themselves, CSRF and all; each first load is as light as every page's (test_page_weight.py)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect
from test_axe import LANGUAGES, SPANISH_AND_ENGLISH, Checker
from test_page_weight import MAX_BYTES, MAX_REQUESTS, first_load

from support.groups import Peña, store_peña
from support.league_games import random_games
from support.played_nights import LONG_NAMES, NAMES, draw, make_night, play

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory

#: Thirteen at the night, three with names of 20 letters (the longest a game takes).
PLAYERS = (*LONG_NAMES, *NAMES[:10])
#: How many controls are drawn, and those smaller than a thumb (44 px): buttons, links drawn as buttons, fields, the summaries that open a
#: player's rounds, and each box or radio by the label that holds it (the label is what a thumb taps).
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'main a.button, main button, main select, main textarea, main summary, main input:not([type=hidden])')]
    .map((el) => (el.type === 'checkbox' || el.type === 'radio') ? el.closest('label') : el)
    .filter((el) => el.getBoundingClientRect().width > 1)
    .reduce(([seen, small], el) => {
        const b = el.getBoundingClientRect();
        return [seen + 1, b.height < 44 || b.width < 44 ? [...small, el.outerHTML.slice(0, 80)] : small];
    }, [0, []])"""
WIDTH = "() => document.documentElement.scrollWidth"


def night_being_played(live_server: LiveServer) -> tuple[Peña, int]:
    """A peña of random games and a night of 13: its first round drawn, its first table finished."""
    peña, _watched = store_peña(live_server.app, random_games(random.Random(5), 8))
    number = make_night(live_server.app, peña, PLAYERS, name="Viernes de club")
    tables = draw(live_server.app, peña, number)
    play(live_server.app, tables[0].token)
    return peña, number


def fits_the_phone(page: Page) -> None:
    """Nothing wider than the phone, every control a thumb's size."""
    assert page.evaluate(WIDTH) <= 390, f"the page is {page.evaluate(WIDTH)} px wide"
    seen, small = page.evaluate(SMALL_TARGETS)
    assert seen >= 5 and small == [], (seen, small)


@pytest.mark.parametrize(("lang", "scheme"), SPANISH_AND_ENGLISH)
def test_the_nights_pages_have_no_axe_violation_and_fit_a_phone(
    make_phone: PhoneFactory, live_server: LiveServer, lang: str, scheme: str
) -> None:
    locale, word = LANGUAGES[lang]
    page = make_phone(locale=locale, color_scheme=scheme)
    checker = Checker(page, word, only_words=lang != "es")
    peña, number = night_being_played(live_server)

    checker.visit("new night", f"/pena/{peña.manage}/noche/nueva")
    fits_the_phone(page)
    page.locator("#new_names").fill("Ana\nana")
    with page.expect_navigation():
        page.locator("form.new-night button[type=submit]").tap()
    expect(page.locator("#players-error")).to_be_visible()
    checker.check("new night, refused")
    fits_the_phone(page)
    checker.visit("the manager's night", f"/pena/{peña.manage}/noche/{number}")
    expect(page.locator(".night-table")).to_have_count(3)
    expect(page.locator(".night-player")).to_have_count(5)  # the first table, of five, is finished
    page.locator(".night-rounds summary").first.tap()
    checker.check("the manager's night, a player's rounds open")
    fits_the_phone(page)
    just_drawn = make_night(live_server.app, peña, PLAYERS, name="Sábado")
    draw(live_server.app, peña, just_drawn)
    checker.visit("the manager's night just drawn, its draw can be undone", f"/pena/{peña.manage}/noche/{just_drawn}")
    expect(page.locator("form.night-undo button")).to_be_visible()
    fits_the_phone(page)
    checker.visit("the lookers' night", f"/pena/ver/{peña.look}/noche/{number}")
    expect(page.locator(".table-keep")).to_have_count(0)
    fits_the_phone(page)
    checker.visit("the peña with its nights", f"/pena/{peña.manage}")
    assert len(checker.checked) == 7
    assert checker.found == {}, checker.report()


def test_a_night_is_made_and_drawn_with_the_forms_on_a_phone(make_phone: PhoneFactory, live_server: LiveServer) -> None:
    peña, _watched = store_peña(live_server.app, random_games(random.Random(6), 6))
    page = make_phone()
    page.goto(f"/pena/{peña.manage}")
    with page.expect_navigation():
        page.locator("#noches a.button").tap()
    for label in page.locator(".night-players label").all()[:3]:
        label.tap()
    page.locator("#new_names").fill("Zoe\nYago")
    with page.expect_navigation():
        page.locator("form.new-night button[type=submit]").tap()
    expect(page.locator(".flash")).to_contain_text("Noche creada: 5 jugadores, una mesa de 5.")
    with page.expect_navigation():
        page.locator("form.night-draw button").tap()
    expect(page.locator("#estado-noche")).to_have_text("Ronda 1 de 3")
    expect(page.locator(".night-seats li")).to_have_count(5)
    with page.expect_navigation():
        page.locator("form.night-undo button").tap()  # drawn by mistake: undone before anyone plays
    expect(page.locator(".flash").first).to_contain_text("Sorteo de la ronda 1 deshecho")
    expect(page.locator("#estado-noche")).to_have_text("Sin sortear")
    with page.expect_navigation():
        page.locator("form.night-draw button").tap()
    expect(page.locator(".night-seats li")).to_have_count(5)
    with page.expect_navigation():
        page.locator(".table-keep").tap()
    expect(page.locator("h2#hand-title")).to_be_visible()


def test_the_nights_pages_are_light_on_the_wire(make_phone: PhoneFactory, live_server: LiveServer) -> None:
    """A first load of each night's page, with its 13 players and a table's standings, within the house's limits."""
    peña, number = night_being_played(live_server)
    for address in (
        f"/pena/{peña.manage}/noche/nueva",
        f"/pena/{peña.manage}/noche/{number}",
        f"/pena/ver/{peña.look}/noche/{number}",
    ):
        phone = make_phone()  # a new context: an empty cache
        load = first_load(phone, address)
        assert load.fetches[0].status == 200 and load.fetches[0].encoding in ("gzip", "br"), load.fetches[0]
        assert len(load.fetches) <= MAX_REQUESTS and load.body_bytes <= MAX_BYTES, (address, load.fetches)
        phone.context.close()
