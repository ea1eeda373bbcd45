"""The errors blueprint: Pocha's own pages (or JSON) for 400, 403, 404, 405, 413, 429, 500 and expired forms."""

from flask import Blueprint

bp = Blueprint("errors", __name__)

from scorekeeper.errors import handlers  # noqa: E402,F401  (attaches the handlers to bp)
