"""La noche de la peña, the standings: who won the night, from each round's games at tables of 3 to 6.

Each game gives its players place points from 1 (first) to 0 (last) whatever the table's size;
a night's total adds them up over the rounds a player played, then the points won against the
table's average, then the fewest missed bids break ties. docs/pena.md says why this is fair.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from scorekeeper.engine import ScoreSheet
from scorekeeper.engine.errors import N_

from .names import name_key
from .night_draw import NightError


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's finish in a table's game: the place (1 = first, ties share it), the final total and the missed bids."""

    player: str
    place: int
    points: int
    missed: int


@dataclass(frozen=True, slots=True)
class TableGame:
    """A table's finished game in a round: the table's number and every player's finish."""

    table: int
    seats: tuple[Seat, ...]


def table_game(table: int, sheet: ScoreSheet, names: Sequence[str] | None = None) -> TableGame:
    """The finish of every seat of the engine's ``sheet``, played at table ``table``, named as in ``names`` (default:
    the sheet's own names). Raises ``NightError`` while the game is not finished."""
    if not sheet.finished:
        raise NightError(N_("La partida de la mesa %(table)s no ha terminado"), table=table)
    shown = tuple(names) if names is not None else sheet.players
    if len(shown) != len(sheet.players):
        raise ValueError(f"{len(shown)} names for a game of {len(sheet.players)}")
    return TableGame(
        table,
        tuple(
            Seat(name, sheet.standings.place_of(seat).position, sheet.totals[seat], sheet.missed[seat])
            for seat, name in enumerate(shown)
        ),
    )


@dataclass(frozen=True, slots=True)
class RoundLine:
    """How a player did in one round: the round and table, the place among ``size`` players, the points,
    the points against the table's average, and the place points it gave (1 first, 0 last)."""

    round: int
    table: int
    size: int
    place: int
    points: int
    relative: Fraction
    score: Fraction
    missed: int


@dataclass(frozen=True, slots=True)
class NightLine:
    """A player's line in the night's standings: the place (ties share it) and the totals it is ranked by, then each round played."""

    player: str
    place: int
    score: Fraction
    relative: Fraction
    missed: int
    rounds: tuple[RoundLine, ...]

    @property
    def key(self) -> tuple[Fraction, Fraction, int]:
        """What ranks the night, best first when sorted: place points, then relative points (both highest first), then fewest missed bids."""
        return (-self.score, -self.relative, self.missed)


def place_score(place: int, tied: int, size: int) -> Fraction:
    """The place points of ``place`` shared by ``tied`` players at a table of ``size``: (size − p) / (size − 1), p being
    the average of the places the tied players cover. First gets 1 and last 0 at any table."""
    covered = Fraction(2 * place + tied - 1, 2)
    return (size - covered) / (size - 1)


def round_lines(number: int, game: TableGame) -> list[tuple[str, RoundLine]]:
    """Each player's line of round ``number`` at the table of ``game``."""
    size = len(game.seats)
    mean = Fraction(sum(seat.points for seat in game.seats), size)
    places = [seat.place for seat in game.seats]
    return [
        (
            seat.player,
            RoundLine(
                number,
                game.table,
                size,
                seat.place,
                seat.points,
                seat.points - mean,
                place_score(seat.place, places.count(seat.place), size),
                seat.missed,
            ),
        )
        for seat in game.seats
    ]


def night_standings(rounds: Iterable[Iterable[TableGame]]) -> tuple[NightLine, ...]:
    """The night's standings after ``rounds`` (each round's table games, first round first), best first.

    A player is matched across rounds as names are (case and spaces aside) and shown as last
    spelled. Totals rank, over the rounds each played: a round missed adds nothing, as a last place
    does. Players equal on every total share a place (then by name). Raises ``NightError`` when a
    player sits at two tables of one round.
    """
    played: dict[str, list[RoundLine]] = {}
    shown: dict[str, str] = {}
    for number, games in enumerate(rounds, start=1):
        seen: set[str] = set()
        for game in games:
            for player, line in round_lines(number, game):
                key = name_key(player)
                if key in seen:
                    raise NightError(
                        N_("«%(name)s» juega en dos mesas de la ronda %(round)s"), name=player, round=number
                    )
                seen.add(key)
                played.setdefault(key, []).append(line)
                shown[key] = player
    lines = [
        NightLine(
            shown[key],
            0,
            sum((line.score for line in mine), Fraction(0)),
            sum((line.relative for line in mine), Fraction(0)),
            sum(line.missed for line in mine),
            tuple(mine),
        )
        for key, mine in played.items()
    ]
    lines.sort(key=lambda line: (line.key, name_key(line.player)))
    ranked: list[NightLine] = []
    for index, entry in enumerate(lines):
        place = ranked[-1].place if ranked and ranked[-1].key == entry.key else index + 1
        ranked.append(replace(entry, place=place))
    return tuple(ranked)
