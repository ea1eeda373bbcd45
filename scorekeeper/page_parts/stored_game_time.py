"""How long a stored game took: its rows' times read into ``game_time.GameTime``, the one reading every page uses.

A game starts when its first hand's first tap was stored (``Hand.started_at``), else when the game
was made; it lasts until its last saved hand. Both times are the phone's when its outbox sent them
(``games/phone_clock.py``), so a game kept without signal keeps the length it was played in.
"""

from __future__ import annotations

from scorekeeper.page_parts.game_time import GameTime, game_time
from scorekeeper.storage.models import Game


def stored_game_time(game: Game) -> GameTime | None:
    """How long ``game`` took: from its first hand's start (else its creation) to its last saved hand, with the
    hands saved; ``None`` while no hand is saved with its time."""
    first = game.hands[0] if game.hands else None
    started = first.started_at if first is not None and first.started_at is not None else game.created_at
    return game_time(started, [hand.completed_at for hand in game.hands if hand.complete])
