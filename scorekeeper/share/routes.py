"""Views of the share blueprint: a new scorekeeper's address, and its QR code, for passing the game on to someone else.

The sharing panel itself (the watchers' link, its QR code, the chat message) is drawn by
templates/share/_panel.html from page_parts/share_links.py and page_parts/qr.py.
"""

from __future__ import annotations

from flask import Response, flash, redirect, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.extensions import db
from scorekeeper.page_parts.share_links import edit_link
from scorekeeper.plumbing.security import leave_session_alone
from scorekeeper.share import bp
from scorekeeper.storage.phone_games import forget, remember
from scorekeeper.storage.store import EDIT, game_for, new_token, token_hash


@bp.get("/p/<token>/codigo-para-apuntar.svg")
def edit_link_qr(token: str) -> Response:
    """The QR code of the scorekeeper's address, as an SVG image: the handover panel («Pasar el móvil de apuntar»)
    asks for it only when it is opened, so the game page does not carry it.

    Never stored (``no-store``, as every answer under /p/: it is the address itself); it sets no cookie.
    """
    game_for(EDIT, token)
    leave_session_alone()
    return Response(edit_link(token).qr_file, mimetype="image/svg+xml")


@bp.post("/p/<token>/nuevo-enlace")
def new_edit_link(token: str) -> BaseResponse:
    """Give the game a new scorekeeper's address: the old one stops working on every phone (303 to the new one).

    For a link seen by someone who should not keep the score. The watchers' link stays the same.
    """
    game = game_for(EDIT, token, lock=True)
    fresh = new_token()
    game.edit_hash = token_hash(fresh)
    db.session.commit()
    forget(token)
    remember(fresh)
    flash(_("Enlace nuevo para apuntar: el anterior ya no sirve en ningún móvil."), "success")
    return redirect(url_for("games.play", token=fresh), 303)
