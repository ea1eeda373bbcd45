"""Moving phones: this phone's list of games and peñas as a link (and QR code); opened on another phone, a page
that lists what it holds and adds it to that phone's list with one tap.

The link holds capability addresses, like a game's: it is shown only to the phone whose list it is, never kept
by a cache, and its receiving page counts the addresses that lead nowhere against the wrong-tokens limit.
"""

from __future__ import annotations

from flask import flash, g, make_response, redirect, render_template, request, url_for
from flask_babel import ngettext
from werkzeug.wrappers import Response

from scorekeeper.main import bp
from scorekeeper.main.summary import group_summaries, summaries
from scorekeeper.page_parts.share_links import moving_link
from scorekeeper.plumbing.rate_limits import WRONG_TOKEN_LIST, counts_wrong_tokens
from scorekeeper.storage.moving import GAMES_FIELD, GROUPS_FIELD, carried_fields, look_up
from scorekeeper.storage.phone_games import KnownAddress, known_games, known_groups, remember, remember_group


def _private(response: Response) -> Response:
    """Never kept by a browser's or a proxy's cache: it shows capability addresses."""
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/llevar")
def give() -> Response:
    """This phone's games and peñas, and the link (with its QR code) that carries them to another phone."""
    games = summaries(known_games())
    groups = group_summaries(known_groups())
    fields = carried_fields(
        [KnownAddress(s.token, s.watching) for s in games], [KnownAddress(s.token, s.looking) for s in groups]
    )
    link = moving_link(fields) if fields else None
    page = render_template("main/moving.html", games=games, groups=groups, link=link, noindex_page=True)
    return _private(make_response(page))


@bp.route("/recibir", methods=["GET", "POST"])
@counts_wrong_tokens
def receive() -> Response:
    """What a moving link holds, listed before anything is added; its POST adds what it finds to this phone's list."""
    source = request.form if request.method == "POST" else request.args
    games_field, groups_field = source.get(GAMES_FIELD), source.get(GROUPS_FIELD)
    carried = look_up(games_field, groups_field)
    found = [c for c in carried if c.found]
    g.setdefault(WRONG_TOKEN_LIST, len(found) < len(carried))
    if request.method == "POST" and found:
        for item in reversed(found):  # the first of the list ends first on this phone too
            (remember_group if item.is_group else remember)(item.entry.token, item.entry.read_only)
        games = sum(1 for c in found if not c.is_group)
        groups = len(found) - games
        flash(
            ngettext("Añadida %(num)s partida", "Añadidas %(num)s partidas", games)
            + " · "
            + ngettext("%(num)s peña", "%(num)s peñas", groups),
            "success",
        )
        return _private(redirect(url_for("main.index"), 303))
    page = render_template(
        "main/receive.html",
        carried=carried,
        found=found,
        fields={GAMES_FIELD: games_field or "", GROUPS_FIELD: groups_field or ""},
        noindex_page=True,
    )
    return _private(make_response(page))
