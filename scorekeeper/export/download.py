"""Downloads: a file's name from the game's date and players, and the response that saves it on the phone."""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, datetime
from urllib.parse import quote

from flask import Response
from flask_babel import to_user_timezone

NAMES_MAX = 80  # characters of players' names in a file name
_UNSAFE = re.compile(r'[\s/\\:*?"<>|\x00-\x1f\x7f]+')  # not allowed (or awkward) in a file name on some system
_NOT_ASCII_SAFE = re.compile(r"[^A-Za-z0-9_-]+")
_DASHES = re.compile(r"-{2,}")


def _tidy(text: str, pattern: re.Pattern[str]) -> str:
    """``text`` with every run of characters matching ``pattern`` turned into one dash, trimmed."""
    return _DASHES.sub("-", pattern.sub("-", text)).strip("-")


def file_stem(created_at: datetime, names: tuple[str, ...]) -> str:
    """``pocha-<date>-<names>``: the day the game started (the app's timezone) and the players, by seat."""
    day = to_user_timezone(created_at.replace(tzinfo=UTC)).date().isoformat()
    players = _tidy("-".join(names), _UNSAFE)[:NAMES_MAX].rstrip("-")
    return f"pocha-{day}-{players}" if players else f"pocha-{day}"


def ascii_name(name: str) -> str:
    """``name`` with accents dropped (ñ → n) and anything else outside letters, digits, ``-`` and ``_`` a dash."""
    stem, dot, extension = name.rpartition(".")
    plain = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode("ascii")
    return f"{_tidy(plain, _NOT_ASCII_SAFE) or 'pocha'}{dot}{extension}"


def content_disposition(name: str) -> str:
    """An ``attachment`` header with an ASCII ``filename`` for old programs and the exact name in ``filename*`` (RFC 5987)."""
    return f"attachment; filename=\"{ascii_name(name)}\"; filename*=UTF-8''{quote(name, safe='')}"


def attachment(body: str | bytes, name: str, content_type: str) -> Response:
    """A response the browser saves as the file ``name`` instead of showing it; never cached (the game goes on)."""
    response = Response(body, content_type=content_type)
    response.headers["Content-Disposition"] = content_disposition(name)
    response.headers["Cache-Control"] = "no-store"
    return response
