"""Forms of the games blueprint: shape checks only; every rule is asked of the engine."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, ClassVar, TypeVar

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import NumberRange, Optional, ValidationError

from scorekeeper.engine import (
    CUSTOM_PRESET,
    MAX_PLAYERS,
    PRESETS,
    HandKind,
    Multipliers,
    Ones,
    PochaError,
    Rules,
    Special,
    TieBreak,
    preset_rules,
    schedule,
)
from scorekeeper.labels.engine_messages import engine_message
from scorekeeper.labels.game_words import MULTIPLIER_NAMES, ONES_NAMES, PRESET_NAMES, TIE_BREAK_NAMES, kind_label
from scorekeeper.plumbing.form_numbers import NumberedFields, WholeNumberField, whole_number
from scorekeeper.storage.player_names import NamesError, check_names, tidy_name

RANDOM_DEALER = "azar"
AS_PRESET = ""  # an option left "as the rules say"
AS_RULES = _l("Según las reglas")


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
ONES = option_choices(ONES_NAMES)
MULTIPLIERS = option_choices(MULTIPLIER_NAMES)
TIE_BREAK = option_choices(TIE_BREAK_NAMES)


def preset_choices() -> list[SelectChoice]:
    """The named rule sets players can pick, then "a medida"."""
    return choices(*PRESET_NAMES.items())


def check_form_names(names: list[str]) -> None:
    """The names' check (``players.check_names``) as a field error."""
    try:
        check_names(names)
    except NamesError as error:
        raise ValidationError(str(error)) from None


#: The longest list of hands a table can ask for (far more than any evening needs).
MAX_CUSTOM_HANDS = 100


def _sizes(text: str) -> tuple[int, ...]:
    """The hand sizes typed as «1 2 3 3 2 1» (commas allowed), ASCII digits only."""
    sizes = [whole_number(part, 2) for part in text.replace(",", " ").split()]
    if len(sizes) > MAX_CUSTOM_HANDS:
        raise ValidationError(_l("Como mucho %(max)s manos", max=MAX_CUSTOM_HANDS))
    if not all(size is not None for size in sizes):
        raise ValidationError(_l("Escribe solo números separados por espacios, como 1 2 3 3 2 1"))
    return tuple(size for size in sizes if size is not None)


E = TypeVar("E", bound=Enum)


def _choice(field: SelectField, kind: type[E]) -> E | None:
    """The option chosen in ``field`` as a ``kind``; ``None`` for "as the rules say"; one not offered is refused."""
    value = field.data
    if not value:
        return None
    if value not in {choice[0] if isinstance(choice, tuple) else choice.value for choice in field.choices or ()}:
        raise ValidationError(_l("%(label)s: elige una de las opciones de la lista", label=field.label.text))
    return kind(value)


