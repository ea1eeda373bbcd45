"""Printing in Chromium: a finished classic game of four (28 hands) fits one A4 page and stays readable;
the game page prints the sheet without the buttons; the chart takes lighter colours on a dark phone.

The games are stored straight in the live server's database (tests/support/paper_games.py): the
taps of a whole game are tested elsewhere (test_full_game.py).
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from playwright.sync_api import Page, ViewportSize, expect
from pypdf import PdfReader

from scorekeeper.engine import score_sheet
from scorekeeper.page_parts.seat_colours import PALETTE
from support.paper_games import CLASSIC, classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog

NAMES = ("Íñigo", "Begoña", "Carlos", "Dani")
SMALLEST_PX = 7 * 96 / 72  # 7pt in CSS pixels
A4_PRINTED = ViewportSize(
    width=round(190 / 25.4 * 96), height=round(277 / 25.4 * 96)
)  # A4 less 10mm margins, in CSS pixels

# The smallest text on the page as printed: every element with text of its own, the SVG's text
# scaled by the chart's size on paper; hidden elements do not count.
SMALLEST_TEXT = """(root) => {
  let smallest = Infinity, where = '';
  for (const el of root.querySelectorAll('*')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.closest('title, desc') || !el.getClientRects().length) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    if (svg) size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    if (size < smallest) { smallest = size; where = el.tagName + ' ' + el.textContent.trim().slice(0, 20); }
  }
  return [smallest, where];
}"""


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def test_a_classic_game_of_four_prints_on_one_readable_a4_page(
    live_server: LiveServer, phone: Page, phone_log: PhoneLog
) -> None:
    records = classic_game(4, seed=7)
    token, _watch = store_game(live_server.app, NAMES, records)
    sheet = score_sheet(CLASSIC, NAMES, 0, records)
    phone.goto(f"/p/{token}/imprimir")
    expect(phone.locator("table.paper tbody tr")).to_have_count(28)
    button = phone.get_by_role("button", name="Imprimir")
    expect(button).to_be_visible()  # the script shows it
    for control in (button, *phone.locator(".paper-actions a").all()):
        box = control.bounding_box()
        assert box is not None and box["height"] >= 44, "a thumb-sized tap target"

    phone.emulate_media(media="print")
    phone.set_viewport_size(A4_PRINTED)  # laid out as on paper
    for hidden in (".site-header", ".site-footer", ".paper-actions", ".paper-hint"):
        expect(phone.locator(hidden)).to_be_hidden()
    expect(phone.locator("#hoja-grafico")).to_be_visible()
    smallest, where = phone.locator(".paper-sheet").evaluate(SMALLEST_TEXT)
    assert smallest >= SMALLEST_PX - 0.01, f"text printed below 7pt: {smallest:.2f}px at {where}"

    text = pdf_pages(phone.pdf(format="A4"))
    assert len(text) == 1, f"{len(text)} pages"
    page = text[0]
    for name in NAMES:
        assert name in page
    winner = sheet.winner
    assert winner is not None
    assert f"Gana {NAMES[winner]} con {sheet.totals[winner]} puntos" in page
    assert not phone_log.errors, phone_log.errors
    assert not phone_log.outside_requests()


def test_the_watchers_print_page_fits_too(live_server: LiveServer, phone: Page) -> None:
    _token, watch = store_game(live_server.app, NAMES, classic_game(4, seed=3))
    phone.goto(f"/ver/{watch}/imprimir")
    phone.emulate_media(media="print")
    assert len(pdf_pages(phone.pdf(format="A4"))) == 1


def test_the_game_page_prints_the_sheet_without_the_hand_panel_or_buttons(live_server: LiveServer, phone: Page) -> None:
    token, _watch = store_game(live_server.app, NAMES, classic_game(4)[:6])
    phone.goto(f"/p/{token}")
    expect(phone.locator("#mano")).to_be_visible()
    expect(phone.locator(".paper-links")).to_be_visible()
    phone.emulate_media(media="print")
    for hidden in ("#mano", ".paper-links", ".site-header", ".site-footer", ".game-actions"):
        expect(phone.locator(hidden)).to_be_hidden()
    for shown in ("#hoja", "#clasificacion", "#grafico"):
        expect(phone.locator(shown)).to_be_visible()
    assert phone.locator("main button:visible").count() == 0
    text = "\n".join(pdf_pages(phone.pdf(format="A4")))
    assert "Hoja de puntos" in text and "Íñigo" in text


def test_the_chart_takes_lighter_colours_on_a_dark_phone_and_prints_in_the_light_ones(
    live_server: LiveServer, make_phone: PhoneFactory
) -> None:
    token, _watch = store_game(live_server.app, NAMES, classic_game(4)[:6])
    light, dark = make_phone(), make_phone(color_scheme="dark")
    strokes = "(svg) => [...svg.querySelectorAll('path')].map(line => getComputedStyle(line).stroke)"
    for phone in (light, dark):
        phone.goto(f"/p/{token}#grafico")
        expect(phone.locator("#grafico svg path")).to_have_count(4)
    on_light = light.locator("#grafico svg").evaluate(strokes)
    on_dark = dark.locator("#grafico svg").evaluate(strokes)
    assert on_light == [rgb(colour.light) for colour in PALETTE[:4]]
    assert len(set(on_dark)) == 4 and not set(on_dark) & set(on_light)
    dark.emulate_media(media="print")
    assert dark.locator("#grafico svg").evaluate(strokes) == on_light, "paper is white: the colours for light pages"


def rgb(hex_colour: str) -> str:
    """``#0072b2`` as getComputedStyle says it: ``rgb(0, 114, 178)``."""
    value = hex_colour.lstrip("#")
    return "rgb({}, {}, {})".format(*(int(value[i : i + 2], 16) for i in (0, 2, 4)))
