"""The glossary (docs/glossary.md) names only what exists: every code name and address it cites between backticks
is in the tree, so a rename that forgets the glossary fails here.

What counts, for a text between backticks (a trailing ``()`` is dropped first):

- **a path**: it has a ``/``, does not start with one, and has no space, ``:`` or ``<``: a file or folder that exists
  from the project's root, or from ``scorekeeper/`` (``storage/moving.py``);
- **an address**: it starts with ``/`` or with ``POST /``: the app answers it (``<token>``, ``<n>``… stand for any
  part), with that method when one is given;
- **a dotted name**: identifiers joined by dots, found part by part: ``scorekeeper.engine.Step`` is imported;
  ``watch.screen`` is a view (its blueprint, its endpoint); ``page_parts.chart.SCREEN`` is under ``scorekeeper``;
  ``HandPlan.mano`` is a class of the package with that attribute, field or property;
- **a name**: one identifier with an underscore or a capital letter (``forbidden_bid``, ``HandInPlay``,
  ``MAX_RENUNCIOS``), or any identifier followed by ``()``: defined in the package's Python or the tests' support
  code (a function, a class, a name or attribute assigned, a parameter), or a string constant there (a stored key,
  a preset's key, a step's kind).

Anything else between backticks is prose, not checked: plain words, notation such as ``O C E B`` or
``[kind, seat, value]``, and file names without a folder such as ``liga.csv`` (the last part of an address).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from flask import Flask
from werkzeug.exceptions import MethodNotAllowed, NotFound

from scorekeeper import PACKAGE_DIR, PROJECT_DIR

GLOSSARY = PROJECT_DIR / "docs" / "glossary.md"
#: Where a name the glossary cites may be defined.
CODE = (PACKAGE_DIR, PROJECT_DIR / "tests" / "support")
IDENTIFIER = r"[A-Za-z_][A-Za-z0-9_]*"
DOTTED = re.compile(rf"{IDENTIFIER}(?:\.{IDENTIFIER})+")
NAME = re.compile(IDENTIFIER)
ADDRESS = re.compile(r"(?:(?P<method>[A-Z]+) )?(?P<path>/\S*)")
PLACEHOLDER = re.compile(r"<(?P<name>[^<>/]*)>")


def cited(text: str) -> list[str]:
    """Every text between single backticks in ``text``, in order."""
    return [span.strip() for span in re.findall(r"`([^`\n]+)`", text)]


def parsed(path: Path) -> list[tuple[str, ast.Module]]:
    """Every Python file under ``path``, parsed, with its dotted module name (from the project's root)."""
    found = []
    for file in sorted(path.rglob("*.py")):
        parts = file.relative_to(PROJECT_DIR).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found.append((module, ast.parse(file.read_text(encoding="utf-8"), str(file))))
    return found


@cache
def defined_names() -> frozenset[str]:
    """Every name the code defines (functions, classes, names and attributes assigned, parameters) and every string
    constant it holds."""
    found: set[str] = set()
    for folder in CODE:
        for _module, tree in parsed(folder):
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    found.add(node.name)
                elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    found.add(node.id)
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                    found.add(node.attr)
                elif isinstance(node, ast.arg):
                    found.add(node.arg)
                elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.add(node.value)
    return frozenset(found)


@cache
def class_modules() -> dict[str, tuple[str, ...]]:
    """The modules of the package that define a class of each name."""
    found: dict[str, list[str]] = {}
    for module, tree in parsed(PACKAGE_DIR):
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append(module)
    return {name: tuple(modules) for name, modules in found.items()}


def has_member(owner: Any, name: str) -> bool:
    """Tell whether ``owner`` (a module or a class) has ``name``: an attribute, a dataclass field, or a
    ``self.<name>`` its methods assign."""
    if hasattr(owner, name):
        return True
    if dataclasses.is_dataclass(owner) and name in {field.name for field in dataclasses.fields(owner)}:
        return True
    if isinstance(owner, type) and not isinstance(owner, ModuleType):
        module = importlib.import_module(owner.__module__)
        source = Path(module.__file__ or "").read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef) and node.name == owner.__name__:
                return any(
                    isinstance(target, ast.Attribute) and target.attr == name
                    for target in ast.walk(node)
                    if isinstance(target, ast.Attribute) and isinstance(target.ctx, ast.Store)
                )
    return False


def follow(owner: Any, parts: list[str]) -> bool:
    """Tell whether ``owner`` has ``parts[0]``, which has ``parts[1]``, and so on."""
    for part in parts:
        if not has_member(owner, part):
            return False
        owner = getattr(owner, part, None)
    return True


