"""Forms of the groups blueprint: shape checks only; what a form names (a game, a name) is looked up by the views."""

from __future__ import annotations

from datetime import date

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import ValidationError

from scorekeeper.storage.groups import GROUP_NAME_MAX
from scorekeeper.storage.player_names import NAME_MAX, tidy_name

#: The longest address a form takes (a game's or a peña's, pasted whole).
ADDRESS_MAX = 300


def _required_text(field: StringField, most: int, missing: str, too_long: str) -> str:
    """The field's text, tidied; a field error when it is empty or longer than ``most``."""
    text = tidy_name(field.data)
    if not text:
        raise ValidationError(missing)
    if len(text) > most:
        raise ValidationError(too_long)
    return text


class NewGroupForm(FlaskForm):
    """A new peña: its name."""

    name = StringField(_l("Nombre de la peña"), render_kw={"maxlength": GROUP_NAME_MAX, "autocomplete": "off"})

    def validate_name(self, field: StringField) -> None:
        """A name, not too long."""
        field.data = _required_text(
            field,
            GROUP_NAME_MAX,
            str(_l("Ponle un nombre a la peña")),
            str(_l("Como mucho %(max)s letras", max=GROUP_NAME_MAX)),
        )


class AddressForm(FlaskForm):
    """An address pasted (a game's, a peña's) or a token: whatever the phone has."""

    address = StringField(_l("Enlace"), render_kw={"autocomplete": "off", "inputmode": "url"})

    def validate_address(self, field: StringField) -> None:
        """Something, not too long."""
        text = (field.data or "").strip()
        if not text:
            raise ValidationError(str(_l("Pega el enlace")))
        if len(text) > ADDRESS_MAX:
            raise ValidationError(str(_l("Ese enlace es demasiado largo")))
        field.data = text


class MergeForm(FlaskForm):
    """Two spellings of one player: ``name`` is counted as ``into``."""

    name = StringField(_l("Este nombre"), render_kw={"maxlength": NAME_MAX * 2, "autocomplete": "off"})
    into = StringField(_l("es el mismo jugador que"), render_kw={"maxlength": NAME_MAX * 2, "autocomplete": "off"})

    def validate_name(self, field: StringField) -> None:
        """A name."""
        field.data = _required_text(field, NAME_MAX * 2, str(_l("Elige un nombre")), str(_l("Ese nombre no está")))

    def validate_into(self, field: StringField) -> None:
        """Another name."""
        field.data = _required_text(field, NAME_MAX * 2, str(_l("Elige un nombre")), str(_l("Ese nombre no está")))


class SeasonForm(FlaskForm):
    """A season: a name, its first and its last day."""

    name = StringField(_l("Nombre de la temporada"), render_kw={"maxlength": 40, "autocomplete": "off"})
    starts_on = StringField(_l("Desde"), render_kw={"type": "date"})
    ends_on = StringField(_l("Hasta"), render_kw={"type": "date"})

    def validate_name(self, field: StringField) -> None:
        """A name, not too long."""
        field.data = _required_text(
            field, 40, str(_l("Ponle un nombre a la temporada")), str(_l("Como mucho %(max)s letras", max=40))
        )

    def validate_starts_on(self, field: StringField) -> None:
        """A day."""
        field.data = _day(field.data)

    def validate_ends_on(self, field: StringField) -> None:
        """A day, not before the first."""
        field.data = _day(field.data)
        first = self.starts_on.data
        if isinstance(first, date) and field.data < first:
            raise ValidationError(str(_l("La temporada acaba antes de empezar")))


def _day(text: object) -> date:
    """A day written as a date field sends it (2025-03-14); a field error otherwise."""
    if isinstance(text, date):
        return text
    raw = str(text or "").strip()
    if not raw:
        raise ValidationError(str(_l("Elige un día")))
    try:
        day = date.fromisoformat(raw) if raw.isascii() and len(raw) == 10 else None
    except ValueError:
        day = None
    if day is None or not 2000 <= day.year <= 2200:
        raise ValidationError(str(_l("Escribe el día como 2025-03-14")))
    return day


class ChoiceForm(FlaskForm):
    """A button that names one thing of the peña (a game, a merge, a season) by ``item``."""

    item = StringField()
