"""The rules a table agrees before the game: every option, described once beside its default; the named presets."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar

from .cards import Suit
from .counts import is_whole
from .errors import N_, RulesError
from .options import (
    HANDS,
    OPTION,
    POINTS,
    SECTIONS,
    SPECIAL_HANDS,
    TIES,
    Choice,
    Flag,
    HandList,
    Number,
    Option,
    SavedBefore,
    Section,
    Shown,
    described,
)


class Ones(enum.Enum):
    """How many one-card hands open (or close) the game."""

    NONE = "none"
    SINGLE = "single"
    FULL_TURN = "full_turn"


class Multipliers(enum.Enum):
    """Suit multipliers applied to a hand's score according to its trump."""

    NONE = "none"
    COPAS2_OROS3 = "copas2_oros3"
    OROS2 = "oros2"

    def factor(self, trump: Suit | None) -> int:
        """The multiplier for a hand whose trump is ``trump``."""
        if self is Multipliers.COPAS2_OROS3:
            return 3 if trump is Suit.OROS else 2 if trump is Suit.COPAS else 1
        if self is Multipliers.OROS2:
            return 2 if trump is Suit.OROS else 1
        return 1


class TieBreak(enum.Enum):
    """The size of the extra hand played while first place is still tied."""

    ALL_CARDS = "all_cards"
    ONE_CARD = "one_card"


class HandKind(enum.Enum):
    """A normal hand or one of the special hands."""

    NORMAL = "normal"
    INDIAS = "indias"
    SUBASTADO = "subastado"
    MANO_DE_ORO = "mano_de_oro"
    SIN_TRIUNFO = "sin_triunfo"
    DESEMPATE = "desempate"

    @property
    def fixed_trump(self) -> Suit | None:
        """The trump this kind of hand sets whatever is turned (oros for mano de oro)."""
        return Suit.OROS if self is HandKind.MANO_DE_ORO else None

    @property
    def has_trump(self) -> bool:
        """False for sin triunfo, the one kind played without trump."""
        return self is not HandKind.SIN_TRIUNFO

    @property
    def fixes_trump(self) -> bool:
        """True when the kind of hand sets the trump, whatever is turned: oros (mano de oro), or none (sin triunfo)."""
        return self.fixed_trump is not None or not self.has_trump


SPECIAL_KINDS: tuple[HandKind, ...] = (
    HandKind.INDIAS,
    HandKind.SUBASTADO,
    HandKind.MANO_DE_ORO,
    HandKind.SIN_TRIUNFO,
)


@dataclass(frozen=True, slots=True)
class Special:
    """A special hand switched on for the game.

    ``at`` is the number (from 1) of the scheduled hand it replaces, which
    keeps its size (indias needs a one-card hand, subastado a hand with every
    card); with ``at=None`` the special hand is added after the schedule
    (indias with one card, the others with every card).
    """

    kind: HandKind
    at: int | None = None


@dataclass(frozen=True, slots=True)
class Places:
    """The special hands switched on, each where it is played: the form asks for a hand's number, or «fin»."""

    #: What ``check`` says of a kind that is not special, of a hand numbered below 1, and of two in one hand.
    NOT_SPECIAL: ClassVar[str] = N_("Solo hay cuatro manos especiales: indias, subastado, mano de oro y sin triunfo")
    FROM_ONE: ClassVar[str] = N_("Las manos se numeran desde 1")
    SAME_HAND: ClassVar[str] = N_("Dos manos especiales no pueden ocupar la misma mano")

    def check(self, value: Any) -> None:
        """Only the four special kinds, numbered from 1, never two in the same hand."""
        kinds = [special.kind for special in value]
        if any(kind not in SPECIAL_KINDS for kind in kinds):
            raise RulesError(self.NOT_SPECIAL)
        places = [special.at for special in value if special.at is not None]
        if any(not is_whole(at) or at < 1 for at in places):
            raise RulesError(self.FROM_ONE)
        if len(places) != len(set(places)):
            raise RulesError(self.SAME_HAND)

    def plain(self, value: Any) -> Any:
        """A list of ``{"kind": …, "at": …}``."""
        return [{"kind": special.kind.value, "at": special.at} for special in value]

    def read(self, value: Any) -> tuple[Special, ...]:
        """The specials from their plain form."""
        return tuple(Special(HandKind(special["kind"]), special.get("at")) for special in value)


