"""Carrying a phone's list of games and peñas to another phone: the list written in a link's query, and read back.

``p`` holds the games' tokens and ``n`` the peñas', separated by dots; a token only watched (or looked at) has a
``~`` in front. Tokens are URL-safe base64, so the link needs no escaping and its QR code stays small.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from scorekeeper.storage.groups import find_group, find_looked_group
from scorekeeper.storage.phone_games import GROUPS_MAX, KNOWN_MAX, KnownAddress
from scorekeeper.storage.store import EDIT, WATCH, deleted_game, find_game, find_watched_game, view_of

GAMES_FIELD: Final = "p"
GROUPS_FIELD: Final = "n"
READ_ONLY_MARK: Final = "~"
SEPARATOR: Final = "."
_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")


def pack(entries: Iterable[KnownAddress]) -> str:
    """The tokens as one field of the link: ``tok.~watched.tok``."""
    return SEPARATOR.join(f"{READ_ONLY_MARK if entry.read_only else ''}{entry.token}" for entry in entries)


def unpack(text: str | None, most: int) -> list[KnownAddress]:
    """The tokens of one field of the link, in order, each once, at most ``most`` (anything else left out)."""
    out: list[KnownAddress] = []
    for part in (text or "").split(SEPARATOR):
        entry = KnownAddress(part.removeprefix(READ_ONLY_MARK), read_only=part.startswith(READ_ONLY_MARK))
        if _TOKEN.fullmatch(entry.token) and entry not in out:
            out.append(entry)
        if len(out) == most:
            break
    return out


@dataclass(frozen=True)
class Carried:
    """One address of the link as the other phone will list it: a game's players or a peña's name, or why not."""

    entry: KnownAddress
    is_group: bool
    label: str | None
    deleted: bool = False

    @property
    def found(self) -> bool:
        """True when the address leads to a game or a peña."""
        return self.label is not None


def _game(entry: KnownAddress) -> Carried:
    """What a game's address of the link leads to."""
    game = find_watched_game(entry.token) if entry.read_only else find_game(entry.token)
    if game is None:
        gone = deleted_game(WATCH if entry.read_only else EDIT, entry.token) is not None
        return Carried(entry, False, None, deleted=gone)
    return Carried(entry, False, ", ".join(view_of(game).names))


def _group(entry: KnownAddress) -> Carried:
    """What a peña's address of the link leads to."""
    group = find_looked_group(entry.token) if entry.read_only else find_group(entry.token)
    return Carried(entry, True, group.name if group is not None else None)


def look_up(games_field: str | None, groups_field: str | None) -> list[Carried]:
    """Every address of the link, games first, with what it leads to."""
    return [*map(_game, unpack(games_field, KNOWN_MAX)), *map(_group, unpack(groups_field, GROUPS_MAX))]


def carried_fields(games: Sequence[KnownAddress], groups: Sequence[KnownAddress]) -> dict[str, str]:
    """The link's query for these games and peñas (empty fields left out)."""
    fields = {GAMES_FIELD: pack(games), GROUPS_FIELD: pack(groups)}
    return {name: value for name, value in fields.items() if value}
