"""A phone's creation of a game it made without signal, as JSON: read and checked for shape only, like a form (the
new-game form's own checks and the engine decide the rest).

    {"creation": "f3Kq9ZsV0wXb7Lp2nEe0wA", "at": 1764277200000,
     "form": {"names-0": "Ana", "names-1": "Bea", "names-2": "Carlos", "first_dealer": "2", "preset": "clasica"}}
    {"creation": "Zr5-t_8aYc1uHq2nEe0w4g", "rematch_of": "<the old game's scorekeeper's token>", "first_dealer": 1}

The game's token is in the address (``/p/<token>/crear``): the phone made it, as it made the
creation's id, from 16 random bytes in base64url (22 characters). A body that is not such a
creation is refused whole (``CreationError``): nothing of it is stored. ``at``, when the phone made the
game (``Date.now()``), is read as ``phone_clock`` believes it, and never refuses a creation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from scorekeeper.engine import MAX_PLAYERS
from scorekeeper.engine.counts import is_count, is_whole
from scorekeeper.games.phone_clock import phone_time
from scorekeeper.plumbing.form_numbers import whole_number

#: A token or a creation's id made by a phone: 16 random bytes in base64url, as the server makes its own tokens.
PHONE_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{22}")
#: The most bytes a creation's body may have (a form of sixteen long names and every option takes about 3 KB),
#: and the most fields its form may have.
MAX_BODY_BYTES: Final = 16 * 1024
MAX_FIELDS: Final = 100
#: A field's name as a refusal shows it, cut to this length.
SHOWN_FIELD: Final = 40


class CreationError(Exception):
    """A body that is not a creation (or an address that is not a phone's token): refused whole with ``status``."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message: Final = message
        self.status: Final = status


@dataclass(frozen=True, slots=True)
class Creation:
    """A phone's creation of a game: its id, and either the new-game form's fields as the page posts them, or the
    scorekeeper's token of the game it is the revancha of, with the revancha's first dealer when the phone chose
    one (``None``: the seat after the old game's first dealer); when the phone made it (``at``, ``None``: now)."""

    id: str
    form: MultiDict[str, str] | None = None
    rematch_of: str | None = None
    first_dealer: int | None = None
    at: datetime | None = None


def check_token(token: str) -> None:
    """Refuse (400) an address whose token is not one a phone makes: exactly 22 characters of base64url."""
    if not PHONE_TOKEN.fullmatch(token):
        raise CreationError(
            _("La dirección de la partida debe tener 22 letras, cifras, «-» o «_». No se ha creado ninguna partida.")
        )


def wrong(field: str) -> CreationError:
    """The refusal of a body whose ``field`` is not what a creation has there."""
    shown = field if len(field) <= SHOWN_FIELD else field[:SHOWN_FIELD] + "…"
    return CreationError(
        _("El campo «%(field)s» de la creación no se entiende. No se ha creado ninguna partida.", field=shown)
    )


def read_creation(body: bytes) -> Creation:
    """The creation of a request's ``body``; ``CreationError`` when it is not JSON, or not a creation."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise CreationError(_("Lo enviado no es JSON. No se ha creado ninguna partida.")) from None
    if not isinstance(data, dict) or ("form" in data) == ("rematch_of" in data):
        raise CreationError(
            _(
                "Lo enviado no es la creación de una partida: su id, y su formulario o la partida de la que es la "
                "revancha. No se ha creado ninguna partida."
            )
        )
    creation = data.get("creation")
    if not isinstance(creation, str) or not PHONE_TOKEN.fullmatch(creation):
        raise wrong("creation")
    at = phone_time(data.get("at"))
    if "form" in data:
        return Creation(creation, form=_form(data["form"]), at=at)
    old = data["rematch_of"]
    if not isinstance(old, str):
        raise wrong("rematch_of")
    return Creation(creation, rematch_of=old, first_dealer=_seat(data.get("first_dealer")), at=at)


def _form(fields: object) -> MultiDict[str, str]:
    """The new-game form's fields as the page posts them: text, or a whole number (sent as its digits)."""
    if not isinstance(fields, Mapping) or len(fields) > MAX_FIELDS:
        raise wrong("form")
    read: MultiDict[str, str] = MultiDict()
    for name, value in fields.items():
        if is_whole(value):
            value = str(value)
        if not isinstance(value, str):
            raise wrong(str(name))
        read.add(name, value)
    return read


def _seat(value: object) -> int | None:
    """La revancha's first dealer as sent: a seat's number (or its digits), or nothing (``None``)."""
    if value is None:
        return None
    seat = whole_number(value, 1) if isinstance(value, str) else value
    if not is_count(seat, MAX_PLAYERS - 1):
        raise wrong("first_dealer")
    return seat
