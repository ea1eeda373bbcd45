"""The score sheet: every recorded hand checked and scored, the running totals, the standings and what comes next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import check_players
from .records import HandRecord, check_record
from .rules import Rules
from .schedule import HandPlan, extra_hand, schedule
from .scoring import points, renuncio_points
from .standings import Standings, Tally, standings, standings_after_extra_hands


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One line of the paper sheet: the hand, what was recorded, each player's points and running total.

    ``points`` are what each seat's total took from the hand, so a total is always the one before
    plus ``points``; ``penalties`` are the points each player's renuncios took off, already in
    ``points``. ``scored`` is what the rules give each seat for the hand and ``counted`` says whose
    points count: in an extra hand only the tied players' (docs/rules.md, "Ties"), and nobody's in
    an extra hand a correction has made unneeded. Empty ``scored`` or ``counted``: all count.
    """

    plan: HandPlan
    record: HandRecord
    multiplier: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    penalties: tuple[int, ...] = ()
    scored: tuple[int, ...] = ()
    counted: tuple[bool, ...] = ()

    @property
    def made(self) -> tuple[bool, ...]:
        """Whether each seat took exactly the tricks bid."""
        return tuple(b == t for b, t in zip(self.record.bids, self.record.tricks))

    def counts(self, seat: int) -> bool:
        """Whether the hand counts for ``seat``: its points went into the total, its miss into the missed bids."""
        return self.counted[seat] if self.counted else True

    @property
    def needed(self) -> bool:
        """False for an extra hand that counts for nobody: a correction broke the tie it was played for."""
        return not self.counted or any(self.counted)

    def scored_by(self, seat: int) -> int:
        """The points the rules give ``seat`` for this hand, whether or not they count."""
        return self.scored[seat] if self.scored else self.points[seat]


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A game as the paper sheet shows it, plus the standings and the hand to play next."""

    players: tuple[str, ...]
    rules: Rules
    first_dealer: int
    plans: tuple[HandPlan, ...]
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    missed: tuple[int, ...]
    standings: Standings
    next_hand: HandPlan | None

    @property
    def finished(self) -> bool:
        """True once every hand is played and one player is alone in first place."""
        return self.next_hand is None

    @property
    def winner(self) -> int | None:
        """The winning seat when the game is over."""
        return self.standings.first_place if self.finished else None

    @property
    def unneeded(self) -> tuple[int, ...]:
        """The numbers of the extra hands that count for nobody (a correction broke the tie they were played for)."""
        return tuple(row.plan.number for row in self.rows if not row.needed)

    @property
    def playing_for_first(self) -> tuple[int, ...]:
        """The seats whose points count in the next hand when it is an extra hand: the tied ones (or, in
        games saved before that rule, everyone); empty when no extra hand is next."""
        if self.next_hand is None or not self.next_hand.is_extra:
            return ()
        return _counted_seats(self.rules, self.standings)

    @property
    def hands_total(self) -> int:
        """Hands in the game so far: the schedule plus any extra hands started."""
        return max(len(self.plans), len(self.rows) + (1 if self.next_hand is not None else 0))


def hand_plan(players: int, first_dealer: int, rules: Rules, number: int) -> HandPlan:
    """Hand ``number`` of the game: from the schedule, or a tie-break hand past its end."""
    plans = schedule(players, first_dealer, rules)
    if number <= len(plans):
        return plans[number - 1]
    return extra_hand(players, first_dealer, number, rules)


def _counted_seats(rules: Rules, table: Standings) -> tuple[int, ...]:
    """The seats whose points count in an extra hand played after ``table``: the seats tied for first
    (everyone with ``extra_hand_only_tied`` off), nobody once first place is no longer tied."""
    if not table.needs_extra_hand:
        return ()
    if not rules.extra_hand_only_tied:
        return tuple(range(len(table.places)))
    return tuple(sorted(table.first_places))


def _standings(rules: Rules, tallies: Sequence[Tally], totals: Sequence[int], missed: Sequence[int]) -> Standings:
    """The standings now: by the running totals during the schedule (and in games saved before the
    tied-only rule); after it, the extra hands only rank the seats tied for first."""
    if not tallies or not rules.extra_hand_only_tied:
        return standings(totals, missed, misses_break_ties=rules.misses_break_ties)
    return standings_after_extra_hands(tallies, misses_break_ties=rules.misses_break_ties)


def score_sheet(
    rules: Rules,
    players: Sequence[str],
    first_dealer: int,
    records: Sequence[HandRecord],
) -> ScoreSheet:
    """Check every recorded hand, in order, and compute points, totals, missed bids and standings.

    Hands past the schedule are extra hands: in each, only the points (and misses) of the seats
    tied for first count (docs/rules.md, "Ties"). One recorded after first place stopped being tied
    (a correction broke the tie) is still checked and kept, and counts for nobody.
    Raises ``RecordError`` (naming the hand) when a record breaks a rule.
    """
    names = tuple(players)
    n = len(names)
    check_players(n)
    plans = schedule(n, first_dealer, rules)
    totals = [0] * n
    missed = [0] * n
    tallies: list[Tally] = []  # at the end of the schedule, then after each extra hand that counted
    rows: list[SheetRow] = []
    for number, record in enumerate(records, start=1):
        if number <= len(plans):
            plan = plans[number - 1]
            counted = (True,) * n
        else:
            plan = extra_hand(n, first_dealer, number, rules)
            seats = _counted_seats(rules, _standings(rules, tallies, totals, missed))
            counted = tuple(seat in seats for seat in range(n))
        check_record(plan, record, rules, names)
        scored = tuple(
            points(rules, plan.cards, record.trump, record.bids[s], record.tricks[s], record.renuncios_of(s))
            for s in range(n)
        )
        for s in range(n):
            if counted[s]:
                totals[s] += scored[s]
                missed[s] += record.bids[s] != record.tricks[s]
        hand = tuple(scored[s] if counted[s] else 0 for s in range(n))
        penalties = tuple(
            renuncio_points(record.renuncios_of(s), rules.renuncio_penalty) if counted[s] else 0 for s in range(n)
        )
        multiplier = rules.multiplier(record.trump)
        rows.append(SheetRow(plan, record, multiplier, hand, tuple(totals), penalties, scored, counted))
        if number >= len(plans) and any(counted):
            tallies.append((tuple(totals), tuple(missed)))
    table = _standings(rules, tallies, totals, missed)
    played = len(rows)
    if played < len(plans):
        upcoming: HandPlan | None = plans[played]
    elif table.needs_extra_hand:
        upcoming = extra_hand(n, first_dealer, played + 1, rules)
    else:
        upcoming = None
    return ScoreSheet(names, rules, first_dealer, plans, tuple(rows), tuple(totals), tuple(missed), table, upcoming)
