"""A stored game's hands given the times a table played them at: to tell how long it took, on every page."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.storage import store

#: An evening's game: it was made at nine.
NINE = datetime(2026, 11, 20, 21, 0)


def ms(moment: datetime) -> int:
    """``moment`` (UTC, as stored) as a phone's ``Date.now()`` says it: milliseconds since 1970."""
    return round(moment.replace(tzinfo=UTC).timestamp() * 1000)


def play_times(app: Flask, token: str, hands: Sequence[tuple[int, int]], made: datetime = NINE) -> None:
    """Say game ``token`` was made at ``made`` and its hands, in order, started and (once saved) were saved so many
    minutes after."""
    with app.app_context():
        game = store.find_game(token)
        assert game is not None and len(game.hands) == len(hands)
        game.created_at = made
        for hand, (start, end) in zip(game.hands, hands, strict=True):
            hand.started_at = made + timedelta(minutes=start)
            hand.completed_at = made + timedelta(minutes=end) if hand.complete else None
        db.session.commit()
