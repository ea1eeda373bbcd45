"""Finding a game from either of its addresses: the scorekeeper's (/p/<token>) or the watchers' (/ver/<token>)."""

from __future__ import annotations

from typing import Literal

from flask import abort

from scorekeeper.games import state
from scorekeeper.models import Game

#: The first part of a game's address: "p" for the scorekeeper (can change the game), "ver" for watchers.
Scope = Literal["p", "ver"]
EDIT: Scope = "p"
WATCH: Scope = "ver"


def game_for(scope: str, token: str) -> Game:
    """The game behind ``/<scope>/<token>``, or a 404 page (an unknown token, or the wrong kind of address)."""
    if scope == EDIT:
        game = state.find_game(token)
    elif scope == WATCH:
        game = state.find_watched_game(token)
    else:
        game = None
    if game is None:
        abort(404)
    return game
