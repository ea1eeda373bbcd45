"""The round schedule: how many cards each hand, who deals, who is mano, and the order of bids."""

from __future__ import annotations

from dataclasses import dataclass

from .bidding import bidding_order
from .cards import check_players, max_cards
from .errors import N_, RulesError
from .rules import DEFAULT_RULES, HandKind, Ones, Rules, TieBreak


@dataclass(frozen=True, slots=True)
class HandPlan:
    """One hand of the schedule. Seats are numbered 0…N−1 in the order play goes round."""

    number: int
    cards: int
    dealer: int
    mano: int
    kind: HandKind
    players: int

    @property
    def bidding_order(self) -> tuple[int, ...]:
        """Seats in the order they bid: la mano first, the dealer last (``bidding.bidding_order``)."""
        return bidding_order(self.players, self.dealer)

    @property
    def deals_every_card(self) -> bool:
        """True when the whole deck is dealt (the dealer's last card shows the trump)."""
        return self.cards == max_cards(self.players)

    @property
    def is_extra(self) -> bool:
        """True for a tie-break hand added after the schedule."""
        return self.kind is HandKind.DESEMPATE


def _ones(count: Ones, players: int) -> list[int]:
    return {Ones.NONE: [], Ones.SINGLE: [1], Ones.FULL_TURN: [1] * players}[count]


def hand_sizes(players: int, rules: Rules) -> tuple[int, ...]:
    """Cards each player gets, hand by hand, before special hands are added."""
    check_players(players)
    top = max_cards(players)
    if rules.custom_sizes is not None:
        too_big = [n for n in rules.custom_sizes if n > top]
        if too_big:
            raise RulesError(
                N_("Con %(players)s jugadores se reparten como mucho %(top)s cartas, no %(cards)s"),
                players=players,
                top=top,
                cards=too_big[0],
            )
        return tuple(rules.custom_sizes)
    at_top = players if rules.max_hands is None else rules.max_hands
    climb = list(range(2, top)) if rules.climb else []
    sizes = _ones(rules.opening_ones, players) + climb + [top] * at_top
    if rules.descend:
        sizes += list(range(top - 1, 1, -1)) + _ones(rules.closing_ones, players)
    if not sizes:
        raise RulesError(N_("La partida no tiene ninguna mano"))
    return tuple(sizes)


def _kinds(sizes: list[int], players: int, rules: Rules) -> list[HandKind]:
    """Place the special hands: replacing a scheduled hand, or appended (``sizes`` grows)."""
    top = max_cards(players)
    kinds = [HandKind.NORMAL] * len(sizes)
    scheduled = len(sizes)
    for special in rules.specials:
        if special.at is None:
            sizes.append(1 if special.kind is HandKind.INDIAS else top)
            kinds.append(special.kind)
            continue
        if special.at > scheduled:
            raise RulesError(
                N_("La partida solo tiene %(count)s manos: no hay mano %(number)s"), count=scheduled, number=special.at
            )
        cards = sizes[special.at - 1]
        if special.kind is HandKind.INDIAS and cards != 1:
            raise RulesError(
                N_("Las indias se juegan con una carta: la mano %(number)s tiene %(cards)s"),
                number=special.at,
                cards=cards,
            )
        if special.kind is HandKind.SUBASTADO and cards != top:
            raise RulesError(
                N_("El subastado se juega con todas las cartas: la mano %(number)s tiene %(cards)s"),
                number=special.at,
                cards=cards,
            )
        kinds[special.at - 1] = special.kind
    return kinds


def schedule(players: int, first_dealer: int, rules: Rules | None = None) -> tuple[HandPlan, ...]:
    """Every hand of the game for ``players`` seats, the first dealt by seat ``first_dealer``."""
    rules = rules or DEFAULT_RULES
    check_players(players)
    if isinstance(first_dealer, bool) or not 0 <= first_dealer < players:
        raise RulesError(N_("El primero en repartir debe ser uno de los jugadores"))
    sizes = list(hand_sizes(players, rules))
    kinds = _kinds(sizes, players, rules)
    return tuple(
        plan_hand(players, first_dealer, i + 1, cards, kind) for i, (cards, kind) in enumerate(zip(sizes, kinds))
    )


def plan_hand(players: int, first_dealer: int, number: int, cards: int, kind: HandKind = HandKind.NORMAL) -> HandPlan:
    """Hand ``number`` (from 1): the deal passes one seat each hand."""
    dealer = (first_dealer + number - 1) % players
    return HandPlan(number, cards, dealer, bidding_order(players, dealer)[0], kind, players)


def extra_hand(players: int, first_dealer: int, number: int, rules: Rules) -> HandPlan:
    """The tie-break hand played as hand ``number``, its size per ``rules.tie_break``."""
    cards = max_cards(players) if rules.tie_break is TieBreak.ALL_CARDS else 1
    return plan_hand(players, first_dealer, number, cards, HandKind.DESEMPATE)
