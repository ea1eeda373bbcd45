"""Answers compressed on their way out: brotli where the browser takes it, else gzip; each static file compressed once.

Pages lose the indentation their templates give them (no page of Pocha keeps text as typed: no
``<pre>``, no ``<textarea>``), then are compressed as they go (quick settings: a page of a long game
takes about a millisecond); a static file is compressed once with the strongest settings and kept, by its
ETag. A compressed answer's ETag is weak (the same page, another encoding), and every answer
that could be compressed says ``Vary: Accept-Encoding`` for the caches on the way.
"""

from __future__ import annotations

import gzip
import re
import threading
from collections import OrderedDict
from typing import Final

import brotli  # type: ignore[import-untyped]  # the bindings ship no type hints
from flask import Response, request

#: What is worth compressing: text. Images other than SVG, PDF and fonts are compressed already.
COMPRESSIBLE: Final = frozenset(
    {
        "text/html",
        "text/css",
        "text/javascript",
        "application/javascript",
        "application/json",
        "application/manifest+json",
        "image/svg+xml",
        "text/csv",
        "text/plain",
        "text/xml",
        "application/xml",
    }
)
#: In the order preferred when the browser takes both equally.
ENCODINGS: Final = ("br", "gzip")
#: Smaller bodies are sent as they are: the saving would not pay for the work.
MIN_BYTES: Final = 512
#: Quick settings for pages, made for every request; the strongest for static files, made once.
PAGE_LEVELS: Final = {"br": 7, "gzip": 6}
STATIC_LEVELS: Final = {"br": 11, "gzip": 9}
#: How many compressed static files are kept in memory (each a few KB).
STATIC_CACHE_SIZE: Final = 128

_static_cache: OrderedDict[tuple[str, str, str], bytes] = OrderedDict()
_static_lock = threading.Lock()


def encode(body: bytes, encoding: str, level: int) -> bytes:
    """``body`` compressed with ``encoding`` (``br`` or ``gzip``) at ``level``."""
    if encoding == "br":
        return bytes(brotli.compress(body, quality=level))
    return gzip.compress(body, compresslevel=level, mtime=0)


def encode_static(body: bytes, encoding: str, etag: str) -> bytes:
    """A static file's ``body`` compressed at the strongest level, made once per content (its ETag) and encoding."""
    key = (request.path, etag, encoding)
    with _static_lock:
        if key in _static_cache:
            _static_cache.move_to_end(key)
            return _static_cache[key]
    compressed = encode(body, encoding, STATIC_LEVELS[encoding])
    with _static_lock:
        _static_cache[key] = compressed
        while len(_static_cache) > STATIC_CACHE_SIZE:
            _static_cache.popitem(last=False)
    return compressed


# A line's indentation in a page: spaces and tabs after a line break.
_INDENTATION = re.compile(rb"\n[ \t]+")


def without_indentation(response: Response) -> Response:
    """Drop the indentation of every line of a whole HTML page (an ``after_request`` hook): the browser draws the
    page the same, and a long game's page is a few hundred bytes smaller compressed."""
    if response.mimetype == "text/html" and not response.direct_passthrough and not response.is_streamed:
        response.set_data(_INDENTATION.sub(b"\n", response.get_data()))
    return response


def compressible(response: Response) -> bool:
    """Tell whether ``response`` is a whole text body that may be compressed (not already, not a range, not forbidden)."""
    return (
        response.status_code == 200
        and response.mimetype in COMPRESSIBLE
        and "Content-Encoding" not in response.headers
        and not response.cache_control.no_transform
        and (response.direct_passthrough or not response.is_streamed)
    )


def compress(response: Response) -> Response:
    """Compress ``response`` in the encoding the browser prefers among brotli and gzip (an ``after_request`` hook)."""
    if not compressible(response):
        return response
    response.vary.add("Accept-Encoding")
    encoding = request.accept_encodings.best_match(ENCODINGS)
    if encoding is None:
        return response
    response.direct_passthrough = False  # a file from send_file: read it to compress it
    body = response.get_data()
    if len(body) < MIN_BYTES:
        return response
    etag, weak = response.get_etag()
    if request.endpoint == "static" and etag and not weak:
        compressed = encode_static(body, encoding, etag)
    else:
        compressed = encode(body, encoding, PAGE_LEVELS[encoding])
    if len(compressed) >= len(body):
        return response
    response.set_data(compressed)
    response.headers["Content-Encoding"] = encoding
    response.headers.pop("Accept-Ranges", None)  # ranges would count the compressed bytes
    if etag and not weak:
        response.set_etag(etag, weak=True)
    return response
