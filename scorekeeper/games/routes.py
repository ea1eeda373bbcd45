"""Views of the games blueprint: thin: parse the form, apply the tap with the engine (``taps``), save, redirect."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.engine import (
    MAX_PLAYERS,
    NO_TRUMP,
    PochaError,
    Suit,
    TurnError,
)
from scorekeeper.extensions import db
from scorekeeper.games import bp, taps
from scorekeeper.games.forms import NewGameForm
from scorekeeper.games.hand_forms import InputError, TapForm
from scorekeeper.games.new_game_data import new_game_data
from scorekeeper.games.new_game_page import (
    NAME_ACTION,
    PREVIEW_KEY,
    ROWS_KEY,
    add_name,
    form_address,
    rows_to_show,
    schedule_context,
)
from scorekeeper.games.refusals import Refusal, Refused, refusal
from scorekeeper.games.starting import checked_game, group_of, start_game
from scorekeeper.labels.engine_messages import engine_message
from scorekeeper.plumbing.form_numbers import whole_number
from scorekeeper.plumbing.rate_limits import NEW_GAMES, limited
from scorekeeper.storage.name_suggestions import suggested_names
from scorekeeper.storage.phone_games import known_games, remember
from scorekeeper.storage.player_names import NAME_MAX
from scorekeeper.storage.store import EDIT, GameView, game_for, view_of

# --- a new game ------------------------------------------------------------------------------


@bp.route("/partidas/nueva", methods=["GET", "POST"])
@limited(NEW_GAMES)
def new_game() -> Response | str | tuple[str, int]:
    """Names, first dealer and rules; the schedule they make is shown before starting.

    Every POST ends in a redirect, so Back and Forward never send a form again: «Ver calendario»,
    «Añadir jugador» and the ↑ ↓ buttons come back as a GET whose address holds the form's values
    (``new_game_page``); a refused start shows the form with the reason (422), and the page puts
    that same address in the browser's history in place of the POST.
    """
    if request.method == "GET":
        form = NewGameForm(formdata=request.args or None)
        if PREVIEW_KEY in request.args:
            form.validate()
        return _new_game_page(form, rows_to_show(form, request.args.get(ROWS_KEY)))
    form = NewGameForm()
    rows = rows_to_show(form, request.form.get(ROWS_KEY))
    action = request.form.get("action", "start")
    if action.startswith(("up-", "down-")):
        where, _sep, index = action.partition("-")
        slot = whole_number(index, 2)
        if slot is not None:
            form.move(slot, -1 if where == "up" else 1)
    elif action == "add":
        rows = max(rows, min(rows + 1, MAX_PLAYERS))
    elif action.startswith(NAME_ACTION):
        rows = add_name(form, action.removeprefix(NAME_ACTION), rows)
    if action != "start":
        return redirect(form_address(form, rows, preview=action == "preview"), 303)
    chosen = checked_game(form)
    if chosen is not None:
        game, token = start_game(chosen)
        flash(_("¡A jugar! Reparte %(name)s.", name=chosen.names[game.first_dealer]), "success")
        return redirect(url_for("games.play", token=token), 303)
    return _new_game_page(form, rows, page_address=form_address(form, rows)), 422


def _new_game_page(form: NewGameForm, rows: int, page_address: str | None = None) -> str:
    """The new-game page with ``rows`` name rows, the schedule the current choices make, the peña it is for and
    the names used before (this phone's games, the peña's players)."""
    group = group_of(form)
    return render_template(
        "games/new.html",
        form=form,
        rows=rows,
        page_address=page_address,
        group=group,
        suggestions=suggested_names(known_games(), group or None),
        name_max=NAME_MAX,
        phone_form=new_game_data(form),
        **schedule_context(form),
    )


# --- the game page ---------------------------------------------------------------------------


def _view(token: str, lock: bool = False) -> GameView:
    """The game behind the scorekeeper's ``token`` as this request sees it (locked for a write with ``lock``), or a 404."""
    return view_of(game_for(EDIT, token, lock))


def page_context(view: GameView, token: str, shown: Refusal | None = None) -> dict[str, Any]:
    """What the game page's templates read: the game worked out once, its address and the refused tap ``shown``.

    The page (games/game.html) and the fragment of its server parts (games/_parts.html) are drawn from it.
    """
    return {
        "view": view,
        "game": view.game,
        "token": token,
        "refusal": shown,
        "sheet": view.sheet,
        "hand": view.hand,
        "names": view.names,
        "rules": view.rules,
    }


def _render_game(
    view: GameView, token: str, error: str | None = None, status: int = 200, refused: Refused | None = None
) -> tuple[str, int]:
    """The game page: the hand being played, the sheet, the standings and the corrections.

    A refused tap's ``error`` is drawn next to the buttons that sent it (``refusals``).
    """
    shown = refusal(error, refused, view.hand, len(view.names)) if error else None
    return render_template("games/game.html", **page_context(view, token, shown)), status


