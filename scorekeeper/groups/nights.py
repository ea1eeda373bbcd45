"""Views of the groups blueprint: a peña's nights (la noche de la peña): one made with who came, each round drawn into
tables with their games (the draw undone while no table has begun), people arriving and leaving between rounds, and
the night's standings.

The manager's address (``/pena/<token>/noche/<n>``) draws and changes the night; the lookers'
(``/pena/ver/<token>/noche/<n>``) only reads it. Every write locks the peña, as its other forms do.
"""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.groups import bp
from scorekeeper.groups.night_forms import ArriveForm, DrawForm, LeaveForm, NewNightForm
from scorekeeper.groups.night_page import NightPage, default_name, peña_players, sizes_text
from scorekeeper.labels.engine_messages import engine_message
from scorekeeper.league import NightError
from scorekeeper.plumbing.rate_limits import NEW_GROUPS, limited
from scorekeeper.storage import nights
from scorekeeper.storage.groups import LOOK, MANAGE, GroupScope, group_for
from scorekeeper.storage.models import Group
from scorekeeper.storage.phone_games import remember_group
from scorekeeper.storage.player_names import NAME_MAX

# --- a new night -----------------------------------------------------------------------------------


@bp.route("/pena/<token>/noche/nueva", methods=["GET", "POST"])
@limited(NEW_GROUPS)
def new_night(token: str) -> Response | str | tuple[str, int]:
    """Who came and how they play; once made, the night's page (303), which says the first round's tables."""
    group = group_for(MANAGE, token, lock=request.method == "POST")
    form = NewNightForm()
    form.offer_players(list(peña_players(group)))
    if request.method == "POST":
        if form.validate_on_submit():
            try:
                night = nights.create_night(
                    group,
                    form.name.data or default_name(),
                    form.chosen_names(),
                    preset=form.preset.data,
                    sizes=form.sizes.data,
                    rounds=form.round_count,
                    mode=form.mode.data,
                )
            except NightError as error:
                form.players.errors.append(engine_message(error.message))
            else:
                db.session.commit()
                sizes = sizes_text(nights.next_sizes(night))
                flash(
                    _("Noche creada: %(players)s jugadores, %(tables)s.", players=len(night.players), tables=sizes),
                    "success",
                )
                return redirect(url_for("groups.night", token=token, number=night.number), 303)
        db.session.rollback()
        return render_new_night(form, token, group, page_address=url_for("groups.new_night", token=token)), 422
    if not form.name.data:
        form.name.data = default_name()
    return render_new_night(form, token, group)


def render_new_night(form: NewNightForm, token: str, group: Group, page_address: str | None = None) -> str:
    """The new night's form, as sent (a refused one keeps what was typed, with the reason)."""
    return render_template(
        "groups/nights/new.html", form=form, token=token, group=group, name_max=NAME_MAX, page_address=page_address
    )


# --- its page --------------------------------------------------------------------------------------


def night_page(scope: GroupScope, token: str, number: int, lock: bool = False) -> NightPage:
    """The night ``number`` of the peña behind the address, or a 404 page."""
    group = group_for(scope, token, lock)
    return NightPage(group, nights.night_for(group, number), scope, token)


def render_night(page: NightPage, status: int = 200, **context: Any) -> tuple[str, int]:
    """The night's page; for the manager its forms (``context``: those sent, with what was typed and why it was
    refused, and a refused draw's reason)."""
    if page.managing:
        context.setdefault("arrive_form", ArriveForm(formdata=None))
    address = None
    if request.method == "POST":
        address = url_for("groups.night", token=page.token, number=page.night.number)
    html = render_template("groups/nights/night.html", page=page, night=page.night, page_address=address, **context)
    return html, status


@bp.get("/pena/<token>/noche/<int:number>")
def night(token: str, number: int) -> tuple[str, int]:
    """The night for its manager: each round's tables with their scorekeepers' links, the draw, who comes and goes."""
    page = night_page(MANAGE, token, number)
    remember_group(token)
    return render_night(page)


@bp.get("/pena/ver/<token>/noche/<int:number>")
def night_look(token: str, number: int) -> tuple[str, int]:
    """The night for everyone else: each round's tables and the standings, read only."""
    page = night_page(LOOK, token, number)
    remember_group(token, looking=True)
    return render_night(page)


def back_to(page: NightPage, anchor: str) -> Response:
    """303 to the manager's page of the night, at ``anchor``."""
    return redirect(url_for("groups.night", token=page.token, number=page.night.number, _anchor=anchor), 303)


# --- the manager's forms ---------------------------------------------------------------------------


