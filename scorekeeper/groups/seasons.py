"""Views of the groups blueprint: the seasons a peña's manager sets (a name, a first and a last day), and taking one away.

The years games were played in are seasons of their own, offered without being set. A season
is only dates: the league of a season is counted from the games played in it.
"""

from __future__ import annotations

from flask import flash, redirect, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.groups import bp
from scorekeeper.groups.forms import ChoiceForm, SeasonForm
from scorekeeper.groups.pages import MANAGE, page_of, render_group, sent_form
from scorekeeper.storage.groups import mark_changed
from scorekeeper.storage.models import Season

#: The most seasons a peña keeps (enough for years of them; the page lists each).
MOST_SEASONS = 40


@bp.post("/pena/<token>/temporadas")
def add_season(token: str) -> Response | tuple[str, int]:
    """Set a season: its name and days (303 to the peña showing it; refused with the reason, 422)."""
    page = page_of(MANAGE, token, lock=True)
    form: SeasonForm = sent_form("season_form")
    if form.validate_on_submit():
        if len(page.group.seasons) >= MOST_SEASONS:
            form.name.errors.append(_("Como mucho %(max)s temporadas: quita alguna antes", max=MOST_SEASONS))
        else:
            season = Season(name=form.name.data, starts_on=form.starts_on.data, ends_on=form.ends_on.data)
            page.group.seasons.append(season)
            mark_changed(page.group)
            db.session.commit()
            flash(_("Temporada «%(name)s» creada.", name=season.name), "success")
            return redirect(url_for("groups.manage", token=token, temporada=f"t{season.id}"), 303)
    db.session.rollback()
    return render_group(page, 422, season_form=form)


@bp.post("/pena/<token>/temporadas/quitar")
def remove_season(token: str) -> Response | tuple[str, int]:
    """Take a season away (its games stay in the league; 303 back to the peña)."""
    page = page_of(MANAGE, token, lock=True)
    form = ChoiceForm()
    season: Season | None = None
    if form.validate_on_submit():
        season = next((s for s in page.group.seasons if str(s.id) == form.item.data), None)
    if season is None:
        db.session.rollback()
        flash(_("Esa temporada no existe."), "error")
        return render_group(page, 422)
    page.group.seasons.remove(season)
    mark_changed(page.group)
    db.session.commit()
    flash(_("Temporada «%(name)s» quitada: sus partidas siguen en la liga.", name=season.name), "success")
    return redirect(url_for("groups.manage", token=token, _anchor="temporadas"), 303)
