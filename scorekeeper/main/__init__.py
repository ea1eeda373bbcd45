"""The main blueprint: the home page, the language switch, robots.txt and the health check for the proxy."""

from flask import Blueprint

bp = Blueprint("main", __name__)

from scorekeeper.main import routes  # noqa: E402,F401  (attaches the views to bp)
