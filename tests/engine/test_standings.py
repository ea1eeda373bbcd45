"""Standings (docs/rules.md "End of the game", "Ties"): by total, then fewer missed bids, else extra hands."""

from __future__ import annotations

from scorekeeper.engine import standings, standings_after_extra_hands


def positions(totals: list[int], missed: list[int]) -> dict[int, int]:
    """Each seat's position."""
    return {place.seat: place.position for place in standings(totals, missed).places}


def test_highest_total_wins() -> None:
    table = standings([30, 50, 40], [0, 0, 0])
    assert [place.seat for place in table.places] == [1, 2, 0]
    assert [place.position for place in table.places] == [1, 2, 3]
    assert table.first_place == 1
    assert table.first_places == (1,)
    assert not table.needs_extra_hand
    assert not table.decided_by_misses


def test_missed_bids_do_not_matter_without_a_tie() -> None:
    table = standings([60, 55, 10], [9, 0, 0])
    assert table.first_place == 0
    assert not table.decided_by_misses


def test_negative_totals_rank_too() -> None:
    table = standings([-20, -5, -40], [3, 3, 3])
    assert [place.seat for place in table.places] == [1, 0, 2]
    assert table.first_place == 1


def test_tie_broken_by_fewer_missed_bids() -> None:
    table = standings([50, 50, 20], [3, 1, 0])
    assert table.first_place == 1
    assert table.decided_by_misses
    assert not table.needs_extra_hand
    assert set(table.tied_on_points) == {0, 1}
    assert positions([50, 50, 20], [3, 1, 0]) == {1: 1, 0: 2, 2: 3}


def test_still_tied_needs_an_extra_hand() -> None:
    table = standings([50, 50, 20], [2, 2, 0])
    assert table.needs_extra_hand
    assert table.first_place is None
    assert set(table.first_places) == {0, 1}
    assert not table.decided_by_misses
    assert positions([50, 50, 20], [2, 2, 0]) == {0: 1, 1: 1, 2: 3}


def test_three_tied_on_points_two_on_misses() -> None:
    table = standings([20, 20, 20, 0], [1, 1, 2, 0])
    assert set(table.first_places) == {0, 1}
    assert table.needs_extra_hand and table.first_place is None
    assert not table.decided_by_misses
    assert set(table.tied_on_points) == {0, 1, 2}
    assert table.place_of(2).position == 3
    assert table.place_of(3).position == 4


def test_ties_below_first_share_the_place() -> None:
    assert positions([40, 30, 30, 10], [0, 2, 2, 1]) == {0: 1, 1: 2, 2: 2, 3: 4}
    table = standings([40, 30, 30, 10], [0, 2, 2, 1])
    assert table.first_place == 0 and not table.needs_extra_hand


def test_below_first_misses_separate_equal_totals() -> None:
    assert positions([40, 30, 30, 10], [0, 3, 1, 1]) == {0: 1, 2: 2, 1: 3, 3: 4}


def test_everyone_tied() -> None:
    table = standings([0, 0, 0, 0], [0, 0, 0, 0])
    assert table.needs_extra_hand
    assert [place.position for place in table.places] == [1, 1, 1, 1]


def test_place_of_a_seat() -> None:
    place = standings([10, 25, 5], [1, 2, 0]).place_of(0)
    assert (place.seat, place.total, place.missed, place.position) == (0, 10, 1, 2)


# --- without missed bids (Ludoteka, the rule sheets, corta) ----------------------------------------


def test_without_missed_bids_a_tie_on_points_goes_straight_to_an_extra_hand() -> None:
    table = standings([50, 50, 20], [3, 1, 0], misses_break_ties=False)
    assert table.needs_extra_hand
    assert set(table.first_places) == {0, 1} and table.first_place is None
    assert not table.decided_by_misses
    assert {p.seat: p.position for p in table.places} == {0: 1, 1: 1, 2: 3}
    assert table.place_of(0).missed == 3, "the missed bids are still shown"


