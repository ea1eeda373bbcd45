"""How the house is laid out: who may import whom, blueprints that do not lean on each other, and a request that
reads a game once."""

from __future__ import annotations

import ast
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from scorekeeper import PROJECT_DIR
from scorekeeper.engine import Rules, score_sheet
from support.table import queued

if TYPE_CHECKING:
    from support.table import Table

PACKAGE = PROJECT_DIR / "scorekeeper"


def blueprints() -> list[str]:
    """The packages that hold a blueprint (their __init__ makes one)."""
    return sorted(
        folder.name
        for folder in PACKAGE.iterdir()
        if (folder / "__init__.py").is_file() and "Blueprint(" in (folder / "__init__.py").read_text(encoding="utf-8")
    )


def imported_modules(path: Path) -> Iterator[tuple[int, str]]:
    """Every module ``path`` imports, with its line (``from x import y`` gives ``x`` and ``x.y``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


# --- who may import whom ------------------------------------------------------------------------

#: The rooms of scorekeeper/, lowest first: a module imports from its own room and the rooms below, never above.
#: A blueprint's room is the blueprints', but a blueprint imports no other blueprint (below).
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"engine"}),  # the rules: the standard library only
    frozenset({"league"}),  # a peña's league from the engine's sheets: the engine, the standard library, openskill
    frozenset({"config", "extensions"}),  # the settings and the unbound extension objects
    frozenset({"labels"}),  # the interface's words
    frozenset({"storage"}),  # games as stored
    frozenset({"plumbing"}),  # the web's plumbing
    frozenset({"page_parts"}),  # what several blueprints' pages draw
    frozenset({"result_card"}),  # a finished game as a picture: laid out and painted, no Flask
    frozenset({"blueprints"}),  # one capability each (games, watch, share, export, ...)
    frozenset({"factory"}),  # create_app and the template globals it registers
    frozenset({"server"}),  # starting a server: builds the app
)
FACTORY = ("__init__", "template_globals")


def room_of(module: str) -> str | None:
    """The room a module of scorekeeper belongs to (``None`` for a module outside the package)."""
    parts = module.split(".")
    if parts[0] != "scorekeeper":
        return None
    if (
        len(parts) == 1
        or parts[1] in FACTORY
        or parts[1] in {"create_app", "PACKAGE_DIR", "PROJECT_DIR", "resource_dir"}
    ):
        return "factory"
    return "blueprints" if parts[1] in blueprints() else parts[1]


def rank(room: str) -> int:
    """How low a room is (0: the engine)."""
    return next(index for index, rooms in enumerate(LAYERS) if room in rooms)


def modules_of_the_package() -> list[tuple[Path, str]]:
    """Every Python module of scorekeeper/, with its dotted name."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found.append((path, ".".join(parts[:-1] if parts[-1] == "__init__" else parts)))
    return found


def resolved_imports(path: Path, module: str) -> Iterator[tuple[int, str]]:
    """Every module of scorekeeper that ``path`` (the module ``module``) imports, relative imports resolved."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    yield from imported_modules(path)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom) and node.level > 0:
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            target = ".".join([*base, node.module] if node.module else base)
            yield node.lineno, target
            for alias in node.names:
                yield node.lineno, f"{target}.{alias.name}"


def import_breaches(paths: list[tuple[Path, str]]) -> list[str]:
    """Each import that reaches a room above the importer's, or another blueprint."""
    breaches = []
    for path, module in paths:
        room = room_of(module)
        assert room is not None
        home = module if room == "blueprints" else None
        for line, imported in resolved_imports(path, module):
            target = room_of(imported)
            if target is None:
                continue
            where = f"{module}:{line} imports {imported}"
            if rank(target) > rank(room):
                breaches.append(f"{where}: {room} may not import {target}")
            elif room == target == "blueprints" and home is not None:
                own = home.split(".")[1]
                if imported.split(".")[1] != own:
                    breaches.append(f"{where}: a blueprint imports no other blueprint")
    return breaches


def test_every_room_of_the_package_is_in_a_layer() -> None:
    rooms = {room_of(module) for _, module in modules_of_the_package()}
    unknown = {room for room in rooms if room is None or not any(room in layer for layer in LAYERS)}
    assert not unknown, f"put these in LAYERS, where they belong: {sorted(map(str, unknown))}"


def test_each_module_imports_only_its_own_room_and_the_rooms_below() -> None:
    breaches = import_breaches(modules_of_the_package())
    assert not breaches, "; ".join(breaches)


def test_the_check_sees_each_kind_of_breach(tmp_path: Path) -> None:
    cases = {
        "engine/cards.py": "from scorekeeper.storage.models import Game\n",
        "plumbing/urls.py": "from scorekeeper.games import taps\n",
        "storage/store.py": "import scorekeeper.plumbing.assets\n",
        "games/taps.py": "from scorekeeper.watch import drawn_sheets\n",
        "labels/game_words.py": "from scorekeeper import create_app\n",
        "engine/play.py": "from ..storage import store\n",
    }
    missed = []
    for name, source in cases.items():
        path = tmp_path / "scorekeeper" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
        module = "scorekeeper." + name.removesuffix(".py").replace("/", ".")
        if not import_breaches([(path, module)]):
            missed.append(f"{name}: {source.strip()}")
    assert not missed, missed
    allowed = tmp_path / "scorekeeper" / "games" / "routes.py"
    allowed.write_text("from scorekeeper.games import taps\nfrom scorekeeper.storage import store\n", encoding="utf-8")
    assert import_breaches([(allowed, "scorekeeper.games.routes")]) == []


