"""One line per game for the lists: players, how far it went, who leads or won."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.engine import PochaError
from scorekeeper.games import state


@dataclass(frozen=True)
class GameSummary:
    """What a list shows of a game."""

    token: str
    names: tuple[str, ...]
    played: int
    total: int
    finished: bool
    leader: str | None
    leader_points: int | None
    updated_at: datetime


def summaries(tokens: list[str]) -> list[GameSummary]:
    """A summary of each game behind ``tokens`` that still exists, in the order given."""
    out = []
    for token in tokens:
        game = state.find_game(token)
        if game is None:
            continue
        names = state.names_of(game)
        try:
            sheet = state.sheet_of(game)
        except PochaError:
            continue
        seat = sheet.standings.leader if sheet.rows else None
        out.append(
            GameSummary(
                token=token,
                names=names,
                played=len(sheet.rows),
                total=sheet.hands_total,
                finished=sheet.finished,
                leader=names[seat] if seat is not None else None,
                leader_points=sheet.totals[seat] if seat is not None else None,
                updated_at=game.updated_at,
            )
        )
    return out
