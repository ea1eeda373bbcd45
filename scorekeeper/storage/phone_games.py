"""The games and peñas this phone has started, opened or watched, kept in its session cookie (newest first).

Each entry is a token: a scorekeeper's edit token as it is (the only kind older cookies hold),
or ``w:`` and a watch token for a game this phone only watches. Peñas are kept the same way in a
list of their own: a manager's token as it is, ``w:`` and a look token for a peña only looked at.
Both ``w:`` entries are read-only addresses (``KnownAddress.read_only``).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import session

KNOWN_KEY = "games"
KNOWN_MAX = 40
GROUPS_KEY = "penas"
GROUPS_MAX = 20
READ_ONLY_PREFIX = "w:"  # never part of a token (they are URL-safe base64: letters, digits, - and _)


@dataclass(frozen=True)
class KnownAddress:
    """A game or a peña in this phone's lists: the token of its address, and whether that address is read only (the
    watchers' of a game, the lookers' of a peña)."""

    token: str
    read_only: bool = False

    @property
    def entry(self) -> str:
        """How the session stores it."""
        return f"{READ_ONLY_PREFIX}{self.token}" if self.read_only else self.token

    @classmethod
    def parse(cls, entry: str) -> KnownAddress:
        """Read a stored entry (a plain token is a scorekeeper's, or a peña manager's)."""
        if entry.startswith(READ_ONLY_PREFIX):
            return cls(entry.removeprefix(READ_ONLY_PREFIX), read_only=True)
        return cls(entry)


def _entries(key: str = KNOWN_KEY) -> list[str]:
    """The games (or, with ``GROUPS_KEY``, the peñas) this phone knows, as the session stores them (anything else
    there left out)."""
    stored = session.get(key, [])
    return [t for t in stored if isinstance(t, str) and t] if isinstance(stored, list) else []


def remember(token: str, watching: bool = False) -> None:
    """Put the game behind ``token`` first in this phone's list (a watch token with ``watching``)."""
    entry = KnownAddress(token, watching).entry
    entries = _entries()
    if entries[:1] == [entry]:
        return  # already first: leave the cookie as it is
    session[KNOWN_KEY] = [entry, *(e for e in entries if e != entry)][:KNOWN_MAX]


def known_games() -> list[KnownAddress]:
    """This phone's games, newest first, kept or watched."""
    return [KnownAddress.parse(entry) for entry in _entries()]


def forget(token: str, watching: bool = False) -> None:
    """Drop ``token`` from this phone's list (a game that no longer exists, or an edit link replaced)."""
    entry = KnownAddress(token, watching).entry
    session[KNOWN_KEY] = [e for e in _entries() if e != entry]


def remember_group(token: str, looking: bool = False) -> None:
    """Put the peña behind ``token`` first in this phone's list of peñas (a look token with ``looking``)."""
    entry = KnownAddress(token, looking).entry
    entries = _entries(GROUPS_KEY)
    if entries[:1] == [entry]:
        return
    session[GROUPS_KEY] = [entry, *(e for e in entries if e != entry)][:GROUPS_MAX]


def known_groups() -> list[KnownAddress]:
    """This phone's peñas, newest first, managed or looked at (``read_only``: looked at only)."""
    return [KnownAddress.parse(entry) for entry in _entries(GROUPS_KEY)]
