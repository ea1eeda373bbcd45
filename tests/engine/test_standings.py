"""Standings (RULES.md "End of the game, ties"): by total, then fewer missed bids, else an extra hand."""

from __future__ import annotations

from scorekeeper.engine import standings


def positions(totals: list[int], missed: list[int]) -> dict[int, int]:
    """Each seat's position."""
    return {place.seat: place.position for place in standings(totals, missed).places}


def test_highest_total_wins() -> None:
    table = standings([30, 50, 40], [0, 0, 0])
    assert [place.seat for place in table.places] == [1, 2, 0]
    assert [place.position for place in table.places] == [1, 2, 3]
    assert table.leader == 1
    assert table.leaders == (1,)
    assert not table.needs_extra_hand
    assert not table.decided_by_misses


def test_missed_bids_do_not_matter_without_a_tie() -> None:
    table = standings([60, 55, 10], [9, 0, 0])
    assert table.leader == 0
    assert not table.decided_by_misses


def test_negative_totals_rank_too() -> None:
    table = standings([-20, -5, -40], [3, 3, 3])
    assert [place.seat for place in table.places] == [1, 0, 2]
    assert table.leader == 1


def test_tie_broken_by_fewer_missed_bids() -> None:
    table = standings([50, 50, 20], [3, 1, 0])
    assert table.leader == 1
    assert table.decided_by_misses
    assert not table.needs_extra_hand
    assert set(table.tied_on_points) == {0, 1}
    assert positions([50, 50, 20], [3, 1, 0]) == {1: 1, 0: 2, 2: 3}


def test_still_tied_needs_an_extra_hand() -> None:
    table = standings([50, 50, 20], [2, 2, 0])
    assert table.needs_extra_hand
    assert table.leader is None
    assert set(table.leaders) == {0, 1}
    assert not table.decided_by_misses
    assert positions([50, 50, 20], [2, 2, 0]) == {0: 1, 1: 1, 2: 3}


def test_three_tied_on_points_two_on_misses() -> None:
    table = standings([20, 20, 20, 0], [1, 1, 2, 0])
    assert set(table.leaders) == {0, 1}
    assert table.needs_extra_hand and table.leader is None
    assert not table.decided_by_misses
    assert set(table.tied_on_points) == {0, 1, 2}
    assert table.place_of(2).position == 3
    assert table.place_of(3).position == 4


def test_ties_below_first_share_the_place() -> None:
    assert positions([40, 30, 30, 10], [0, 2, 2, 1]) == {0: 1, 1: 2, 2: 2, 3: 4}
    table = standings([40, 30, 30, 10], [0, 2, 2, 1])
    assert table.leader == 0 and not table.needs_extra_hand


def test_below_first_misses_separate_equal_totals() -> None:
    assert positions([40, 30, 30, 10], [0, 3, 1, 1]) == {0: 1, 2: 2, 1: 3, 3: 4}


def test_everyone_tied() -> None:
    table = standings([0, 0, 0, 0], [0, 0, 0, 0])
    assert table.needs_extra_hand
    assert [place.position for place in table.places] == [1, 1, 1, 1]


def test_place_of_a_seat() -> None:
    place = standings([10, 25, 5], [1, 2, 0]).place_of(0)
    assert (place.seat, place.total, place.missed, place.position) == (0, 10, 1, 2)
