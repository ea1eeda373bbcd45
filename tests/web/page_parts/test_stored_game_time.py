"""A stored game's length (page_parts/stored_game_time.py): from its first hand's start, else its creation, to its last
saved hand."""

from datetime import datetime, timedelta

from scorekeeper.page_parts.stored_game_time import stored_game_time
from scorekeeper.storage.models import Game, Hand

MADE = datetime(2026, 11, 27, 21, 0)


def at(minutes: int | None) -> datetime | None:
    """``minutes`` after the game was made (``None``: not known)."""
    return None if minutes is None else MADE + timedelta(minutes=minutes)


def game(*hands: tuple[int | None, int | None, bool]) -> Game:
    """A game made at ``MADE`` with ``hands``: (started, saved, complete) in minutes after ``MADE``."""
    return Game(
        created_at=MADE,
        hands=[
            Hand(number=number, started_at=at(start), completed_at=at(end), complete=complete)
            for number, (start, end, complete) in enumerate(hands, start=1)
        ],
    )


def test_a_game_lasts_from_its_first_tap_to_its_last_saved_hand() -> None:
    time = stored_game_time(game((12, 20, True), (21, 40, True), (41, None, False)))
    assert time is not None
    assert (time.started, time.ended, time.hands) == (at(12), at(40), 2)


def test_without_its_first_hand_s_start_a_game_starts_when_it_was_made() -> None:
    time = stored_game_time(game((None, 30, True), (None, 55, True)))
    assert time is not None and (time.minutes, time.hands) == (55, 2)


def test_nothing_is_said_of_a_game_without_a_hand_saved_with_its_time() -> None:
    assert stored_game_time(game()) is None
    assert stored_game_time(game((3, None, False))) is None
    assert stored_game_time(game((None, None, True), (None, None, True))) is None
