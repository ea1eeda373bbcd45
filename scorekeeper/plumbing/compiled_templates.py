"""Templates compiled once a process: Jinja turns each template into Python code the first time an app draws it,
which costs more than drawing it (a game's page: about 140 ms, then 10 ms a page). Every app of Pocha sets its
templates up alike, so the code is kept for the process and shared by every app it makes (a server makes one; the
tests make thousands), checked against the template's text each time it is loaded."""

from __future__ import annotations

import threading
from typing import Final

from flask import Flask
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class ProcessBytecodeCache(BytecodeCache):
    """The compiled templates of this process, by Jinja's key (the template's name and file); a template whose text
    changed since is compiled again (Jinja checks the bucket's checksum)."""

    def __init__(self) -> None:
        self._compiled: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def load_bytecode(self, bucket: Bucket) -> None:
        """Give ``bucket`` the code kept for its template, if any."""
        kept = self._compiled.get(bucket.key)
        if kept is not None:
            bucket.bytecode_from_string(kept)

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep the code just compiled for ``bucket``'s template."""
        compiled = bucket.bytecode_to_string()
        with self._lock:
            self._compiled[bucket.key] = compiled


#: The one cache of the process.
COMPILED: Final = ProcessBytecodeCache()


def share_compiled_templates(app: Flask) -> None:
    """Let ``app`` load its templates' code from the process's cache, and keep there what it compiles."""
    app.jinja_env.bytecode_cache = COMPILED
