"""How long a game took: from its start to its last saved hand, and the hands it played an hour.

Pure: it reads the times it is given, nothing else. The final page, the history, the peña, the
result card and the link to BG Stats all say a game's length from here.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from flask_babel import gettext as _

#: Under this many minutes the hands per hour are not said: a game typed in afterwards took no time at all.
SHORTEST_FOR_PACE: Final = 5


@dataclass(frozen=True, slots=True)
class GameTime:
    """A game's length: when it started, when its last hand was saved, and how many hands were saved."""

    started: datetime
    ended: datetime
    hands: int

    @property
    def minutes(self) -> int:
        """The length in whole minutes (rounded)."""
        return max(round((self.ended - self.started).total_seconds() / 60), 0)

    @property
    def hands_per_hour(self) -> float | None:
        """The hands played an hour, to a tenth; ``None`` for a game too short to say (typed in afterwards)."""
        if self.minutes < SHORTEST_FOR_PACE or not self.hands:
            return None
        return round(self.hands * 60 / self.minutes, 1)


def game_time(started: datetime | None, saved: Sequence[datetime | None]) -> GameTime | None:
    """The length of a game that started at ``started`` and saved a hand at each time of ``saved`` (``None`` where
    the time of a hand is not known); ``None`` when nothing is known: no start, or no hand saved with its time."""
    times = [at for at in saved if at is not None]
    if started is None or not times:
        return None
    ended = max(times)
    return GameTime(min(started, ended), ended, len(saved))


def usual_minutes(times: Iterable[GameTime]) -> int | None:
    """How long a game usually takes, of ``times``: the median of their lengths, in whole minutes (``None``: none)."""
    lengths = [time.minutes for time in times]
    return round(statistics.median(lengths)) if lengths else None


def duration_words(minutes: int) -> str:
    """A length as the table says it, in the page's language: «45 min», «1 h 5 min», «2 h»."""
    hours, rest = divmod(minutes, 60)
    if not hours:
        words: str = _("%(minutes)s min", minutes=rest)
    elif not rest:
        words = _("%(hours)s h", hours=hours)
    else:
        words = _("%(hours)s h %(minutes)s min", hours=hours, minutes=rest)
    return words
