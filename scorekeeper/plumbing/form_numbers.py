"""Numbers as phones send them, read strictly: ASCII digits only, and not too many of them.

``"²"``, ``"٣"`` or a 5,000-digit number are not numbers a player means: ``int()`` would take
some of them, or fail deep inside a view. Everything a form or an address says is read here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final

from flask_babel import lazy_gettext as _l
from wtforms import FieldList, IntegerField

#: No number Pocha asks for needs more digits than this (hands, tricks, points, seats).
MAX_DIGITS: Final = 6
#: What a number field says of a text that is not a whole number (a message template).
NOT_WHOLE: Final = _l("Escribe un número entero, como 3")


def whole_number(text: str | None, max_digits: int = MAX_DIGITS, signed: bool = False) -> int | None:
    """The whole number (0 or more; with ``signed`` a leading ``-`` too) that ``text`` spells in ASCII digits,
    spaces around allowed; else ``None``."""
    if text is None:
        return None
    text = text.strip()
    negative = signed and text.startswith("-")
    digits = text[1:] if negative else text
    if not digits or len(digits) > max_digits or not (digits.isascii() and digits.isdigit()):
        return None
    return -int(digits) if negative else int(digits)


class WholeNumberField(IntegerField):  # type: ignore[misc]
    """An ``IntegerField`` that takes ASCII digits only (at most ``MAX_DIGITS``; a leading ``-`` with ``signed``,
    for values whose range the engine explains); blank is ``None``.

    What was typed stays in the field when it is refused, so the page shows it back.
    """

    def __init__(self, *args: Any, max_digits: int = MAX_DIGITS, signed: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.max_digits = max_digits
        self.signed = signed

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the sent text strictly; a wrong one is a field error saying so."""
        if not valuelist:
            return
        raw = valuelist[0]
        if raw is None or not str(raw).strip():
            self.data = None
            return
        value = whole_number(str(raw), self.max_digits, self.signed)
        if value is None:
            self.data = None
            raise ValueError(str(NOT_WHOLE))
        self.data = value


class NumberedFields(FieldList):  # type: ignore[misc]
    """A ``FieldList`` whose entries are numbered in ASCII digits only (``names-0``, ``names-1``…).

    WTForms would read a key such as ``names-²`` as an entry and then fail on ``int("²")``;
    here any key whose number is not plain digits is not an entry of the list.
    """

    def _extract_indices(self, prefix: str, formdata: Iterable[str]) -> Iterator[int]:
        """Yield the number of every key ``<prefix>-<number>…`` whose number is ASCII digits."""
        offset = len(prefix) + 1
        for key in formdata:
            if key.startswith(prefix):
                digits = key[offset:].split(self._field_separator, 1)[0]
                if digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS:
                    yield int(digits)
