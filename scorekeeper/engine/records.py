"""Hand records: what the table said and did in one hand, checked against the rules of that hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bidding import bid_order, check_bids
from .cards import Suit
from .counts import is_count
from .errors import N_, RecordError
from .rules import HandKind, Rules
from .schedule import HandPlan

MAX_RENUNCIOS = 20


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What the table said and did in one hand, each tuple by seat.

    ``offers`` holds the subastado offers (by seat), ``None`` in other hands (the card, the game file and the
    database keep them under ``auction``);
    ``renuncios`` counts each player's renuncios (empty: none).
    """

    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    trump: Suit | None
    renuncios: tuple[int, ...] = ()
    offers: tuple[int, ...] | None = None

    def renuncios_of(self, seat: int) -> int:
        """How many renuncios ``seat`` committed in this hand."""
        return self.renuncios[seat] if self.renuncios else 0


def check_trump(plan: HandPlan, trump: Suit | None) -> None:
    """Raise ``RecordError`` unless ``trump`` fits the kind of hand (oros in mano de oro, none in sin triunfo)."""
    if plan.kind is HandKind.SIN_TRIUNFO:
        if trump is not None:
            raise RecordError(N_("La mano %(number)s se juega sin triunfo"), number=plan.number)
    elif trump is None:
        raise RecordError(N_("Falta la pinta de la mano %(number)s"), number=plan.number)
    elif plan.kind is HandKind.MANO_DE_ORO and trump is not Suit.OROS:
        raise RecordError(N_("La mano %(number)s es mano de oro: pintan oros"), number=plan.number)


def check_offers(plan: HandPlan, offers: Sequence[int] | None) -> None:
    """Raise ``RecordError`` unless the subastado offers are there (only in subastado) and in range."""
    if plan.kind is not HandKind.SUBASTADO:
        if offers is not None:
            raise RecordError(N_("Solo hay subasta en el subastado"))
        return
    if offers is None or len(offers) != plan.players:
        raise RecordError(N_("Falta la subasta de la mano %(number)s"), number=plan.number)
    if not all(is_count(offer, plan.cards) for offer in offers):
        raise RecordError(N_("En la subasta se piden de 0 a %(cards)s bazas"), cards=plan.cards)


def check_record(plan: HandPlan, record: HandRecord, rules: Rules, names: Sequence[str] = ()) -> None:
    """Raise a ``PochaError`` unless ``record`` is a complete, lawful result of hand ``plan``."""
    n = plan.players
    if len(record.bids) != n or len(record.tricks) != n:
        raise RecordError(N_("Faltan apuestas o bazas de algún jugador"))
    if record.renuncios and (
        len(record.renuncios) != n or not all(is_count(r, MAX_RENUNCIOS) for r in record.renuncios)
    ):
        raise RecordError(N_("Los renuncios son de 0 a %(top)s por jugador y mano"), top=MAX_RENUNCIOS)
    check_trump(plan, record.trump)
    check_offers(plan, record.offers)
    order = bid_order(plan, record.offers)
    check_bids(plan.cards, [record.bids[seat] for seat in order], order, rules, names)
    if record.offers is not None and record.bids[order[0]] != record.offers[order[0]]:
        raise RecordError(N_("Quien gana la subasta mantiene su apuesta de %(bid)s"), bid=record.offers[order[0]])
    check_tricks(plan.cards, record.tricks)


def check_tricks(cards: int, tricks: Sequence[int | None]) -> None:
    """Raise ``RecordError`` unless the tricks said so far (``None``: not yet) fit a hand of ``cards``."""
    for seat, won in enumerate(tricks):
        if won is not None and not is_count(won, cards):
            raise RecordError(N_("Las bazas de cada jugador van de 0 a %(cards)s"), player=seat, cards=cards)
    known = [won for won in tricks if won is not None]
    total = sum(known)
    if total > cards or (len(known) == len(tricks) and total != cards):
        raise RecordError(N_("Las bazas suman %(total)s y en esta mano hay %(cards)s"), total=total, cards=cards)


def tricks_left(cards: int, tricks: Sequence[int | None]) -> int:
    """Tricks of the hand not yet given to anybody."""
    return cards - sum(won for won in tricks if won is not None)


def fill_tricks(cards: int, tricks: Sequence[int | None]) -> tuple[int | None, ...]:
    """The tricks by seat with what is certain filled in: the last player's (the rest of the cards),
    or 0 for everyone still missing once every trick is given out."""
    check_tricks(cards, tricks)
    missing = [seat for seat, won in enumerate(tricks) if won is None]
    left = tricks_left(cards, tricks)
    if not missing or (len(missing) > 1 and left > 0):
        return tuple(tricks)
    filled = list(tricks)
    for seat in missing:
        filled[seat] = left if len(missing) == 1 else 0
    return tuple(filled)
