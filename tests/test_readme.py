"""The README's engine example runs as written, so the documentation cannot drift from the code."""

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def python_blocks() -> list[str]:
    """Every ```python block of the README."""
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_shows_the_two_commands_first() -> None:
    text = README.read_text(encoding="utf-8")
    first_block = text.index("```sh")
    assert text.index("make run", first_block) < text.index("make test", first_block) < text.index("##", first_block)


def test_the_engine_example_runs() -> None:
    blocks = python_blocks()
    assert blocks, "the README should show how to use the engine"
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})
