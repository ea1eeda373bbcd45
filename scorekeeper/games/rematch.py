"""La revancha: from a finished (or left) game, the same table again, its first dealer one seat on (changeable).

``GET /p/<token>/revancha`` shows the players in their seats and the first dealer already chosen, with one
big button; its POST starts the game (or finds it, when another tap or phone started it already).
"""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.games import bp
from scorekeeper.games.forms import CHOOSE_DEALER
from scorekeeper.games.starting import start_revancha
from scorekeeper.labels.game_words import PRESET_NAMES
from scorekeeper.plumbing.form_numbers import whole_number
from scorekeeper.storage.leaving import groups_of
from scorekeeper.storage.models import Game
from scorekeeper.storage.phone_games import remember
from scorekeeper.storage.rematch import can_rematch, next_dealer, rematch_game, rematch_of
from scorekeeper.storage.store import EDIT, game_for, view_of


def _started(game: Game, token: str) -> Response | None:
    """The revancha's page when it was started already and this address leads to it (any phone that keeps the old
    game's score); ``None`` otherwise."""
    found = rematch_of(game, token)
    if found is None:
        return None
    remember(found[1])
    return redirect(url_for("games.play", token=found[1]), 303)


@bp.route("/p/<token>/revancha", methods=["GET", "POST"])
def rematch(token: str) -> Response | tuple[str, int] | str:
    """The revancha: the same players, seats and rules; the first dealer one seat on, chosen already."""
    game = game_for(EDIT, token, lock=request.method == "POST")
    started = _started(game, token)
    if started is not None:
        return started
    names = [player.name for player in game.players]
    elsewhere = rematch_game(game)
    if elsewhere is not None or not can_rematch(game):
        # Started from an address of this game since replaced, or the game is still being played: say so (409).
        page = render_template(
            "games/rematch.html", game=game, token=token, names=names, elsewhere=elsewhere, not_yet=True
        )
        return page, 409
    dealer: int | None = next_dealer(game)
    error = None
    if request.method == "POST":
        dealer = whole_number(request.form.get("dealer"), 1)
        if dealer is None or dealer >= len(names):
            error = str(CHOOSE_DEALER)
        else:
            new_token = start_revancha(game, token, dealer)[1]
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
