"""The big screen's suspense: the hands it plays without showing any points, and how far the reveal at the end is.

The scorekeeper may hide the points on the big screen for the last N hands of the schedule
(``Game.suspense_hands``). From the first of them until the game is over, a tie-break hand
included, the screen draws the hand being played and the bids, and nothing of points. Once the
game is over the standings are revealed from last place to first, one every ``REVEAL_STEP``
seconds, then the podium. The reveal is a moment of the room, timed from the end of the game
(``Game.finished_at``): a screen drawn during it picks it up where it is, and a screen drawn after
it shows the final result at once, so a reload never plays it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final

from scorekeeper.engine import schedule
from scorekeeper.storage.store import GameView

#: The sensible choices the scorekeeper is offered, besides the whole game (any number of hands is kept).
CHOICES: Final = (1, 3, 5)
#: Seconds between two places revealed (static/css/screen.css's ``--reveal-step`` says the same).
REVEAL_STEP: Final = 3
#: Seconds a screen may take to hear that the game is over (it asks every two) and still see the reveal whole.
REVEAL_LEAD: Final = 6


def scheduled_hands(view: GameView) -> int:
    """How many hands the game's schedule has (tie-break hands aside): the most that can be hidden."""
    return len(schedule(len(view.names), view.game.first_dealer, view.rules))


def suspense_choices(hands: int, chosen: int | None = None) -> tuple[int, ...]:
    """The numbers of hands the scorekeeper may hide in a game of ``hands`` hands: the sensible ones that are shorter,
    the whole game, and the one ``chosen`` before."""
    return tuple(sorted({n for n in CHOICES if n < hands} | {hands} | ({chosen} if chosen else set())))


def points_hidden(view: GameView) -> bool:
    """Tell whether the big screen hides every point now: suspense is on and the hand being played is one of the
    last ``suspense_hands`` of the schedule, or a tie-break hand after them."""
    hidden = view.game.suspense_hands
    plan = view.plan
    return hidden is not None and plan is not None and plan.number > scheduled_hands(view) - hidden


@dataclass(frozen=True, slots=True)
class Reveal:
    """The reveal of the standings under way on the big screen: the places to reveal, and the steps of it gone by
    when the screen is drawn (0: it starts now)."""

    places: int
    step: int

    @property
    def key(self) -> str:
        """What the screen's sheet part is drawn from besides the game: the step it picks the reveal up at."""
        return f"reveal {self.step}"


def reveal(view: GameView, now: datetime) -> Reveal | None:
    """The reveal under way at ``now`` for a game played with suspense, or ``None``: there is none, or it is over.

    Each place (the last first) comes one ``REVEAL_STEP`` after the one before, then the podium and the rest;
    a screen has ``REVEAL_LEAD`` seconds to hear of the end before the reveal starts moving on without it.
    """
    game = view.game
    if not game.suspense_hands or game.finished_at is None:
        return None
    places = len(view.names)
    step = max(0, int((now - game.finished_at).total_seconds() - REVEAL_LEAD) // REVEAL_STEP)
    return Reveal(places, step) if step <= places else None
