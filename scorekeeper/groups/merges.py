"""Views of the groups blueprint: two spellings of one player merged («Mª José» is «María José»), and a merge undone.

A merge is a fact kept with when it was made and undone; the league applies the merges in force
each time it is counted, so undoing one gives back exactly the league before it.
"""

from __future__ import annotations

from flask import flash, redirect, url_for
from flask_babel import format_date
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.groups import bp
from scorekeeper.groups.forms import ChoiceForm, MergeForm
from scorekeeper.groups.league_page import LeaguePage
from scorekeeper.groups.pages import MANAGE, page_of, render_group, sent_form
from scorekeeper.league import PlayerNames, name_key
from scorekeeper.storage.groups import active_merges, mark_changed, merge_rows
from scorekeeper.storage.models import NameMerge, utcnow


def merge_refusal(page: LeaguePage, name: str, into: str) -> str | None:
    """Why ``name`` cannot be merged into ``into`` in this peña (``None``: it can)."""
    spellings = {name_key(spelling) for spelling in page.spellings}
    for typed in (name, into):
        if name_key(typed) not in spellings:
            return str(_("«%(name)s» no ha jugado en esta peña", name=typed))
    names = PlayerNames(active_merges(page.group), page.spellings)
    if names.player(name) == names.player(into):
        return str(_("«%(name)s» y «%(into)s» ya cuentan como el mismo jugador", name=name, into=into))
    if names.merged(name):
        return str(
            _(
                "«%(name)s» ya cuenta como «%(into)s»: deshaz esa unión primero",
                name=name,
                into=names.shown(names.player(name)),
            )
        )
    players = {names.player(name), names.player(into)}
    for line in page.lines:
        if players <= {names.player(player) for player in line.names}:
            return str(
                _(
                    "«%(name)s» y «%(into)s» jugaron juntos el %(day)s: son dos personas",
                    name=name,
                    into=into,
                    day=format_date(line.played_at, "dd/MM/yyyy"),
                )
            )
    return None


@bp.post("/pena/<token>/unir")
def merge(token: str) -> Response | tuple[str, int]:
    """Count one spelling as another player's from now on (303 back to the peña; refused with the reason, 422)."""
    page = page_of(MANAGE, token, lock=True)
    form: MergeForm = sent_form("merge_form")
    if form.validate_on_submit():
        refusal = merge_refusal(page, form.name.data, form.into.data)
        if refusal is None:
            page.group.merges.append(NameMerge(name=form.name.data, into=form.into.data))
            mark_changed(page.group)
            db.session.commit()
            flash(_("«%(name)s» cuenta ahora como «%(into)s».", name=form.name.data, into=form.into.data), "success")
            return redirect(url_for("groups.manage", token=token, _anchor="nombres"), 303)
        form.name.errors.append(refusal)
    db.session.rollback()
    return render_group(page, 422, merge_form=form)


@bp.post("/pena/<token>/separar")
def unmerge(token: str) -> Response | tuple[str, int]:
    """Undo a merge: the spelling counts as its own player again, in every game (303 back to the peña)."""
    page = page_of(MANAGE, token, lock=True)
    form = ChoiceForm()
    row: NameMerge | None = None
    if form.validate_on_submit():
        row = next((merge for merge in merge_rows(page.group) if str(merge.id) == form.item.data), None)
    if row is None:
        db.session.rollback()
        flash(_("Esa unión de nombres no está hecha."), "error")
        return render_group(page, 422)
    row.undone_at = utcnow()
    mark_changed(page.group)
    db.session.commit()
    flash(_("Unión deshecha: «%(name)s» vuelve a contar aparte.", name=row.name), "success")
    return redirect(url_for("groups.manage", token=token, _anchor="nombres"), 303)
