"""The result card painted (scorekeeper/result_card/paint.py): a PNG of 1080×1350, light, the lines dashed as laid out."""

from __future__ import annotations

import io
import math

from PIL import Image

from scorekeeper.engine import score_sheet
from scorekeeper.result_card.layout import BACKGROUND, result_card
from scorekeeper.result_card.paint import dashes, png
from support.paper_games import CLASSIC, classic_game
from web.result_card.test_layout import facts_of


def test_the_card_is_a_png_of_1080_by_1350_on_a_light_background() -> None:
    names = ("Ana", "Bea", "Carlos", "Dani", "Eva")
    data = png(result_card(facts_of(score_sheet(CLASSIC, names, 0, classic_game(5)))))
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    assert image.size == (1080, 1350)
    corner = image.convert("RGB").getpixel((5, 1345))
    light = tuple(int(BACKGROUND[i : i + 2], 16) for i in (1, 3, 5))
    assert all(abs(a - b) <= 2 for a, b in zip(corner, light)), (corner, light)  # 256 colours: near enough
    assert len(data) < 200_000, "small enough for a chat"


def test_a_dash_pattern_cuts_a_line_into_pieces_of_its_lengths() -> None:
    pieces = list(dashes([(0, 0), (10, 0), (20, 0)], (4, 2)))
    assert pieces == [[(0, 0), (4.0, 0.0)], [(6.0, 0.0), (10, 0), (10.0, 0.0)], [(12.0, 0.0), (16.0, 0.0)],
                      [(18.0, 0.0), (20, 0)]]  # fmt: skip
    assert all(math.isclose(math.dist(piece[0], piece[-1]), 4) for piece in pieces[:3])


def test_a_solid_line_is_one_piece() -> None:
    assert list(dashes([(0, 0), (5, 5), (9, 1)], ())) == [[(0, 0), (5, 5), (9, 1)]]