class NewGameForm(FlaskForm):
    """Players in the order play goes round, the first dealer, the preset and every option under "más opciones"."""

    # Eight slots are shown; a form sent with more names keeps them (up to twice as many), so that
    # the count check refuses them and shows them again instead of dropping the extra ones unseen.
    names = NumberedFields(StringField(_l("Jugador")), min_entries=MAX_PLAYERS, max_entries=2 * MAX_PLAYERS)
    first_dealer = SelectField(_l("Reparte primero"), default=RANDOM_DEALER, validate_choice=False)
    preset = SelectField(_l("Reglas"), default="clasica")

    opening_ones = SelectField(_l("Manos de una carta al empezar"), choices=ONES, default=AS_PRESET)
    climb = SelectField(_l("Subir de dos cartas al máximo"), choices=YES_NO, default=AS_PRESET)
    max_hands = WholeNumberField(
        _l("Manos con el máximo de cartas (vacío: una vuelta)"), validators=[Optional(), NumberRange(1, 40)]
    )
    descend = SelectField(_l("Bajar después del máximo"), choices=YES_NO, default=AS_PRESET)
    closing_ones = SelectField(_l("Manos de una carta al final"), choices=ONES, default=AS_PRESET)
    custom_sizes = StringField(_l("Lista de manos a medida (cartas de cada mano)"))
    forbidden_in_one_card_hands = SelectField(
        _l("Apuesta obligada también en manos de una carta"), choices=YES_NO, default=AS_PRESET
    )
    multipliers = SelectField(_l("Multiplicar por el palo de triunfo"), choices=MULTIPLIERS, default=AS_PRESET)
    pocha_bonus = SelectField(
        _l("«La pocha»: pedirlas todas (5 o más) y hacerlas vale 100"), choices=YES_NO, default=AS_PRESET
    )
    pocha_multiplied = SelectField(
        _l("«La pocha» también se multiplica por el palo de triunfo"), choices=YES_NO, default=AS_PRESET
    )
    renuncio_penalty = WholeNumberField(_l("Puntos por renuncio"), validators=[Optional(), NumberRange(0, 1000)])
    exact_base = WholeNumberField(_l("Puntos por acertar"), validators=[Optional(), NumberRange(0, 1000)])
    exact_per_trick = WholeNumberField(_l("Puntos por baza acertada"), validators=[Optional(), NumberRange(0, 1000)])
    miss_per_trick = WholeNumberField(
        _l("Puntos que se pierden por baza de diferencia"), validators=[Optional(), NumberRange(0, 1000)]
    )
    misses_break_ties = SelectField(
        _l("Empate a puntos: gana quien menos apuestas ha fallado"), choices=YES_NO, default=AS_PRESET
    )
    tie_break = SelectField(_l("Mano de desempate"), choices=TIE_BREAK, default=AS_PRESET)
    indias = StringField(_l("Indias"))
    subastado = StringField(_l("Subastado"))
    mano_de_oro = StringField(_l("Mano de oro"))
    sin_triunfo = StringField(_l("Sin triunfo"))
    #: The manager's token of the peña the game is started from (its league counts the game); empty for most games.
    pena = HiddenField()

    OPTION_FIELDS = (
        "opening_ones",
        "climb",
        "max_hands",
        "descend",
        "closing_ones",
        "custom_sizes",
        "forbidden_in_one_card_hands",
        "multipliers",
        "pocha_bonus",
        "pocha_multiplied",
        "renuncio_penalty",
        "exact_base",
        "exact_per_trick",
        "miss_per_trick",
        "misses_break_ties",
        "tie_break",
        "indias",
        "subastado",
        "mano_de_oro",
        "sin_triunfo",
    )
    SPECIAL_FIELDS: ClassVar[dict[str, HandKind]] = {
        "indias": HandKind.INDIAS,
        "subastado": HandKind.SUBASTADO,
        "mano_de_oro": HandKind.MANO_DE_ORO,
        "sin_triunfo": HandKind.SIN_TRIUNFO,
    }

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
            raise ValidationError(_l("Elige quién reparte primero"))

    def validate_custom_sizes(self, field: StringField) -> None:
        """Numbers only; the engine checks they fit the table."""
        if field.data and field.data.strip():
            _sizes(field.data)

    @property
    def options_open(self) -> bool:
        """True when "más opciones" must be shown open: the rules failed or one of its fields was refused."""
        return bool(self.rules_error) or any(getattr(self, name).errors for name in self.OPTION_FIELDS)

    # --- rules ---------------------------------------------------------------------------------

    def chosen_rules(self) -> Rules:
        """The preset with every option the table changed; raises ``PochaError`` when they make no game."""
        changes: dict[str, Any] = {}
        options: tuple[tuple[str, type[Enum]], ...] = (
            ("opening_ones", Ones),
            ("closing_ones", Ones),
            ("multipliers", Multipliers),
            ("tie_break", TieBreak),
        )
        for name, option in options:
            chosen = _choice(getattr(self, name), option)
            if chosen is not None:
                changes[name] = chosen
        for name in (
            "climb",
            "descend",
            "forbidden_in_one_card_hands",
            "pocha_bonus",
            "pocha_multiplied",
            "misses_break_ties",
        ):
            chosen_flag = _choice(getattr(self, name), YesNo)
            if chosen_flag is not None:
                changes[name] = chosen_flag is YesNo.YES
        for name in ("max_hands", "renuncio_penalty", "exact_base", "exact_per_trick", "miss_per_trick"):
            if getattr(self, name).data is not None:
                changes[name] = getattr(self, name).data
        if self.custom_sizes.data and self.custom_sizes.data.strip():
            changes["custom_sizes"] = _sizes(self.custom_sizes.data)
        specials = []
        for name, kind in self.SPECIAL_FIELDS.items():
            where = (getattr(self, name).data or "").strip().lower()
            if not where:
                continue
            number = whole_number(where, 3)
            if where in ("fin", "final", "end") or number == 0:
                specials.append(Special(kind, None))
            elif number is not None:
                specials.append(Special(kind, number))
            else:
                raise ValidationError(_l("%(kind)s: escribe el número de la mano, o «fin»", kind=kind_label(kind)))
        if specials:
            changes["specials"] = tuple(specials)
        if self.preset.data and self.preset.data not in PRESETS and self.preset.data != CUSTOM_PRESET:
            raise ValidationError(_l("%(label)s: elige una de las opciones de la lista", label=self.preset.label.text))
        return preset_rules(self.preset.data or "clasica", **changes)

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
