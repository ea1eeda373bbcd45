"""A finished game as a play for BG Stats (Board Game Stats), the app many tables log their games in.

BG Stats documents a link that opens the app on an import dialog with a play filled in ("Push plays to BG Stats from
other apps or websites", bgstatsapp.com/support): ``https://app.bgstatsapp.com/createPlay.html?data=<data>``, where
``<data>`` is a URL-encoded JSON object. Pure: the play is made from the engine's sheet and the values it is given;
docs/playing.md lists the fields sent.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any, Final
from urllib.parse import quote

from scorekeeper.engine.sheet import ScoreSheet

#: Where BG Stats takes a play to import (its documented address; the app opens it where it is installed).
IMPORT_ADDRESS: Final = "https://app.bgstatsapp.com/createPlay.html?data="
#: Who sends the play, and the game as BG Stats is told it (no BoardGameGeek id: the game is matched by its name).
SOURCE_NAME: Final = "Pocha"
GAME: Final = {"name": "Pocha", "highestWins": True, "noPoints": False, "sourceGameId": "pocha"}
#: As BG Stats writes a play's date and time.
PLAY_DATE_FORMAT: Final = "%Y-%m-%d %H:%M:%S"
#: Hex digits of the play's id: enough to tell a table's games apart, too few to tell anything of the token.
PLAY_ID_LENGTH: Final = 16


def play_id(watch_token: str) -> str:
    """The play's id for BG Stats: the same every time for the game (so a second import is known as the same play),
    a one-way hash of its watchers' token, never a token itself."""
    return hashlib.sha256(f"pocha-play:{watch_token}".encode()).hexdigest()[:PLAY_ID_LENGTH]


def bg_stats_play(sheet: ScoreSheet, source_play_id: str, started: datetime, minutes: int | None) -> dict[str, Any]:
    """The play of the finished game on ``sheet`` as BG Stats reads it: started at ``started`` (as the table's clock
    said it), ``minutes`` long (``None``: not known, and not sent). Raises ``ValueError`` for a game not over."""
    winner = sheet.winner
    if winner is None or not sheet.rows:
        raise ValueError("only a finished game is a play to log")
    leader = sheet.rows[0].plan.mano  # the player after the first dealer led the first hand
    players = [
        {
            "name": name,
            "score": sheet.totals[seat],
            "winner": seat == winner,
            "startPlayer": seat == leader,
            "sourcePlayerId": str(seat),
            "rank": sheet.standings.place_of(seat).position,
        }
        for seat, name in enumerate(sheet.players)
    ]
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": source_play_id,
        "playDate": started.strftime(PLAY_DATE_FORMAT),
        "game": dict(GAME),
        "players": players,
    }
    if minutes is not None:
        play["durationMin"] = minutes
    return play


def bg_stats_link(play: dict[str, Any]) -> str:
    """The link that hands ``play`` to BG Stats: nothing is sent anywhere until it is tapped."""
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return IMPORT_ADDRESS + quote(data, safe="")
