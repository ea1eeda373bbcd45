"""The game file (``partida.json``): a whole game in a documented, versioned JSON format, written byte-stable.

Format ``pocha-game``, version 3 (docs/game-file.md); version 1 and 2 files are still read. The file holds the facts the
database keeps (players, rules, first dealer, what was said in each hand, corrections, dates),
never a token and never a database id, and no points: those are the engine's, from the facts.
Keys always come in the same order and values are laid out the same way, so exporting a game,
importing the file and exporting again gives the same bytes but for ``exported_at``.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Final

from scorekeeper.storage.models import Correction, Game, Hand, utcnow
from scorekeeper.storage.store import GameView, view_of

FORMAT: Final = "pocha-game"
VERSION: Final = 3
#: The versions this Pocha reads: 1 (before the rules' tie options and the hands' steps), 2 (before the hands'
#: starts) and 3.
READABLE: Final = (1, 2, 3)
MEDIA_TYPE: Final = "application/json; charset=utf-8"
#: The keys of a change inside a correction, in the order they are written.
CHANGE_KEYS: Final = ("field", "seat", "before", "after")
INDENT: Final = "  "


# --- dates -----------------------------------------------------------------------------------


def date_text(moment: datetime | None) -> str | None:
    """A stored moment (UTC) as the file writes it, to the second: ``2024-05-01T21:30:00Z``."""
    if moment is None:
        return None
    return moment.replace(microsecond=0, tzinfo=None).isoformat() + "Z"


# --- the document ----------------------------------------------------------------------------


def hands_of(view: GameView) -> list[Hand]:
    """The hands the file keeps: every saved hand, then the one being played if anything was said in it."""
    hands = list(view.saved)
    if view.row is not None:
        hands.append(view.row)
    return hands


def hand_entry(hand: Hand) -> dict[str, Any]:
    """One hand as stored: lists by seat, ``null`` where nothing was said yet."""
    return {
        "number": hand.number,
        "trump": hand.trump,
        "auction": list(hand.auction) if hand.auction is not None else None,
        "bids": list(hand.bids),
        "tricks": list(hand.tricks),
        "renuncios": list(hand.renuncios),
        "steps": [list(step) for step in hand.steps] if hand.steps is not None and not hand.complete else None,
        "complete": hand.complete,
        "started_at": date_text(hand.started_at),
        "completed_at": date_text(hand.completed_at),
    }


def correction_entry(correction: Correction) -> dict[str, Any]:
    """One correction: the hand, when, and each value before and after."""
    return {
        "hand": correction.hand_number,
        "made_at": date_text(correction.made_at),
        "changes": [{key: change.get(key) for key in CHANGE_KEYS} for change in correction.changes],
    }


def game_document(game: Game, exported_at: datetime) -> dict[str, Any]:
    """The whole game as the file holds it, keys in the documented order."""
    view = view_of(game)
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": date_text(exported_at),
        "created_at": date_text(game.created_at),
        "finished_at": date_text(game.finished_at) if view.finished else None,
        "preset": game.preset,
        "rules": view.rules.to_dict(),
        "players": list(view.names),
        "first_dealer": game.first_dealer,
        "hands": [hand_entry(hand) for hand in hands_of(view)],
        "corrections": [correction_entry(correction) for correction in game.corrections],
    }


# --- writing ---------------------------------------------------------------------------------


def _is_flat(value: Any) -> bool:
    """True for a list or object holding only plain values (written on one line)."""
    items = value.values() if isinstance(value, dict) else value
    return not any(isinstance(item, (dict, list)) for item in items)


def _write(value: Any, depth: int) -> str:
    """``value`` as JSON: objects and lists of plain values on one line, anything deeper indented."""
    if not isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        parts = [f"{json.dumps(key, ensure_ascii=False)}: {_write(item, depth + 1)}" for key, item in value.items()]
        opening, closing = "{", "}"
    else:
        parts = [_write(item, depth + 1) for item in value]
        opening, closing = "[", "]"
    if not parts:
        return opening + closing
    if _is_flat(value):
        return opening + ", ".join(parts) + closing
    inner = INDENT * (depth + 1)
    return opening + "\n" + ",\n".join(inner + part for part in parts) + "\n" + INDENT * depth + closing


def dumps(document: dict[str, Any]) -> str:
    """The file's text: UTF-8 characters as they are (no ``\\u00f1``), a newline at the end."""
    return _write(document, 0) + "\n"


def game_file(game: Game, exported_at: datetime | None = None) -> bytes:
    """The bytes of ``partida.json`` for ``game`` (UTF-8, no BOM)."""
    return dumps(game_document(game, exported_at or utcnow())).encode("utf-8")
