"""Words the simulator's pages use for cards and seats, in the page's language."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from scorekeeper.engine import Card

RANK_NAMES = {1: _l("as"), 10: _l("sota"), 11: _l("caballo"), 12: _l("rey")}
SUIT_NAMES = {"O": _l("oros"), "C": _l("copas"), "E": _l("espadas"), "B": _l("bastos")}


def card_name(card: Card) -> str:
    """A card as players say it: «7 de copas», «as de oros», «rey de espadas»."""
    rank = str(RANK_NAMES.get(card.rank, card.rank))
    return str(_("%(rank)s de %(suit)s", rank=rank, suit=str(SUIT_NAMES[card.suit.value])))


def seat_name(seat: int, you: int | None = None) -> str:
    """A seat as the simulator names it: «Jugador 1»…, or «Tú» for the person's seat ``you``."""
    if seat == you:
        return str(_("Tú"))
    return str(_("Jugador %(n)s", n=seat + 1))
