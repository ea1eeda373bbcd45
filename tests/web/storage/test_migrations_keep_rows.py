"""No migration loses a row: games written at every revision survive upgrade to head, downgrade to the first, upgrade again.

The games are written with SQL fitted to the tables as they are at that revision (reflected,
not the models, which describe head): known columns get a real game's values, a column this
test does not know (a later migration's) gets a value of its type. After each migration every row
written must still be there, and every column that has existed since must hold the same value;
a column that a migration adds (or drops and adds back) may hold new values, filled where it is NOT NULL,
and keeps them from then on. Only a downgrade may drop a whole table (one a later migration made, such as
the applied taps): its rows go with it; an upgrade drops none.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask
from flask_migrate import downgrade, upgrade

from scorekeeper import resource_dir
from scorekeeper.engine import preset_rules
from scorekeeper.extensions import db

SCRIPTS = ScriptDirectory(str(resource_dir("migrations")))
#: Every revision, oldest first: a new migration is tested as soon as it is added.
REVISIONS = [script.revision for script in reversed(list(SCRIPTS.walk_revisions()))]
FIRST = REVISIONS[0]
HEAD = SCRIPTS.get_current_head()
#: The tables a game is written to, parents first (those that exist at the revision the game is written at).
GAME_TABLES = ("game", "player", "hand", "correction", "applied_tap")
#: The rows each table holds once both games are written at head.
WRITTEN = {"game": 2, "player": 7, "hand": 5, "correction": 3, "applied_tap": 4}

Key = tuple[Any, ...]
Row = dict[str, Any]
Rows = dict[str, dict[Key, Row]]

AT = datetime(2025, 3, 14, 21, 5, 12, 345678)


def minutes(n: int) -> datetime:
    """A moment of the evening, ``n`` minutes after the first game started."""
    return AT + timedelta(minutes=n)


def token(text: str) -> str:
    """A 43-character URL-safe token, the shape of Pocha's tokens, made from ``text``."""
    return base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).decode().rstrip("=")


def game_in_progress() -> dict[str, list[Row]]:
    """Four players, two saved hands (one a renuncio, later corrected) and a subastado hand half said."""
    return {
        "game": [
            dict(
                edit_hash=hashlib.sha256(b"edit-1").hexdigest(),
                watch_token=token("watch-1"),
                preset="corta",
                rules=preset_rules("corta").to_dict(),
                first_dealer=2,
                version=17,
                created_at=AT,
                updated_at=minutes(21),
                finished_at=None,
            )
        ],
        "player": [dict(seat=seat, name=name) for seat, name in enumerate(["Ana", "Begoña", "Carlos", "Dani"])],
        "hand": [
            dict(
                number=1,
                trump="O",
                auction=None,
                bids=[1, 0, 1, 1],
                tricks=[1, 0, 0, 0],
                renuncios=[0, 0, 0, 0],
                complete=True,
                completed_at=minutes(4),
            ),
            dict(
                number=2,
                trump="-",
                auction=None,
                bids=[0, 1, 1, 1],
                tricks=[0, 1, 0, 1],
                renuncios=[0, 1, 0, 0],
                complete=True,
                completed_at=minutes(9),
            ),
            dict(
                number=3,
                trump="C",
                auction=[2, None, 3, None],
                bids=[None, None, 3, None],
                tricks=[None, None, None, None],
                renuncios=[0, 0, 0, 0],
                complete=False,
                completed_at=None,
            ),
        ],
        "correction": [
            dict(
                hand_number=2,
                made_at=minutes(12),
                changes=[
                    {"field": "renuncios", "seat": 1, "before": 0, "after": 1},
                    {"field": "trump", "seat": None, "before": "E", "after": "-"},
                ],
            ),
        ],
        "applied_tap": [
            dict(tap_id="k3J9sQ0vX2mWb7Lp", hand_number=3, applied_at=minutes(19)),
            dict(tap_id="Zr5-t_8aYc1uHq2nEe0w4g", hand_number=3, applied_at=minutes(20)),
            dict(tap_id="x" * 40, hand_number=3, applied_at=minutes(21)),
        ],
    }


