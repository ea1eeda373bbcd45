"""A night's tables on one sheet in Chromium: no axe violation on a 390×844 phone, light and dark; a phone's layout
with «Imprimir» (and the whole sheet without the script); printed on A4, every card whole on its page, two or more
a page, no button, black on white even from a dark phone; a first load under the page weight's limit.

The peña and its night are stored straight in the live server's database (tests/support/played_nights.py).
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader
from test_axe import LANGUAGES, SPANISH_AND_ENGLISH, Checker
from test_page_weight import MAX_BYTES, MAX_REQUESTS, first_load
from test_print import A4_PRINTED

from support.groups import Peña, store_peña
from support.played_nights import DrawnTable, draw, make_night
from support.qr_reader import read_svg

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog

#: Twenty players of twenty letters each (the longest name a game takes): five tables of four.
FIRST = ("María José", "Maximiliano", "Bartolomé", "Guillermina", "Hermenegilda", "Wenceslao", "Nepomuceno")
FIRST += ("Inmaculada", "Encarnación", "Rosalía", "Fulgencio", "Leocadia", "Eustaquio", "Remedios", "Ildefonso")
FIRST += ("Filomena", "Saturnino", "Purificación", "Segismundo", "Escolástica")
TWENTY = tuple((first + " Fernández-Gutiérrez")[:20] for first in FIRST)
WHITE = "rgb(255, 255, 255)"
BLACK = "rgb(0, 0, 0)"


def night_of(live_server: LiveServer) -> tuple[Peña, int, list[DrawnTable]]:
    """A peña whose night of twenty has its first round drawn: the peña, the night's number, the tables."""
    assert len(set(TWENTY)) == 20 and all(len(name) == 20 for name in TWENTY)
    peña, _watched = store_peña(live_server.app, [])
    number = make_night(live_server.app, peña, TWENTY)
    return peña, number, draw(live_server.app, peña, number)


@pytest.mark.parametrize(("lang", "scheme"), SPANISH_AND_ENGLISH)
def test_the_sheet_has_no_axe_violation_on_a_phone(
    make_phone: PhoneFactory, live_server: LiveServer, lang: str, scheme: str
) -> None:
    locale, word = LANGUAGES[lang]
    page = make_phone(locale=locale, color_scheme=scheme)
    checker = Checker(page, word, only_words=lang != "es")
    peña, number, _tables = night_of(live_server)
    draw(live_server.app, peña, number, leave_unfinished=True)  # two rounds: the rounds' links too
    waiting = make_night(live_server.app, peña, TWENTY[:8])
    checker.visit("the sheet", f"/pena/{peña.manage}/noche/{number}/mesas")
    expect(page.locator(".sheet-card")).to_have_count(5)
    checker.visit("the sheet of the first round", f"/pena/{peña.manage}/noche/{number}/mesas?ronda=1")
    checker.visit("the sheet before the first draw", f"/pena/{peña.manage}/noche/{waiting}/mesas")
    assert len(checker.checked) == 3
    assert checker.found == {}, checker.report()


