"""Error handlers: every refused or failed request gets Pocha's own page, or JSON when the client asked for JSON."""

from __future__ import annotations

from flask import Response, jsonify, make_response, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, TooManyRequests
from werkzeug.sansio.response import Response as AnyResponse

from scorekeeper.errors import bp
from scorekeeper.errors.texts import FORM_EXPIRED, Explanation, explain, explain_deleted
from scorekeeper.extensions import db
from scorekeeper.plumbing.json_only import json_only_address
from scorekeeper.plumbing.urls import back_url
from scorekeeper.storage.store import GameDeleted

HTML = "text/html"
JSON = "application/json"


def wants_json() -> bool:
    """Tell whether the client asked for JSON: it prefers it to HTML, or fetched a ``.json`` address and likes both as
    much; an address a phone's script talks to in JSON only (``json_only``) always answers JSON."""
    if json_only_address():
        return True
    accept = request.accept_mimetypes
    html, json = accept.quality(HTML), accept.quality(JSON)
    return json > html or (json == html and request.path.endswith(".json"))


def size_limit() -> int | None:
    """The limit this request went over: the whole body's (MAX_CONTENT_LENGTH), else one form field's."""
    whole = request.max_content_length
    length = request.content_length
    if whole is not None and (length is None or length > whole):
        return whole
    return request.max_form_memory_size or whole


def answer(error: HTTPException, explanation: Explanation) -> Response:
    """``explanation`` as a page (or as ``{"error": …}``), with the error's status and headers (Allow, Retry-After…)."""
    if wants_json():
        response = jsonify(error=explanation.message)
    else:
        response = make_response(render_template("errors/error.html", error=explanation, back=back_url()))
    response.status_code = error.code or 500
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


@bp.app_errorhandler(CSRFError)
def form_expired(error: CSRFError) -> Response:
    """The form expired (bad or missing CSRF token): nothing was done; reload and try again (400). A phone's script
    that sent a JSON-only address no token, or a wrong one, is refused (403)."""
    response = answer(error, explain(FORM_EXPIRED))
    if json_only_address():
        response.status_code = 403
    return response


@bp.app_errorhandler(GameDeleted)
def game_deleted(error: GameDeleted) -> Response:
    """A deleted game's address (either of the two): the game was deleted, and when (410, not a guess at a typo)."""
    return answer(error, explain_deleted(error.deleted_at))


@bp.app_errorhandler(TooManyRequests)  # the rate limits (Flask-Limiter's RateLimitExceeded is one)
@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> AnyResponse | HTTPException:
    """Any refused or failed request (400, 403, 404, 405, 413, 429, 500…) explained in the page's language.

    A 5xx (an unexpected exception included) first undoes the half-done database work.
    An error that already carries its own response (``abort(response)``) is sent as it is.
    """
    if error.code is None or error.code < 400:
        return error
    if error.response is not None:
        return error.response
    if error.code >= 500:
        db.session.rollback()
    return answer(error, explain(error.code, size_limit() if error.code == 413 else None))
