"""Hostile values, as a phone (or anything pretending to be one) can send them: numbers, texts, choices, game files.

Each strategy mostly draws what a page would send, and often what no page sends: digits that
are not ASCII (², ٣, ５, Ⅻ), 5,000-digit and negative numbers, blanks, control characters and
NUL, very long text, HTML, spreadsheet formulas, values outside their list.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from typing import Any, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")

#: Digits that are not ASCII: ``str.isdigit()`` says yes to most of them, ``int()`` takes some and refuses others.
ODD_DIGITS = ("²", "³", "¹", "٣", "۳", "５", "१", "৩", "Ⅻ", "Ⅳ", "½", "①", "𝟑", "߃")
HUGE = "9" * 5000
ODD_NUMBERS = (
    "",
    " ",
    "-1",
    "-0",
    "+3",
    "3.0",
    "1e3",
    "0x10",
    "1_000",
    " 3 ",
    "3\x00",
    "\x003",
    "03",
    "00000000000000000001",
    "99999999999999999999",
    "9223372036854775808",
    "-9223372036854775809",
    HUGE,
    "-" + HUGE,
    "1 2",
    "1,5",
    "NaN",
    "inf",
    "２",
    "1²",
    "²1",
    "1 ²",
    "٣٣",
    "Ⅻ",
)
CONTROL = "".join(chr(c) for c in (*range(0, 32), 127, 0x85, 0x2028, 0x202E, 0xFEFF, 0x200B))
NASTY_TEXTS = (
    "",
    " ",
    "\x00",
    "a\x00b",
    "\r\n",
    "\t",
    "<script>alert(1)</script>",
    "<b>x</b>",
    '"><img src=x onerror=alert(1)>',
    "{{ 7*7 }}",
    "{% raw %}",
    "%(name)s",
    "%s%s%s",
    "=1+1",
    "+1",
    "-1+1",
    "@SUM(A1)",
    '=HYPERLINK("http://x","y")',
    "\u202eabc",
    "ﷺ",
    "👍🏽",
    "ñÑáÉ",
    "Ω" * 300,
    "x" * 10_000,
    "../../etc/passwd",
    "%00",
    "%FF",
    "\\",
    "//evil.example",
    "' OR 1=1 --",
    "null",
    "undefined",
    "[]",
    "{}",
    "true",
)
CARDS_TEXT = ("1O", "3O", "12E", "7C 1C 5O", "1O,3O", "13O", "8O", "0C", "1X", "1o 3o", "1O+3O", "1O 1O", "１O", "²O")


def sometimes(odd: st.SearchStrategy[T], usual: st.SearchStrategy[T], one_in: int) -> st.SearchStrategy[T]:
    """``odd`` about once in ``one_in`` draws, else ``usual``."""
    return st.integers(1, one_in).flatmap(lambda n: odd if n == 1 else usual)


def ascii_numbers(low: int = 0, high: int = 12) -> st.SearchStrategy[str]:
    """Numbers a page would send, as text."""
    return st.integers(low, high).map(str)


def numbers(low: int = 0, high: int = 12) -> st.SearchStrategy[str]:
    """A number field's text: mostly in range, often odd (not ASCII, huge, negative, blank, with junk)."""
    return st.one_of(
        ascii_numbers(low, high),
        ascii_numbers(low, high),
        st.sampled_from(ODD_NUMBERS),
        st.sampled_from(ODD_DIGITS),
        st.integers().map(str),
        st.builds(lambda a, b: a + b, st.sampled_from(ODD_DIGITS), st.sampled_from(ODD_DIGITS)),
        st.text(alphabet="0123456789²٣５Ⅻ- .,+e", max_size=8),
    )


def texts(typical: Sequence[str] = ("Ana", "Bea")) -> st.SearchStrategy[str]:
    """A text field's value: a typical one, or control characters, NUL, long text, HTML, formulas, any Unicode."""
    return st.one_of(
        st.sampled_from(typical),
        st.sampled_from(NASTY_TEXTS),
        st.text(max_size=30),
        st.text(alphabet=CONTROL, min_size=1, max_size=5),
        st.builds(lambda a, b: a + b, st.sampled_from(typical), st.sampled_from(NASTY_TEXTS)),
    )


