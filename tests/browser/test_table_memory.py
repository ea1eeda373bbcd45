"""The table's memory on a 390×844 phone, taps counted: la revancha from the final page, a second game's names from
the names used before, Enter in a name box, the schedule following the preset, watchers offered the revancha, a
phone's list carried to another phone; and axe on every new page in both languages and both colour schemes."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Locator, Page, expect
from test_axe import LANGUAGES, SPANISH_AND_ENGLISH, Checker

from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog, Table

FOUR = ("Ana", "Bea", "Ciro", "Dani")


class Taps:
    """Every tap a test makes, counted (the figures the report gives)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, target: Locator, navigates: bool = False) -> None:
        """Tap ``target`` (waiting for the page it opens with ``navigates``)."""
        self.count += 1
        if navigates:
            with target.page.expect_navigation():
                target.tap()
        else:
            target.tap()


def test_la_revancha_is_two_taps_from_the_final_page(phone: Page, live_server: LiveServer, phone_log: PhoneLog) -> None:
    token, _watch = store_game(live_server.app, FOUR, classic_game(4, first_dealer=1), first_dealer=1)
    phone.goto(f"/p/{token}")
    expect(phone.locator("#revancha")).to_be_visible()
    tap = Taps()
    tap(phone.locator("#revancha a.button-big"), navigates=True)
    expect(phone.get_by_role("radio", name="Ciro")).to_be_checked()  # one seat on from Bea
    tap(phone.get_by_role("button", name="Empezar", exact=True), navigates=True)
    assert tap.count == 2
    print(f"\nrevancha: {tap.count} taps from the final page to the new game's first tap")
    assert re.search(r"/p/[^/]+$", phone.url) and token not in phone.url
    expect(phone.locator(".flashes")).to_contain_text("¡Revancha! Reparte Ciro.")
    first_tap = phone.locator("#mano button.suit-O")
    expect(first_tap).to_be_visible()
    box = first_tap.bounding_box()
    assert box is not None and box["height"] >= 44
    assert phone_log.errors == []


def test_a_second_games_names_come_from_the_first_in_four_taps_without_typing(
    table: Table, phone: Page, phone_log: PhoneLog
) -> None:
    table.start(FOUR, 0)
    phone.goto("/")
    tap = Taps()
    with phone.expect_navigation():
        phone.get_by_role("link", name="Nueva partida").tap()
    chips = phone.locator(".name-suggestions .chip")
    expect(chips).to_have_count(4)
    for name in FOUR:
        chip = phone.locator(".name-suggestions .chip", has_text=name)
        box = chip.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
        tap(chip)
    assert tap.count == 4
    print(f"\nnames of a second game: {tap.count} taps, no typing")
    assert [phone.locator(f"#names-{i}").input_value() for i in range(4)] == list(FOUR)
    expect(phone.locator(".name-suggestions li:visible")).to_have_count(0)
    assert phone.locator("#first_dealer option").all_inner_texts() == ["Al azar", *FOUR]
    assert "/partidas/nueva" in phone.url, "no round trip"
    with phone.expect_navigation():
        phone.get_by_role("button", name="Empezar la partida").tap()
    assert "/p/" in phone.url
    assert phone_log.errors == []


def test_suggestions_match_without_accents_or_case_and_complete_the_name_being_typed(table: Table, phone: Page) -> None:
    table.start(("María José", "Bea", "Ciro"), 0)
    phone.goto("/partidas/nueva")
    phone.locator("#names-0").fill("Bea")
    phone.locator("#names-1").fill("maria jose")
    visible = phone.locator(".name-suggestions li:visible .chip")
    expect(visible).to_have_text(["María José"])
    visible.first.tap()
    expect(phone.locator("#names-1")).to_have_value("María José")
    expect(phone.locator(".name-suggestions li:visible .chip")).to_have_text(["Ciro"])


def test_enter_in_a_name_box_moves_to_the_next_and_never_sends_the_form(phone: Page, phone_log: PhoneLog) -> None:
    phone.goto("/partidas/nueva")
    address = phone.url
    phone.locator("#names-0").fill("Ana")
    phone.locator("#names-0").press("Enter")
    expect(phone.locator("#names-1")).to_be_focused()
    phone.keyboard.type("Bea")
    phone.keyboard.press("Enter")
    expect(phone.locator("#names-2")).to_be_focused()
    phone.keyboard.type("Ciro")
    phone.keyboard.press("Enter")
    phone.keyboard.type("Dani")
    phone.keyboard.press("Enter")  # the last row shown holds a name: the next one opens
    expect(phone.locator("#names-4")).to_be_focused()
    phone.keyboard.press("Enter")  # an empty last row: on to the first dealer
    expect(phone.locator("#first_dealer")).to_be_focused()
    assert phone.url == address, "Enter sent nothing"
    assert phone.locator("#first_dealer option").all_inner_texts() == ["Al azar", "Ana", "Bea", "Ciro", "Dani"]
    assert phone_log.errors == []


def test_the_name_box_stops_at_the_longest_name_and_says_so(phone: Page) -> None:
    phone.goto("/partidas/nueva")
    box = phone.locator("#names-0")
    box.press_sequentially("Maximiliano Fernánd")  # 19 letters
    expect(phone.locator("#names-0-limit")).to_have_text("Quedan 1 letras")
    box.press_sequentially("ezzzz")
    expect(box).to_have_value("Maximiliano Fernánde")
    expect(phone.locator("#names-0-limit")).to_have_text("Ya no caben más letras: como mucho 20")


