"""The sheet on a 390×844 phone, light and dark: four players with no sideways scroll, eight with at most one screen
of it, names told apart, the first place's star in sight, the paper view one tap away, the result first once it is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from flask import Flask
from playwright.sync_api import Locator, Page, expect

from scorekeeper.engine import schedule, score_sheet, trump_code
from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import Hand, utcnow
from support.paper_games import CLASSIC, classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog, TableFactory

PHONE_WIDTH, PHONE_HEIGHT = 390, 844
SCHEMES = ("light", "dark")
# Twenty letters each, two sharing their first sixteen: whoever leads has a long name.
FOUR = ("María José Fernández", "María José Fernándes", "Maximilianoalejandro", "Bartolomé Esteban M.")
EIGHT = (*FOUR, "Dani", "Encarnación López R.", "Fermín", "Guadalupe Fernández")
LIVE_MS = 8_000
ABOVE_THE_HAND = """() => Boolean(document.getElementById('resumen').compareDocumentPosition(document.getElementById('mano'))
    & Node.DOCUMENT_POSITION_FOLLOWING)"""

# Each player's column head: its lines as shown, and whether the browser had to cut any of them further.
HEADS = """() => [...document.querySelectorAll('#hoja .sheet-compact thead th.player')].map(th => ({
    text: [...th.querySelectorAll('.lines > span')].map(line => line.textContent).join(' '),
    cut: [...th.querySelectorAll('.lines > span')].some(line => line.scrollWidth > line.clientWidth + 0.5),
}))"""


def one_in_first_place(names: tuple[str, ...]) -> int:
    """How many hands of the classic game of ``len(names)`` to store so that one player leads alone (from six)."""
    records = classic_game(len(names))
    for hands in range(6, len(records)):
        if score_sheet(CLASSIC, names, 0, records[:hands]).standings.first_place is not None:
            return hands
    raise AssertionError("nobody leads alone")  # pragma: no cover


def sideways(page: Page, selector: str) -> tuple[int, int]:
    """The scroll width and the visible width of the box ``selector``."""
    sizes: list[int] = page.locator(selector).evaluate("box => [box.scrollWidth, box.clientWidth]")
    return sizes[0], sizes[1]


def no_page_overflow(page: Page) -> None:
    """The page itself never scrolls sideways."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    assert page.evaluate("document.body.scrollWidth") <= PHONE_WIDTH


def names_read_apart(page: Page, count: int) -> None:
    """Every column head shows its name's lines uncut by the browser, and no two read the same."""
    heads = page.evaluate(HEADS)
    assert len(heads) == count
    assert [head for head in heads if head["cut"]] == [], "a line of a name does not fit its column"
    assert len({head["text"].casefold() for head in heads}) == count, heads


def inside(inner: Locator, outer: Locator) -> bool:
    """Whether ``inner`` is drawn within ``outer``'s box and within the phone's width."""
    a, b = inner.bounding_box(), outer.bounding_box()
    assert a is not None and b is not None
    return (
        a["width"] > 0
        and b["x"] <= a["x"]
        and a["x"] + a["width"] <= b["x"] + b["width"]
        and a["x"] + a["width"] <= PHONE_WIDTH
    )


