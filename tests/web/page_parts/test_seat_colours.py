"""Each seat's colour (scorekeeper/page_parts/seat_colours.py): the stylesheet's values are the palette's, readable on
light and dark pages, and every page that names the players gives each name its seat's class."""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

import pytest

from scorekeeper import PROJECT_DIR
from scorekeeper.extensions import db
from scorekeeper.page_parts.seat_colours import PALETTE
from scorekeeper.storage import store
from support.pages import text_of
from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from support.table import Table

CSS = PROJECT_DIR / "static" / "css"
SEATS_CSS = CSS / "pocha" / "seat_colours.css"
NAMES = ("Ana", "Bea", "Ciro", "Dani", "Eva", "Fede", "Gema", "Hugo")
#: A marker beside a name, and the chart's lines, against what is behind them (WCAG's non-text contrast).
NON_TEXT_CONTRAST = 3.0


def seat_rules(css: str) -> dict[int, dict[str, str]]:
    """The ``.seat-N { … }`` rules of ``css``: N → its custom properties."""
    return {
        int(seat): dict(re.findall(r"(--[\w-]+):\s*([^;]+);", body))
        for seat, body in re.findall(r"\.seat-(\d+)\s*\{([^}]*)\}", css)
    }


def light_and_dark(css: str) -> tuple[str, str]:
    """``css`` outside its dark screens' block, and that block's rules."""
    dark = re.search(r"@media screen and \(prefers-color-scheme: dark\)\s*\{(.*?)\n\}", css, re.S)
    assert dark, "the colours for dark screens"
    return css[: dark.start()] + css[dark.end() :], dark.group(1)


def dash_of(mask: str) -> str:
    """The chart's dash pattern (``"7 3 2 3"``) a mask draws: its stops' ends across one repeat of ``size`` pixels."""
    stops = re.fullmatch(r"linear-gradient\(90deg,([^)]*)\) 0 / (\d+)px", mask.strip())
    assert stops, mask
    ends = [0, *(int(end) for end in re.findall(r"(\d+)px", stops.group(1))), int(stops.group(2))]
    return " ".join(str(b - a) for a, b in itertools.pairwise(ends))


def tokens(css: str) -> tuple[dict[str, str], dict[str, str]]:
    """The page's colour tokens (css/pocha/base.css): light, then dark."""
    light = re.search(r":root\s*\{(.*?)\}", css, re.S)
    dark = re.search(r"prefers-color-scheme: dark\)\s*\{\s*:root\s*\{(.*?)\}", css, re.S)
    assert light and dark
    colours = r"(--[\w-]+):\s*(#[0-9a-f]{6})"
    return dict(re.findall(colours, light.group(1))), dict(re.findall(colours, dark.group(1)))


def luminance(colour: str) -> float:
    """WCAG's relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two colours."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# --- one place for the colours ----------------------------------------------------------------


def test_the_stylesheet_gives_every_seat_the_palettes_light_and_dark_colours_and_dashes() -> None:
    light, dark = light_and_dark(SEATS_CSS.read_text(encoding="utf-8"))
    on_light, on_dark = seat_rules(light), seat_rules(dark)
    assert sorted(on_light) == sorted(on_dark) == list(range(len(PALETTE)))
    for seat, colour in enumerate(PALETTE):
        assert on_light[seat]["--seat"] == colour.light, seat
        assert on_dark[seat] == {"--seat": colour.dark}, seat
        dash = on_light[seat].get("--dash")
        assert (dash_of(dash) if dash else None) == colour.dash, seat


def test_no_other_stylesheet_keeps_a_copy_of_the_seats_colours() -> None:
    values = {value for colour in PALETTE for value in (colour.light, colour.dark)}
    for sheet in CSS.rglob("*.css"):
        if sheet != SEATS_CSS:
            text = sheet.read_text(encoding="utf-8").lower()
            assert not [value for value in values if value in text], sheet.name
            assert not re.search(r"\.seat-\d|series-\d", text), sheet.name


def test_every_seats_colour_stands_out_on_light_pages_and_paper_and_on_dark_pages() -> None:
    light, dark = tokens((CSS / "pocha" / "base.css").read_text(encoding="utf-8"))
    for colour in PALETTE:
        for behind in ("--surface", "--bg"):
            assert contrast(colour.light, light[behind]) >= NON_TEXT_CONTRAST, (colour, behind)
            assert contrast(colour.dark, dark[behind]) >= NON_TEXT_CONTRAST, (colour, behind)


# --- on the pages -------------------------------------------------------------------------------


def seats_in(html: str, tag: str, css_class: str | None = None) -> dict[int, str]:
    """Every ``<tag class="… seat-N …">`` in ``html`` (with ``css_class`` among its classes, if given): N → its text."""
    found: dict[int, str] = {}
    for classes, inner in re.findall(rf'<{tag}\b[^>]*?\bclass="([^"]*)"[^>]*>(.*?)</{tag}>', html, re.S):
        words = classes.split()
        seats = [int(word.removeprefix("seat-")) for word in words if re.fullmatch(r"seat-\d+", word)]
        if css_class is None or css_class in words:
            assert len(seats) == 1, classes
            assert seats[0] not in found, f"seat {seats[0]} twice"
            found[seats[0]] = text_of(inner)
    return found


def named(found: dict[int, str], names: tuple[str, ...]) -> bool:
    """Whether ``found`` holds every seat once, each with its player's name."""
    return sorted(found) == list(range(len(names))) and all(names[seat] in text for seat, text in found.items())


