"""How a rule option is described once, beside its field of ``Rules``: its words, its control, who reads it.

Each field of ``Rules`` is made with ``field(default=…, metadata=described(Option(…)))``; the new-game form, the
game's card, the tables of docs/rules.md and the tests read that description instead of listing the options again.
Labels and hints are message templates (Spanish msgids, translated where they are drawn); ``what``, ``source`` and
``why`` are the English of docs/rules.md.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Protocol

from .counts import is_whole
from .errors import N_, RulesError

#: The key of a ``Rules`` field's metadata that holds its ``Option``.
OPTION = "option"

#: The longest list of hands a table may type (far more than any evening needs); the refusal below says it.
MOST_HANDS: Final = 100


class Control(Protocol):
    """How an option's value is chosen, stored and checked."""

    def check(self, value: Any) -> None:
        """Raise ``RulesError`` when ``value`` cannot make a game."""

    def plain(self, value: Any) -> Any:
        """The value as JSON keeps it (``Rules.to_dict``)."""

    def read(self, value: Any) -> Any:
        """The value from its plain form (``Rules.from_dict``); a wrong one raises ``ValueError`` or ``TypeError``."""


@dataclass(frozen=True, slots=True)
class Flag:
    """An option that is on or off (the form asks «Sí» or «No»)."""

    def check(self, value: Any) -> None:
        """Any value is taken here; a stored one must be a real ``bool`` (``read``)."""

    def plain(self, value: Any) -> Any:
        """``True`` or ``False`` as they are."""
        return value

    def read(self, value: Any) -> bool:
        """``True`` or ``False``, nothing else (not 1, not "yes")."""
        if not isinstance(value, bool):
            raise TypeError("an option that is on or off is true or false")
        return value


@dataclass(frozen=True, slots=True)
class Choice:
    """One value of an enum, each offered with its label, in the order given."""

    labels: Mapping[Any, str]

    @property
    def values(self) -> tuple[enum.Enum, ...]:
        """The values offered, in order."""
        return tuple(self.labels)

    @property
    def kind(self) -> type[enum.Enum]:
        """The enum the values belong to."""
        return type(self.values[0])

    def check(self, value: Any) -> None:
        """The enum's type says it all."""

    def plain(self, value: Any) -> Any:
        """The enum's value (a string)."""
        return value.value

    def read(self, value: Any) -> enum.Enum:
        """The enum member whose value is ``value``."""
        return self.kind(value)


@dataclass(frozen=True, slots=True)
class Number:
    """A whole number from ``low`` to ``high``; with ``blank``, no number at all (``None``) too.

    ``refusal`` is what the engine says of a number out of range.
    """

    low: int
    high: int
    refusal: str
    blank: bool = False

    def check(self, value: Any) -> None:
        """Refuse anything but a whole number in range (or ``None`` when ``blank``)."""
        if value is None and self.blank:
            return
        if not is_whole(value) or not self.low <= value <= self.high:
            raise RulesError(self.refusal)

    def plain(self, value: Any) -> Any:
        """The number as it is."""
        return value

    def read(self, value: Any) -> Any:
        """The number as stored; ``check`` refuses a wrong one."""
        return value


@dataclass(frozen=True, slots=True)
class HandList:
    """A list of hand sizes typed by the table (at most ``MOST_HANDS``, none of fewer than one card), or ``None``."""

    #: What ``check`` says of a list too long or empty, and of a hand of no cards.
    HOW_MANY: ClassVar[str] = N_("Una lista de manos a medida tiene de 1 a 100 manos")
    NO_CARDS: ClassVar[str] = N_("Cada mano de la lista debe tener al menos una carta")

    def check(self, value: Any) -> None:
        """From 1 to ``MOST_HANDS`` hands, each of at least one card."""
        if value is None:
            return
        if not 1 <= len(value) <= MOST_HANDS:
            raise RulesError(self.HOW_MANY)
        if any(not is_whole(n) or n < 1 for n in value):
            raise RulesError(self.NO_CARDS)

    def plain(self, value: Any) -> Any:
        """A list, or ``None``."""
        return None if value is None else list(value)

    def read(self, value: Any) -> tuple[Any, ...] | None:
        """A tuple, or ``None``."""
        return None if value is None else tuple(value)


@dataclass(frozen=True, slots=True)
class Section:
    """A group of options on the new-game form (a fieldset): its legend, and a hint under it."""

    legend: str
    hint: str | None = None


HANDS = Section(N_("Manos"))
SPECIAL_HANDS = Section(
    N_("Manos especiales"),
    N_(
        "Escribe el número de la mano que se juega así, o «fin» para añadirla al final. Las indias van en una "
        "mano de una carta; el subastado, en una con todas las cartas."
    ),
)
POINTS = Section(N_("Apuestas y puntos"))
TIES = Section(N_("Empates"))
#: The fieldsets of the new-game form's «Más opciones», in the order shown.
SECTIONS: tuple[Section, ...] = (HANDS, SPECIAL_HANDS, POINTS, TIES)


@dataclass(frozen=True, slots=True)
class Shown:
    """Where the new-game form shows an option: its section, and its rank there (smaller first)."""

    section: Section
    rank: int


@dataclass(frozen=True, slots=True)
class SavedBefore:
    """How games stored before an option existed were played: the value a stored dict without it is read with."""

    value: Any
    why: str


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option, described once.

    ``label`` and ``hint`` are what the new-game form says (msgids), ``form`` where it shows it (``None``: not on
    the form); ``control`` how the value is chosen and checked; ``phone`` whether the game's card carries it
    (it changes what the phone computes from the card); ``saved_before`` the value of games stored before the
    option existed, when it is not simply the default. ``what``, ``source`` and ``empty`` (what an empty value
    means) are the English of docs/rules.md's table.
    """

    control: Control
    what: str
    source: str
    label: str | None = None
    hint: str | None = None
    form: Shown | None = None
    phone: bool = False
    saved_before: SavedBefore | None = None
    empty: str = "none"


def described(description: Option) -> dict[str, Option]:
    """The metadata of a ``Rules`` field that holds its description: ``field(default=…, metadata=described(…))``."""
    return {OPTION: description}
