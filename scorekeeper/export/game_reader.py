"""Reading a game file: bytes to plain, typed values, refusing anything that is not the documented shape.

Only the shape is checked here (JSON, the format's name and version, keys, types, list lengths);
whether the values make a lawful game is the engine's question, asked in ``importing``.
Every refusal is a ``GameFileError`` whose message says what is wrong and where, for a player.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final, TypeGuard

from scorekeeper.engine import NO_TRUMP, Message, PochaError, Suit
from scorekeeper.engine.errors import N_
from scorekeeper.export.game_file import CHANGE_KEYS, FORMAT, READABLE, VERSION
from scorekeeper.words import FIELD_NAMES

TOP_KEYS: Final = ("format", "version", "preset", "rules", "players", "first_dealer", "hands", "corrections")
TOP_OPTIONAL: Final = ("exported_at", "created_at", "finished_at")
HAND_KEYS: Final = ("number", "trump", "auction", "bids", "tricks", "renuncios", "complete")
#: Keys a hand has from version 2 of the format on.
HAND_KEYS_SINCE_2: Final = ("steps",)
HAND_OPTIONAL: Final = ("completed_at",)
CORRECTION_KEYS: Final = ("hand", "changes")
CORRECTION_OPTIONAL: Final = ("made_at",)
TRUMP_LETTERS: Final = (*(suit.value for suit in Suit), NO_TRUMP)

# What a value should have been, for the messages.
A_WHOLE_NUMBER: Final = Message(N_("un número entero"))
A_TEXT: Final = Message(N_("un texto"))
TRUE_OR_FALSE: Final = Message(N_("true o false"))
A_DATE: Final = Message(N_("una fecha como 2024-05-01T21:30:00Z, o null"))
#: The years a date of the file may fall in: from a phone's clock reset to 1970, and far from the calendar's end
#: (the pages show dates in the table's timezone, which must not go past year 9999).
FIRST_YEAR: Final = 1970
LAST_YEAR: Final = 9000
A_DATE_IN_RANGE: Final = Message(
    N_("una fecha entre los años %(first)s y %(last)s"), {"first": FIRST_YEAR, "last": LAST_YEAR}
)
A_LIST: Final = Message(N_("una lista [ … ]"))
A_TRUMP: Final = Message(N_('"O", "C", "E", "B", "-" (sin triunfo) o null'))
A_CHANGED_FIELD: Final = Message(N_("trump, bid, tricks, renuncios u offer"))
A_CHANGED_VALUE: Final = Message(N_("un número entero, una pinta o null"))
THE_FILE: Final = Message(N_("el archivo"))
A_STEPS: Final = Message(N_("una lista de pasos [tipo, jugador, valor], o null"))


class GameFileError(PochaError):
    """A file that is not a game Pocha can import: not JSON, not this format, or not a lawful game."""


class FileTooBigError(GameFileError):
    """An upload over the size limit."""


def _by_seat(players: int) -> Message:
    return Message(N_("una lista de %(count)s números enteros o null (uno por jugador)"), {"count": players})


def _counts(players: int) -> Message:
    return Message(N_("una lista de %(count)s números enteros (uno por jugador)"), {"count": players})


def _seat(players: int) -> Message:
    return Message(N_("un jugador: un número de 0 a %(last)s, o null"), {"last": players - 1})


def hand_place(number: int) -> Message:
    """«la mano 3»: where in the file something is."""
    return Message(N_("la mano %(number)s"), {"number": number})


def correction_place(number: int) -> Message:
    """«la corrección 2»: where in the file something is."""
    return Message(N_("la corrección %(number)s"), {"number": number})


# --- the values a file holds -----------------------------------------------------------------


@dataclass(frozen=True)
class HandEntry:
    """One hand of the file, as the database keeps it: lists by seat, ``None`` where not yet said."""

    number: int
    trump: str | None
    auction: list[int | None] | None
    bids: list[int | None]
    tricks: list[int | None]
    renuncios: list[int]
    complete: bool
    completed_at: datetime | None
    steps: list[Any] | None = None


@dataclass(frozen=True)
class CorrectionEntry:
    """One correction of the file: the hand, when, and the changes (field, seat, before, after)."""

    hand: int
    made_at: datetime | None
    changes: list[dict[str, Any]]


@dataclass(frozen=True)
class GameEntry:
    """A whole game read from a file, shape checked; ``rules`` still as the file wrote them."""

    created_at: datetime | None
    finished_at: datetime | None
    preset: str
    rules: Any
    players: list[str]
    first_dealer: int
    hands: list[HandEntry]
    corrections: list[CorrectionEntry]


# --- checking one value ----------------------------------------------------------------------


def _is_whole(value: object) -> TypeGuard[int]:
    """True for a whole number (``true`` and ``2.0`` are not)."""
    return type(value) is int


class _Object:
    """A JSON object of the file: its keys checked against the format, its values read one by one."""

    def __init__(self, value: Any, where: Message, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
        if not isinstance(value, dict):
            raise GameFileError(N_("%(where)s debe ser un objeto JSON: { … }"), where=where)
        for key in required:
            if key not in value:
                raise GameFileError(N_("Falta «%(key)s» en %(where)s"), key=key, where=where)
        unknown = sorted(set(value) - set(required) - set(optional))
        if unknown:
            raise GameFileError(
                N_("«%(key)s» no es parte del formato: sobra en %(where)s"), key=unknown[0], where=where
            )
        self.value = value
        self.where = where

    def wrong(self, key: str, expected: Message) -> GameFileError:
        """The refusal of a value of the wrong kind."""
        return GameFileError(
            N_("En %(where)s, «%(key)s» debe ser %(expected)s"), where=self.where, key=key, expected=expected
        )

    def get(self, key: str, check: Callable[[Any], bool], expected: Message) -> Any:
        """The value of ``key`` (``None`` when optional and absent), refused unless ``check`` accepts it."""
        value = self.value.get(key)
        if not check(value):
            raise self.wrong(key, expected)
        return value

    def whole(self, key: str) -> int:
        """A whole number (``true`` and ``2.0`` are not)."""
        value: int = self.get(key, _is_whole, A_WHOLE_NUMBER)
        return value

    def text(self, key: str) -> str:
        """A string."""
        value: str = self.get(key, lambda v: isinstance(v, str), A_TEXT)
        return value

    def flag(self, key: str) -> bool:
        """``true`` or ``false``."""
        value: bool = self.get(key, lambda v: isinstance(v, bool), TRUE_OR_FALSE)
        return value

    def items(self, key: str) -> list[Any]:
        """A list."""
        value: list[Any] = self.get(key, lambda v: isinstance(v, list), A_LIST)
        return value

    def date(self, key: str) -> datetime | None:
        """A moment in ISO 8601 (``Z`` or an offset; none: UTC), as the database keeps it: UTC, no timezone."""
        value = self.value.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            raise self.wrong(key, A_DATE)
        try:
            moment = datetime.fromisoformat(value)
            if moment.tzinfo is not None:
                moment = moment.astimezone(UTC).replace(tzinfo=None)
        except (ValueError, OverflowError):  # not a date; a date that UTC would put before year 1 or after 9999
            raise self.wrong(key, A_DATE) from None
        if not FIRST_YEAR <= moment.year <= LAST_YEAR:
            raise self.wrong(key, A_DATE_IN_RANGE)
        return moment

    def by_seat(self, key: str, players: int, blanks: bool = True) -> list[Any]:
        """A list with one whole number per player (``null`` too, with ``blanks``: not said yet)."""
        expected = _by_seat(players) if blanks else _counts(players)

        def fits(values: Any) -> bool:
            return (
                isinstance(values, list)
                and len(values) == players
                and all(_is_whole(v) or (blanks and v is None) for v in values)
            )

        values: list[Any] = self.get(key, fits, expected)
        return values


# --- the file --------------------------------------------------------------------------------


def _decode(data: bytes) -> Any:
    """The JSON value in ``data`` (UTF-8, a BOM allowed); anything else is refused."""
    try:
        return json.loads(data.decode("utf-8-sig"), parse_constant=_no_constant)
    except (ValueError, RecursionError):  # not UTF-8, not JSON, NaN, a number too long, nested too deep
        raise GameFileError(N_("El archivo no es una partida de Pocha: no es un archivo JSON")) from None


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def _check_format(document: Any) -> None:
    """Refuse a file that is not a Pocha game, or one of a version this Pocha cannot read."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise GameFileError(
            N_("El archivo no es una partida de Pocha: su «format» debe ser «%(format)s»"), format=FORMAT
        )
    version = document.get("version")
    if _is_whole(version) and version > VERSION:
        raise GameFileError(
            N_(
                "El archivo es de una versión más nueva del formato (la %(version)s) y esta Pocha solo lee la %(known)s: actualiza Pocha"
            ),
            version=version,
            known=VERSION,
        )
    if version not in READABLE or not _is_whole(version):
        raise GameFileError(
            N_("La versión del formato del archivo no es válida: esta Pocha lee la versión %(known)s"), known=VERSION
        )


