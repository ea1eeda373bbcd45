"""The simulator blueprint: simulated deals moment by moment, their JSON, a hand against the bots, the referee and the odds."""

from flask import Blueprint

bp = Blueprint("simulator", __name__)

from scorekeeper.simulator import routes  # noqa: E402,F401  (attaches the views to bp)
