"""Correcting a saved hand: the form with every value of the hand, checked by the engine against the whole game."""

from __future__ import annotations

from collections.abc import Callable

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.engine import NO_TRUMP, HandKind, HandPlan, HandRecord, PochaError, Suit, hand_plan, trump_of
from scorekeeper.extensions import db
from scorekeeper.games import bp, taps
from scorekeeper.games.forms import choices
from scorekeeper.games.hand_forms import CorrectionForm, InputError
from scorekeeper.labels.engine_messages import engine_message
from scorekeeper.labels.game_words import trump_label
from scorekeeper.storage.models import Hand
from scorekeeper.storage.store import EDIT, game_for, hand_row, view_of

# --- corrections -----------------------------------------------------------------------------


def _correction_form(hand: Hand, kind: HandKind, players: int, posted: bool) -> CorrectionForm:
    """The correction form of ``hand``: what was sent, or (``posted`` false) blank fields to fill."""
    form = CorrectionForm(
        formdata=None if not posted else request.form,
        bids=[None] * players,
        tricks=[None] * players,
        renuncios=[0] * players,
        offers=[None] * players if hand.auction is not None else [],
    )
    # Only what the hand allows: no trump in a sin triunfo hand, a suit in every other one.
    if kind is HandKind.SIN_TRIUNFO:
        form.trump.choices = choices((NO_TRUMP, _("Sin triunfo")))
    else:
        form.trump.choices = choices(*((suit.value, trump_label(suit)) for suit in Suit))
    return form


def _fill_correction(form: CorrectionForm, hand: Hand, version: int) -> None:
    """Put the saved values (and the game's version) into the correction form."""
    form.version.data = version
    form.trump.data = hand.trump
    for name, values in (("bids", hand.bids), ("tricks", hand.tricks), ("renuncios", hand.renuncios)):
        field = getattr(form, name)
        for entry, value in zip(field.entries, values):
            entry.data = value
    if hand.auction is not None:
        for entry, value in zip(form.offers.entries, hand.auction):
            entry.data = value


def _record_from(form: CorrectionForm, names: tuple[str, ...], kind: HandKind) -> HandRecord:
    """The corrected hand as an engine record; a missing value raises ``InputError``."""

    def values(field_name: str, missing: Callable[[str], str]) -> tuple[int, ...]:
        """The form's numbers for ``field_name``, one per player; a blank is refused with ``missing(name)``."""
        out = []
        for seat, entry in enumerate(getattr(form, field_name).entries[: len(names)]):
            if entry.data is None:
                raise InputError(missing(names[seat]))
            out.append(int(entry.data))
        return tuple(out)

    renuncios = tuple(int(e.data or 0) for e in form.renuncios.entries[: len(names)])
    offers = (
        values("offers", lambda name: _("Falta %(what)s de %(name)s", what=_("la oferta"), name=name))
        if kind is HandKind.SUBASTADO
        else None
    )
    return HandRecord(
        bids=values("bids", lambda name: _("Falta %(what)s de %(name)s", what=_("la apuesta"), name=name)),
        tricks=values("tricks", lambda name: _("Faltan las bazas de %(names)s", names=name)),
        trump=trump_of(form.trump.data),
        renuncios=renuncios,
        offers=offers,
    )


@bp.route("/p/<token>/mano/<int:number>/corregir", methods=["GET", "POST"])
def correct(token: str, number: int) -> Response | tuple[str, int]:
    """Put right a saved hand: every later total follows, and the change is kept in the list of corrections.

    The form carries the game's version: a correction sent after another phone changed the
    game is not saved; the form comes back with what is stored now.
    """
    posted = request.method == "POST"
    view = view_of(game_for(EDIT, token, lock=posted))
    game = view.game
    hand = hand_row(game, number)
    if hand is None or not hand.complete:
        abort(404)
    plan = hand_plan(len(view.names), game.first_dealer, view.rules, number)
    form = _correction_form(hand, plan.kind, len(view.names), posted)
    error: str | None = None
    status = 200
    if not posted:
        _fill_correction(form, hand, game.version)
    elif not form.fits(len(view.names), hand.auction is not None):
        form = _correction_form(hand, plan.kind, len(view.names), posted=False)  # not our page's shape: start again
        _fill_correction(form, hand, game.version)
        error, status = _("Faltan datos de algún jugador: vuelve a abrir la corrección."), 422
    elif not form.validate_on_submit():
        error, status = _("Revisa los números: solo valen números enteros."), 422
    elif form.version.data is not None and form.version.data != game.version:
        form = _correction_form(hand, plan.kind, len(view.names), posted=False)
        _fill_correction(form, hand, game.version)
        error = _(
            "Otro móvil ha cambiado la partida mientras corregías: esto es lo que hay guardado ahora. Vuelve a hacer tu corrección."
        )
        status = 409
    else:
        try:
            changes = taps.correct_hand(view, number, _record_from(form, view.names, plan.kind))
            db.session.commit()
        except (PochaError, InputError) as problem:
            error = engine_message(problem.message) if isinstance(problem, PochaError) else str(problem)
            status = 422
        else:
            if changes:
                flash(
                    _("Mano %(number)s corregida: los totales siguientes se han recalculado.", number=number), "success"
                )
            else:
                flash(_("No había nada que cambiar en la mano %(number)s.", number=number), "info")
            return redirect(url_for("games.play", token=token, _anchor="hoja"), 303)
    if posted:
        db.session.rollback()  # nothing saved: let go of the lock before drawing the page
    return _correction_page(game, token, form, view.names, plan, error), status


def _correction_page(
    game: object, token: str, form: CorrectionForm, names: tuple[str, ...], plan: HandPlan, error: str | None
) -> str:
    """The correction form of a saved hand, with the reason it was refused (if it was)."""
    return render_template("games/correct.html", game=game, token=token, form=form, names=names, plan=plan, error=error)
