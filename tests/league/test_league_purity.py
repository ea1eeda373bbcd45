"""The league is pure like the engine it reads: the standard library, the engine and openskill, no files, no clocks."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

LEAGUE = Path(__file__).resolve().parents[2] / "scorekeeper" / "league"
#: What the league may import besides the standard library.
ALLOWED = ("scorekeeper.engine", "openskill")
#: Standard-library modules that reach outside: files, the system, the network; and the clocks' calls.
BANNED_STDLIB = frozenset({"os", "pathlib", "io", "shutil", "tempfile", "subprocess", "socket", "sqlite3", "time"})
CLOCKS = frozenset({"now", "utcnow", "today"})


def impurities(source: str, filename: str = "<source>", allowed: tuple[str, ...] = ALLOWED) -> list[str]:
    """What in ``source`` the league may not do, importing only the standard library and ``allowed``, one line each
    (empty: pure)."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module]
        for module in modules:
            top = module.split(".")[0]
            known = any(module == name or module.startswith(name + ".") for name in allowed)
            if not known and (top not in sys.stdlib_module_names or top in BANNED_STDLIB):
                found.append(f"{filename}:{node.lineno}: imports {module}")
        if isinstance(node, ast.Attribute) and node.attr in CLOCKS:
            found.append(f"{filename}:{node.lineno}: reads a clock ({node.attr})")
    return found


@pytest.mark.parametrize(
    "source",
    [
        "import flask",
        "from scorekeeper.storage.models import Game",
        "from scorekeeper import create_app",
        "import os",
        "from datetime import datetime\nnow = datetime.now()",
        "import time",
    ],
)
def test_the_check_sees_what_the_league_may_not_do(source: str) -> None:
    assert impurities(source)


def test_the_check_lets_the_engine_openskill_and_the_standard_library_through() -> None:
    source = (
        "from scorekeeper.engine import ScoreSheet\nfrom openskill.models import PlackettLuce\nimport dataclasses\n"
    )
    assert impurities(source) == []


def test_every_module_of_the_league_is_pure() -> None:
    files = sorted(LEAGUE.rglob("*.py"))
    assert len(files) >= 5
    found = [line for path in files for line in impurities(path.read_text(encoding="utf-8"), path.name)]
    assert found == []


#: The night of several tables: its draw and standings need no rating, only the engine.
NIGHT = ("night_draw.py", "night_standings.py")


def test_the_night_reads_only_the_engine_and_the_standard_library() -> None:
    assert impurities("from openskill.models import PlackettLuce", allowed=("scorekeeper.engine",))
    found = [
        line
        for name in NIGHT
        for line in impurities((LEAGUE / name).read_text(encoding="utf-8"), name, allowed=("scorekeeper.engine",))
    ]
    assert found == []
