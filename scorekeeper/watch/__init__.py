"""The watch blueprint: the game read only at its watchers' address (/ver/<token>), followed live, and its big screen."""

from flask import Blueprint

bp = Blueprint("watch", __name__)

from scorekeeper.watch import routes  # noqa: E402,F401  (attaches the views to bp)
