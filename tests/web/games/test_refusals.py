"""Where a refused tap's message is drawn (scorekeeper/games/refusals.py): by the buttons that sent it, else at the top."""

from __future__ import annotations

import pytest

from scorekeeper.engine import HandInPlay, HandKind, Rules, Suit, plan_hand
from scorekeeper.games.refusals import Refusal, Refused, refusal

NAMES = ("Ana", "Bea", "Carlos", "Dani")


def hand(kind: HandKind = HandKind.NORMAL, cards: int = 3) -> HandInPlay:
    """A fresh hand of four, Ana dealing (Bea is la mano): it waits for the trump (or, a subastado, the offers)."""
    return HandInPlay.start(plan_hand(4, 0, 1, cards, kind), Rules(), NAMES)


def bids(h: HandInPlay, *said: int) -> HandInPlay:
    """``h`` with its trump (oros) and ``said`` bid in bidding order."""
    h = h.choose_trump(Suit.OROS)
    for seat, bid in zip(h.order, said):
        h = h.bid(seat, bid)
    return h


TRUMP = hand()
BIDS = bids(hand(), 1)
TRICKS = bids(hand(), 1, 0, 1, 0)
READY = TRICKS.take_tricks(1, 1).take_tricks(2, 1).take_tricks(3, 1)
AUCTION = hand(HandKind.SUBASTADO, 10)


def place(tap: str, h: HandInPlay | None, seat: int | None = None) -> tuple[str, int | None]:
    """Where the message of a refused ``tap`` (for ``seat``) goes on the page of ``h``: the place and the row."""
    drawn = refusal("No", Refused(tap, seat), h, len(NAMES))
    assert drawn.message == "No"
    return drawn.place, drawn.seat


def test_the_stages_of_the_hands_above() -> None:
    assert [h.stage for h in (TRUMP, BIDS, TRICKS, READY, AUCTION)] == ["trump", "bids", "tricks", "ready", "auction"]


@pytest.mark.parametrize(("tap", "h"), [("bid", BIDS), ("offer", AUCTION), ("bid", AUCTION), ("offer", BIDS)])
def test_a_bid_or_an_offer_goes_by_the_numbers_while_they_are_asked_for(tap: str, h: HandInPlay) -> None:
    assert place(tap, h, 2) == ("numbers", None)


def test_a_trump_goes_by_the_suits_while_the_trump_is_asked_for() -> None:
    assert place("trump", TRUMP) == ("suits", None)


@pytest.mark.parametrize("tap", ["tricks", "renuncio"])
@pytest.mark.parametrize("h", [TRICKS, READY])
def test_tricks_and_renuncios_go_in_the_row_of_their_player(tap: str, h: HandInPlay) -> None:
    assert [place(tap, h, seat) for seat in range(4)] == [("seat", seat) for seat in range(4)]


@pytest.mark.parametrize("seat", [None, 4, 7, -1])
def test_tricks_for_no_row_of_the_hand_go_at_the_top(seat: int | None) -> None:
    assert place("tricks", TRICKS, seat) == ("top", None)


@pytest.mark.parametrize("h", [TRICKS, READY])
def test_a_save_goes_by_its_button_while_tricks_are_noted(h: HandInPlay) -> None:
    assert place("save", h) == ("save", None)


@pytest.mark.parametrize("h", [TRUMP, BIDS, TRICKS, READY, AUCTION])
def test_an_undo_goes_by_its_button_at_every_stage(h: HandInPlay) -> None:
    assert place("undo", h) == ("undo", None)


@pytest.mark.parametrize(
    ("tap", "h"),
    [
        ("bid", TRUMP),  # the bids are not asked for yet (or any more): their buttons are gone
        ("bid", TRICKS),
        ("offer", TRUMP),
        ("trump", BIDS),
        ("trump", AUCTION),
        ("tricks", BIDS),
        ("renuncio", TRUMP),
        ("save", BIDS),
        ("save", TRUMP),
        ("nonsense", READY),
    ],
)
def test_a_tap_whose_buttons_are_gone_goes_at_the_top(tap: str, h: HandInPlay) -> None:
    assert place(tap, h, 1) == ("top", None)


def test_a_finished_game_or_an_unknown_tap_has_only_the_top() -> None:
    assert place("bid", None, 1) == ("top", None)
    assert refusal("No", None, BIDS, 4) == Refusal("No")


def test_the_panel_asks_each_place_whether_the_message_is_there() -> None:
    row = Refusal("No", "seat", 2)
    assert row.shown_at("seat", 2) and not row.shown_at("seat", 1) and not row.shown_at("top")
    top = Refusal("No")
    assert top.shown_at("top") and not top.shown_at("undo") and not top.shown_at("seat", None)
    assert Refusal("No", "undo").shown_at("undo")