def between(html: str, start: str, end: str) -> str:
    """The HTML from the first ``start`` to the next ``end``."""
    begin = html.index(start)
    return html[begin : html.index(end, begin)]


@pytest.mark.parametrize("players", [3, 8])
def test_the_game_and_watch_pages_give_each_name_its_seats_colour(table: Table, players: int) -> None:
    names = NAMES[:players]
    token, watch = store_game(table.app, names, classic_game(players)[:4])
    for page in (table.page(token), table.watch(watch)):
        html = page.html
        assert named(seats_in(page.part("resumen"), "li"), names), "the strip"
        compact = between(html, '<table class="sheet-compact', "</thead>")
        assert named(seats_in(compact, "th", "player"), names), "the phone's sheet"
        paper = between(page.paper, '<table class="sheet sheet-paper', "</thead>")  # asked for when opened
        assert named(seats_in(paper, "th", "player"), names), "the sheet as on paper"
        assert named(seats_in(between(html, 'id="clasificacion"', "</section>"), "li", "place"), names)
        legend = between(html, '<g class="chart-legend"', "</svg>").split(">", 1)[1]
        assert named(seats_in(legend, "g"), names), "the chart's legend"
        lines = between(html, '<svg class="chart"', '<g class="chart-legend"')
        assert re.findall(r'<g class="seat-(\d+)">\s*<path d=', lines) == [str(seat) for seat in range(players)]


@pytest.mark.parametrize("players", [3, 8])
def test_the_printed_sheet_gives_each_name_its_seats_colour(table: Table, players: int) -> None:
    names = NAMES[:players]
    token, _watch = store_game(table.app, names, classic_game(players)[:4])
    printed = table.read(table.client.get(f"/p/{token}/imprimir"))
    assert named(seats_in(between(printed.html, '<table class="paper"', "</thead>"), "th", "player"), names)


@pytest.mark.parametrize("players", [3, 8])
def test_the_big_screen_gives_each_name_its_seats_colour(table: Table, players: int) -> None:
    names = NAMES[:players]
    _token, watch = store_game(table.app, names, classic_game(players)[:4])
    screen = table.read(table.client.get(f"/ver/{watch}/pantalla"))
    assert screen.status == 200
    for part in ("clasificacion", "ultima-mano", "mano"):
        assert named(seats_in(screen.part(part), "li", "screen-row"), names), part


def test_the_big_screen_keeps_each_names_colour_while_suspense_hides_the_points(table: Table) -> None:
    names = NAMES[:5]
    token, watch = store_game(table.app, names, classic_game(5)[:24])
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        game.suspense_hands = 5
        db.session.commit()
    screen = table.read(table.client.get(f"/ver/{watch}/pantalla"))
    assert "Puntos ocultos hasta el final" in screen.part("clasificacion"), "the points are hidden"
    for part in ("clasificacion", "mano"):
        assert named(seats_in(screen.part(part), "li", "screen-row"), names), part
