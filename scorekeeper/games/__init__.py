"""The games blueprint: start a game, play each hand, correct earlier hands, see the sheet."""

from flask import Blueprint
from flask.blueprints import BlueprintSetupState

bp = Blueprint("games", __name__)


@bp.record_once
def _register_labels(state: BlueprintSetupState) -> None:
    """Give every template the game's words (suits, kinds of hand) once the blueprint is mounted."""
    from scorekeeper.games import labels

    labels.init_app(state.app)

from scorekeeper.games import routes  # noqa: E402,F401  (attaches the views to bp)
