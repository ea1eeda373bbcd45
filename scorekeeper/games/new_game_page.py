"""The new-game form between two pages: its values in an address (so every POST ends in a redirect) and its name rows."""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import urlencode

from flask import url_for
from werkzeug.datastructures import MultiDict

from scorekeeper.engine import MAX_PLAYERS, schedule
from scorekeeper.games.forms import NewGameForm
from scorekeeper.labels.game_words import PRESET_DESCRIPTIONS
from scorekeeper.plumbing.form_numbers import whole_number
from scorekeeper.storage.player_names import tidy_name

#: Name rows a new form shows; "Añadir jugador" shows one more, up to ``MAX_PLAYERS``.
START_ROWS: Final = 4
#: The address's key for the rows shown, and the one that asks for the schedule's check ("Ver calendario").
ROWS_KEY: Final = "filas"
PREVIEW_KEY: Final = "calendario"
#: Players the schedule is shown for until three names are typed.
PREVIEW_PLAYERS: Final = 4
#: The value of a suggested name's button: ``nombre:`` and the name (it goes to the next empty seat).
NAME_ACTION: Final = "nombre:"


def schedule_context(form: NewGameForm) -> dict[str, Any]:
    """What the schedule's part of the page reads (games/_schedule.html): the hands the choices make for the
    players typed (four until three are typed), and what the chosen rules are."""
    count = len(form.player_names())
    players = count if 3 <= count <= MAX_PLAYERS else PREVIEW_PLAYERS
    rules = form.check_rules(players)
    description = PRESET_DESCRIPTIONS.get(str(form.preset.data or ""))
    return {
        "plans": schedule(players, 0, rules) if rules is not None else (),
        "preview_players": players,
        "preset_description": description,
    }


def add_name(form: NewGameForm, name: str, rows: int) -> int:
    """Put ``name`` (a suggested one) in the first empty seat, unless it is there already; the rows to show then."""
    name = tidy_name(name)
    typed = [tidy_name(entry.data) for entry in form.names.entries]
    if not name or name.casefold() in {t.casefold() for t in typed if t}:
        return rows
    for index, entry in enumerate(form.names.entries[:MAX_PLAYERS]):
        if not typed[index]:
            entry.data = name
            entry.raw_data = [name]
            form.refresh_dealers()
            return max(rows, index + 1)
    return rows


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
