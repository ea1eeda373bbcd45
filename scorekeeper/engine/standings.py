"""Who is in first place and who wins: by total, a tie broken by fewer missed bids (when the rules say so), else by extra hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: The totals and missed bids of every seat at one moment, by seat.
Tally = tuple[Sequence[int], Sequence[int]]


@dataclass(frozen=True, slots=True)
class Place:
    """One player's place: seat, total, missed bids and position (1 = first; ties share it)."""

    seat: int
    total: int
    missed: int
    position: int


@dataclass(frozen=True, slots=True)
class Standings:
    """The table ranked: by total, then (with ``misses_break_ties``) fewer missed bids.

    ``contenders`` are the seats the last ranking compared: every seat, or after extra hands
    only the seats that were still tied for first; ``extra_hands`` counts those extra hands.
    """

    places: tuple[Place, ...]
    misses_break_ties: bool = True
    contenders: tuple[int, ...] = ()
    extra_hands: int = 0

    @property
    def first_places(self) -> tuple[int, ...]:
        """Seats in first place after every tie-break (more than one: still tied)."""
        return tuple(p.seat for p in self.places if p.position == 1)

    @property
    def tied_on_points(self) -> tuple[int, ...]:
        """Seats sharing the highest total among the contenders, before missed bids are looked at."""
        compared = [p for p in self.places if not self.contenders or p.seat in self.contenders]
        top = max(p.total for p in compared)
        return tuple(p.seat for p in compared if p.total == top)

    @property
    def decided_by_misses(self) -> bool:
        """True when the top total is shared and fewer missed bids single out one player in first place."""
        return self.misses_break_ties and len(self.tied_on_points) > 1 and len(self.first_places) == 1

    @property
    def decided_by_extra_hands(self) -> bool:
        """True when first place was tied after the schedule and the extra hands singled out one player in it."""
        return self.extra_hands > 0 and len(self.first_places) == 1

    @property
    def needs_extra_hand(self) -> bool:
        """True when first place is still tied (on points, and on missed bids when they count): another hand is played."""
        return len(self.first_places) > 1

    @property
    def first_place(self) -> int | None:
        """The single seat in first place, or ``None`` while first place is tied."""
        first = self.first_places
        return first[0] if len(first) == 1 else None

    def place_of(self, seat: int) -> Place:
        """The place of ``seat``."""
        return next(p for p in self.places if p.seat == seat)


def standings(totals: Sequence[int], missed: Sequence[int], *, misses_break_ties: bool = True) -> Standings:
    """Rank seats by total (highest first), then by fewer missed bids when they break ties; equals share a position."""
    return standings_after_extra_hands([(totals, missed)], misses_break_ties=misses_break_ties)


def standings_after_extra_hands(tallies: Sequence[Tally], *, misses_break_ties: bool = True) -> Standings:
    """Rank every seat by the first tally (the end of the schedule), then each later tally (after an
    extra hand) ranks again only the seats still tied for first: nobody else moves, up or down.

    The places show each seat's total and missed bids in the last tally used.
    """
    seats = range(len(tallies[0][0]))
    keys: list[list[tuple[int, int]]] = [[] for _ in seats]
    group: tuple[int, ...] = tuple(seats)
    compared = group
    rounds = 0
    for round_totals, round_missed in tallies:
        if rounds and len(group) < 2:
            break  # first place is decided: a later tally moves nobody
        compared = group
        for seat in compared:
            keys[seat].append((-round_totals[seat], round_missed[seat] if misses_break_ties else 0))
        rounds += 1
        best = min(keys[seat] for seat in compared)
        group = tuple(seat for seat in compared if keys[seat] == best)
    totals, missed = tallies[rounds - 1]
    order = sorted(seats, key=lambda seat: (keys[seat], seat))
    places: list[Place] = []
    for rank, seat in enumerate(order):
        position = places[-1].position if places and keys[seat] == keys[places[-1].seat] else rank + 1
        places.append(Place(seat, totals[seat], missed[seat], position))
    return Standings(tuple(places), misses_break_ties, compared, rounds - 1)
