"""The paper blueprint: the printable score sheet and its PDF."""

from flask import Blueprint

bp = Blueprint("paper", __name__)

from scorekeeper.paper import routes  # noqa: E402,F401  (attaches the views to bp)
