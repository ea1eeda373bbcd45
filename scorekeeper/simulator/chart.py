"""The odds as a small bar chart: the geometry of each bar, drawn as server-side SVG by the template (no style attribute)."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.engine import TrickOdds

WIDTH = 320
HEIGHT = 180
TOP = 22  # room for the percentages above the bars
BOTTOM = 24  # room for the trick counts below
SIDE = 6


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: ``tricks`` taken in ``percent`` of the deals, where it sits in the drawing, and whether it is the tallest."""

    tricks: int
    percent: float
    x: float
    y: float
    width: float
    height: float
    top: bool

    @property
    def middle(self) -> float:
        """The bar's centre line, where its labels go."""
        return round(self.x + self.width / 2, 1)

    @property
    def label(self) -> str:
        """The percentage, rounded: ``37 %``; below one but not zero, ``<1 %``."""
        if 0 < self.percent < 0.5:
            return "<1 %"
        return f"{self.percent:.0f} %"


@dataclass(frozen=True, slots=True)
class Chart:
    """The whole drawing: its size, the baseline and the bars."""

    width: int
    height: int
    baseline: float
    bars: tuple[Bar, ...]


def bar_chart(odds: TrickOdds) -> Chart:
    """Bars for 0, 1, 2… tricks, as tall as their share of the deals (the most likely one reaching the top)."""
    chances = odds.chances
    count = len(chances)
    slot = (WIDTH - 2 * SIDE) / count
    gap = min(8.0, slot * 0.2)
    tallest = max(chances) or 1.0
    room = HEIGHT - TOP - BOTTOM
    baseline = HEIGHT - BOTTOM
    bars = []
    best = odds.most_likely
    for tricks, chance in enumerate(chances):
        height = round(room * chance / tallest, 1)
        x = round(SIDE + tricks * slot + gap / 2, 1)
        bars.append(
            Bar(tricks, chance * 100, x, round(baseline - height, 1), round(slot - gap, 1), height, tricks == best)
        )
    return Chart(WIDTH, HEIGHT, baseline, tuple(bars))
