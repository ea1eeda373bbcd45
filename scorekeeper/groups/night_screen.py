"""Views of the groups blueprint: a peña's night on the room's big screen, from the lookers' address: the round, every
table's game, the night's standings, and each new draw large so that everyone finds their seat; kept up to date like
the peña's big screen (plumbing/live.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

from flask import Response, url_for

from scorekeeper.groups import bp
from scorekeeper.groups.pages import LOOK
from scorekeeper.groups.screen import live_screen, whole_screen
from scorekeeper.league import NightLine
from scorekeeper.plumbing import live
from scorekeeper.plumbing.assets import release
from scorekeeper.storage.groups import group_for, state_digest
from scorekeeper.storage.models import Night
from scorekeeper.storage.nights import (
    drawn_rounds,
    night_for,
    night_over,
    night_state,
    present,
    round_over,
    standings,
    tables_of,
)
from scorekeeper.storage.store import GameView, view_of

#: The lines of the night's standings the screen shows at most beside the tables (the rest: «y N más»).
SCREEN_LINES: Final = 16
#: The template of the screen's live part.
PART: Final = "groups/nights/screen_part.html"
#: The tables a row of the screen holds when there are more than six: the grid keeps two rows.
TABLE_ROWS: Final = 2


@dataclass(frozen=True, slots=True)
class ScreenTable:
    """A table of the round shown: its number and its game as this request sees it (``None``: the game was deleted)."""

    number: int
    view: GameView | None

    @property
    def started(self) -> bool:
        """Tell whether the table has saved a hand, or is done with its game (finished or left)."""
        return self.view is not None and (bool(self.view.saved) or self.view.finished)


@dataclass(frozen=True, slots=True)
class NightScreen:
    """What the room's screen shows of a night now.

    ``drawn``: the rounds drawn (0: waiting for the first draw); ``tables``: the latest round's; ``just_drawn``: no
    table of it has saved a hand yet, so the draw is shown large; ``waiting_for``: the round whose draw is awaited
    once the latest is over (``None`` while it is played, and once the night is over).
    """

    night: Night
    drawn: int
    tables: tuple[ScreenTable, ...]
    just_drawn: bool
    over: bool
    waiting_for: int | None
    lines: tuple[NightLine, ...]

    @property
    def columns(self) -> int:
        """How many tables a row of the grid holds: three up to six tables, more beyond (two rows at most)."""
        return max(3, math.ceil(len(self.tables) / TABLE_ROWS))

    @property
    def winners(self) -> tuple[str, ...]:
        """Who is first in the night's standings (more than one when level)."""
        return tuple(line.player for line in self.lines if line.place == 1)

    @property
    def present(self) -> tuple[str, ...]:
        """Who plays the next round to be drawn, as they came."""
        return tuple(player.name for player in present(self.night, self.drawn + 1))


def night_screen_of(night: Night) -> NightScreen:
    """The night as its screen shows it now."""
    drawn = drawn_rounds(night)
    tables = tuple(
        ScreenTable(table.number, None if table.game is None else view_of(table.game))
        for table in tables_of(night, drawn)
    )
    over = night_over(night)
    return NightScreen(
        night=night,
        drawn=drawn,
        tables=tables,
        just_drawn=bool(tables) and not any(table.started for table in tables),
        over=over,
        waiting_for=drawn + 1 if drawn and round_over(night, drawn) and not over else None,
        lines=standings(night),
    )


def _night(token: str, number: int) -> tuple[Night, str]:
    """The night ``number`` of the peña looked at with ``token`` and its screen's ETag, or a 404 page."""
    night = night_for(group_for(LOOK, token), number)
    return night, live.page_etag(state_digest(night_state(night)))


def _context(night: Night, token: str, etag: str) -> dict[str, Any]:
    """What the screen's templates read."""
    screen = night_screen_of(night)
    return {
        "screen": screen,
        "night": night,
        "group": night.group,
        "token": token,
        "lines": screen.lines[:SCREEN_LINES],
        "more": max(0, len(screen.lines) - SCREEN_LINES),
        "etag": etag,
        "release": release(),
        "live_address": url_for("groups.night_screen_live", token=token, number=night.number),
        "screen_class": "night-screen",
    }


@bp.get("/pena/ver/<token>/noche/<int:number>/pantalla")
def night_screen(token: str, number: int) -> Response:
    """A night of the peña for a television or a laptop in the room: the round, every table's game and the night's
    standings, or the new draw large."""
    night, etag = _night(token, number)
    return whole_screen(etag, lambda: _context(night, token, etag), "groups/nights/screen.html", PART)


@bp.get("/pena/ver/<token>/noche/<int:number>/pantalla/en-directo")
def night_screen_live(token: str, number: int) -> Response:
    """The live part of the night's screen: a bodiless 304 while nothing changed."""
    night, etag = _night(token, number)
    return live_screen(etag, lambda: _context(night, token, etag), PART)
