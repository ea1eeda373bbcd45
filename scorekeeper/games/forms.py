"""Forms of the games blueprint: shape checks only; every rule is asked of the engine."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Final, TypeVar

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional, ValidationError

from scorekeeper.engine import (
    CUSTOM_PRESET,
    MAX_PLAYERS,
    OPTIONS,
    PRESETS,
    Choice,
    Flag,
    HandKind,
    HandList,
    Number,
    Option,
    Places,
    PochaError,
    Rules,
    Special,
    form_layout,
    preset_rules,
    schedule,
)
from scorekeeper.engine.errors import N_
from scorekeeper.engine.options import MOST_HANDS
from scorekeeper.engine.rules import SPECIAL_KINDS
from scorekeeper.labels.engine_messages import engine_message
from scorekeeper.labels.game_words import KIND_NAMES, PRESET_NAMES, kind_label
from scorekeeper.plumbing.form_choices import NOT_OFFERED, offered
from scorekeeper.plumbing.form_numbers import NumberedFields, WholeNumberField, whole_number
from scorekeeper.storage.player_names import NamesError, check_names, tidy_name

RANDOM_DEALER = "azar"
#: Why a first dealer is refused: not one of the players (or, from a phone's creation, «al azar» left undrawn).
CHOOSE_DEALER = _l("Elige quién reparte primero")
AS_PRESET = ""  # an option left "as the rules say"
AS_RULES = _l("Según las reglas")

# What the form says of a choice it refuses (message templates: the phone's copy of the form reads them too,
# games/new_game_data.py).
TOO_MANY_HANDS: Final = N_("Como mucho %(max)s manos")
NOT_SIZES: Final = N_("Escribe solo números separados por espacios, como 1 2 3 3 2 1")
NOT_A_PLACE: Final = N_("%(kind)s: escribe el número de la mano, o «fin»")
#: What a special hand's field takes besides a hand's number to put it after the schedule (0 does too).
AT_THE_END: Final = ("fin", "final", "end")


def choices(*pairs: tuple[str, Any]) -> list[SelectChoice]:
    """Select options from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def option_choices(names: Mapping[Any, Any]) -> list[SelectChoice]:
    """ "As the rules say", then each value of an option with its name."""
    return choices((AS_PRESET, AS_RULES), *((value.value, name) for value, name in names.items()))


class YesNo(Enum):
    """An option turned on ("1") or off ("0") by the table."""

    YES = "1"
    NO = "0"


YES_NO = option_choices({YesNo.YES: _l("Sí"), YesNo.NO: _l("No")})


def preset_choices() -> list[SelectChoice]:
    """The named rule sets players can pick, then "a medida"."""
    return choices(*PRESET_NAMES.items())


def check_form_names(names: list[str]) -> None:
    """The names' check (``players.check_names``) as a field error."""
    try:
        check_names(names)
    except NamesError as error:
        raise ValidationError(str(error)) from None


#: The longest list of hands a table can ask for (far more than any evening needs): the engine's.
MAX_CUSTOM_HANDS = MOST_HANDS


def _sizes(text: str) -> tuple[int, ...]:
    """The hand sizes typed as «1 2 3 3 2 1» (commas allowed), ASCII digits only."""
    sizes = [whole_number(part, 2) for part in text.replace(",", " ").split()]
    if len(sizes) > MAX_CUSTOM_HANDS:
        raise ValidationError(_l(TOO_MANY_HANDS, max=MAX_CUSTOM_HANDS))
    if not all(size is not None for size in sizes):
        raise ValidationError(_l(NOT_SIZES))
    return tuple(size for size in sizes if size is not None)


def check_sizes(form: Any, field: StringField) -> None:
    """Numbers only; the engine checks they fit the table."""
    if field.data and field.data.strip():
        _sizes(field.data)


E = TypeVar("E", bound=Enum)


def _choice(field: SelectField, kind: type[E]) -> E | None:
    """The option chosen in ``field`` as a ``kind``; ``None`` for "as the rules say"; one not offered is refused."""
    if not field.data:
        return None
    return kind(offered(field))


#: The options the new-game form shows, in the order of their fields of ``Rules``.
FORM_OPTIONS: dict[str, Option] = {name: about for name, about in OPTIONS.items() if about.form is not None}
#: The order ``chosen_rules`` reads the options in, by their control (then in the order of their fields): the lists
#: of choices first, the list of hands and the special hands last. When several are wrong, the first is named.
READ_ORDER: tuple[type, ...] = (Choice, Flag, Number, HandList, Places)