@pytest.mark.parametrize("scheme", SCHEMES)
def test_four_long_names_fit_the_phone_told_apart_with_the_first_place_star_in_sight(
    live_server: LiveServer, make_phone: PhoneFactory, phone_log: PhoneLog, scheme: str
) -> None:
    token, watch = store_game(live_server.app, FOUR, classic_game(4)[: one_in_first_place(FOUR)])
    phone = make_phone(color_scheme=scheme)
    for address in (f"/p/{token}", f"/ver/{watch}"):
        phone.goto(address)
        scroll, shown = sideways(phone, "#hoja .compact-scroll")
        assert scroll <= shown, f"four players scroll sideways ({scroll} > {shown}) on {address}"
        no_page_overflow(phone)
        names_read_apart(phone, 4)
        star = phone.locator("#hoja .sheet-compact thead th.first-place").get_by_role("img", name="va ganando")
        expect(star).to_be_visible()
        assert inside(star, phone.locator("#hoja .sheet-compact thead th.first-place")), "the star is cut off"

    # A cut name opens to the whole name, over the foot of the screen, on one line, never broken inside a word;
    # the next tap anywhere puts it away. The page still fits.
    first = phone.locator("#hoja .sheet-compact thead th.player").first
    whole = first.locator(".name-shown")
    expect(whole).to_be_hidden()
    first.locator("summary").tap()
    expect(whole).to_be_visible()
    expect(whole).to_have_text(FOUR[0])
    box = whole.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844, box
    lines = whole.evaluate(
        "el => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight))"
    )
    assert box["width"] > 250 and lines <= 2, f"the whole name in {lines} lines of {box['width']} px"
    no_page_overflow(phone)
    phone.locator("#hoja .sheet-compact tbody td").first.tap()
    expect(whole).to_be_hidden()
    assert phone_log.errors == []


@pytest.mark.parametrize("scheme", SCHEMES)
def test_eight_players_scroll_sideways_at_most_one_screen_inside_the_sheet(
    live_server: LiveServer, make_phone: PhoneFactory, phone_log: PhoneLog, scheme: str
) -> None:
    token, watch = store_game(live_server.app, EIGHT, classic_game(8)[: one_in_first_place(EIGHT)])
    phone = make_phone(color_scheme=scheme)
    for address in (f"/p/{token}", f"/ver/{watch}"):
        phone.goto(address)
        scroll, shown = sideways(phone, "#hoja .compact-scroll")
        assert shown < scroll <= 2 * shown, f"eight players take {scroll / shown:.2f} screens on {address}"
        no_page_overflow(phone)
        names_read_apart(phone, 8)
        # The standings strip: on top, every player's place and total in sight (long names cut short), in at
        # most four lines for eight long names, nothing to scroll.
        strip = phone.locator("#resumen .strip")
        expect(strip).to_be_in_viewport()
        box = strip.bounding_box()
        assert box is not None and box["height"] < 110, f"the strip takes {box}"  # four lines
        scroll, shown = sideways(phone, "#resumen .strip")
        assert scroll <= shown, f"the strip scrolls sideways ({scroll} > {shown})"
        for item in strip.locator("li").all():
            for part in (".position", ".points"):
                seen = item.locator(part).bounding_box()
                assert (
                    seen is not None and box["x"] <= seen["x"] and seen["x"] + seen["width"] <= box["x"] + box["width"]
                )
        assert phone.evaluate(ABOVE_THE_HAND), "the strip comes before the hand"
    assert phone_log.errors == []


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no script"])
def test_the_paper_view_is_one_tap_away(
    live_server: LiveServer, make_phone: PhoneFactory, phone_log: PhoneLog, javascript: bool
) -> None:
    token, _watch = store_game(live_server.app, FOUR, classic_game(4)[:3])
    phone = make_phone(java_script_enabled=javascript)
    phone.goto(f"/p/{token}")
    compact, paper = phone.locator("#hoja .sheet-compact"), phone.locator("#hoja .sheet-paper")
    expect(compact).to_be_visible()
    expect(paper).to_be_hidden()
    phone.get_by_text("Ver como en papel").tap()
    expect(compact).to_be_hidden()
    if javascript:  # asked for when opened
        expect(paper).to_be_visible()
        expect(paper.locator("thead .sub th").first).to_have_text("cartas · pinta")
        expect(paper.locator("tbody tr")).to_have_count(3)
    else:  # the print page shows it
        expect(phone.get_by_role("link", name="Abrir la hoja para imprimir")).to_be_visible()
    no_page_overflow(phone)
    phone.get_by_text("Volver a una columna por jugador").tap()
    expect(compact).to_be_visible()
    expect(paper).to_be_hidden()
    assert phone_log.errors == []


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_finished_game_opens_on_the_winner(
    live_server: LiveServer, make_phone: PhoneFactory, phone_log: PhoneLog, scheme: str
) -> None:
    records = classic_game(8)
    token, watch = store_game(live_server.app, EIGHT, records)
    winner = score_sheet(CLASSIC, EIGHT, 0, records).winner
    assert winner is not None
    phone = make_phone(color_scheme=scheme)
    # The game's address, the one a correction or the last hand saved without a script leads to (#hoja), and the
    # watchers' page.
    for address in (f"/p/{token}", f"/p/{token}#hoja", f"/ver/{watch}"):
        phone.goto(address)
        result = phone.locator("#clasificacion .winner")
        expect(result).to_contain_text(f"Gana {EIGHT[winner]} con")
        expect(result).to_be_in_viewport()
        expect(result.locator(".icon-trophy")).to_be_visible()
        expect(phone.locator("#clasificacion .place").first).to_be_in_viewport()
        assert phone.evaluate("window.scrollY") == 0, address
        no_page_overflow(phone)
    assert phone_log.errors == []


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no script"])
def test_the_last_hand_saved_shows_the_result_first(
    live_server: LiveServer,
    make_phone: PhoneFactory,
    make_table: TableFactory,
    phone_log: PhoneLog,
    javascript: bool,
) -> None:
    names = (*FOUR[2:], "Ana", "Bea")
    records = classic_game(4)
    token, _watch = store_game(live_server.app, names, records[:-1])
    phone = make_phone(java_script_enabled=javascript)
    table = make_table(phone, javascript=javascript)
    phone.goto(f"/p/{token}")
    phone.locator("#mano").scroll_into_view_if_needed()
    plan, last = schedule(4, 0, CLASSIC)[len(records) - 1], records[-1]
    table.play_hand(plan.number, names, plan.bidding_order, trump_code(last.trump), last.bids, last.tricks)
    expect(phone.locator(".flashes")).to_contain_text("¡Fin de la partida!")
    expect(phone.locator("#clasificacion .winner")).to_be_in_viewport()
    no_page_overflow(phone)
    assert phone_log.errors == []


