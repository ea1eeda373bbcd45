"""A peña's night kept in the database and played: made in a new peña, its rounds drawn, each table's game played to
its end by the engine's bots and saved as the game page saves hands; and what was played at each table, to count the
night apart from what storage reads back.

    night = StoredNight.make(app, NAMES[:12], mode="standings", seed=13)
    night.draw()
    night.play(1)
    assert night.standings() == night.counted()
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from flask import Flask

from scorekeeper.engine import HandRecord, preset_rules, score_sheet
from scorekeeper.extensions import db
from scorekeeper.league import NightLine, TableGame, name_key, night_standings, table_game
from scorekeeper.storage import groups, nights
from scorekeeper.storage.models import Night, NightTable
from support.paper_games import classic_game, save_hands

#: Twenty-two players, more than any night here needs.
NAMES = (
    "Ana",
    "Bea",
    "Carlos",
    "Dani",
    "Eva",
    "Fermín",
    "Gema",
    "Hugo",
    "Inés",
    "Javi",
    "Koldo",
    "Lucía",
    "Mar",
    "Nico",
    "Olga",
    "Pau",
    "Quique",
    "Rosa",
    "Sara",
    "Teo",
    "Úrsula",
    "Vera",
)

T = TypeVar("T")


@dataclass(frozen=True)
class DrawnTable:
    """A table as drawn, in plain values: its round and number, its game's players by seat, the first dealer, the
    game's id and its scorekeeper's token (as the draw handed it out)."""

    round: int
    number: int
    players: tuple[str, ...]
    first_dealer: int
    game_id: int
    token: str

    @property
    def size(self) -> int:
        """How many play at it."""
        return len(self.players)


@dataclass
class Played:
    """A table's game as the bots played it: its players by seat, its first dealer and the hands saved."""

    table: DrawnTable
    records: list[HandRecord]
    counts: bool = True

    def finish(self, rules_preset: str) -> TableGame | None:
        """The table's finish counted straight from the hands played (``None`` while the sheet is not over, or once
        the game was left or deleted)."""
        sheet = score_sheet(preset_rules(rules_preset), self.table.players, self.table.first_dealer, self.records)
        return table_game(self.table.number, sheet) if self.counts and sheet.finished else None


