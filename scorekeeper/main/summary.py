"""One line per game (and per peña) for the lists: players, how far it went, who leads or won; the peña's name."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.engine import PochaError
from scorekeeper.storage.groups import find_group, find_looked_group
from scorekeeper.storage.phone_games import KnownAddress
from scorekeeper.storage.store import find_game, find_watched_game, view_of


@dataclass(frozen=True)
class GameSummary:
    """What a list shows of a game."""

    token: str
    watching: bool
    names: tuple[str, ...]
    played: int
    total: int
    finished: bool
    first_place: str | None
    first_place_points: int | None
    updated_at: datetime
    #: Left by the table before its end; put away from the list (``archived``); followed by a revancha.
    left: bool = False
    archived: bool = False
    rematch: bool = False

    @property
    def playing(self) -> bool:
        """True while the game is being played (neither over nor left)."""
        return not self.finished and not self.left


def summaries(known: list[KnownAddress]) -> list[GameSummary]:
    """A summary of each game this phone knows that still exists, in the order given.

    A game this phone both keeps and watches is listed once, as kept.
    """
    found = [(entry, find_watched_game(entry.token) if entry.read_only else find_game(entry.token)) for entry in known]
    kept_ids = {game.id for entry, game in found if game is not None and not entry.read_only}
    out = []
    for entry, game in found:
        if game is None or (entry.read_only and game.id in kept_ids):
            continue
        view = view_of(game)
        names = view.names
        try:
            sheet = view.sheet
        except PochaError:
            continue
        seat = sheet.standings.first_place if sheet.rows else None
        out.append(
            GameSummary(
                token=entry.token,
                watching=entry.read_only,
                names=names,
                played=len(sheet.rows),
                total=sheet.hands_total,
                finished=sheet.finished,
                first_place=names[seat] if seat is not None else None,
                first_place_points=sheet.totals[seat] if seat is not None else None,
                updated_at=game.updated_at,
                left=game.abandoned_at is not None and not sheet.finished,
                archived=game.archived_at is not None,
                rematch=game.rematch_id is not None,
            )
        )
    return out


@dataclass(frozen=True)
class GroupSummary:
    """What the home page shows of a peña this phone knows: its name, how many games its league has."""

    token: str
    looking: bool
    name: str
    games: int


def group_summaries(known: list[KnownAddress]) -> list[GroupSummary]:
    """A summary of each peña this phone knows that still exists, in the order given (managed ones once)."""
    found = [(entry, find_looked_group(entry.token) if entry.read_only else find_group(entry.token)) for entry in known]
    managed = {group.id for entry, group in found if group is not None and not entry.read_only}
    return [
        GroupSummary(entry.token, entry.read_only, group.name, len(group.games))
        for entry, group in found
        if group is not None and not (entry.read_only and group.id in managed)
    ]
