"""What a result card says: every text already in the page's language, and the sheet its chart is drawn from."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.engine import ScoreSheet


@dataclass(frozen=True, slots=True)
class Placing:
    """One player's line: seat (their colour), name, position (ties share it), total and the total as said («245 puntos»)."""

    seat: int
    name: str
    position: int
    total: int
    points: str


@dataclass(frozen=True, slots=True)
class CardFacts:
    """Everything the card shows of a finished game, in the page's language.

    ``places`` are in the standings' order (the winner first); ``group`` names the peñas the game
    counts in (``None``: none); ``tie_note`` says how a tie for first was broken (``None``: there was
    none); ``length`` is the game's hands and time (``None``: not known).
    """

    title: str
    heading: str
    date: str
    headline: str
    places: tuple[Placing, ...]
    chart_title: str
    points_caption: str
    hand_caption: str
    sheet: ScoreSheet
    group: str | None = None
    tie_note: str | None = None
    length: str | None = None
