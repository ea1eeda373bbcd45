"""The main blueprint: the home page and the language switch."""

from flask import Blueprint

bp = Blueprint("main", __name__)

from scorekeeper.main import routes  # noqa: E402,F401  (attaches the views to bp)
