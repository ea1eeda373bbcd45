"""A finished game as a chat message (page_parts/chat_summary.py): the winner, a tie's note, the places, the grid."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from scorekeeper.engine import HandRecord, Rules, ScoreSheet, Suit, preset_rules, score_sheet
from scorekeeper.page_parts.chat_summary import (
    EXTRA_BAR,
    LINE,
    MADE,
    MISSED,
    NOT_COUNTED,
    SummaryWords,
    chat_summary,
)
from support.paper_games import classic_game

O, C, E = Suit.OROS, Suit.COPAS, Suit.ESPADAS
SQUARES = (MADE, MISSED, NOT_COUNTED)
#: The words as the Spanish page says them (page_parts/take_home.py gives them from the catalogue).
WORDS = SummaryWords(
    winner=lambda name, points: f"Gana {name} con {points} puntos",
    decided_by_misses=lambda points, misses: f"Empate a {points} puntos: gana quien menos ha fallado ({misses}).",
    decided_by_extra_hands=lambda hands: f"Desempatado con {hands} manos.",
    points=lambda total: f"{total} puntos",
    misses=lambda missed: f"{missed} fallos",
    made="cumplida",
    missed="fallada",
    not_counted="no cuenta",
    extra_hands="desempate",
)
NAMES3 = ("Ana", "Bea", "Carlos")
NAMES4 = ("Ana", "Bea", "Carlos", "Dani")
# One one-card hand, Ana deals (Bea, Carlos, Ana bid): Bea and Carlos bid 0 and make it (+10 each); Ana bids 0 and
# takes the trick (−5). Then two extra hands of 12 cards only Bea and Carlos play for: Bea wins the second
# (tests/engine/test_sheet.py, "extra hands until the tie is broken").
TIED = HandRecord(bids=(0, 0, 0), tricks=(1, 0, 0), trump=E)
EXTRA2 = HandRecord(bids=(3, 5, 5), tricks=(2, 5, 5), trump=O)
EXTRA3 = HandRecord(bids=(0, 6, 5), tricks=(0, 6, 6), trump=C)
# Two hands of three cards, Ana deals first: Carlos and Dani tie on 20, Carlos with no missed bid, Dani one.
MISSES_DIFFER = (
    HandRecord(bids=(0, 0, 0, 1), tricks=(3, 0, 0, 0), trump=O),
    HandRecord(bids=(0, 1, 0, 3), tricks=(0, 0, 0, 3), trump=C),
)


def blocks(text: str) -> list[list[str]]:
    """The message's blocks (a blank line between them), each as its lines."""
    return [block.split("\n") for block in text.split("\n\n")]


def grid(sheet: ScoreSheet, text: str) -> dict[str, list[str]]:
    """Each player's lines of squares in the message, by name."""
    lines = blocks(text)[-2]
    rows: dict[str, list[str]] = {}
    name = ""
    for line in lines:
        if line in sheet.players:
            name = line
            rows[name] = []
        else:
            rows[name].append(line)
    assert list(rows) == list(sheet.players), "every player, in their seats' order"
    return rows


def squares(lines: Sequence[str]) -> list[str]:
    """The squares of a player's lines, hand by hand (the bar and the spaces left out)."""
    return [char for line in lines for char in line if char in SQUARES]


def test_a_game_of_three_and_one_hand() -> None:
    # Ana deals the one card: Bea 0 (+10), Carlos 1 (+15), Ana 1 (forbidden 0; took 0: −5).
    sheet = score_sheet(Rules(custom_sizes=(1,)), NAMES3, 0, [HandRecord(bids=(1, 0, 1), tricks=(0, 0, 1), trump=O)])
    text = chat_summary(sheet, WORDS, footer=("Pocha · 27 de noviembre de 2026", "http://mesa/ver/abc"))
    assert text == "\n".join(
        [
            "🏆 Gana Carlos con 15 puntos",
            "",
            "1. Carlos · 15 puntos · 0 fallos",
            "2. Bea · 10 puntos · 0 fallos",
            "3. Ana · -5 puntos · 1 fallos",
            "",
            "Ana",
            MISSED,
            "Bea",
            MADE,
            "Carlos",
            MADE,
            "",
            f"{MADE} cumplida · {MISSED} fallada",
            "Pocha · 27 de noviembre de 2026",
            "http://mesa/ver/abc",
        ]
    )


