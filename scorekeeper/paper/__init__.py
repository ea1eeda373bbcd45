"""The paper blueprint: the printable score sheet, its PDF, the score chart and the history of finished games."""

from flask import Blueprint

bp = Blueprint("paper", __name__)
