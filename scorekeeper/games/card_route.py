"""The game's card for a phone's script (``GET /p/<token>/carta``): JSON, its ETag the game's stored version.

The phone keeps the card it last knew (from the game page's data block, ``games/_card.html``, or
an outbox's answer) and asks for it again with ``If-None-Match``: while the game's version is the
same the answer is a bodiless 304, decided from one indexed query before the game is read.
"""

from __future__ import annotations

from flask import Response, abort, jsonify, request

from scorekeeper.games import bp
from scorekeeper.plumbing.json_only import json_only
from scorekeeper.plumbing.security import leave_session_alone
from scorekeeper.storage.store import EDIT, game_for, version_of, view_of


def card_etag(version: int) -> str:
    """The card's ETag: the game's stored version, as the phone's card has it (``card["version"]``)."""
    return str(version)


@bp.get("/p/<token>/carta")
@json_only
def card(token: str) -> Response:
    """The card of the game as stored now, ``{"card": …}``; 304 while the phone's ``If-None-Match`` names its version."""
    version = version_of(token)
    if version is None:
        abort(404)
    leave_session_alone()
    if request.if_none_match.contains_weak(card_etag(version)):
        unchanged = Response(status=304)
        unchanged.set_etag(card_etag(version))
        return unchanged
    view = view_of(game_for(EDIT, token))
    response = jsonify(card=view.card)
    response.set_etag(card_etag(view.game.version))
    return response
