"""Names cut to fit a narrow column of the sheet, each still told apart from the others at a glance."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

#: Letters a line of a player's column takes on a 390 px phone.
COLUMN_LETTERS: Final = 9
#: Letters a name takes on one line of the standings strip, by how many columns the strip has (a column for each
#: player up to five, four columns beyond), so that a 360 px phone never cuts it again.
STRIP_LETTERS: Final = 11
STRIP_LETTERS_BY_COLUMNS: Final = {3: 8, 4: 6, 5: 5}
#: Letters of a name a player's row always shows, however little room the row leaves it.
ROW_LETTERS: Final = 10
#: Letters of a name every player's row shows whole, on the narrowest phone at the largest table: a row may cut a
#: longer name, and a tap on it shows it whole.
ROW_WHOLE_LETTERS: Final = 7
#: Players the strip shows in one row; more go in rows of ``STRIP_ROWS_OF``.
STRIP_ONE_ROW: Final = 5
STRIP_ROWS_OF: Final = 4
#: Letters the first place's star takes beside a name.
MARK_LETTERS: Final = 2
ELLIPSIS: Final = "…"
#: What follows a seat's number when it is the last way to tell two names apart («3·Ana Bel…»).
SEAT_MARK: Final = "·"


@dataclass(frozen=True, slots=True)
class ShortName:
    """A player's name as a column shows it: one or two lines, and the whole name when it had to be cut."""

    lines: tuple[str, ...]
    name: str

    @property
    def cut(self) -> bool:
        """True when the lines do not show the whole name (a tap shows it)."""
        return " ".join(self.lines) != self.name

    @property
    def text(self) -> str:
        """The lines as one string, as a player reads them."""
        return " ".join(self.lines)


def _cut(text: str, letters: int) -> str:
    """``text`` in at most ``letters`` characters, ending in «…» when it was longer."""
    return text if len(text) <= letters else text[: letters - 1].rstrip() + ELLIPSIS


def _first_line(name: str, letters: int) -> tuple[str, str]:
    """The words of ``name`` that fill a line of ``letters``, and what is left.

    A first word longer than the line is cut with «…» when other words follow, else carried on
    to the second line.
    """
    words = name.split() or [""]
    if len(words[0]) > letters:
        if len(words) == 1:
            return name[:letters], name[letters:]
        return _cut(words[0], letters), " ".join(words[1:])
    line = words.pop(0)
    while words and len(line) + 1 + len(words[0]) <= letters:
        line += " " + words.pop(0)
    return line, " ".join(words)


def _lines(name: str, letters: int) -> tuple[str, ...]:
    """``name`` in at most two lines of ``letters``, the second cut with «…» when the name is longer."""
    first, rest = _first_line(name, letters)
    return (first, _cut(rest, letters)) if rest else (first,)


def _with_end(name: str, letters: int) -> tuple[str, ...]:
    """``name`` as its first line and its last letters: «María José» / «…García»."""
    first, rest = _first_line(name, letters)
    if len(rest) <= letters:
        return (first, rest) if rest else (first,)
    return first, ELLIPSIS + rest[-(letters - 1) :].lstrip()


def _numbered(name: str, seat: int, letters: int) -> tuple[str, ...]:
    """``name`` as its first line and its seat's number («3·…»): the last way to tell two names apart."""
    mark = f"{seat + 1}{SEAT_MARK}"
    first, rest = _first_line(name, letters)
    return first, mark + _cut(rest, letters - len(mark))


def _clashes(labels: Sequence[tuple[str, ...]]) -> set[int]:
    """The seats whose label reads the same as another's (case aside)."""
    seen: dict[str, list[int]] = {}
    for seat, lines in enumerate(labels):
        seen.setdefault(" ".join(lines).casefold(), []).append(seat)
    return {seat for seats in seen.values() if len(seats) > 1 for seat in seats}


def short_names(
    names: Sequence[str], letters: int = COLUMN_LETTERS, marked: int | None = None
) -> tuple[ShortName, ...]:
    """Each name in at most two lines of ``letters``, no two reading the same.

    A name that fits is shown whole. Two names that would read the same once cut
    («María José García», «María José Gómez») show their ends instead («…García», «…Gómez»);
    should even those agree, the second line starts with the seat's number. The ``marked``
    seat (first place, whose star takes the room of ``MARK_LETTERS``) has shorter lines.
    """
    room = [letters - MARK_LETTERS if seat == marked else letters for seat in range(len(names))]
    labels = [_lines(name, room[seat]) for seat, name in enumerate(names)]
    for seat in _clashes(labels):
        labels[seat] = _with_end(names[seat], room[seat])
    for seat in _clashes(labels):
        labels[seat] = _numbered(names[seat], seat, room[seat])
    return tuple(ShortName(tuple(lines), name) for lines, name in zip(labels, names))