@dataclass(frozen=True, slots=True)
class ShownField:
    """A field of «Más opciones» as the template draws it: its name, its hint (a msgid) and whether it takes digits."""

    name: str
    hint: str | None = None
    numeric: bool = False

    @property
    def attrs(self) -> dict[str, str]:
        """The input's own attributes: a keyboard of digits for numbers."""
        return {"inputmode": "numeric"} if self.numeric else {}


@dataclass(frozen=True, slots=True)
class FormSection:
    """A fieldset of «Más opciones»: its legend and hint (msgids, translated by the template) and its fields."""

    legend: str
    hint: str | None
    fields: tuple[ShownField, ...]


def option_fields(name: str, about: Option) -> dict[str, Any]:
    """The unbound form fields of option ``name``, as its control asks: «Sí»/«No» or a list of choices (each with
    «Según las reglas» first), a whole number within its bounds, a list of hand sizes, or where each special hand
    is played."""
    control = about.control
    label = _l(about.label or name)
    if isinstance(control, Flag):
        return {name: SelectField(label, choices=YES_NO, default=AS_PRESET)}
    if isinstance(control, Choice):
        labels = {value: _l(text) for value, text in control.labels.items()}
        return {name: SelectField(label, choices=option_choices(labels), default=AS_PRESET)}
    if isinstance(control, Number):
        return {name: WholeNumberField(label, validators=[Optional(), NumberRange(control.low, control.high)])}
    if isinstance(control, HandList):
        return {name: StringField(label, validators=[check_sizes])}
    if isinstance(control, Places):
        return {kind.value: StringField(KIND_NAMES[kind]) for kind in SPECIAL_KINDS}
    raise TypeError(f"the new-game form has no field for {name}'s control")


def shown_fields(name: str, about: Option) -> tuple[ShownField, ...]:
    """How the template draws the fields of option ``name``."""
    control = about.control
    if isinstance(control, Places):
        return tuple(ShownField(kind.value) for kind in SPECIAL_KINDS)
    return (ShownField(name, about.hint, numeric=isinstance(control, (Number, HandList))),)


def form_sections() -> tuple[FormSection, ...]:
    """«Más opciones» as the rules describe it: each section with the fields of its options, in order."""
    return tuple(
        FormSection(
            section.legend,
            section.hint,
            tuple(shown for name in names for shown in shown_fields(name, OPTIONS[name])),
        )
        for section, names in form_layout()
    )


