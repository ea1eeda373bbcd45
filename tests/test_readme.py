"""The README and docs/: the engine examples run as written, so the documentation cannot drift from the code; the
README stays short, starts with its two commands and links every page of docs/."""

import re
from collections.abc import Iterable
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
README = PROJECT / "README.md"
DOCS = PROJECT / "docs"
#: The README is a front door: about 150 lines, the detail in docs/.
MAX_README_LINES = 160
TWO_COMMANDS = ["make run", "make test"]


def documentation() -> list[Path]:
    """The README and every page of docs/."""
    return [README, *sorted(DOCS.glob("*.md"))]


def python_blocks(page: Path) -> list[str]:
    """Every ```python block of a page."""
    return re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


def link_targets(text: str) -> list[str]:
    """Every Markdown link's target in ``text``."""
    return re.findall(r"\]\(([^)\s]+)\)", text)


def unlinked_pages(readme: str, pages: Iterable[str]) -> list[str]:
    """The pages of docs/ (file names) that ``readme`` does not link to."""
    linked = {target.partition("#")[0] for target in link_targets(readme)}
    return [page for page in pages if f"docs/{page}" not in linked]


def broken_links(page: Path) -> list[str]:
    """The links of ``page`` to files of the repository that do not exist."""
    local = [
        (target, target.partition("#")[0])
        for target in link_targets(page.read_text(encoding="utf-8"))
        if "://" not in target and not target.startswith(("#", "mailto:"))
    ]
    return [target for target, path in local if not (page.parent / path).exists()]


def first_commands(readme: str) -> list[str]:
    """The commands of the README's first code, which must be a ```sh block (no command, inline or not, before it)."""
    first_code = readme.find("`")
    if first_code == -1 or not readme.startswith("```sh\n", first_code):
        return []
    block = readme[first_code + len("```sh\n") :].split("```", 1)[0]
    return [command for line in block.splitlines() if (command := line.split("#", 1)[0].strip())]


def test_the_engine_examples_run() -> None:
    pages = [page for page in documentation() if python_blocks(page)]
    assert DOCS / "engine.md" in pages, "docs/engine.md should show how to use the engine"
    for page in pages:
        for block in python_blocks(page):
            exec(compile(block, str(page), "exec"), {})


def test_readme_starts_with_the_two_commands() -> None:
    commands = first_commands(README.read_text(encoding="utf-8"))
    assert commands[:2] == TWO_COMMANDS, f"the README's first commands should be {TWO_COMMANDS}, not {commands[:2]}"


def test_readme_is_short() -> None:
    lines = len(README.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_README_LINES, f"README.md has {lines} lines: move the detail to a page of docs/"


def test_readme_links_every_page_of_docs() -> None:
    pages = sorted(page.name for page in DOCS.glob("*.md"))
    assert "rules.md" in pages
    missing = unlinked_pages(README.read_text(encoding="utf-8"), pages)
    assert not missing, f"link these from README.md: {missing}"


def test_no_link_of_the_documentation_is_broken() -> None:
    broken = {page.name: links for page in documentation() if (links := broken_links(page))}
    assert not broken, broken


def test_the_checks_can_fail(tmp_path: Path) -> None:
    assert unlinked_pages("See [the rules](docs/rules.md#ties).", ["rules.md", "csv.md"]) == ["csv.md"]
    assert first_commands("# Pocha\n\n```sh\nmake run  # serve\nmake test\n```\n") == TWO_COMMANDS
    assert first_commands("# Pocha\n\n```sh\nmake test\nmake run\n```\n")[:2] != TWO_COMMANDS
    assert first_commands("# Pocha\n\nFirst `pip install .`, then:\n\n```sh\nmake run\nmake test\n```\n") == []
    assert first_commands("# Pocha\n\n```text\nmake run\nmake test\n```\n") == []
    page = tmp_path / "page.md"
    page.write_text("[here](page.md), [gone](gone.md#top), [web](https://example.org/x.md)", encoding="utf-8")
    assert broken_links(page) == ["gone.md#top"]
