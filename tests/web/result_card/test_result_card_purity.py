"""The result card knows nothing of the web: its modules import the standard library, Pillow, the engine, the chart's
geometry and the seats' colours, and nothing else (no Flask, no database, no translations)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from scorekeeper import PACKAGE_DIR

CARD = PACKAGE_DIR / "result_card"
ALLOWED = ("PIL", "scorekeeper.engine", "scorekeeper.page_parts.chart", "scorekeeper.page_parts.seat_colours",
           "scorekeeper.result_card")  # fmt: skip


def outside_imports(source: str) -> list[str]:
    """The modules ``source`` imports that the card may not."""
    found = []
    for node in ast.walk(ast.parse(source)):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module]
        for module in modules:
            allowed = any(module == name or module.startswith(name + ".") for name in ALLOWED)
            if not allowed and module.split(".")[0] not in sys.stdlib_module_names:
                found.append(module)
    return found


@pytest.mark.parametrize("source", ["import flask", "from flask_babel import gettext", "from scorekeeper.storage import store",
                                    "from scorekeeper.page_parts.game_time import game_time"])  # fmt: skip
def test_the_check_sees_what_the_card_may_not_import(source: str) -> None:
    assert outside_imports(source)


@pytest.mark.parametrize("path", sorted(CARD.glob("*.py")), ids=lambda path: Path(path).name)
def test_every_module_of_the_card_is_free_of_the_web(path: Path) -> None:
    assert outside_imports(path.read_text(encoding="utf-8")) == []
