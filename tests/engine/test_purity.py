"""The engine is pure (DESIGN.md): standard library only, no files, no clocks, no global ``random``.

Every ``.py`` under ``scorekeeper/engine`` is read with ``ast``; ``impurities`` lists what breaks the rule.
The checker is itself tested on small sources that break it, so a silent checker cannot pass.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "scorekeeper" / "engine"

#: Standard-library modules the engine must not use anyway: files, the operating system, the network, processes.
BANNED_STDLIB = frozenset(
    {
        "os", "pathlib", "io", "shutil", "tempfile", "glob", "fileinput", "subprocess", "socket", "sqlite3",
        "urllib", "http", "importlib", "builtins", "pickle", "shelve",
    }
)  # fmt: skip
#: Clocks: ``time.time()``, ``datetime.now()`` and their kin.
CLOCK_FUNCTIONS = frozenset(
    {"time", "time_ns", "monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns", "process_time"}
)
CLOCK_METHODS = frozenset({"now", "utcnow", "today"})
#: What may be used from the module ``random``: the generator class, passed in as ``rng``.
RANDOM_ALLOWED = frozenset({"Random"})
#: Built-in calls that reach outside the engine.
BANNED_CALLS = frozenset({"open", "input", "print", "__import__", "exec", "eval", "breakpoint"})


def _top(name: str) -> str:
    return name.split(".")[0]


def _dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for a chain of attributes on a name, else ``None``."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def impurities(source: str, filename: str = "<source>") -> list[str]:
    """What in ``source`` breaks the engine's purity, one line each (empty: pure)."""
    tree = ast.parse(source, filename)
    found: list[str] = []
    modules: dict[str, str] = {}  # local name → the module (or module.attribute) it stands for

    def bad(node: ast.AST, what: str) -> None:
        found.append(f"{filename}:{getattr(node, 'lineno', '?')}: {what}")

    def check_module(node: ast.AST, module: str) -> None:
        top = _top(module)
        if top not in sys.stdlib_module_names:
            bad(node, f"imports {module}, which is not in the standard library")
        elif top in BANNED_STDLIB:
            bad(node, f"imports {module} (files, system or network)")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                check_module(node, alias.name)
                modules[alias.asname or _top(alias.name)] = alias.name if alias.asname else _top(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: inside the engine
                continue
            module = node.module or ""
            check_module(node, module)
            for alias in node.names:
                full = f"{module}.{alias.name}"
                modules[alias.asname or alias.name] = full
                if module == "random" and alias.name not in RANDOM_ALLOWED:
                    bad(node, f"imports random.{alias.name}: pass an rng instead")
                if module == "time" and alias.name in CLOCK_FUNCTIONS:
                    bad(node, f"imports the clock time.{alias.name}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BANNED_CALLS:
            bad(node, f"calls {node.func.id}()")

    # Second pass, now that every alias is known: attribute uses of random, time and datetime.
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        dotted = _dotted(node)
        if dotted is None:
            continue
        head, _, rest = dotted.partition(".")
        resolved = f"{modules.get(head, head)}.{rest}" if rest else modules.get(head, head)
        parts = resolved.split(".")
        if parts[0] == "random" and len(parts) == 2 and parts[1] not in RANDOM_ALLOWED:
            bad(node, f"uses {resolved} (the global generator): pass an rng instead")
        if parts[0] == "time" and len(parts) == 2 and parts[1] in CLOCK_FUNCTIONS:
            bad(node, f"reads the clock {resolved}")
        if parts[0] == "datetime" and parts[-1] in CLOCK_METHODS:
            bad(node, f"reads the clock {resolved}")
    return found


def engine_files() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


# --- the checker catches what it should ---------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "import flask",
        "from flask import current_app",
        "import sqlalchemy",
        "from sqlalchemy.orm import Session",
        "import wtforms",
        "import flask_babel",
        "from flask_babel import gettext",
        "import requests",
        "import numpy as np",
        "import os",
        "from os import path",
        "import os.path",
        "import pathlib",
        "from pathlib import Path",
        "import io",
        "from io import StringIO",
        "import subprocess",
        "import scorekeeper.storage.models",
        "from scorekeeper import create_app",
        "with open('x') as f: pass",
        "data = open('rules.json').read()",
        "import time\nnow = time.time()",
        "from time import time\nnow = time()",
        "import time as t\nnow = t.monotonic()",
        "import datetime\ntoday = datetime.datetime.now()",
        "from datetime import datetime\nstamp = datetime.now()",
        "from datetime import date\nd = date.today()",
        "import random\nx = random.random()",
        "import random\nx = random.randint(1, 6)",
        "import random\nx = random.choice([1, 2])",
        "import random\nrandom.shuffle(cards)",
        "import random as r\nr.shuffle(cards)",
        "from random import shuffle",
        "from random import randint as roll",
        "import random\nrandom.seed(3)",
    ],
)
def test_the_checker_catches_a_violation(source: str) -> None:
    assert impurities(source), f"not caught: {source!r}"


