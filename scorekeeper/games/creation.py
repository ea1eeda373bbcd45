"""A game a phone made without signal, created on the server exactly once (``POST /p/<token>/crear``): JSON in and out.

The phone makes the game itself (players, rules, first dealer, its token and the creation's id),
shows it at ``/p/<token>`` at once and keeps the creation in its outbox, before the game's taps.
Here the creation goes through the same path as the new-game form (``starting``): the form's own
checks, the same game stored, its peña, this phone's list. The game keeps the creation's id in a
unique column, so the same creation sent again (its answer lost, two tabs, a retry while the first
still runs) finds its game and is answered as the first time, and the database itself refuses a
second game of it. La revancha of a game over is made the same way, from the old game's token.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from flask import Response, jsonify, request, url_for
from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError

from scorekeeper.extensions import db
from scorekeeper.games import bp
from scorekeeper.games.creation_body import MAX_BODY_BYTES, Creation, CreationError, check_token, read_creation
from scorekeeper.games.forms import CHOOSE_DEALER, RANDOM_DEALER, NewGameForm
from scorekeeper.games.starting import GROUP_NOT_FOUND, checked_game, group_of, start_game, start_revancha
from scorekeeper.plumbing.json_only import json_only
from scorekeeper.plumbing.rate_limits import NEW_GAMES, limited
from scorekeeper.plumbing.security import leave_session_alone
from scorekeeper.storage.database import begin_write
from scorekeeper.storage.models import Game
from scorekeeper.storage.phone_games import remember
from scorekeeper.storage.rematch import can_rematch, next_dealer, rematch_game, rematch_of
from scorekeeper.storage.store import (
    EDIT,
    WATCH,
    deleted_game,
    find_game,
    first_card,
    games_met,
    refuse_deleted,
    token_hash,
)

CREATED: Final = 201
SENT_AGAIN: Final = 200

Answer = tuple[Response, int]


def created(game: Game, token: str, status: int) -> Answer:
    """The answer to a creation, the same whenever it is sent: the game's two addresses and its card as it was made."""
    card = first_card(game)
    body = {
        "token": token,
        "play": url_for("games.play", token=token),
        "watch": url_for("watch.page", token=game.watch_token),
        "card": card,
        "version": card["version"],
    }
    return jsonify(body), status


def refused(status: int, message: str, **more: Any) -> Answer:
    """A creation refused: ``{"error": message, …}`` with ``status``; nothing is stored, no cookie is set."""
    db.session.rollback()
    leave_session_alone()
    return jsonify(error=message, **more), status


def made_before(creation: Creation, token: str) -> Answer | None:
    """The answer when this creation, or this address, already has its game: the creation's game at this token is
    answered as when it was made (200); the creation's game at another address, or a game at this one (either of its
    addresses, now or deleted), is a conflict (409). ``None`` while neither is stored."""
    met = games_met(creation.id, token)
    game = next((game for game in met if game.creation_id == creation.id), None)
    if game is not None and game.edit_hash == token_hash(token):
        remember(token)  # the first answer's cookie may have been lost with it
        return created(game, token, SENT_AGAIN)
    if game is not None:
        return refused(409, _("Esta creación ya hizo su partida, en otra dirección. No se ha creado ninguna más."))
    if met or deleted_game(EDIT, token) or deleted_game(WATCH, token):
        return refused(
            409, _("Esa dirección ya es, o fue, la de otra partida: créala con otra. No se ha creado ninguna partida.")
        )
    return None


def store_once(start: Callable[[], tuple[Game, str]], creation: Creation, token: str) -> Answer:
    """Start the game (``start`` commits it) and answer 201. When the database refuses it as a second game of the
    same creation (a twin request committed first) or at an address just taken, the twin's game is answered."""
    try:
        game, token = start()
    except IntegrityError:
        db.session.rollback()
        again = made_before(creation, token)
        return again or refused(409, _("No se ha podido crear la partida: vuelve a intentarlo."))
    return created(game, token, CREATED)


def field_refusals(form: NewGameForm) -> dict[str, str]:
    """Each refused field of ``form`` with its reasons, in the form's order."""
    refusals: dict[str, str] = {}
    for field in form:
        messages = [str(text) for text in _flat(field.errors)]
        if messages:
            refusals[field.name] = " ".join(messages)
    return refusals


