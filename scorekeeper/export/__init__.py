"""The export blueprint: the score sheet as CSV, the whole game as JSON, importing such a file, and the result card
(a finished game as a PNG for the chat)."""

from flask import Blueprint

bp = Blueprint("export", __name__)

from scorekeeper.export import routes  # noqa: E402,F401  (attaches the views to bp)
