"""What the standings say of a tie (scorekeeper/page_parts/standings_panel.py)."""

from __future__ import annotations

from scorekeeper.engine import HandRecord, Rules, Suit, score_sheet
from scorekeeper.page_parts.standings_panel import counted_in_extra_hand

NAMES = ("Ana", "Bea", "Carlos", "Dani")
#: One hand of 2 cards, Ana dealing: Bea and Carlos make 1 (15 each), Dani makes 0 (10), Ana misses (−5).
TIED = HandRecord(bids=(1, 1, 1, 0), tricks=(0, 1, 1, 0), trump=Suit.OROS)
#: The same hand, but Carlos takes Bea's trick: Carlos 15 alone.
UNTIED = HandRecord(bids=(1, 1, 1, 0), tricks=(0, 0, 2, 0), trump=Suit.OROS)


def test_the_extra_hand_names_the_tied_players_when_only_they_count() -> None:
    sheet = score_sheet(Rules(custom_sizes=(2,)), NAMES, 0, [TIED])
    assert sheet.next_hand is not None and sheet.next_hand.is_extra
    assert counted_in_extra_hand(sheet, NAMES) == ["Bea", "Carlos"]


def test_nobody_is_named_when_everybody_counts() -> None:
    sheet = score_sheet(Rules(custom_sizes=(2,), extra_hand_only_tied=False), NAMES, 0, [TIED])
    assert sheet.next_hand is not None and sheet.next_hand.is_extra
    assert counted_in_extra_hand(sheet, NAMES) == []


def test_nobody_is_named_without_an_extra_hand() -> None:
    assert counted_in_extra_hand(score_sheet(Rules(custom_sizes=(2,)), NAMES, 0, [UNTIED]), NAMES) == []
    assert counted_in_extra_hand(score_sheet(Rules(custom_sizes=(2, 2)), NAMES, 0, [TIED]), NAMES) == []
    assert counted_in_extra_hand(score_sheet(Rules(custom_sizes=(2,)), NAMES, 0, []), NAMES) == []
