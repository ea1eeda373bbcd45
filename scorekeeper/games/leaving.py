"""Leaving a game, putting it away, deleting it: the scorekeeper's address only (a watcher's finds nothing here).

Each is a real form (POST, 303); deleting asks first on a page of its own that names the game.
"""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.games import bp
from scorekeeper.storage.leaving import archive as put_away
from scorekeeper.storage.leaving import delete as delete_game
from scorekeeper.storage.leaving import groups_of
from scorekeeper.storage.leaving import leave as leave_game
from scorekeeper.storage.phone_games import forget
from scorekeeper.storage.store import EDIT, game_for, view_of


@bp.post("/p/<token>/dejar")
def leave(token: str) -> Response:
    """Leave the game before its end: its sheet stays as it is, and no more hands are played."""
    game = game_for(EDIT, token, lock=True)
    if leave_game(game):
        db.session.commit()
        flash(_("Partida dejada sin terminar. Su hoja se queda como estaba."), "success")
    else:
        flash(_("Esta partida ya no se está jugando: no hay nada que dejar."), "info")
    return redirect(url_for("games.play", token=token), 303)


@bp.post("/p/<token>/archivar")
def archive(token: str) -> Response:
    """Put a finished (or left) game away from the home page's list (back to it, 303); it stays in the history and at
    its address."""
    game = game_for(EDIT, token, lock=True)
    if put_away(game):
        db.session.commit()
        flash(_("Partida archivada: ya no sale en la lista de partidas."), "success")
    else:
        flash(_("Solo se archivan las partidas terminadas o dejadas."), "info")
    return redirect(url_for("main.index"), 303)


@bp.post("/p/<token>/desarchivar")
def unarchive(token: str) -> Response:
    """Bring an archived game back to the home page's list."""
    game = game_for(EDIT, token, lock=True)
    if put_away(game, put_away=False):
        db.session.commit()
        flash(_("La partida vuelve a la lista."), "success")
    return redirect(url_for("main.index"), 303)


@bp.route("/p/<token>/borrar", methods=["GET", "POST"])
def delete(token: str) -> Response | str:
    """Ask first (naming the game), then delete it for good: both its addresses then say it was deleted."""
    game = game_for(EDIT, token, lock=request.method == "POST")
    view = view_of(game)
    if request.method != "POST":  # GET, and HEAD with it
        return render_template(
            "games/delete.html",
            game=game,
            token=token,
            names=view.names,
            played=len(view.saved),
            groups=groups_of(game),
        )
    names = ", ".join(view.names)
    delete_game(game)
    db.session.commit()
    forget(token)
    flash(_("Partida de %(names)s borrada.", names=names), "success")
    return redirect(url_for("main.index"), 303)
