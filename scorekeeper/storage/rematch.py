"""La revancha: a new game for the same table (same players, seats and rules), linked from the game it follows.

The revancha's scorekeeper's token is worked out from the old game's (a hash of it): whoever can
keep the old game's score can open the revancha too, from any phone, without a new link, and a
second tap on «Revancha» (or another scorekeeper's phone) finds the game already started instead
of starting two. Only the hash of the new token is stored, as for every game.

A revancha a phone made without signal has the token the phone chose, which nothing works out.
So the old game also keeps its revancha's token sealed with its own (storage/seals.py): XORed with a pad that only
the old game's token makes (an HMAC of it). The database alone cannot open it; whoever holds the
old game's token can, and reaches the revancha as if its token were worked out.
"""

from __future__ import annotations

import base64
import hashlib
from datetime import datetime
from typing import Final

from scorekeeper.engine import Rules
from scorekeeper.extensions import db
from scorekeeper.storage.groups import add_game
from scorekeeper.storage.leaving import groups_of
from scorekeeper.storage.models import Game
from scorekeeper.storage.seals import seal, unseal
from scorekeeper.storage.store import address_in_use, create_game, find_game, new_token

#: Ways to work out a revancha's token from one old token: a revancha deleted leaves its token's tombstone,
#: and the next revancha takes the next way.
TRIES: Final = 8


def rematch_token(token: str, attempt: int = 0) -> str:
    """The revancha's scorekeeper's token for the old game's ``token`` (22 URL-safe characters, like any token)."""
    digest = hashlib.sha256(f"pocha-revancha:{attempt}:{token}".encode()).digest()[:16]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def can_rematch(game: Game) -> bool:
    """Tell whether the table can play the revancha of ``game``: it is over, or was left."""
    return game.finished_at is not None or game.abandoned_at is not None


def next_dealer(game: Game) -> int:
    """The revancha's first dealer: the seat after the old game's first dealer."""
    return (game.first_dealer + 1) % len(game.players)


def seal_label(rematch_id: int) -> str:
    """What the seal of revancha ``rematch_id``'s token is made for."""
    return f"pocha-revancha-seal:{rematch_id}"


def rematch_of(game: Game, token: str) -> tuple[Game, str] | None:
    """The revancha already started after ``game`` and its scorekeeper's token, when ``token`` (the old game's)
    leads to it; ``None`` when there is none, or it was started from an address of the old game since replaced."""
    if game.rematch_id is None:
        return None
    candidates = [rematch_token(token, attempt) for attempt in range(TRIES)]
    opened = unseal(game.rematch_seal, token, seal_label(game.rematch_id)) if game.rematch_seal else None
    for candidate in ([opened] if opened else []) + candidates:
        found = find_game(candidate)
        if found is not None and found.id == game.rematch_id:
            return found, candidate
    return None


def rematch_game(game: Game) -> Game | None:
    """The revancha started after ``game``, whoever started it (for its watchers' address)."""
    return db.session.get(Game, game.rematch_id) if game.rematch_id is not None else None


def _free_token(token: str) -> str:
    """The first of the revancha's tokens for ``token`` that no game and no deleted game has had."""
    for attempt in range(TRIES):
        candidate = rematch_token(token, attempt)
        if not address_in_use(candidate):
            return candidate
    return new_token()  # none is free: the old game's seal alone leads to this one


def start_rematch(
    game: Game,
    token: str,
    first_dealer: int,
    chosen_token: str | None = None,
    creation_id: str | None = None,
    created_at: datetime | None = None,
) -> tuple[Game, str]:
    """Start the revancha of ``game`` (not yet committed): the same players in the same seats, the same rules,
    ``first_dealer`` first; in every peña the old game counts in. The old game points to it and keeps its token
    sealed, and its version goes up, so its watchers' pages are offered the new one.

    Its token is worked out from the old game's ``token``, or is ``chosen_token``: the one a phone made
    it with, without signal, in the creation ``creation_id`` (at ``created_at``, by the phone's clock).
    """
    names = [player.name for player in game.players]
    rules = Rules.from_dict(game.rules)
    at = chosen_token or _free_token(token)
    new, fresh = create_game(names, first_dealer, game.preset, rules, at, creation_id, created_at)
    db.session.flush()
    game.rematch_id = new.id
    game.rematch_seal = seal(fresh, token, seal_label(new.id))
    game.version += 1  # its watchers' pages change (the time it was last played does not)
    for group in groups_of(game):
        add_game(group, new)
    return new, fresh