def test_the_schedule_follows_the_preset_and_the_options_at_once(phone: Page, phone_log: PhoneLog) -> None:
    phone.goto("/partidas/nueva")
    address = phone.url
    schedule = phone.locator("#calendario")
    expect(schedule).to_contain_text("28 manos con 4 jugadores")
    phone.locator("#preset").select_option("rapida")
    expect(schedule).to_contain_text("10 manos con 4 jugadores")
    expect(schedule).to_contain_text("Diez manos con cualquier número de jugadores")
    phone.locator("#preset").select_option("corta")
    expect(schedule).to_contain_text("22 manos con 4 jugadores")
    phone.locator("details.more-options summary").tap()
    phone.locator("#closing_ones").select_option("none")
    expect(schedule).to_contain_text("21 manos con 4 jugadores")
    for i, name in enumerate(("Ana", "Bea", "Ciro", "Dani", "Eva")):
        if not phone.locator(f"#names-{i}").is_visible():
            phone.get_by_role("button", name="Añadir jugador").tap()
        phone.locator(f"#names-{i}").fill(name)
    expect(schedule).to_contain_text("con 5 jugadores")
    assert phone.url == address, "no page was loaded"
    assert phone_log.errors == []


def test_watchers_are_offered_la_revancha_on_their_page(make_phone: PhoneFactory, live_server: LiveServer) -> None:
    token, watch = store_game(live_server.app, FOUR, classic_game(4))
    scorekeeper, watcher = make_phone(), make_phone()
    watcher.goto(f"/ver/{watch}")
    expect(watcher.locator("#revancha-empezada")).to_have_count(0)
    scorekeeper.goto(f"/p/{token}/revancha")
    with scorekeeper.expect_navigation():
        scorekeeper.get_by_role("button", name="Empezar", exact=True).tap()
    notice = watcher.locator("#revancha-empezada")
    expect(notice).to_contain_text("Ha empezado la revancha", timeout=8000)
    with watcher.expect_navigation():
        notice.get_by_role("link", name="Mirar la revancha").tap()
    assert "/ver/" in watcher.url and watch not in watcher.url
    expect(watcher.locator("#mano")).to_be_visible()


def test_a_phones_list_is_carried_to_another_phone(make_phone: PhoneFactory, live_server: LiveServer) -> None:
    token, _watch = store_game(live_server.app, FOUR, classic_game(4))
    old, new = make_phone(), make_phone()
    old.goto(f"/p/{token}")
    old.goto("/llevar")
    link = urlsplit(old.locator("#moving-link").input_value())
    new.goto(f"{link.path}?{link.query}")  # the same server (the link names the LAN address)
    expect(new.locator("#se-anade")).to_contain_text("Ana, Bea, Ciro, Dani")
    with new.expect_navigation():
        new.get_by_role("button", name=re.compile("Añadir")).tap()
    expect(new.locator(".game-list")).to_contain_text("Ana, Bea, Ciro, Dani")


@pytest.mark.parametrize(("lang", "scheme"), SPANISH_AND_ENGLISH)
def test_every_new_page_has_no_axe_violation(
    make_phone: PhoneFactory, live_server: LiveServer, lang: str, scheme: str
) -> None:
    locale, word = LANGUAGES[lang]
    page = make_phone(locale=locale, color_scheme=scheme)
    checker = Checker(page, word, only_words=lang != "es")
    finished, watch = store_game(live_server.app, FOUR, classic_game(4))
    playing, _playing_watch = store_game(live_server.app, ("Eva", "Fede", "Gema"), ())
    deleted, deleted_watch = store_game(live_server.app, ("Hugo", "Irene", "Juan"), ())

    checker.visit("final page with la revancha", f"/p/{finished}")
    page.locator("#dejar summary").tap()
    checker.check("final page, leaving panel open")
    checker.visit("la revancha", f"/p/{finished}/revancha")
    checker.visit("la revancha, not yet", f"/p/{playing}/revancha")
    checker.visit("delete, asked", f"/p/{playing}/borrar")
    page.goto(f"/p/{playing}")
    page.locator("#dejar summary").tap()
    checker.check("game page, leaving panel open")
    with page.expect_navigation():
        page.locator("#dejar button[type=submit]").tap()
    checker.check("a left game")
    checker.visit("new game with names used before", "/partidas/nueva")
    page.locator("#names-0").press_sequentially("Maximiliano Fernández")
    page.locator("#preset").select_option("rapida")
    expect(page.locator("#calendario")).to_contain_text("10")
    checker.check("new game, a long name, the quick game")
    page.goto(f"/p/{finished}/revancha")
    with page.expect_navigation():
        page.locator("button.rematch-start").tap()
    checker.visit("watchers of a game with its revancha", f"/ver/{watch}")
    checker.visit("home with finished games", "/")
    page.goto(f"/p/{deleted}/borrar")
    with page.expect_navigation():
        page.locator(".delete-form button").tap()
    checker.visit("a deleted game's watch link", f"/ver/{deleted_watch}")
    checker.visit("moving, the link", "/llevar")
    link = urlsplit(page.locator("#moving-link").input_value())
    checker.visit("moving, the other phone", f"{link.path}?{link.query}")
    checker.visit("moving, a link leading nowhere", "/recibir?p=nada")
    assert not checker.found, checker.report()
    assert len(checker.checked) == 15
