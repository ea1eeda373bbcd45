"""What is said in a hand, step by step: an offer, the trump, a bid, a player's tricks, renuncios.

A step is stored as ``[kind, seat, value]``; ``said_steps`` gives the steps of what a table has said,
in the order a table says things. ``HandInPlay`` applies them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from .bidding import bid_order
from .cards import trump_of
from .counts import is_whole
from .errors import N_, RecordError
from .records import check_trump
from .rules import HandKind
from .schedule import HandPlan

StepKind = Literal["offer", "trump", "bid", "tricks", "renuncios"]
STEP_KINDS: Final[tuple[StepKind, ...]] = ("offer", "trump", "bid", "tricks", "renuncios")


@dataclass(frozen=True, slots=True)
class Step:
    """One thing said in a hand: its kind, the seat it is about (``None`` for the trump) and the value.

    The trump's value is its notation (a suit letter, ``-`` for none); every other value is a count.
    """

    kind: StepKind
    seat: int | None
    value: int | str

    def to_list(self) -> list[int | str | None]:
        """The step as stored: ``[kind, seat, value]``."""
        return [self.kind, self.seat, self.value]

    @classmethod
    def from_list(cls, item: Sequence[object]) -> Step:
        """Read a stored ``[kind, seat, value]``; raises ``RecordError`` when it is not one."""
        if len(item) != 3:
            raise RecordError(N_("Un paso de la mano no se entiende"))
        kind, seat, value = item
        for known in STEP_KINDS:
            if kind == known and (seat is None or is_whole(seat)) and (is_whole(value) or isinstance(value, str)):
                assert isinstance(value, int | str)
                return cls(known, seat if isinstance(seat, int) else None, value)
        raise RecordError(N_("Un paso de la mano no se entiende"))


def all_offers(offers: Sequence[int | None] | None) -> tuple[int, ...] | None:
    """The subastado offers by seat once every one is said; ``None`` before that, and in other hands."""
    if offers is None or None in offers:
        return None
    return tuple(offer for offer in offers if offer is not None)


def trump_fixed(plan: HandPlan) -> bool:
    """True when the kind of hand sets the trump (mano de oro: oros; sin triunfo: none)."""
    return plan.kind.fixes_trump


def said_steps(
    plan: HandPlan,
    trump: str | None,
    offers: Sequence[int | None] | None,
    bids: Sequence[int | None],
    tricks: Sequence[int | None],
    renuncios: Sequence[int],
) -> tuple[Step, ...]:
    """What was said (by seat) as steps in the order a table says them: offers, trump, bids, tricks, renuncios."""
    n = plan.players
    if len(bids) != n or len(tricks) != n or len(renuncios) != n or (offers is not None and len(offers) != n):
        raise RecordError(N_("Faltan apuestas o bazas de algún jugador"))
    steps: list[Step] = []
    if offers is not None:
        steps += [Step("offer", seat, offer) for seat in plan.bidding_order if (offer := offers[seat]) is not None]
    if trump is not None and not trump_fixed(plan):
        steps.append(Step("trump", None, trump))
    elif trump is not None and trump_of(trump) != plan.kind.fixed_trump:
        check_trump(plan, trump_of(trump))  # says why this hand cannot have that trump
    every_offer = all_offers(offers)
    order = bid_order(plan, every_offer)
    # The auction's winner keeps the offer as the bid: it is said with the trump, not as a bid.
    winner = order[0] if every_offer is not None and plan.kind is HandKind.SUBASTADO else None
    steps += [Step("bid", seat, bid) for seat in order if seat != winner and (bid := bids[seat]) is not None]
    steps += [Step("tricks", seat, taken) for seat in order if (taken := tricks[seat]) is not None]
    steps += [Step("renuncios", seat, count) for seat, count in enumerate(renuncios) if count]
    return tuple(steps)
