"""The server's parts of the game page for the phone's script (``GET /p/<token>/hoja``): an HTML fragment, its ETag
the game's stored version.

The phone draws the strip and the hand panel itself; what the server draws below them (la
revancha, the sheet, the chart, the files, sharing, the corrections, leaving) it asks for here
once its taps are stored, rather than the whole page. The fragment is drawn from the partial the
page includes (games/_below_hand.html), so the two never differ, and carries the game's version
and a form token for the phone's next requests. Asked with ``If-None-Match``, the answer is a
bodiless 304 while nothing it shows changed, decided from one indexed query before the game is read.
It sets no flash and takes none: a message waiting for the next page stays for it.
"""

from __future__ import annotations

import hashlib
from typing import Final

from flask import Response, abort, after_this_request, current_app, make_response, render_template, session

from scorekeeper.extensions import db
from scorekeeper.games import bp
from scorekeeper.games.routes import page_context
from scorekeeper.plumbing import live
from scorekeeper.plumbing.security import leave_session_alone
from scorekeeper.storage.models import Game
from scorekeeper.storage.store import EDIT, MAX_TOKEN, game_for, refuse_deleted, token_hash, view_of

#: Hex digits of the fingerprint of the phone's form-token secret in the ETag.
FORM_KEY_LENGTH: Final = 8


def stored_state(token: str) -> tuple[int, bool] | None:
    """The stored version of the game behind the scorekeeper's ``token`` and whether it is archived (one indexed
    query), or ``None``. Archiving changes the fragment's leaving panel but not the version (the watchers see no
    difference), so it is read too."""
    if not token or len(token) > MAX_TOKEN:
        return None
    row = db.session.execute(
        db.select(Game.version, Game.archived_at.is_not(None)).where(Game.edit_hash == token_hash(token))
    ).one_or_none()
    return None if row is None else (int(row[0]), bool(row[1]))


def form_key() -> str:
    """A short fingerprint of the secret the phone's form tokens are made from (kept in its session; '' for none).

    A form token stays good while that secret does: while the fingerprint is the same, the token
    of the fragment the phone shows still works, and a phone whose session changed is sent a new one.
    """
    secret = session.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))
    return hashlib.sha256(str(secret).encode()).hexdigest()[:FORM_KEY_LENGTH] if secret else ""


def parts_etag(version: int, archived: bool, key: str) -> str:
    """The fragment's ETag: the game's version (and whether it is archived), the phone's form-token fingerprint, the
    language and the release (weak, as the watchers' live part's)."""
    return live.page_etag(f"{version}{'a' if archived else ''}-{key or 'none'}")


def _session_untouched(response: Response) -> Response:
    """Send no session cookie with anything but the fragment itself: a 304, or an error page (whose drawing takes the
    flashed messages waiting in the session: the phone's cookie keeps them for its next page)."""
    if response.status_code != 200:
        leave_session_alone()
    return response


@bp.get("/p/<token>/hoja")
def parts(token: str) -> Response:
    """The server's parts of the game page (games/_parts.html): a bodiless 304 while nothing they show changed."""
    after_this_request(_session_untouched)
    stored = stored_state(token)
    if stored is None:
        refuse_deleted(EDIT, token)  # a deleted game's address says so (410), as its page does
        abort(404)
    etag = parts_etag(*stored, form_key())
    if live.unchanged(etag):
        return live.not_modified(etag)
    view = view_of(game_for(EDIT, token))
    html = render_template("games/_parts.html", **page_context(view, token))
    response = make_response(html)
    # Read after drawing: a phone without a form-token secret was given one by the fragment's token.
    response.headers["ETag"] = parts_etag(view.game.version, view.game.archived_at is not None, form_key())
    return live.keep_asking(response)
