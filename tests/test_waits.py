"""No browser test waits on a promise with Playwright's ``wait_for_function``: it takes the promise an ``async``
function gives for true at once, so such a wait waits for nothing (tests/support/service_worker.py: ``until``)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def waits_on_a_promise(source: str) -> list[int]:
    """The lines where ``source`` calls ``wait_for_function`` with a function that answers with a promise."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr != "wait_for_function" or not node.args:
            continue
        function = node.args[0]
        if isinstance(function, ast.Constant) and isinstance(function.value, str):
            text = function.value.lstrip()
            if text.startswith("async") or ".then(" in text:
                lines.append(node.lineno)
    return lines


def test_the_check_sees_a_wait_on_a_promise() -> None:
    assert waits_on_a_promise('page.wait_for_function("async () => !!(await caches.keys()).length")') == [1]
    assert waits_on_a_promise('page.wait_for_function("() => caches.keys().then((k) => k.length)")') == [1]
    assert waits_on_a_promise('page.wait_for_function("() => document.body !== null")') == []


def test_no_browser_test_waits_on_a_promise() -> None:
    found = {}
    for path in sorted(TESTS.rglob("*.py")):
        lines = waits_on_a_promise(path.read_text(encoding="utf-8"))
        if lines:
            found[str(path.relative_to(TESTS))] = lines
    assert found == {}
