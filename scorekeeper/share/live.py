"""Following a game live, cheaply: the watchers' page carries an ETag made from the game's version.

A watcher's phone asks again every few seconds with ``If-None-Match``; while nothing changed
the answer is a bodiless 304, decided from one indexed query before anything is rendered.
"""

from __future__ import annotations

import secrets

from flask import Response, request

from scorekeeper.extensions import db
from scorekeeper.i18n import current_locale
from scorekeeper.models import Game

#: Changes when the server restarts (after an upgrade, say), so pages drawn by older code are drawn again.
SERVER_RUN = secrets.token_hex(4)
MAX_TOKEN = 64


def watched_version(token: str) -> int | None:
    """The version of the game watched with ``token`` (one indexed query), or ``None`` if there is none."""
    if not token or len(token) > MAX_TOKEN:
        return None
    version: int | None = db.session.execute(db.select(Game.version).filter_by(watch_token=token)).scalar_one_or_none()
    return version


def page_etag(version: int) -> str:
    """The ETag of a watch page: what changes its HTML is the game (its version) and the language."""
    return f'"v{version}-{current_locale()}-{SERVER_RUN}"'


def unchanged(etag: str) -> bool:
    """Tell whether the phone already shows the page with ``etag`` (its ``If-None-Match``)."""
    return request.if_none_match.contains_weak(etag.strip('"'))


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