def choice(valid: Sequence[str]) -> st.SearchStrategy[str]:
    """A select's value: one of its options most of the time, else one outside the list."""
    return st.one_of(st.sampled_from(valid), st.sampled_from(valid), st.sampled_from(valid), texts(("x",)), numbers())


#: Every card of the Spanish deck, in notation.
DECK = tuple(f"{rank}{suit}" for suit in "OCEB" for rank in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12))


def cards_text() -> st.SearchStrategy[str]:
    """Cards as typed in the simulator and the referee: real cards (often a lawful hand), notation gone wrong, junk."""
    return st.one_of(
        st.sampled_from(DECK),
        st.lists(st.sampled_from(DECK), unique=True, min_size=1, max_size=10).map(" ".join),
        st.lists(st.sampled_from(DECK), unique=True, min_size=1, max_size=6).map("+".join),
        st.sampled_from(CARDS_TEXT),
        st.lists(st.sampled_from(CARDS_TEXT), max_size=45).map(" ".join),
        texts(("1O",)),
    )


def fields(names: Sequence[str], value: st.SearchStrategy[str]) -> st.SearchStrategy[list[tuple[str, str]]]:
    """Some of ``names``, each with a value drawn from ``value`` (a field may be missing, blank or odd)."""
    return st.lists(st.tuples(st.sampled_from(names), value), max_size=len(names) + 2, unique_by=lambda pair: pair[0])


def indexed(prefix: str, value: st.SearchStrategy[str], most: int = 20) -> st.SearchStrategy[list[tuple[str, str]]]:
    """``prefix-0``, ``prefix-1``… (a FieldList) for 0 to ``most`` entries, sometimes with odd indexes."""
    regular = (
        st.integers(0, most)
        .flatmap(lambda count: st.tuples(*(value for _ in range(count))))
        .map(lambda values: [(f"{prefix}-{i}", v) for i, v in enumerate(values)])
    )
    odd_index = st.tuples(st.sampled_from(("-1", "999", "²", "٣", HUGE[:30], "x", "")), value).map(
        lambda pair: [(f"{prefix}-{pair[0]}", pair[1])]
    )
    return st.one_of(regular, regular, st.builds(lambda a, b: a + b, regular, odd_index))


# --- game files ------------------------------------------------------------------------------

VALID_GAME: dict[str, Any] = {
    "format": "pocha-game",
    "version": 1,
    "exported_at": "2025-03-14T22:40:31Z",
    "created_at": "2025-03-14T21:05:12Z",
    "finished_at": None,
    "preset": "corta",
    "rules": {
        "opening_ones": "single",
        "climb": True,
        "max_hands": None,
        "descend": True,
        "closing_ones": "single",
        "custom_sizes": None,
        "specials": [],
        "forbidden_in_one_card_hands": True,
        "exact_base": 10,
        "exact_per_trick": 5,
        "miss_per_trick": 5,
        "multipliers": "none",
        "pocha_bonus": False,
        "pocha_points": 100,
        "pocha_min_cards": 5,
        "renuncio_penalty": 50,
        "tie_break": "all_cards",
    },
    "players": ["Ana", "Begoña", "Carlos"],
    "first_dealer": 0,
    "hands": [
        {
            "number": 1,
            "trump": "O",
            "auction": None,
            "bids": [1, 0, 1],
            "tricks": [0, 0, 1],
            "renuncios": [0, 1, 0],
            "complete": True,
            "completed_at": "2025-03-14T21:09:40Z",
        },
        {
            "number": 2,
            "trump": "C",
            "auction": None,
            "bids": [None, None, 1],
            "tricks": [None, None, None],
            "renuncios": [0, 0, 0],
            "complete": False,
            "completed_at": None,
        },
    ],
    "corrections": [
        {
            "hand": 1,
            "made_at": "2025-03-14T21:12:02Z",
            "changes": [{"field": "renuncios", "seat": 1, "before": 0, "after": 1}],
        },
    ],
}

