"""Views of the main blueprint: the home page, POST /idioma, /robots.txt and /salud."""

from flask import abort, current_app, jsonify, make_response, redirect, render_template, session, url_for
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.main import bp
from scorekeeper.main.forms import LanguageForm
from scorekeeper.main.summary import group_summaries, summaries
from scorekeeper.plumbing.languages import LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE
from scorekeeper.plumbing.security import CAPABILITY_PREFIXES
from scorekeeper.plumbing.urls import back_url, local_url
from scorekeeper.storage.models import Game
from scorekeeper.storage.phone_games import known_games, known_groups


@bp.get("/")
def index() -> str:
    """Show the home page: the button to start a game, the games this phone keeps or watches, newest first, and its
    peñas."""
    return render_template("main/index.html", games=summaries(known_games()), groups=group_summaries(known_groups()))


@bp.post("/idioma")
def set_language() -> Response:
    """Remember the chosen language in the `lang` cookie and go back to the page (303)."""
    form = LanguageForm()
    if not form.validate_on_submit():
        abort(400)
    target = local_url(form.next.data) or back_url() or url_for("main.index")
    response = redirect(target, 303)
    response.set_cookie(
        LOCALE_COOKIE,
        str(form.lang.data),
        max_age=LOCALE_COOKIE_MAX_AGE,
        samesite="Lax",
        httponly=True,
    )
    return response


def robots_txt_body() -> str:
    """The robots.txt rules: keep out of every game's address (they are capabilities), welcome everywhere else."""
    refused = "".join(f"Disallow: {prefix}\n" for prefix in CAPABILITY_PREFIXES)
    return f"User-agent: *\n{refused}Allow: /\n"


@bp.get("/robots.txt")
def robots_txt() -> Response:
    """Tell search engines to leave the scorekeepers' and the watchers' addresses alone."""
    response = make_response(robots_txt_body())
    response.mimetype = "text/plain"
    return response


@bp.get("/salud")
def health() -> tuple[Response, int]:
    """For the proxy in front (or a monitor): 200 and ``{"status": "ok"}`` while the database answers, else 503.

    One indexed query that reads the games table, so a database that is gone, unreadable or not
    yet migrated says so. No session cookie, no rate limit, never cached.
    """
    session.clear()  # a proxy keeps no cookie: send it none
    session.modified = False
    try:
        db.session.execute(db.select(Game.id).limit(1))
    except SQLAlchemyError as error:
        db.session.rollback()
        current_app.logger.warning("health check: the database does not answer: %s", str(error).splitlines()[0])
        answer, status = jsonify(status="error", database="unavailable"), 503
    else:
        answer, status = jsonify(status="ok", database="ok"), 200
    answer.headers["Cache-Control"] = "no-store"
    return answer, status
