"""Each seat's colour as the browser draws it: on a phone (390×844, light and dark) the strip's, the sheet's and the
standings' markers are the palette's colours (the lighter ones on a dark phone) and stand out 3:1 from what is
behind them; on the big screen (1920×1080) eight players each wear their colour and nothing scrolls."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from scorekeeper.page_parts.seat_colours import PALETTE
from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory

EIGHT = ("Íñigo", "Begoña", "Carlos", "Dani", "Elena", "Fermín", "Gloria", "Hugo")
TV: Any = {"width": 1920, "height": 1080}
NON_TEXT_CONTRAST = 3.0

#: Each marker that ``selector`` finds (its ``pseudo`` element): its seat, its colour, and the colour behind it (the
#: first ancestor's background that is not transparent), as the browser computes them.
MARKERS = """([selector, pseudo]) => [...document.querySelectorAll(selector)].map((el) => {
  const seat = [...el.closest('[class*="seat-"]').classList].find((c) => /^seat-\\d+$/.test(c));
  const mark = getComputedStyle(el, pseudo);
  let behind = el, background = 'rgba(0, 0, 0, 0)';
  while (behind && (background = getComputedStyle(behind).backgroundColor) === 'rgba(0, 0, 0, 0)') behind = behind.parentElement;
  const box = el.getBoundingClientRect();
  return {seat: +seat.slice(5), colour: mark.backgroundColor, behind: background, drawn: mark.content !== 'none' && box.width > 0,
          width: parseFloat(mark.width), height: parseFloat(mark.height)};
})"""
#: The phone's markers: the strip's (under each name), the sheet's headings' (under each name), the standings' (before it).
PHONE_MARKERS = {
    "strip": ("#resumen .strip li", "::after"),
    "sheet": ("#hoja .sheet-compact th.player", "::after"),
    "standings": ("#clasificacion .place .name", "::before"),
}


def rgb(hex_colour: str) -> str:
    """``#0072b2`` as getComputedStyle says it: ``rgb(0, 114, 178)``."""
    return "rgb({}, {}, {})".format(*(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)))


def luminance(css_rgb: str) -> float:
    """WCAG's relative luminance of ``rgb(r, g, b)``."""
    channels = [int(part) / 255 for part in css_rgb[css_rgb.index("(") + 1 : -1].split(",")[:3]]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two computed colours."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_players_marker_on_the_phone_is_their_colour_and_stands_out(
    live_server: LiveServer, make_phone: PhoneFactory, scheme: str
) -> None:
    token, _watch = store_game(live_server.app, EIGHT, classic_game(8)[:6])
    phone = make_phone()
    phone.emulate_media(color_scheme=scheme)
    phone.goto(f"/p/{token}")
    for place, (selector, pseudo) in PHONE_MARKERS.items():
        markers = phone.evaluate(MARKERS, [selector, pseudo])
        assert sorted(marker["seat"] for marker in markers) == list(range(8)), place
        for marker in markers:
            colour = PALETTE[marker["seat"]]
            assert marker["colour"] == rgb(colour.light if scheme == "light" else colour.dark), (place, marker)
            assert marker["drawn"] and marker["width"] >= 12 and marker["height"] >= 3, (place, marker)
            assert contrast(marker["colour"], marker["behind"]) >= NON_TEXT_CONTRAST, (place, scheme, marker)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_big_screen_gives_eight_players_their_colours(
    live_server: LiveServer, make_phone: PhoneFactory, scheme: str
) -> None:
    _token, watch = store_game(live_server.app, EIGHT, classic_game(8)[:6])
    tv = make_phone(
        viewport=TV, screen=TV, is_mobile=False, has_touch=False, device_scale_factor=1, color_scheme=scheme
    )
    tv.goto(f"/ver/{watch}/pantalla")
    pick = (lambda colour: colour.light) if scheme == "light" else (lambda colour: colour.dark)
    for part in ("#mano", "#ultima-mano"):
        markers = tv.evaluate(MARKERS, [f"{part} .who", "::before"])
        assert sorted(marker["seat"] for marker in markers) == list(range(8)), part
        for marker in markers:
            assert marker["colour"] == rgb(pick(PALETTE[marker["seat"]])), (part, marker)
            assert contrast(marker["colour"], marker["behind"]) >= NON_TEXT_CONTRAST, (part, marker)
    swatches = tv.evaluate(
        """() => [...document.querySelectorAll('#clasificacion .screen-row')].map((row) =>
             [+row.className.match(/seat-(\\d+)/)[1], getComputedStyle(row.querySelector('.swatch line')).stroke])"""
    )
    assert sorted(swatches) == [[seat, rgb(pick(colour))] for seat, colour in enumerate(PALETTE)]
    lines = tv.evaluate(
        "() => [...document.querySelectorAll('#pantalla-svg path')].map((p) => getComputedStyle(p).stroke)"
    )
    assert lines == [rgb(pick(colour)) for colour in PALETTE], "the chart's lines, in the same colours"
    width, height = tv.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert width <= 1920 and height <= 1080, (width, height)