def read_game_file(data: bytes) -> GameEntry:
    """Read the bytes of a game file into plain values; raise ``GameFileError`` at the first thing out of shape."""
    if not data.strip():
        raise GameFileError(N_("El archivo está vacío"))
    document = _decode(data)
    _check_format(document)
    version: int = document["version"]
    top = _Object(document, THE_FILE, TOP_KEYS, TOP_OPTIONAL)
    top.date("exported_at")
    names = top.get("players", _names_fit, Message(N_("una lista de nombres")))
    players = len(names)
    hands = [_hand(entry, position, players, version) for position, entry in enumerate(top.items("hands"), start=1)]
    _check_hand_order(hands)
    saved = sum(1 for hand in hands if hand.complete)
    corrections = [
        _correction(entry, position, players, saved) for position, entry in enumerate(top.items("corrections"), start=1)
    ]
    return GameEntry(
        created_at=top.date("created_at"),
        finished_at=top.date("finished_at"),
        preset=top.text("preset"),
        rules=document["rules"],
        players=list(names),
        first_dealer=top.whole("first_dealer"),
        hands=hands,
        corrections=corrections,
    )


def _names_fit(names: Any) -> bool:
    return isinstance(names, list) and bool(names) and all(isinstance(name, str) for name in names)


def _hand(value: Any, position: int, players: int, version: int) -> HandEntry:
    """One entry of ``hands`` (with its ``steps`` from version 2 on: each one ``[kind, seat, value]``)."""
    number = value.get("number") if isinstance(value, dict) else None
    keys = HAND_KEYS + (HAND_KEYS_SINCE_2 if version >= 2 else ())
    hand = _Object(value, hand_place(number if _is_whole(number) else position), keys, HAND_OPTIONAL)
    auction = hand.value["auction"]
    if auction is not None:
        hand.by_seat("auction", players)
    return HandEntry(
        number=hand.whole("number"),
        trump=hand.get("trump", lambda v: v is None or v in TRUMP_LETTERS, A_TRUMP),
        auction=auction,
        bids=hand.by_seat("bids", players),
        tricks=hand.by_seat("tricks", players),
        renuncios=hand.by_seat("renuncios", players, blanks=False),
        complete=hand.flag("complete"),
        completed_at=hand.date("completed_at"),
        steps=hand.get("steps", _steps_fit, A_STEPS) if version >= 2 else None,
    )