#: Where in the valid game a value can be put: a path of keys and list indexes.
GAME_PLACES: tuple[tuple[str | int, ...], ...] = (
    ("format",),
    ("version",),
    ("exported_at",),
    ("created_at",),
    ("finished_at",),
    ("preset",),
    ("rules",),
    ("players",),
    ("players", 0),
    ("first_dealer",),
    ("hands",),
    ("corrections",),
    *(("rules", key) for key in VALID_GAME["rules"]),
    *(("hands", 0, key) for key in VALID_GAME["hands"][0]),
    *(("hands", 1, key) for key in VALID_GAME["hands"][1]),
    ("hands", 0, "bids", 0),
    ("hands", 0, "renuncios", 1),
    ("hands", 1, "bids", 2),
    ("corrections", 0, "hand"),
    ("corrections", 0, "changes"),
    ("corrections", 0, "changes", 0, "after"),
    ("corrections", 0, "changes", 0, "field"),
    ("corrections", 0, "changes", 0, "seat"),
    ("corrections", 0, "made_at"),
)
DATE_PLACES: tuple[tuple[str | int, ...], ...] = (
    ("exported_at",),
    ("created_at",),
    ("finished_at",),
    ("hands", 0, "completed_at"),
    ("corrections", 0, "made_at"),
)
ODD_DATES = (
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-14:00",
    "9999-12-31T23:59:59Z",
    "0001-01-01T00:00:00Z",
    "2025-02-30T00:00:00Z",
    "2025-03-14",
    "2025-03-14T25:00:00Z",
    "yesterday",
    "2025-03-14T21:05:12.999999999Z",
    "1969-12-31T23:59:59Z",
    "1970-01-01T00:00:00Z",
    "9000-12-31T23:59:59Z",
    "9001-01-01T00:00:00Z",
    "1970-01-01T00:30:00+01:00",
)
JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(-(10**400), 10**400),
        st.floats(allow_nan=False),
        st.text(max_size=20),
        st.sampled_from(ODD_DATES),
        st.sampled_from(("O", "-", "single", "clasica", "a_medida")),
    ),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def _put(document: Any, place: tuple[str | int, ...], value: Any) -> Any:
    """``document`` with ``value`` at ``place`` (a copy; a place that is not there is left alone)."""
    copy = json.loads(json.dumps(document))
    target = copy
    for key in place[:-1]:
        try:
            target = target[key]
        except (KeyError, IndexError, TypeError):
            return copy
    with contextlib.suppress(IndexError, TypeError):
        target[place[-1]] = value
    return copy


def _drop(document: Any, place: tuple[str | int, ...]) -> Any:
    """``document`` without the key or item at ``place``."""
    copy = json.loads(json.dumps(document))
    target = copy
    for key in place[:-1]:
        try:
            target = target[key]
        except (KeyError, IndexError, TypeError):
            return copy
    with contextlib.suppress(KeyError, IndexError, TypeError):
        del target[place[-1]]
    return copy


def _dumps(document: Any) -> bytes:
    """A document as a file's bytes (very large integers too: ``json`` writes them in full)."""
    return json.dumps(document, ensure_ascii=False).encode("utf-8")


def edited_games() -> st.SearchStrategy[Any]:
    """The valid game with one to three values changed or removed: wrong types, huge numbers, odd dates, nesting."""
    edit = st.one_of(
        st.tuples(st.just("put"), st.sampled_from(GAME_PLACES), JSON_VALUES),
        st.tuples(st.just("put"), st.sampled_from(GAME_PLACES), JSON_VALUES),
        st.tuples(st.just("put"), st.sampled_from(DATE_PLACES), st.sampled_from(ODD_DATES)),
        st.tuples(st.just("drop"), st.sampled_from(GAME_PLACES), st.none()),
    )

    def apply(edits: list[tuple[str, tuple[str | int, ...], Any]]) -> Any:
        document: Any = VALID_GAME
        for kind, place, value in edits:
            document = _put(document, place, value) if kind == "put" else _drop(document, place)
        return document

    return st.lists(edit, min_size=1, max_size=3).map(apply)