ONES = Choice(
    {Ones.FULL_TURN: N_("Una vuelta (una por jugador)"), Ones.SINGLE: N_("Una sola"), Ones.NONE: N_("Ninguna")}
)
POINTS_RANGE = Number(0, 1000, N_("Los puntos deben ser un número entre 0 y 1000"))


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything a table agrees before dealing; the defaults are Wikipedia's classic game.

    Each field describes its option once (``Option``, scorekeeper/engine/options.py): the new-game form, the game's
    card, the tables of docs/rules.md ("Options", "Games saved before") and the tests read it from there.
    """

    opening_ones: Ones = field(
        default=Ones.FULL_TURN,
        metadata=described(
            Option(
                ONES,
                label=N_("Manos de una carta al empezar"),
                form=Shown(HANDS, 10),
                what="one-card hands to open",
                source=(
                    "Wikipedia (a turn, or one to make the game shorter); Ludoteka and the four-player sheet open "
                    "with one"
                ),
            )
        ),
    )
    climb: bool = field(
        default=True,
        metadata=described(
            Option(
                Flag(),
                label=N_("Subir de dos cartas al máximo"),
                form=Shown(HANDS, 20),
                what="one hand each of 2 … M−1 cards",
                source="all texts; Ludoteka's third variant plays only hands of M",
            )
        ),
    )
    max_hands: int | None = field(
        default=None,
        metadata=described(
            Option(
                Number(1, 40, N_("Las manos con el máximo de cartas deben ser entre 1 y 40"), blank=True),
                label=N_("Manos con el máximo de cartas (vacío: una vuelta)"),
                form=Shown(HANDS, 30),
                what="hands of M cards (empty: one per player)",
                empty="one per player",
                source='Wikipedia ("two or three turns" by choice); the four-player sheet plays four with four players',
            )
        ),
    )
    descend: bool = field(
        default=True,
        metadata=described(
            Option(
                Flag(),
                label=N_("Bajar después del máximo"),
                form=Shown(HANDS, 40),
                what="back down from M−1 to 2",
                source="Wikipedia, Ludoteka, the four-player sheet; Ludoteka's second and third variants do not",
            )
        ),
    )
    closing_ones: Ones = field(
        default=Ones.FULL_TURN,
        metadata=described(
            Option(
                ONES,
                label=N_("Manos de una carta al final"),
                form=Shown(HANDS, 50),
                what="one-card hands to close",
                source="Wikipedia (a full turn, or the game ends); Ludoteka and the four-player sheet end with one",
            )
        ),
    )
    custom_sizes: tuple[int, ...] | None = field(
        default=None,
        metadata=described(
            Option(
                HandList(),
                label=N_("Lista de manos a medida (cartas de cada mano)"),
                hint=N_("Si la escribes, manda sobre todo lo anterior. Ejemplo: 1 2 3 4 5 5 4 3 2 1"),
                form=Shown(HANDS, 60),
                what="the table's own list of hand sizes",
                source="Pocha",
            )
        ),
    )
    specials: tuple[Special, ...] = field(
        default=(),
        metadata=described(
            Option(
                Places(),
                label=N_("Manos especiales"),
                form=Shown(SPECIAL_HANDS, 10),
                what="indias, subastado, mano de oro, sin triunfo, and where",
                source="Wikipedia; the four-player sheet (subastado)",
            )
        ),
    )
    forbidden_in_one_card_hands: bool = field(
        default=True,
        metadata=described(
            Option(
                Flag(),
                label=N_("Apuesta obligada también en manos de una carta"),
                form=Shown(POINTS, 10),
                phone=True,
                what="the dealer's forbidden bid in one-card hands",
                source="Wikipedia; Ludoteka leaves it out",
            )
        ),
    )
    exact_base: int = field(
        default=10,
        metadata=described(
            Option(
                POINTS_RANGE,
                label=N_("Puntos por acertar"),
                form=Shown(POINTS, 20),
                phone=True,
                what="points for a bid made",
                source="all texts",
            )
        ),
    )
    exact_per_trick: int = field(
        default=5,
        metadata=described(
            Option(
                POINTS_RANGE,
                label=N_("Puntos por baza acertada"),
                form=Shown(POINTS, 30),
                phone=True,
                what="points per baza of a bid made",
                source="all texts",
            )
        ),
    )
    miss_per_trick: int = field(
        default=5,
        metadata=described(
            Option(
                POINTS_RANGE,
                label=N_("Puntos que se pierden por baza de diferencia"),
                form=Shown(POINTS, 40),
                phone=True,
                what="points lost per baza of difference",
                source="all texts",
            )
        ),
    )
    multipliers: Multipliers = field(
        default=Multipliers.NONE,
        metadata=described(
            Option(
                Choice(
                    {
                        Multipliers.NONE: N_("No: todos los palos igual"),
                        Multipliers.COPAS2_OROS3: N_("Copas ×2 y oros ×3"),
                        Multipliers.OROS2: N_("Solo oros ×2"),
                    }
                ),
                label=N_("Multiplicar por el palo de triunfo"),
                form=Shown(POINTS, 50),
                phone=True,
                what="suit multipliers",
                source="Wikipedia",
            )
        ),
    )
    pocha_bonus: bool = field(
        default=False,
        metadata=described(
            Option(
                Flag(),
                label=N_("«La pocha»: pedirlas todas (5 o más) y hacerlas vale 100"),
                form=Shown(POINTS, 60),
                phone=True,
                what="la pocha scores `pocha_points`",
                source="Wikipedia",
            )
        ),
    )
    pocha_points: int = field(
        default=100,
        metadata=described(Option(POINTS_RANGE, phone=True, what="what la pocha scores", source="Wikipedia")),
    )
    pocha_min_cards: int = field(
        default=5,
        metadata=described(
            Option(
                Number(1, 12, N_("La pocha se pide en manos de 1 a 12 cartas")),
                phone=True,
                what="the smallest hand for la pocha",
                source="Wikipedia",
            )
        ),
    )
    renuncio_penalty: int = field(
        default=50,
        metadata=described(
            Option(
                POINTS_RANGE,
                label=N_("Puntos por renuncio"),
                form=Shown(POINTS, 80),
                phone=True,
                what="points a renuncio costs",
                source="Wikipedia",
            )
        ),
    )
    tie_break: TieBreak = field(
        default=TieBreak.ALL_CARDS,
        metadata=described(
            Option(
                Choice({TieBreak.ALL_CARDS: N_("Con todas las cartas"), TieBreak.ONE_CARD: N_("Con una carta")}),
                label=N_("Mano de desempate"),
                hint=N_("En la mano de desempate juegan todos, pero solo cuentan los puntos de los empatados."),
                form=Shown(TIES, 20),
                phone=True,
                what="size of the extra hand",
                source="Wikipedia; Ludoteka",
            )
        ),
    )
    #: A tie on points goes to the player with fewer missed bids before any extra hand (Wikipedia).
    misses_break_ties: bool = field(
        default=True,
        metadata=described(
            Option(
                Flag(),
                label=N_("Empate a puntos: gana quien menos apuestas ha fallado"),
                hint=N_("Si no, un empate en cabeza se deshace directamente con una mano más."),
                form=Shown(TIES, 10),
                phone=True,
                saved_before=SavedBefore(
                    True, "before this option, missed bids broke ties in every preset, Ludoteka's and Corta's too"
                ),
                what="a tie goes to fewer missed bids before any extra hand",
                source="Wikipedia; Ludoteka and the English sheet go straight to another hand",
            )
        ),
    )
    #: The suit multiplier applies to la pocha's points too (off: la pocha scores ``pocha_points`` as they are).
    pocha_multiplied: bool = field(
        default=False,
        metadata=described(
            Option(
                Flag(),
                label=N_("«La pocha» también se multiplica por el palo de triunfo"),
                hint=N_("Si no, «la pocha» vale sus puntos tal cual, pinte lo que pinte."),
                form=Shown(POINTS, 70),
                phone=True,
                saved_before=SavedBefore(True, "before this option, the suit multiplier applied to la pocha's points"),
                what="the suit multiplier applies to la pocha",
                source='Wikipedia ("directamente 100")',
            )
        ),
    )
    #: In an extra hand only the points of the players tied for first count (off: everyone's, as games saved before).
    extra_hand_only_tied: bool = field(
        default=True,
        metadata=described(
            Option(
                Flag(),
                phone=True,
                saved_before=SavedBefore(
                    False,
                    "before this option, every player's points in an extra hand counted, so a player outside the tie "
                    "could overtake",
                ),
                what="in an extra hand only the tied players' points count",
                source="Pocha's reading of all four ([Ties](#ties))",
            )
        ),
    )

    def __post_init__(self) -> None:
        """Reject options that cannot make a game: each is checked by its control, in the order of the fields."""
        for name, about in OPTIONS.items():
            about.control.check(getattr(self, name))

    def multiplier(self, trump: Suit | None) -> int:
        """The factor applied to a hand's score when ``trump`` is the trump."""
        return self.multipliers.factor(trump)

    def forbidden_applies(self, cards: int) -> bool:
        """Whether the dealer's forbidden bid is enforced in a hand of ``cards`` cards."""
        return cards != 1 or self.forbidden_in_one_card_hands

    def to_dict(self) -> dict[str, Any]:
        """Plain values (for JSON), each as its option's control keeps it: enums by value, tuples as lists."""
        return {name: about.control.plain(getattr(self, name)) for name, about in OPTIONS.items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from ``to_dict`` output; unknown keys or bad values raise ``RulesError``.

        A key missing from ``data`` takes the value in ``SAVED_BEFORE`` when it has one (how games
        saved before that option existed were played), else the default.
        """
        if not isinstance(data, dict):
            raise RulesError(N_("Las reglas guardadas no se pueden leer"))
        unknown = sorted(set(data) - set(OPTIONS))
        if unknown:
            raise RulesError(N_("Opción desconocida en las reglas: %(name)s"), name=unknown[0])
        kwargs: dict[str, Any] = {name: value for name, value in SAVED_BEFORE.items() if name not in data}
        try:
            for name, value in data.items():
                kwargs[name] = OPTIONS[name].control.read(value)
            return cls(**kwargs)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            if isinstance(exc, RulesError):
                raise
            raise RulesError(N_("Las reglas guardadas no se pueden leer")) from None


#: Every option of ``Rules`` by name, in the order of its fields, as described beside it.
OPTIONS: dict[str, Option] = {f.name: f.metadata[OPTION] for f in fields(Rules)}

#: How games saved before an option existed were played (docs/rules.md, "Games saved before"), from each
#: option's ``saved_before``. ``Rules.from_dict`` gives a stored dict without the option this value, whatever
#: the default now is.
SAVED_BEFORE: dict[str, Any] = {
    name: about.saved_before.value for name, about in OPTIONS.items() if about.saved_before is not None
}

#: The options the game's card carries for the phone (those with ``phone=True``), in the order of the fields.
PHONE_OPTIONS: tuple[str, ...] = tuple(name for name, about in OPTIONS.items() if about.phone)


def form_layout() -> tuple[tuple[Section, tuple[str, ...]], ...]:
    """The new-game form's sections, in order, each with the options it shows, by their rank."""
    shown = [(name, about.form) for name, about in OPTIONS.items() if about.form is not None]
    return tuple(
        (
            section,
            tuple(name for name, place in sorted(shown, key=lambda item: item[1].rank) if place.section is section),
        )
        for section in SECTIONS
    )


#: The classic rules (Wikipedia's), every option at its default.
DEFAULT_RULES = Rules()


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of rules that players know."""

    key: str
    name: str
    description: str
    rules: Rules = field(default_factory=Rules)


#: The quick game's hands: ten, none bigger than five cards, so the same list fits every table from 3 to 8 players.
QUICK_SIZES: tuple[int, ...] = (1, 2, 3, 4, 5, 5, 4, 3, 2, 1)

PRESETS: dict[str, Preset] = {
    preset.key: preset
    for preset in (
        Preset(
            "clasica",
            N_("Clásica (Wikipedia)"),
            N_(
                "Una vuelta de manos de una carta, subir hasta el máximo, una vuelta con el máximo, bajar y otra vuelta de una carta."
            ),
            Rules(),
        ),
        Preset(
            "corta",
            N_("Corta"),
            N_("Una mano de una carta, subir, una vuelta con el máximo, bajar y una mano de una carta."),
            Rules(opening_ones=Ones.SINGLE, closing_ones=Ones.SINGLE, misses_break_ties=False),
        ),
        Preset(
            "rapida",
            N_("Rápida (10 manos)"),
            N_(
                "Diez manos con cualquier número de jugadores: de una carta a cinco y vuelta a una "
                "(1 2 3 4 5 5 4 3 2 1); el desempate, a una carta. Una media hora."
            ),
            Rules(custom_sizes=QUICK_SIZES, tie_break=TieBreak.ONE_CARD),
        ),
        Preset(
            "ludoteka",
            N_("Ludoteka: subir y bajar"),
            N_(
                "De una carta al máximo y vuelta a una; en las manos de una carta no hay apuesta obligada; desempate a una carta."
            ),
            Rules(
                opening_ones=Ones.SINGLE,
                closing_ones=Ones.SINGLE,
                forbidden_in_one_card_hands=False,
                tie_break=TieBreak.ONE_CARD,
                misses_break_ties=False,
            ),
        ),
        Preset(
            "ludoteka_subir",
            N_("Ludoteka: solo subir"),
            N_("De una carta hasta el máximo, y una vuelta con el máximo; sin bajar."),
            Rules(
                opening_ones=Ones.SINGLE,
                descend=False,
                closing_ones=Ones.NONE,
                forbidden_in_one_card_hands=False,
                tie_break=TieBreak.ONE_CARD,
                misses_break_ties=False,
            ),
        ),
        Preset(
            "ludoteka_maximo",
            N_("Ludoteka: solo el máximo"),
            N_("Solo manos con todas las cartas: una vuelta."),
            Rules(
                opening_ones=Ones.NONE,
                climb=False,
                descend=False,
                closing_ones=Ones.NONE,
                forbidden_in_one_card_hands=False,
                tie_break=TieBreak.ONE_CARD,
                misses_break_ties=False,
            ),
        ),
    )
}
CUSTOM_PRESET = "a_medida"


def preset_rules(key: str, **changes: Any) -> Rules:
    """The rules of preset ``key`` with ``changes`` applied; ``a_medida`` starts from the defaults."""
    if key == CUSTOM_PRESET:
        base = Rules()
    elif key in PRESETS:
        base = PRESETS[key].rules
    else:
        raise RulesError(N_("No hay reglas llamadas «%(name)s»"), name=key)
    try:
        return replace(base, **changes)
    except TypeError:
        raise RulesError(N_("Opción desconocida en las reglas")) from None