def finished_game() -> dict[str, list[Row]]:
    """Three players, two hands of one card, over: its rows must not mix with the other game's."""
    return {
        "game": [
            dict(
                edit_hash=hashlib.sha256(b"edit-2").hexdigest(),
                watch_token=token("watch-2"),
                preset="a_medida",
                rules=preset_rules("clasica", custom_sizes=(1, 1)).to_dict(),
                first_dealer=0,
                version=9,
                created_at=minutes(30),
                updated_at=minutes(41),
                finished_at=minutes(41),
            )
        ],
        "player": [dict(seat=seat, name=name) for seat, name in enumerate(["Eva", "Fermín", "Gema"])],
        "hand": [
            dict(
                number=1,
                trump="B",
                auction=None,
                bids=[0, 1, 1],
                tricks=[0, 1, 0],
                renuncios=[0, 0, 0],
                complete=True,
                completed_at=minutes(35),
            ),
            dict(
                number=2,
                trump="E",
                auction=None,
                bids=[1, 1, 1],
                tricks=[0, 0, 1],
                renuncios=[0, 0, 2],
                complete=True,
                completed_at=minutes(41),
            ),
        ],
        "correction": [
            dict(hand_number=1, made_at=minutes(38), changes=[{"field": "bid", "seat": 2, "before": 0, "after": 1}]),
            dict(hand_number=2, made_at=minutes(42), changes=[{"field": "tricks", "seat": 0, "before": 1, "after": 0}]),
        ],
        "applied_tap": [dict(tap_id="k3J9sQ0vX2mWb7Lp", hand_number=2, applied_at=minutes(41))],
    }


class Invent:
    """Values of a column's type for the columns this test does not know, each one different (unique columns)."""

    def __init__(self) -> None:
        self.counter = itertools.count(1)

    def __call__(self, table: str, column: sa.Column[Any]) -> Any:
        """A value for ``column`` of its Python type."""
        n = next(self.counter)
        try:
            kind = dict if isinstance(column.type, sa.JSON) else column.type.python_type
        except NotImplementedError:
            kind = None
        if kind is bool:
            return n % 2 == 1
        if kind is int:
            return 1000 + n
        if kind is str:
            length = getattr(column.type, "length", None) or 32
            return f"v{n}-{column.name}"[:length]
        if kind is float:
            return n + 0.25
        if kind is Decimal:
            return Decimal(n) + Decimal("0.5")
        if kind is datetime:
            return AT + timedelta(days=n, microseconds=n)
        if kind is date:
            return date(2025, 1, 1) + timedelta(days=n)
        if kind in (dict, list):
            return {"invented": n, "list": [n, None]}
        if kind is bytes:
            return f"v{n}".encode()
        pytest.fail(f"{table}.{column.name} is of type {column.type}: teach Invent a value of it")


def reflect(connection: sa.Connection) -> dict[str, sa.Table]:
    """Every table of the database as it is now (but Alembic's own)."""
    metadata = sa.MetaData()
    metadata.reflect(bind=connection)
    return {name: table for name, table in metadata.tables.items() if name != "alembic_version"}


def key_of(table: sa.Table, row: Row) -> Key:
    """A row's primary key."""
    return tuple(row[column.name] for column in table.primary_key.columns)


def write_game(
    connection: sa.Connection, tables: dict[str, sa.Table], facts: dict[str, list[Row]], invent: Invent
) -> Rows:
    """Insert one game's rows into the tables as they are, and return them as written, by table and key."""
    written: Rows = {}
    parents: dict[str, Any] = {}  # table -> the id of this game's first row in it, for foreign keys
    for name in (name for name in GAME_TABLES if name in tables):
        table = tables[name]
        written[name] = {}
        for known in facts[name]:
            row: Row = {}
            for column in table.columns:
                if (
                    column.primary_key
                    and column.autoincrement in (True, "auto")
                    and len(table.primary_key.columns) == 1
                ):
                    continue
                if column.foreign_keys:
                    target = next(iter(column.foreign_keys)).column.table.name
                    if target == name:  # a game's revancha: linked once both games are written
                        row[column.name] = None
                        continue
                    assert target in parents, f"{name}.{column.name} points to {target}, written after it"
                    row[column.name] = parents[target]
                elif column.name in known:
                    row[column.name] = known[column.name]
                else:
                    row[column.name] = invent(name, column)
            inserted = connection.execute(table.insert().values(**row))
            row.update(zip((c.name for c in table.primary_key.columns), inserted.inserted_primary_key))
            parents.setdefault(name, row.get("id", None))
            written[name][key_of(table, row)] = row
    return written


