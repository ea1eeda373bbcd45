"""The card's type: DejaVu Sans (regular and bold), the fonts Pocha ships, measured and drawn by Pillow's FreeType."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Final

from PIL import ImageFont

FONTS: Final = Path(__file__).resolve().parent.parent / "fonts"
REGULAR: Final = FONTS / "DejaVuSans.ttf"
BOLD: Final = FONTS / "DejaVuSans-Bold.ttf"


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels, bold or regular (loaded once per size)."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


def text_width(text: str, size: int, bold: bool = False) -> float:
    """How wide ``text`` is drawn at ``size``, in pixels."""
    return float(font(size, bold).getlength(text))


def line_height(size: int, bold: bool = False) -> int:
    """The height of a line of text at ``size``: from the font's ascender to its descender, in pixels."""
    ascent, descent = font(size, bold).getmetrics()
    return int(ascent + descent)
