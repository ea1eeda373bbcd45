"""Words the game pages use for suits, kinds of hand and corrections, in the page's language."""

from __future__ import annotations

from typing import Any

from flask.sansio.app import App
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from scorekeeper.engine import NO_TRUMP, HandKind, Suit, forbidden_reason, trump_code
from scorekeeper.i18n import engine_message


SUIT_NAMES = {
    "O": _l("Oros"),
    "C": _l("Copas"),
    "E": _l("Espadas"),
    "B": _l("Bastos"),
    NO_TRUMP: _l("Sin triunfo"),
}

KIND_NAMES = {
    HandKind.NORMAL: _l("Normal"),
    HandKind.INDIAS: _l("Indias"),
    HandKind.SUBASTADO: _l("Subastado"),
    HandKind.MANO_DE_ORO: _l("Mano de oro"),
    HandKind.SIN_TRIUNFO: _l("Sin triunfo"),
    HandKind.DESEMPATE: _l("Desempate"),
}

KIND_HELP = {
    HandKind.INDIAS: _l("cada uno se pone su carta en la frente sin mirarla y pide viendo las de los demás."),
    HandKind.SUBASTADO: _l("no se pinta: se subasta quién elige la pinta."),
    HandKind.MANO_DE_ORO: _l("pintan oros, salga lo que salga."),
    HandKind.SIN_TRIUNFO: _l("se juega sin pinta."),
    HandKind.DESEMPATE: _l("se juega para deshacer el empate."),
}

FIELD_NAMES = {
    "trump": _l("pinta"),
    "bid": _l("apuesta de %(name)s"),
    "tricks": _l("bazas de %(name)s"),
    "renuncios": _l("renuncios de %(name)s"),
    "offer": _l("subasta de %(name)s"),
}


def trump_label(letter: str | None) -> str:
    """A trump's name from its letter: Oros, Copas, Espadas, Bastos or Sin triunfo."""
    return str(SUIT_NAMES.get(letter or NO_TRUMP, letter))


def trump_short(trump: Suit | None) -> str:
    """A trump's name for the narrow sheet column."""
    return trump_label(trump_code(trump))


def kind_label(kind: HandKind) -> str:
    """The name of a kind of hand."""
    return str(KIND_NAMES[kind])


def kind_help(kind: HandKind) -> str:
    """What makes a special hand special, in a few words."""
    return str(KIND_HELP.get(kind, ""))


def forbidden_text(cards: int, bid: int, name: str) -> str:
    """Why the dealer may not bid ``bid``, as the engine says it."""
    return engine_message(forbidden_reason(cards, bid, name))


def change_text(change: dict[str, Any], names: tuple[str, ...]) -> str:
    """One corrected value, as «apuesta de Ana: 2 → 1»."""
    seat = change.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    label = _(str(FIELD_NAMES.get(change.get("field", ""), change.get("field", ""))), name=name) if name else str(
        FIELD_NAMES.get(change.get("field", ""), change.get("field", ""))
    )
    before, after = change.get("before"), change.get("after")
    if change.get("field") == "trump":
        before, after = trump_label(before), trump_label(after)
    return f"{label}: {before} → {after}"


def init_app(app: App) -> None:
    """Give every template these words."""

    @app.context_processor
    def labels() -> dict[str, Any]:
        return {
            "trump_label": trump_label,
            "trump_short": trump_short,
            "trump_code": trump_code,
            "kind_label": kind_label,
            "kind_help": kind_help,
            "forbidden_text": forbidden_text,
            "change_text": change_text,
        }
