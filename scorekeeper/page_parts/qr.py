"""QR codes as SVG, inline or as an image file: presentation attributes only (the CSP allows no style), black on a
white quiet zone."""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup

#: Medium error correction, kept as asked (no "boost" to a higher level): a phone held a little
#: crooked across the table still reads it, and the code stays small for a 20-odd-character token.
ERROR_LEVEL = "m"
DARK = "#000000"
LIGHT = "#ffffff"
#: The namespace a code served as an image file needs (inline in HTML it is implied).
SVG_NAMESPACE = "http://www.w3.org/2000/svg"


@lru_cache(maxsize=128)
def qr_svg(text: str, title: str) -> Markup:
    """``text`` as a QR code: an ``<svg class="qr">`` sized by the stylesheet, ``title`` read by screen readers.

    The modules are one unit each, the four-module quiet zone painted white, so the code
    reads on a dark page too. Cached: the scorekeeper's page draws the same codes after every tap.
    """
    code = segno.make(text, error=ERROR_LEVEL, boost_error=False, micro=False)
    svg = code.svg_inline(
        scale=1,
        dark=DARK,
        light=LIGHT,
        svgclass="qr",
        lineclass=None,
        omitsize=True,
        title=title,
    )
    # Crisp edges: no anti-aliased seams between the rows when the stylesheet scales it.
    return Markup(svg.replace("<svg ", '<svg role="img" shape-rendering="crispEdges" ', 1))


def qr_svg_file(text: str, title: str) -> str:
    """``text`` as a QR code in an SVG file of its own (``image/svg+xml``, for an ``<img>``): the very drawing of
    ``qr_svg``, with the SVG namespace that a file needs."""
    return str(qr_svg(text, title)).replace("<svg ", f'<svg xmlns="{SVG_NAMESPACE}" ', 1)