def overflow(page: Page) -> int:
    """How far the page reaches past the phone's width (0: nothing to scroll sideways)."""
    return int(page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def test_on_a_phone_the_sheet_fits_and_imprimir_prints(
    make_phone: PhoneFactory, live_server: LiveServer, phone_log: PhoneLog
) -> None:
    peña, number, tables = night_of(live_server)
    address = f"/pena/{peña.manage}/noche/{number}/mesas"
    page = make_phone(color_scheme="dark")
    page.goto(address)
    cards = page.locator(".sheet-card")
    expect(cards).to_have_count(len(tables))
    assert overflow(page) == 0, "nothing sideways on a 390px phone, twenty-letter names and all"
    for table, card in zip(tables, cards.all(), strict=True):
        expect(card.locator("h2")).to_have_text(f"Mesa {table.number} · Ronda 1")
        edit, watch = (read_svg(svg.evaluate("(code) => code.outerHTML")) for svg in card.locator("svg.qr").all())
        assert edit.endswith(f"/p/{table.token}") and watch.endswith(f"/ver/{table.watch}")
        expect(card.locator(".sheet-address").first).to_have_text(edit)
        box = card.locator(".sheet-edit svg.qr").bounding_box()
        assert box is not None and box["width"] >= 200, "a code a phone reads across the table"
    button = page.get_by_role("button", name="Imprimir")
    expect(button).to_be_visible()  # shown by the script
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44, "a thumb-sized tap target"
    page.evaluate("() => { window.printed = 0; window.print = () => { window.printed += 1; }; }")
    button.tap()
    assert page.evaluate("() => window.printed") == 1
    assert not phone_log.errors, phone_log.errors
    assert phone_log.outside_requests() == []

    without = make_phone(java_script_enabled=False)
    without.goto(address)
    expect(without.locator(".sheet-card svg.qr")).to_have_count(2 * len(tables))
    expect(without.get_by_role("button", name="Imprimir")).to_be_hidden()


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF, without spaces or line breaks (a long address wraps)."""
    return [re.sub(r"\s+", "", page.extract_text()) for page in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_printed_every_card_is_whole_two_or_more_a_page_black_on_white(
    make_phone: PhoneFactory, live_server: LiveServer, scheme: str
) -> None:
    peña, number, tables = night_of(live_server)
    page = make_phone(color_scheme=scheme)
    page.goto(f"/pena/{peña.manage}/noche/{number}/mesas")
    expect(page.get_by_role("button", name="Imprimir")).to_be_visible()
    page.emulate_media(media="print")
    page.set_viewport_size(A4_PRINTED)  # laid out as on paper
    cards = page.locator(".sheet-card")
    expect(cards).to_have_count(len(tables))
    for card in cards.all():
        expect(card).to_be_visible()
        expect(card.locator("svg.qr")).to_have_count(2)
        assert card.evaluate("(card) => getComputedStyle(card).backgroundColor") in (WHITE, "rgba(0, 0, 0, 0)")
        assert card.evaluate("(card) => getComputedStyle(card).color") == BLACK
    assert page.locator("button:visible, .button:visible").count() == 0, "nothing to tap on paper"
    for chrome in (".site-header", ".site-footer", ".paper-hint"):
        expect(page.locator(chrome)).to_be_hidden()
    assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") == WHITE
    assert page.evaluate("() => getComputedStyle(document.body).color") == BLACK
    across = {round(box["y"]) for card in cards.all() if (box := card.bounding_box())}
    assert len(across) <= (len(tables) + 1) // 2, "two cards across"

    printed = pdf_pages(page.pdf(format="A4"))
    assert len(printed) <= (len(tables) + 1) // 2, f"{len(printed)} pages for {len(tables)} tables"
    on_page = []
    for table in tables:
        title = f"Mesa{table.number}·Ronda1"
        where = [index for index, text in enumerate(printed) if title in text]
        assert len(where) == 1, (title, where)
        assert f"/p/{table.token}" in printed[where[0]], "the card's address printed on its page: the card is whole"
        assert f"/ver/{table.watch}" in printed[where[0]]
        on_page.append(where[0])
    assert all(on_page.count(index) >= 2 for index in set(on_page) if index < len(printed) - 1), on_page


def test_the_sheets_first_load_is_small(make_phone: PhoneFactory, live_server: LiveServer) -> None:
    peña, number, tables = night_of(live_server)
    assert len(tables) == 5
    load = first_load(make_phone(), f"/pena/{peña.manage}/noche/{number}/mesas")
    paths = [fetch.url.removeprefix(live_server.url) for fetch in load.fetches]
    print(
        f"\nthe night's sheet (5 tables): {len(load.fetches)} requests {load.body_bytes} B bodies ({', '.join(paths)})"
    )
    assert len(load.fetches) <= MAX_REQUESTS, paths
    assert load.body_bytes <= MAX_BYTES, load.fetches
    assert all(fetch.status == 200 for fetch in load.fetches), load.fetches