@dataclass
class StoredNight:
    """A night of a peña, found again in each app context by the peña's manager token and the night's number."""

    app: Flask
    manage: str
    number: int
    preset: str
    tables: dict[tuple[int, int], DrawnTable] = field(default_factory=dict)
    played: dict[tuple[int, int], Played] = field(default_factory=dict)

    @classmethod
    def make(cls, app: Flask, players: Sequence[str], manage: str | None = None, **options: Any) -> StoredNight:
        """Make a night of ``players`` (``options`` as ``create_night`` takes them) in the peña ``manage``, or in a
        new peña."""
        with app.app_context():
            if manage is None:
                _group, manage = groups.create_group("Los del jueves")
                db.session.commit()
            group = groups.find_group(manage)
            assert group is not None
            night = nights.create_night(group, options.pop("name", "Noche de prueba"), players, **options)
            db.session.commit()
            return cls(app, manage, night.number, night.preset)

    @contextmanager
    def opened(self) -> Iterator[Night]:
        """The night, in an app context of its own."""
        with self.app.app_context():
            group = groups.find_group(self.manage)
            assert group is not None
            yield nights.night_for(group, self.number)

    def read(self, ask: Callable[[Night], T]) -> T:
        """What ``ask`` reads of the night (plain values: the rows are gone once it returns)."""
        with self.opened() as night:
            return ask(night)

    def change(self, do: Callable[[Night], T]) -> T:
        """Do ``do`` to the night and commit."""
        with self.opened() as night:
            result = do(night)
            db.session.commit()
            return result

    def draw(self) -> list[DrawnTable]:
        """Draw the next round (committed): its tables."""
        with self.opened() as night:
            made = nights.draw_next(night, self.manage)
            db.session.commit()
            drawn = [drawn_table(table, token) for table, token in made]
        self.tables.update({(table.round, table.number): table for table in drawn})
        return drawn

    def play(self, number: int, hands: int | None = None, only: Sequence[int] | None = None) -> list[Played]:
        """Every table of round ``number`` (or the tables ``only``) plays its game with the bots, to its end (or its
        first ``hands`` hands), saved in the stored game."""
        out = []
        with self.opened() as night:
            for row in nights.tables_of(night, number):
                if only is not None and row.number not in only:
                    continue
                drawn = self.tables[(number, row.number)]
                records = classic_game(
                    drawn.size, drawn.first_dealer, seed=100 * number + row.number, rules=preset_rules(self.preset)
                )[:hands]
                assert row.game is not None
                save_hands(row.game, records)
                out.append(self.played.setdefault((number, row.number), Played(drawn, [])))
                out[-1].records.extend(records)
            db.session.commit()
        return out

    def standings(self) -> tuple[NightLine, ...]:
        """The night's standings as storage counts them."""
        return self.read(nights.standings)

    def counted(self) -> tuple[NightLine, ...]:
        """The night's standings counted from the hands the bots played, round by round, apart from storage."""
        rounds = max((number for number, _table in self.tables), default=0)
        return night_standings(
            [
                [
                    finish
                    for (round_number, _table), played in sorted(self.played.items())
                    if round_number == number and (finish := played.finish(self.preset)) is not None
                ]
                for number in range(1, rounds + 1)
            ]
        )

    def state(self) -> tuple[int, tuple[tuple[int, int], ...]]:
        """What the night's pages depend on."""
        return self.read(nights.night_state)

    def who(self) -> list[tuple[str, int, int | None]]:
        """The night's players as stored: name, first round, the round they left before (``None``: still there)."""
        return self.read(lambda night: [(p.name, p.first_round, p.left_round) for p in night.players])

    def arrive(self, name: str) -> tuple[str, int, int | None]:
        """``name`` arrives (committed): their row as stored."""

        def came(night: Night) -> tuple[str, int, int | None]:
            player = nights.arrive(night, name)
            return (player.name, player.first_round, player.left_round)

        return self.change(came)

    def leave(self, name: str) -> bool:
        """``name`` leaves (committed); ``False``: they had left already."""

        def gone(night: Night) -> bool:
            player = nights.player_at(night, name)
            assert player is not None, name
            return nights.leave(night, player)

        return self.change(gone)

    def present(self, number: int) -> list[str]:
        """Who plays round ``number``, as things stand."""
        return self.read(lambda night: [player.name for player in nights.present(night, number)])

    def token(self, number: int, table: int) -> str:
        """The scorekeeper's token of table ``table`` of round ``number``, as the draw handed it out."""
        return self.tables[(number, table)].token


def drawn_table(table: NightTable, token: str) -> DrawnTable:
    """A drawn table's row and token as plain values."""
    game = table.game
    assert game is not None
    return DrawnTable(
        table.round, table.number, tuple(player.name for player in game.players), game.first_dealer, game.id, token
    )


def seated(tables: Sequence[DrawnTable]) -> list[str]:
    """Everyone at the tables, by name."""
    return sorted(name for table in tables for name in table.players)


def assert_within_band(tables: Sequence[DrawnTable], order: Sequence[str]) -> None:
    """Every player sits at most one table away from the table their place in ``order`` gives them, those not in it
    (the late ones) coming after it in any order: the standings mode's promise (docs/pena.md)."""
    present = {name_key(name) for table in tables for name in table.players}
    ranked = [name_key(name) for name in order if name_key(name) in present]
    positions = [index for index, table in enumerate(tables) for _seat in range(table.size)]
    home = {key: {positions[at]} for at, key in enumerate(ranked)}
    home.update({key: set(positions[len(ranked) :]) for key in present - set(ranked)})
    for index, table in enumerate(tables):
        for name in table.players:
            assert min(abs(index - h) for h in home[name_key(name)]) <= 1, (name, index, home[name_key(name)])