def test_without_missed_bids_ties_below_first_share_the_place() -> None:
    table = standings([40, 30, 30, 10], [0, 3, 1, 1], misses_break_ties=False)
    assert {p.seat: p.position for p in table.places} == {0: 1, 1: 2, 2: 2, 3: 4}
    assert table.first_place == 0


# --- after extra hands: only the tied players are ranked again --------------------------------------

# After the schedule: Ana and Bea tie on 50 (2 misses each), Carlos 45, Dani 10.
END = ([50, 50, 45, 10], [2, 2, 1, 4])


def test_an_extra_hand_ranks_the_tied_players_and_nobody_else() -> None:
    # Ana +10, Bea −5 in the extra hand; Carlos's and Dani's points in it do not count.
    after = ([60, 45, 45, 10], [2, 3, 1, 4])
    table = standings_after_extra_hands([END, after])
    assert table.first_place == 0 and table.decided_by_extra_hands
    assert not table.decided_by_misses
    assert table.contenders == (0, 1) and table.extra_hands == 1
    # Bea lost the extra hand but keeps second place over Carlos, whose total now equals hers.
    assert [(p.seat, p.total, p.position) for p in table.places] == [(0, 60, 1), (1, 45, 2), (2, 45, 3), (3, 10, 4)]


def test_a_tied_player_who_falls_below_another_total_keeps_the_place() -> None:
    after = ([60, 30, 45, 10], [2, 3, 1, 4])  # Bea −20: under Carlos's 45, still second
    table = standings_after_extra_hands([END, after])
    assert [p.seat for p in table.places] == [0, 1, 2, 3]
    assert table.place_of(1).position == 2 and table.place_of(2).position == 3


def test_still_tied_after_an_extra_hand_plays_another_among_them() -> None:
    three = ([50, 50, 50, 10], [2, 2, 2, 4])
    first = ([65, 65, 40, 10], [2, 2, 3, 4])  # Ana and Bea +15, Carlos −10: out of the tie, third
    table = standings_after_extra_hands([three, first])
    assert table.needs_extra_hand and set(table.first_places) == {0, 1}
    assert table.contenders == (0, 1, 2)
    assert table.place_of(2).position == 3
    second = ([75, 60, 40, 10], [2, 3, 3, 4])  # only Ana and Bea count now
    table = standings_after_extra_hands([three, first, second])
    assert table.first_place == 0 and table.extra_hands == 2 and table.contenders == (0, 1)
    assert [p.position for p in table.places] == [1, 2, 3, 4]


def test_in_an_extra_hand_equal_points_still_look_at_missed_bids_when_they_count() -> None:
    end = ([50, 50, 0], [1, 1, 0])
    after = ([50, 50, 0], [1, 2, 0])  # both scored 0 there (custom points), Bea missed
    assert standings_after_extra_hands([end, after]).first_place == 0
    assert standings_after_extra_hands([end, after]).decided_by_misses
    assert standings_after_extra_hands([end, after], misses_break_ties=False).needs_extra_hand


def test_extra_tallies_after_first_place_is_decided_move_nobody() -> None:
    decided = ([60, 50, 40], [0, 0, 0])
    later = ([0, 90, 100], [5, 0, 0])
    table = standings_after_extra_hands([decided, later])
    assert [p.seat for p in table.places] == [0, 1, 2] and table.extra_hands == 0
    assert [p.total for p in table.places] == [60, 50, 40]


def test_one_tally_is_the_plain_standings() -> None:
    assert standings_after_extra_hands([END]) == standings(*END)
    assert standings(*END).contenders == (0, 1, 2, 3) and standings(*END).extra_hands == 0


def test_first_place_is_the_one_seat_of_first_places_or_none_while_tied() -> None:
    table = standings([50, 50, 10], [2, 2, 0])
    assert table.first_places == (0, 1) and table.first_place is None
    table = standings([30, 50, 40], [0, 0, 0])
    assert table.first_places == (1,) and table.first_place == 1
