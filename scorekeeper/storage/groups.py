"""Where peñas are kept: a peña found from either of its addresses, made, and its games read as the league reads them.

Like a game, a peña has two addresses: the manager's (``/pena/<token>``, only its SHA-256
stored) and the lookers' (``/pena/ver/<token>``). The league is never stored: each request
reads the peña's games and the engine scores them (``league_games``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Final, Literal

from flask import abort

from scorekeeper.engine import PochaError
from scorekeeper.extensions import db
from scorekeeper.league import LeagueGame, Merge
from scorekeeper.storage.database import begin_write
from scorekeeper.storage.models import Game, Group, GroupGame, NameMerge
from scorekeeper.storage.store import MAX_TOKEN, new_token, token_hash, view_of

#: The first parts of a peña's addresses: the manager's (can change it), the lookers'.
GroupScope = Literal["manage", "look"]
MANAGE: Final[GroupScope] = "manage"
LOOK: Final[GroupScope] = "look"
#: The longest name of a peña.
GROUP_NAME_MAX: Final = 40


def find_group(token: str, lock: bool = False) -> Group | None:
    """The peña whose manager's address carries ``token``, or ``None`` (a look token finds nothing).

    With ``lock`` the request's transaction becomes a write that holds the peña until it ends.
    """
    if not token or len(token) > MAX_TOKEN:
        return None
    query = db.select(Group).filter_by(manage_hash=token_hash(token))
    if lock:
        begin_write()
        query = query.with_for_update()
    return db.session.execute(query).scalar_one_or_none()


def find_looked_group(token: str) -> Group | None:
    """The peña whose lookers' address carries ``token``, or ``None``."""
    if not token or len(token) > MAX_TOKEN:
        return None
    return db.session.execute(db.select(Group).filter_by(look_token=token)).scalar_one_or_none()


def group_for(scope: GroupScope, token: str, lock: bool = False) -> Group:
    """The peña behind the address, or a 404 page; ``lock`` (the manager's address only) locks it for a write."""
    group = find_group(token, lock) if scope == MANAGE else None if lock else find_looked_group(token)
    if group is None:
        abort(404)
    return group


def create_group(name: str) -> tuple[Group, str]:
    """Add a new peña (not yet committed) and return it with the token of its manager's address."""
    token = new_token()
    group = Group(manage_hash=token_hash(token), look_token=new_token(), name=name, version=0)
    db.session.add(group)
    return group, token


def mark_changed(group: Group) -> None:
    """Note that the peña's own facts changed (its games, merges, seasons): the big screens draw it again."""
    group.version += 1


def contains(group: Group, game: Game) -> bool:
    """Tell whether ``game`` counts in the peña's league (a game not yet saved is none of its games)."""
    return game.id is not None and any(entry.game_id == game.id for entry in group.games)


def add_game(group: Group, game: Game) -> bool:
    """Put ``game`` in the peña's league (``False``: it was already there)."""
    if contains(group, game):
        return False
    group.games.append(GroupGame(game=game))
    mark_changed(group)
    return True


def group_names(game: Game) -> list[str]:
    """The names of the peñas ``game`` counts in, in the order it was put in them (one query)."""
    query = (
        db.select(Group.name).join(GroupGame, GroupGame.group_id == Group.id).where(GroupGame.game_id == game.id)
    ).order_by(GroupGame.id)
    return list(db.session.execute(query).scalars())


def active_merges(group: Group) -> list[Merge]:
    """The merges of names in force, in the order they were made."""
    return [Merge(merge.name, merge.into) for merge in group.merges if merge.undone_at is None]


def merge_rows(group: Group) -> list[NameMerge]:
    """The merges in force, as stored."""
    return [merge for merge in group.merges if merge.undone_at is None]


def league_games(group: Group) -> list[LeagueGame]:
    """The peña's games as the league reads them: each one's sheet and when it was started.

    A game the rules can no longer read is left out, as on the home page.
    """
    games = []
    for entry in group.games:
        try:
            sheet = view_of(entry.game).sheet
        except PochaError:
            continue
        games.append(LeagueGame(entry.game.id, entry.game.created_at, sheet))
    return games


def group_state(look_token: str) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """What the peña's big screen depends on, in two indexed queries: the peña's version and each game's
    (id, version); ``None`` when no peña has that look token."""
    if not look_token or len(look_token) > MAX_TOKEN:
        return None
    row = db.session.execute(db.select(Group.id, Group.version).filter_by(look_token=look_token)).one_or_none()
    if row is None:
        return None
    games = db.session.execute(
        db.select(Game.id, Game.version)
        .join(GroupGame, GroupGame.game_id == Game.id)
        .filter(GroupGame.group_id == row.id)
    ).all()
    return row.version, tuple(sorted((game_id, version) for game_id, version in games))


def state_digest(state: tuple[int, Iterable[tuple[int, int]]]) -> str:
    """A short name for a peña's state, for its ETag."""
    version, games = state
    text = f"{version}:" + ",".join(f"{game_id}.{game_version}" for game_id, game_version in games)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
