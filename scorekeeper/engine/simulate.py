"""Simulated hands: a deal, bots that bid and play like sensible players, and a record of every play."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .bidding import bidding_order, forbidden_bid_for
from .cards import CARDS, Card, Suit, cards_of, mask_of, trump_index
from .errors import N_, RulesError
from .masks import legal_mask, play_onto
from .play import Deal, deal_cards
from .rules import DEFAULT_RULES, HandKind, Rules
from .scoring import points

Strategy = Literal["bots", "random"]

#: A play as the simulator keeps it: (seat, card index, legal mask, rule code of ``play``).
Move = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """One card played: by whom, which, the legal set it was chosen from, and the rule behind that set."""

    player: int
    card: Card
    legal_mask: int
    rule: int

    @property
    def legal(self) -> frozenset[Card]:
        """The cards the player could have played."""
        return frozenset(cards_of(self.legal_mask))


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """One trick: who led, the plays in order, and the seat that took it."""

    leader: int
    plays: tuple[PlayRecord, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class HandLog:
    """A whole simulated hand: the deal, the bids, every play, tricks won and points (by seat).

    The plays are kept compactly, in order, as ``moves``; ``tricks`` groups them
    trick by trick with who led and who won.
    """

    deal: Deal
    cards: int
    bid_order: tuple[int, ...]
    bids: tuple[int, ...]
    forbidden: int | None
    moves: tuple[Move, ...]
    winners: tuple[int, ...]
    tricks_won: tuple[int, ...]
    points: tuple[int, ...]

    @property
    def bid_total(self) -> int:
        """The tricks bid, all players together (never the cards: the dealer's forbidden bid)."""
        return sum(self.bids)

    @property
    def made(self) -> tuple[bool, ...]:
        """Whether each seat took exactly the tricks bid."""
        return tuple(bid == won for bid, won in zip(self.bids, self.tricks_won))

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """Every trick in order: its leader, its plays (each with its legal set) and its winner."""
        n = self.deal.players
        out = []
        for k, winner in enumerate(self.winners):
            plays = tuple(PlayRecord(s, CARDS[i], mask, rule) for s, i, mask, rule in self.moves[k * n : k * n + n])
            out.append(TrickRecord(plays[0].player, plays, winner))
        return tuple(out)


# --- bidding ---------------------------------------------------------------------------------

# Chance that a card takes a trick, by strength (2 … as), for a trump and for another suit.
_TRUMP_CHANCE = (0.25, 0.3, 0.35, 0.4, 0.45, 0.55, 0.65, 0.75, 0.9, 1.0)
_PLAIN_CHANCE = (0.0, 0.0, 0.0, 0.0, 0.02, 0.05, 0.1, 0.25, 0.55, 0.85)


_CHANCES: dict[tuple[int, int], tuple[float, ...]] = {}


def _chances(players: int, trump: int) -> tuple[float, ...]:
    """Each card's chance (by index) of taking a trick at a table of ``players`` with ``trump`` (an index or −1)."""
    key = (players, trump)
    table = _CHANCES.get(key)
    if table is None:
        crowd = 4 / players
        table = tuple(_TRUMP_CHANCE[i % 10] if i // 10 == trump else _PLAIN_CHANCE[i % 10] * crowd for i in range(40))
        _CHANCES[key] = table
    return table


def expected_tricks(hand: Sequence[Card], trump: Suit | None, players: int) -> float:
    """A bot's estimate of the tricks ``hand`` will take at a table of ``players``."""
    table = _chances(players, trump_index(trump))
    return sum([table[card.index] for card in hand])


def bot_bid(hand: Sequence[Card], trump: Suit | None, players: int, forbidden: int | None) -> int:
    """The bid of a bot holding ``hand``: its estimate rounded, never the forbidden number."""
    cards = len(hand)
    guess = expected_tricks(hand, trump, players)
    bid = min(cards, max(0, int(guess + 0.5)))
    if bid == forbidden:
        up, down = bid + 1, bid - 1
        bid = up if up <= cards and (guess >= bid or down < 0) else down
    return bid


def bot_bids(deal: Deal, order: Sequence[int], rules: Rules) -> tuple[tuple[int, ...], int | None]:
    """Every bot's bid (by seat) in bidding ``order``, and the number the last bidder was forbidden."""
    cards = len(deal.hands[0])
    bids = [0] * deal.players
    earlier: list[int] = []
    forbidden: int | None = None
    for i, seat in enumerate(order):
        if i == len(order) - 1:
            forbidden = forbidden_bid_for(cards, earlier, rules)
        bid = bot_bid(deal.hands[seat], deal.trump, deal.players, forbidden)
        bids[seat] = bid
        earlier.append(bid)
    return tuple(bids), forbidden


# --- play ------------------------------------------------------------------------------------


def _value(index: int, trump: int) -> int:
    """How strong a card is to hold: trumps above every other suit."""
    return index % 10 + (10 if index // 10 == trump else 0)


def bot_card(legal: int, trick: tuple[int, int, int, int], position: int, players: int, trump: int, want: bool) -> int:
    """The card (index) a bot plays from the ``legal`` mask: to take the trick when ``want``, else to lose it.

    ``trick`` is the trick so far as ``masks.play_onto`` keeps it; ``trump`` a suit index or −1.
    """
    options = [i for i in range(40) if legal >> i & 1]
    if len(options) == 1:
        return options[0]

    def value(index: int) -> int:
        return _value(index, trump)

    if trick[0] < 0:
        return max(options, key=value) if want else min(options, key=value)
    winners = [i for i in options if play_onto(*trick, i, position, trump)[3] == position]
    if want:
        if winners:
            return (min if position == players - 1 else max)(winners, key=value)
        return min(options, key=value)
    losers = [i for i in options if i not in winners]
    return max(losers, key=value) if losers else min(options, key=value)


# --- a whole hand ----------------------------------------------------------------------------

_SIMULATED = (HandKind.NORMAL, HandKind.MANO_DE_ORO, HandKind.SIN_TRIUNFO, HandKind.INDIAS, HandKind.DESEMPATE)


def simulate_hand(
    players: int,
    cards: int,
    dealer: int,
    rng: random.Random,
    *,
    rules: Rules | None = None,
    strategy: Strategy = "bots",
    kind: HandKind = HandKind.NORMAL,
) -> HandLog:
    """Deal with ``rng`` and play one hand to the end, every card chosen from the legal ones.

    ``strategy`` ``"bots"`` bids and plays sensibly; ``"random"`` bids like the
    bots but plays a random legal card. ``kind`` may be any hand but subastado
    (whose auction needs a person at the table).
    """
    if kind not in _SIMULATED:
        raise RulesError(N_("El simulador no juega subastados"))
    dealt = deal_cards(players, cards, dealer, rng, trump_turned=kind.has_trump, fixed_trump=kind.fixed_trump)
    order = bidding_order(players, dealer)
    rules = rules or DEFAULT_RULES
    bids, forbidden = bot_bids(dealt, order, rules)
    return play_out(dealt, order, bids, forbidden, rng, rules, strategy)


def play_out(
    dealt: Deal,
    order: tuple[int, ...],
    bids: Sequence[int],
    forbidden: int | None,
    rng: random.Random,
    rules: Rules,
    strategy: Strategy,
) -> HandLog:
    """Play a dealt and bid hand to the end with ``strategy``, la mano (``order[0]``) leading."""
    players = dealt.players
    cards = len(dealt.hands[0])
    trump = dealt.trump
    t = trump_index(trump)
    hands = [mask_of(h) for h in dealt.hands]
    won = [0] * players
    moves: list[Move] = []
    winners: list[int] = []
    bots = strategy == "bots"
    random_number = rng.random
    rotations = [tuple(enumerate((first + k) % players for k in range(players))) for first in range(players)]
    leader = order[0]
    for _ in range(cards):
        led = best_led = best_trump = holder = -1
        for position, seat in rotations[leader]:
            mask, rule = legal_mask(hands[seat], led, best_led, best_trump, t)
            if mask & (mask - 1) == 0:
                index = mask.bit_length() - 1
            elif bots:
                index = bot_card(
                    mask, (led, best_led, best_trump, holder), position, players, t, won[seat] < bids[seat]
                )
            else:
                pick, k = mask, int(random_number() * mask.bit_count())
                while k:  # drop the k lowest cards: the lowest left is the k-th
                    pick &= pick - 1
                    k -= 1
                index = (pick & -pick).bit_length() - 1
            hands[seat] ^= 1 << index
            led, best_led, best_trump, holder = play_onto(led, best_led, best_trump, holder, index, position, t)
            moves.append((seat, index, mask, rule))
        leader = rotations[leader][holder][1]
        won[leader] += 1
        winners.append(leader)
    score = tuple(points(rules, cards, trump, bids[s], won[s]) for s in range(players))
    return HandLog(dealt, cards, order, tuple(bids), forbidden, tuple(moves), tuple(winners), tuple(won), score)
