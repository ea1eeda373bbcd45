"""Where games are kept: a game found from either of its addresses, and its rows read as engine values and written back.

A request reads a game once (``view_of``): the rules parsed once, the sheet scored once, the
hand in play built once; every page and every tap works from that ``GameView`` (a request that
applies several taps asks it to read the hand again after each, the rules still once).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from datetime import datetime
from functools import cached_property
from typing import Any, Final, Literal

from flask import abort
from werkzeug.exceptions import Gone

from scorekeeper.engine import (
    HandInPlay,
    HandPlan,
    HandRecord,
    PochaError,
    Rules,
    ScoreSheet,
    Step,
    game_card,
    hand_plan,
    score_sheet,
    trump_code,
    trump_of,
)
from scorekeeper.extensions import db
from scorekeeper.storage.database import begin_write
from scorekeeper.storage.models import DeletedGame, Game, Hand, Player, utcnow

#: The first part of a game's address: "p" for the scorekeeper (can change the game), "ver" for watchers.
Scope = Literal["p", "ver"]
EDIT: Final[Scope] = "p"
WATCH: Final[Scope] = "ver"
#: No token of ours is longer; a longer one finds nothing without asking the database.
MAX_TOKEN: Final = 64


# --- addresses -------------------------------------------------------------------------------


def new_token() -> str:
    """An unguessable token for a game's address (128 bits)."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    """What the database keeps of an edit token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def find_game(token: str, lock: bool = False) -> Game | None:
    """The game whose scorekeeper's address carries ``token``, or ``None`` (a watch token finds nothing).

    With ``lock`` the request's transaction becomes a write that holds the game until it ends
    (SQLite's write lock, PostgreSQL's ``FOR UPDATE`` on the game's row): a tap from another
    phone waits, then sees what this one saved. Call it before any other query of the request.
    """
    if not token or len(token) > MAX_TOKEN:
        return None
    query = db.select(Game).filter_by(edit_hash=token_hash(token))
    if lock:
        begin_write()
        query = query.with_for_update()
    return db.session.execute(query).scalar_one_or_none()


def version_of(token: str) -> int | None:
    """The stored version of the game whose scorekeeper's address carries ``token`` (one indexed query), or ``None``."""
    if not token or len(token) > MAX_TOKEN:
        return None
    version: int | None = db.session.execute(
        db.select(Game.version).filter_by(edit_hash=token_hash(token))
    ).scalar_one_or_none()
    return version


def find_watched_game(token: str) -> Game | None:
    """The game whose watchers' address carries ``token``, or ``None``."""
    if not token or len(token) > MAX_TOKEN:
        return None
    return db.session.execute(db.select(Game).filter_by(watch_token=token)).scalar_one_or_none()


def game_for(scope: str, token: str, lock: bool = False) -> Game:
    """The game behind ``/<scope>/<token>``, or a 404 page (an unknown token, or the wrong kind of address); a
    deleted game's address raises ``GameDeleted`` (410).

    ``lock`` (the scorekeeper's address only) locks it for this request's write.
    """
    if scope == EDIT:
        game = find_game(token, lock)
    elif scope == WATCH and not lock:
        game = find_watched_game(token)
    else:
        game = None
    if game is None:
        refuse_deleted(scope, token)
        abort(404)
    return game


# --- deleted games -----------------------------------------------------------------------------


class GameDeleted(Gone):
    """The address is a deleted game's: what is left of it is when it was deleted (``deleted_at``)."""

    def __init__(self, deleted_at: datetime) -> None:
        super().__init__()
        self.deleted_at = deleted_at


def deleted_game(scope: str, token: str) -> DeletedGame | None:
    """What is left of the deleted game whose ``/<scope>/<token>`` address this is, or ``None``."""
    if not token or len(token) > MAX_TOKEN or scope not in (EDIT, WATCH):
        return None
    where = {"edit_hash": token_hash(token)} if scope == EDIT else {"watch_token": token}
    return db.session.execute(db.select(DeletedGame).filter_by(**where)).scalar_one_or_none()


def refuse_deleted(scope: str, token: str) -> None:
    """Raise ``GameDeleted`` when ``/<scope>/<token>`` is a deleted game's address."""
    gone = deleted_game(scope, token)
    if gone is not None:
        raise GameDeleted(gone.deleted_at)


