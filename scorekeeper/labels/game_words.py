"""The words every page uses for the game's values, in the page's language: one table per kind of value.

Suits, trumps, kinds of hand, presets, corrected fields, cards and seats (a rule option's words are described
beside it, in scorekeeper/engine/rules.py).
Every blueprint (and every template, through scorekeeper/template_globals.py) takes its words from here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString

from scorekeeper.engine import (
    CUSTOM_PRESET,
    NO_TRUMP,
    PRESETS,
    Card,
    HandKind,
    Message,
    Suit,
    forbidden_reason,
    trump_code,
)
from scorekeeper.labels.engine_messages import engine_message

#: A trump as a label (a suit's name, capitalised, or «Sin triunfo»), by its notation.
TRUMP_NAMES: Final[dict[str, LazyString]] = {
    Suit.OROS.value: _l("Oros"),
    Suit.COPAS.value: _l("Copas"),
    Suit.ESPADAS.value: _l("Espadas"),
    Suit.BASTOS.value: _l("Bastos"),
    NO_TRUMP: _l("Sin triunfo"),
}

#: A suit inside a card's name («as de oros»).
SUIT_WORDS: Final[dict[Suit, LazyString]] = {
    Suit.OROS: _l("oros"),
    Suit.COPAS: _l("copas"),
    Suit.ESPADAS: _l("espadas"),
    Suit.BASTOS: _l("bastos"),
}

#: The ranks players call by name; the others are said as numbers.
RANK_WORDS: Final[dict[int, LazyString]] = {1: _l("as"), 10: _l("sota"), 11: _l("caballo"), 12: _l("rey")}

KIND_NAMES: Final[dict[HandKind, LazyString]] = {
    HandKind.NORMAL: _l("Normal"),
    HandKind.INDIAS: _l("Indias"),
    HandKind.SUBASTADO: _l("Subastado"),
    HandKind.MANO_DE_ORO: _l("Mano de oro"),
    HandKind.SIN_TRIUNFO: _l("Sin triunfo"),
    HandKind.DESEMPATE: _l("Desempate"),
}

KIND_HELP: Final[dict[HandKind, LazyString]] = {
    HandKind.INDIAS: _l("cada uno se pone su carta en la frente sin mirarla y pide viendo las de los demás."),
    HandKind.SUBASTADO: _l("no se pinta: se subasta quién elige la pinta."),
    HandKind.MANO_DE_ORO: _l("pintan oros, salga lo que salga."),
    HandKind.SIN_TRIUNFO: _l("se juega sin pinta."),
    HandKind.DESEMPATE: _l("se juega para deshacer el empate."),
}

#: The presets by key, and «A medida» for rules chosen one by one.
PRESET_NAMES: Final[dict[str, LazyString]] = {
    **{key: _l(preset.name) for key, preset in PRESETS.items()},
    CUSTOM_PRESET: _l("A medida"),
}

#: What each named rule set is, in a line (the new-game form says it under the schedule).
PRESET_DESCRIPTIONS: Final[dict[str, LazyString]] = {
    **{key: _l(preset.description) for key, preset in PRESETS.items()},
    CUSTOM_PRESET: _l("Las reglas de siempre, para cambiar lo que queráis en «Más opciones»."),
}

#: What a correction changed, by the field it names.
FIELD_NAMES: Final[dict[str, LazyString]] = {
    "trump": _l("pinta"),
    "bid": _l("apuesta de %(name)s"),
    "tricks": _l("bazas de %(name)s"),
    "renuncios": _l("renuncios de %(name)s"),
    "offer": _l("subasta de %(name)s"),
}


def trump_label(trump: Suit | str | None) -> str:
    """A trump's name: Oros, Copas, Espadas, Bastos or Sin triunfo (from a suit, its notation, or ``None``)."""
    code = trump_code(trump) if trump is None or isinstance(trump, Suit) else trump
    return str(TRUMP_NAMES.get(code, code))


def kind_label(kind: HandKind) -> str:
    """The name of a kind of hand."""
    return str(KIND_NAMES[kind])


def kind_help(kind: HandKind) -> str:
    """What makes a special hand special, in a few words."""
    return str(KIND_HELP.get(kind, ""))


def script_labels(kinds: Iterable[str] | None = None) -> dict[str, dict[str, str]]:
    """The game's words the phone's script draws, in the page's language, for the game page's data: each trump's
    name by its notation, each kind of hand's name and what makes a special one special, by the kind's value; only
    the ``kinds`` a game can play when given (a long game's page is that much lighter)."""
    wanted = set(kinds) if kinds is not None else {kind.value for kind in KIND_NAMES}
    return {
        "trumps": {code: str(name) for code, name in TRUMP_NAMES.items()},
        "kinds": {kind.value: str(name) for kind, name in KIND_NAMES.items() if kind.value in wanted},
        "kind_help": {kind.value: str(help_text) for kind, help_text in KIND_HELP.items() if kind.value in wanted},
    }


def card_name(card: Card) -> str:
    """A card as players say it: «7 de copas», «as de oros», «rey de espadas»."""
    rank = str(RANK_WORDS.get(card.rank, card.rank))
    return str(_("%(rank)s de %(suit)s", rank=rank, suit=str(SUIT_WORDS[card.suit])))


def seat_name(seat: int, you: int | None = None) -> str:
    """A seat with no name (the simulator's): «Jugador 1»…, or «Tú» for the person's seat ``you``."""
    if seat == you:
        return str(_("Tú"))
    return str(_("Jugador %(n)s", n=seat + 1))


def message_text(message: Message | None) -> str:
    """An engine message in the page's language ('' for none)."""
    return engine_message(message) if message is not None else ""


def forbidden_text(cards: int, bid: int, name: str) -> str:
    """Why the last bidder may not bid ``bid``, as the engine says it."""
    return engine_message(forbidden_reason(cards, bid, name))


def change_text(change: dict[str, Any], names: tuple[str, ...]) -> str:
    """One corrected value, as «apuesta de Ana: 2 → 1»."""
    field = str(change.get("field", ""))
    seat = change.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    template = FIELD_NAMES.get(field)
    label = field if template is None else str(template) % {"name": name} if name else str(template)
    before, after = change.get("before"), change.get("after")
    if field == "trump":
        before, after = trump_label(before), trump_label(after)
    return f"{label}: {before} → {after}"