def write_games(connection: sa.Connection, tables: dict[str, sa.Table]) -> Rows:
    """Insert the game in progress and the finished game into the tables as they are; their rows as written (none in
    a game's table that this revision does not have yet)."""
    written: Rows = {name: {} for name in GAME_TABLES}
    invent = Invent()
    for facts in (game_in_progress(), finished_game()):
        for name, rows in write_game(connection, tables, facts, invent).items():
            written[name].update(rows)
    return written


def read_rows(connection: sa.Connection) -> tuple[dict[str, sa.Table], Rows]:
    """Every row of every table, by table and primary key."""
    tables = reflect(connection)
    rows = {
        name: {key_of(table, dict(row)): dict(row) for row in connection.execute(sa.select(table)).mappings()}
        for name, table in tables.items()
    }
    return tables, rows


def current_revision(connection: sa.Connection) -> str | None:
    """The revision the database is at."""
    return MigrationContext.configure(connection).get_current_revision()


@dataclass
class Kept:
    """The rows that must survive every migration, with each column's value as last seen."""

    rows: Rows

    def check(self, tables: dict[str, sa.Table], now: Rows, migration: str, downgrade: bool = False) -> dict[str, int]:
        """Fail if a row is gone or a kept value changed; take in the columns this migration added. Return the counts.

        A ``downgrade`` may drop a whole table (the revision it reaches has none): its rows are no longer kept.
        """
        for name in [name for name in self.rows if name not in now and downgrade]:
            del self.rows[name]
        for name, kept in self.rows.items():
            assert name in now, f"{migration}: table {name} is gone, and its {len(kept)} rows with it"
            columns = {column.name: column for column in tables[name].columns}
            lost = [row for key, row in kept.items() if key not in now[name]]
            assert not lost, f"{migration}: {len(lost)} of the {len(kept)} rows of {name} are lost, e.g. {lost[0]}"
            for key, row in kept.items():
                current = now[name][key]
                for column in list(row):
                    if column not in current:
                        del row[column]  # dropped by this migration (a downgrade): it may come back with new values
                    else:
                        assert current[column] == row[column], (
                            f"{migration}: {name}.{column} of row {key} changed from {row[column]!r} to {current[column]!r}"
                        )
                for column in current.keys() - row.keys():  # added by this migration, or dropped and added back
                    if not columns[column].nullable:
                        assert current[column] is not None, f"{migration}: {name}.{column} of row {key} is empty"
                    row[column] = current[column]  # from now on it must keep this value
        return {name: len(now[name]) for name in self.rows}


def link_rematch(connection: sa.Connection, tables: dict[str, sa.Table], written: Rows) -> None:
    """Where games have a revancha (``rematch_id``), make the first game the revancha of the second, as written."""
    game = tables["game"]
    if "rematch_id" not in game.columns:
        return
    (first,), (second,) = sorted(written["game"])
    connection.execute(game.update().where(game.c.id == second).values(rematch_id=first))
    written["game"][(second,)]["rematch_id"] = first


@pytest.mark.parametrize("revision", REVISIONS)
def test_games_written_at_a_revision_keep_every_row_up_down_and_up(empty_app: Flask, revision: str) -> None:
    directory = empty_app.extensions["migrate"].directory
    migrations: list[tuple[str, str, Callable[[], None], bool]] = [
        ("upgrade to head", HEAD, lambda: upgrade(directory=directory), False),
        ("downgrade to the first revision", FIRST, lambda: downgrade(directory=directory, revision=FIRST), True),
        ("upgrade to head again", HEAD, lambda: upgrade(directory=directory), False),
    ]
    with empty_app.app_context():
        upgrade(directory=directory, revision=revision)
        with db.engine.begin() as connection:
            assert current_revision(connection) == revision
            tables = reflect(connection)
            written = {name: rows for name, rows in write_games(connection, tables).items() if name in tables}
            link_rematch(connection, tables, written)
        kept = Kept(written)
        with db.engine.connect() as connection:
            counts = [("written at " + revision, kept.check(*read_rows(connection), f"written at {revision}"))]
        for migration, expected, run, going_down in migrations:
            run()
            with db.engine.connect() as connection:
                assert current_revision(connection) == expected, migration
                counts.append((migration, kept.check(*read_rows(connection), migration, going_down)))
    assert counts[0][1] == {name: count for name, count in WRITTEN.items() if name in counts[0][1]}
    assert {"game", "player", "hand", "correction"} <= set(counts[0][1]), counts[0]
    assert counts[1] == ("upgrade to head", counts[0][1]), "an upgrade keeps every table's rows"
    assert all(count == {name: counts[0][1][name] for name in count} for _, count in counts), counts
    print(
        f"rows kept from {revision}:", "; ".join(f"{migration}: {count}" for migration, count in counts)
    )  # shown with -s