@pytest.mark.parametrize(
    "source",
    [
        "from __future__ import annotations",
        "from .cards import Card",
        "from . import cards",
        "import enum\nfrom dataclasses import dataclass\nfrom collections.abc import Sequence",
        "import random\ndef deal(rng: random.Random) -> None:\n    rng.shuffle([])\n    rng.random()",
        "import random\nrng = random.Random(3)",
        "from random import Random\nrng = Random(3)",
        "def f(rng):\n    draw = rng.random\n    return draw() + rng.randint(1, 2)",
        "from typing import Final\nimport math\nx = math.floor(2.5)",
        "class Timer:\n    def time(self) -> int:\n        return 0\nTimer().time()",
    ],
)
def test_the_checker_lets_pure_code_pass(source: str) -> None:
    assert impurities(source) == []


# --- the engine itself --------------------------------------------------------------------------


def test_every_engine_module_is_read() -> None:
    names = {path.name for path in engine_files()}
    assert {
        "__init__.py", "errors.py", "cards.py", "rules.py", "schedule.py", "bidding.py", "play.py",
        "scoring.py", "sheet.py", "standings.py", "simulate.py",
    } <= names  # fmt: skip


@pytest.mark.parametrize("path", engine_files(), ids=lambda path: path.name)
def test_engine_module_is_pure(path: Path) -> None:
    assert impurities(path.read_text(encoding="utf-8"), path.name) == []


def test_the_engine_imports_with_the_standard_library_only(tmp_path: Path) -> None:
    """Load scorekeeper/engine as a package of its own (not through scorekeeper/__init__.py, which needs
    Flask), without site-packages and with every import outside the standard library blocked.

    The .py sources are loaded even where a compiled module sits beside them: they are what is checked."""
    script = textwrap.dedent(
        f"""
        import importlib.abc, importlib.util, sys

        before = set(sys.modules)

        class Block(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                top = name.split(".")[0]
                if top == "pocha_engine" and "." in name:
                    source = {str(ENGINE)!r} + "/" + name.split(".", 1)[1] + ".py"
                    return importlib.util.spec_from_file_location(name, source)
                if top not in sys.stdlib_module_names and top != "pocha_engine":
                    raise ImportError("engine imported " + name)
                return None

        sys.meta_path.insert(0, Block())
        spec = importlib.util.spec_from_file_location(
            "pocha_engine", {str(ENGINE / "__init__.py")!r}, submodule_search_locations=[{str(ENGINE)!r}]
        )
        engine = importlib.util.module_from_spec(spec)
        sys.modules["pocha_engine"] = engine
        spec.loader.exec_module(engine)
        assert engine.legal_plays(engine.parse_cards("7C 1C 5O"), engine.parse_cards("5C"), engine.Suit.OROS)
        loaded = sorted(name for name in set(sys.modules) - before if name.split(".")[0] not in sys.stdlib_module_names)
        assert all(name.startswith("pocha_engine") for name in loaded), loaded
        print("ok", len(loaded))
        """
    )
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")
