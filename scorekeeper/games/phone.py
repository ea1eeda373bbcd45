"""The games this phone has started or opened, kept in its session cookie (newest first)."""

from __future__ import annotations

from flask import session

KNOWN_KEY = "games"
KNOWN_MAX = 40


def remember(token: str) -> None:
    """Put ``token`` first in this phone's list of games."""
    known = [t for t in session.get(KNOWN_KEY, []) if isinstance(t, str) and t != token]
    session[KNOWN_KEY] = [token, *known][:KNOWN_MAX]


def known_tokens() -> list[str]:
    """This phone's games, newest first."""
    return [t for t in session.get(KNOWN_KEY, []) if isinstance(t, str)]


def forget(token: str) -> None:
    """Drop ``token`` from this phone's list (a game that no longer exists)."""
    session[KNOWN_KEY] = [t for t in known_tokens() if t != token]
