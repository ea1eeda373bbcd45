"""Views of the paper blueprint: the sheet to print and its PDF (thin: find, ask the engine, show)."""

from __future__ import annotations

import io
import re
import unicodedata

from flask import make_response, render_template, send_file
from werkzeug.wrappers import Response

from scorekeeper.engine import PRESETS
from scorekeeper.paper import bp, pdf
from scorekeeper.plumbing import live
from scorekeeper.storage.store import EDIT, game_for, view_of

SCOPED = "/<any(p, ver):scope>/<token>"


@bp.get(f"{SCOPED}/imprimir")
def print_sheet(scope: str, token: str) -> str:
    """The score sheet laid out like the paper one, to print on one A4 page (from either address of the game)."""
    game = game_for(scope, token)
    sheet = view_of(game).sheet
    preset = PRESETS.get(game.preset)
    return render_template(
        "paper/print.html",
        game=game,
        sheet=sheet,
        names=sheet.players,
        preset_name=preset.name if preset is not None else None,
        viewer=scope,
        link_token=token,
    )


@bp.get(f"{SCOPED}/hoja-en-papel")
def paper_part(scope: str, token: str) -> Response:
    """The sheet as on paper as a fragment (games/_sheet_paper.html), from either address: the game page and the
    watchers' page fold it away and ask for it only when «Ver como en papel» is opened, so no page carries it.

    Its ETag is the game's version, the language and the release: a phone that has it is answered 304.
    """
    game = game_for(scope, token)
    etag = live.page_etag(game.version)
    if live.unchanged(etag):
        return live.not_modified(etag)
    view = view_of(game)
    html = render_template(
        "games/_sheet_paper.html", sheet=view.sheet, names=view.names, editable=scope == EDIT, token=token
    )
    response = make_response(html)
    response.headers["ETag"] = etag
    return live.keep_asking(response)


def pdf_filename(names: tuple[str, ...], started: str) -> str:
    """A plain ASCII file name: «pocha-ana-inigo-carlos-2025-05-12.pdf»."""
    plain = unicodedata.normalize("NFKD", "-".join(names)).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:60].strip("-")
    return f"pocha-{slug + '-' if slug else ''}{started}.pdf"


@bp.get(f"{SCOPED}/hoja.pdf")
def sheet_pdf(scope: str, token: str) -> Response:
    """The score sheet, standings and chart as a PDF file to keep or send (a download)."""
    game = game_for(scope, token)
    sheet = view_of(game).sheet
    data = pdf.sheet_pdf(sheet, game.created_at)
    response = send_file(
        io.BytesIO(data),
        mimetype="application/pdf",
        as_attachment=True,
        download_name=pdf_filename(sheet.players, game.created_at.strftime("%Y-%m-%d")),
        max_age=0,
    )
    response.headers["Cache-Control"] = "private, no-cache"
    return response
