"""A hand against the bots: one seat is a person, the bots bid and play the rest, replayed from what the person did."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .bidding import bidding_order, forbidden_bid_for
from .cards import CARDS, Card, cards_of, mask_of, trump_index
from .counts import is_count
from .errors import N_, BidError, ForbiddenBidError, IllegalPlayError, Message, RecordError
from .masks import legal_mask, play_onto
from .play import Deal, Ruling, check_play, ruling
from .rules import DEFAULT_RULES, Rules
from .scoring import points
from .simulate import PlayRecord, TrickRecord, bot_bid, bot_card

Stage = Literal["bid", "play", "done"]

_FORBIDDEN_FOR_YOU = N_("No puedes pedir %(bid)s: repartes tú, y con tu apuesta la suma sería %(cards)s de %(cards)s")


@dataclass(frozen=True, slots=True)
class Practice:
    """Where a hand against the bots stands, the person's turn next (or the hand over).

    ``bids`` and ``won`` are by seat (``None``: not bid yet); ``tricks`` are the tricks
    played to the end, ``table`` the plays of the trick under way; ``hands`` the cards
    each seat still holds, in the order dealt.
    """

    deal: Deal
    seat: int
    rules: Rules
    bid_order: tuple[int, ...]
    bids: tuple[int | None, ...]
    forbidden: int | None
    tricks: tuple[TrickRecord, ...]
    table: tuple[PlayRecord, ...]
    hands: tuple[tuple[Card, ...], ...]
    won: tuple[int, ...]

    @property
    def made(self) -> tuple[bool, ...]:
        """Whether each seat took exactly the tricks bid (``False`` while a bid is missing)."""
        return tuple(bid == won for bid, won in zip(self.bids, self.won))

    @property
    def cards(self) -> int:
        """Cards dealt to each seat."""
        return len(self.deal.hands[0])

    @property
    def stage(self) -> Stage:
        """``"bid"`` while the person has not bid, ``"play"`` while cards are left, then ``"done"``."""
        if self.bids[self.seat] is None:
            return "bid"
        return "play" if len(self.tricks) < self.cards else "done"

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the trick under way: la mano first, then each trick's winner."""
        if self.table:
            return self.table[0].player
        return self.tricks[-1].winner if self.tricks else self.bid_order[0]

    @property
    def last_bidder(self) -> bool:
        """Whether the person bids last (deals), and so may not make the bids add up to the cards."""
        return self.bid_order[-1] == self.seat

    def forbidden_reason(self) -> Message | None:
        """Why the person may not bid the forbidden number, while they are still to bid it (else ``None``)."""
        if self.stage != "bid" or not self.last_bidder or self.forbidden is None:
            return None
        return Message(_FORBIDDEN_FOR_YOU, {"bid": self.forbidden, "cards": self.cards})

    def ruling(self) -> Ruling:
        """The cards the person may play now, and why (only while the hand is being played)."""
        if self.stage != "play":
            raise RecordError(N_("Ahora no te toca echar carta"))
        return ruling(self.hands[self.seat], [play.card for play in self.table], self.deal.trump)

    def points(self) -> tuple[int, ...]:
        """Each seat's points for the hand, once it is over."""
        if self.stage != "done":
            raise RecordError(N_("La mano no ha terminado"))
        trump = self.deal.trump
        return tuple(points(self.rules, self.cards, trump, bid or 0, won) for bid, won in zip(self.bids, self.won))


def practice_hand(
    deal: Deal,
    seat: int,
    rules: Rules | None = None,
    bid: int | None = None,
    played: Sequence[Card] = (),
) -> Practice:
    """The hand ``deal`` with a person at ``seat``: the bots bid and play every other seat until the person's turn.

    ``bid`` is the person's bid (``None``: not said yet) and ``played`` the cards
    they have played so far, in order. A bid out of range or forbidden raises
    ``BidError`` (``ForbiddenBidError``), a card that may not be played
    ``IllegalPlayError`` with the rule that forbids it (``check_play``).
    """
    players = deal.players
    if isinstance(seat, bool) or not 0 <= seat < players:
        raise RecordError(N_("Elige tu sitio en la mesa: del 1 al %(players)s"), players=players)
    rules = rules or DEFAULT_RULES
    cards = len(deal.hands[0])
    trump = deal.trump
    order = bidding_order(players, deal.dealer)
    bids: list[int | None] = [None] * players
    earlier: list[int] = []
    forbidden: int | None = None
    for i, bidder in enumerate(order):
        last = i == players - 1
        if last:
            forbidden = forbidden_bid_for(cards, earlier, rules)
        if bidder == seat:
            if bid is None:
                break
            if not is_count(bid, cards):
                raise BidError(N_("Tu apuesta debe ser de 0 a %(cards)s bazas"), player=seat, cards=cards)
            if last and bid == forbidden:
                raise ForbiddenBidError(_FORBIDDEN_FOR_YOU, player=seat, bid=bid, cards=cards)
            said = bid
        else:
            said = bot_bid(deal.hands[bidder], trump, players, forbidden if last else None)
        bids[bidder] = said
        earlier.append(said)
    hands = [mask_of(hand) for hand in deal.hands]
    won = [0] * players
    tricks: list[TrickRecord] = []
    table: list[PlayRecord] = []
    if bid is not None:
        tricks, table = _play(deal, seat, bids, played, hands, won)
    left = tuple(tuple(card for card in dealt if hands[s] & card.bit) for s, dealt in enumerate(deal.hands))
    return Practice(deal, seat, rules, order, tuple(bids), forbidden, tuple(tricks), tuple(table), left, tuple(won))


def _play(
    deal: Deal, seat: int, bids: Sequence[int | None], played: Sequence[Card], hands: list[int], won: list[int]
) -> tuple[list[TrickRecord], list[PlayRecord]]:
    """Play from the first trick until the person has no card left to give; ``hands`` and ``won`` are updated."""
    players = deal.players
    cards = len(deal.hands[0])
    trump = deal.trump
    t = trump_index(trump)
    tricks: list[TrickRecord] = []
    given = 0
    leader = bidding_order(players, deal.dealer)[0]  # la mano leads the first trick
    for _ in range(cards):
        trick = (-1, -1, -1, -1)
        table: list[PlayRecord] = []
        for position in range(players):
            player = (leader + position) % players
            mask, rule = legal_mask(hands[player], trick[0], trick[1], trick[2], t)
            if player == seat:
                if given == len(played):
                    return tricks, table
                card = played[given]
                check_play(cards_of(hands[player]), [play.card for play in table], trump, card)
                index = card.index
                given += 1
            else:
                want = won[player] < (bids[player] or 0)
                index = bot_card(mask, trick, position, players, t, want)
            hands[player] ^= 1 << index
            trick = play_onto(*trick, index, position, t)
            table.append(PlayRecord(player, CARDS[index], mask, rule))
        leader = table[trick[3]].player
        won[leader] += 1
        tricks.append(TrickRecord(table[0].player, tuple(table), leader))
    if given < len(played):
        raise IllegalPlayError(N_("La mano ya ha terminado: no quedan cartas que echar"))
    return tricks, []