def dated_games() -> st.SearchStrategy[Any]:
    """The valid game with one of its dates odd: before 1970, near year 1 or 9999, with an offset that crosses them."""
    return st.builds(_put, st.just(VALID_GAME), st.sampled_from(DATE_PLACES), st.sampled_from(ODD_DATES))


def deep(levels: int) -> bytes:
    """JSON nested ``levels`` deep."""
    return b"[" * levels + b"]" * levels


def game_files() -> st.SearchStrategy[bytes]:
    """A game file's bytes: half of the time the valid one, edited, or with an odd date (so that the reading gets deep);
    else damaged: truncated, with a BOM, not UTF-8, deeply nested, huge numbers, NaN, any JSON, any bytes."""
    valid = _dumps(VALID_GAME)
    meaningful = st.one_of(st.just(valid), edited_games().map(_dumps), dated_games().map(_dumps))
    damaged = st.one_of(
        st.integers(0, len(valid)).map(lambda cut: valid[:cut]),
        st.sampled_from(
            (
                b"\xef\xbb\xbf" + valid,
                valid.decode().encode("utf-16"),
                valid.replace("Begoña".encode(), "Bego\xf1a".encode("latin-1")),
                deep(100),
                deep(10_000),
                deep(200_000),
                b'{"a":' * 50_000,
                b"",
                b" ",
                b"\x00",
                b"null",
                b"[]",
                b'{"format":"pocha-game","version":' + HUGE.encode() + b"}",
                b'{"format":"pocha-game","version":1e999}',
                b"NaN",
                b"Infinity",
                b'{"format": "pocha-game", "version": NaN}',
                b"1" * 5000,
            )
        ),
        JSON_VALUES.map(_dumps),
        st.binary(max_size=200),
    )
    return sometimes(damaged, meaningful, one_in=2)


# --- a phone's outbox of taps (POST /p/<token>/anotar) -----------------------------------------

TAP_ACTIONS = ("trump", "offer", "bid", "tricks", "renuncios", "undo", "save")
#: Ids as phones make them, and ids no phone makes (too short, too long, characters outside base64url).
TAP_IDS = ("k3J9sQ0vX2mWb7Lp", "Zr5-t_8aYc1uHq2nEe0w4g", "x" * 40, "x" * 15, "x" * 41, "k3J9sQ0vX2mWb7L+", "ñ" * 20, "")
ODD_TAP_VALUES = (
    None,
    True,
    False,
    -1,
    100,
    2.0,
    1e999,
    10**400,
    "",
    "O",
    "o",
    "-",
    "X",
    "2",
    "²",
    [],
    {},
    [1],
    "\x00",
)


def rarely(odd: st.SearchStrategy[T], usual: st.SearchStrategy[T], one_in: int) -> st.SearchStrategy[T]:
    """``odd`` about once in ``one_in`` draws, else ``usual`` (which shrinking aims at, unlike ``sometimes``)."""
    return st.integers(1, one_in).flatmap(lambda n: odd if n == one_in else usual)


def tap_values() -> st.SearchStrategy[Any]:
    """A value a tap may hold: a small count, a trump's letter, or anything JSON can say."""
    return st.one_of(st.integers(0, 10), st.sampled_from(("O", "C", "E", "B", "-")), st.sampled_from(ODD_TAP_VALUES))


@st.composite
def well_formed_tap(draw: st.DrawFn, hands: st.SearchStrategy[Any], seats: st.SearchStrategy[Any]) -> dict[str, Any]:
    """A tap shaped as a phone sends it (the engine may still refuse it): each action with the fields it needs."""
    action = draw(st.sampled_from(TAP_ACTIONS))
    tap: dict[str, Any] = {
        "id": draw(st.from_regex(r"\A[A-Za-z0-9_-]{16,40}\Z")),
        "action": action,
        "hand": draw(hands),
    }
    counts = st.integers(0, 10)
    if action == "trump":
        tap.update(value=draw(st.sampled_from(("O", "C", "E", "B", "-"))), was=draw(st.sampled_from(("", "O", "C"))))
    elif action == "undo":
        kind = draw(st.sampled_from(TAP_ACTIONS[:5]))
        seat = None if kind == "trump" else draw(seats)
        tap["undoes"] = [kind, seat, draw(st.sampled_from(("O", "-"))) if kind == "trump" else draw(counts)]
    elif action != "save":
        tap.update(seat=draw(seats), value=draw(counts), was=draw(st.one_of(st.none(), st.just(""), counts.map(str))))
    return tap


