"""The games this phone has started, opened or watched, kept in its session cookie (newest first).

Each entry is a token: a scorekeeper's edit token as it is (the only kind older cookies hold),
or ``w:`` and a watch token for a game this phone only watches.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import session

KNOWN_KEY = "games"
KNOWN_MAX = 40
WATCH_PREFIX = "w:"  # never part of a token (they are URL-safe base64: letters, digits, - and _)


@dataclass(frozen=True)
class KnownGame:
    """A game in this phone's list: the token of its address, and whether this phone only watches it."""

    token: str
    watching: bool = False

    @property
    def entry(self) -> str:
        """How the session stores it."""
        return f"{WATCH_PREFIX}{self.token}" if self.watching else self.token

    @classmethod
    def parse(cls, entry: str) -> KnownGame:
        """Read a stored entry (a plain token is a scorekeeper's)."""
        if entry.startswith(WATCH_PREFIX):
            return cls(entry.removeprefix(WATCH_PREFIX), watching=True)
        return cls(entry)


def _entries() -> list[str]:
    """The games this phone knows, as the session stores them (anything else there left out)."""
    return [t for t in session.get(KNOWN_KEY, []) if isinstance(t, str) and t]


def remember(token: str, watching: bool = False) -> None:
    """Put the game behind ``token`` first in this phone's list (a watch token with ``watching``)."""
    entry = KnownGame(token, watching).entry
    entries = _entries()
    if entries[:1] == [entry]:
        return  # already first: leave the cookie as it is
    session[KNOWN_KEY] = [entry, *(e for e in entries if e != entry)][:KNOWN_MAX]


def known_games() -> list[KnownGame]:
    """This phone's games, newest first, kept or watched."""
    return [KnownGame.parse(entry) for entry in _entries()]


def forget(token: str, watching: bool = False) -> None:
    """Drop ``token`` from this phone's list (a game that no longer exists, or an edit link replaced)."""
    entry = KnownGame(token, watching).entry
    session[KNOWN_KEY] = [e for e in _entries() if e != entry]
