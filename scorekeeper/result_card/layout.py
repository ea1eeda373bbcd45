"""Where everything on the result card goes: each text with its box and role, the boxes and the chart's lines, as data.

Pure: it measures with the card's fonts and returns a ``Layout``; ``paint`` draws it. The canvas
is 1080×1350 pixels, a portrait picture a chat's preview shows whole; from the top: the title band
(«Pocha», the heading, the date, the peña), the winner, how a tie was broken, the podium of the
first three, every player's place and points (beside a sample of their line), the chart, and the
game's length. A name too wide for its place is drawn smaller, then cut with «…»; nothing overflows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from scorekeeper.page_parts.chart import Chart, Frame, score_chart
from scorekeeper.page_parts.seat_colours import Colour, seat_colour
from scorekeeper.result_card.facts import CardFacts, Placing
from scorekeeper.result_card.fonts import line_height, text_width

WIDTH: Final = 1080
HEIGHT: Final = 1350
MARGIN: Final = 48
INNER: Final = WIDTH - 2 * MARGIN
GAP: Final = 24

# Always light, whatever the phone's scheme: the page's light colours (static/css/pocha/base.css).
BACKGROUND: Final = "#f6f4ee"
SURFACE: Final = "#ffffff"
INK: Final = "#1b1d1c"
MUTED: Final = "#59605c"
RULE: Final = "#cfd3cf"
ACCENT: Final = "#1d6b45"
ON_ACCENT: Final = "#ffffff"
STEP: Final = "#e4e8e4"

ELLIPSIS: Final = "…"
LIST_ROW: Final = 54
DASH_SCALE: Final = 2.5  # the chart's dash patterns are for a 2-unit line; the card's lines are 5 px
LINE_WIDTH: Final = 5
#: The podium's steps, by place in the standings (first, second, third): height in pixels.
STEP_HEIGHTS: Final = (190, 150, 124)
#: Where each of the first three stands, left to right: second, first, third.
PODIUM_ORDER: Final = (1, 0, 2)

#: The card's chart but for its height (``chart_frame``): one unit a pixel, labels of 24 px, no legend.
CHART: Final = Frame(
    width=INNER, plot_left=84, plot_right=24, plot_top=46, axis_room=78, legend_row=0, y_ticks=5, x_labels=8, font=24
)

Role = Literal[
    "title",
    "heading",
    "date",
    "group",
    "headline",
    "tie",
    "podium-place",
    "podium-name",
    "podium-points",
    "place",
    "name",
    "points",
    "chart-title",
    "caption",
    "tick",
    "length",
]


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle on the canvas: its top left corner, width and height, in pixels."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        """Its right edge."""
        return self.x + self.width

    @property
    def bottom(self) -> float:
        """Its bottom edge."""
        return self.y + self.height

    def overlaps(self, other: Box) -> bool:
        """Whether the two share any area (touching edges do not count)."""
        return self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom

    def inside(self, width: float, height: float) -> bool:
        """Whether it lies wholly inside a canvas ``width`` × ``height``."""
        return self.x >= 0 and self.y >= 0 and self.right <= width and self.bottom <= height


@dataclass(frozen=True, slots=True)
class Text:
    """A text as drawn: what it says, its role on the card, the box of its line, its size, weight and colour.

    ``seat`` names the player a place, name or points text is of (``None`` for the others).
    """

    text: str
    role: Role
    box: Box
    size: int
    bold: bool
    colour: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Shape:
    """A filled rectangle (a band, a step of the podium), its corners rounded by ``radius``."""

    box: Box
    fill: str
    radius: int = 0


@dataclass(frozen=True, slots=True)
class Stroke:
    """A line through ``points``, ``width`` pixels wide, dashed by ``dash`` (lengths on, off…; empty: solid)."""

    points: tuple[tuple[float, float], ...]
    colour: str
    width: int
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Dot:
    """A filled circle: where a player's line ends."""

    x: float
    y: float
    radius: float
    colour: str


