"""A game file's values one by one: a JSON object whose keys are checked against the format, and typed getters
that refuse a value of the wrong kind with a message saying what and where."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Final

from scorekeeper.engine import Message, PochaError
from scorekeeper.engine.counts import is_whole
from scorekeeper.engine.errors import N_

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


class GameFileError(PochaError):
    """A file that is not a game Pocha can import: not JSON, not this format, or not a lawful game."""


class FileTooBigError(GameFileError):
    """An upload over the size limit."""


def by_seat_list(players: int) -> Message:
    """What a list by seat with blanks should have been: «una lista de 4 números enteros o null»."""
    return Message(N_("una lista de %(count)s números enteros o null (uno por jugador)"), {"count": players})


def counts_list(players: int) -> Message:
    """What a list of counts by seat should have been: «una lista de 4 números enteros»."""
    return Message(N_("una lista de %(count)s números enteros (uno por jugador)"), {"count": players})


# --- checking one value ----------------------------------------------------------------------


class FileObject:
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
        value: int = self.get(key, is_whole, A_WHOLE_NUMBER)
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
        expected = by_seat_list(players) if blanks else counts_list(players)

        def fits(values: Any) -> bool:
            """Whether ``values`` is a list of one whole number (or, with ``blanks``, null) per player."""
            return (
                isinstance(values, list)
                and len(values) == players
                and all(is_whole(v) or (blanks and v is None) for v in values)
            )

        values: list[Any] = self.get(key, fits, expected)
        return values
