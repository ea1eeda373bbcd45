"""Views of the history blueprint: the finished games this phone knows (thin: find, ask the engine, show)."""

from __future__ import annotations

from flask import render_template

from scorekeeper.history import bp
from scorekeeper.history.finished_games import finished_games
from scorekeeper.history.stats import player_stats


@bp.get("/historial")
def index() -> str:
    """The finished games this phone knows, and each player's record across them."""
    games = finished_games()
    return render_template("history/index.html", games=games, stats=player_stats(game.sheet for game in games))
