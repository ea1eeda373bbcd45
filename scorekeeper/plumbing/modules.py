"""The phone's script: ES modules under static/, put together into one script per page when the app starts.

Each file says what it uses and what it gives, as JavaScript modules do::

    import { gettext as _, ngettext } from "./phone_texts.js";
    import * as rules from "./hand_rules.js";
    import "./script_mark.js";              // run for what it does, nothing taken from it
    export function panel(view) { … }
    export { esc, strip as drawStrip, SUITS };

A page asks for one entry (``js/pocha.js``, ``js/game.js``): the files it imports, and theirs, in the order the
imports give (a file after everything it imports, each once), each in a scope of its own, as one script. The
same files run unchanged as modules where a browser or Node.js loads them one by one (the phone's rules are
played against the engine that way, tests/phone/).

Only this plain part of the module syntax is read, and anything else is refused when the app starts, with the
file and line: imports of a relative ``.js`` path at the top of a file, before any other statement; exports of a
``function`` declared at the start of a line, or ``export { … };`` of names the file declares. No default export,
no re-export, no ``export let`` (an importer would not see it change), no dynamic ``import()``. A missing file, a
name a file does not export, and an import cycle stop the app from starting.

Apart from ``import`` and ``export``, the code is ES5 (``var``, ``function``), which every phone a table brings
runs: the script is made smaller by calmjs.parse, which reads ES5 and gives the names inside each function one
or two letters. Code it cannot read stops the app from starting, with the file and line. Minifying takes seconds:
the result is kept in the instance folder (``put_together``'s ``keep``) under a hash of everything it is made from,
so a restart, or another worker of the same server, takes it from there.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Final

from calmjs.parse import es5
from calmjs.parse.exceptions import ECMASyntaxError
from calmjs.parse.unparsers.es5 import minify_print

from scorekeeper.plumbing.static_names import relative_name

#: Hex digits of a bundle's content hash (as ``assets.HASH_LENGTH``).
HASH_LENGTH: Final = 10

_NAME = r"[A-Za-z_$][\w$]*"
# An import statement at the start of a line, possibly over several lines (its braces).
_IMPORT = re.compile(
    rf"""^import[ \t]+(?:
        (?P<side>["'](?P<side_path>[^"'\n]+)["'])
      | \*[ \t]+as[ \t]+(?P<namespace>{_NAME})[ \t]+from[ \t]+["'](?P<ns_path>[^"'\n]+)["']
      | \{{(?P<names>[^}}]*)\}}[ \t]*from[ \t]+["'](?P<names_path>[^"'\n]+)["']
    )[ \t]*;[ \t]*(?://[^\n]*)?$""",
    re.MULTILINE | re.VERBOSE,
)
_EXPORT_DECLARATION = re.compile(rf"^export[ \t]+function[ \t]*(?P<name>{_NAME})", re.MULTILINE)
_EXPORT_LIST = re.compile(r"^export[ \t]*\{(?P<names>[^}]*)\}[ \t]*;[ \t]*(?://[^\n]*)?$", re.MULTILINE)
_ANY_EXPORT = re.compile(r"^[ \t]*export\b", re.MULTILINE)
_ANY_IMPORT = re.compile(r"^[ \t]*import\b|\bimport[ \t]*\(|\bimport\.meta\b", re.MULTILINE)
_AS = re.compile(rf"^(?P<name>{_NAME})(?:[ \t\n]+as[ \t\n]+(?P<alias>{_NAME}))?$")
# What may come before the imports: blank lines and comments.
_PREAMBLE = re.compile(r"\A(?:[ \t]*(?://[^\n]*)?\n|[ \t]*/\*.*?\*/[ \t]*\n)*", re.DOTALL)


class ModuleError(ValueError):
    """A module that cannot be put together: missing, a cycle, a name not exported, syntax not read here."""


@dataclass(frozen=True)
class Import:
    """One import: the module's name (under static/), and the names taken (``(exported, local)``), or a namespace."""

    module: str
    names: tuple[tuple[str, str], ...] = ()
    namespace: str | None = None
    line: int = 0


@dataclass(frozen=True)
class Module:
    """A file under static/: its name, its imports, its exports (``exported -> local``), and its code without them."""

    name: str
    imports: tuple[Import, ...]
    exports: tuple[tuple[str, str], ...]
    body: str


