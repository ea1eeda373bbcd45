"""The new-game form between two pages: its values in an address (so every POST ends in a redirect) and its name rows."""

from __future__ import annotations

from typing import Final
from urllib.parse import urlencode

from flask import url_for
from werkzeug.datastructures import MultiDict

from scorekeeper.engine import MAX_PLAYERS
from scorekeeper.games.forms import NewGameForm
from scorekeeper.plumbing.form_numbers import whole_number

#: Name rows a new form shows; "Añadir jugador" shows one more, up to ``MAX_PLAYERS``.
START_ROWS: Final = 4
#: The address's key for the rows shown, and the one that asks for the schedule's check ("Ver calendario").
ROWS_KEY: Final = "filas"
PREVIEW_KEY: Final = "calendario"


def rows_to_show(form: NewGameForm, asked: str | None) -> int:
    """How many name rows to show: four to start, more when asked (up to eight), and always every name typed."""
    filled = [i for i, entry in enumerate(form.names.entries) if (entry.data or "").strip()]
    wanted = min(whole_number(asked, 2) or 0, MAX_PLAYERS)
    return max(START_ROWS, wanted, filled[-1] + 1 if filled else 0)


def form_values(form: NewGameForm, rows: int) -> MultiDict[str, str]:
    """What the form holds now, as an address's query: every name and option with a value, and the rows shown."""
    values: MultiDict[str, str] = MultiDict()
    for entry in form.names.entries:
        if (entry.data or "").strip():
            values[entry.name] = str(entry.data)
    for name in ("first_dealer", "preset", "pena", *NewGameForm.OPTION_FIELDS):
        field = getattr(form, name)
        value = str(field.data or "") if field.type == "SelectField" else field._value()
        if value.strip():
            values[name] = value
    if rows > START_ROWS:
        values[ROWS_KEY] = str(rows)
    return values


def form_address(form: NewGameForm, rows: int, preview: bool = False) -> str:
    """The new-game page showing ``form`` as it is (with ``preview``, checked as «Ver calendario» does)."""
    values = form_values(form, rows)
    if preview:
        values[PREVIEW_KEY] = "1"
    return f"{url_for('games.new_game')}?{urlencode(list(values.items(multi=True)))}"
