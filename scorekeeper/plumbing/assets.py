"""Static files at addresses that carry their content's hash, kept by browsers for a year; and the release's fingerprint.

``url_for('static', filename='css/pocha.css')`` gives ``/static/css/pocha.<hash>.css`` for any
file under static/: a new version of a file has a new address, so a phone never keeps an old
script after an upgrade, and a file is asked for once. The address without the hash still works,
kept a short while (pages drawn before an upgrade ask for it).

The phone's script is kept as modules, one file per idea, and the stylesheet as one file per concern; a page asks
for one script and one stylesheet (``SCRIPTS``, ``STYLESHEETS``): the modules an entry imports, and the parts a
stylesheet imports, are put together and minified once, at start-up (modules.py, stylesheets.py), and the result
is served like any static file. A minified script is kept in the instance folder (``instance/scripts/``) for the
next start.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path, PurePosixPath
from typing import Any, Final
from urllib.parse import quote

from flask import Flask, abort, current_app, send_file, send_from_directory, url_for
from flask.wrappers import Response
from markupsafe import Markup
from werkzeug.security import safe_join

from scorekeeper.plumbing import modules, stylesheets

#: Hex digits of the content's SHA-256 in an address: 40 bits tell any two versions of a file apart.
HASH_LENGTH: Final = 10
#: A file at its hashed address never changes: keep it a year, do not even ask again.
IMMUTABLE: Final = "public, max-age=31536000, immutable"
IMMUTABLE_SECONDS: Final = 31_536_000
#: The plain address (a page drawn before an upgrade): kept five minutes, then asked again.
SHORT: Final = "public, max-age=300"
SHORT_SECONDS: Final = 300
#: A hashed address whose hash is not the file's (another release's page): this answer is not kept.
REVALIDATE: Final = "no-cache"
#: The Flask setting that holds the release's fingerprint (see ``release``).
RELEASE_KEY: Final = "POCHA_RELEASE"

#: The scripts pages ask for: each an entry module under static/ whose imports say what it holds (modules.py).
SCRIPTS: Final = ("js/pocha.js", "js/game.js", "js/phone_game.js", "js/result_card.js")
#: The stylesheets, each put together from the parts its @import lines name (stylesheets.py) and minified.
STYLESHEETS: Final = (
    "css/pocha.css",
    "css/paper.css",
    "css/game.css",
    "css/screen.css",
    "css/league.css",
    "css/night_sheet.css",
    "css/simulator.css",
)
#: Where the app keeps the files it put together (``app.extensions``).
ASSEMBLED_KEY: Final = "pocha.assembled"
#: The instance folder's folder where minified scripts are kept between starts (modules.put_together).
KEPT_FOLDER: Final = "scripts"

_HASHED = re.compile(rf"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{{{HASH_LENGTH}}})(?P<suffix>\.[^.]+)?$")

# path -> (mtime_ns, size, digest): a file is read again only when it changed on disk.
_digests: dict[str, tuple[int, int, str]] = {}
_digests_lock = threading.Lock()


def content_hash(path: Path) -> str | None:
    """The first ``HASH_LENGTH`` hex digits of the SHA-256 of the file at ``path``, or ``None`` if it is no file."""
    try:
        stat = path.stat()
    except (OSError, ValueError):
        return None
    if not path.is_file():
        return None
    key = str(path)
    known = _digests.get(key)
    if known is not None and known[:2] == (stat.st_mtime_ns, stat.st_size):
        return known[2]
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_LENGTH]
    with _digests_lock:
        _digests[key] = (stat.st_mtime_ns, stat.st_size, digest)
    return digest


def with_hash(filename: str, digest: str) -> str:
    """``css/pocha.css`` -> ``css/pocha.<digest>.css`` (the hash before the last suffix, or at the end)."""
    folder, slash, name = filename.rpartition("/")
    stem, _, suffix = name.rpartition(".")
    if stem.strip(".") and suffix:
        return f"{folder}{slash}{stem}.{digest}.{suffix}"
    return f"{filename}.{digest}"


def split_hash(filename: str) -> tuple[str, str] | None:
    """``css/pocha.<digest>.css`` -> (``css/pocha.css``, digest); ``None`` for an address without a hash."""
    folder, slash, name = filename.rpartition("/")
    match = _HASHED.match(name)
    if match is None or not match["stem"].strip("."):
        return None
    return f"{folder}{slash}{match['stem']}{match['suffix'] or ''}", match["digest"]


def static_file(filename: str) -> Path | None:
    """The file ``filename`` names under the app's static folder, or ``None`` (outside it, or no such file)."""
    folder = current_app.static_folder
    joined = safe_join(folder, filename) if folder else None
    try:
        return Path(joined) if joined is not None and Path(joined).is_file() else None
    except (OSError, ValueError):  # a name too long for the file system, say
        return None


