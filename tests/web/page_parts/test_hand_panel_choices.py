"""What the hand panels show of the hand in play (scorekeeper/page_parts/hand_panel.py)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import HandInPlay, HandKind, Rules, Suit, plan_hand
from scorekeeper.page_parts.hand_panel import before_bids, explained_kind, filled_in, renuncios_listed

NAMES = ("Ana", "Bea", "Carlos", "Dani")


def hand(kind: HandKind = HandKind.NORMAL, cards: int = 3) -> HandInPlay:
    """A fresh hand of four, Ana dealing (Bea is la mano)."""
    return HandInPlay.start(plan_hand(4, 0, 1, cards, kind), Rules(), NAMES)


def bids(h: HandInPlay, *said: int) -> HandInPlay:
    """``h`` with its trump (oros) and ``said`` bid in bidding order."""
    h = h.choose_trump(Suit.OROS)
    for seat, bid in zip(h.order, said):
        h = h.bid(seat, bid)
    return h


def test_the_bidding_order_and_the_renuncios_list_belong_before_the_bids() -> None:
    assert before_bids(hand()) and before_bids(hand(HandKind.SUBASTADO, 10))
    assert not before_bids(bids(hand(), 1))
    assert not before_bids(bids(hand(), 1, 0, 1, 0))


def test_the_header_explains_special_hands_only() -> None:
    assert explained_kind(plan_hand(4, 0, 1, 3, HandKind.NORMAL)) is None
    assert explained_kind(plan_hand(4, 0, 9, 3, HandKind.DESEMPATE)) is None  # its title says so
    for kind in (HandKind.INDIAS, HandKind.SUBASTADO, HandKind.MANO_DE_ORO, HandKind.SIN_TRIUNFO):
        assert explained_kind(plan_hand(4, 0, 1, 1 if kind is HandKind.INDIAS else 10, kind)) is kind


def test_renuncios_are_listed_under_the_panel_until_the_rows_show_them() -> None:
    assert renuncios_listed(hand()) == ()
    with_renuncios = hand().set_renuncios(3, 1).set_renuncios(0, 2)
    assert renuncios_listed(with_renuncios) == (0, 3), "in seat order"
    assert renuncios_listed(with_renuncios.set_renuncios(0, 0)) == (3,)
    assert renuncios_listed(bids(with_renuncios, 1)) == (), "the players' rows show them from the bids on"


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        ({}, [None, None, None, None]),  # nothing known yet
        ({1: 1, 2: 1}, [None, None, None, None]),  # two still to say
        ({1: 1, 2: 1, 3: 0}, [1, None, None, None]),  # the last one is filled in
        ({1: 1, 2: 1, 3: 1}, [0, None, None, None]),
        ({1: 1, 2: 1, 3: 1, 0: 0}, [None, None, None, None]),  # all said: nothing filled in
    ],
)
def test_the_tricks_filled_in_are_the_last_players_once_the_others_are_said(
    said: dict[int, int], shown: list[int | None]
) -> None:
    h = bids(hand(), 1, 0, 1, 0)
    for seat, tricks in said.items():
        h = h.take_tricks(seat, tricks)
    assert [filled_in(h, seat) for seat in range(4)] == shown
