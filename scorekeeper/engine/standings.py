"""Who leads and who wins: by total, ties broken by fewer missed bids, else an extra hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Place:
    """One player's place: seat, total, missed bids and position (1 = first; ties share it)."""

    seat: int
    total: int
    missed: int
    position: int


@dataclass(frozen=True, slots=True)
class Standings:
    """The table ranked: by total, then fewer missed bids."""

    places: tuple[Place, ...]

    @property
    def leaders(self) -> tuple[int, ...]:
        """Seats in first place after the tie-break by missed bids (more than one: still tied)."""
        return tuple(p.seat for p in self.places if p.position == 1)

    @property
    def tied_on_points(self) -> tuple[int, ...]:
        """Seats sharing the highest total, before missed bids are looked at."""
        top = self.places[0].total
        return tuple(p.seat for p in self.places if p.total == top)

    @property
    def decided_by_misses(self) -> bool:
        """True when the top total is shared and fewer missed bids single out one leader."""
        return len(self.tied_on_points) > 1 and len(self.leaders) == 1

    @property
    def needs_extra_hand(self) -> bool:
        """True when first place is tied on points and on missed bids: another hand is played."""
        return len(self.leaders) > 1

    @property
    def leader(self) -> int | None:
        """The single seat in first place, or ``None`` while first place is tied."""
        leaders = self.leaders
        return leaders[0] if len(leaders) == 1 else None

    def place_of(self, seat: int) -> Place:
        """The place of ``seat``."""
        return next(p for p in self.places if p.seat == seat)


def standings(totals: Sequence[int], missed: Sequence[int]) -> Standings:
    """Rank seats by total (highest first), then by fewer missed bids; equal on both share a position."""
    order = sorted(range(len(totals)), key=lambda seat: (-totals[seat], missed[seat], seat))
    places: list[Place] = []
    for rank, seat in enumerate(order):
        if places and (totals[seat], missed[seat]) == (places[-1].total, places[-1].missed):
            position = places[-1].position
        else:
            position = rank + 1
        places.append(Place(seat, totals[seat], missed[seat], position))
    return Standings(tuple(places))
