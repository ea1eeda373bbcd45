"""Following a game live, cheaply: ETags made from the game's stored version, and only the parts that changed.

A watcher's phone asks every few seconds with ``If-None-Match``; while nothing changed the
answer is a bodiless 304, decided from one indexed query before anything is rendered, by any
process or server (the ETag holds the game's version, the language and the release, nothing
of the process). When something changed, the phone is sent the live part of the page: the
hand being played, and the sheet only if it is not the one the phone already shows.
"""

from __future__ import annotations

import hashlib

from flask import Response, request
from markupsafe import Markup

from scorekeeper.extensions import db
from scorekeeper.plumbing.assets import release
from scorekeeper.plumbing.languages import current_locale
from scorekeeper.storage.models import Game
from scorekeeper.storage.store import MAX_TOKEN

#: The query argument in which the phone names the sheet it shows (its ``data-huella``).
SHOWN_SHEET = "hoja"
#: Hex digits of a sheet's fingerprint.
SHEET_DIGEST_LENGTH = 12


def watched_version(token: str) -> int | None:
    """The version of the game watched with ``token`` (one indexed query), or ``None`` if there is none."""
    if not token or len(token) > MAX_TOKEN:
        return None
    version: int | None = db.session.execute(db.select(Game.version).filter_by(watch_token=token)).scalar_one_or_none()
    return version


def page_etag(version: int | str) -> str:
    """The ETag of a live page and of its live part: what it shows (a game's version, or a digest of a peña's
    state), the language and the release.

    Weak: the same page compressed or not is the same to a watcher.
    """
    return f'W/"v{version}-{current_locale()}-{release()}"'


def unchanged(etag: str) -> bool:
    """Tell whether the phone already shows what ``etag`` names (its ``If-None-Match``, compared weakly)."""
    return request.if_none_match.contains_weak(etag.removeprefix("W/").strip('"'))


def not_modified(etag: str) -> Response:
    """304 Not Modified, no body: the phone keeps what it shows."""
    response = Response(status=304)
    response.headers["ETag"] = etag
    keep_asking(response)
    return response


def keep_asking(response: Response) -> Response:
    """Let a browser keep the page but ask again before showing it (the phone's own language, cookies)."""
    response.headers["Cache-Control"] = "no-cache, private"
    response.vary.update(("Cookie", "Accept-Language"))
    return response


def sheet_digest(sheet_html: str) -> str:
    """A short fingerprint of the drawn sheet part, so a phone that shows it already is not sent it again."""
    return hashlib.sha256(sheet_html.encode()).hexdigest()[:SHEET_DIGEST_LENGTH]


def sheet_shown() -> str:
    """The fingerprint of the sheet the asking phone shows ('' when it did not say)."""
    return request.args.get(SHOWN_SHEET, "")[:SHEET_DIGEST_LENGTH]


def sheet_to_send(sheet_html: str) -> tuple[Markup | None, str]:
    """The sheet part to send the asking phone (``None`` when it shows this one already) and its fingerprint."""
    digest = sheet_digest(sheet_html)
    return (None if sheet_shown() == digest else Markup(sheet_html)), digest
