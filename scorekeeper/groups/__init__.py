"""The groups blueprint: a peña (friends, a family, a club) whose games add up to a league, its pages and big screen."""

from flask import Blueprint

bp = Blueprint("groups", __name__)

from scorekeeper.groups import (  # noqa: E402,F401  (attach the views to bp)
    exports,
    merges,
    night_screen,
    night_sheet,
    nights,
    routes,
    screen,
    seasons,
)
