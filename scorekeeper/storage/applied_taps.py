"""The taps a game has applied, by the id the phone gave each: a tap sent again (its answer lost) is known, never applied twice."""

from __future__ import annotations

from collections.abc import Collection

from scorekeeper.extensions import db
from scorekeeper.storage.models import AppliedTap, Game


def applied_ids(game: Game, ids: Collection[str]) -> set[str]:
    """Which of ``ids`` the game has applied already (one query, on the index of the pair game and tap id)."""
    if not ids:
        return set()
    query = db.select(AppliedTap.tap_id).where(AppliedTap.game_id == game.id, AppliedTap.tap_id.in_(set(ids)))
    return set(db.session.execute(query).scalars())


def remember_applied(game: Game, tap_id: str, hand_number: int) -> None:
    """Note that the tap ``tap_id``, made in hand ``hand_number``, was applied: written with the change it made,
    in the same transaction (the game's collection of taps is not loaded for it)."""
    db.session.add(AppliedTap(game_id=game.id, tap_id=tap_id, hand_number=hand_number))
