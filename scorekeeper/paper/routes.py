"""Views of the paper blueprint: the sheet to print and its PDF (thin: find, ask the engine, show)."""

from __future__ import annotations

import io
import re
import unicodedata

from flask import render_template, send_file
from werkzeug.wrappers import Response

from scorekeeper.engine import PRESETS
from scorekeeper.paper import bp, pdf
from scorekeeper.storage.store import game_for, view_of

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
