"""The history blueprint: the finished games this phone knows, and each player's record across them."""

from flask import Blueprint

bp = Blueprint("history", __name__)

from scorekeeper.history import routes  # noqa: E402,F401  (attaches the views to bp)
