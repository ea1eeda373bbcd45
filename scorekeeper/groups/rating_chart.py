"""The rating's history as a line chart: the players ranked highest, their rating after each game of the league."""

from __future__ import annotations

from typing import Final

from scorekeeper.league import League
from scorekeeper.page_parts.chart import PHONE, Chart, Frame, Line, line_chart
from scorekeeper.page_parts.seat_colours import PALETTE

#: The lines drawn at most (one colour each): the players ranked highest.
MOST_LINES: Final = len(PALETTE)


def rating_chart(league: League, frame: Frame = PHONE) -> Chart | None:
    """The chart of the rating of the best-ranked players after each game (``None`` before any game)."""
    if not league.games:
        return None
    lines = [
        Line(
            index,
            record.name,
            round(record.rating.shown, 1),
            tuple(round(v, 1) for v in league.ratings.line(record.player)),
        )
        for index, record in enumerate(league.players[:MOST_LINES])
    ]
    return line_chart(lines, len(league.games), frame)
