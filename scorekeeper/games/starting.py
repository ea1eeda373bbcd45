"""Starting a game: the one path from a checked new-game form (or a game over, for its revancha) to a stored game.

The new-game page (``routes.new_game``), la revancha's page (``rematch``) and a phone's creation of a
game it made without signal (``creation``) all go through here: the form checked the same way, the
game stored the same way, counted in the peña it was started from, and put first in this phone's list.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from typing import Final, Literal

from flask_babel import lazy_gettext as _l

from scorekeeper.engine import Rules
from scorekeeper.extensions import db
from scorekeeper.games.forms import RANDOM_DEALER, NewGameForm
from scorekeeper.plumbing.form_numbers import whole_number
from scorekeeper.storage.groups import add_game, find_group
from scorekeeper.storage.models import Game, Group
from scorekeeper.storage.phone_games import remember
from scorekeeper.storage.rematch import start_rematch
from scorekeeper.storage.store import create_game

#: Why a game started from a peña's page is not started when the peña's token finds none (games/new.html says it too).
GROUP_NOT_FOUND: Final = _l(
    "El enlace de la peña no sirve: no se puede empezar la partida desde aquí. Vuelve a la página de la peña."
)


@dataclass(frozen=True, slots=True)
class NewGame:
    """What a new-game form asks for, checked: the players by seat, the first dealer (``None``: at random), the
    preset and its rules, and the peña whose league counts the game (``None`` for none)."""

    names: tuple[str, ...]
    first_dealer: int | None
    preset: str
    rules: Rules
    group: Group | None


def group_of(form: NewGameForm) -> Group | Literal[False] | None:
    """The peña the game is started from (its manager's token in the form): ``None`` for none, ``False`` when the
    token finds no peña (the game is then not started: the page says why)."""
    token = (form.pena.data or "").strip()
    if not token:
        return None
    return find_group(token) or False


def checked_game(form: NewGameForm) -> NewGame | None:
    """The game ``form`` asks for, checked as the new-game page checks it: its fields, the rules they make for that
    many players, the peña. ``None`` when refused: the reasons stay on the form (its fields' errors, its
    ``rules_error``) and ``group_of`` finds no peña."""
    group = group_of(form)
    if not form.validate():
        return None
    names = form.player_names()
    rules = form.check_rules(len(names))
    if rules is None or group is False:
        return None
    dealer = None if form.first_dealer.data == RANDOM_DEALER else whole_number(str(form.first_dealer.data), 1)
    return NewGame(tuple(names), dealer, form.preset.data, rules, group)


def start_game(
    chosen: NewGame, token: str | None = None, creation_id: str | None = None, created_at: datetime | None = None
) -> tuple[Game, str]:
    """Store the game ``chosen`` (its first dealer drawn now when it is to be at random), at the address of ``token``
    (else a new one), counted in its peña; commit, and put it first in this phone's list. The game and its token.

    A phone's creation gives its ``creation_id`` and when it made the game (``created_at``, else now):
    committing a second game of the same creation, or one at an address taken meanwhile, raises
    ``IntegrityError`` and keeps nothing of it.
    """
    dealer = chosen.first_dealer
    if dealer is None:
        dealer = random.SystemRandom().randrange(len(chosen.names))
    game, token = create_game(chosen.names, dealer, chosen.preset, chosen.rules, token, creation_id, created_at)
    if chosen.group is not None:
        add_game(chosen.group, game)  # the peña it was started from counts it in its league
    db.session.commit()
    remember(token)
    return game, token


def start_revancha(
    old: Game,
    old_token: str,
    first_dealer: int,
    token: str | None = None,
    creation_id: str | None = None,
    created_at: datetime | None = None,
) -> tuple[Game, str]:
    """Start the revancha of ``old`` (reached at ``old_token``) with ``first_dealer`` dealing first, at the address of
    ``token`` (else one worked out from ``old_token``): commit, and put it first in this phone's list. The revancha
    and its token; a phone's ``creation_id`` and ``created_at`` are stored with it, as by ``start_game``."""
    game, token = start_rematch(old, old_token, first_dealer, token, creation_id, created_at)
    db.session.commit()
    remember(token)
    return game, token
