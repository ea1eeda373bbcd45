"""The export blueprint: the score sheet as CSV and the whole game as JSON, and importing such a file."""

from flask import Blueprint

bp = Blueprint("export", __name__)

from scorekeeper.export import routes  # noqa: E402,F401  (attaches the views to bp)