def queued_tap(hands: st.SearchStrategy[Any], seats: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """One tap of an outbox: an id (most often a good one), an action, a hand, a seat, a value, ``was``, ``undoes``;
    any of them missing or odd at times, and sometimes keys no tap has."""
    steps = st.one_of(
        st.tuples(st.sampled_from(TAP_ACTIONS[:5]), st.one_of(seats, st.none()), tap_values()).map(list),
        st.sampled_from(([], ["bid"], ["bid", 0, 1, 2], "bid", None, ["jugada", 0, 1], ["trump", None, "O"])),
    )
    keys: dict[str, st.SearchStrategy[Any]] = {
        "id": st.one_of(st.from_regex(r"\A[A-Za-z0-9_-]{16,40}\Z"), st.sampled_from(TAP_IDS)),
        "action": st.one_of(st.sampled_from(TAP_ACTIONS), st.sampled_from(("Bid", "pinta", "", None, 1))),
        "hand": st.one_of(hands, st.sampled_from((0, -1, 1000, "1", None, 1.0))),
        "seat": st.one_of(seats, st.sampled_from((-1, 8, "1", None, True))),
        "value": tap_values(),
        "was": st.one_of(st.sampled_from(("", "0", "1", "O", "-")), st.integers(0, 3), st.sampled_from(ODD_TAP_VALUES)),
        "undoes": steps,
    }
    required = ("id", "action", "hand")
    optional = {key: value for key, value in keys.items() if key not in required}
    usual = st.fixed_dictionaries({key: keys[key] for key in required}, optional=optional)
    missing = st.builds(lambda tap, key: {k: v for k, v in tap.items() if k != key}, usual, st.sampled_from(required))
    return st.one_of(
        well_formed_tap(hands, seats),
        usual,
        missing,
        st.builds(
            lambda tap, extra: {**tap, **extra}, usual, st.dictionaries(st.text(max_size=6), JSON_VALUES, max_size=2)
        ),
        JSON_VALUES,
    )


def tap_lists(
    hands: st.SearchStrategy[Any], seats: st.SearchStrategy[Any], versions: Sequence[int]
) -> st.SearchStrategy[Any]:
    """An outbox as sent: the version it starts from and up to a few taps (most of the time); at times a version or a
    list gone wrong, another JSON value, or 201 taps (one too many)."""
    version = rarely(
        st.one_of(st.integers(0, 50), st.sampled_from((-1, None, "3", 2**40))), st.sampled_from(tuple(versions)), 4
    )
    shaped = st.lists(well_formed_tap(hands, seats), max_size=6)
    taps = rarely(st.lists(queued_tap(hands, seats), max_size=4), shaped, 3)
    document = st.fixed_dictionaries({"version": version, "taps": taps})
    odd = st.one_of(
        st.fixed_dictionaries({"taps": taps}),
        st.fixed_dictionaries({"version": version, "taps": JSON_VALUES}),
        JSON_VALUES,
        st.builds(
            lambda v: {"version": v, "taps": [{"id": f"{n:016d}", "action": "save", "hand": 1} for n in range(201)]},
            version,
        ),
    )
    return rarely(odd, document, 6)


def tap_bodies(
    hands: st.SearchStrategy[Any], seats: st.SearchStrategy[Any], versions: Sequence[int]
) -> st.SearchStrategy[bytes]:
    """The body of a POST to the outbox's address: an outbox as JSON, most of the time; else bytes that are not
    JSON, or JSON too deep or too large."""
    damaged = st.one_of(
        st.sampled_from((b"", b"{", b"null", b"NaN", b'{"version": 1e999, "taps": []}', deep(10_000), b"[" * 70_000)),
        st.binary(max_size=100),
    )
    return rarely(damaged, tap_lists(hands, seats, versions).map(_dumps), 6)
