"""Bids: the order they are said in, the dealer's forbidden bid, checking a set of bids, and the subastado auction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .counts import is_count
from .errors import N_, BidError, ForbiddenBidError, Message, RecordError
from .rules import DEFAULT_RULES, HandKind, Rules

if TYPE_CHECKING:
    from .schedule import HandPlan  # the schedule asks this module for the order of bids


def bidding_order(players: int, dealer: int) -> tuple[int, ...]:
    """Seats in the order they bid when ``dealer`` deals: la mano (the next seat) first, the dealer last.

    Every order of bids starts here: each hand of the schedule (``HandPlan.bidding_order``), and the
    simulator's deals, its odds and its practice hands.
    """
    return tuple((dealer + 1 + i) % players for i in range(players))


def forbidden_bid(cards: int, earlier_bids: Sequence[int]) -> int | None:
    """The bid the last bidder may not make, so that the bids cannot add up to ``cards``.

    ``None`` when that number is out of range (the earlier bids already pass the cards).
    """
    left = cards - sum(earlier_bids)
    return left if 0 <= left <= cards else None


def forbidden_bid_for(cards: int, earlier_bids: Sequence[int], rules: Rules) -> int | None:
    """Like ``forbidden_bid``, but ``None`` where the rules do not apply it (one-card hands, by option)."""
    return forbidden_bid(cards, earlier_bids) if rules.forbidden_applies(cards) else None


def forbidden_reason(cards: int, bid: int, name: str = "") -> Message:
    """Why the last bidder may not bid ``bid``: the bids would add up to the ``cards``."""
    return Message(_FORBIDDEN, {"name": name, "bid": bid, "cards": cards})


_FORBIDDEN = N_("%(name)s no puede pedir %(bid)s: la suma sería %(cards)s de %(cards)s")


def check_bid(
    cards: int,
    bid: int,
    earlier_bids: Sequence[int] = (),
    *,
    last: bool = False,
    rules: Rules | None = None,
    player: int | None = None,
    name: str = "",
) -> None:
    """Raise ``BidError`` unless ``bid`` is a whole number from 0 to ``cards`` and, for the last bidder, allowed."""
    who = name or (f"{player + 1}" if player is not None else "")
    if not is_count(bid, cards):
        raise BidError(N_("%(name)s: la apuesta debe ser de 0 a %(cards)s bazas"), player=player, name=who, cards=cards)
    if last:
        forbidden = forbidden_bid_for(cards, earlier_bids, rules or DEFAULT_RULES)
        if bid == forbidden:
            raise ForbiddenBidError(_FORBIDDEN, player=player, name=who, bid=bid, cards=cards)


def check_bids(
    cards: int,
    bids_in_order: Sequence[int],
    order: Sequence[int],
    rules: Rules | None = None,
    names: Sequence[str] = (),
) -> None:
    """Check a set of bids given in bidding order (the last one, complete or not, is the restricted one).

    ``order`` gives each bid's seat; ``names`` (by seat), when given, name the player in errors.
    """
    if len(bids_in_order) > len(order):
        raise RecordError(N_("Hay más apuestas que jugadores"))
    complete = len(bids_in_order) == len(order)
    for i, bid in enumerate(bids_in_order):
        seat = order[i]
        check_bid(
            cards,
            bid,
            bids_in_order[:i],
            last=complete and i == len(order) - 1,
            rules=rules,
            player=seat,
            name=names[seat] if seat < len(names) else "",
        )


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """Who won a subastado auction and the bidding that follows."""

    winner: int
    bid: int
    rebid_order: tuple[int, ...]

    @property
    def leader(self) -> int:
        """The auction winner leads the first trick."""
        return self.winner


def auction_winner(offers: Sequence[int], dealer: int) -> AuctionResult:
    """The subastado auction: ``offers`` by seat; the highest wins, ties to the nearest after the dealer.

    The winner chooses trump, leads and keeps the bid; the others then bid again
    in turn from the winner's next seat, and the last of them carries the restriction.
    """
    players = len(offers)
    if players < 3:
        raise RecordError(N_("Faltan ofertas en la subasta"))
    best = max(offers)
    winner = min(
        (seat for seat in range(players) if offers[seat] == best), key=lambda seat: (seat - dealer - 1) % players
    )
    rebid = tuple((winner + i) % players for i in range(1, players))
    return AuctionResult(winner, best, rebid)


def bid_order(plan: HandPlan, offers: Sequence[int] | None = None) -> tuple[int, ...]:
    """Seats in the order their bids count: la mano to the dealer, or in subastado (once every offer is said) the
    auction's winner and then the rest."""
    if plan.kind is HandKind.SUBASTADO and offers is not None:
        won = auction_winner(offers, plan.dealer)
        return (won.winner, *won.rebid_order)
    return plan.bidding_order


def leader(plan: HandPlan, offers: Sequence[int] | None = None) -> int:
    """The seat that leads the first trick: la mano, or the subastado auction's winner."""
    return bid_order(plan, offers)[0]
