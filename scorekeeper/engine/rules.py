"""The rules a table agrees before the game: every option of docs/rules.md, its default, and the named presets."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields, replace
from typing import Any

from .cards import Suit
from .counts import is_whole
from .errors import N_, RulesError


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


#: The options that are on or off.
FLAGS: tuple[str, ...] = (
    "climb",
    "descend",
    "forbidden_in_one_card_hands",
    "pocha_bonus",
    "misses_break_ties",
    "pocha_multiplied",
    "extra_hand_only_tied",
)

#: How games saved before an option existed were played (docs/rules.md, "Games saved before").
#: ``Rules.from_dict`` gives a stored dict without the option this value, whatever the default now is:
#: missed bids broke a tie in every preset, the suit multiplier applied to la pocha's points, and
#: every player's points in an extra hand counted.
SAVED_BEFORE: dict[str, Any] = {
    "misses_break_ties": True,
    "pocha_multiplied": True,
    "extra_hand_only_tied": False,
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything a table agrees before dealing; the defaults are Wikipedia's classic game.

    Each option is described, with its source, in docs/rules.md ("Options").
    """

    opening_ones: Ones = Ones.FULL_TURN
    climb: bool = True
    max_hands: int | None = None
    descend: bool = True
    closing_ones: Ones = Ones.FULL_TURN
    custom_sizes: tuple[int, ...] | None = None
    specials: tuple[Special, ...] = ()
    forbidden_in_one_card_hands: bool = True
    exact_base: int = 10
    exact_per_trick: int = 5
    miss_per_trick: int = 5
    multipliers: Multipliers = Multipliers.NONE
    pocha_bonus: bool = False
    pocha_points: int = 100
    pocha_min_cards: int = 5
    renuncio_penalty: int = 50
    tie_break: TieBreak = TieBreak.ALL_CARDS
    #: A tie on points goes to the player with fewer missed bids before any extra hand (Wikipedia).
    misses_break_ties: bool = True
    #: The suit multiplier applies to la pocha's points too (off: la pocha scores ``pocha_points`` as they are).
    pocha_multiplied: bool = False
    #: In an extra hand only the points of the players tied for first count (off: everyone's, as games saved before).
    extra_hand_only_tied: bool = True

    def __post_init__(self) -> None:
        """Reject options that cannot make a game."""
        for name in ("exact_base", "exact_per_trick", "miss_per_trick", "pocha_points", "renuncio_penalty"):
            value = getattr(self, name)
            if not is_whole(value) or not 0 <= value <= 1000:
                raise RulesError(N_("Los puntos deben ser un número entre 0 y 1000"))
        if not is_whole(self.pocha_min_cards) or not 1 <= self.pocha_min_cards <= 12:
            raise RulesError(N_("La pocha se pide en manos de 1 a 12 cartas"))
        if self.max_hands is not None and (not is_whole(self.max_hands) or not 1 <= self.max_hands <= 40):
            raise RulesError(N_("Las manos con el máximo de cartas deben ser entre 1 y 40"))
        if self.custom_sizes is not None:
            if not 1 <= len(self.custom_sizes) <= 100:
                raise RulesError(N_("Una lista de manos a medida tiene de 1 a 100 manos"))
            if any(not is_whole(n) or n < 1 for n in self.custom_sizes):
                raise RulesError(N_("Cada mano de la lista debe tener al menos una carta"))
        kinds = [special.kind for special in self.specials]
        if any(kind not in SPECIAL_KINDS for kind in kinds):
            raise RulesError(N_("Solo hay cuatro manos especiales: indias, subastado, mano de oro y sin triunfo"))
        places = [special.at for special in self.specials if special.at is not None]
        if any(not is_whole(at) or at < 1 for at in places):
            raise RulesError(N_("Las manos se numeran desde 1"))
        if len(places) != len(set(places)):
            raise RulesError(N_("Dos manos especiales no pueden ocupar la misma mano"))

    def multiplier(self, trump: Suit | None) -> int:
        """The factor applied to a hand's score when ``trump`` is the trump."""
        return self.multipliers.factor(trump)

    def forbidden_applies(self, cards: int) -> bool:
        """Whether the dealer's forbidden bid is enforced in a hand of ``cards`` cards."""
        return cards != 1 or self.forbidden_in_one_card_hands

    def to_dict(self) -> dict[str, Any]:
        """Plain values (for JSON): enums by value, tuples as lists."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, enum.Enum):
                value = value.value
            elif f.name == "specials":
                value = [{"kind": s.kind.value, "at": s.at} for s in value]
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from ``to_dict`` output; unknown keys or bad values raise ``RulesError``.

        A key missing from ``data`` takes the value in ``SAVED_BEFORE`` when it has one (how games
        saved before that option existed were played), else the default.
        """
        if not isinstance(data, dict):
            raise RulesError(N_("Las reglas guardadas no se pueden leer"))
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(N_("Opción desconocida en las reglas: %(name)s"), name=unknown[0])
        kwargs: dict[str, Any] = {name: value for name, value in SAVED_BEFORE.items() if name not in data}
        try:
            for name, value in data.items():
                if name in ("opening_ones", "closing_ones"):
                    kwargs[name] = Ones(value)
                elif name == "multipliers":
                    kwargs[name] = Multipliers(value)
                elif name == "tie_break":
                    kwargs[name] = TieBreak(value)
                elif name == "specials":
                    kwargs[name] = tuple(Special(HandKind(s["kind"]), s.get("at")) for s in value)
                elif name == "custom_sizes":
                    kwargs[name] = None if value is None else tuple(value)
                elif name in FLAGS:
                    if not isinstance(value, bool):
                        raise TypeError(name)
                    kwargs[name] = value
                else:
                    kwargs[name] = value
            return cls(**kwargs)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            if isinstance(exc, RulesError):
                raise
            raise RulesError(N_("Las reglas guardadas no se pueden leer")) from None


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
