"""Odds: how many tricks a hand takes when the unseen cards are dealt at random and the bots play it out."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .bidding import bidding_order
from .cards import Card, Suit, deck
from .errors import N_, RecordError
from .play import Deal, shuffled
from .referee import check_hand
from .rules import DEFAULT_RULES, Rules
from .simulate import bot_bids, play_out

#: Deals a question is answered with, unless told otherwise.
DEFAULT_DEALS = 2000
MAX_DEALS = 100_000


@dataclass(frozen=True, slots=True)
class TrickOdds:
    """How often a hand took 0, 1, 2… tricks: ``counts[k]`` is the number of deals in which it took ``k``."""

    counts: tuple[int, ...]

    @property
    def deals(self) -> int:
        """The random deals played."""
        return sum(self.counts)

    @property
    def chances(self) -> tuple[float, ...]:
        """The share of deals with 0, 1, 2… tricks (they add up to 1)."""
        total = self.deals
        return tuple(count / total for count in self.counts)

    @property
    def mean(self) -> float:
        """The tricks taken on average."""
        return sum(k * count for k, count in enumerate(self.counts)) / self.deals

    @property
    def most_likely(self) -> int:
        """The number of tricks taken most often (the smaller one on a tie)."""
        return max(range(len(self.counts)), key=lambda k: (self.counts[k], -k))


def trick_odds(
    hand: Sequence[Card],
    trump: Suit | None,
    seat: int,
    players: int,
    dealer: int,
    rng: random.Random,
    *,
    deals: int = DEFAULT_DEALS,
    turned: Card | None = None,
    rules: Rules | None = None,
) -> TrickOdds:
    """The chance that ``seat``, holding ``hand`` with ``trump``, takes 0, 1, 2… tricks.

    Each of ``deals`` times the cards ``seat`` cannot see are shuffled with ``rng``
    and dealt to the other seats (as many each as ``hand`` holds), every seat bids
    and plays like the bots (``simulate.bot_bid``, ``simulate.bot_card``) and the
    tricks ``seat`` took are counted. ``turned``, the card turned for trump when it
    is known, stays out of the other hands; when every card is dealt it is the
    dealer's last card, so it is in the dealer's hand (``hand`` itself when
    ``seat`` deals).
    """
    check_hand(hand, players)
    if isinstance(seat, bool) or not 0 <= seat < players:
        raise RecordError(N_("Elige tu sitio en la mesa: del 1 al %(players)s"), players=players)
    if isinstance(dealer, bool) or not 0 <= dealer < players:
        raise RecordError(N_("El que reparte debe ser uno de los jugadores"))
    if isinstance(deals, bool) or not 1 <= deals <= MAX_DEALS:
        raise RecordError(N_("Se juegan de 1 a %(most)s repartos"), most=MAX_DEALS)
    cards = len(hand)
    pack = deck(players)
    every_card = cards * players == len(pack)
    if turned is not None:
        if turned not in pack:
            raise RecordError(
                N_("Con %(players)s jugadores el %(card)s no se reparte (la baraja es de %(size)s cartas)"),
                players=players,
                card=str(turned),
                size=len(pack),
            )
        if turned.suit is not trump:
            raise RecordError(
                N_("La muestra, el %(card)s, marca la pinta: tiene que ser del palo de triunfo"), card=str(turned)
            )
        if every_card and seat == dealer and turned not in hand:
            raise RecordError(
                N_(
                    "Se reparten todas las cartas: la muestra, el %(card)s, es tu última carta y tiene que estar en tu mano"
                ),
                card=str(turned),
            )
        if turned in hand and not (every_card and seat == dealer):
            raise RecordError(N_("La muestra, el %(card)s, no puede estar en tu mano"), card=str(turned))
    rules = rules or DEFAULT_RULES
    # The dealer holds the turned card when every card is dealt: it is dealt to them before the shuffle.
    held = turned if turned is not None and every_card and seat != dealer else None
    hidden = set(hand)
    if turned is not None:
        hidden.add(turned)
    unseen = [card for card in pack if card not in hidden]
    others = [s for s in range(players) if s != seat]
    order = bidding_order(players, dealer)
    mine = tuple(hand)
    counts = [0] * (cards + 1)
    for _ in range(deals):
        shuffle = shuffled(unseen, rng)
        hands: list[tuple[Card, ...]] = [mine] * players
        start = 0
        for other in others:
            if other == dealer and held is not None:
                hands[other] = (*shuffle[start : start + cards - 1], held)
                start += cards - 1
            else:
                hands[other] = tuple(shuffle[start : start + cards])
                start += cards
        dealt = Deal(tuple(hands), turned, trump, dealer, every_card and turned is not None)
        bids, forbidden = bot_bids(dealt, order, rules)
        log = play_out(dealt, order, bids, forbidden, rng, rules, "bots")
        counts[log.tricks_won[seat]] += 1
    return TrickOdds(tuple(counts))