def add_hand(app: Flask, token: str, names: tuple[str, ...], number: int) -> None:
    """Save hand ``number`` of the classic game straight in the database, as another phone would."""
    record = classic_game(len(names))[number - 1]
    with app.app_context():
        game = store.find_game(token)
        assert game is not None
        game.hands.append(
            Hand(
                number=number,
                trump=trump_code(record.trump),
                bids=list(record.bids),
                tricks=list(record.tricks),
                renuncios=[0] * len(names),
                complete=True,
                completed_at=utcnow(),
            )
        )
        game.version += 1
        db.session.commit()


def test_the_watchers_strip_follows_each_saved_hand_above_the_hand(
    live_server: LiveServer, make_phone: PhoneFactory, phone_log: PhoneLog
) -> None:
    names = ("Ana", "Bea", "Carlos", "Dani")
    records = classic_game(4)
    token, watch = store_game(live_server.app, names, records[:1])
    watcher = make_phone()
    watcher.goto(f"/ver/{watch}")
    expect(watcher.locator("#resumen li")).to_have_count(4)
    for number in (2, 3):
        add_hand(live_server.app, token, names, number)
        places = score_sheet(CLASSIC, names, 0, records[:number]).standings.places
        expected = [f"{place.position} {names[place.seat]} {place.total}" for place in places]
        expect(watcher.locator("#resumen li")).to_have_text(expected, timeout=LIVE_MS)
        expect(watcher.locator("#hand-title")).to_contain_text(f"Mano {number + 1} de 28")
        order = watcher.evaluate("() => [...document.getElementById('en-vivo').children].map(part => part.id)")
        assert order == ["resumen", "mano", "partida"]
    assert watcher.evaluate("() => document.querySelectorAll('#resumen').length") == 1
    assert phone_log.errors == []