# --- the peñas' tables ---------------------------------------------------------------------------

#: The tables of a peña, parents first.
GROUP_TABLES = ("player_group", "player_group_game", "name_merge", "season")


def group_of(game_ids: list[int]) -> dict[str, list[Row]]:
    """A peña holding both games, one spelling merged and undone, one merged, a season."""
    return {
        "player_group": [
            dict(
                manage_hash=hashlib.sha256(b"manage-1").hexdigest(),
                look_token=token("look-1"),
                name="Los del domingo",
                version=5,
                created_at=minutes(50),
            )
        ],
        "player_group_game": [dict(game_id=game_id, added_at=minutes(51 + i)) for i, game_id in enumerate(game_ids)],
        "name_merge": [
            dict(name="Begoña", into="Ana", made_at=minutes(53), undone_at=minutes(54)),
            dict(name="Gema", into="Eva", made_at=minutes(55), undone_at=None),
        ],
        "season": [dict(name="Invierno", starts_on=date(2025, 1, 1), ends_on=date(2025, 3, 20))],
    }


def write_group(connection: sa.Connection, tables: dict[str, sa.Table], facts: dict[str, list[Row]]) -> Rows:
    """Insert one peña's rows (its games already written), and return them as written, by table and key."""
    return write_family(connection, tables, GROUP_TABLES, "group_id", facts)


def write_family(
    connection: sa.Connection,
    tables: dict[str, sa.Table],
    names: tuple[str, ...],
    parent: str,
    facts: dict[str, list[Row]],
) -> Rows:
    """Insert the rows of a parent table (the first of ``names``) and of its children, each pointing to the parent's
    first row by the column ``parent``; return them as written, by table and key."""
    written: Rows = {}
    parent_id = None
    for name in names:
        table = tables[name]
        written[name] = {}
        for known in facts[name]:
            row = dict(known) if name == names[0] else {parent: parent_id, **known}
            inserted = connection.execute(table.insert().values(**row))
            row.update(zip((c.name for c in table.primary_key.columns), inserted.inserted_primary_key))
            parent_id = parent_id or row["id"]
            written[name][key_of(table, row)] = row
    return written


def revision_before(revision: str) -> str:
    """The revision ``revision`` follows."""
    down = SCRIPTS.get_revision(revision).down_revision
    assert isinstance(down, str), revision
    return down


#: The revisions that have the peñas' tables (the first is the one that adds them).
WITH_GROUPS = REVISIONS[REVISIONS.index("ced5c2e18961") :]


@pytest.mark.parametrize("revision", WITH_GROUPS)
def test_a_peña_written_at_a_revision_keeps_every_row_up_and_leaves_the_games_down(
    empty_app: Flask, revision: str
) -> None:
    directory = empty_app.extensions["migrate"].directory
    with empty_app.app_context():
        upgrade(directory=directory, revision=revision)
        with db.engine.begin() as connection:
            tables = reflect(connection)
            written = write_games(connection, tables)
            written.update(write_group(connection, tables, group_of(sorted(key[0] for key in written["game"]))))
        kept = Kept(written)
        upgrade(directory=directory)
        with db.engine.connect() as connection:
            counts = kept.check(*read_rows(connection), "upgrade to head")
        assert counts == {
            "game": 2,
            "player": 7,
            "hand": 5,
            "correction": 3,
            "applied_tap": len(written["applied_tap"]),  # none when written before the applied taps' table
            "player_group": 1,
            "player_group_game": 2,
            "name_merge": 2,
            "season": 1,
        }
        downgrade(directory=directory, revision=revision_before(WITH_GROUPS[0]))
        games = Kept({name: written[name] for name in GAME_TABLES})
        with db.engine.connect() as connection:
            tables, now = read_rows(connection)
            assert not set(GROUP_TABLES) & set(tables), "the downgrade left a peña's table"
            assert games.check(tables, now, "downgrade below the peñas", downgrade=True) == {
                "game": 2,
                "player": 7,
                "hand": 5,
                "correction": 3,
            }
        upgrade(directory=directory)
        with db.engine.connect() as connection:
            tables, now = read_rows(connection)
            assert all(now[name] == {} for name in GROUP_TABLES)
            games.check(tables, now, "upgrade to head again")


