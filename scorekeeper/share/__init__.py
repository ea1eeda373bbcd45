"""The share blueprint: the watchers' read-only page that follows the game live, QR codes, handing over the edit link."""

from flask import Blueprint

bp = Blueprint("share", __name__)
