"""A stylesheet put together from its parts, once, at start-up: one file per concern, one file served.

static/css/pocha.css names its parts with ``@import url("pocha/base.css");`` lines, in cascade order. A browser
would ask for each part in turn before drawing the page; ``put_together`` puts the parts in place of those lines
instead, so pages ask for one stylesheet, and ``minify`` makes it smaller. Plain functions over files: the app
calls them once when it starts and serves the result like any static file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import rcssmin  # type: ignore[import-untyped]

from scorekeeper.plumbing.static_names import relative_name

#: The stylesheets' text: UTF-8, as the pages say (``<meta charset="utf-8">``).
ENCODING = "utf-8"

# What may stand before a stylesheet's first rule: spaces, comments, and the @import lines (CSS ignores an
# @import anywhere else). An @import names a file as url("…"), url('…'), url(…) or a bare "…" or '…'; whatever
# follows the file before the semicolon (a media query, layer(), supports()) is a condition.
_SPACE_OR_COMMENT = re.compile(r"\s+|/\*.*?\*/", re.S)
_IMPORT = re.compile(
    r"""@import\s*(?:url\(\s*(?:"(?P<url_dq>[^"]*)"|'(?P<url_sq>[^']*)'|(?P<url_bare>[^)"'\s]*))\s*\)"""
    r"""|"(?P<dq>[^"]*)"|'(?P<sq>[^']*)')(?P<condition>[^;]*);""",
    re.I,
)


class StylesheetError(ValueError):
    """A stylesheet that cannot be put together: a part missing, an import cycle, an import that is refused."""


@dataclass(frozen=True)
class Stylesheet:
    """A stylesheet put together: its content, the files used (names under static/, in order), the newest mtime."""

    content: bytes
    parts: tuple[str, ...]
    modified: float


@dataclass(frozen=True)
class Import:
    """One @import line at the top of a file: where it stands in the file's text, and the address it names."""

    start: int
    end: int
    address: str


def top_imports(css: str) -> list[Import]:
    """The @import lines at the top of ``css`` (after spaces and comments only), in order.

    Raises ``StylesheetError`` for an @import with a condition (a media query, ``layer()``, ``supports()``): put
    together, its rules would apply everywhere.
    """
    found: list[Import] = []
    position = 0
    while True:
        while (gap := _SPACE_OR_COMMENT.match(css, position)) is not None:
            position = gap.end()
        match = _IMPORT.match(css, position)
        if match is None:
            if css.startswith("@import", position):
                raise StylesheetError(f"an @import that names no file: {css[position:].splitlines()[0]!r}")
            return found
        if match["condition"].strip():
            raise StylesheetError(f"an @import with a condition ({match['condition'].strip()}) cannot be put inline")
        address = next(
            match[group] for group in ("url_dq", "url_sq", "url_bare", "dq", "sq") if match[group] is not None
        )
        found.append(Import(match.start(), match.end(), address))
        position = match.end()


def imported_name(importer: str, address: str) -> str:
    """The name under static/ of the file ``address`` names in ``importer`` (both names under static/).

    Raises ``StylesheetError`` for an address that is not a relative path to a file under static/
    (``https://…``, ``/static/…``, ``../../x.css``).
    """
    if not address or re.match(r"^[a-z][a-z0-9+.-]*:|^/", address, re.I) or "?" in address or "#" in address:
        raise StylesheetError(
            f"{importer} imports {address!r}: only a relative path to a file under static/ is put inline"
        )
    name = relative_name(importer, address)
    if name is None:
        raise StylesheetError(f"{importer} imports {address!r}, which is outside static/")
    return name


def put_together(static: Path, entry: str) -> Stylesheet:
    """The stylesheet ``entry`` (a name under ``static``, ``css/pocha.css``) with each of its @import lines
    replaced by the file it names, itself put together first.

    Each path is relative to the file that imports it. A file imported a second time is left out (it is
    already in place); a missing file, an import cycle or a refused import raises ``StylesheetError`` naming
    the files: the app does not start with a stylesheet it cannot put together.
    """
    root = static.resolve()
    done: list[str] = []
    modified = 0.0

    def read(name: str, chain: tuple[str, ...]) -> str:
        """The text of ``name`` with its imports in place; ``chain`` is the files importing it, the entry first."""
        nonlocal modified
        path = (static / name).resolve()
        importer = f" (imported by {chain[-1]})" if chain else ""
        if not path.is_relative_to(root):
            raise StylesheetError(f"the stylesheet {name}{importer} is outside static/")
        if not path.is_file():
            raise StylesheetError(f"the stylesheet {name}{importer} is missing from {static}")
        done.append(name)
        modified = max(modified, path.stat().st_mtime)
        css = path.read_bytes().decode(ENCODING)
        try:
            imports = top_imports(css)
        except StylesheetError as error:
            raise StylesheetError(f"{name}: {error}") from None
        pieces: list[str] = []
        position = 0
        for line in imports:
            pieces.append(css[position : line.start])
            position = line.end
            target = imported_name(name, line.address)
            if target in chain or target == name:
                cycle = " -> ".join((*chain, name, target))
                raise StylesheetError(f"the stylesheets import each other in a circle: {cycle}")
            if target not in done:
                pieces.append(read(target, (*chain, name)))
        pieces.append(css[position:])
        text = "".join(pieces)
        return text if text.endswith("\n") else text + "\n"

    content = read(str(PurePosixPath(entry)), ())
    return Stylesheet(content.encode(ENCODING), tuple(done), modified)


def minify(css: bytes) -> bytes:
    """``css`` without its comments and the spaces a browser does not need; ``/*! … */`` comments (a licence, an
    attribution) are kept."""
    smaller: str = rcssmin.cssmin(css.decode(ENCODING), keep_bang_comments=True)
    return smaller.encode(ENCODING)