def _flat(errors: Any) -> list[Any]:
    """A field's errors as one list (a list of fields keeps a list for each of its entries)."""
    if isinstance(errors, (list, tuple)):
        return [text for error in errors for text in _flat(error)]
    if isinstance(errors, Mapping):
        return [text for error in errors.values() for text in _flat(error)]
    return [errors]


def new_game(creation: Creation, token: str) -> Answer:
    """A game from the new-game form's fields, checked as the page checks them, with the first dealer the phone drew
    or chose; refused with every reason (422) as the page would show them."""
    form = NewGameForm(formdata=creation.form, meta={"csrf": False})
    chosen = checked_game(form)
    undrawn = form.first_dealer.data == RANDOM_DEALER  # the phone draws «al azar» itself, and says whom
    if chosen is not None and not undrawn:
        return store_once(lambda: start_game(chosen, token, creation.id, creation.at), creation, token)
    if undrawn:
        form.first_dealer.errors = [*form.first_dealer.errors, CHOOSE_DEALER]
    fields = field_refusals(form)
    reasons = [*fields.values(), *([form.rules_error] if form.rules_error else [])]
    if group_of(form) is False:
        fields[form.pena.name] = str(GROUP_NOT_FOUND)
        reasons.append(fields[form.pena.name])
    return refused(422, reasons[0], fields=fields)


def revancha(old: Game, creation: Creation, token: str) -> Answer:
    """La revancha of ``old``: its players, seats and rules, the first dealer the phone chose (else the seat after the
    old game's first); refused while the old game is played (409), or once it has its revancha (409: with the
    revancha's addresses, since this phone holds the old game's token)."""
    assert creation.rematch_of is not None, creation
    old_token: str = creation.rematch_of
    if not can_rematch(old):
        return refused(
            409,
            _(
                "La partida aún se está jugando: la revancha empieza cuando termina o la dejáis. "
                "No se ha creado ninguna partida."
            ),
        )
    if old.rematch_id is not None:
        found = rematch_of(old, old_token)
        elsewhere = found[0] if found else rematch_game(old)
        addresses = {"watch": url_for("watch.page", token=elsewhere.watch_token)} if elsewhere else {}
        if found:
            addresses.update(token=found[1], play=url_for("games.play", token=found[1]))
        message = _("Esta partida ya tiene su revancha: seguid en ella. No se ha creado ninguna partida.")
        return refused(409, message, **addresses)
    dealer = next_dealer(old) if creation.first_dealer is None else creation.first_dealer
    if dealer >= len(old.players):
        return refused(422, str(CHOOSE_DEALER), fields={"first_dealer": str(CHOOSE_DEALER)})
    return store_once(lambda: start_revancha(old, old_token, dealer, token, creation.id, creation.at), creation, token)


@bp.post("/p/<token>/crear")
@limited(NEW_GAMES)
@json_only
def create(token: str) -> Answer:
    """Create the game a phone made without signal, at ``/p/<token>``, from its creation: 201 with its addresses and
    card; the same creation sent again, 200 with the same answer and nothing created.

    Refused whole, nothing stored: 400 (a token or a body that is not a creation), 404 (no old game
    for a revancha), 409 (the address or the creation's id already taken, the old game not over or
    with its revancha), 413 (over ``MAX_BODY_BYTES``), 422 (the form refused, with its reasons).
    """
    request.max_content_length = MAX_BODY_BYTES
    body = request.get_data(cache=False)  # read whole before the write begins
    try:
        check_token(token)
        creation = read_creation(body)
    except CreationError as error:
        return refused(error.status, error.message)
    if creation.rematch_of is None:
        begin_write()
        old = None
    else:
        old = find_game(creation.rematch_of, lock=True)  # two revanchas of one game wait for each other
    again = made_before(creation, token)
    if again is not None:
        return again
    if creation.rematch_of is None:
        return new_game(creation, token)
    if old is None:
        refuse_deleted(EDIT, creation.rematch_of)
        return refused(404, _("No hay ninguna partida en la dirección de la que sería la revancha."))
    return revancha(old, creation, token)
