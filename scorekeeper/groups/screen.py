"""Views of the groups blueprint: a peña's big screen, from the lookers' address: its league large, the rating's
chart and the game being played, kept up to date like the watchers' page (plumbing/live.py)."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, make_response, render_template
from markupsafe import Markup

from scorekeeper.groups import bp
from scorekeeper.groups.league_page import GameLine
from scorekeeper.groups.pages import LOOK, page_of
from scorekeeper.page_parts.chart import SCREEN
from scorekeeper.plumbing import live
from scorekeeper.plumbing.assets import release
from scorekeeper.plumbing.security import leave_session_alone
from scorekeeper.storage.groups import group_state, state_digest

#: The players the big screen lists at most (the best rated): more would not be read from three metres.
SCREEN_PLAYERS = 12


def _etag(token: str) -> str:
    """The screen's ETag, from the peña's state (its version, each game's version), or a 404 page."""
    state = group_state(token)
    if state is None:
        abort(404)
    return live.page_etag(state_digest(state))


def _context(token: str, etag: str) -> dict[str, Any]:
    """What the big screen's templates read."""
    page = page_of(LOOK, token)
    playing: GameLine | None = next(
        (
            line
            for line in page.lines
            if line.sheet is not None and not line.finished and line.game.abandoned_at is None
        ),
        None,
    )
    return {
        "page": page,
        "group": page.group,
        "token": token,
        "players": page.league.players[:SCREEN_PLAYERS],
        "more": max(0, len(page.league.players) - SCREEN_PLAYERS),
        "chart": page.chart(SCREEN),
        "playing": playing,
        "etag": etag,
        "release": release(),
    }


def _answer(html: str, etag: str) -> Response:
    """``html`` with its ETag, to be asked for again before it is shown."""
    response = make_response(html)
    response.headers["ETag"] = etag
    return live.keep_asking(response)


@bp.get("/pena/ver/<token>/pantalla")
def screen(token: str) -> Response:
    """The peña for a television or a laptop: its league large, the rating's chart, the game being played."""
    etag = _etag(token)
    if live.unchanged(etag):
        return live.not_modified(etag)
    context = _context(token, etag)
    part = render_template("groups/_screen_part.html", **context)
    html = render_template(
        "groups/screen.html", screen_part=Markup(part), screen_digest=live.sheet_digest(part), **context
    )
    return _answer(html, etag)


@bp.get("/pena/ver/<token>/pantalla/en-directo")
def screen_live(token: str) -> Response:
    """The live part of the peña's big screen: a bodiless 304 while nothing changed."""
    etag = _etag(token)
    if live.unchanged(etag):
        leave_session_alone()
        return live.not_modified(etag)
    context = _context(token, etag)
    part, digest = live.sheet_to_send(render_template("groups/_screen_part.html", **context))
    html = render_template("groups/_screen_live.html", screen_part=part, screen_digest=digest, **context)
    leave_session_alone()
    return _answer(html, etag)
