"""The games blueprint: start a game, play each hand, correct earlier hands, see the sheet."""

from flask import Blueprint

bp = Blueprint("games", __name__)

from scorekeeper.games import (  # noqa: E402,F401  (attaches the views to bp)
    card_route,
    corrections,
    creation,
    leaving,
    outbox,
    parts_route,
    phone_game_route,
    preview,
    rematch,
    routes,
    suspense,
)