def test_there_are_blueprints_to_check() -> None:
    assert {"games", "watch", "share", "export", "paper", "main", "simulator", "errors"} <= set(blueprints())


@pytest.mark.parametrize("blueprint", blueprints())
def test_a_blueprint_imports_no_other_blueprint(blueprint: str) -> None:
    others = [name for name in blueprints() if name != blueprint]
    leaning = [
        f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}"
        for path in sorted((PACKAGE / blueprint).rglob("*.py"))
        for line, module in imported_modules(path)
        if any(module == f"scorekeeper.{other}" or module.startswith(f"scorekeeper.{other}.") for other in others)
    ]
    assert not leaning, "what several blueprints share belongs in a module outside them: " + "; ".join(leaning)


def test_the_check_sees_a_blueprint_leaning_on_another(tmp_path: Path) -> None:
    leaning = tmp_path / "routes.py"
    leaning.write_text("from scorekeeper.games import taps\nimport scorekeeper.watch.drawn_sheets\n", encoding="utf-8")
    assert [module for _, module in imported_modules(leaning)] == [
        "scorekeeper.games",
        "scorekeeper.games.taps",
        "scorekeeper.watch.drawn_sheets",
    ]


# --- one reading of the rules, one scoring of the sheet per request --------------------------------


@contextmanager
def counting(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Count the rules read from the stored dict and the sheets scored, wherever the app calls them."""
    calls: Counter[str] = Counter()
    from_dict = Rules.from_dict.__func__  # type: ignore[attr-defined]

    def reading(cls: type[Rules], data: Any) -> Rules:
        calls["rules"] += 1
        return from_dict(cls, data)  # type: ignore[no-any-return]

    def scoring(*args: Any, **kwargs: Any) -> Any:
        calls["sheet"] += 1
        return score_sheet(*args, **kwargs)

    monkeypatch.setattr(Rules, "from_dict", classmethod(reading))
    for module in [m for name, m in sys.modules.items() if name.startswith("scorekeeper.") and m is not None]:
        if getattr(module, "score_sheet", None) is score_sheet:
            monkeypatch.setattr(module, "score_sheet", scoring)
    yield calls


def test_each_request_reads_the_rules_once_and_scores_the_game_at_most_once(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = table.start(["Ana", "Bea", "Carlos"], dealer=0, preset="a_medida", custom_sizes="2 2 2")
    table.play_hand(token, "O", [1, 0, 0], [1, 1, 0])
    watch = table.watch_token(token)
    table.ok(token, "pinta", 2, value="C")
    correction = {**table.correction_form(token, 1), "bids-0": "0"}
    with counting(monkeypatch) as calls:
        requests = [
            ("page", lambda: table.client.get(f"/p/{token}"), {"rules": 1, "sheet": 1}),
            ("correction form", lambda: table.client.get(f"/p/{token}/mano/1/corregir"), {"rules": 1}),
            (
                "correction",
                lambda: table.client.post(f"/p/{token}/mano/1/corregir", data=correction),
                {"rules": 1, "sheet": 1},
            ),
            ("bid", lambda: table.tap(token, "apuesta", 2, 2, 1), {"rules": 1}),
            (
                "bids from the outbox",
                lambda: table.client.post(
                    f"/p/{token}/anotar", json={"version": 0, "taps": [queued("bid", 2, 0, 0), queued("bid", 2, 1, 0)]}
                ),
                {"rules": 1},
            ),
            ("refused bid", lambda: table.tap(token, "apuesta", 2, 0, 9), {"rules": 1, "sheet": 1}),
            ("watch page", lambda: table.client.get(f"/ver/{watch}"), {"rules": 1, "sheet": 1}),
        ]
        for what, send, expected in requests:
            calls.clear()
            response = send()
            assert response.status_code < 500, what
            assert dict(calls) == expected, what
        table.ok(token, "bazas", 2, 2, 1)
        table.ok(token, "bazas", 2, 0, 0)
        calls.clear()
        table.ok(token, "guardar", 2)
        assert dict(calls) == {"rules": 1, "sheet": 1}, "saving a hand scores the game once"
        table.queue_ok(token, queued("trump", 3, value="O", was=""), queued("bid", 3, 0, 0), queued("bid", 3, 1, 0))
        table.queue_ok(
            token, queued("bid", 3, 2, 1), queued("tricks", 3, 0, 0, was=""), queued("tricks", 3, 1, 1, was="")
        )
        calls.clear()
        table.queue_ok(token, queued("save", 3), version=0)  # an old version: the card comes back too
        assert dict(calls) == {"rules": 1, "sheet": 1}, "saving a hand from the outbox scores the game once"


def test_no_template_writes_the_no_trump_mark_itself() -> None:
    templates = PACKAGE.parent / "templates"
    typed = [
        f"{path.relative_to(templates)}:{number}"
        for path in sorted(templates.rglob("*.html"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if "'-'" in line or '"-"' in line
    ]
    assert not typed, "the trump's notation comes from the engine (trump_code): " + ", ".join(typed)
