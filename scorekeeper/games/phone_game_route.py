"""The page of a game this phone made without signal (``GET /partidas/en-este-movil``): the scorekeeper's game page
with no game in it, which the service worker keeps and gives for a game's address the server cannot be asked for.

The phone draws the game in it from what it kept (static/js/pocha/game/phone_made.js): the card it made, the taps,
and the creation it sends first when the server answers (``POST /p/<token>/crear``). The page's addresses carry
``MARK`` where the game's token goes: the phone puts the token of the address it is shown at.
"""

from __future__ import annotations

from typing import Final

from flask import render_template

from scorekeeper.games import bp

#: Where a game's token goes in the page's addresses (a token's length, so that every address reads as a game's).
MARK: Final = "0" * 22


@bp.get("/partidas/en-este-movil")
def phone_game() -> str:
    """The page a game made on this phone is drawn in, the same for every game and every phone."""
    return render_template("games/phone_game.html", token=MARK, names=[], game_page=True)
