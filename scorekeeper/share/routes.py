"""Views of the share blueprint: the watchers' live page, and a new edit link for the scorekeeper."""

from __future__ import annotations

from flask import Response, abort, flash, make_response, redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.extensions import db
from scorekeeper.phone import forget, remember
from scorekeeper.share import bp, live
from scorekeeper.store import EDIT, find_watched_game, game_for, new_token, token_hash, view_of


@bp.get("/ver/<token>")
def watch(token: str) -> Response:
    """The game, read only, for everyone at the table: the hand being played, the sheet and the standings.

    Its script asks again every few seconds; a 304 with no body says nothing changed.
    """
    version = live.watched_version(token)
    if version is None:
        abort(404)
    if live.unchanged(live.page_etag(version)):
        return live.not_modified(live.page_etag(version))
    game = find_watched_game(token)
    if game is None:  # deleted between the two queries
        abort(404)
    etag = live.page_etag(game.version)  # the version drawn, should a tap have come in between
    remember(token, watching=True)
    view = view_of(game)
    html = render_template(
        "share/watch.html",
        view=view,
        game=game,
        watch_token=token,
        etag=etag,
        sheet=view.sheet,
        hand=view.hand,
        names=view.names,
        rules=view.rules,
    )
    response = make_response(html)
    response.headers["ETag"] = etag
    return live.keep_asking(response)


@bp.post("/p/<token>/nuevo-enlace")
def new_edit_link(token: str) -> BaseResponse:
    """Give the game a new scorekeeper's address: the old one stops working on every phone (303 to the new one).

    For a link seen by someone who should not keep the score. The watchers' link stays the same.
    """
    game = game_for(EDIT, token, lock=True)
    fresh = new_token()
    game.edit_hash = token_hash(fresh)
    db.session.commit()
    forget(token)
    remember(fresh)
    flash(_("Enlace nuevo para apuntar: el anterior ya no sirve en ningún móvil."), "success")
    return redirect(url_for("games.play", token=fresh), 303)