def dotted_exists(name: str, app: Flask) -> bool:
    """Tell whether the dotted ``name`` is a module's member, a view, or a class's member (see the module's rules)."""
    parts = name.split(".")
    if parts[0] != "scorekeeper" and ((PACKAGE_DIR / parts[0]).exists() or (PACKAGE_DIR / f"{parts[0]}.py").exists()):
        if len(parts) == 2 and name in app.view_functions:
            return True
        parts = ["scorekeeper", *parts]
    if parts[0] == "scorekeeper":
        for cut in range(len(parts), 0, -1):
            try:
                module = importlib.import_module(".".join(parts[:cut]))
            except ModuleNotFoundError:
                continue
            return follow(module, parts[cut:])
        return False
    return any(
        follow(getattr(importlib.import_module(module), parts[0]), parts[1:])
        for module in class_modules().get(parts[0], ())
    )


def address_exists(text: str, app: Flask) -> bool:
    """Tell whether the app answers the address ``text`` (``POST /p/<token>/pinta``), with its method if it names one."""
    match = ADDRESS.fullmatch(text)
    assert match is not None, text
    method = match["method"]

    def sample(part: re.Match[str]) -> str:
        """A value for a placeholder: a number for ``<n>`` and its like, a token otherwise."""
        return "1" if part["name"] in ("n", "number") or part["name"].startswith("int:") else "sample"

    path = PLACEHOLDER.sub(sample, match["path"].split("?")[0])
    adapter = app.url_map.bind("localhost")
    try:
        adapter.match(path, method=method or "GET")
    except MethodNotAllowed:
        return method is None  # there, for another method
    except NotFound:
        return False
    return True


def kind_of(text: str) -> str | None:
    """What ``text`` cites: ``"path"``, ``"address"``, ``"dotted"`` or ``"name"``; ``None`` for prose."""
    called = text.endswith("()")
    text = text.removesuffix("()")
    if ADDRESS.fullmatch(text):
        return "address"
    if "/" in text and not re.search(r"[\s:<]", text):
        return "path"
    if DOTTED.fullmatch(text) and not re.fullmatch(r"[\w-]+\.(csv|json|pdf)", text):
        return "dotted"
    if NAME.fullmatch(text) and (called or "_" in text or text != text.lower()):
        return "name"
    return None


def missing(text: str, app: Flask) -> list[str]:
    """Every code name or address cited in ``text`` (a glossary) that the tree does not have."""
    gone = []
    for span in cited(text):
        kind = kind_of(span)
        name = span.removesuffix("()")
        if kind == "path":
            found = (PROJECT_DIR / name).exists() or (PACKAGE_DIR / name).exists()
        elif kind == "address":
            found = address_exists(name, app)
        elif kind == "dotted":
            found = dotted_exists(name, app)
        elif kind == "name":
            found = name in defined_names()
        else:
            continue
        if not found:
            gone.append(f"{kind} {span}")
    return gone


def test_every_name_the_glossary_cites_exists(app: Flask) -> None:
    gone = missing(GLOSSARY.read_text(encoding="utf-8"), app)
    assert not gone, f"docs/glossary.md cites what the tree does not have: {gone}"


def test_the_glossary_cites_code_of_every_kind() -> None:
    kinds = {kind_of(span) for span in cited(GLOSSARY.read_text(encoding="utf-8"))}
    assert {"path", "address", "dotted", "name"} <= kinds


def test_the_check_sees_each_kind_of_name_gone(app: Flask) -> None:
    there = (
        "`scorekeeper/engine/game_card.py`, `storage/moving.py`, `templates/watch/`, `POST /p/<token>/pinta`, "
        "`/ver/<token>/en-directo`, `/pena/<token>/unir`, `scorekeeper.engine.Step`, `watch.screen`, "
        "`page_parts.chart.SCREEN`, `HandPlan.mano`, `Game.abandoned_at`, `KnownAddress.read_only`, "
        "`forbidden_bid`, `HandInPlay`, `score_sheet()`, `a_medida`, `O C E B`, `liga.csv`, `offer`"
    )
    assert missing(there, app) == []
    gone = (
        "`scorekeeper/engine/card.py`, `share/live.py`, `POST /ver/<token>`, `/p/<token>/abandonar`, "
        "`scorekeeper.engine.check_auction`, `share.watch`, `page_parts.chart.SCREENS`, `HandPlan.leader_seat`, "
        "`NoSuchClass.mano`, `take_back`, `Standing`, `abandon()`"
    )
    assert len(missing(gone, app)) == len(cited(gone))
