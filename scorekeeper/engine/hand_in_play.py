"""The hand in play, as the scorekeeper records it: what has been said, what comes next, every step checked.

A ``HandInPlay`` is made from the hand's plan, the rules and what the table has said; each step
(an offer in the subastado auction, the trump, a bid, a player's tricks, renuncios) returns a
new value or raises the engine's error, and ``undo`` gives back the value before the last step.
Like ``chess.Board.push``: the web layer loads a value, asks it, applies a step and saves it.

    hand = HandInPlay.start(plan, rules, names)
    hand = hand.choose_trump(Suit.OROS).bid(1, 2)
    hand.stage, hand.next_seat, hand.forbidden    # "bids", 2, None
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from .bidding import AuctionResult, auction_winner, bid_order, check_bid, forbidden_bid_for, forbidden_reason
from .cards import Suit, trump_code, trump_of
from .counts import is_count, is_whole
from .errors import N_, AlreadySaidError, Message, RecordError, TurnError
from .records import MAX_RENUNCIOS, HandRecord, check_offers, check_trump, fill_tricks, tricks_left
from .rules import HandKind, Rules
from .schedule import HandPlan
from .scoring import points
from .steps import Step, all_offers, said_steps, trump_fixed

Stage = Literal["auction", "trump", "bids", "tricks", "ready"]


@dataclass(frozen=True, slots=True)
class HandInPlay:
    """The hand being played: its plan, the rules, the players' names and everything said so far (by seat).

    ``trump_said`` tells an unsaid trump from a hand without trump (``trump`` ``None`` in both).
    ``last`` is the step that made this value and ``previous`` the value before it.
    """

    plan: HandPlan
    rules: Rules
    names: tuple[str, ...]
    trump_said: bool
    trump: Suit | None
    offers: tuple[int | None, ...] | None
    bids: tuple[int | None, ...]
    tricks: tuple[int | None, ...]
    renuncios: tuple[int, ...]
    last: Step | None = None
    previous: HandInPlay | None = None

    # --- making one ----------------------------------------------------------------------------

    @classmethod
    def start(cls, plan: HandPlan, rules: Rules, names: Sequence[str] = ()) -> HandInPlay:
        """The hand before anything is said; a trump fixed by the kind of hand (mano de oro, sin triunfo) is set."""
        n = plan.players
        fixed = trump_fixed(plan)
        return cls(
            plan=plan,
            rules=rules,
            names=tuple(names),
            trump_said=fixed,
            trump=plan.kind.fixed_trump,
            offers=(None,) * n if plan.kind is HandKind.SUBASTADO else None,
            bids=(None,) * n,
            tricks=(None,) * n,
            renuncios=(0,) * n,
        )

    @classmethod
    def replay(cls, plan: HandPlan, rules: Rules, steps: Sequence[Step], names: Sequence[str] = ()) -> HandInPlay:
        """The hand after ``steps``, each checked as if tapped in that order."""
        hand = cls.start(plan, rules, names)
        for step in steps:
            hand = hand.apply(step)
        return hand

    @classmethod
    def from_said(
        cls,
        plan: HandPlan,
        rules: Rules,
        *,
        trump: str | None,
        offers: Sequence[int | None] | None,
        bids: Sequence[int | None],
        tricks: Sequence[int | None],
        renuncios: Sequence[int],
        names: Sequence[str] = (),
    ) -> HandInPlay:
        """The hand that has ``what was said`` (by seat; ``trump`` in notation, ``None`` unsaid), replayed in the
        order the table says things: offers, trump, bids, tricks, renuncios. Raises when it could not have been said."""
        return cls.replay(plan, rules, said_steps(plan, trump, offers, bids, tricks, renuncios), names)

    # --- what it knows -------------------------------------------------------------------------

    @property
    def auction(self) -> AuctionResult | None:
        """The subastado auction's result, once every offer is said."""
        offers = all_offers(self.offers)
        return auction_winner(offers, self.plan.dealer) if offers is not None else None

    @property
    def order(self) -> tuple[int, ...]:
        """Seats in the order they bid: la mano to the dealer, or the auction's winner and then the rest."""
        return bid_order(self.plan, all_offers(self.offers))

    @property
    def leader(self) -> int:
        """The seat that leads the first trick: la mano, or the auction's winner."""
        return self.order[0]

    @property
    def stage(self) -> Stage:
        """What the hand waits for: the auction, the trump, bids, tricks, or nothing (ready to save)."""
        if self.offers is not None and None in self.offers:
            return "auction"
        if not self.trump_said:
            return "trump"
        if None in self.bids:
            return "bids"
        return "ready" if None not in self.tricks_filled else "tricks"

    @property
    def next_seat(self) -> int | None:
        """Whose turn it is: the next to offer or bid, the auction's winner choosing trump; ``None`` otherwise."""
        stage = self.stage
        if stage == "auction":
            assert self.offers is not None
            return next(seat for seat in self.plan.bidding_order if self.offers[seat] is None)
        if stage == "trump":
            won = self.auction
            return won.winner if won is not None else None
        if stage == "bids":
            return next(seat for seat in self.order if self.bids[seat] is None)
        return None

    @property
    def bids_said(self) -> tuple[int, ...]:
        """The bids said so far, in bidding order."""
        return tuple(b for b in (self.bids[seat] for seat in self.order) if b is not None)

    @property
    def bid_total(self) -> int:
        """The tricks bid so far, all players together."""
        return sum(self.bids_said)

    @property
    def unbid(self) -> int:
        """Tricks nobody has bid yet (0 once the bids reach the cards)."""
        return max(0, self.plan.cards - self.bid_total)

    @property
    def overbid(self) -> int:
        """Tricks bid beyond the cards of the hand (0 while the bids do not pass them)."""
        return max(0, self.bid_total - self.plan.cards)

    @property
    def forbidden(self) -> int | None:
        """The number the next bidder may not bid (only the last bidder has one, where the rules apply it)."""
        seat = self.next_seat
        if self.stage != "bids" or seat != self.order[-1]:
            return None
        return forbidden_bid_for(self.plan.cards, self.bids_said, self.rules)

    @property
    def forbidden_reason(self) -> Message | None:
        """Why the next bidder may not bid ``forbidden``, in the words of the rules."""
        bid, seat = self.forbidden, self.next_seat
        if bid is None or seat is None:
            return None
        return forbidden_reason(self.plan.cards, bid, self.name(seat))

    @property
    def tricks_filled(self) -> tuple[int | None, ...]:
        """Tricks by seat, with what is certain filled in (the last player's, or 0s once every trick is given)."""
        return fill_tricks(self.plan.cards, self.tricks)

    @property
    def tricks_left(self) -> int:
        """Tricks of the hand not yet given to anybody."""
        return tricks_left(self.plan.cards, self.tricks)

    @property
    def trump_fixed(self) -> bool:
        """True when the kind of hand sets the trump (mano de oro: oros; sin triunfo: none)."""
        return trump_fixed(self.plan)

    @property
    def taking_tricks(self) -> bool:
        """True once every bid is said: the tricks are noted (and can still change until the hand is saved)."""
        return self.stage in ("tricks", "ready")

    def would_score(self, seat: int) -> int | None:
        """The points ``seat`` gets from this hand as it stands: with the tricks known (the last ones filled in),
        those; with only the bid, the points of making it; ``None`` before the bid (or the trump, which may
        multiply them). Renuncios count."""
        bid = self.bids[seat]
        if bid is None or not self.trump_said:
            return None
        taken = self.tricks_filled[seat] if self.taking_tricks else None
        return points(
            self.rules, self.plan.cards, self.trump, bid, bid if taken is None else taken, self.renuncios[seat]
        )

    @property
    def steps(self) -> tuple[Step, ...]:
        """Everything said, in the order it was said."""
        said: list[Step] = []
        hand: HandInPlay | None = self
        while hand is not None and hand.last is not None:
            said.append(hand.last)
            hand = hand.previous
        return tuple(reversed(said))

    def name(self, seat: int) -> str:
        """The player at ``seat`` by name (their seat number, from 1, when names were not given)."""
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat + 1)

    def record(self) -> HandRecord:
        """The finished hand for the score sheet (the last tricks filled in); raises while something is missing."""
        if self.stage in ("auction", "trump", "bids"):
            raise RecordError(N_("Faltan la pinta o alguna apuesta"))
        filled = self.tricks_filled
        if None in filled:
            missing = ", ".join(self.name(seat) for seat, won in enumerate(filled) if won is None)
            raise RecordError(N_("Faltan las bazas de %(names)s"), names=missing)
        return HandRecord(
            bids=tuple(b for b in self.bids if b is not None),
            tricks=tuple(t for t in filled if t is not None),
            trump=self.trump,
            renuncios=self.renuncios,
            offers=tuple(o for o in self.offers if o is not None) if self.offers is not None else None,
        )

    # --- steps ---------------------------------------------------------------------------------

    def apply(self, step: Step) -> HandInPlay:
        """Apply a step of any kind (as stored), checked like the tap it stands for."""
        if step.kind == "trump":
            if not isinstance(step.value, str):
                raise RecordError(N_("Un paso de la mano no se entiende"))
            return self.choose_trump(trump_of(step.value))
        if step.seat is None or not isinstance(step.value, int):
            raise RecordError(N_("Un paso de la mano no se entiende"))
        if step.kind == "offer":
            return self.offer(step.seat, step.value)
        if step.kind == "bid":
            return self.bid(step.seat, step.value)
        if step.kind == "tricks":
            return self.take_tricks(step.seat, step.value)
        return self.set_renuncios(step.seat, step.value)

    def offer(self, seat: int, tricks: int) -> HandInPlay:
        """``seat`` offers to bid ``tricks`` if it chose the trump (subastado), in turn."""
        self._check_seat(seat)
        if self.offers is None:
            raise TurnError(N_("Solo hay subasta en el subastado"))
        said = self.offers[seat]
        if said == tricks:
            return self  # the same tap twice
        if said is not None:
            raise AlreadySaidError(
                N_("%(name)s ya ha ofrecido %(value)s"), player=seat, name=self.name(seat), value=said
            )
        if self.stage != "auction":
            raise TurnError(N_("La subasta ya ha terminado"))
        if seat != self.next_seat:
            raise TurnError(N_("Ahora no le toca a ese jugador"))
        offers = _with(self.offers, seat, tricks)
        check_offers(self.plan, [o if o is not None else 0 for o in offers])
        return self._then(Step("offer", seat, tricks), offers=offers)

    def choose_trump(self, trump: Suit | None) -> HandInPlay:
        """Say the trump (la pinta; ``None``: no trump); in subastado the auction's winner keeps the bid.

        Before any bid it may still change; once a bid is said, only undo takes it back.
        """
        if self.trump_said and self.trump == trump:
            return self  # the same tap twice
        if self.stage == "auction":
            raise TurnError(N_("Primero, la subasta"))
        if trump_fixed(self.plan):
            raise RecordError(N_("En esta mano la pinta ya está fijada"))
        won = self.auction
        if any(b is not None for seat, b in enumerate(self.bids) if won is None or seat != won.winner):
            raise TurnError(N_("Ya hay apuestas: deshazlas para cambiar la pinta"))
        check_trump(self.plan, trump)
        bids = _with(self.bids, won.winner, won.bid) if won is not None else self.bids
        return self._then(Step("trump", None, trump_code(trump)), trump_said=True, trump=trump, bids=bids)

    def bid(self, seat: int, tricks: int) -> HandInPlay:
        """``seat`` bids ``tricks``, in bidding order; the last bidder may not make the bids add up to the cards."""
        self._check_seat(seat)
        said = self.bids[seat]
        if said == tricks:
            return self  # the same tap twice
        if said is not None:
            raise AlreadySaidError(N_("%(name)s ya ha pedido %(value)s"), player=seat, name=self.name(seat), value=said)
        if self.stage != "bids":
            raise TurnError(N_("Ahora no se apuesta"))
        waiting = self.next_seat
        if seat != waiting:
            assert waiting is not None
            raise TurnError(N_("Ahora le toca apostar a %(name)s"), player=waiting, name=self.name(waiting))
        check_bid(
            self.plan.cards,
            tricks,
            self.bids_said,
            last=seat == self.order[-1],
            rules=self.rules,
            player=seat,
            name=self.name(seat),
        )
        return self._then(Step("bid", seat, tricks), bids=_with(self.bids, seat, tricks))

    def take_tricks(self, seat: int, tricks: int) -> HandInPlay:
        """``seat`` took ``tricks`` (it may change until the hand is saved); all together never more than the cards."""
        self._check_seat(seat)
        if not self.taking_tricks:
            raise TurnError(N_("Faltan apuestas antes de apuntar las bazas"))
        if self.tricks[seat] == tricks:
            return self
        tricks_now = _with(self.tricks, seat, tricks)
        fill_tricks(self.plan.cards, tricks_now)  # checks the range and the total
        return self._then(Step("tricks", seat, tricks), tricks=tricks_now)

    def set_renuncios(self, seat: int, count: int) -> HandInPlay:
        """``seat`` has committed ``count`` renuncios in this hand (the new count, so saying it twice changes nothing)."""
        self._check_seat(seat)
        if not is_count(count, MAX_RENUNCIOS):
            raise RecordError(N_("Los renuncios son de 0 a %(top)s por jugador y mano"), top=MAX_RENUNCIOS)
        if self.renuncios[seat] == count:
            return self
        counts = tuple(count if s == seat else c for s, c in enumerate(self.renuncios))
        return self._then(Step("renuncios", seat, count), renuncios=counts)

    def undo(self) -> HandInPlay:
        """The hand before the last step (unchanged when nothing was said)."""
        return self.previous if self.previous is not None else self

    # --- helpers -------------------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        """Refuse a seat that is not at the table."""
        if not is_whole(seat) or not 0 <= seat < self.plan.players:
            raise RecordError(N_("Ese jugador no está en la partida"))

    def _then(self, step: Step, **changes: object) -> HandInPlay:
        """This hand with ``changes`` made by ``step``, remembering this one for undo."""
        return replace(self, last=step, previous=self, **changes)  # type: ignore[arg-type]


def _with(values: tuple[int | None, ...], seat: int, value: int) -> tuple[int | None, ...]:
    """``values`` with ``value`` at ``seat``."""
    return tuple(value if s == seat else v for s, v in enumerate(values))