def test_a_tie_decided_by_fewer_missed_bids_says_so() -> None:
    sheet = score_sheet(Rules(custom_sizes=(3, 3)), NAMES4, 0, MISSES_DIFFER)
    assert sheet.standings.decided_by_misses
    head, places, *_ = blocks(chat_summary(sheet, WORDS))
    assert head == ["🏆 Gana Carlos con 20 puntos", "Empate a 20 puntos: gana quien menos ha fallado (0)."]
    assert places == [
        "1. Carlos · 20 puntos · 0 fallos",
        "2. Dani · 20 puntos · 1 fallos",
        "3. Bea · 5 puntos · 1 fallos",
        "4. Ana · -5 puntos · 1 fallos",
    ]


def test_a_tie_broken_by_extra_hands_puts_them_after_the_bar_not_counted_for_the_player_outside_it() -> None:
    sheet = score_sheet(Rules(custom_sizes=(1,)), NAMES3, 0, [TIED, EXTRA2, EXTRA3])
    assert sheet.standings.decided_by_extra_hands
    text = chat_summary(sheet, WORDS)
    head = blocks(text)[0]
    assert head == ["🏆 Gana Bea con 85 puntos", "Desempatado con 2 manos."]
    rows = grid(sheet, text)
    # Ana was not tied: the two extra hands did not count for her, whatever she made in them.
    assert rows == {
        "Ana": [f"{MISSED} {EXTRA_BAR} {NOT_COUNTED}{NOT_COUNTED}"],
        "Bea": [f"{MADE} {EXTRA_BAR} {MADE}{MADE}"],
        "Carlos": [f"{MADE} {EXTRA_BAR} {MADE}{MISSED}"],
    }
    assert blocks(text)[-1] == [f"{MADE} cumplida · {MISSED} fallada · {NOT_COUNTED} no cuenta · {EXTRA_BAR} desempate"]


def test_extra_hands_go_on_a_line_of_their_own_when_the_last_one_is_full() -> None:
    # Ten one-card hands as TIED: Ana takes every trick, Bea and Carlos tie on 100. Extra hand 11 (12 cards, Bea
    # deals; Carlos, Ana, Bea bid): Carlos 5 (took 6: −5), Ana 0 (not counted), Bea 6 (+40) wins.
    sheet = score_sheet(Rules(custom_sizes=(1,) * LINE), NAMES3, 0, [TIED] * LINE + [EXTRA3])
    assert sheet.finished and sheet.standings.decided_by_extra_hands
    rows = grid(sheet, chat_summary(sheet, WORDS))
    assert rows["Bea"] == [f"{MADE * 5} {MADE * 5}", f"{EXTRA_BAR} {MADE}"]
    assert rows["Carlos"][-1] == f"{EXTRA_BAR} {MISSED}"
    assert rows["Ana"] == [f"{MISSED * 5} {MISSED * 5}", f"{EXTRA_BAR} {NOT_COUNTED}"]


def test_eight_players_with_long_names_and_every_hand_stay_readable_on_a_phone() -> None:
    names = tuple(f"{letter * 10} Apellido{seat}" for seat, letter in enumerate("ÁBCDÉFGH"))
    assert {len(name) for name in names} == {20}, "the longest name a game takes"
    sheet = score_sheet(preset_rules("clasica"), names, 0, classic_game(8))
    assert sheet.finished and len(sheet.rows) >= 28
    text = chat_summary(sheet, WORDS, footer=("http://192.168.1.20:5000/ver/" + "x" * 22,))
    rows = grid(sheet, text)
    for seat, name in enumerate(names):
        lines = rows[name]
        # Every square in its place: hand n is the n-th square of every player's lines, whatever the names.
        assert squares(lines) == [MADE if row.made[seat] else MISSED for row in sheet.rows]
        assert len(lines) == -(-len(sheet.rows) // LINE)
        # Ten squares a line at most, in groups of five: a phone held upright shows about thirteen.
        assert all(len(line) <= LINE + 1 for line in lines), lines
        assert all(0 < len(group) <= 5 for line in lines for group in line.split(" ")), lines
    assert len(text) < 4096, "far within a WhatsApp message (65,536 letters)"


def test_only_a_finished_game_has_a_summary() -> None:
    sheet = score_sheet(Rules(custom_sizes=(1,)), NAMES3, 0, [TIED])
    assert not sheet.finished
    with pytest.raises(ValueError):
        chat_summary(sheet, WORDS)
