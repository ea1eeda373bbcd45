"""A peña's night kept in the database and played: made with its players, its rounds drawn, and each table's game played
by the engine's bots, hand by hand or to its end, saved as the game page saves hands, as the night's pages, sheet and
screen find it. ``StoredNight`` also keeps what was played at each table, to count the night apart from storage.

    number = make_night(app, peña, THIRTEEN)
    tables = draw(app, peña, number)
    play(app, tables[0].token)

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
from scorekeeper.storage import groups, nights, store
from scorekeeper.storage.groups import MANAGE, group_for
from scorekeeper.storage.models import Night, NightTable, utcnow
from support.groups import Peña
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
#: A club's night: three tables (5, 4 and 4).
THIRTEEN = NAMES[:13]
#: Names of twenty letters, the longest a game takes.
LONG_NAMES = ("Maximiliano Fernánde", "María José Gutiérrez", "Juan Carlos Martínez")
#: Twenty-two players, one with a name of twenty letters: five tables (5, 5, 4, 4 and 4).
TWENTY_TWO = (LONG_NAMES[0], *NAMES[:21])

T = TypeVar("T")


@dataclass(frozen=True)
class DrawnTable:
    """A table as drawn, in plain values: its round and number, its game's players by seat, the first dealer, the
    game's id, its scorekeeper's token (as the draw handed it out) and its watchers' token."""

    round: int
    number: int
    players: tuple[str, ...]
    first_dealer: int
    game_id: int
    token: str
    watch: str

    @property
    def size(self) -> int:
        """How many play at it."""
        return len(self.players)


def drawn_table(table: NightTable, token: str) -> DrawnTable:
    """A drawn table's row and token as plain values."""
    game = table.game
    assert game is not None
    players = tuple(player.name for player in game.players)
    return DrawnTable(table.round, table.number, players, game.first_dealer, game.id, token, game.watch_token)


# --- a night made, drawn and played --------------------------------------------------------------


def make_night(
    app: Flask, peña: Peña, players: Sequence[str], name: str = "Viernes de mus", seed: int = 7, **options: Any
) -> int:
    """Make a night of the peña with ``players`` (``options`` as ``create_night`` takes them: tables of 4 or 5, three
    rounds, the first at random, unless they say otherwise): its number."""
    with app.app_context():
        group = group_for(MANAGE, peña.manage, lock=True)
        night = nights.create_night(group, name, players, seed=seed, **options)
        db.session.commit()
        return night.number


def draw(app: Flask, peña: Peña, number: int, leave_unfinished: bool = False) -> list[DrawnTable]:
    """Draw the next round of night ``number`` (committed): its tables, the first first. ``leave_unfinished``: the
    tables of the latest round still playing leave their games first, so that the round is over."""
    with app.app_context():
        night = nights.night_for(group_for(MANAGE, peña.manage, lock=True), number)
        if leave_unfinished:
            for table in nights.tables_of(night, nights.drawn_rounds(night)):
                if table.game is not None and not nights.table_over(table):
                    table.game.abandoned_at = utcnow()
        made = nights.draw_next(night, peña.manage)
        db.session.commit()
        return [drawn_table(table, token) for table, token in made]


def play(app: Flask, token: str, hands: int | None = None, seed: int = 1) -> list[HandRecord]:
    """Save the next ``hands`` hands of the game ``token`` (``None``: every hand to its end), played by the bots with
    ``seed`` under the game's rules: the hands saved."""
    with app.app_context():
        game = store.find_game(token)
        assert game is not None, "no such game"
        view = store.view_of(game)
        saved = len(view.saved)
        records = classic_game(len(game.players), game.first_dealer, seed=seed, rules=view.rules)
        end = len(records) if hands is None else min(len(records), saved + hands)
        save_hands(game, records[saved:end])
        db.session.commit()
        return list(records[saved:end])


# --- a night followed in plain values, and counted apart -------------------------------------------


@dataclass
class Played:
    """A table's game as the bots played it: the table as drawn, and the hands saved."""

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
    peña: Peña
    number: int
    preset: str
    tables: dict[tuple[int, int], DrawnTable] = field(default_factory=dict)
    played: dict[tuple[int, int], Played] = field(default_factory=dict)

    @classmethod
    def make(cls, app: Flask, players: Sequence[str], manage: str | None = None, **options: Any) -> StoredNight:
        """Make a night of ``players`` (``options`` as ``make_night`` takes them) in the peña ``manage``, or in a new
        peña."""
        with app.app_context():
            if manage is None:
                _group, manage = groups.create_group("Los del jueves")
                db.session.commit()
            group = groups.find_group(manage)
            assert group is not None
            peña = Peña(manage, group.look_token)
        preset = options.get("preset", nights.DEFAULT_PRESET)
        return cls(app, peña, make_night(app, peña, players, **options), preset)

    @property
    def manage(self) -> str:
        """The peña manager's token."""
        return self.peña.manage

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
        drawn = draw(self.app, self.peña, self.number)
        self.tables.update({(table.round, table.number): table for table in drawn})
        return drawn

    def play(self, number: int, hands: int | None = None, only: Sequence[int] | None = None) -> list[Played]:
        """Every table of round ``number`` (or the tables ``only``) plays its game with the bots, to its end (or its
        next ``hands`` hands), saved in the stored game."""
        out = []
        for (round_number, table_number), table in sorted(self.tables.items()):
            if round_number != number or (only is not None and table_number not in only):
                continue
            played = self.played.setdefault((number, table_number), Played(table, []))
            played.records.extend(play(self.app, table.token, hands, seed=100 * number + table_number))
            out.append(played)
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


# --- what a draw is checked against ----------------------------------------------------------------


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