@dataclass(frozen=True, slots=True)
class Layout:
    """The whole card, back to front: the shapes, the strokes, the dots, then the texts on top."""

    width: int
    height: int
    background: str
    shapes: tuple[Shape, ...]
    strokes: tuple[Stroke, ...]
    dots: tuple[Dot, ...]
    texts: tuple[Text, ...]

    def with_role(self, role: Role) -> tuple[Text, ...]:
        """The texts of ``role``, in the order they were laid out."""
        return tuple(text for text in self.texts if text.role == role)


@dataclass
class _Card:
    """What is laid out so far."""

    shapes: list[Shape] = field(default_factory=list)
    strokes: list[Stroke] = field(default_factory=list)
    dots: list[Dot] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)


# --- fitting text ------------------------------------------------------------------------------


def fitted(text: str, width: float, size: int, smallest: int, bold: bool = False) -> tuple[str, int]:
    """``text`` and the size it is drawn at to fit ``width``: ``size`` if it fits, else smaller down to ``smallest``,
    and at ``smallest`` cut with «…» if even that is too wide."""
    while size > smallest and text_width(text, size, bold) > width:
        size -= 1
    if text_width(text, size, bold) <= width:
        return text, size
    cut = text
    while cut and text_width(cut.rstrip() + ELLIPSIS, size, bold) > width:
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS, size


def wrapped(text: str, width: float, size: int, bold: bool = False) -> list[str]:
    """``text`` broken between words into lines no wider than ``width`` (a word wider than that has a line alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


Align = Literal["left", "centre", "right"]


def _place(
    card: _Card,
    text: str,
    role: Role,
    x: float,
    y: float,
    width: float,
    size: int,
    *,
    smallest: int | None = None,
    bold: bool = False,
    colour: str = INK,
    align: Align = "left",
    seat: int | None = None,
) -> Text:
    """Lay out ``text`` on one line in the space from ``x`` ``width`` wide, its top at ``y``, fitted and aligned."""
    shown, drawn = fitted(text, width, size, smallest or size, bold)
    measured = text_width(shown, drawn, bold)
    left = x if align == "left" else x + width - measured if align == "right" else x + (width - measured) / 2
    placed = Text(shown, role, Box(left, y, measured, line_height(drawn, bold)), drawn, bold, colour, seat)
    card.texts.append(placed)
    return placed


# --- the parts, top to bottom --------------------------------------------------------------------


def _title_band(card: _Card, facts: CardFacts) -> float:
    """«Pocha» on the left of a band of the table's green, the heading and the date on its right, the peña under
    them; returns where the band ends."""
    title = _place(card, facts.title, "title", MARGIN, 34, INNER / 2, 84, bold=True, colour=ON_ACCENT)
    right_x = title.box.right + GAP * 2
    right_width = WIDTH - MARGIN - right_x
    heading = _place(
        card,
        facts.heading,
        "heading",
        right_x,
        44,
        right_width,
        36,
        smallest=24,
        bold=True,
        colour=ON_ACCENT,
        align="right",
    )
    _place(
        card,
        facts.date,
        "date",
        right_x,
        heading.box.bottom + 6,
        right_width,
        30,
        smallest=22,
        colour=ON_ACCENT,
        align="right",
    )
    bottom = title.box.bottom + 28
    if facts.group:
        group = _place(card, facts.group, "group", MARGIN, bottom - 8, INNER, 30, smallest=22, colour=ON_ACCENT)
        bottom = group.box.bottom + 24
    card.shapes.insert(0, Shape(Box(0, 0, WIDTH, bottom), ACCENT))
    return bottom


def _headline(card: _Card, facts: CardFacts, top: float) -> float:
    """The winner and their points, then how a tie for first was broken (up to three lines); returns where they end."""
    headline = _place(card, facts.headline, "headline", MARGIN, top, INNER, 46, smallest=30, bold=True, align="centre")
    bottom = headline.box.bottom
    if facts.tie_note:
        size = 28
        lines = wrapped(facts.tie_note, INNER, size)
        while len(lines) > 3 and size > 22:
            size -= 2
            lines = wrapped(facts.tie_note, INNER, size)
        if len(lines) > 3:
            lines = [*lines[:2], " ".join(lines[2:])]
        for line in lines:
            placed = _place(card, line, "tie", MARGIN, bottom + 8, INNER, size, colour=MUTED, align="centre")
            bottom = placed.box.bottom
    return bottom


def _podium(card: _Card, places: Sequence[Placing], top: float) -> float:
    """The first three on their steps (the winner in the middle, on the highest): name above, place and points on the
    step, a band of the player's colour along its top; returns where the podium ends."""
    column_gap = 27
    column = (INNER - 2 * column_gap) / 3
    name_room = line_height(38, True) + 14
    bottom = top + name_room + max(STEP_HEIGHTS)
    for slot, index in enumerate(PODIUM_ORDER):
        if index >= len(places):
            continue
        standing = places[index]
        x = MARGIN + slot * (column + column_gap)
        step_top = bottom - STEP_HEIGHTS[index]
        first = index == 0
        card.shapes.append(Shape(Box(x, step_top, column, STEP_HEIGHTS[index]), ACCENT if first else STEP, 14))
        card.shapes.append(Shape(Box(x, step_top, column, 10), seat_colour(standing.seat).light, 4))
        on_step = ON_ACCENT if first else INK
        name_height = line_height(38, True)
        _place(
            card,
            standing.name,
            "podium-name",
            x,
            step_top - 14 - name_height,
            column,
            38,
            smallest=22,
            bold=True,
            align="centre",
            seat=standing.seat,
        )
        number = _place(
            card,
            str(standing.position),
            "podium-place",
            x,
            step_top + 18,
            column,
            60 if first else 54,
            bold=True,
            colour=on_step,
            align="centre",
            seat=standing.seat,
        )
        _place(
            card,
            standing.points,
            "podium-points",
            x + 8,
            number.box.bottom + 2,
            column - 16,
            30,
            smallest=20,
            colour=on_step,
            align="centre",
            seat=standing.seat,
        )
    return bottom