@bp.get("/p/<token>")
def play(token: str) -> tuple[str, int]:
    """Show the game: who deals, the hand being played and the score sheet."""
    view = _view(token)
    remember(token)
    return _render_game(view, token)


def _number(form: TapForm, what: str) -> int:
    """The tap's value as a whole number of ``what``; anything else is refused with the value shown back."""
    raw = (form.value.data or "").strip()
    number = whole_number(raw, 2)
    if number is None:
        raise InputError(_("«%(value)s» no es un número válido de %(what)s", value=raw, what=what))
    return number


def _hand(form: TapForm) -> int:
    """The hand the tap was meant for (the form requires it)."""
    number = form.hand.data
    assert number is not None, "TapForm requires the hand"
    return int(number)


def _seat(form: TapForm) -> int:
    """The player the tap is for."""
    if form.seat.data is None:
        raise InputError(_("Falta el jugador"))
    return int(form.seat.data)


def _tap(token: str, apply: Callable[[GameView, TapForm], object], anchor: str = "mano") -> Response | tuple[str, int]:
    """Check a tap, apply it through ``state`` to the game as it is now (locked), commit, go back (303).

    A tap is applied whole or not at all. The game's row is locked first, so a tap from another
    phone at the same moment waits and then meets this one's result: the same value is a double
    tap (nothing to do), a different one is refused (409) with the page as it is now.
    """
    form = TapForm()
    tap = (request.endpoint or "").rpartition(".")[2]
    if not form.validate():
        message = _("Ese dato no vale: vuelve a intentarlo desde esta pantalla.")
        return _render_game(_view(token), token, message, 400, Refused(tap))
    view = _view(token, lock=True)
    try:
        apply(view, form)
        db.session.commit()
    except (PochaError, InputError) as error:
        db.session.rollback()
        message = engine_message(error.message) if isinstance(error, PochaError) else str(error)
        status = 409 if isinstance(error, taps.StaleHandError | TurnError) else 422
        return _render_game(view, token, message, status, Refused(tap, form.seat.data))
    return redirect(url_for("games.play", token=token, _anchor=anchor), 303)


@bp.post("/p/<token>/pinta")
def trump(token: str) -> Response | tuple[str, int]:
    """Say the trump of the hand."""

    def apply(view: GameView, form: TapForm) -> None:
        """Say the trump the tap names (its letter), refusing anything but a suit or no trump."""
        letter = (form.value.data or "").strip().upper()
        if letter != NO_TRUMP and letter not in {s.value for s in Suit}:
            raise InputError(_("Elige oros, copas, espadas o bastos"))
        taps.choose_trump(view, _hand(form), letter, form.version.data, form.was.data)

    return _tap(token, apply)


@bp.post("/p/<token>/subasta")
def offer(token: str) -> Response | tuple[str, int]:
    """Say one player's offer in the subastado auction."""
    return _tap(token, lambda view, form: taps.offer(view, _hand(form), _seat(form), _number(form, _("bazas"))))


@bp.post("/p/<token>/apuesta")
def bid(token: str) -> Response | tuple[str, int]:
    """Say one player's bid."""
    return _tap(token, lambda view, form: taps.bid(view, _hand(form), _seat(form), _number(form, _("bazas"))))


@bp.post("/p/<token>/bazas")
def tricks(token: str) -> Response | tuple[str, int]:
    """Say how many tricks one player took."""
    return _tap(
        token,
        lambda view, form: taps.take_tricks(view, _hand(form), _seat(form), _number(form, _("bazas")), form.was.data),
    )


@bp.post("/p/<token>/renuncio")
def renuncio(token: str) -> Response | tuple[str, int]:
    """Set how many renuncios a player has in this hand (the "+" and "−" buttons send the new count)."""
    return _tap(
        token,
        lambda view, form: taps.set_renuncios(
            view, _hand(form), _seat(form), _number(form, _("renuncios")), form.was.data
        ),
    )


@bp.post("/p/<token>/deshacer")
def undo(token: str) -> Response | tuple[str, int]:
    """Take back the last tap of this hand."""
    return _tap(token, lambda view, form: taps.undo(view, _hand(form), form.version.data))


@bp.post("/p/<token>/guardar")
def save(token: str) -> Response | tuple[str, int]:
    """Close the hand and put it on the sheet."""

    def apply(view: GameView, form: TapForm) -> None:
        """Save the hand and say so (and that the game is over, when it is)."""
        sheet = taps.save_hand(view, _hand(form))
        flash(_("Mano %(number)s guardada.", number=_hand(form)), "success")
        if sheet.finished:
            flash(_("¡Fin de la partida!"), "success")

    return _tap(token, apply, anchor="hoja")