# --- the deleted games' tombstones ---------------------------------------------------------------

#: The revisions that keep deleted games' tombstones (the first is the one that adds them).
WITH_TOMBSTONES = REVISIONS[REVISIONS.index("e4b7a9c2d815") :]


def tombstones() -> list[Row]:
    """Two deleted games' addresses."""
    return [
        dict(
            edit_hash=hashlib.sha256(f"gone-{n}".encode()).hexdigest(),
            watch_token=token(f"gone-{n}"),
            deleted_at=minutes(60 + n),
        )
        for n in range(2)
    ]


@pytest.mark.parametrize("revision", WITH_TOMBSTONES)
def test_tombstones_and_revanchas_written_at_a_revision_survive_up_and_leave_the_games_down(
    empty_app: Flask, revision: str
) -> None:
    directory = empty_app.extensions["migrate"].directory
    with empty_app.app_context():
        upgrade(directory=directory, revision=revision)
        with db.engine.begin() as connection:
            tables = reflect(connection)
            written = write_games(connection, tables)
            link_rematch(connection, tables, written)
            game = tables["game"]
            first = min(written["game"])[0]
            left = {"abandoned_at": minutes(70), "archived_at": minutes(71)}
            connection.execute(game.update().where(game.c.id == first).values(**left))
            written["game"][(first,)].update(left)
            written["deleted_game"] = {}
            for row in tombstones():
                inserted = connection.execute(tables["deleted_game"].insert().values(**row))
                written["deleted_game"][tuple(inserted.inserted_primary_key)] = {
                    "id": inserted.inserted_primary_key[0],
                    **row,
                }
        kept = Kept(written)
        upgrade(directory=directory)
        with db.engine.connect() as connection:
            counts = kept.check(*read_rows(connection), "upgrade to head")
            assert connection.execute(
                sa.select(tables["game"].c.rematch_id).where(tables["game"].c.rematch_id.is_not(None))
            ).scalars().all() == [first]
        assert counts == {
            "game": 2,
            "player": 7,
            "hand": 5,
            "correction": 3,
            "applied_tap": len(written["applied_tap"]),  # none when written before the applied taps' table
            "deleted_game": 2,
        }
        downgrade(directory=directory, revision=revision_before(WITH_TOMBSTONES[0]))
        games = Kept({name: written[name] for name in GAME_TABLES})
        with db.engine.connect() as connection:
            tables, now = read_rows(connection)
            assert "deleted_game" not in tables, "the downgrade left the tombstones' table"
            assert not {"rematch_id", "abandoned_at", "archived_at"} & set(tables["game"].columns.keys())
            assert games.check(tables, now, "downgrade below the tombstones", downgrade=True) == {
                "game": 2,
                "player": 7,
                "hand": 5,
                "correction": 3,
            }
        upgrade(directory=directory)
        with db.engine.connect() as connection:
            tables, now = read_rows(connection)
            assert now["deleted_game"] == {}
            assert all(row["rematch_id"] is None and row["abandoned_at"] is None for row in now["game"].values())
            games.check(tables, now, "upgrade to head again")


# --- when each hand started ----------------------------------------------------------------------

#: The revision that keeps when each hand's first tap was stored, filled for the hands stored before it.
HAND_STARTS = "c4d1a7e93f20"


def game_without_times() -> dict[str, list[Row]]:
    """The finished game again at other addresses, its first hand saved at a time not known (an old import)."""
    facts = finished_game()
    facts["game"][0].update(edit_hash=hashlib.sha256(b"edit-3").hexdigest(), watch_token=token("watch-3"))
    facts["hand"][0]["completed_at"] = None
    return facts


