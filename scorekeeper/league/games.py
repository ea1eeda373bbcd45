"""A peña's games as the league reads them: finished sheets with their date, and each player's finish in each."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from scorekeeper.engine import ScoreSheet, SheetRow

from .names import PlayerNames, name_key


@dataclass(frozen=True, slots=True)
class LeagueGame:
    """A game of the peña: a number that tells it apart (its id), when it was played, and its sheet."""

    key: int
    played_at: datetime
    sheet: ScoreSheet

    @property
    def order(self) -> tuple[datetime, int]:
        """Where it goes in the peña's history: by when it was played, then by its number."""
        return (self.played_at, self.key)


@dataclass(frozen=True, slots=True)
class Finish:
    """How one player did in one finished game: the place (1 = first, ties share it), whether they won,
    the final total and what they said and did in the hands that counted for them."""

    player: str
    seat: int
    position: int
    won: bool
    points: int
    hands: int
    exact: int
    over: int
    under: int
    pochas: int
    renuncios: int


def made_pocha(sheet: ScoreSheet, row: SheetRow, seat: int) -> bool:
    """Whether ``seat`` made la pocha in ``row``: the rules give it, and they bid and took every card of a hand big enough."""
    rules, cards = sheet.rules, row.plan.cards
    bid, tricks = row.record.bids[seat], row.record.tricks[seat]
    return rules.pocha_bonus and cards >= rules.pocha_min_cards and bid == tricks == cards


def finishes(game: LeagueGame, names: PlayerNames) -> tuple[Finish, ...]:
    """Each seat's finish in ``game`` (empty while it is not finished), by seat.

    Each seat is the player its name stands for after the merges; where two seats of the game
    would be the same player, both keep their own names (two people played, whatever the merges say).
    Only the hands that counted for a seat are read (an extra hand counts for the tied players only).
    """
    sheet = game.sheet
    if not sheet.finished:
        return ()
    merged = [names.player(name) for name in sheet.players]
    players = [player if merged.count(player) == 1 else name_key(name) for player, name in zip(merged, sheet.players)]
    out = []
    for seat, player in enumerate(players):
        rows = [row for row in sheet.rows if row.counts(seat)]
        bids = [(row.record.bids[seat], row.record.tricks[seat]) for row in rows]
        out.append(
            Finish(
                player=player,
                seat=seat,
                position=sheet.standings.place_of(seat).position,
                won=sheet.winner == seat,
                points=sheet.totals[seat],
                hands=len(rows),
                exact=sum(bid == tricks for bid, tricks in bids),
                over=sum(bid > tricks for bid, tricks in bids),
                under=sum(bid < tricks for bid, tricks in bids),
                pochas=sum(made_pocha(sheet, row, seat) for row in rows),
                renuncios=sum(row.record.renuncios_of(seat) for row in rows),
            )
        )
    return tuple(out)


def in_span(game: LeagueGame, first: date | None, last: date | None) -> bool:
    """Tell whether ``game`` was played from day ``first`` to day ``last``, both included (``None``: no bound)."""
    day = game.played_at.date()
    return (first is None or first <= day) and (last is None or day <= last)


def season_years(games: Iterable[LeagueGame]) -> tuple[int, ...]:
    """The years the games were played in, newest first."""
    return tuple(sorted({game.played_at.year for game in games}, reverse=True))


def in_order(games: Iterable[LeagueGame]) -> Sequence[LeagueGame]:
    """The finished games, oldest first."""
    return sorted((game for game in games if game.sheet.finished), key=lambda game: game.order)
