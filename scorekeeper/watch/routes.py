"""Views of the watch blueprint: the watchers' live page (``/ver/<token>``) and the game's big screen, both read only."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, make_response, render_template
from markupsafe import Markup

from scorekeeper.page_parts.chart import SCREEN
from scorekeeper.page_parts.suspense import points_hidden, reveal
from scorekeeper.plumbing import live
from scorekeeper.plumbing.assets import release
from scorekeeper.plumbing.security import leave_session_alone
from scorekeeper.storage.models import Game, utcnow
from scorekeeper.storage.phone_games import remember
from scorekeeper.storage.rematch import rematch_game
from scorekeeper.storage.store import WATCH, GameView, find_watched_game, refuse_deleted, view_of
from scorekeeper.watch import bp
from scorekeeper.watch.drawn_sheets import drawn_sheet


@bp.get("/ver/<token>")
def page(token: str) -> Response:
    """The game, read only, for everyone at the table: the hand being played, the sheet and the standings.

    Its script asks for the live part every few seconds (``page_live``); this page answers a
    reload with a bodiless 304 too while nothing changed.
    """
    return _whole_page(token, "watch/game.html", "watch/_sheet_part.html", remembered=True)


@bp.get("/ver/<token>/en-directo")
def page_live(token: str) -> Response:
    """The live part of the watchers' page (watch/_live.html), for its script: a bodiless 304 while nothing changed.

    The phone names the sheet it shows (``?hoja=``, its fingerprint): when that is still the
    sheet, only the hand being played is sent. The answer carries no session cookie (an
    unknown game's 404 page is Pocha's usual one).
    """
    return _live_part(token, "watch/_live.html", "watch/_sheet_part.html")


@bp.get("/ver/<token>/pantalla")
def screen(token: str) -> Response:
    """The game for a television or a laptop in the room: the standings large, the hand being played, the last hand's
    result and the chart; no controls, nothing to scroll, kept up to date like the watchers' page.

    With suspense on (``page_parts/suspense.py``) it draws nothing of points for the last hands, then reveals the
    standings at the end.
    """
    return _whole_page(token, "watch/screen.html", "watch/_screen_sheet.html", screen=True)


@bp.get("/ver/<token>/pantalla/en-directo")
def screen_live(token: str) -> Response:
    """The live part of the big screen (watch/_screen_live.html): a bodiless 304 while nothing changed."""
    return _live_part(token, "watch/_screen_live.html", "watch/_screen_sheet.html", screen=True)


def _whole_page(token: str, page: str, sheet: str, remembered: bool = False, screen: bool = False) -> Response:
    """The page ``page`` of the game watched with ``token``, its sheet part drawn by ``sheet``; a bodiless 304 while
    nothing changed. ``remembered``: the game goes in this phone's list (the watchers' page, not the big screen);
    ``screen``: the big screen, which keeps the suspense."""
    game = _changed_game(token)
    if not isinstance(game, Game):
        return game
    if remembered:
        remember(token, watching=True)
    context = _watch_context(game, view_of(game), token, screen)
    sheet_html = _sheet_part(sheet, context)
    digest = live.sheet_digest(sheet_html)
    html = render_template(page, sheet_part=Markup(sheet_html), sheet_digest=digest, **context)
    return _live_response(html, game)


def _live_part(token: str, part: str, sheet: str, screen: bool = False) -> Response:
    """The live part ``part`` of a page of the game watched with ``token``, for its script: its sheet part (drawn by
    ``sheet``) only when the phone does not show it already, and a bodiless 304 while nothing changed. The answer
    carries no session cookie. ``screen``: the big screen, which keeps the suspense."""
    game = _changed_game(token)
    if not isinstance(game, Game):
        leave_session_alone()
        return game
    context = _watch_context(game, view_of(game), token, screen)
    sheet_part, digest = live.sheet_to_send(_sheet_part(sheet, context))
    html = render_template(part, sheet_part=sheet_part, sheet_digest=digest, **context)
    leave_session_alone()
    return _live_response(html, game)


def _changed_game(token: str) -> Game | Response:
    """The game watched with ``token``, or a bodiless 304 while the phone shows its version (404 when there is none).

    The 304 takes one indexed query and renders nothing.
    """
    version = live.watched_version(token)
    if version is None:
        refuse_deleted(WATCH, token)  # a deleted game's address says so (410)
        abort(404)
    if live.unchanged(live.page_etag(version)):
        return live.not_modified(live.page_etag(version))
    game = find_watched_game(token)
    if game is None:  # deleted between the two queries
        abort(404)
    return game


def _watch_context(game: Game, view: GameView, token: str, screen: bool = False) -> dict[str, Any]:
    """What the watchers' templates read: the game worked out once, its address, its ETag and the release; for the
    big ``screen``, whether it hides the points now and the reveal under way."""
    return {
        "points_hidden": screen and points_hidden(view),
        "reveal": reveal(view, utcnow()) if screen else None,
        "view": view,
        "game": game,
        "watch_token": token,
        "etag": live.page_etag(game.version),  # the version drawn, should a tap have come in between
        "release": release(),
        "sheet": view.sheet,
        "hand": view.hand,
        "names": view.names,
        "rules": view.rules,
        "rematch": rematch_game(game),  # la revancha, once its table started it (watch/_rematch_notice.html)
    }


def _sheet_part(template: str, context: dict[str, Any]) -> str:
    """The sheet part ``template`` draws (the watchers' or the big screen's), drawn once for all the game's watchers
    while the sheet stays the same (``drawn_sheets``)."""

    def draw() -> str:
        """Draw it now."""
        return render_template(template, screen_frame=SCREEN, **context)

    drawn_from = context["reveal"].key if context["reveal"] else ""
    return drawn_sheet(context["view"], template, context["watch_token"], draw, drawn_from)


def _live_response(html: str, game: Game) -> Response:
    """``html`` with the ETag of the version drawn, to be asked for again before it is shown."""
    response = make_response(html)
    response.headers["ETag"] = live.page_etag(game.version)
    return live.keep_asking(response)