def test_hands_stored_before_their_start_was_kept_start_when_the_hand_before_was_saved(empty_app: Flask) -> None:
    directory = empty_app.extensions["migrate"].directory
    with empty_app.app_context():
        upgrade(directory=directory, revision=revision_before(HAND_STARTS))
        with db.engine.begin() as connection:
            tables = reflect(connection)
            written: Rows = {name: {} for name in GAME_TABLES}
            games, invent = [], Invent()
            for facts in (game_in_progress(), finished_game(), game_without_times()):
                rows = write_game(connection, tables, facts, invent)
                games.append(next(iter(rows["game"]))[0])
                for name, table_rows in rows.items():
                    written[name].update(table_rows)
        kept = Kept(written)
        upgrade(directory=directory, revision=HAND_STARTS)
        with db.engine.connect() as connection:
            tables, now = read_rows(connection)
        assert kept.check(tables, now, "upgrade to the hands' start")["hand"] == 7
        starts = {(games.index(row["game_id"]), row["number"]): row["started_at"] for row in now["hand"].values()}
        assert starts == {
            (0, 1): AT,  # the first hand, when its game started
            (0, 2): minutes(4),  # the others, when the hand before was saved
            (0, 3): minutes(9),  # the hand being played too
            (1, 1): minutes(30),
            (1, 2): minutes(35),
            (2, 1): minutes(30),
            (2, 2): None,  # the hand before was saved at a time not known
        }
        downgrade(directory=directory, revision=revision_before(HAND_STARTS))
        with db.engine.connect() as connection:
            tables, now = read_rows(connection)
            assert "started_at" not in tables["hand"].columns
            assert kept.check(tables, now, "downgrade below the hands' start", downgrade=True)["hand"] == 7


# --- the nights of a peña ------------------------------------------------------------------------

#: The revision that adds a peña's nights, and their tables (parents first).
NIGHTS = "e1a6c3f8b250"
NIGHT_TABLES = ("night", "night_player", "night_table")


def night_of(group_id: int, game_ids: list[int]) -> dict[str, list[Row]]:
    """A night of the peña: three players (one left after the first round), a round of two tables, one of them
    deleted (its game gone)."""
    return {
        "night": [
            dict(
                group_id=group_id,
                number=1,
                name="Noche de San Juan",
                preset="rapida",
                sizes="4,5",
                rounds=3,
                mode="standings",
                seed=2**31 - 1,
                version=4,
                created_at=minutes(80),
            )
        ],
        "night_player": [
            dict(name="Ana", first_round=1, left_round=None),
            dict(name="Begoña", first_round=1, left_round=2),
            dict(name="Fermín", first_round=2, left_round=None),
        ],
        "night_table": [
            dict(round=1, number=1, game_id=game_ids[0], sealed_token="ab" * 22),
            dict(round=1, number=2, game_id=None, sealed_token="cd" * 22),
        ],
    }


def test_the_nights_keep_every_earlier_row_up_and_go_alone_down(empty_app: Flask) -> None:
    directory = empty_app.extensions["migrate"].directory
    before = revision_before(NIGHTS)
    with empty_app.app_context():
        upgrade(directory=directory, revision=before)
        with db.engine.begin() as connection:
            tables = reflect(connection)
            written = write_games(connection, tables)
            game_ids = sorted(key[0] for key in written["game"])
            written.update(write_group(connection, tables, group_of(game_ids)))
            earlier = set(tables)
        earlier_counts = {name: len(rows) for name, rows in written.items()}
        kept = Kept(written)
        upgrade(directory=directory, revision=NIGHTS)
        with db.engine.begin() as connection:
            tables, now = read_rows(connection)
            assert set(tables) == earlier | set(NIGHT_TABLES)
            assert kept.check(tables, now, "upgrade to the nights") == earlier_counts
            assert all(now[name] == {} for name in NIGHT_TABLES)
            group_id = next(iter(written["player_group"]))[0]
            nights_written = write_family(connection, tables, NIGHT_TABLES, "night_id", night_of(group_id, game_ids))
        with_nights = Kept({**kept.rows, **nights_written})
        upgrade(directory=directory)
        with db.engine.connect() as connection:
            counts = with_nights.check(*read_rows(connection), "upgrade to head")
        assert counts == {**earlier_counts, "night": 1, "night_player": 3, "night_table": 2}
        downgrade(directory=directory, revision=before)
        with db.engine.connect() as connection:
            tables, now = read_rows(connection)
            assert set(tables) == earlier, "the downgrade drops the nights' tables, and only them"
            assert with_nights.check(tables, now, "downgrade below the nights", downgrade=True) == earlier_counts
        upgrade(directory=directory)
        with db.engine.connect() as connection:
            tables, now = read_rows(connection)
            assert all(now[name] == {} for name in NIGHT_TABLES)
            assert with_nights.check(tables, now, "upgrade to head again") == earlier_counts
