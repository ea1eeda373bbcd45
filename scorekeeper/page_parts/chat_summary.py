"""A finished game in a chat message: the winner, how a tie was broken, the places, and each player's bids as a grid.

Pure: it reads the engine's sheet and the words it is given (``SummaryWords``: page_parts/take_home.py gives them in
the page's language), nothing else. The message is plain text, made for a phone's chat (WhatsApp first)::

    🏆 Gana Ana con 85 puntos

    1. Ana · 85 puntos · 3 fallos
    2. Bea · 60 puntos · 5 fallos

    Ana
    🟩🟩🟥🟩🟩 🟩🟩🟩🟩🟩
    🟩🟩
    Bea
    ...

A chat's letters are not all as wide, so names are never padded to a column: each name has a line of its own and its
marks start the lines under it, where every square is as wide as any other. So hand 7 is the 7th square of every
player's lines, whatever the names, and ten squares a line (two groups of five) fit a phone held upright with room
to spare. The tie-break hands come after a bar (``|``), on the last line when it has room; in one of them a player
outside the tie has ⬜ (its points did not count for them), as the sheet marks «no cuenta».
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from scorekeeper.engine.sheet import ScoreSheet, SheetRow

#: A bid made, a bid missed, a hand that did not count for the player (a tie-break hand they were not tied in).
MADE: Final = "🟩"
MISSED: Final = "🟥"
NOT_COUNTED: Final = "⬜"
#: What puts the tie-break hands apart from the schedule's.
EXTRA_BAR: Final = "|"
#: Squares in a group, and in a line: two groups, which a phone's chat shows on one line.
GROUP: Final = 5
LINE: Final = 10


@dataclass(frozen=True, slots=True)
class SummaryWords:
    """The words of the summary in the page's language: each a function of its numbers (and names)."""

    #: «Gana Ana con 85 puntos» (the name, the points).
    winner: Callable[[str, int], str]
    #: The note of a tie decided by fewer missed bids (the points, the winner's missed bids).
    decided_by_misses: Callable[[int, int], str]
    #: The note of a tie decided by tie-break hands (how many).
    decided_by_extra_hands: Callable[[int], str]
    #: «85 puntos», «1 fallo».
    points: Callable[[int], str]
    misses: Callable[[int], str]
    #: The legend's words: a bid made, a bid missed, a hand that did not count, the tie-break hands.
    made: str
    missed: str
    not_counted: str
    extra_hands: str


def chat_summary(sheet: ScoreSheet, words: SummaryWords, footer: Sequence[str] = ()) -> str:
    """The summary of the finished game on ``sheet`` for a chat, ending with the ``footer`` lines (the date, the
    watchers' link). Raises ``ValueError`` for a game that is not over: it has no winner to announce."""
    winner = sheet.winner
    if winner is None or not sheet.rows:
        raise ValueError("only a finished game has a summary")
    standings = sheet.standings
    head = [f"🏆 {words.winner(sheet.players[winner], sheet.totals[winner])}"]
    if standings.decided_by_misses:
        head.append(words.decided_by_misses(sheet.totals[winner], sheet.missed[winner]))
    elif standings.decided_by_extra_hands:
        head.append(words.decided_by_extra_hands(standings.extra_hands))
    places = [
        f"{place.position}. {sheet.players[place.seat]} · {words.points(place.total)} · {words.misses(place.missed)}"
        for place in standings.places
    ]
    grid: list[str] = []
    for seat, name in enumerate(sheet.players):
        grid.append(name)
        grid.extend(mark_lines(sheet.rows, seat))
    blocks = [head, places, grid, [legend(sheet.rows, words), *footer]]
    return "\n\n".join("\n".join(block) for block in blocks)


def mark(row: SheetRow, seat: int) -> str:
    """``seat``'s square for the hand on ``row``: made, missed, or not counted."""
    if not row.counts(seat):
        return NOT_COUNTED
    return MADE if row.made[seat] else MISSED


def mark_lines(rows: Sequence[SheetRow], seat: int) -> list[str]:
    """``seat``'s squares, hand by hand: the schedule's in lines of ``LINE`` (groups of ``GROUP``), then the tie-break
    hands after ``EXTRA_BAR``, on the last line when it has room for them, else on a line of their own."""
    scheduled = [mark(row, seat) for row in rows if not row.plan.is_extra]
    extra = [mark(row, seat) for row in rows if row.plan.is_extra]
    lines = [_grouped(scheduled[start : start + LINE]) for start in range(0, len(scheduled), LINE)]
    if extra:
        bar = f"{EXTRA_BAR} {_grouped(extra)}"
        if lines and len(scheduled) % LINE and len(scheduled) % LINE + len(extra) <= LINE:
            lines[-1] = f"{lines[-1]} {bar}"
        else:
            lines.append(bar)
    return lines


def _grouped(marks: Sequence[str]) -> str:
    """``marks`` in groups of ``GROUP``, a space between groups."""
    return " ".join("".join(marks[start : start + GROUP]) for start in range(0, len(marks), GROUP))


def legend(rows: Sequence[SheetRow], words: SummaryWords) -> str:
    """What the squares say: made and missed, and the square of a hand that did not count and the bar of the
    tie-break hands when the game had any."""
    parts = [f"{MADE} {words.made}", f"{MISSED} {words.missed}"]
    if any(not row.counts(seat) for row in rows for seat in range(len(row.made))):
        parts.append(f"{NOT_COUNTED} {words.not_counted}")
    if any(row.plan.is_extra for row in rows):
        parts.append(f"{EXTRA_BAR} {words.extra_hands}")
    return " · ".join(parts)
