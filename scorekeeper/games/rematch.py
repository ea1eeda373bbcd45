"""La revancha: from a finished (or left) game, the same table again, its first dealer one seat on (changeable).

``GET /p/<token>/revancha`` shows the players in their seats and the first dealer already chosen, with one
big button; its POST starts the game (or finds it, when another tap or phone started it already).
"""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.games import bp
from scorekeeper.labels.game_words import PRESET_NAMES
from scorekeeper.plumbing.form_numbers import whole_number
from scorekeeper.storage.leaving import groups_of
from scorekeeper.storage.models import Game
from scorekeeper.storage.phone_games import remember
from scorekeeper.storage.rematch import can_rematch, next_dealer, rematch_game, rematch_of, start_rematch
from scorekeeper.storage.store import EDIT, game_for, view_of


def _started(game: Game, token: str) -> Response | None:
    """Where to go when the revancha was started already: its page (this phone can keep its score), else its
    watchers' page with a word on how to keep it; ``None`` while there is none."""
    found = rematch_of(game, token)
    if found is not None:
        remember(found[1])
        return redirect(url_for("games.play", token=found[1]), 303)
    other = rematch_game(game)
    if other is not None:
        flash(
            _("La revancha ya la empezó otro móvil: desde aquí se puede mirar. Para apuntar, pide su enlace."), "info"
        )
        return redirect(url_for("share.watch", token=other.watch_token), 303)
    return None


def _not_yet(token: str) -> Response:
    """A game still being played has no revancha: back to it, saying why."""
    flash(_("La revancha se juega cuando la partida termina o se deja."), "info")
    return redirect(url_for("games.play", token=token), 303)


@bp.route("/p/<token>/revancha", methods=["GET", "POST"])
def rematch(token: str) -> Response | tuple[str, int] | str:
    """The revancha: the same players, seats and rules; the first dealer one seat on, chosen already."""
    game = game_for(EDIT, token, lock=request.method == "POST")
    started = _started(game, token)
    if started is not None:
        return started
    if not can_rematch(game):
        return _not_yet(token)
    names = [player.name for player in game.players]
    dealer: int | None = next_dealer(game)
    error = None
    if request.method == "POST":
        dealer = whole_number(request.form.get("dealer"), 1)
        if dealer is None or dealer >= len(names):
            error = _("Elige quién reparte primero")
        else:
            new_token = start_rematch(game, token, dealer)[1]
            db.session.commit()
            remember(new_token)
            flash(_("¡Revancha! Reparte %(name)s.", name=names[dealer]), "success")
            return redirect(url_for("games.play", token=new_token), 303)
    page = render_template(
        "games/rematch.html",
        game=game,
        token=token,
        names=names,
        dealer=dealer,
        error=error,
        preset_name=PRESET_NAMES.get(game.preset, game.preset),
        hands=len(view_of(game).sheet.plans),
        groups=groups_of(game),
    )
    return (page, 422) if error else page
