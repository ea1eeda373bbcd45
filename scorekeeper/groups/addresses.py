"""Addresses pasted into a peña's forms: the token of a game's or a peña's address, whatever was pasted."""

from __future__ import annotations

import re
from typing import Final, Literal
from urllib.parse import unquote, urlsplit

from scorekeeper.storage.groups import find_group
from scorekeeper.storage.models import Game, Group
from scorekeeper.storage.store import find_game, find_watched_game

#: A token as Pocha makes them: URL-safe base64.
_TOKEN: Final = re.compile(r"^[A-Za-z0-9_-]{8,64}$")

Kind = Literal["edit", "watch", "manage", "look", "token"]


def read_address(text: str) -> tuple[Kind, str] | None:
    """What ``text`` points at and its token: a game's (``/p/``, ``/ver/``), a peña's (``/pena/``, ``/pena/ver/``), or
    a bare token; ``None`` when it is none of them."""
    text = text.strip()
    if _TOKEN.match(text):
        return "token", text
    try:
        path = unquote(urlsplit(text if "//" in text else "//x" + (text if text.startswith("/") else "/" + text)).path)
    except ValueError:  # not an address at all (``http://[::1``: a host that cannot be)
        return None
    parts = [part for part in path.split("/") if part]
    patterns: tuple[tuple[tuple[str, ...], Kind], ...] = (
        (("pena", "ver"), "look"),
        (("pena",), "manage"),
        (("ver",), "watch"),
        (("p",), "edit"),
    )
    for index in range(len(parts)):
        for prefix, kind in patterns:
            end = index + len(prefix)
            if tuple(parts[index:end]) == prefix and end < len(parts) and _TOKEN.match(parts[end]):
                return kind, parts[end]
    return None


def game_at(text: str) -> Game | None:
    """The game a pasted address (or token) opens: by its scorekeeper's address or its watchers'."""
    read = read_address(text)
    if read is None:
        return None
    kind, token = read
    if kind == "edit":
        return find_game(token)
    if kind == "watch":
        return find_watched_game(token)
    if kind == "token":
        return find_game(token) or find_watched_game(token)
    return None


def managed_group_at(text: str) -> tuple[Group | None, str]:
    """The peña a pasted manager's address (or token) manages, with that token (``None``: it manages none)."""
    read = read_address(text)
    if read is None or read[0] not in ("manage", "token"):
        return None, ""
    return find_group(read[1]), read[1]


def is_look_address(text: str) -> bool:
    """Tell whether ``text`` is a peña's lookers' address (which cannot add games)."""
    read = read_address(text)
    return read is not None and read[0] == "look"
