"""The tables of docs/rules.md ("Options", "Games saved before") are the ones engine/rules_doc.py makes from the
options' description. Run as a script, this file writes them: ``.venv/bin/python tests/engine/test_rules_doc.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from scorekeeper.engine import OPTIONS
from scorekeeper.engine.rules_doc import (
    OPTIONS_TABLE,
    begin_mark,
    cell,
    end_mark,
    options_table,
    saved_before_table,
    with_tables,
)

RULES_MD: Final = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
#: What rewrites the tables, from the project's folder.
COMMAND: Final = ".venv/bin/python tests/engine/test_rules_doc.py"


def test_the_tables_of_rules_md_are_made_from_the_options() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    assert with_tables(text) == text, f"docs/rules.md's tables differ from engine/rules.py: run `{COMMAND}`"


def test_every_option_has_a_row_and_the_new_ones_say_how_old_games_read() -> None:
    rows = options_table().splitlines()[2:]
    assert [row.split(" | ")[0] for row in rows] == [f"| `{name}`" for name in OPTIONS]
    saved = saved_before_table().splitlines()[2:]
    assert [row.split(" | ")[1] for row in saved] == ["yes", "yes", "no"]


def test_values_are_written_as_players_and_files_say_them() -> None:
    about = OPTIONS["max_hands"]
    assert (cell(True, about), cell(False, about), cell(None, about), cell(3, about)) == (
        "yes",
        "no",
        "one per player",
        "3",
    )
    assert cell(OPTIONS["multipliers"].control.values[1], about) == "`copas2_oros3`"  # type: ignore[attr-defined]
    assert cell((1, 2, 1), OPTIONS["custom_sizes"]) == "`1 2 1`"
    assert cell((), OPTIONS["specials"]) == "none"


def test_only_what_is_between_the_marks_is_made_again() -> None:
    stale = f"before\n{begin_mark(OPTIONS_TABLE)}\nold\n{end_mark(OPTIONS_TABLE)}\nafter\n"
    with pytest.raises(ValueError, match="saved-before"):
        with_tables(stale)
    text = RULES_MD.read_text(encoding="utf-8")
    made = with_tables(text.replace(options_table(), "| old | table |"))
    assert made == text


if __name__ == "__main__":
    RULES_MD.write_text(with_tables(RULES_MD.read_text(encoding="utf-8")), encoding="utf-8")