# --- files put together at start-up: scripts from modules, stylesheets from parts ---------------------------


@dataclass(frozen=True)
class Assembled:
    """A file put together at start-up: the files it is made of, its text as written, its text minified (what is
    served), the hash of that, and when its newest part changed."""

    parts: tuple[str, ...]
    source: bytes
    content: bytes
    digest: str
    modified: float


def assemble(app: Flask, scripts: Iterable[str] = SCRIPTS, stylesheets: Iterable[str] = STYLESHEETS) -> None:
    """Put each of ``scripts`` together with the modules it imports, and each of ``stylesheets`` with its parts,
    once, and keep them in memory for the app.

    Raises ``modules.ModuleError`` or ``stylesheets.StylesheetError`` (a missing file, a cycle...): the app does
    not start.
    """
    static = Path(app.static_folder or "static")
    seen = tuple((path.as_posix(), path.stat().st_mtime_ns, path.stat().st_size) for path in _files(static))
    keep = Path(app.instance_path) / KEPT_FOLDER
    made = {entry: _script(static, entry, seen, keep) for entry in scripts}
    made.update({entry: _stylesheet(static, entry, seen) for entry in stylesheets})
    app.extensions[ASSEMBLED_KEY] = made


def _made(parts: tuple[str, ...], source: bytes, content: bytes, modified: float) -> Assembled:
    return Assembled(parts, source, content, hashlib.sha256(content).hexdigest()[:HASH_LENGTH], modified)


# Once a process for the same files (``seen``: each static file's path, time and size): apps made one after the
# other (the tests make thousands) do not put the same files together again, whatever their instance folders.
_scripts: dict[tuple[Path, str, tuple[tuple[str, int, int], ...]], Assembled] = {}


def _script(static: Path, entry: str, seen: tuple[tuple[str, int, int], ...], keep: Path) -> Assembled:
    made = _scripts.get((static, entry, seen))
    if made is None:
        bundle = modules.put_together(static, entry, keep)
        made = _scripts[static, entry, seen] = _made(bundle.modules, bundle.source, bundle.content, bundle.modified)
    return made


@cache
def _stylesheet(static: Path, entry: str, seen: tuple[tuple[str, int, int], ...]) -> Assembled:
    sheet = stylesheets.put_together(static, entry)
    return _made(sheet.parts, sheet.content, stylesheets.minify(sheet.content), sheet.modified)


def assembled(filename: str) -> Assembled | None:
    """The file put together for ``filename`` (``js/pocha.js``, ``css/pocha.css``), or ``None`` for any other."""
    made: dict[str, Assembled] = current_app.extensions.get(ASSEMBLED_KEY, {})
    return made.get(filename)


# --- addresses and answers -----------------------------------------------------------------------


def address(filename: str) -> str:
    """The name to put in a static file's address: with its content's hash, or as given when there is no such file."""
    made = assembled(filename)
    if made is not None:
        return with_hash(filename, made.digest)
    path = static_file(filename)
    digest = content_hash(path) if path is not None else None
    return with_hash(filename, digest) if digest else filename


