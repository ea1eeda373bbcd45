"""No two test modules share a file name: pytest imports them by that name (the folders are not packages), and a
second module of the same name is refused at collection, on a fresh clone."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_every_test_module_has_a_name_of_its_own() -> None:
    found: defaultdict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("test_*.py"):
        found[path.name].append(str(path.relative_to(TESTS)))
    assert {name: paths for name, paths in found.items() if len(paths) > 1} == {}
