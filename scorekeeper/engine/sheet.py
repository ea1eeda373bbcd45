"""The score sheet: recorded hands checked against the rules, points and running totals, and what comes next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bidding import bid_order, check_bids
from .cards import Suit, check_players
from .errors import N_, RecordError
from .rules import HandKind, Rules
from .schedule import HandPlan, extra_hand, schedule
from .scoring import points, renuncio_points
from .standings import Standings, Tally, standings, standings_after_extra_hands

MAX_RENUNCIOS = 20


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What the table said and did in one hand, each tuple by seat.

    ``auction`` holds the subastado offers (by seat), ``None`` in other hands;
    ``renuncios`` counts each player's renuncios (empty: none).
    """

    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    trump: Suit | None
    renuncios: tuple[int, ...] = ()
    auction: tuple[int, ...] | None = None

    def renuncios_of(self, seat: int) -> int:
        """How many renuncios ``seat`` committed in this hand."""
        return self.renuncios[seat] if self.renuncios else 0


def _is_count(value: object, top: int) -> bool:
    """True for a whole number from 0 to ``top``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top


def check_trump(plan: HandPlan, trump: Suit | None) -> None:
    """Raise ``RecordError`` unless ``trump`` fits the kind of hand (oros in mano de oro, none in sin triunfo)."""
    if plan.kind is HandKind.SIN_TRIUNFO:
        if trump is not None:
            raise RecordError(N_("La mano %(number)s se juega sin triunfo"), number=plan.number)
    elif trump is None:
        raise RecordError(N_("Falta la pinta de la mano %(number)s"), number=plan.number)
    elif plan.kind is HandKind.MANO_DE_ORO and trump is not Suit.OROS:
        raise RecordError(N_("La mano %(number)s es mano de oro: pintan oros"), number=plan.number)


def check_auction(plan: HandPlan, auction: Sequence[int] | None) -> None:
    """Raise ``RecordError`` unless the subastado offers are there (only in subastado) and in range."""
    if plan.kind is not HandKind.SUBASTADO:
        if auction is not None:
            raise RecordError(N_("Solo hay subasta en el subastado"))
        return
    if auction is None or len(auction) != plan.players:
        raise RecordError(N_("Falta la subasta de la mano %(number)s"), number=plan.number)
    if not all(_is_count(offer, plan.cards) for offer in auction):
        raise RecordError(N_("En la subasta se piden de 0 a %(cards)s bazas"), cards=plan.cards)


def check_record(plan: HandPlan, record: HandRecord, rules: Rules, names: Sequence[str] = ()) -> None:
    """Raise a ``PochaError`` unless ``record`` is a complete, lawful result of hand ``plan``."""
    n = plan.players
    if len(record.bids) != n or len(record.tricks) != n:
        raise RecordError(N_("Faltan apuestas o bazas de algún jugador"))
    if record.renuncios and (
        len(record.renuncios) != n or not all(_is_count(r, MAX_RENUNCIOS) for r in record.renuncios)
    ):
        raise RecordError(N_("Los renuncios son de 0 a %(top)s por jugador y mano"), top=MAX_RENUNCIOS)
    check_trump(plan, record.trump)
    check_auction(plan, record.auction)
    order = bid_order(plan, record.auction)
    check_bids(plan.cards, [record.bids[seat] for seat in order], order, rules, names)
    if record.auction is not None and record.bids[order[0]] != record.auction[order[0]]:
        raise RecordError(N_("Quien gana la subasta mantiene su apuesta de %(bid)s"), bid=record.auction[order[0]])
    check_tricks(plan.cards, record.tricks)


def check_tricks(cards: int, tricks: Sequence[int | None]) -> None:
    """Raise ``RecordError`` unless the tricks said so far (``None``: not yet) fit a hand of ``cards``."""
    for seat, won in enumerate(tricks):
        if won is not None and not _is_count(won, cards):
            raise RecordError(N_("Las bazas de cada jugador van de 0 a %(cards)s"), player=seat, cards=cards)
    known = [won for won in tricks if won is not None]
    total = sum(known)
    if total > cards or (len(known) == len(tricks) and total != cards):
        raise RecordError(N_("Las bazas suman %(total)s y en esta mano hay %(cards)s"), total=total, cards=cards)


def tricks_left(cards: int, tricks: Sequence[int | None]) -> int:
    """Tricks of the hand not yet given to anybody."""
    return cards - sum(won for won in tricks if won is not None)


def fill_tricks(cards: int, tricks: Sequence[int | None]) -> tuple[int | None, ...]:
    """The tricks by seat with what is certain filled in: the last player's (the rest of the cards),
    or 0 for everyone still missing once every trick is given out."""
    check_tricks(cards, tricks)
    missing = [seat for seat, won in enumerate(tricks) if won is None]
    left = tricks_left(cards, tricks)
    if not missing or (len(missing) > 1 and left > 0):
        return tuple(tricks)
    filled = list(tricks)
    for seat in missing:
        filled[seat] = left if len(missing) == 1 else 0
    return tuple(filled)


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
        return self.standings.leader if self.finished else None

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
    """The seats whose points count in an extra hand played after ``table``: the tied leaders
    (everyone with ``extra_hand_only_tied`` off), nobody once first place is no longer tied."""
    if not table.needs_extra_hand:
        return ()
    if not rules.extra_hand_only_tied:
        return tuple(range(len(table.places)))
    return tuple(sorted(table.leaders))


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
