"""The big screen's suspense, set by the scorekeeper on a small page of its own: how many hands at the end of the
game the big screen plays without showing any points (``page_parts/suspense.py`` says what it then shows).

The scorekeeper's address only (a watcher's finds nothing here); a real form (POST, 303), sent twice harmlessly.
"""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.games import bp
from scorekeeper.page_parts.suspense import scheduled_hands, suspense_choices
from scorekeeper.plumbing.form_numbers import whole_number
from scorekeeper.storage.store import EDIT, GameView, game_for, mark_changed, view_of

#: The form's field: how many hands to hide, ``0`` for none.
FIELD = "manos"


@bp.route("/p/<token>/suspense", methods=["GET", "POST"])
def suspense(token: str) -> Response | tuple[str, int]:
    """Show the big screen's suspense and a form to change it; save a change (303 to the game), or show the form
    again with the reason (422)."""
    view = view_of(game_for(EDIT, token, lock=request.method == "POST"))
    if request.method != "POST":  # GET, and HEAD with it
        return _page(view, token)
    hands = scheduled_hands(view)
    chosen = whole_number(request.form.get(FIELD), 3)
    if chosen is None or chosen > hands:
        error = _(
            "Elige cuántas manos del final se juegan sin ver los puntos: de 1 a %(total)s, o ninguna.", total=hands
        )
        return _page(view, token, error, 422)
    wanted = chosen or None
    if view.game.suspense_hands != wanted:  # the same choice sent again changes nothing
        view.game.suspense_hands = wanted
        mark_changed(view.game)  # the big screen asks for itself again
        db.session.commit()
    if wanted:
        flash(
            ngettext(
                "La pantalla grande no enseñará los puntos en la última mano.",
                "La pantalla grande no enseñará los puntos en las %(num)s últimas manos.",
                wanted,
            ),
            "success",
        )
    else:
        flash(_("La pantalla grande enseñará los puntos toda la partida."), "success")
    return redirect(url_for("games.play", token=token), 303)


def _page(view: GameView, token: str, error: str | None = None, status: int = 200) -> tuple[str, int]:
    """The suspense page of the game behind ``token``, with the reason a choice was refused (``error``)."""
    hands = scheduled_hands(view)
    return render_template(
        "games/suspense.html",
        game=view.game,
        token=token,
        hands=hands,
        choices=suspense_choices(hands, view.game.suspense_hands),
        chosen=view.game.suspense_hands or 0,
        error=error,
    ), status
