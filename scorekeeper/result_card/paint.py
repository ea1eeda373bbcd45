"""The result card painted: a ``Layout`` drawn with Pillow as a PNG.

Everything is drawn at twice the size, then scaled down, so that the chart's lines and the
rounded corners come out as smooth as the text.
"""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Iterator, Sequence
from typing import Final

from PIL import Image, ImageDraw

from scorekeeper.result_card.fonts import font
from scorekeeper.result_card.layout import Layout

SCALE: Final = 2
MEDIA_TYPE: Final = "image/png"

Point = tuple[float, float]


def dashes(points: Sequence[Point], pattern: Sequence[float]) -> Iterator[list[Point]]:
    """The pieces of the line through ``points`` that are drawn with the dash ``pattern`` (lengths on, off, on…); the
    whole line when the pattern is empty."""
    if not pattern:
        yield list(points)
        return
    index, left, on = 0, pattern[0], True
    piece: list[Point] = [points[0]]
    for start, end in itertools.pairwise(points):
        x, y = start
        length = math.dist(start, end)
        done = 0.0
        while length - done > left:
            done += left
            at = (x + (end[0] - x) * done / length, y + (end[1] - y) * done / length) if length else end
            if on:
                piece.append(at)
                yield piece
            piece = [at]
            on = not on
            index = (index + 1) % len(pattern)
            left = pattern[index]
        left -= length - done
        if on:
            piece.append(end)
        else:
            piece = [end]
    if on and len(piece) > 1:
        yield piece


def painted(layout: Layout) -> Image.Image:
    """The card as an image of ``layout.width`` × ``layout.height`` pixels."""
    image = Image.new("RGB", (layout.width * SCALE, layout.height * SCALE), layout.background)
    draw = ImageDraw.Draw(image)

    def scaled(point: Point) -> Point:
        """A point of the layout on the larger canvas."""
        return point[0] * SCALE, point[1] * SCALE

    for shape in layout.shapes:
        box = shape.box
        corners = (*scaled((box.x, box.y)), *scaled((box.right, box.bottom)))
        draw.rounded_rectangle(corners, radius=shape.radius * SCALE, fill=shape.fill)
    for stroke in layout.strokes:
        for piece in dashes(stroke.points, stroke.dash):
            draw.line([scaled(point) for point in piece], fill=stroke.colour, width=stroke.width * SCALE, joint="curve")
    for dot in layout.dots:
        x, y = scaled((dot.x, dot.y))
        radius = dot.radius * SCALE
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=dot.colour)
    for text in layout.texts:
        draw.text(
            scaled((text.box.x, text.box.y)), text.text, font=font(text.size * SCALE, text.bold), fill=text.colour
        )
    return image.resize((layout.width, layout.height), Image.Resampling.LANCZOS)


def png(layout: Layout) -> bytes:
    """The card as the bytes of a PNG file."""
    out = io.BytesIO()
    # Quantized to 256 colours: a third of the bytes, no difference to see on a card of flat colours.
    painted(layout).quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(out, "PNG")
    return out.getvalue()
