"""A game's length from its start and its hands' times (page_parts/game_time.py)."""

from datetime import datetime, timedelta

import pytest

from scorekeeper.page_parts.game_time import GameTime, duration_words, game_time, usual_minutes

START = datetime(2026, 11, 27, 21, 0)


def test_a_game_lasts_from_its_start_to_its_last_saved_hand() -> None:
    saved = [START + timedelta(minutes=4 * n) for n in range(1, 16)]
    time = game_time(START, saved)
    assert time is not None
    assert (time.minutes, time.hands, time.hands_per_hour) == (60, 15, 15.0)


def test_hands_whose_time_is_not_known_still_count_as_hands() -> None:
    time = game_time(START, [None, None, START + timedelta(minutes=30)])
    assert time is not None
    assert (time.minutes, time.hands, time.hands_per_hour) == (30, 3, 6.0)


@pytest.mark.parametrize("saved", [[], [None, None]])
def test_nothing_is_said_without_a_hand_saved_with_its_time(saved: list[datetime | None]) -> None:
    assert game_time(START, saved) is None
    assert game_time(None, [START]) is None


def test_a_game_typed_in_afterwards_has_no_pace() -> None:
    time = game_time(START, [START + timedelta(seconds=20 * n) for n in range(1, 10)])
    assert time is not None
    assert time.minutes == 3
    assert time.hands_per_hour is None


def test_a_clock_behind_the_start_never_gives_a_negative_length() -> None:
    time = game_time(START, [START - timedelta(minutes=3)])
    assert time is not None
    assert time.minutes == 0


@pytest.mark.parametrize(
    ("minutes", "words"), [(0, "0 min"), (45, "45 min"), (60, "1 h"), (65, "1 h 5 min"), (150, "2 h 30 min")]
)
def test_a_length_in_words(app, minutes: int, words: str) -> None:  # type: ignore[no-untyped-def]
    with app.test_request_context():
        assert duration_words(minutes) == words


def lasting(*minutes: int) -> list[GameTime]:
    """Games of these lengths, in minutes."""
    return [GameTime(START, START + timedelta(minutes=length), 10) for length in minutes]


def test_a_game_usually_takes_the_median_of_the_lengths() -> None:
    assert usual_minutes(lasting(50, 20, 240)) == 50
    assert usual_minutes(lasting(60, 90)) == 75
    assert usual_minutes(lasting(33)) == 33
    assert usual_minutes([]) is None