@dataclass(frozen=True)
class Bundle:
    """An entry put together: its modules in order, the script as written, the script minified, and its hash."""

    modules: tuple[str, ...]
    source: bytes
    content: bytes
    digest: str
    modified: float


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _resolve(importer: str, path: str, line: int) -> str:
    """``./phone_texts.js`` imported by ``js/pocha/hand_panel.js`` -> ``js/pocha/phone_texts.js``."""
    if not path.startswith(("./", "../")) or not path.endswith(".js"):
        raise ModuleError(f"{importer}:{line}: imports {path!r}: only a relative path to a .js file is read")
    name = relative_name(importer, path)
    if name is None:
        raise ModuleError(f"{importer}:{line}: imports {path!r}, outside static/")
    return name


def _names(listed: str, where: str) -> tuple[tuple[str, str], ...]:
    """``a, b as c`` -> ((a, a), (b, c)): (the name given, the name used)."""
    names = []
    for item in (piece.strip() for piece in listed.split(",")):
        if not item:
            continue
        match = _AS.match(item)
        if match is None:
            raise ModuleError(f"{where}: {item!r} is not a name, nor `name as other`")
        names.append((match["name"], match["alias"] or match["name"]))
    return tuple(names)


def parse(name: str, text: str) -> Module:
    """The module ``name`` (under static/) written as ``text``: its imports, exports and the rest of its code."""
    imports: list[Import] = []
    position = _PREAMBLE.match(text)
    at = position.end() if position else 0
    body_parts = [text[:at]]
    while True:
        rest = text[at:]
        skipped = _PREAMBLE.match(rest)
        gap = skipped.end() if skipped else 0
        match = _IMPORT.match(text, at + gap)
        if match is None:
            break
        line = _line_of(text, match.start())
        path = match["side_path"] or match["ns_path"] or match["names_path"]
        module = _resolve(name, path, line)
        if match["namespace"]:
            imports.append(Import(module, namespace=match["namespace"], line=line))
        elif match["names"] is not None:
            imports.append(Import(module, _names(match["names"], f"{name}:{line}"), line=line))
        else:
            imports.append(Import(module, line=line))
        body_parts.append(text[at : match.start()])
        body_parts.append("\n" * match.group(0).count("\n"))  # keep the lines where they were
        at = match.end()
    code = text[at:]
    stray = _ANY_IMPORT.search(code)
    if stray is not None:
        raise ModuleError(f"{name}:{_line_of(text, at + stray.start())}: an import after the code starts, or import()")

    exports: list[tuple[str, str]] = []
    for match in _EXPORT_DECLARATION.finditer(code):
        exports.append((match["name"], match["name"]))
    for match in _EXPORT_LIST.finditer(code):
        for local, exported in _names(match["names"], f"{name}:{_line_of(text, at + match.start())}"):
            exports.append((exported, local))
    read = {match.start() for match in _EXPORT_DECLARATION.finditer(code)} | {
        match.start() for match in _EXPORT_LIST.finditer(code)
    }
    for match in _ANY_EXPORT.finditer(code):
        if match.start() not in read:
            line = _line_of(text, at + match.start())
            raise ModuleError(
                f"{name}:{line}: an export not read here (export a function at the start of a line, or "
                "`export { names };`)"
            )
    seen: set[str] = set()
    for exported, _local in exports:
        if exported in seen:
            raise ModuleError(f"{name}: exports {exported!r} twice")
        seen.add(exported)
    code = _EXPORT_LIST.sub("", code)
    code = _EXPORT_DECLARATION.sub(lambda found: found.group(0)[len("export") :].lstrip(" \t"), code)
    return Module(name, tuple(imports), tuple(exports), "".join(body_parts) + code)


def read(static: Path, name: str, importer: str | None = None) -> Module:
    """The module ``name`` read from ``static``; a missing file names who imports it."""
    path = static / name
    if not path.is_file():
        by = f" (imported by {importer})" if importer else ""
        raise ModuleError(f"the module {name} is missing from {static}{by}")
    return parse(name, path.read_text(encoding="utf-8"))


