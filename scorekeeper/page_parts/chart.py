"""The score chart: each player's running total hand by hand, as plain geometry that an SVG or a PDF draws.

Coordinates are SVG user units in a box ``WIDTH`` wide (the page scales it to the screen,
``viewBox`` and ``width: 100%``); y grows downwards. Nothing here knows about Flask.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.engine import ScoreSheet
from scorekeeper.page_parts.seat_colours import Colour, seat_colour

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
FONT = 11  # the labels' size, in the box's units


@dataclass(frozen=True, slots=True)
class Frame:
    """The box a chart is drawn in, in SVG units: its width, the plot's margins, the legend's rows and the labels' size."""

    width: int = WIDTH
    plot_left: int = PLOT_LEFT
    plot_right: int = PLOT_RIGHT
    plot_top: int = PLOT_TOP
    plot_height: int = PLOT_HEIGHT
    axis_room: int = AXIS_ROOM
    legend_row: int = LEGEND_ROW  # 0: no legend (the page names the lines beside the chart)
    legend_columns: int = LEGEND_COLUMNS
    y_ticks: int = Y_TICKS
    x_labels: int = X_LABELS
    font: int = FONT


#: A phone's chart, scaled by the page to the screen's width.
PHONE = Frame()
#: A big screen's chart: drawn one unit a pixel (labels of 28 px, read from three metres), no legend.
SCREEN = Frame(
    width=860, plot_left=96, plot_right=28, plot_top=48, plot_height=220, axis_room=80, legend_row=0, y_ticks=4,
    x_labels=6, font=28,
)  # fmt: skip


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
    total: float
    colour: Colour
    points: tuple[tuple[float, float], ...]
    legend_x: float
    legend_y: float

    @property
    def path(self) -> str:
        """The points as an SVG path's ``d``: the first, then each as a step from the one before (the steps across
        are all alike, which is what makes a long game's chart small once compressed)."""
        (x, y), *rest = self.points
        drawn = [f"M{x:g} {y:g}"]
        for step, (next_x, next_y) in enumerate(rest):
            drawn.append(f"{'l' if step == 0 else ' '}{_round(next_x - x):g} {_round(next_y - y):g}")
            x, y = next_x, next_y
        return "".join(drawn).replace(" -", "-")

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
    font: int = FONT

    @property
    def view_box(self) -> str:
        """The SVG ``viewBox``."""
        return f"0 0 {self.width} {self.height}"

    def scaled(self, length: float) -> int:
        """A length given for labels of the phone's size (11), for this chart's labels."""
        return round(length * self.font / FONT)

    @property
    def legend(self) -> bool:
        """Whether the chart draws its legend."""
        return any(s.legend_y for s in self.series)


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


@dataclass(frozen=True, slots=True)
class Line:
    """A line to draw: whose (``seat`` picks the colour), the value the legend gives, the values from the start on."""

    seat: int
    name: str
    total: float
    values: tuple[float, ...]


def line_chart(lines: Sequence[Line], steps: int, frame: Frame = PHONE) -> Chart:
    """The chart of ``lines`` over ``steps`` steps (hands, games) in ``frame``: y from the lowest to the highest value
    (0 always in sight), each line from step 0 to as far as its values go."""
    n = len(lines)
    steps = max(steps, 1)
    values = [0.0, *(value for line in lines for value in line.values)]
    low, high = min(values), max(values)
    interval = nice_interval(high - low, frame.y_ticks)
    y_min = math.floor(low / interval) * interval
    y_max = math.ceil(high / interval) * interval
    if y_max == y_min:
        y_max = y_min + interval
    left, top = float(frame.plot_left), float(frame.plot_top)
    right, bottom = float(frame.width - frame.plot_right), float(frame.plot_top + frame.plot_height)

    def x_at(step: int) -> float:
        """Where step ``step`` is across the plot."""
        return _round(left + (right - left) * step / steps)

    def y_at(value: float) -> float:
        """Where ``value`` is up the plot."""
        return _round(bottom - (bottom - top) * (value - y_min) / (y_max - y_min))

    x_interval = nice_interval(steps, frame.x_labels)
    x_ticks = tuple(Tick(h, x_at(h)) for h in range(x_interval if x_interval > 1 else 1, steps + 1, x_interval))
    y_ticks = tuple(Tick(v, y_at(v)) for v in range(y_min, y_max + 1, interval))
    legend_top = bottom + frame.axis_room + frame.legend_row / 2
    column = (frame.width - frame.plot_left / 2) / frame.legend_columns
    series = tuple(
        Series(
            seat=line.seat,
            name=line.name,
            label=legend_label(line.name),
            total=line.total,
            colour=seat_colour(line.seat),
            points=tuple((x_at(i), y_at(value)) for i, value in enumerate(line.values)),
            legend_x=_round(frame.plot_left / 2 + column * (index % frame.legend_columns)) if frame.legend_row else 0,
            legend_y=_round(legend_top + frame.legend_row * (index // frame.legend_columns)) if frame.legend_row else 0,
        )
        for index, line in enumerate(lines)
    )
    legend_rows = -(-n // frame.legend_columns) if frame.legend_row else 0
    height = int(bottom + frame.axis_room + frame.legend_row * legend_rows + 4)
    return Chart(frame.width, height, left, top, right, bottom, steps, x_ticks, y_ticks, y_at(0), series, frame.font)


def score_chart(sheet: ScoreSheet, frame: Frame = PHONE) -> Chart:
    """The chart of ``sheet``: the x axis spans the whole game (``hands_total``), the lines stop at the last saved hand."""
    lines = [
        Line(seat, name, sheet.totals[seat], (0, *(row.totals[seat] for row in sheet.rows)))
        for seat, name in enumerate(sheet.players)
    ]
    return line_chart(lines, max(sheet.hands_total, len(sheet.rows)), frame)
