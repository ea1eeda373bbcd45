"""The errors blueprint: friendly pages for 400, 403, 404, 405, 500 and expired forms."""

from flask import Blueprint

bp = Blueprint("errors", __name__)

from scorekeeper.errors import handlers  # noqa: E402,F401  (attaches the handlers to bp)