@bp.post("/pena/<token>/noche/<int:number>/sorteo")
def night_draw(token: str, number: int) -> Response | tuple[str, int]:
    """Draw the round the manager saw undrawn: its tables and their games (303 to them). A second tap (or a second
    phone) finds it drawn and changes nothing; a round that cannot be drawn yet is refused with the reason (422)."""
    page = night_page(MANAGE, token, number, lock=True)
    form = DrawForm()
    asked = form.number if form.validate_on_submit() else None
    if asked is not None and 1 <= asked <= page.drawn:
        db.session.rollback()
        flash(_("La ronda %(round)s ya estaba sorteada.", round=asked), "info")
        return back_to(page, f"ronda-{asked}")
    if asked is None or asked != page.drawn + 1:
        reason = _("Esa ronda no se puede sortear: vuelve a la página de la noche")
    else:
        try:
            made = nights.draw_next(page.night, token)
        except NightError as error:
            reason = engine_message(error.message)
        else:
            db.session.commit()
            flash(
                ngettext(
                    "Ronda %(round)s sorteada: %(num)s mesa.",
                    "Ronda %(round)s sorteada: %(num)s mesas.",
                    len(made),
                    round=asked,
                )
                + " "
                + _("Dale a cada mesa su enlace para llevar la cuenta."),
                "success",
            )
            return back_to(page, f"ronda-{asked}")
    db.session.rollback()
    return render_night(page, 422, draw_error=reason)


@bp.post("/pena/<token>/noche/<int:number>/deshacer-sorteo")
def night_undo(token: str, number: int) -> Response | tuple[str, int]:
    """Undo the draw of the round the manager saw drawn, while no table has begun: its games deleted, who plays it
    as it was before the draw (303 to «Antes de la ronda N», to draw it again). A second tap, or a page older than a
    later draw, finds nothing to undo and changes nothing (a quiet note); a table that has begun refuses it (422)."""
    page = night_page(MANAGE, token, number, lock=True)
    form = DrawForm()
    asked = form.number if form.validate_on_submit() else None
    if asked is not None and asked == page.drawn and form.drawn.data and form.drawn.data != _first_table(page):
        db.session.rollback()  # the page saw a draw undone since: this one, drawn again, stays
        flash(_("El sorteo de la ronda %(round)s ya estaba deshecho.", round=asked), "info")
        return back_to(page, f"ronda-{asked}")
    if asked is not None and 1 <= asked <= page.night.rounds and asked != page.drawn:
        db.session.rollback()
        if asked > page.drawn:
            flash(_("El sorteo de la ronda %(round)s ya estaba deshecho.", round=asked), "info")
            return back_to(page, "quien-juega")
        later = page.drawn
        flash(
            _(
                "Ya se ha sorteado la ronda %(later)s: el sorteo de la ronda %(round)s se queda.",
                later=later,
                round=asked,
            ),
            "info",
        )
        return back_to(page, f"ronda-{later}")
    if asked is None or not 1 <= asked <= page.night.rounds:
        reason = _("Ese sorteo no se puede deshacer: vuelve a la página de la noche")
    else:
        try:
            nights.undo_draw(page.night)
        except NightError as error:
            reason = engine_message(error.message)
        else:
            db.session.commit()
            flash(
                _("Sorteo de la ronda %(round)s deshecho: sus partidas se han borrado.", round=asked)
                + " "
                + _("Cambia quién juega, si hace falta, y sortéala de nuevo."),
                "success",
            )
            return back_to(page, "quien-juega")
    db.session.rollback()
    return render_night(page, 422, undo_error=reason)


def _first_table(page: NightPage) -> str:
    """What names the latest draw in the undo's form (``draw_name``)."""
    tables = nights.tables_of(page.night, page.drawn)
    return nights.draw_name(tables[0]) if tables else ""


@bp.post("/pena/<token>/noche/<int:number>/llega")
def night_arrive(token: str, number: int) -> Response | tuple[str, int]:
    """Someone arrives: they play from the next round (303); a name already there, or no round left, is refused."""
    page = night_page(MANAGE, token, number, lock=True)
    form = ArriveForm()
    if form.validate_on_submit():
        try:
            player = nights.arrive(page.night, form.name.data)
        except NightError as error:
            form.name.errors.append(engine_message(error.message))
        else:
            db.session.commit()
            flash(_("«%(name)s» juega desde la ronda %(round)s.", name=player.name, round=page.drawn + 1), "success")
            return back_to(page, "quien-juega")
    db.session.rollback()
    return render_night(page, 422, arrive_form=form)


@bp.post("/pena/<token>/noche/<int:number>/se-va")
def night_leave(token: str, number: int) -> Response | tuple[str, int]:
    """Someone leaves: not drawn from the next round on, their rounds played still count (303). Someone already gone
    changes nothing (a quiet note); a name not at the night, or no round left, is refused."""
    page = night_page(MANAGE, token, number, lock=True)
    form = LeaveForm()
    name = (form.name.data or "")[:80] if form.validate_on_submit() else ""
    player = nights.player_at(page.night, name) if name else None
    reason = _("«%(name)s» no está en la noche", name=name)
    if player is not None:
        shown = player.name
        try:
            left = nights.leave(page.night, player)
        except NightError as error:
            reason = engine_message(error.message)
        else:
            if not left:  # a second tap, or an old page: they had left already
                db.session.rollback()
                flash(_("«%(name)s» ya no estaba en la noche.", name=shown), "info")
                return back_to(page, "quien-juega")
            db.session.commit()
            flash(_("«%(name)s» se va: no juega la ronda %(round)s.", name=shown, round=page.drawn + 1), "success")
            return back_to(page, "quien-juega")
    db.session.rollback()
    return render_night(page, 422, leave_error=reason)
