"""The score chart: each player's running total hand by hand, as plain geometry that an SVG or a PDF draws.

Coordinates are SVG user units in a box ``WIDTH`` wide (the page scales it to the screen,
``viewBox`` and ``width: 100%``); y grows downwards. Nothing here knows about Flask.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scorekeeper.engine import ScoreSheet

WIDTH = 360
PLOT_LEFT = 42  # room for the points on the left
PLOT_RIGHT = 12
PLOT_TOP = 22  # room for the «Puntos» caption
PLOT_HEIGHT = 170
AXIS_ROOM = 30  # hand numbers and the «Mano» caption under the plot
LEGEND_ROW = 20
LEGEND_COLUMNS = 2
LEGEND_NAME_CHARS = 14  # longer names are cut with «…» (the full name is in the <title>)
Y_TICKS = 5  # about this many lines across
X_LABELS = 8  # at most this many hand numbers under the plot


@dataclass(frozen=True, slots=True)
class Colour:
    """How one player's line is drawn: a colour for light pages and paper, and a dash pattern.

    The colours for dark pages are in the stylesheet (``.chart .series-N``): the same
    hue, lighter. The dashes tell lines apart where colours do not (grey paper, colour blindness).
    """

    light: str
    dash: str | None = None

    @property
    def rgb(self) -> tuple[int, int, int]:
        """The light colour as red, green, blue (0–255), for the PDF."""
        value = self.light.lstrip("#")
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)

    @property
    def dash_lengths(self) -> tuple[float, ...]:
        """The dash pattern as numbers (empty: a solid line)."""
        return tuple(float(part) for part in self.dash.split()) if self.dash else ()


#: One colour per seat (at most eight players), each with a 3:1 contrast or better on white.
PALETTE: tuple[Colour, ...] = (
    Colour("#0072b2"),  # blue
    Colour("#d55e00"),  # vermilion
    Colour("#009e73"),  # bluish green
    Colour("#aa3377"),  # purple
    Colour("#8c6d00", "7 3"),  # ochre
    Colour("#332288", "2 3"),  # indigo
    Colour("#c0143c", "7 3 2 3"),  # crimson
    Colour("#555555", "4 4"),  # grey
)


@dataclass(frozen=True, slots=True)
class Tick:
    """A value on an axis and where it is drawn (x for hands, y for points)."""

    value: int
    at: float


@dataclass(frozen=True, slots=True)
class Series:
    """One player's line: the running total after each hand, starting from 0 before the first."""

    seat: int
    name: str
    label: str  # the name as the legend shows it (cut when long)
    total: int
    colour: Colour
    points: tuple[tuple[float, float], ...]
    legend_x: float
    legend_y: float

    @property
    def polyline(self) -> str:
        """The points as an SVG ``points`` attribute."""
        return " ".join(f"{x:g},{y:g}" for x, y in self.points)

    @property
    def end(self) -> tuple[float, float]:
        """Where the line stops (the total after the last saved hand)."""
        return self.points[-1]


@dataclass(frozen=True, slots=True)
class Chart:
    """The whole drawing: the plot box, the ticks on both axes, the zero line and a line per player."""

    width: int
    height: int
    left: float
    top: float
    right: float
    bottom: float
    hands: int
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    zero: float
    series: tuple[Series, ...]

    @property
    def view_box(self) -> str:
        """The SVG ``viewBox``."""
        return f"0 0 {self.width} {self.height}"


def nice_interval(span: float, count: int) -> int:
    """A round interval (1, 2 or 5 times a power of ten) that cuts ``span`` into about ``count`` parts."""
    raw = max(span / max(count, 1), 1.0)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return int(factor * power)
    return int(10 * power)  # pragma: no cover (the loop always returns)


def legend_label(name: str, limit: int = LEGEND_NAME_CHARS) -> str:
    """``name`` as the legend shows it: cut to ``limit`` characters with «…»."""
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def _round(value: float) -> float:
    """A coordinate to a tenth of a unit: enough for the drawing, short in the SVG."""
    return round(value, 1)


def score_chart(sheet: ScoreSheet) -> Chart:
    """The chart of ``sheet``: the x axis spans the whole game (``hands_total``), the lines stop at the last saved hand."""
    rows = sheet.rows
    n = len(sheet.players)
    hands = max(sheet.hands_total, len(rows), 1)
    values = [0, *(total for row in rows for total in row.totals)]
    low, high = min(values), max(values)
    interval = nice_interval(high - low, Y_TICKS)
    y_min = math.floor(low / interval) * interval
    y_max = math.ceil(high / interval) * interval
    if y_max == y_min:
        y_max = y_min + interval
    left, top = float(PLOT_LEFT), float(PLOT_TOP)
    right, bottom = float(WIDTH - PLOT_RIGHT), float(PLOT_TOP + PLOT_HEIGHT)

    def x_at(hand: int) -> float:
        """Where hand ``hand`` is across the plot."""
        return _round(left + (right - left) * hand / hands)

    def y_at(value: int) -> float:
        """Where the total ``value`` is up the plot."""
        return _round(bottom - (bottom - top) * (value - y_min) / (y_max - y_min))

    x_interval = nice_interval(hands, X_LABELS)
    x_ticks = tuple(Tick(h, x_at(h)) for h in range(x_interval if x_interval > 1 else 1, hands + 1, x_interval))
    y_ticks = tuple(Tick(v, y_at(v)) for v in range(y_min, y_max + 1, interval))
    legend_top = bottom + AXIS_ROOM + LEGEND_ROW / 2
    column = (WIDTH - PLOT_LEFT / 2) / LEGEND_COLUMNS
    series = tuple(
        Series(
            seat=seat,
            name=name,
            label=legend_label(name),
            total=sheet.totals[seat],
            colour=PALETTE[seat % len(PALETTE)],
            points=((x_at(0), y_at(0)), *((x_at(i), y_at(row.totals[seat])) for i, row in enumerate(rows, start=1))),
            legend_x=_round(PLOT_LEFT / 2 + column * (seat % LEGEND_COLUMNS)),
            legend_y=_round(legend_top + LEGEND_ROW * (seat // LEGEND_COLUMNS)),
        )
        for seat, name in enumerate(sheet.players)
    )
    legend_rows = -(-n // LEGEND_COLUMNS)
    height = int(bottom + AXIS_ROOM + LEGEND_ROW * legend_rows + 4)
    return Chart(WIDTH, height, left, top, right, bottom, hands, x_ticks, y_ticks, y_at(0), series)