def address_in_use(token: str) -> bool:
    """Tell whether ``token`` is, or was, a game's scorekeeper's address: a game's now, or a deleted game's."""
    digest = token_hash(token)
    return bool(
        db.session.execute(db.select(Game.id).filter_by(edit_hash=digest)).first()
        or db.session.execute(db.select(DeletedGame.id).filter_by(edit_hash=digest)).first()
    )


def games_met(creation_id: str, token: str) -> list[Game]:
    """The games a phone's creation ``creation_id`` of a game at ``/p/<token>`` meets (``POST /p/<token>/crear``): the
    one it made already, and any whose address, the scorekeeper's or the watchers', carries ``token``.

    One query, so that a game another request commits meanwhile is seen by every part of the
    question or by none (PostgreSQL reads each statement as of its own start).
    """
    query = db.select(Game).where(
        db.or_(Game.creation_id == creation_id, Game.edit_hash == token_hash(token), Game.watch_token == token)
    )
    return list(db.session.execute(query).scalars())


def create_game(
    names: Sequence[str],
    first_dealer: int,
    preset: str,
    rules: Rules,
    token: str | None = None,
    creation_id: str | None = None,
    created_at: datetime | None = None,
) -> tuple[Game, str]:
    """Add a new game (not yet committed) and return it with the token of its address (``token``, else a new one);
    ``creation_id`` is the id of the phone's creation that made it, if one did, and ``created_at`` when (else now)."""
    token = token or new_token()
    game = Game(
        edit_hash=token_hash(token),
        watch_token=new_token(),
        preset=preset,
        rules=rules.to_dict(),
        first_dealer=first_dealer,
        version=0,
        creation_id=creation_id,
        created_at=created_at or utcnow(),
    )
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(names)]
    db.session.add(game)
    return game, token


def mark_changed(game: Game) -> None:
    """Note that the game changed for everyone who follows it: its version goes up (pages drawn before are stale,
    watchers' pages ask for it again) and its time is now."""
    game.version += 1
    game.updated_at = utcnow()


# --- rows as engine values -------------------------------------------------------------------


def record_of(hand: Hand) -> HandRecord:
    """A saved hand as the engine reads it."""
    return HandRecord(
        bids=tuple(int(b) for b in hand.bids if b is not None),
        tricks=tuple(int(t) for t in hand.tricks if t is not None),
        trump=trump_of(hand.trump),
        renuncios=tuple(hand.renuncios),
        offers=tuple(int(o) for o in hand.auction if o is not None) if hand.auction is not None else None,
    )


def hand_row(game: Game, number: int) -> Hand | None:
    """The stored row of hand ``number``, if anything was said in it."""
    return next((hand for hand in game.hands if hand.number == number), None)


def hand_in_play(row: Hand | None, plan: HandPlan, rules: Rules, names: Sequence[str]) -> HandInPlay:
    """The hand being played, from its row: replayed from its steps, in the order they were tapped,
    or (a row stored before steps were kept) from what was said, in the order a table says it."""
    if row is None:
        return HandInPlay.start(plan, rules, names)
    if row.steps:
        try:
            hand = HandInPlay.replay(plan, rules, [Step.from_list(step) for step in row.steps], names)
        except PochaError:
            pass  # the steps no longer fit (the hand was changed some other way): go by what was said
        else:
            if _said(hand) == _stored(row):
                return hand
    return HandInPlay.from_said(
        plan,
        rules,
        trump=row.trump,
        offers=row.auction,
        bids=row.bids,
        tricks=row.tricks,
        renuncios=row.renuncios,
        names=names,
    )


def write_hand(game: Game, hand: HandInPlay, row: Hand | None, at: datetime | None) -> Hand:
    """Store the hand in play in its row and return the row: made the first time something is said, which was
    ``at`` (the hand's start; ``None`` when not known)."""
    if row is None:
        row = Hand(number=hand.plan.number, complete=False, started_at=at)
        game.hands.append(row)
    row.trump, row.auction, row.bids, row.tricks, row.renuncios = _said(hand)
    row.steps = [step.to_list() for step in hand.steps]
    return row


Said = tuple[str | None, list[int | None] | None, list[int | None], list[int | None], list[int]]


