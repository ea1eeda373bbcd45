"""Views of the groups blueprint: a peña made, its pages, and the games that count in its league (thin: find, check, save)."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.groups import bp
from scorekeeper.groups.addresses import game_at, is_look_address, managed_group_at
from scorekeeper.groups.forms import AddressForm, ChoiceForm, NewGroupForm
from scorekeeper.groups.pages import LOOK, MANAGE, page_of, render_group, sent_form
from scorekeeper.plumbing.rate_limits import NEW_GROUPS, limited
from scorekeeper.storage.groups import add_game, create_group, find_group, group_for, mark_changed
from scorekeeper.storage.models import GroupGame
from scorekeeper.storage.phone_games import known_groups, remember_group
from scorekeeper.storage.store import EDIT, game_for

# --- a new peña --------------------------------------------------------------------------------


@bp.route("/pena/nueva", methods=["GET", "POST"])
@limited(NEW_GROUPS)
def new_group() -> Response | str | tuple[str, int]:
    """A peña's name; once made, its manager's page (303), which this phone keeps in its list."""
    form = NewGroupForm()
    if request.method == "POST":
        if form.validate_on_submit():
            _group, token = create_group(form.name.data)
            db.session.commit()
            remember_group(token)
            flash(_("Peña creada. Guarda este enlace: es el que la gestiona."), "success")
            return redirect(url_for("groups.manage", token=token), 303)
        return render_template("groups/new.html", form=form, page_address=url_for("groups.new_group")), 422
    return render_template("groups/new.html", form=form)


# --- its pages ---------------------------------------------------------------------------------


@bp.get("/pena/<token>")
def manage(token: str) -> tuple[str, int]:
    """The peña for its manager: the league, and the forms that add games, merge names and set seasons."""
    page = page_of(MANAGE, token)
    remember_group(token)
    return render_group(page)


@bp.get("/pena/ver/<token>")
def look(token: str) -> tuple[str, int]:
    """The peña for everyone else: the league, read only."""
    page = page_of(LOOK, token)
    remember_group(token, looking=True)
    return render_group(page)


# --- its games -----------------------------------------------------------------------------------


@bp.post("/pena/<token>/partidas")
def add_game_to_group(token: str) -> Response | tuple[str, int]:
    """Count a game in the league: its scorekeeper's or its watchers' address pasted (303 back to the peña)."""
    page = page_of(MANAGE, token, lock=True)
    form = sent_form("game_form")
    if form.validate_on_submit():
        game = game_at(form.address.data)
        if game is None:
            form.address.errors.append(_("Ese enlace no es de ninguna partida"))
        else:
            added = add_game(page.group, game)
            db.session.commit()
            flash(_("Partida añadida a la liga.") if added else _("Esa partida ya estaba en la liga."), "success")
            return redirect(url_for("groups.manage", token=token, _anchor="partidas"), 303)
    db.session.rollback()
    return render_group(page, 422, game_form=form)


@bp.post("/pena/<token>/quitar")
def remove_game(token: str) -> Response | tuple[str, int]:
    """Take a game out of the league (the game itself stays as it is)."""
    page = page_of(MANAGE, token, lock=True)
    form = ChoiceForm()
    entry: GroupGame | None = None
    if form.validate_on_submit():
        entry = next((e for e in page.group.games if e.game.watch_token == form.item.data), None)
    if entry is None:
        db.session.rollback()
        flash(_("Esa partida no está en la liga."), "error")
        return render_group(page, 422)
    page.group.games.remove(entry)
    mark_changed(page.group)
    db.session.commit()
    flash(_("Partida quitada de la liga: la partida sigue como estaba."), "success")
    return redirect(url_for("groups.manage", token=token, _anchor="partidas"), 303)


@bp.route("/p/<token>/pena", methods=["GET", "POST"])
def add_to_group(token: str) -> Response | str | tuple[str, int]:
    """From a game's page: count this game in a peña this phone manages, or one whose manager's address is pasted."""
    game = game_for(EDIT, token)  # not changed: only the peña is locked, for its write
    form = AddressForm()
    mine = [
        (known.token, group) for known in known_groups() if not known.read_only if (group := find_group(known.token))
    ]
    if request.method == "POST" and form.validate_on_submit():
        group, group_token = managed_group_at(form.address.data)
        if group is not None:
            group = group_for(MANAGE, group_token, lock=True)
            added = add_game(group, game)
            db.session.commit()
            remember_group(group_token)
            if added:
                flash(_("Partida añadida a la peña «%(name)s».", name=group.name), "success")
            else:
                flash(_("La partida ya estaba en la peña «%(name)s».", name=group.name), "success")
            return redirect(url_for("groups.manage", token=group_token, _anchor="partidas"), 303)
        form.address.errors.append(
            _("Ese es el enlace para mirar la peña: hace falta el de gestionarla.")
            if is_look_address(form.address.data)
            else _("Ese enlace no es de ninguna peña")
        )
    status = 422 if request.method == "POST" else 200
    if request.method == "POST":
        db.session.rollback()
    in_groups = [entry.group for entry in db.session.scalars(db.select(GroupGame).filter_by(game_id=game.id))]
    page = render_template(
        "groups/add_game.html",
        form=form,
        token=token,
        game=game,
        mine=mine,
        in_groups=in_groups,
        page_address=url_for("groups.add_to_group", token=token) if status == 422 else None,
    )
    return page, status
