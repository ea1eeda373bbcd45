"""The export blueprint: the score sheet as CSV and the whole game as JSON, and importing such a file."""

from flask import Blueprint

bp = Blueprint("export", __name__)
