"""Views of the export blueprint: thin: find the game, ask the engine (through ``state``), send or save."""

from __future__ import annotations

from typing import Literal

from flask import current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import FileStorage
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from scorekeeper.engine import PochaError
from scorekeeper.engine.errors import N_
from scorekeeper.export import bp, csv_sheet, game_file
from scorekeeper.export.card_facts import card_facts, groups_tag
from scorekeeper.export.download import attachment, file_stem
from scorekeeper.export.file_object import FileTooBigError, GameFileError
from scorekeeper.export.forms import ImportForm
from scorekeeper.export.game_reader import read_game_file
from scorekeeper.export.importing import create_game_from
from scorekeeper.extensions import db
from scorekeeper.labels.engine_messages import engine_message
from scorekeeper.page_parts.take_home import take_home
from scorekeeper.plumbing import live
from scorekeeper.plumbing.languages import current_locale
from scorekeeper.plumbing.rate_limits import IMPORTS, limited
from scorekeeper.plumbing.urls import back_url
from scorekeeper.result_card import paint
from scorekeeper.result_card.layout import result_card
from scorekeeper.storage.groups import group_names
from scorekeeper.storage.phone_games import remember
from scorekeeper.storage.store import game_for, view_of

# --- downloads -------------------------------------------------------------------------------


@bp.get("/<any(p, ver):scope>/<token>/hoja.csv", endpoint="csv")
def sheet_csv(scope: str, token: str) -> Response:
    """The score sheet for a spreadsheet: a row per saved hand and player, from either address."""
    view = view_of(game_for(scope, token))
    body = csv_sheet.sheet_csv(view.sheet, current_locale())
    return attachment(body, file_stem(view.game.created_at, view.names) + ".csv", csv_sheet.MEDIA_TYPE)


@bp.get("/<any(p, ver):scope>/<token>/partida.json", endpoint="json")
def game_json(scope: str, token: str) -> Response:
    """The whole game as a file to keep or import elsewhere (no token in it), from either address."""
    game = game_for(scope, token)
    body = game_file.game_file(game)
    return attachment(
        body, file_stem(game.created_at, tuple(player.name for player in game.players)) + ".json", game_file.MEDIA_TYPE
    )


@bp.get("/<any(p, ver):scope>/<token>/resultado.png", endpoint="result_card")
def result_card_png(scope: str, token: str) -> Response | tuple[str, int]:
    """The result card of a finished game, a picture to share in the table's chat (a download), from either address.

    Its ETag is the game's version, the peñas it counts in, the language and the release: a
    phone that has it is answered 304. A game still played, or left before its end, is refused (409).
    """
    view = view_of(game_for(scope, token))
    if not view.sheet.finished:
        return _no_result(view.left)
    groups = group_names(view.game)
    etag = live.page_etag(f"{view.game.version}-{groups_tag(groups)}")
    if live.unchanged(etag):
        return live.not_modified(etag)
    body = paint.png(result_card(card_facts(view, groups)))
    response = attachment(body, file_stem(view.game.created_at, view.names) + ".png", paint.MEDIA_TYPE)
    response.headers["ETag"] = etag
    return live.keep_asking(response)


@bp.get("/<any(p, ver):scope>/<token>/resumen-por-whatsapp", endpoint="summary_to_whatsapp")
def summary_to_whatsapp(scope: str, token: str) -> Response | tuple[str, int]:
    """A finished game's summary sent on to WhatsApp (``wa.me``), from either address: asked for only when «Enviar
    por WhatsApp» is tapped, so the final page carries the summary once, not again in the link's address."""
    return _sent_on(scope, token, "whatsapp")


@bp.get("/<any(p, ver):scope>/<token>/a-bg-stats", endpoint="play_to_bg_stats")
def play_to_bg_stats(scope: str, token: str) -> Response | tuple[str, int]:
    """A finished game sent on to BG Stats as a play to import (its ``createPlay`` link), from either address: asked
    for only when «Enviar a BG Stats» is tapped."""
    return _sent_on(scope, token, "bg_stats")


def _sent_on(scope: str, token: str, where: Literal["whatsapp", "bg_stats"]) -> Response | tuple[str, int]:
    """The redirect to ``where`` with the finished game (page_parts/take_home.py); a game not over is refused (409)."""
    view = view_of(game_for(scope, token))
    if not view.sheet.finished:
        return _no_result(view.left)
    response = redirect(getattr(take_home(view), where), code=303)
    response.headers["Cache-Control"] = "no-store"
    return response


def _no_result(left: bool) -> tuple[str, int]:
    """The page that says a game not over has no result card yet (or, left before its end, none at all): 409."""
    if left:
        title = _("Partida sin terminar")
        message = _("Esta partida se dejó sin terminar: no tiene resultado que compartir.")
    else:
        title = _("La partida aún no ha terminado")
        message = _(
            "La imagen del resultado se hace al terminar la partida: vuelve cuando se haya guardado la última mano."
        )
    return render_template("errors/error.html", error={"title": title, "message": message}, back=back_url()), 409


# --- import ----------------------------------------------------------------------------------


def _size_limit() -> int:
    """The largest game file taken, in bytes (``GAME_FILE_MAX_BYTES``)."""
    return int(current_app.config["GAME_FILE_MAX_BYTES"])


def _size_text() -> str:
    """The size limit as players read it: «1 MB»."""
    return f"{max(1, round(_size_limit() / (1024 * 1024)))} MB"


def _too_big() -> FileTooBigError:
    """The refusal of a file over the size limit, saying the limit."""
    return FileTooBigError(N_("El archivo es demasiado grande: como mucho %(size)s"), size=_size_text())


def _uploaded(upload: FileStorage | None) -> bytes:
    """The bytes of the chosen file, refused when none was chosen or when it is too big (an empty one: by the reader)."""
    if upload is None or not upload.filename:
        raise GameFileError(N_("Elige el archivo de una partida (.json)"))
    data = upload.stream.read(_size_limit() + 1)
    if len(data) > _size_limit():
        raise _too_big()
    return data


def _import_page(form: ImportForm, error: str | None = None, status: int = 200) -> tuple[str, int]:
    """The import page, with the reason the last file was refused."""
    if error:
        form.file.errors = [error]
    return render_template("export/import.html", form=form, max_size=_size_text()), status


@bp.route("/partidas/importar", methods=["GET", "POST"])
@limited(IMPORTS)
def import_game() -> Response | tuple[str, int]:
    """Create a new game, the same as the one in an uploaded game file; nothing is kept if the file is refused."""
    form = ImportForm()
    if not form.validate_on_submit():
        error = _("Ese formulario no vale: vuelve a elegir el archivo.") if request.method == "POST" else None
        return _import_page(form, error, 400 if error else 200)
    try:
        _game, token = create_game_from(read_game_file(_uploaded(form.file.data)))
        db.session.commit()
    except PochaError as problem:
        db.session.rollback()
        return _import_page(form, engine_message(problem.message), 413 if isinstance(problem, FileTooBigError) else 422)
    remember(token)
    flash(_("Partida importada: es una copia nueva, con su propia dirección. Sigue donde se quedó."), "success")
    return redirect(url_for("games.play", token=token), 303)


@bp.errorhandler(RequestEntityTooLarge)
def upload_too_big(error: RequestEntityTooLarge) -> tuple[str, int]:
    """An upload over the whole request's limit, refused before it is read: the import page says why (413)."""
    return _import_page(ImportForm(formdata=None), engine_message(_too_big().message), 413)
