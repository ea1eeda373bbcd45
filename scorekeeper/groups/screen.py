"""Views of the groups blueprint: a peña's big screen, from the lookers' address: its league large, the rating's
chart and the game being played, kept up to date like the watchers' page (plumbing/live.py); and how any of the
peña's big screens is answered, whole or its live part."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from flask import Response, abort, make_response, render_template, url_for
from markupsafe import Markup

from scorekeeper.groups import bp
from scorekeeper.groups.league_page import GameLine
from scorekeeper.groups.pages import LOOK, page_of
from scorekeeper.page_parts.chart import SCREEN
from scorekeeper.plumbing import live
from scorekeeper.plumbing.assets import release
from scorekeeper.plumbing.security import leave_session_alone
from scorekeeper.storage.groups import group_state, state_digest

#: The live part of every big screen of a peña (its own, a night's): what its script asks for again.
LIVE_PART: Final = "groups/_screen_live.html"
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
        "live_address": url_for("groups.screen_live", token=token),
        "screen_class": "screen-league",
    }


def _answer(html: str, etag: str) -> Response:
    """``html`` with its ETag, to be asked for again before it is shown."""
    response = make_response(html)
    response.headers["ETag"] = etag
    return live.keep_asking(response)


def whole_screen(etag: str, context: Callable[[], dict[str, Any]], page: str, part: str) -> Response:
    """A big screen drawn whole: ``page`` around its live part, whose content ``part`` draws from ``context()``; a
    bodiless 304 while the screen shows ``etag``."""
    if live.unchanged(etag):
        return live.not_modified(etag)
    values = context()
    drawn = render_template(part, **values)
    html = render_template(page, screen_part=Markup(drawn), screen_digest=live.sheet_digest(drawn), **values)
    return _answer(html, etag)


def live_screen(etag: str, context: Callable[[], dict[str, Any]], part: str) -> Response:
    """The live part of a big screen (``LIVE_PART``), for its script: its content (drawn by ``part``) only when the
    screen does not show it already, a bodiless 304 while the screen shows ``etag``; no session cookie."""
    if live.unchanged(etag):
        leave_session_alone()
        return live.not_modified(etag)
    values = context()
    drawn, digest = live.sheet_to_send(render_template(part, **values))
    html = render_template(LIVE_PART, screen_part=drawn, screen_digest=digest, **values)
    leave_session_alone()
    return _answer(html, etag)


@bp.get("/pena/ver/<token>/pantalla")
def screen(token: str) -> Response:
    """The peña for a television or a laptop: its league large, the rating's chart, the game being played."""
    etag = _etag(token)
    return whole_screen(etag, lambda: _context(token, etag), "groups/screen.html", "groups/_screen_part.html")


@bp.get("/pena/ver/<token>/pantalla/en-directo")
def screen_live(token: str) -> Response:
    """The live part of the peña's big screen: a bodiless 304 while nothing changed."""
    etag = _etag(token)
    return live_screen(etag, lambda: _context(token, etag), "groups/_screen_part.html")
