"""The main blueprint: the home page, the language switch, robots.txt, the health check and the phone app (main/phone_app.py)."""

from flask import Blueprint

bp = Blueprint("main", __name__)

from scorekeeper.main import moving, phone_app, routes  # noqa: E402,F401  (attaches the views to bp)
