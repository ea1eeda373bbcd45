"""The new-game form's schedule as the choices change: the engine's schedule for what the form holds, for its script."""

from __future__ import annotations

from flask import jsonify, render_template, request
from werkzeug.wrappers import Response

from scorekeeper.games import bp
from scorekeeper.games.forms import NewGameForm
from scorekeeper.games.new_game_page import schedule_context


@bp.get("/partidas/nueva/calendario")
def schedule_preview() -> Response:
    """The schedule the form's values (in the query, as the form sends them) make: JSON with the number of hands,
    each hand's cards, the reason when the rules make no game, and the form's schedule part drawn (``html``)."""
    form = NewGameForm(formdata=request.args, meta={"csrf": False})
    context = schedule_context(form)
    plans = context["plans"]
    response = jsonify(
        hands=len(plans),
        players=context["preview_players"],
        sizes=[plan.cards for plan in plans],
        error=form.rules_error,
        html=render_template("games/_schedule.html", form=form, **context),
    )
    response.headers["Cache-Control"] = "no-cache"
    return response
