"""Points for one player in one hand: exact bids, missed bids, multipliers, la pocha and renuncios."""

from __future__ import annotations

from .cards import Suit
from .counts import is_count
from .errors import N_, RecordError
from .rules import Rules


def hand_points(
    bid: int,
    tricks: int,
    *,
    cards: int | None = None,
    exact_base: int = 10,
    exact_per_trick: int = 5,
    miss_per_trick: int = 5,
    multiplier: int = 1,
    pocha_points: int | None = None,
    pocha_min_cards: int = 5,
    pocha_multiplied: bool = False,
    renuncios: int = 0,
    renuncio_penalty: int = 50,
) -> int:
    """Points of one player in one hand.

    Exact: ``exact_base + exact_per_trick × tricks``; missed: ``−miss_per_trick``
    per trick of difference. With ``pocha_points`` set, bidding and taking every
    one of ``cards`` (at least ``pocha_min_cards``) scores that instead. The
    ``multiplier`` applies to the score, won or lost, but to la pocha's points only
    with ``pocha_multiplied``; each renuncio then takes ``renuncio_penalty`` off.
    """
    if not (is_count(bid) and is_count(tricks) and is_count(renuncios)):
        raise RecordError(N_("Las apuestas, las bazas y los renuncios son números de 0 en adelante"))
    if cards is not None and (bid > cards or tricks > cards):
        raise RecordError(
            N_("En una mano de %(cards)s cartas no se pueden pedir ni ganar más de %(cards)s bazas"), cards=cards
        )
    penalty = renuncio_points(renuncios, renuncio_penalty)
    if bid != tricks:
        return -miss_per_trick * abs(bid - tricks) * multiplier - penalty
    if pocha_points is not None and cards is not None and bid == cards and cards >= pocha_min_cards:
        return pocha_points * (multiplier if pocha_multiplied else 1) - penalty
    return (exact_base + exact_per_trick * tricks) * multiplier - penalty


def renuncio_points(renuncios: int, renuncio_penalty: int = 50) -> int:
    """Points a player's renuncios take off a hand: the agreed penalty for each, never multiplied."""
    return renuncios * renuncio_penalty


def points(rules: Rules, cards: int, trump: Suit | None, bid: int, tricks: int, renuncios: int = 0) -> int:
    """``hand_points`` with the values and options of ``rules`` for a hand of ``cards`` with ``trump``."""
    return hand_points(
        bid,
        tricks,
        cards=cards,
        exact_base=rules.exact_base,
        exact_per_trick=rules.exact_per_trick,
        miss_per_trick=rules.miss_per_trick,
        multiplier=rules.multiplier(trump),
        pocha_points=rules.pocha_points if rules.pocha_bonus else None,
        pocha_min_cards=rules.pocha_min_cards,
        pocha_multiplied=rules.pocha_multiplied,
        renuncios=renuncios,
        renuncio_penalty=rules.renuncio_penalty,
    )
