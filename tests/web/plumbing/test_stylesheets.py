"""The stylesheet put together from its parts (scorekeeper/plumbing/stylesheets.py), and made smaller."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.plumbing.stylesheets import StylesheetError, minify, put_together

STATIC = scorekeeper.resource_dir("static")
ENTRY = "css/pocha.css"
COMMENT = re.compile(rb"/\*.*?\*/", re.S)


def imports_of(name: str) -> list[str]:
    """The parts the stylesheet ``name`` imports, as names under static/, in order."""
    text = (STATIC / name).read_text(encoding="utf-8")
    folder = name.rpartition("/")[0]
    return [f"{folder}/{address}" for address in re.findall(r'^@import url\("([^"]+)"\);$', text, re.M)]


def rules(css: bytes) -> list[tuple[str, tuple[str, ...]]]:
    """Each rule of ``css`` as its selectors and its properties' names (an at-rule: its condition), in order, spaces aside.

    Enough of a reading to tell a stylesheet whose braces, selectors or declarations went astray.
    """
    text = COMMENT.sub(b"", css).decode("utf-8")
    found, stack = [], [""]
    for piece in re.split(r"([{}])", text):
        if piece == "{":
            stack.append(stack.pop().strip())
            stack.append("")
        elif piece == "}":
            body, prelude = stack.pop(), stack.pop()
            names = tuple(part.split(":", 1)[0].strip() for part in body.split(";") if part.strip())
            found.append((prelude, () if prelude.startswith("@") else names))
            stack.append("")
        else:
            stack[-1] += piece
    assert len(stack) == 1 and not stack[0].strip().strip(";"), "braces that do not pair up"
    tight = re.compile(r"\s*([>+~,(])\s*|(:)\s+|\s+(?=\))")
    return [
        (tight.sub(lambda match: match[1] or match[2] or "", " ".join(prelude.split())), names)
        for prelude, names in found
    ]


def write(folder: Path, files: dict[str, str]) -> Path:
    """The ``files`` (name under static/: text) written into a static folder under ``folder``."""
    static = folder / "static"
    for name, text in files.items():
        (static / name).parent.mkdir(parents=True, exist_ok=True)
        (static / name).write_text(text, encoding="utf-8")
    return static


def test_the_real_stylesheet_is_its_parts_in_order() -> None:
    parts = imports_of(ENTRY)
    assert len(parts) >= 5 and all(part.startswith("css/pocha/") for part in parts)
    stylesheet = put_together(STATIC, ENTRY)
    assert stylesheet.parts == (ENTRY, *parts)
    assert b"@import" not in stylesheet.content
    assert stylesheet.modified == max((STATIC / name).stat().st_mtime for name in stylesheet.parts)
    expected = [rule for part in parts for rule in rules((STATIC / part).read_bytes())]
    assert len(expected) > 250
    assert rules(stylesheet.content) == expected


def test_every_rule_of_every_part_is_in_place() -> None:
    content = put_together(STATIC, ENTRY).content.decode("utf-8")
    position = 0
    for part in imports_of(ENTRY):
        text = (STATIC / part).read_text(encoding="utf-8")
        found = content.find(text, position)
        assert found >= 0, f"{part} is not in the stylesheet, whole and after the part before it"
        position = found + len(text)


def test_the_tokens_come_first_and_keeping_score_without_signal_last() -> None:
    content = put_together(STATIC, ENTRY).content.decode("utf-8")
    assert content.index(":root {") < content.index("\n.button {") < content.index("\n.hand-panel {")
    assert content.index("\n.hand-panel {") < content.index("\n.keeping-score .site-header {")


def test_a_part_imported_twice_is_put_in_once(tmp_path: Path) -> None:
    static = write(
        tmp_path,
        {
            "css/main.css": '@import url("parts/a.css");\n@import "parts/b.css";\n@import url(parts/a.css);\nmain {}\n',
            "css/parts/a.css": "/* a */\n@import url('c.css');\na {}\n",
            "css/parts/b.css": '@import "c.css";\nb {}\n',
            "css/parts/c.css": "c {}",
        },
    )
    stylesheet = put_together(static, "css/main.css")
    assert stylesheet.parts == ("css/main.css", "css/parts/a.css", "css/parts/c.css", "css/parts/b.css")
    assert stylesheet.content == b"/* a */\nc {}\n\na {}\n\n\nb {}\n\n\nmain {}\n"


def test_an_import_after_a_rule_is_left_as_the_browser_leaves_it(tmp_path: Path) -> None:
    static = write(tmp_path, {"css/main.css": 'a {}\n@import url("b.css");\n', "css/b.css": "b {}\n"})
    stylesheet = put_together(static, "css/main.css")
    assert stylesheet.parts == ("css/main.css",)
    assert stylesheet.content == b'a {}\n@import url("b.css");\n'


def test_a_missing_part_is_named_with_the_file_importing_it(tmp_path: Path) -> None:
    static = write(tmp_path, {"css/main.css": '@import url("parts/gone.css");\n'})
    with pytest.raises(StylesheetError, match=r"css/parts/gone\.css \(imported by css/main\.css\) is missing"):
        put_together(static, "css/main.css")
    with pytest.raises(StylesheetError, match=r"css/nothing\.css is missing"):
        put_together(static, "css/nothing.css")


def test_an_import_cycle_is_named_file_by_file(tmp_path: Path) -> None:
    static = write(
        tmp_path,
        {
            "css/main.css": '@import url("a.css");\n',
            "css/a.css": '@import url("parts/b.css");\n',
            "css/parts/b.css": '@import url("../a.css");\n',
            "css/self.css": '@import url("self.css");\n',
        },
    )
    with pytest.raises(StylesheetError, match=r"css/main\.css -> css/a\.css -> css/parts/b\.css -> css/a\.css"):
        put_together(static, "css/main.css")
    with pytest.raises(StylesheetError, match=r"css/self\.css -> css/self\.css"):
        put_together(static, "css/self.css")


@pytest.mark.parametrize(
    ("line", "refusal"),
    [
        ('@import url("print.css") print;', r"css/main\.css: an @import with a condition \(print\)"),
        ('@import "wide.css" screen and (min-width: 40rem);', r"condition \(screen and \(min-width: 40rem\)\)"),
        ('@import url("../../outside.css");', r"imports '\.\./\.\./outside\.css', which is outside static/"),
        ('@import url("https://example.com/x.css");', r"only a relative path to a file under static/"),
        ('@import url("/static/css/x.css");', r"only a relative path"),
        ("@import foo;", r"an @import that names no file"),
    ],
)
def test_an_import_that_cannot_be_put_inline_is_refused(tmp_path: Path, line: str, refusal: str) -> None:
    static = write(tmp_path, {"css/main.css": f"/* the top */\n{line}\na {{}}\n"})
    (tmp_path / "outside.css").write_text("x {}\n")
    with pytest.raises(StylesheetError, match=refusal):
        put_together(static, "css/main.css")


def test_a_link_out_of_static_is_refused(tmp_path: Path) -> None:
    static = write(tmp_path, {"css/main.css": '@import url("elsewhere.css");\n'})
    (tmp_path / "elsewhere.css").write_text("x {}\n")
    (static / "css" / "elsewhere.css").symlink_to(tmp_path / "elsewhere.css")
    with pytest.raises(StylesheetError, match=r"css/elsewhere\.css \(imported by css/main\.css\) is outside static/"):
        put_together(static, "css/main.css")


def test_minify_makes_the_real_stylesheet_smaller_with_the_same_rules() -> None:
    content = put_together(STATIC, ENTRY).content
    smaller = minify(content)
    assert len(smaller) < len(content) * 0.75
    assert smaller.count(b"{") == smaller.count(b"}") == COMMENT.sub(b"", content).count(b"{")
    assert rules(smaller) == rules(content)
    assert b"/*" not in smaller


def test_minify_keeps_an_attribution_and_what_the_browser_reads() -> None:
    css = b"/*! Drawn by hand. */\n/* a note */\n.a > .b , .c :hover {\n  margin : calc(1px + 2px) 0 ;\n}\n"
    assert minify(css) == b"/*! Drawn by hand. */.a>.b,.c :hover{margin:calc(1px + 2px) 0}"


def test_the_reading_of_rules_tells_a_broken_stylesheet() -> None:
    with pytest.raises(AssertionError, match="braces"):
        rules(b".a { color: red; \n.b { color: blue; }")
    assert rules(b".a{color:red}.b{color:blue}") != rules(b".a{color:red}.b{colour:blue}")
    assert rules(b".a .b{color:red}") != rules(b".a.b{color:red}")