def _dash(colour: Colour) -> tuple[float, ...]:
    """The seat's dash pattern, for the card's thicker lines."""
    return tuple(length * DASH_SCALE for length in colour.dash_lengths)


def _standings_list(card: _Card, places: Sequence[Placing], top: float) -> float:
    """Every player's place, name and points (the number: the podium and the chart say they are points), beside a
    sample of their line in the chart: one column for up to four players, else two (down the first, then the second);
    returns where the list ends."""
    columns = 1 if len(places) <= 4 else 2
    rows = -(-len(places) // columns)
    gap = 40
    width = (INNER - gap * (columns - 1)) / columns
    size = 30
    height = line_height(size, True)
    points_width = max(text_width(str(standing.total), size, True) for standing in places)
    for index, standing in enumerate(places):
        x = MARGIN + (index // rows) * (width + gap)
        y = top + (index % rows) * LIST_ROW
        middle = y + LIST_ROW / 2
        colour = seat_colour(standing.seat)
        card.strokes.append(Stroke(((x, middle), (x + 44, middle)), colour.light, LINE_WIDTH + 1, _dash(colour)))
        text_top = middle - height / 2
        bold = standing.position == 1
        place = _place(
            card, f"{standing.position}.", "place", x + 56, text_top, 52, size, bold=True, seat=standing.seat
        )
        points = _place(
            card,
            str(standing.total),
            "points",
            x + width - points_width,
            text_top,
            points_width,
            size,
            bold=bold,
            align="right",
            seat=standing.seat,
        )
        name_x = place.box.x + 60
        _place(
            card,
            standing.name,
            "name",
            name_x,
            text_top,
            points.box.x - 20 - name_x,
            size,
            smallest=20,
            bold=bold,
            seat=standing.seat,
        )
        if index % rows:
            card.shapes.append(Shape(Box(x, y, width, 1), RULE))
    return top + rows * LIST_ROW


def chart_frame(height: float) -> Frame:
    """The card's chart frame for a chart ``height`` pixels tall: its plot takes what the labels leave, with a line
    across every 45 pixels or so (three to five)."""
    plot = max(int(height) - CHART.plot_top - CHART.axis_room - 4, 60)
    return replace(CHART, plot_height=plot, y_ticks=max(3, min(CHART.y_ticks, plot // 45)))


def _chart(card: _Card, facts: CardFacts, top: float, bottom: float) -> None:
    """The chart's title, then the chart (its grid, the players' lines, the axes' numbers and captions) down to
    ``bottom``."""
    title = _place(card, facts.chart_title, "chart-title", MARGIN, top, INNER, 30, smallest=22, bold=True)
    chart = score_chart(facts.sheet, chart_frame(bottom - title.box.bottom - 8))
    _draw_chart(card, facts, chart, MARGIN, title.box.bottom + 8)


def _draw_chart(card: _Card, facts: CardFacts, chart: Chart, x0: float, y0: float) -> None:
    """``chart`` drawn with its top left corner at ``x0``, ``y0``."""
    size = chart.font
    label_height = line_height(size)
    card.shapes.append(
        Shape(Box(x0 + chart.left, y0 + chart.top, chart.right - chart.left, chart.bottom - chart.top), SURFACE, 6)
    )
    for tick in chart.y_ticks:
        y = y0 + tick.at
        card.shapes.append(
            Shape(
                Box(x0 + chart.left, y - (1 if tick.value else 1.5), chart.right - chart.left, 2 if tick.value else 3),
                RULE if tick.value else MUTED,
            )
        )
        _place(
            card, str(tick.value), "tick", x0, y - label_height / 2, chart.left - 12, size, colour=MUTED, align="right"
        )
    for tick in chart.x_ticks:
        _place(
            card,
            str(tick.value),
            "tick",
            x0 + tick.at - 40,
            y0 + chart.bottom + 8,
            80,
            size,
            colour=MUTED,
            align="centre",
        )
    _place(card, facts.points_caption, "caption", x0, y0, chart.left + 200, size, colour=MUTED)
    _place(
        card,
        facts.hand_caption,
        "caption",
        x0 + chart.right - 300,
        y0 + chart.bottom + 12 + label_height,
        300,
        size,
        colour=MUTED,
        align="right",
    )
    for series in chart.series:
        points = tuple((x0 + x, y0 + y) for x, y in series.points)
        card.strokes.append(Stroke(points, series.colour.light, LINE_WIDTH, _dash(series.colour)))
        end_x, end_y = points[-1]
        card.dots.append(Dot(end_x, end_y, LINE_WIDTH + 3, series.colour.light))


def _length(card: _Card, facts: CardFacts) -> float:
    """The game's hands and time at the foot of the card; returns where the foot starts."""
    if not facts.length:
        return HEIGHT - MARGIN
    size = 30
    top = HEIGHT - MARGIN - line_height(size)
    _place(card, facts.length, "length", MARGIN, top, INNER, size, smallest=22, colour=MUTED, align="centre")
    return top - GAP


def result_card(facts: CardFacts) -> Layout:
    """The result card of ``facts``, laid out."""
    card = _Card()
    top = _title_band(card, facts) + 28
    top = _headline(card, facts, top) + GAP + 8
    top = _podium(card, facts.places, top) + GAP + 12
    top = _standings_list(card, facts.places, top) + GAP
    foot = _length(card, facts)
    _chart(card, facts, top, foot)
    return Layout(
        WIDTH, HEIGHT, BACKGROUND, tuple(card.shapes), tuple(card.strokes), tuple(card.dots), tuple(card.texts)
    )
