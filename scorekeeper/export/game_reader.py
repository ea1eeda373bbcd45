"""Reading a game file: bytes to plain, typed values, refusing anything that is not the documented shape.

Only the shape is checked here (JSON, the format's name and version, keys, types, list lengths);
whether the values make a lawful game is the engine's question, asked in ``importing``.
Every refusal is a ``GameFileError`` whose message says what is wrong and where, for a player.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from scorekeeper.engine import NO_TRUMP, Message, Suit
from scorekeeper.engine.counts import is_whole
from scorekeeper.engine.errors import N_
from scorekeeper.export.file_object import FileObject, GameFileError
from scorekeeper.export.game_file import CHANGE_KEYS, FORMAT, READABLE, VERSION
from scorekeeper.labels.game_words import FIELD_NAMES

TOP_KEYS: Final = ("format", "version", "preset", "rules", "players", "first_dealer", "hands", "corrections")
TOP_OPTIONAL: Final = ("exported_at", "created_at", "finished_at")
HAND_KEYS: Final = ("number", "trump", "auction", "bids", "tricks", "renuncios", "complete")
#: Keys a hand has from version 2 of the format on.
HAND_KEYS_SINCE_2: Final = ("steps",)
HAND_OPTIONAL: Final = ("completed_at",)
#: Optional keys a hand has from version 3 of the format on.
HAND_OPTIONAL_SINCE_3: Final = ("started_at",)
CORRECTION_KEYS: Final = ("hand", "changes")
CORRECTION_OPTIONAL: Final = ("made_at",)
TRUMP_LETTERS: Final = (*(suit.value for suit in Suit), NO_TRUMP)

A_TRUMP: Final = Message(N_('"O", "C", "E", "B", "-" (sin triunfo) o null'))
A_CHANGED_FIELD: Final = Message(N_("trump, bid, tricks, renuncios u offer"))
A_CHANGED_VALUE: Final = Message(N_("un número entero, una pinta o null"))
THE_FILE: Final = Message(N_("el archivo"))
A_STEPS: Final = Message(N_("una lista de pasos [tipo, jugador, valor], o null"))


def _seat(players: int) -> Message:
    """What a seat must be in a game of ``players``, as the refusal says it."""
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
    started_at: datetime | None = None


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


# --- the file --------------------------------------------------------------------------------


def _decode(data: bytes) -> Any:
    """The JSON value in ``data`` (UTF-8, a BOM allowed); anything else is refused."""
    try:
        return json.loads(data.decode("utf-8-sig"), parse_constant=_no_constant)
    except (ValueError, RecursionError):  # not UTF-8, not JSON, NaN, a number too long, nested too deep
        raise GameFileError(N_("El archivo no es una partida de Pocha: no es un archivo JSON")) from None


def _no_constant(name: str) -> Any:
    """Refuse NaN and the infinities, which JSON has no place for (``parse_constant``)."""
    raise ValueError(name)


def _check_format(document: Any) -> None:
    """Refuse a file that is not a Pocha game, or one of a version this Pocha cannot read."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise GameFileError(
            N_("El archivo no es una partida de Pocha: su «format» debe ser «%(format)s»"), format=FORMAT
        )
    version = document.get("version")
    if is_whole(version) and version > VERSION:
        raise GameFileError(
            N_(
                "El archivo es de una versión más nueva del formato (la %(version)s) y esta Pocha solo lee la %(known)s: actualiza Pocha"
            ),
            version=version,
            known=VERSION,
        )
    if version not in READABLE or not is_whole(version):
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
    top = FileObject(document, THE_FILE, TOP_KEYS, TOP_OPTIONAL)
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
    """Whether ``names`` is a list of texts with at least one."""
    return isinstance(names, list) and bool(names) and all(isinstance(name, str) for name in names)


def _hand(value: Any, position: int, players: int, version: int) -> HandEntry:
    """One entry of ``hands`` (with its ``steps`` from version 2 on: each one ``[kind, seat, value]``; its
    ``started_at`` from version 3 on)."""
    number = value.get("number") if isinstance(value, dict) else None
    keys = HAND_KEYS + (HAND_KEYS_SINCE_2 if version >= 2 else ())
    optional = HAND_OPTIONAL + (HAND_OPTIONAL_SINCE_3 if version >= 3 else ())
    hand = FileObject(value, hand_place(number if is_whole(number) else position), keys, optional)
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
        started_at=hand.date("started_at") if version >= 3 else None,
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
    return value is None or is_whole(value)


def _trump_or_count(value: Any) -> bool:
    """A corrected trump: its notation, or what a count may be (older files wrote either)."""
    return _count_or_null(value) or value in TRUMP_LETTERS


def _correction(value: Any, position: int, players: int, saved: int) -> CorrectionEntry:
    """One entry of ``corrections``: of a saved hand, each change a field, a seat and two values."""
    entry = FileObject(value, correction_place(position), CORRECTION_KEYS, CORRECTION_OPTIONAL)
    hand = entry.get("hand", lambda v: is_whole(v) and 1 <= v <= saved, Message(N_("el número de una mano guardada")))
    changes = []
    for change_value in entry.items("changes"):
        change = FileObject(change_value, correction_place(position), CHANGE_KEYS)
        field = change.get("field", lambda v: isinstance(v, str) and v in FIELD_NAMES, A_CHANGED_FIELD)
        change.get("seat", lambda v: v is None or (is_whole(v) and 0 <= v < players), _seat(players))
        fits = _trump_or_count if field == "trump" else _count_or_null
        for key in ("before", "after"):
            change.get(key, fits, A_CHANGED_VALUE)
        changes.append({key: change.value[key] for key in CHANGE_KEYS})
    return CorrectionEntry(hand=hand, made_at=entry.date("made_at"), changes=changes)