def in_order(static: Path, entry: str) -> tuple[Module, ...]:
    """The modules ``entry`` needs, itself last: each after everything it imports, each once, in the imports' order.

    Raises ``ModuleError`` for a missing file, a name a module does not export, or a cycle (naming it).
    """
    done: dict[str, Module] = {}
    path: list[str] = []

    def visit(name: str, importer: str | None) -> Iterator[Module]:
        if name in done:
            return
        if name in path:
            cycle = " -> ".join([*path[path.index(name) :], name])
            raise ModuleError(f"an import cycle: {cycle}")
        module = read(static, name, importer)
        path.append(name)
        for needed in module.imports:
            yield from visit(needed.module, name)
            given = dict(done[needed.module].exports)
            for exported, _local in needed.names:
                if exported not in given:
                    raise ModuleError(
                        f"{name}:{needed.line}: imports {exported!r} from {needed.module}, which does not export it"
                    )
        path.pop()
        done[name] = module
        yield module

    return tuple(visit(entry, None))


def _variable(index: int) -> str:
    return f"$pocha{index}"


def write(modules: tuple[Module, ...]) -> str:
    """The modules as one script: each in a function scope of its own, its imports read from those before it."""
    variables = {module.name: _variable(index) for index, module in enumerate(modules)}
    lines = ['(function () {\n"use strict";\n']
    for module in modules:
        head = [f"// --- {module.name}\n"]
        given = f"var {variables[module.name]} = " if module.exports else ""
        head.append(f"{given}(function () {{\n")
        for needed in module.imports:
            source = variables[needed.module]
            if needed.namespace:
                head.append(f"var {needed.namespace} = {source};\n")
            for exported, local in needed.names:
                head.append(f"var {local} = {source}.{exported};\n")
        lines.extend(head)
        lines.append(module.body if module.body.endswith("\n") else module.body + "\n")
        if module.exports:
            given_names = ", ".join(f"{exported}: {local}" for exported, local in module.exports)
            lines.append(f"return Object.freeze({{ {given_names} }});\n")
        lines.append("})();\n")
    lines.append("})();\n")
    return "".join(lines)


def minify(modules: tuple[Module, ...], source: str) -> str:
    """``source`` (the ``modules`` written as one script) smaller: no comments or spaces, short local names.

    Code that is not ES5 is refused naming the module and the line (the modules keep their lines).
    """
    try:
        tree = es5(source)
    except ECMASyntaxError:
        for module in modules:
            try:
                es5(module.body)
            except ECMASyntaxError as error:
                raise ModuleError(
                    f"{module.name}: not ES5, which the phone's scripts are written in: {error}"
                ) from None
        raise
    smaller: str = minify_print(tree, obfuscate=True, obfuscate_globals=False, drop_semi=True)
    return smaller


#: What else makes a script minified: this file (how it is put together and minified) and the minifier's release.
_MINIFIER: Final = hashlib.sha256(Path(__file__).read_bytes() + version("calmjs.parse").encode()).digest()


def kept_name(entry: str, source: bytes) -> str:
    """The file name a minified script is kept under: the entry's, and a hash of all it is made from."""
    stem = entry.replace("/", "-").removesuffix(".js")
    return f"{stem}.{hashlib.sha256(_MINIFIER + source).hexdigest()[:16]}.js"


def _kept_minified(modules: tuple[Module, ...], written: str, entry: str, keep: Path | None) -> bytes:
    """``written`` minified: from ``keep`` when it was minified before (by an earlier start, or another process),
    else minified now and kept there. A folder that cannot be written keeps nothing; the script is the same."""
    if keep is None:
        return minify(modules, written).encode()
    kept = keep / kept_name(entry, written.encode())
    try:
        return kept.read_bytes()
    except OSError:
        pass
    content = minify(modules, written).encode()
    try:
        keep.mkdir(parents=True, exist_ok=True)
        for old in keep.glob(kept_name(entry, b"").rsplit(".", 2)[0] + ".*.js"):
            old.unlink(missing_ok=True)  # another version of this entry: never asked for again
        with tempfile.NamedTemporaryFile(dir=keep, delete=False, suffix=".part") as part:
            part.write(content)
        os.replace(part.name, kept)  # whole or not at all, whoever reads it meanwhile
    except OSError:
        pass
    return content


def put_together(static: Path, entry: str, keep: Path | None = None) -> Bundle:
    """The entry ``entry`` (a name under ``static``) and every module it needs, as one script, minified; with
    ``keep``, a folder where the minified script is kept between starts."""
    modules = in_order(static, entry)
    written = write(modules)
    source = written.encode()
    content = _kept_minified(modules, written, entry, keep)
    modified = max((static / module.name).stat().st_mtime for module in modules)
    digest = hashlib.sha256(content).hexdigest()[:HASH_LENGTH]
    return Bundle(tuple(module.name for module in modules), source, content, digest, modified)
