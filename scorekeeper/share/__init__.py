"""The share blueprint: passing a game's links on; here, a new scorekeeper's link to replace one seen by the wrong eyes."""

from flask import Blueprint

bp = Blueprint("share", __name__)

from scorekeeper.share import routes  # noqa: E402,F401  (attaches the views to bp)