def _initials(name: str, letters: int) -> str:
    """``name`` as its first word and the initials of the others: «María J. G.»."""
    first, *others = name.split() or [""]
    return _cut(" ".join([first, *(word[0] + "." for word in others)]), letters)


def one_line_names(names: Sequence[str], letters: int = STRIP_LETTERS) -> tuple[str, ...]:
    """Each name on one line of at most ``letters``, no two reading the same.

    A name that fits is shown whole, a longer one cut with «…»; two that would read the same
    («María José G…») show their first word and initials («María J. G.», «María J. F.»), should
    those agree too their last letters («…Fernández», «…Fernándes»), and last of all their seat's
    number («3·Ana Bel…»).
    """

    def end(name: str) -> str:
        """The name's last letters after «…», when it does not fit whole."""
        return name if len(name) <= letters else ELLIPSIS + name[-(letters - 1) :].lstrip()

    def initials(name: str) -> str:
        """The name's first word and initials, within ``letters``."""
        return _initials(name, letters)

    labels = [_cut(name, letters) for name in names]
    for shorten in (initials, end):
        for seat in _clashes([(label,) for label in labels]):
            labels[seat] = shorten(names[seat])
    for seat in _clashes([(label,) for label in labels]):
        mark = f"{seat + 1}{SEAT_MARK}"
        labels[seat] = mark + _cut(names[seat], letters - len(mark))
    return tuple(labels)


def strip_names(names: Sequence[str]) -> tuple[str, ...]:
    """The names as the standings strip shows them: each on one line of its column, no two reading the same."""
    columns = len(names) if len(names) <= STRIP_ONE_ROW else STRIP_ROWS_OF
    return one_line_names(names, STRIP_LETTERS_BY_COLUMNS.get(columns, STRIP_LETTERS))


def told_apart(names: Sequence[str], letters: int = ROW_LETTERS) -> tuple[tuple[str, str], ...]:
    """Each name as a head a row may cut short and a tail it never cuts, so that names cut at the same letter
    still read apart: the tail is empty unless the name's first ``letters`` read the same as another's (case
    aside); then it is the name from the first word where the two differ («Francisco Javier» + « Gil»), or its
    last letters when no word does. Head and tail together are the name."""
    starts: dict[str, list[str]] = {}
    for name in names:
        starts.setdefault(name[:letters].casefold(), []).append(name)
    parts: list[tuple[str, str]] = []
    for name in names:
        others = [other for other in starts[name[:letters].casefold()] if other != name]
        if not others:
            parts.append((name, ""))
            continue
        words = name.split(" ")
        differs = [
            i for i in range(1, len(words)) if any(other.split(" ")[: i + 1] != words[: i + 1] for other in others)
        ]
        if differs:
            head = " ".join(words[: differs[0]])
            parts.append((head, name[len(head) :]))
        else:
            cut = max(1, len(name) - letters // 2)
            parts.append((name[:cut], name[cut:]))
    return tuple(parts)


class RowName(NamedTuple):
    """A player's name as their row shows it: the head it may cut, the tail it never cuts (``told_apart``), and
    whether the row may cut it at all (then a tap on it shows it whole)."""

    head: str
    tail: str
    may_be_cut: bool


def row_names(names: Sequence[str]) -> tuple[RowName, ...]:
    """The names as the players' rows show them: told apart, and each longer than ``ROW_WHOLE_LETTERS`` a tap
    away whole."""
    return tuple(RowName(head, tail, len(head + tail) > ROW_WHOLE_LETTERS) for head, tail in told_apart(names))


def script_limits() -> dict[str, object]:
    """What the phone cuts names with as ``strip_names`` and ``row_names`` do (static/js/pocha/short_names.js), for a
    page's data: the letters a name takes in the strip by its columns (as JSON keys: ``"3"`` to ``"5"``) and
    otherwise, the players of one row of the strip and of each row beyond, the letters a row tells names apart by and
    shows whole, the ellipsis and the seat's mark."""
    return {
        "strip_letters_by_columns": {str(columns): letters for columns, letters in STRIP_LETTERS_BY_COLUMNS.items()},
        "strip_letters": STRIP_LETTERS,
        "strip_one_row": STRIP_ONE_ROW,
        "strip_rows_of": STRIP_ROWS_OF,
        "row_letters": ROW_LETTERS,
        "row_whole_letters": ROW_WHOLE_LETTERS,
        "ellipsis": ELLIPSIS,
        "seat_mark": SEAT_MARK,
    }
