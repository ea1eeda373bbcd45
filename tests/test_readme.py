"""The documentation's engine examples run as written, so the documentation cannot drift from the code."""

import re
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
README = PROJECT / "README.md"
DOCS = PROJECT / "docs"


def documentation() -> list[Path]:
    """The README and every page of docs/."""
    return [README, *sorted(DOCS.glob("*.md"))]


def python_blocks(page: Path) -> list[str]:
    """Every ```python block of a page."""
    return re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


def test_readme_shows_the_two_commands_first() -> None:
    text = README.read_text(encoding="utf-8")
    first_block = text.index("```sh")
    assert text.index("make run", first_block) < text.index("make test", first_block) < text.index("##", first_block)


def test_the_engine_examples_run() -> None:
    pages = [page for page in documentation() if python_blocks(page)]
    assert pages, "the documentation should show how to use the engine"
    for page in pages:
        for block in python_blocks(page):
            exec(compile(block, str(page), "exec"), {})