def _said(hand: HandInPlay) -> Said:
    """What a hand in play stores: trump (notation, ``None`` unsaid), offers, bids, tricks and renuncios by seat."""
    return (
        trump_code(hand.trump) if hand.trump_said else None,
        list(hand.offers) if hand.offers is not None else None,
        list(hand.bids),
        list(hand.tricks),
        list(hand.renuncios),
    )


def _stored(row: Hand) -> Said:
    """What a row stores, in the shape of ``_said``."""
    return (row.trump, row.auction, list(row.bids), list(row.tricks), list(row.renuncios))


# --- a game as one request sees it -----------------------------------------------------------


class GameView:
    """A game and what the engine makes of it, each worked out once per request and only when asked.

    A tap needs the rules and the hand being played, never the whole sheet; a page needs the sheet,
    scored once. ``hand`` is ``None`` once the game is over; ``row`` is the hand's stored row
    (``None`` while nothing has been said in it).
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        #: When the change being made was made, by the phone's clock when its outbox said so believably
        #: (``games/phone_clock.py``); ``None``: now, by the server's.
        self.tapped_at: datetime | None = None

    def now(self) -> datetime:
        """When the change being made was made: ``tapped_at``, else now (the server's clock)."""
        return self.tapped_at or utcnow()

    @cached_property
    def rules(self) -> Rules:
        """The rules the table agreed."""
        return Rules.from_dict(self.game.rules)

    @cached_property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat."""
        return tuple(player.name for player in self.game.players)

    @cached_property
    def saved(self) -> tuple[Hand, ...]:
        """The rows of the saved hands, in order."""
        return tuple(hand for hand in self.game.hands if hand.complete)

    @cached_property
    def records(self) -> tuple[HandRecord, ...]:
        """The saved hands as the engine reads them, in order (not scored)."""
        return tuple(record_of(hand) for hand in self.saved)

    @cached_property
    def sheet(self) -> ScoreSheet:
        """The score sheet of every saved hand."""
        return score_sheet(self.rules, self.names, self.game.first_dealer, self.records)

    @cached_property
    def plan(self) -> HandPlan | None:
        """The hand being played (``None`` once the game is over or left), known without scoring the sheet."""
        if self.game.finished_at is not None or self.game.abandoned_at is not None:
            return None
        return hand_plan(len(self.names), self.game.first_dealer, self.rules, len(self.saved) + 1)

    @cached_property
    def row(self) -> Hand | None:
        """The stored row of the hand being played, once something is said in it."""
        return hand_row(self.game, self.plan.number) if self.plan is not None else None

    @cached_property
    def hand(self) -> HandInPlay | None:
        """The hand being played, as the engine sees it."""
        return hand_in_play(self.row, self.plan, self.rules, self.names) if self.plan is not None else None

    @cached_property
    def card(self) -> dict[str, Any]:
        """The game's card (``engine.game_card``), what a phone follows the game with: made from what this view
        has read, without scoring the sheet."""
        hand = self.hand
        steps = hand.steps if hand is not None else ()
        return game_card(
            self.rules, self.names, self.game.first_dealer, self.records, self.plan, steps, self.game.version
        )

    @property
    def finished(self) -> bool:
        """True once no hand is played any more: the game is over, or the table left it."""
        return self.plan is None

    @property
    def left(self) -> bool:
        """True when the table left the game before its end (its sheet stays as it was)."""
        return self.game.abandoned_at is not None and self.game.finished_at is None

    def read_again(self) -> None:
        """Forget what a tap may have changed (the saved hands, the hand being played and its row, the sheet, the
        card): each is worked out again when next asked. The rules and the names stay."""
        for name in CHANGED_BY_A_TAP:
            self.__dict__.pop(name, None)


def first_card(game: Game) -> dict[str, Any]:
    """The card of ``game`` as it was made: nothing saved, nothing said in hand 1, version 0 (what a phone's creation
    of it is answered, the first time and every time it is sent again)."""
    view = view_of(game)
    plan = hand_plan(len(view.names), game.first_dealer, view.rules, 1)
    return game_card(view.rules, view.names, game.first_dealer, (), plan, (), 0)


#: What ``GameView.read_again`` forgets: the cached properties a tap can make stale.
CHANGED_BY_A_TAP: Final = ("saved", "records", "sheet", "plan", "row", "hand", "card")


def view_of(game: Game) -> GameView:
    """How this request sees ``game`` (nothing is read until it is asked for)."""
    return GameView(game)
