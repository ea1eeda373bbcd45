"""What Pocha stores: the tables, typed with Mapped[...] (facts only; the engine derives scores)."""

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.extensions import Base, db

__all__ = [
    "AppliedTap",
    "Base",
    "Correction",
    "DeletedGame",
    "Game",
    "Group",
    "GroupGame",
    "Hand",
    "NameMerge",
    "Night",
    "NightPlayer",
    "NightTable",
    "Player",
    "Season",
    "db",
    "utcnow",
]


def utcnow() -> datetime:
    """The current time in UTC, as stored in the database."""
    return datetime.now(UTC).replace(tzinfo=None)


class Game(db.Model):  # type: ignore[name-defined,misc]
    """A game at a table: who plays, the agreed rules and the first dealer.

    Two addresses: the scorekeeper's carries an unguessable edit token, of which only the
    SHA-256 is stored; the watchers' carries ``watch_token``, which can change nothing.
    """

    __tablename__ = "game"

    id: Mapped[int] = mapped_column(primary_key=True)
    edit_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    watch_token: Mapped[str] = mapped_column(String(43), unique=True, index=True)
    preset: Mapped[str] = mapped_column(String(32))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    first_dealer: Mapped[int]
    version: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None]
    #: Left by the table before its end: the sheet is kept as it was, no hand is played any more.
    abandoned_at: Mapped[datetime | None]
    #: Put away from the home page's list once over (still in the history, and still reachable).
    archived_at: Mapped[datetime | None]
    #: The game the same table started next as its revancha (its watchers are offered it).
    rematch_id: Mapped[int | None] = mapped_column(ForeignKey("game.id", ondelete="SET NULL"))
    #: The revancha's scorekeeper's token sealed with this game's (``storage/rematch.py``): only whoever holds this
    #: game's token can open it, and so keep the revancha's score from any phone. ``None`` before a revancha.
    rematch_seal: Mapped[str | None] = mapped_column(String(64))
    #: The id a phone gave the game when it made it without signal (``POST /p/<token>/crear``): the same creation
    #: sent again finds its game instead of making a second. Unique; ``None`` for a game started on the server.
    creation_id: Mapped[str | None] = mapped_column(String(22), unique=True, index=True)
    #: The big screen's suspense: how many hands at the end of the schedule it plays without showing any points
    #: (``page_parts/suspense.py``), then reveals the standings; ``None``: it shows them all along.
    suspense_hands: Mapped[int | None]

    players: Mapped[list["Player"]] = relationship(
        back_populates="game", order_by="Player.seat", cascade="all, delete-orphan"
    )
    hands: Mapped[list["Hand"]] = relationship(
        back_populates="game", order_by="Hand.number", cascade="all, delete-orphan"
    )
    corrections: Mapped[list["Correction"]] = relationship(
        back_populates="game", order_by="Correction.id", cascade="all, delete-orphan"
    )
    #: Never loaded to add one (a game keeps hundreds): ``storage/applied_taps.py`` asks for the ids it needs.
    applied_taps: Mapped[list["AppliedTap"]] = relationship(
        back_populates="game", order_by="AppliedTap.id", cascade="all, delete-orphan", passive_deletes=True
    )


class DeletedGame(db.Model):  # type: ignore[name-defined,misc]
    """What is left of a deleted game: its two addresses (the edit token's SHA-256 and the watch token) and when,
    so that either address says the game was deleted instead of «no such page». Nothing of the game is kept."""

    __tablename__ = "deleted_game"

    id: Mapped[int] = mapped_column(primary_key=True)
    edit_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    watch_token: Mapped[str] = mapped_column(String(43), unique=True, index=True)
    deleted_at: Mapped[datetime] = mapped_column(default=utcnow)


class Player(db.Model):  # type: ignore[name-defined,misc]
    """A player of a game, at seat 0…N−1 in the order play goes round the table."""

    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))

    game: Mapped[Game] = relationship(back_populates="players")


class Hand(db.Model):  # type: ignore[name-defined,misc]
    """What the table said and did in one hand; lists are by seat, ``None`` where not yet said.

    ``trump`` is a suit letter, ``"-"`` for a hand without trump, ``None`` while unknown.
    A hand counts on the sheet once ``complete``.
    """

    __tablename__ = "hand"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    trump: Mapped[str | None] = mapped_column(String(1))
    auction: Mapped[list[int | None] | None] = mapped_column(JSON)
    bids: Mapped[list[int | None]] = mapped_column(JSON)
    tricks: Mapped[list[int | None]] = mapped_column(JSON)
    renuncios: Mapped[list[int]] = mapped_column(JSON)
    #: Everything said in the hand, in the order it was tapped (``[kind, seat, value]``), so that undo takes
    #: back exactly the last tap; ``None`` in hands stored before it was kept.
    steps: Mapped[list[list[Any]] | None] = mapped_column(JSON)
    complete: Mapped[bool] = mapped_column(default=False)
    #: When the hand's first tap was stored (by the phone's clock when its outbox said so: ``games/phone_clock.py``);
    #: ``None`` when not known (a hand imported from a file without it).
    started_at: Mapped[datetime | None]
    completed_at: Mapped[datetime | None]

    game: Mapped[Game] = relationship(back_populates="hands")


class Correction(db.Model):  # type: ignore[name-defined,misc]
    """A change made to a saved hand: which hand, when, and each value before and after."""

    __tablename__ = "correction"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    hand_number: Mapped[int]
    made_at: Mapped[datetime] = mapped_column(default=utcnow)
    changes: Mapped[list[dict[str, Any]]] = mapped_column(JSON)

    game: Mapped[Game] = relationship(back_populates="corrections")


