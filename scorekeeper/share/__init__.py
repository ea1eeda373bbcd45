"""The share blueprint: the watchers' read-only page that follows the game live, QR codes, handing over the edit link."""

from flask import Blueprint

bp = Blueprint("share", __name__)

from scorekeeper.share import routes  # noqa: E402,F401  (attaches the views to bp)
