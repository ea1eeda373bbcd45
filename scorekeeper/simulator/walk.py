"""A simulated hand replayed one moment at a time: moment 0 is the deal and the bids, then one card per moment, then the result."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.engine import Card, HandLog, Message, PlayRecord, TrickRecord, ruling, sorted_hand


@dataclass(frozen=True, slots=True)
class Moment:
    """The table at one moment: each seat's cards (before its play, for the seat playing now) and the trick so far.

    ``play`` is the card played at this moment (``None`` for the deal and the result),
    ``table`` the trick's plays up to and including it, ``reason`` why its legal
    cards were the legal ones, ``winner`` the seat taking the trick when this play
    completes it, ``won`` the tricks each seat has taken once this moment is over.
    """

    number: int
    last: int
    trick: int
    hands: tuple[tuple[Card, ...], ...]
    play: PlayRecord | None
    table: tuple[PlayRecord, ...]
    reason: Message | None
    winner: int | None
    won: tuple[int, ...]

    @property
    def is_deal(self) -> bool:
        """Moment 0: the deal and the bids."""
        return self.number == 0

    @property
    def is_result(self) -> bool:
        """The last moment: tricks won against bids, and the points."""
        return self.number == self.last

    @property
    def previous(self) -> int | None:
        """The moment before (``None`` at the deal)."""
        return self.number - 1 if self.number > 0 else None

    @property
    def next(self) -> int | None:
        """The moment after (``None`` at the result)."""
        return self.number + 1 if self.number < self.last else None


def last_moment(log: HandLog) -> int:
    """The number of the result's moment: one moment per card played, after the deal."""
    return len(log.moves) + 1


def first_moment_of(trick: int, log: HandLog) -> int:
    """The moment at which trick ``trick`` (from 1) gets its first card."""
    return (trick - 1) * log.deal.players + 1


def moment_of(log: HandLog, number: int) -> Moment:
    """The table at moment ``number`` (0 to ``last_moment(log)``)."""
    last = last_moment(log)
    if not 0 <= number <= last:
        raise ValueError(number)
    players = log.deal.players
    trump = log.deal.trump
    plays = [play for trick in log.tricks for play in trick.plays]
    done = min(number, len(plays))  # cards on the table or gone, this moment's included
    hands = [list(hand) for hand in log.deal.hands]
    for gone in plays[: max(done - 1, 0)]:
        hands[gone.player].remove(gone.card)
    play: PlayRecord | None = None
    table: tuple[PlayRecord, ...] = ()
    reason: Message | None = None
    winner: int | None = None
    trick = 0
    tricks: tuple[TrickRecord, ...] = log.tricks
    if 1 <= number <= len(plays):
        play = plays[number - 1]
        trick = (number - 1) // players + 1
        start = (trick - 1) * players
        table = tuple(plays[start:number])
        reason = ruling(hands[play.player], [p.card for p in table[:-1]], trump).reason
        if len(table) == players:
            winner = tricks[trick - 1].winner
    elif number == last:
        for seat_play in plays[-1:]:
            hands[seat_play.player].remove(seat_play.card)
    complete = number // players if number <= len(plays) else len(tricks)
    won = [0] * players
    for finished in tricks[:complete]:
        won[finished.winner] += 1
    return Moment(
        number,
        last,
        trick,
        tuple(tuple(sorted_hand(hand, trump)) for hand in hands),
        play,
        table,
        reason,
        winner,
        tuple(won),
    )