class NewGameForm(FlaskForm):
    """Players in the order play goes round, the first dealer, the preset and every option under "más opciones"."""

    # Eight slots are shown; a form sent with more names keeps them (up to twice as many), so that
    # the count check refuses them and shows them again instead of dropping the extra ones unseen.
    names = NumberedFields(StringField(_l("Jugador")), min_entries=MAX_PLAYERS, max_entries=2 * MAX_PLAYERS)
    first_dealer = SelectField(_l("Reparte primero"), default=RANDOM_DEALER, validate_choice=False)
    preset = SelectField(_l("Reglas"), default="clasica")

    #: The manager's token of the peña the game is started from (its league counts the game); empty for most games.
    pena = HiddenField()

    #: The fieldsets of «Más opciones», as the template draws them.
    SECTIONS: ClassVar[tuple[FormSection, ...]]
    #: The fields of every option, in the form's order (an address keeps the form's values in this order too).
    OPTION_FIELDS: ClassVar[tuple[str, ...]]
    #: The field of each special hand: where it is played.
    SPECIAL_FIELDS: ClassVar[dict[str, HandKind]] = {kind.value: kind for kind in SPECIAL_KINDS}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.preset.choices = preset_choices()
        self.rules: Rules | None = None
        self.rules_error: str | None = None
        self.refresh_dealers()

    # --- names ---------------------------------------------------------------------------------

    def player_names(self) -> list[str]:
        """The names typed, blanks left out, spaces tidied."""
        return [tidy_name(entry.data) for entry in self.names.entries if (entry.data or "").strip()]

    def refresh_dealers(self) -> None:
        """Offer "at random" and the players typed as the first dealer (each seat by number while none is typed)."""
        names = self.player_names()
        seats = names or [_l("Jugador %(n)s", n=i + 1) for i in range(MAX_PLAYERS)]
        self.first_dealer.choices = choices(
            (RANDOM_DEALER, _l("Al azar")), *((str(i), name) for i, name in enumerate(seats))
        )

    def move(self, index: int, by: int) -> None:
        """Move the name in slot ``index`` one name up (``by`` −1) or down (+1), keeping blanks at the end."""
        slots = [tidy_name(entry.data) for entry in self.names.entries]
        names = [name for name in slots if name]
        if 0 <= index < len(slots) and slots[index]:
            at = sum(1 for name in slots[:index] if name)  # the slot's place among the names typed
            other = at + by
            if 0 <= other < len(names):
                names[at], names[other] = names[other], names[at]
                self._follow_dealer(at, other)
        for entry, name in zip(self.names.entries, names + [""] * len(slots)):
            entry.data = name
            entry.raw_data = [name]
        self.refresh_dealers()

    def _follow_dealer(self, one: int, other: int) -> None:
        """Keep the chosen first dealer on the same player when two names swap places."""
        chosen = str(self.first_dealer.data)
        if chosen == str(one):
            self.first_dealer.data = str(other)
        elif chosen == str(other):
            self.first_dealer.data = str(one)

    def validate_names(self, field: NumberedFields) -> None:
        """From 3 to 8 names, none too long, no two alike."""
        check_form_names(self.player_names())

    def validate_first_dealer(self, field: SelectField) -> None:
        """At random, or one of the players."""
        seat = whole_number(str(field.data), 1)
        if field.data != RANDOM_DEALER and not (seat is not None and seat < len(self.player_names())):
            raise ValidationError(CHOOSE_DEALER)

    @property
    def options_open(self) -> bool:
        """True when "más opciones" must be shown open: the rules failed or one of its fields was refused."""
        return bool(self.rules_error) or any(self[name].errors for name in self.OPTION_FIELDS)

    # --- rules ---------------------------------------------------------------------------------

    def chosen_rules(self) -> Rules:
        """The preset with every option the table changed; raises ``PochaError`` when they make no game."""
        changes: dict[str, Any] = {}
        for name, about in sorted(FORM_OPTIONS.items(), key=lambda item: READ_ORDER.index(type(item[1].control))):
            chosen = self.chosen(name, about)
            if chosen is not None:
                changes[name] = chosen
        if self.preset.data and self.preset.data not in PRESETS and self.preset.data != CUSTOM_PRESET:
            raise ValidationError(_l(NOT_OFFERED, label=self.preset.label.text))
        return preset_rules(self.preset.data or "clasica", **changes)

    def chosen(self, name: str, about: Option) -> Any:
        """The value the table chose for option ``name``; ``None`` for "as the rules say"."""
        control = about.control
        if isinstance(control, Flag):
            flag = _choice(self[name], YesNo)
            return None if flag is None else flag is YesNo.YES
        if isinstance(control, Choice):
            return _choice(self[name], control.kind)
        if isinstance(control, Number):
            return self[name].data
        if isinstance(control, HandList):
            text = self[name].data
            return _sizes(text) if text and text.strip() else None
        return self.chosen_specials()

    def chosen_specials(self) -> tuple[Special, ...] | None:
        """The special hands switched on, each where it is played (a hand's number, or «fin»); ``None`` for none."""
        specials = []
        for name, kind in self.SPECIAL_FIELDS.items():
            where = (self[name].data or "").strip().lower()
            if not where:
                continue
            number = whole_number(where, 3)
            if where in AT_THE_END or number == 0:
                specials.append(Special(kind, None))
            elif number is not None:
                specials.append(Special(kind, number))
            else:
                raise ValidationError(_l(NOT_A_PLACE, kind=kind_label(kind)))
        return tuple(specials) if specials else None

    def check_rules(self, players: int) -> Rules | None:
        """Build the rules and the schedule for ``players``; keep the reason in ``rules_error`` when they fail."""
        try:
            rules = self.chosen_rules()
            schedule(players, 0, rules)
        except ValidationError as error:
            self.rules_error = str(error)
            return None
        except PochaError as error:
            self.rules_error = engine_message(error.message)
            return None
        self.rules = rules
        return rules


def add_option_fields(form: type[NewGameForm]) -> None:
    """Give ``form`` the fields of every option the rules show on it, in the order shown, and its sections."""
    for _section, names in form_layout():
        for name in names:
            for field_name, unbound in option_fields(name, OPTIONS[name]).items():
                setattr(form, field_name, unbound)
    form.SECTIONS = form_sections()
    form.OPTION_FIELDS = tuple(shown.name for section in form.SECTIONS for shown in section.fields)


add_option_fields(NewGameForm)
