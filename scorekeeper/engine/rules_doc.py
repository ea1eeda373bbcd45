"""The tables of docs/rules.md made from the options' own description: "Options" and "Games saved before".

Pure text in, text out: ``with_tables(text)`` gives docs/rules.md with both tables made again from
engine/rules.py; tests/engine/test_rules_doc.py checks the committed file and, run as a script, rewrites it.
"""

from __future__ import annotations

import enum
from typing import Any, Final

from .options import MOST_HANDS, Choice, HandList, Number, Option
from .rules import DEFAULT_RULES, OPTIONS, PRESETS

#: The marks around each table in docs/rules.md: what is between them is made here.
OPTIONS_TABLE: Final = "options"
SAVED_BEFORE_TABLE: Final = "saved-before"


def begin_mark(table: str) -> str:
    """The line before a made table."""
    return f"<!-- {table} table: made from scorekeeper/engine/rules.py (tests/engine/test_rules_doc.py) -->"


def end_mark(table: str) -> str:
    """The line after a made table."""
    return f"<!-- end of the {table} table -->"


def cell(value: Any, about: Option) -> str:
    """An option's value as the tables write it: yes or no, a stored value in code, a number, or what empty means."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return f"`{value.value}`"
    if value is None or value == ():
        return about.empty
    if isinstance(value, tuple):
        return "`" + " ".join(str(part) for part in value) + "`"
    return str(value)


def what(about: Option) -> str:
    """What an option is, with the values it may take: a choice's values, a number's bounds, the most hands."""
    control = about.control
    if isinstance(control, Choice):
        return f"{about.what}: " + ", ".join(f"`{value.value}`" for value in control.values)
    if isinstance(control, Number):
        return f"{about.what}: {control.low} to {control.high}"
    if isinstance(control, HandList):
        return f"{about.what}: 1 to {MOST_HANDS} hands"
    return about.what


def row(cells: list[str]) -> str:
    """A Markdown table row."""
    return "| " + " | ".join(cells) + " |"


def options_table() -> str:
    """Every option: what it is, its default, its value in each preset that changes any, whether the new-game form
    shows it and the card carries it to the phone, and where it comes from."""
    presets = [preset for preset in PRESETS.values() if preset.rules != DEFAULT_RULES]
    header = ["option", "what", "default", *(preset.key for preset in presets), "form", "phone", "source"]
    lines = [row(header), "|" + "---|" * len(header)]
    for name, about in OPTIONS.items():
        default = getattr(DEFAULT_RULES, name)
        in_presets = [
            "—" if getattr(preset.rules, name) == default else cell(getattr(preset.rules, name), about)
            for preset in presets
        ]
        shown = "yes" if about.form is not None else "no"
        phone = "yes" if about.phone else "no"
        lines.append(row([f"`{name}`", what(about), cell(default, about), *in_presets, shown, phone, about.source]))
    return "\n".join(lines)


def saved_before_table() -> str:
    """Each option newer than the first games stored: the value a game stored without it is read with, and why."""
    lines = [row(["option", "a game stored without it is read as", "why"]), "|---|---|---|"]
    for name, about in OPTIONS.items():
        if about.saved_before is not None:
            lines.append(row([f"`{name}`", cell(about.saved_before.value, about), about.saved_before.why]))
    return "\n".join(lines)


def with_tables(text: str) -> str:
    """``text`` (docs/rules.md) with each made table between its marks made again; a missing mark raises
    ``ValueError``."""
    for table, made in ((OPTIONS_TABLE, options_table()), (SAVED_BEFORE_TABLE, saved_before_table())):
        begin, end = begin_mark(table), end_mark(table)
        start, stop = text.find(begin + "\n"), text.find(end)
        if start < 0 or stop < start:
            raise ValueError(f"docs/rules.md has no {begin!r} … {end!r}")
        text = f"{text[:start]}{begin}\n{made}\n{text[stop:]}"
    return text
