"""The big screen's suspense (page_parts/suspense.py): the choices offered, the hands it hides, and the reveal's
steps timed from the end of the game."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from scorekeeper.engine import preset_rules
from scorekeeper.page_parts.suspense import REVEAL_LEAD, REVEAL_STEP, Reveal, points_hidden, reveal, suspense_choices
from scorekeeper.storage.models import Game, Hand, Player
from scorekeeper.storage.store import GameView

END = datetime(2026, 11, 27, 23, 0)


def game(hidden: int | None, saved: int, finished: datetime | None = None, left: bool = False) -> GameView:
    """A game of three and four one-card hands (in memory), ``saved`` of them saved, ``hidden`` hands of suspense."""
    row = Game(
        rules=preset_rules("a_medida", custom_sizes=(1, 1, 1, 1)).to_dict(),
        first_dealer=0,
        suspense_hands=hidden,
        finished_at=finished,
        abandoned_at=END if left else None,
    )
    row.players = [Player(seat=seat, name=name) for seat, name in enumerate(("Ana", "Bea", "Carlos"))]
    row.hands = [
        Hand(number=n, trump="O", bids=[0, 0, 0], tricks=[1, 0, 0], renuncios=[0, 0, 0], complete=True)
        for n in range(1, saved + 1)
    ]
    return GameView(row)


def test_the_choices_are_the_sensible_ones_shorter_than_the_game_and_the_whole_game() -> None:
    assert suspense_choices(28) == (1, 3, 5, 28)
    assert suspense_choices(4) == (1, 3, 4)
    assert suspense_choices(3) == (1, 3)
    assert suspense_choices(1) == (1,)
    assert suspense_choices(7, chosen=6) == (1, 3, 5, 6, 7), "a number chosen before is offered again"


@pytest.mark.parametrize(
    ("hidden", "hidden_from"),
    [(None, None), (1, 4), (2, 3), (4, 1)],
)
def test_the_last_hands_of_the_schedule_are_hidden_and_any_tie_break_after_them(
    hidden: int | None, hidden_from: int | None
) -> None:
    played = [points_hidden(game(hidden, saved)) for saved in range(4)]  # hands 1 to 4 being played
    assert played == [hidden_from is not None and number >= hidden_from for number in range(1, 5)]
    assert points_hidden(game(hidden, 4)) is (hidden is not None), "a tie-break hand: Bea and Carlos tie"


def test_nothing_is_hidden_once_the_game_is_over_or_left() -> None:
    assert not points_hidden(game(4, 4, finished=END))
    assert not points_hidden(game(4, 2, left=True))


@pytest.mark.parametrize(
    ("seconds", "expected"),
    [
        (0, Reveal(3, 0)),
        (REVEAL_LEAD + REVEAL_STEP - 1, Reveal(3, 0)),
        (REVEAL_LEAD + REVEAL_STEP, Reveal(3, 1)),
        (REVEAL_LEAD + 3 * REVEAL_STEP, Reveal(3, 3)),  # the first place: the podium comes next
        (REVEAL_LEAD + 4 * REVEAL_STEP - 1, Reveal(3, 3)),
        (REVEAL_LEAD + 4 * REVEAL_STEP, None),  # over: the final result at once
        (3600, None),
        (-30, Reveal(3, 0)),  # a clock a little behind: from the start
    ],
)
def test_the_reveal_is_timed_from_the_end_of_the_game(seconds: int, expected: Reveal | None) -> None:
    assert reveal(game(2, 4, finished=END), END + timedelta(seconds=seconds)) == expected


def test_there_is_no_reveal_without_suspense_or_before_the_end() -> None:
    assert reveal(game(None, 4, finished=END), END) is None
    assert reveal(game(2, 3), END) is None
    assert reveal(game(2, 2, left=True), END) is None
