"""The phone's clock (``games/phone_clock.py``): a tap's ``at`` believed when it can be, the server's now otherwise."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from scorekeeper.games.phone_clock import OLDEST, phone_time

NOW = datetime(2026, 11, 27, 22, 30)


def ms(moment: datetime) -> int:
    """``moment`` (UTC, as stored) as a phone's ``Date.now()`` says it: milliseconds since 1970."""
    return round(moment.replace(tzinfo=UTC).timestamp() * 1000)


@pytest.mark.parametrize("before", [timedelta(0), timedelta(minutes=85), timedelta(days=13, hours=23)])
def test_a_time_in_the_last_fortnight_is_the_phone_s(before: timedelta) -> None:
    assert phone_time(ms(NOW - before), NOW) == NOW - before
    assert phone_time(float(ms(NOW - before)), NOW) == NOW - before


def test_a_time_to_the_millisecond() -> None:
    assert phone_time(ms(NOW) - 1, NOW) == NOW - timedelta(milliseconds=1)


@pytest.mark.parametrize("ahead", [timedelta(seconds=1), timedelta(hours=3), timedelta(days=4000)])
def test_a_phone_ahead_of_the_server_is_taken_as_now(ahead: timedelta) -> None:
    assert phone_time(ms(NOW + ahead), NOW) == NOW


@pytest.mark.parametrize("before", [OLDEST + timedelta(seconds=1), timedelta(days=400)])
def test_a_time_older_than_a_fortnight_is_not_believed(before: timedelta) -> None:
    assert phone_time(ms(NOW - before), NOW) is None


@pytest.mark.parametrize(
    "at",
    [None, "1764282600000", True, False, [1764282600000], {"ms": 1}, float("inf"), float("nan"), 10**30, -(10**30)],
)
def test_what_is_not_a_time_leaves_the_server_s_clock(at: object) -> None:
    assert phone_time(at, NOW) is None


def test_without_now_the_server_s_clock_is_read() -> None:
    moment = phone_time(ms(datetime.now(UTC).replace(tzinfo=None)) + 60_000)  # a minute ahead: now
    assert moment is not None and abs(moment - datetime.now(UTC).replace(tzinfo=None)) < timedelta(seconds=5)
