"""The names a table used before, to be offered on the new-game form: this phone's games and the peña's players.

Names are counted by game (a name in eight games comes before one in two), spellings that differ
only in accents or case are one name (shown as most games spell it, the newest among equals), and a peña's merged names
are counted as the name they were merged into.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from scorekeeper.extensions import db
from scorekeeper.league import PlayerNames
from scorekeeper.storage.groups import active_merges
from scorekeeper.storage.models import Game, Group, GroupGame, Player
from scorekeeper.storage.phone_games import KnownAddress
from scorekeeper.storage.player_names import NAME_MAX, plain_key, tidy_name
from scorekeeper.storage.store import token_hash

#: The most names offered: two or three rows of buttons on a phone.
MOST: Final = 16


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A name to offer: as shown, its key for matching (no accents, no case), and in how many games it was used."""

    name: str
    key: str
    games: int


def _phone_names(known: Iterable[KnownAddress]) -> list[tuple[int, str]]:
    """(game, name) of every player of this phone's games, kept or watched, in one query."""
    entries = list(known)
    hashes = [token_hash(entry.token) for entry in entries if not entry.read_only]
    watched = [entry.token for entry in entries if entry.read_only]
    if not hashes and not watched:
        return []
    query = (
        db.select(Player.game_id, Player.name)
        .join(Game, Game.id == Player.game_id)
        .filter(db.or_(Game.edit_hash.in_(hashes), Game.watch_token.in_(watched)))
    )
    return [(game_id, name) for game_id, name in db.session.execute(query).all()]


def _group_names(group: Group) -> list[tuple[int, str]]:
    """(game, name) of every player of the peña's games, each name as the peña's merges count it."""
    names = PlayerNames(active_merges(group))
    query = (
        db.select(Player.game_id, Player.name)
        .join(GroupGame, GroupGame.game_id == Player.game_id)
        .filter(GroupGame.group_id == group.id)
    )
    return [
        (game_id, names.shown(names.player(name)) if names.merged(name) else name)
        for game_id, name in db.session.execute(query).all()
    ]


def suggested_names(known: Iterable[KnownAddress], group: Group | None = None, most: int = MOST) -> list[Suggestion]:
    """The names used before, most games first (then alphabetically), at most ``most``."""
    seen = set(_phone_names(known)) | (set(_group_names(group)) if group is not None else set())
    games: dict[str, set[int]] = defaultdict(set)
    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    newest: dict[str, int] = {}
    for game_id, name in seen:
        shown = tidy_name(name)
        if not shown or len(shown) > NAME_MAX:
            continue
        key = plain_key(shown)
        games[key].add(game_id)
        spellings[key][shown] += 1
        newest[shown] = max(newest.get(shown, 0), game_id)
    ranked = sorted(games, key=lambda key: (-len(games[key]), key))[:most]

    def spelling(key: str) -> str:
        """The spelling most games use (the newest game's among equals)."""
        return max(spellings[key], key=lambda shown: (spellings[key][shown], newest[shown]))

    return [Suggestion(spelling(key), key, len(games[key])) for key in ranked]
