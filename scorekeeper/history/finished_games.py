"""The finished games this phone knows, kept or watched, with the engine's sheet of each and how long it took."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.engine import PochaError, ScoreSheet
from scorekeeper.page_parts.game_time import GameTime
from scorekeeper.page_parts.stored_game_time import stored_game_time
from scorekeeper.storage.models import Game
from scorekeeper.storage.phone_games import known_games
from scorekeeper.storage.store import EDIT, WATCH, Scope, find_game, find_watched_game, view_of


@dataclass(frozen=True)
class FinishedGame:
    """A finished game in the history: the address this phone has for it, its sheet, and how long it took."""

    scope: Scope
    token: str
    sheet: ScoreSheet
    finished_at: datetime
    time: GameTime | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The players by seat."""
        return self.sheet.players

    @property
    def winner(self) -> str:
        """The winner's name."""
        seat = self.sheet.winner
        return self.sheet.players[seat] if seat is not None else ""

    @property
    def winner_points(self) -> int:
        """The winner's total."""
        seat = self.sheet.winner
        return self.sheet.totals[seat] if seat is not None else 0


def finished_games() -> list[FinishedGame]:
    """This phone's finished games, newest first; a game kept and watched is listed once, by its scorekeeper's address."""
    found: list[tuple[Scope, str, Game]] = []
    for known in known_games():
        game = find_watched_game(known.token) if known.read_only else find_game(known.token)
        if game is not None:
            found.append((WATCH if known.read_only else EDIT, known.token, game))
    kept = {game.id for scope, _token, game in found if scope == EDIT}
    seen: set[int] = set()
    out = []
    for scope, token, game in found:
        if game.id in seen or (scope == WATCH and game.id in kept):
            continue
        seen.add(game.id)
        try:
            sheet = view_of(game).sheet
        except PochaError:
            continue  # a game the rules no longer accept is left out, as on the home page
        if sheet.finished:
            out.append(FinishedGame(scope, token, sheet, game.finished_at or game.updated_at, stored_game_time(game)))
    return out
