"""Views of the main blueprint: the home page and POST /idioma."""

from flask import abort, redirect, render_template, url_for
from werkzeug.wrappers import Response

from scorekeeper.i18n import LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE
from scorekeeper.games.phone import known_games
from scorekeeper.games.summary import summaries
from scorekeeper.main import bp
from scorekeeper.main.forms import LanguageForm
from scorekeeper.urls import back_url, local_url


@bp.get("/")
def index() -> str:
    """Show the home page: the button to start a game and the games this phone keeps or watches, newest first."""
    return render_template("main/index.html", games=summaries(known_games()))


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
