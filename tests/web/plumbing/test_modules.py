"""The phone's script as modules (scorekeeper/plumbing/modules.py): each file says what it imports and exports, the
order comes from the imports, and a cycle, a missing file or a name not exported stops the app from starting."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from flask import Flask

import scorekeeper
from scorekeeper.labels import game_words
from scorekeeper.plumbing import assets, modules
from support.phone_rules import node_program

STATIC = Path(scorekeeper.resource_dir("static"))
#: The phone's modules: every file under static/js/ but the service worker (a script of its own).
PHONE_MODULES = sorted(
    path.relative_to(STATIC).as_posix() for path in (STATIC / "js").rglob("*.js") if path.name != "sw.js"
)


def write(folder: Path, files: dict[str, str]) -> Path:
    """The ``files`` (name under static/ -> text) written under ``folder``."""
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


# --- the phone's own modules ------------------------------------------------------------------------------------


def test_every_module_is_put_together_by_an_entry() -> None:
    reached = {name for entry in assets.SCRIPTS for name in modules.put_together(STATIC, entry).modules}
    assert reached == set(PHONE_MODULES), "a module no page imports, or an entry missing"


@pytest.mark.parametrize("name", PHONE_MODULES)
def test_no_module_reads_another_ones_global(name: str) -> None:
    text = (STATIC / name).read_text(encoding="utf-8")
    module = modules.parse(name, text)
    reads = re.findall(r"\b(?:window|root|globalThis)\.(Pocha[A-Za-z]*)\b(?!\s*=[^=])", module.body)
    assert reads == [], f"{name} reads {reads}: import it instead"
    assert "(function (root" not in text and "module.exports" not in text, "a module, not a script wrapped in one"


def test_the_game_page_gives_the_tests_its_state_and_nothing_else_is_global() -> None:
    written = {
        name: re.findall(r"\b(?:window|globalThis)\.([A-Za-z]+)\s*=[^=]", (STATIC / name).read_text(encoding="utf-8"))
        for name in PHONE_MODULES
    }
    given = {name: found for name, found in written.items() if found}
    assert given == {"js/pocha/game/page.js": ["PochaGame"]}


# --- reading a module -------------------------------------------------------------------------------------------


def test_a_module_says_what_it_imports_and_exports() -> None:
    text = (
        "// a comment\n"
        'import { a, b as c } from "./y.js";\n'
        "import {\n  d,\n  e\n} from '../z.js';\n"
        'import * as rules from "../hand_rules.js";\n'
        'import "./side.js"; // for what it does\n'
        "\n"
        "export function f() { return a; }\n"
        "var G = 1;\n"
        "function i() {}\n"
        "export { G, i, c as j };\n"
    )
    module = modules.parse("js/pocha/game/x.js", text)
    assert [(needed.module, needed.names, needed.namespace) for needed in module.imports] == [
        ("js/pocha/game/y.js", (("a", "a"), ("b", "c")), None),
        ("js/pocha/z.js", (("d", "d"), ("e", "e")), None),
        ("js/pocha/hand_rules.js", (), "rules"),
        ("js/pocha/game/side.js", (), None),
    ]
    assert module.exports == (("f", "f"), ("G", "G"), ("i", "i"), ("j", "c"))
    assert "export" not in module.body and "import" not in module.body
    lines = module.body.split("\n")
    assert len(lines) == len(text.split("\n")) and lines[9] == "function f() { return a; }", "the code keeps its lines"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("export let x = 1;\n", "an export not read here"),
        ("export const x = 1;\n", "an export not read here"),
        ("export class X {}\n", "an export not read here"),
        ("export default function () {}\n", "an export not read here"),
        ('export * from "./y.js";\n', "an export not read here"),
        ('var a = 1;\nimport { b } from "./y.js";\n', "an import after the code starts"),
        ('var m = import("./y.js");\n', "or import()"),
        ('import { b } from "y";\n', "only a relative path to a .js file"),
        ('import { b } from "../../../y.js";\n', "outside static/"),
        ("function f() {}\nexport { f, f };\n", "exports 'f' twice"),
    ],
)
def test_syntax_not_read_here_is_refused_with_its_line(text: str, said: str) -> None:
    with pytest.raises(modules.ModuleError, match=re.escape(said)):
        modules.parse("js/x.js", text)


# --- putting modules together -----------------------------------------------------------------------------------


def test_the_order_is_the_imports_each_module_once(tmp_path: Path) -> None:
    static = write(
        tmp_path,
        {
            "js/entry.js": 'import "./b.js";\nimport "./a.js";\n',
            "js/a.js": 'import { c } from "./c.js";\nvar a = c;\nexport { a };\n',
            "js/b.js": 'import { c } from "./c.js";\nvar b = c;\nexport { b };\n',
            "js/c.js": "var c = 1;\nexport { c };\n",
        },
    )
    assert [module.name for module in modules.in_order(static, "js/entry.js")] == [
        "js/c.js",
        "js/b.js",
        "js/a.js",
        "js/entry.js",
    ]


def test_a_cycle_is_refused_naming_it(tmp_path: Path) -> None:
    static = write(
        tmp_path,
        {
            "js/entry.js": 'import "./a.js";\n',
            "js/a.js": 'import { b } from "./b.js";\nexport function a() {}\n',
            "js/b.js": 'import { a } from "./a.js";\nexport function b() {}\n',
        },
    )
    with pytest.raises(modules.ModuleError, match=re.escape("an import cycle: js/a.js -> js/b.js -> js/a.js")):
        modules.put_together(static, "js/entry.js")


def test_a_missing_module_is_refused_naming_who_imports_it(tmp_path: Path) -> None:
    static = write(tmp_path, {"js/entry.js": 'import "./gone.js";\n'})
    with pytest.raises(modules.ModuleError, match=re.escape("js/gone.js is missing") + ".*imported by js/entry.js"):
        modules.put_together(static, "js/entry.js")


def test_a_name_not_exported_is_refused(tmp_path: Path) -> None:
    static = write(
        tmp_path,
        {"js/entry.js": 'import { nope } from "./a.js";\n', "js/a.js": "export function yes() {}\n"},
    )
    with pytest.raises(modules.ModuleError, match=re.escape("js/entry.js:1: imports 'nope' from js/a.js")):
        modules.put_together(static, "js/entry.js")


def test_put_together_the_modules_do_what_they_do_as_modules(tmp_path: Path) -> None:
    """The same files, run by Node.js as modules and as the one script a page gets, say the same."""
    static = write(
        tmp_path,
        {
            "package.json": '{"type": "module"}\n',
            "js/entry.js": 'import "./first.js";\nimport { total, Counter } from "./sum.js";\nimport * as words from'
            ' "./words/said.js";\nsay(words.said("total", total([1, 2, 3])));\nvar c = new Counter();\nc.up();\n'
            'say(words.said("counted", c.n));\n',
            "js/first.js": 'say("first");\n',
            "js/sum.js": "/* sums */\nexport function total(values) {\n  var sum = 0;\n  for (var i = 0; i < values.length;"
            " i++) sum += values[i];\n  return sum;\n}\n"
            "function Counter() { this.n = 0; }\nCounter.prototype.up = function () { this.n += 1; };\n"
            "export { Counter };\n",
            "js/words/said.js": 'import { total as sum } from "../sum.js";\nexport function said(label, value) {\n'
            '  var counted = sum([value, 0]);\n  return label + ": " + value + " (" + counted + ")";\n}\n',
            "run.mjs": "globalThis.say = (text) => console.log(text);\nawait import(process.argv[2]);\n",
        },
    )
    bundle = modules.put_together(static, "js/entry.js")
    (static / "bundle.cjs").write_bytes(b"globalThis.say = (text) => console.log(text);\n" + bundle.content)
    node = node_program()
    as_modules = subprocess.run(
        [node, str(static / "run.mjs"), str(static / "js" / "entry.js")], capture_output=True, text=True, check=True
    )
    as_one = subprocess.run([node, str(static / "bundle.cjs")], capture_output=True, text=True, check=True)
    assert as_modules.stdout == "first\ntotal: 6 (6)\ncounted: 1 (1)\n"
    assert as_one.stdout == as_modules.stdout
    assert as_one.stderr == as_modules.stderr == ""


def test_code_that_is_not_es5_is_refused_naming_the_module_and_line(tmp_path: Path) -> None:
    static = write(
        tmp_path,
        {
            "js/entry.js": 'import { f } from "./f.js";\nf();\n',
            "js/f.js": "// the phone's script is ES5\n\nexport function f() {\n  let x = () => 1;\n  return x;\n}\n",
        },
    )
    with pytest.raises(modules.ModuleError, match=r"js/f\.js: not ES5.* at 4:7 "):
        modules.put_together(static, "js/entry.js")


def test_the_script_is_minified_with_short_local_names(tmp_path: Path) -> None:
    static = write(
        tmp_path,
        {
            "js/entry.js": 'import { doubled } from "./d.js";\nwindow.answer = doubled(21);\n',
            "js/d.js": "// a comment\nexport function doubled(someNumber) {\n  var theResult = someNumber * 2;\n"
            "  return theResult;\n}\n",
        },
    )
    bundle = modules.put_together(static, "js/entry.js")
    assert b"theResult" in bundle.source and b"someNumber" in bundle.source
    assert b"theResult" not in bundle.content and b"someNumber" not in bundle.content
    assert b"a comment" not in bundle.content and b"window.answer" in bundle.content


def test_a_script_minified_once_is_kept_for_the_next_start_and_minified_again_once_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    static = write(
        tmp_path / "static", {"js/entry.js": "window.answer = function (someNumber) { return someNumber; };\n"}
    )
    keep = tmp_path / "instance" / "scripts"
    first = modules.put_together(static, "js/entry.js", keep)
    assert [path.name for path in keep.iterdir()] == [modules.kept_name("js/entry.js", first.source)]

    def minified_again(*args: object) -> str:
        raise AssertionError("minified again")

    monkeypatch.setattr(modules, "minify", minified_again)
    assert modules.put_together(static, "js/entry.js", keep) == first  # the next start, from the instance folder

    write(static, {"js/entry.js": "window.answer = function (someNumber) { return someNumber + 1; };\n"})
    monkeypatch.undo()
    changed = modules.put_together(static, "js/entry.js", keep)
    assert changed.content != first.content and b"+1" in changed.content
    assert [path.name for path in keep.iterdir()] == [modules.kept_name("js/entry.js", changed.source)]


def test_the_phone_scripts_parse_as_modules_and_as_one_script() -> None:
    """Node.js checks every module's syntax as a module, and each page's script as a script."""
    node = node_program()
    for name in PHONE_MODULES:
        checked = subprocess.run(
            [node, "--input-type=module", "--check"], input=(STATIC / name).read_text(), capture_output=True, text=True
        )
        assert checked.returncode == 0, (name, checked.stderr)
    for entry in assets.SCRIPTS:
        bundle = modules.put_together(STATIC, entry)
        checked = subprocess.run([node, "--check"], input=bundle.content.decode(), capture_output=True, text=True)
        assert checked.returncode == 0, (entry, checked.stderr)


def test_the_phone_copies_no_word_or_table_the_page_carries(app: Flask) -> None:
    """The game's words (labels/game_words.py) and the most cards by table (engine/cards.py) come from the page's
    data: no module writes them again."""
    with app.test_request_context():
        labels = game_words.script_labels()
    words = {word for group in labels.values() for word in group.values() if len(word) > 3}
    code = {name: modules.parse(name, (STATIC / name).read_text(encoding="utf-8")).body for name in PHONE_MODULES}
    for name, body in code.items():
        copied = sorted(word for word in words if f'"{word}"' in body or f"'{word}'" in body)
        assert copied == [], f"{name} writes the page's words again: {copied}"
        assert not re.search(r"\b3\s*:\s*12\b.*\b4\s*:\s*10\b", body), f"{name} copies the most cards by table"