class Group(db.Model):  # type: ignore[name-defined,misc]
    """A peña: friends, a family or a club whose games add up to a league.

    Two addresses, like a game's: the manager's carries an unguessable token, of which only the
    SHA-256 is stored (``manage_hash``); the lookers' carries ``look_token``, which can change nothing.
    Only facts are kept: its name, its games, the merges of names as made and undone, the seasons'
    dates. ``version`` counts the changes to these facts (the big screen's ETag reads it).
    """

    __tablename__ = "player_group"

    id: Mapped[int] = mapped_column(primary_key=True)
    manage_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    look_token: Mapped[str] = mapped_column(String(43), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(40))
    version: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    games: Mapped[list["GroupGame"]] = relationship(
        back_populates="group", order_by="GroupGame.id", cascade="all, delete-orphan"
    )
    merges: Mapped[list["NameMerge"]] = relationship(
        back_populates="group", order_by="NameMerge.id", cascade="all, delete-orphan"
    )
    seasons: Mapped[list["Season"]] = relationship(
        back_populates="group", order_by="Season.id", cascade="all, delete-orphan"
    )
    nights: Mapped[list["Night"]] = relationship(
        back_populates="group", order_by="Night.number", cascade="all, delete-orphan"
    )


class GroupGame(db.Model):  # type: ignore[name-defined,misc]
    """A game that counts in a peña's league (a game may count in several peñas, once in each)."""

    __tablename__ = "player_group_game"
    __table_args__ = (UniqueConstraint("group_id", "game_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    added_at: Mapped[datetime] = mapped_column(default=utcnow)

    group: Mapped[Group] = relationship(back_populates="games")
    game: Mapped[Game] = relationship()


class NameMerge(db.Model):  # type: ignore[name-defined,misc]
    """Two spellings of one player in a peña: ``name`` is counted as ``into`` from ``made_at``, until ``undone_at``."""

    __tablename__ = "name_merge"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    into: Mapped[str] = mapped_column(String(40))
    made_at: Mapped[datetime] = mapped_column(default=utcnow)
    undone_at: Mapped[datetime | None]

    group: Mapped[Group] = relationship(back_populates="merges")


class Season(db.Model):  # type: ignore[name-defined,misc]
    """A season a peña's manager set: a name and the first and last day whose games it counts."""

    __tablename__ = "season"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    starts_on: Mapped[date]
    ends_on: Mapped[date]

    group: Mapped[Group] = relationship(back_populates="seasons")


class Night(db.Model):  # type: ignore[name-defined,misc]
    """A peña's night (a «torneo»): several tables at once for a number of rounds (``storage/nights.py``).

    Only facts: who came and when they came or left, how it is played (the preset of every game, the
    tables' sizes, the rounds, how the tables change), the seed its draws come from (another, derived from it, once
    a draw is undone), and each round's tables with their games. ``number`` counts the peña's nights (its address);
    ``version`` counts the changes to these facts (the room's screen's ETag reads it with the games' versions).
    """

    __tablename__ = "night"
    __table_args__ = (UniqueConstraint("group_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))
    preset: Mapped[str] = mapped_column(String(32))
    #: The tables' preferred sizes, as "4,5" (``league/night_draw.py``'s ``table_sizes``).
    sizes: Mapped[str] = mapped_column(String(16))
    rounds: Mapped[int]
    #: How the tables change after the first round: "random" or "standings".
    mode: Mapped[str] = mapped_column(String(16))
    seed: Mapped[int]
    version: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    group: Mapped[Group] = relationship(back_populates="nights")
    players: Mapped[list["NightPlayer"]] = relationship(
        back_populates="night", order_by="NightPlayer.id", cascade="all, delete-orphan"
    )
    tables: Mapped[list["NightTable"]] = relationship(
        back_populates="night", order_by="[NightTable.round, NightTable.number]", cascade="all, delete-orphan"
    )


class NightPlayer(db.Model):  # type: ignore[name-defined,misc]
    """Someone at a night: plays from round ``first_round`` until before ``left_round`` (``None``: to the end)."""

    __tablename__ = "night_player"

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    first_round: Mapped[int] = mapped_column(default=1)
    left_round: Mapped[int | None]

    night: Mapped[Night] = relationship(back_populates="players")


class NightTable(db.Model):  # type: ignore[name-defined,misc]
    """A table of a night's round and its game (``None`` once the game is deleted). The game's scorekeeper's token is
    kept sealed with the peña's manager's (``storage/seals.py``): only the manager's address opens it."""

    __tablename__ = "night_table"
    __table_args__ = (UniqueConstraint("night_id", "round", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    round: Mapped[int]
    number: Mapped[int]
    game_id: Mapped[int | None] = mapped_column(ForeignKey("game.id", ondelete="SET NULL"), index=True)
    sealed_token: Mapped[str] = mapped_column(String(64))

    night: Mapped[Night] = relationship(back_populates="tables")
    game: Mapped[Game | None] = relationship()


class AppliedTap(db.Model):  # type: ignore[name-defined,misc]
    """A tap a phone sent from its outbox that was applied, by the id the phone gave it: the same tap sent again
    (its answer lost on the way) is known by its id and not applied twice.

    Written in the transaction of the change it made; the hand it was made in and when. The unique
    pair (game, tap id) is also the index every lookup uses.
    """

    __tablename__ = "applied_tap"
    __table_args__ = (UniqueConstraint("game_id", "tap_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    tap_id: Mapped[str] = mapped_column(String(40))
    hand_number: Mapped[int]
    applied_at: Mapped[datetime] = mapped_column(default=utcnow)

    game: Mapped[Game] = relationship(back_populates="applied_taps")
