"""Head to head: two players of a peña in the games they played together."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .games import Finish


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two players in the games they played together: how often each finished above the other, and their points."""

    first: str
    second: str
    games: int
    first_above: int
    second_above: int
    first_points: int
    second_points: int

    @property
    def level(self) -> int:
        """The games they finished level (sharing a place)."""
        return self.games - self.first_above - self.second_above


def head_to_head(games: Iterable[Sequence[Finish]], first: str, second: str) -> HeadToHead:
    """``first`` against ``second`` (players' keys) over the finished games given."""
    together = above = below = points_first = points_second = 0
    for finished in games:
        mine = next((finish for finish in finished if finish.player == first), None)
        theirs = next((finish for finish in finished if finish.player == second), None)
        if mine is None or theirs is None or first == second:
            continue
        together += 1
        above += mine.position < theirs.position
        below += theirs.position < mine.position
        points_first += mine.points
        points_second += theirs.points
    return HeadToHead(first, second, together, above, below, points_first, points_second)