def _steps_fit(steps: Any) -> bool:
    """``null``, or a list of ``[kind, seat, value]`` (what each means is the engine's to check)."""
    return steps is None or (
        isinstance(steps, list) and all(isinstance(step, list) and len(step) == 3 for step in steps)
    )


def _check_hand_order(hands: list[HandEntry]) -> None:
    """Hands come numbered from 1, in order; only the last may be half entered."""
    for position, hand in enumerate(hands, start=1):
        if hand.number != position:
            raise GameFileError(
                N_("Las manos van en orden desde la 1: donde va la mano %(position)s hay una mano %(number)s"),
                position=position,
                number=hand.number,
            )
        if not hand.complete and position != len(hands):
            raise GameFileError(
                N_("Solo la última mano puede estar a medias, y la mano %(number)s no está completa"), number=position
            )


def _count_or_null(value: Any) -> bool:
    """A corrected count: a whole number, or ``null`` (not said)."""
    return value is None or _is_whole(value)


def _trump_or_count(value: Any) -> bool:
    """A corrected trump: its notation, or what a count may be (older files wrote either)."""
    return _count_or_null(value) or value in TRUMP_LETTERS


def _correction(value: Any, position: int, players: int, saved: int) -> CorrectionEntry:
    """One entry of ``corrections``: of a saved hand, each change a field, a seat and two values."""
    entry = _Object(value, correction_place(position), CORRECTION_KEYS, CORRECTION_OPTIONAL)
    hand = entry.get("hand", lambda v: _is_whole(v) and 1 <= v <= saved, Message(N_("el número de una mano guardada")))
    changes = []
    for change_value in entry.items("changes"):
        change = _Object(change_value, correction_place(position), CHANGE_KEYS)
        field = change.get("field", lambda v: isinstance(v, str) and v in FIELD_NAMES, A_CHANGED_FIELD)
        change.get("seat", lambda v: v is None or (_is_whole(v) and 0 <= v < players), _seat(players))
        fits = _trump_or_count if field == "trump" else _count_or_null
        for key in ("before", "after"):
            change.get(key, fits, A_CHANGED_VALUE)
        changes.append({key: change.value[key] for key in CHANGE_KEYS})
    return CorrectionEntry(hand=hand, made_at=entry.date("made_at"), changes=changes)
