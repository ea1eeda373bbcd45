"""Each player's record across finished games: games played and won, bids made exactly, points per hand.

Pure: it reads the engine's score sheets and knows nothing of Flask or the database.
Players are matched by name, trimmed and compared without regard to case
(«ana », «Ana» and «ANA» are the same player).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.engine import ScoreSheet


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's numbers over the finished games they played."""

    name: str
    games: int
    wins: int
    hands: int
    made: int
    points: int

    @property
    def made_share(self) -> float:
        """The share of bids made exactly, from 0 to 1."""
        return self.made / self.hands if self.hands else 0.0

    @property
    def average(self) -> float:
        """Points per hand played."""
        return self.points / self.hands if self.hands else 0.0


def name_key(name: str) -> str:
    """How names are matched: trimmed, inner spaces squeezed, case ignored."""
    return " ".join(name.split()).casefold()


@dataclass
class _Tally:
    name: str
    games: int = 0
    wins: int = 0
    hands: int = 0
    made: int = 0
    points: int = 0


def player_stats(sheets: Iterable[ScoreSheet]) -> tuple[PlayerStats, ...]:
    """Every player's numbers over the finished sheets (games still being played are left out).

    A player is shown with the spelling of the first sheet they appear in (give the
    newest first). Best first: most games won, then most played, then by name.
    """
    tallies: dict[str, _Tally] = {}
    for sheet in sheets:
        if not sheet.finished:
            continue
        winner = sheet.winner
        for seat, raw in enumerate(sheet.players):
            key = name_key(raw)
            tally = tallies.setdefault(key, _Tally(" ".join(raw.split())))
            tally.games += 1
            tally.wins += seat == winner
            for row in sheet.rows:
                if not row.counts(seat):
                    continue  # an extra hand the player was not in, or one no longer needed
                tally.hands += 1
                tally.made += row.made[seat]
                tally.points += row.points[seat]
    ranked = sorted(tallies.items(), key=lambda item: (-item[1].wins, -item[1].games, item[0]))
    return tuple(PlayerStats(t.name, t.games, t.wins, t.hands, t.made, t.points) for _key, t in ranked)
