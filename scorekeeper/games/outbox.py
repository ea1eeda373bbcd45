"""A phone's outbox of taps, applied in order through ``taps`` (``POST /p/<token>/anotar``): JSON in, JSON out.

The phone applies every tap on its own copy of the hand at once and queues it; this address takes
the queue, oldest first. Under the game's lock each tap is applied whole through the same
functions as the page's forms (the engine's checks, ``was``), or refused with the reason,
without stopping the later ones. An id already applied is ``done`` and changes nothing (a retry
after a lost answer); every applied id is kept in the transaction of its change. The answer is
small: no page is drawn, and the game's card comes back only when the phone cannot know the
game from its own taps (a refusal, or another phone's change since the version it started from).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from flask import Response, jsonify, request

from scorekeeper.engine import PochaError
from scorekeeper.extensions import db
from scorekeeper.games import bp, taps
from scorekeeper.games.queued_taps import MAX_BODY_BYTES, BodyError, QueuedTap, read_taps
from scorekeeper.labels.engine_messages import engine_message
from scorekeeper.plumbing.json_only import json_only
from scorekeeper.plumbing.security import leave_session_alone
from scorekeeper.storage.applied_taps import applied_ids, remember_applied
from scorekeeper.storage.store import EDIT, GameView, game_for, view_of

APPLIED: Final = "applied"
DONE: Final = "done"
REFUSED: Final = "refused"


def _count(tap: QueuedTap) -> int:
    """The tap's value as a count (the reader checked it is one)."""
    assert isinstance(tap.value, int), tap
    return tap.value


def _seat(tap: QueuedTap) -> int:
    """The tap's player (the reader checked every counted action has one)."""
    assert tap.seat is not None, tap
    return tap.seat


def _undo(view: GameView, tap: QueuedTap) -> None:
    """Undo the step the phone undid (the reader checked an undo names one)."""
    assert tap.undoes is not None, tap
    taps.undo_step(view, tap.hand, tap.undoes)


#: Each action of a queued tap, applied through the same function as the form that says it.
APPLY: Final[dict[str, Callable[[GameView, QueuedTap], object]]] = {
    "trump": lambda view, tap: taps.choose_trump(view, tap.hand, str(tap.value), None, tap.was),
    "offer": lambda view, tap: taps.offer(view, tap.hand, _seat(tap), _count(tap)),
    "bid": lambda view, tap: taps.bid(view, tap.hand, _seat(tap), _count(tap)),
    "tricks": lambda view, tap: taps.take_tricks(view, tap.hand, _seat(tap), _count(tap), tap.was),
    "renuncios": lambda view, tap: taps.set_renuncios(view, tap.hand, _seat(tap), _count(tap), tap.was),
    "undo": _undo,
    "save": lambda view, tap: taps.save_hand(view, tap.hand),
}


def refusal_text(error: PochaError) -> str:
    """Why a queued tap was refused, in the page's language: for a tap meant for another moment, what another
    phone had stored by the time it arrived."""
    return engine_message(error.elsewhere if isinstance(error, taps.StaleHandError) else error.message)


def apply_queued(view: GameView, tap: QueuedTap) -> dict[str, Any]:
    """Apply one tap whole (a savepoint: a refusal leaves nothing of it), made when the phone says, and remember its
    id; its result."""
    view.tapped_at = tap.at
    try:
        with db.session.begin_nested():
            APPLY[tap.action](view, tap)
            remember_applied(view.game, tap.id, tap.hand)
    except PochaError as error:
        return {"id": tap.id, "status": REFUSED, "message": refusal_text(error), "hand": tap.hand}
    finally:
        view.tapped_at = None
        view.read_again()
    return {"id": tap.id, "status": APPLIED}


@bp.post("/p/<token>/anotar")
@json_only
def tap_queue(token: str) -> Response | tuple[Response, int]:
    """Apply a phone's queued taps in order, each applied, done (its id already applied) or refused; answer
    the stored version, each tap's result, and the card when the phone cannot know it from its own taps.

    An unknown game is a 404 (counted by the limit on wrong addresses, whatever the body); a body
    that is not a list of taps is refused whole (400; 413 for more than ``MAX_TAPS`` or ``MAX_BODY_BYTES``).
    """
    request.max_content_length = MAX_BODY_BYTES
    body = request.get_data(cache=False)  # read whole before the game is locked
    view = view_of(game_for(EDIT, token, lock=True))
    try:
        queue = read_taps(body)
    except BodyError as refused:
        db.session.rollback()
        leave_session_alone()
        return jsonify(error=engine_message(refused.message)), refused.status
    known = view.game.version == queue.version
    done = applied_ids(view.game, [tap.id for tap in queue.taps])
    results = []
    for tap in queue.taps:
        if tap.id in done:
            results.append({"id": tap.id, "status": DONE})
            continue
        result = apply_queued(view, tap)
        results.append(result)
        if result["status"] == APPLIED:
            done.add(tap.id)
        else:
            known = False
    answer = {"version": view.game.version, "results": results, "card": None if known else view.card}
    db.session.commit()
    leave_session_alone()
    return jsonify(answer)
