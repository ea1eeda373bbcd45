"""The watchers' sheet part drawn once for every phone that follows a game, not once for each poll.

A game's watchers and big screen ask for the live part after every tap, and each answer needs
the sheet part's fingerprint, though the sheet only changes when a hand is saved or corrected.
So each process keeps the sheet parts it drew last, by a fingerprint of everything they are
drawn from: the template, the watchers' address (its token, and the host the phone reached, which a finished
game's summary names), the language and the release, every column of
the game's row but the two every tap changes (its version and time of change; so the rules,
the end, a table that left, a revancha), the names, every saved hand and every correction. A tap
in the hand being played changes none of these, and the part drawn before is sent again as it was.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

from scorekeeper.engine.game_card import record_card
from scorekeeper.page_parts.share_links import public_root
from scorekeeper.plumbing.assets import release
from scorekeeper.plumbing.languages import current_locale
from scorekeeper.storage.models import Game
from scorekeeper.storage.store import GameView

#: The game's columns that every tap changes: left out, as nothing of the sheet is drawn from them.
EVERY_TAP: Final = ("version", "updated_at")
#: How many sheet parts each process keeps (a few tens of kilobytes each).
MAX_DRAWN: Final = 256

_drawn: OrderedDict[str, str] = OrderedDict()
_lock = threading.Lock()


def sheet_facts(view: GameView, template: str, token: str, drawn_from: str = "") -> str:
    """A fingerprint of everything ``template`` draws the sheet part of ``view``'s game from, for ``token``'s
    watchers in the request's language; ``drawn_from``: anything else it is drawn from (the big screen's reveal)."""
    game = view.game
    row = {column.key: getattr(game, column.key) for column in Game.__table__.columns if column.key not in EVERY_TAP}
    facts = [
        template,
        drawn_from,
        token,
        public_root(),
        current_locale(),
        release(),
        row,
        list(view.names),
        [record_card(record) for record in view.records],
        [[c.id, c.hand_number, c.made_at.isoformat(), c.changes] for c in game.corrections],
    ]
    return hashlib.sha256(json.dumps(facts, sort_keys=True, default=str).encode()).hexdigest()


def drawn_sheet(view: GameView, template: str, token: str, draw: Callable[[], str], drawn_from: str = "") -> str:
    """The sheet part ``draw`` makes with ``template``: drawn now, or as drawn before from the same facts
    (``drawn_from``: the rest of them, beyond the game)."""
    key = sheet_facts(view, template, token, drawn_from)
    with _lock:
        found = _drawn.get(key)
        if found is not None:
            _drawn.move_to_end(key)
            return found
    html = draw()
    with _lock:
        _drawn[key] = html
        while len(_drawn) > MAX_DRAWN:
            _drawn.popitem(last=False)
    return html


def forget_drawn() -> None:
    """Forget every sheet part drawn (for tests that compare with a part drawn afresh)."""
    with _lock:
        _drawn.clear()
