"""The taps a phone sends from its outbox, as JSON: read and checked for shape only, like a form (the engine decides).

    {"version": 17,
     "taps": [{"id": "k3J9...", "action": "bid", "hand": 5, "seat": 2, "value": 3, "was": "", "at": 1764277200000},
              {"id": "...", "action": "undo", "hand": 5, "undoes": ["bid", 2, 3]},
              {"id": "...", "action": "save", "hand": 5}]}

A body that is not such a list is refused whole (``BodyError``): nothing of it is applied.
Fields a tap does not use, and keys this reader does not know, are left alone. ``at``, when the phone made
the tap (``Date.now()``), is read as ``phone_clock`` believes it, and never refuses a tap.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal, get_args

from scorekeeper.engine import MAX_PLAYERS, PochaError, Step
from scorekeeper.engine.counts import is_count
from scorekeeper.engine.errors import N_, Message
from scorekeeper.engine.game_card import TRUMPS
from scorekeeper.games.phone_clock import phone_time

Action = Literal["trump", "offer", "bid", "tricks", "renuncios", "undo", "save"]
ACTIONS: Final[tuple[Action, ...]] = get_args(Action)
#: A tap's id: made by the phone, 16 to 40 characters of base64url (128 random bits are 22).
TAP_ID: Final = re.compile(r"[A-Za-z0-9_-]{16,40}")
#: The most taps one request may carry, and the most bytes its body may have (200 taps take about 30 KB).
MAX_TAPS: Final = 200
MAX_BODY_BYTES: Final = 64 * 1024
#: The largest count a tap may say, and the longest ``was`` (as the game page's forms).
MAX_COUNT: Final = 99
MAX_WAS: Final = 8
MAX_HAND: Final = 999
MAX_VERSION: Final = 2**31 - 1

NOT_JSON: Final = N_("Lo enviado no es JSON. No se ha apuntado nada.")
NOT_A_LIST: Final = N_("Lo enviado no es una lista de toques con su versión. No se ha apuntado nada.")
BAD_TAP: Final = N_("El toque %(position)s no se entiende (%(field)s). No se ha apuntado nada.")
TOO_MANY: Final = N_("Son %(count)s toques: se envían %(most)s como mucho cada vez. No se ha apuntado nada.")


class BodyError(Exception):
    """A body that is not a list of taps: refused whole with ``status`` (400, or 413 for too many taps), saying why."""

    def __init__(self, message: Message, status: int = 400) -> None:
        super().__init__(str(message))
        self.message: Final = message
        self.status: Final = status


@dataclass(frozen=True, slots=True)
class QueuedTap:
    """One tap of a phone's outbox: its id, what it does, the hand it was made in, and what the action needs:
    the player (``seat``), the value (a count, or the trump's notation), what the phone showed before
    (``was``, ``None`` when it did not say), for an undo the step the phone undid (``undoes``), and when the
    phone made it (``at``, ``None``: now, by the server's clock)."""

    id: str
    action: Action
    hand: int
    seat: int | None = None
    value: int | str | None = None
    was: str | None = None
    undoes: Step | None = None
    at: datetime | None = None


@dataclass(frozen=True, slots=True)
class TapList:
    """A phone's outbox as sent: the stored version its taps start from, and the taps, oldest first."""

    version: int
    taps: tuple[QueuedTap, ...]


def read_taps(body: bytes) -> TapList:
    """The taps of a request's ``body``; ``BodyError`` when it is not JSON, not such a list, or has too many taps."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise BodyError(Message(NOT_JSON)) from None
    if not isinstance(data, dict) or not isinstance(data.get("taps"), list):
        raise BodyError(Message(NOT_A_LIST))
    version, taps = data.get("version"), data["taps"]
    if not is_count(version, MAX_VERSION):
        raise BodyError(Message(NOT_A_LIST))
    if len(taps) > MAX_TAPS:
        raise BodyError(Message(TOO_MANY, {"count": len(taps), "most": MAX_TAPS}), status=413)
    return TapList(version, tuple(read_tap(tap, position) for position, tap in enumerate(taps, start=1)))


def read_tap(item: object, position: int) -> QueuedTap:
    """Tap number ``position`` of the list, checked for shape; ``BodyError`` naming the field that is wrong."""

    def wrong(field: str) -> BodyError:
        """The refusal of this tap, for ``field``."""
        return BodyError(Message(BAD_TAP, {"position": position, "field": field}))

    if not isinstance(item, Mapping):
        raise wrong("{}")
    tap_id, action, hand = item.get("id"), item.get("action"), item.get("hand")
    if not isinstance(tap_id, str) or not TAP_ID.fullmatch(tap_id):
        raise wrong("id")
    if action not in ACTIONS:
        raise wrong("action")
    if not is_count(hand, MAX_HAND) or hand < 1:
        raise wrong("hand")
    at = phone_time(item.get("at"))
    if action == "save":
        return QueuedTap(tap_id, "save", hand, at=at)
    if action == "undo":
        return QueuedTap(tap_id, "undo", hand, undoes=_step(item.get("undoes"), wrong), at=at)
    was = _was(item.get("was"), wrong)
    value = item.get("value")
    if action == "trump":
        if not isinstance(value, str) or value.strip().upper() not in TRUMPS:
            raise wrong("value")
        return QueuedTap(tap_id, "trump", hand, value=value.strip().upper(), was=was, at=at)
    seat = item.get("seat")
    if not is_count(seat, MAX_PLAYERS - 1):
        raise wrong("seat")
    if not is_count(value, MAX_COUNT):
        raise wrong("value")
    return QueuedTap(tap_id, action, hand, seat=seat, value=value, was=was, at=at)


def _was(was: Any, wrong: Callable[[str], BodyError]) -> str | None:
    """What the phone showed before the tap: text (``""`` nothing yet), a count as text, ``None`` when it did not say."""
    if was is None:
        return None
    if is_count(was, MAX_COUNT):
        return str(was)
    if isinstance(was, str) and len(was) <= MAX_WAS:
        return was.strip()
    raise wrong("was")


def _step(undoes: Any, wrong: Callable[[str], BodyError]) -> Step:
    """The step an undo undid on the phone, ``[kind, seat, value]`` as the card's steps are written."""
    if not isinstance(undoes, list):
        raise wrong("undoes")
    try:
        return Step.from_list(undoes)
    except PochaError:
        raise wrong("undoes") from None