@cache
def _data_address(path: Path, digest: str) -> Markup:
    """The ``data:`` address of the SVG at ``path`` whose content hash is ``digest`` (cached by both).

    Safe in a double-quoted attribute as it is: everything but letters, digits and `` /:=,;'-_.~``
    is percent-encoded. Double quotes become single ones first (the same XML, shorter).
    """
    svg = " ".join(path.read_text(encoding="utf-8").split())
    if "'" not in svg:
        svg = svg.replace('"', "'")
    return Markup("data:image/svg+xml," + quote(svg, safe=" /:=,;'"))


def inline_address(filename: str) -> str:
    """A small SVG from static/ as a ``data:`` address: drawn with the page, no request of its own (the page's icon).

    Falls back to the file's hashed address for anything that is not an SVG file.
    """
    path = static_file(filename)
    digest = content_hash(path) if path is not None else None
    if path is None or digest is None or path.suffix != ".svg":
        return url_for("static", filename=filename)
    return _data_address(path, digest)


def hash_static_addresses(endpoint: str, values: dict[str, Any]) -> None:
    """Give every ``url_for('static', filename=...)`` the hashed address (a ``url_defaults`` hook)."""
    filename = values.get("filename")
    if endpoint == "static" and isinstance(filename, str):
        values["filename"] = address(filename)


def serve_static(filename: str) -> Response:
    """A file from static/ (or a script put together from modules): at its hashed address for a year, at its plain
    address for five minutes.

    A hashed address whose hash is not the file's (a page of another release, say during an
    upgrade of several servers) still gets the file, marked to be asked for again. The ETag
    is the content's hash, the same on every server.
    """
    name, asked = filename, None
    if assembled(name) is None and static_file(name) is None:
        parts = split_hash(filename)
        if parts is None:
            abort(404)
        name, asked = parts
    made, plain = assembled(name), static_file(name)
    if made is None and plain is None:
        abort(404)
    current = made.digest if made is not None else content_hash(plain) if plain is not None else None
    cache_control, max_age = SHORT, SHORT_SECONDS
    if asked is not None:
        cache_control, max_age = (IMMUTABLE, IMMUTABLE_SECONDS) if current == asked else (REVALIDATE, 0)
    if made is not None:
        response = send_file(
            BytesIO(made.content),
            download_name=PurePosixPath(name).name,
            etag=made.digest,
            max_age=max_age,
            last_modified=made.modified,
        )
    else:
        folder = current_app.static_folder
        assert folder is not None  # a static file was found in it
        response = send_from_directory(folder, name, max_age=max_age, etag=current or True)
    response.headers["Cache-Control"] = cache_control
    return response


def _files(folder: Path, suffixes: Iterable[str] | None = None) -> list[Path]:
    """Every file under ``folder`` (with one of ``suffixes``, if given), in a stable order."""
    wanted = tuple(suffixes) if suffixes is not None else None
    return sorted(
        path for path in folder.rglob("*") if path.is_file() and (wanted is None or path.name.endswith(wanted))
    )


@cache
def fingerprint(package: Path, templates: Path, static: Path) -> str:
    """A short hash of what Pocha draws pages from: its Python code, translations, templates and static files.

    The same on every process and machine that runs the same release; another release has another.
    Compiled files (``.so``, ``.mo``) are left out: they are made from the sources that are in.
    """
    digest = hashlib.sha256()
    for label, root, files in (
        ("code", package, _files(package, (".py", ".po"))),
        ("templates", templates, _files(templates)),
        ("static", static, _files(static)),
    ):
        for path in files:
            digest.update(f"{label}/{path.relative_to(root).as_posix()}".encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:HASH_LENGTH]


def release() -> str:
    """The fingerprint of the running release (``POCHA_RELEASE``): part of every ETag drawn from templates."""
    return str(current_app.config[RELEASE_KEY])
