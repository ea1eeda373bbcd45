"""Properties that hold for every position, checked with ``hypothesis``.

The engine computes legal cards with bit masks; here an independent, plain reading of docs/rules.md "Play"
(``oracle_legal``, ``oracle_winner``) checks it on random hands and tables.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    CARDS,
    Card,
    HandLog,
    Rules,
    Suit,
    forbidden_bid,
    legal_plays,
    max_cards,
    preset_rules,
    simulate_hand,
    trick_winner,
)

Replay = Callable[[HandLog, Rules], None]
SETTINGS = settings(max_examples=200, deadline=None)

# docs/rules.md "Cards": "Within a suit the cards rank, strongest first: 1, 3, 12, 11, 10, 7, 6, 5, 4, 2."
HIGH_TO_LOW = [1, 3, 12, 11, 10, 7, 6, 5, 4, 2]


def power(card: Card) -> int:
    return len(HIGH_TO_LOW) - HIGH_TO_LOW.index(card.rank)


def oracle_winner(table: list[Card], trump: Suit | None) -> int:
    """'The trick goes to the highest trump, else to the highest card of the suit led.'"""
    trumps = [i for i, card in enumerate(table) if card.suit is trump]
    pool = trumps or [i for i, card in enumerate(table) if card.suit is table[0].suit]
    return max(pool, key=lambda i: power(table[i]))


def oracle_legal(hand: list[Card], table: list[Card], trump: Suit | None) -> set[Card]:
    """docs/rules.md "Play", bullet by bullet."""
    if not table:
        return set(hand)  # la mano leads any card
    led = table[0].suit
    trumps_in_hand = [c for c in hand if c.suit is trump]
    trumps_on_table = [c for c in table if c.suit is trump]
    best_trump = max((power(c) for c in trumps_on_table), default=0)
    if led is trump:  # trump led: a trump, beating the highest on the table if you can; with no trump, anything
        if not trumps_in_hand:
            return set(hand)
        over = {c for c in trumps_in_hand if power(c) > best_trump}
        return over or set(trumps_in_hand)
    follow = [c for c in hand if c.suit is led]
    if follow:  # that suit, beating its highest card on the table; once someone trumped, any of that suit
        if trumps_on_table:
            return set(follow)
        best = max(power(c) for c in table if c.suit is led)
        return {c for c in follow if power(c) > best} or set(follow)
    if trumps_in_hand:  # none of it: trump; overtrump if someone trumped; if you cannot, anything
        if not trumps_on_table:
            return set(trumps_in_hand)
        return {c for c in trumps_in_hand if power(c) > best_trump} or set(hand)
    return set(hand)  # neither that suit nor trump: anything


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[Card], list[Card], Suit | None]:
    """A hand (1–12 cards) and a table (0–7 cards played before) from one deck, and a trump (or none)."""
    pack = draw(st.permutations(CARDS))
    size = draw(st.integers(1, 12))
    played = draw(st.integers(0, 7))
    trump = draw(st.sampled_from([None, *Suit]))
    return list(pack[:size]), list(pack[size : size + played]), trump


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[Card], Suit | None]:
    """A trick of 1–8 different cards in the order played, and a trump (or none)."""
    pack = draw(st.permutations(CARDS))
    return list(pack[: draw(st.integers(1, 8))]), draw(st.sampled_from([None, *Suit]))


# --- legal cards --------------------------------------------------------------------------------


@SETTINGS
@given(positions())
def test_legal_set_is_never_empty_and_comes_from_the_hand(position: tuple[list[Card], list[Card], Suit | None]) -> None:
    hand, table, trump = position
    legal = legal_plays(hand, table, trump)
    assert legal
    assert legal <= set(hand)


@SETTINGS
@given(positions())
def test_holding_the_led_suit_every_legal_card_is_of_that_suit(
    position: tuple[list[Card], list[Card], Suit | None],
) -> None:
    hand, table, trump = position
    assume(table and any(card.suit is table[0].suit for card in hand))
    assert all(card.suit is table[0].suit for card in legal_plays(hand, table, trump))


@st.composite
def void_positions(draw: st.DrawFn) -> tuple[list[Card], list[Card], Suit]:
    """A plain suit led, nobody has trumped yet, and a hand with none of the led suit but some trump."""
    trump, led = draw(st.lists(st.sampled_from(list(Suit)), min_size=2, max_size=2, unique=True))
    pack = draw(st.permutations(CARDS))
    lead = next(card for card in pack if card.suit is led)
    others = [card for card in pack if card is not lead]
    table = [lead, *[card for card in others if card.suit is not trump][: draw(st.integers(0, 6))]]
    rest = [card for card in others if card not in table and card.suit is not led]
    hand = [next(card for card in rest if card.suit is trump)]
    hand += [card for card in rest if card not in hand][: draw(st.integers(0, 11))]
    return hand, table, trump


@SETTINGS
@given(void_positions())
def test_void_of_the_led_suit_with_trumps_and_no_trump_yet_every_legal_card_is_a_trump(
    position: tuple[list[Card], list[Card], Suit],
) -> None:
    hand, table, trump = position
    assert all(card.suit is trump for card in legal_plays(hand, table, trump))


@SETTINGS
@given(positions())
def test_legal_set_is_what_rules_md_says(position: tuple[list[Card], list[Card], Suit | None]) -> None:
    hand, table, trump = position
    assert legal_plays(hand, table, trump) == oracle_legal(hand, table, trump)


# --- tricks -------------------------------------------------------------------------------------


@SETTINGS
@given(tables())
def test_exactly_one_winner_per_trick_and_it_is_on_the_table(trick: tuple[list[Card], Suit | None]) -> None:
    table, trump = trick
    winner = trick_winner(table, trump)
    assert isinstance(winner, int) and not isinstance(winner, bool)
    assert 0 <= winner < len(table)
    assert winner == oracle_winner(table, trump)
    card = table[winner]
    if any(c.suit is trump for c in table):
        assert card.suit is trump
    else:
        assert card.suit is table[0].suit


@SETTINGS
@given(tables())
def test_the_winner_does_not_depend_on_cards_that_cannot_win(trick: tuple[list[Card], Suit | None]) -> None:
    table, trump = trick
    winning_card = table[trick_winner(table, trump)]
    # drop every card that is neither of the suit led nor trump (keeping the lead): the same card wins
    kept = [table[0]] + [c for c in table[1:] if c.suit in (table[0].suit, trump)]
    assert kept[trick_winner(kept, trump)] is winning_card


# --- the forbidden bid --------------------------------------------------------------------------


@SETTINGS
@given(st.data())
def test_forbidden_bid_makes_the_total_equal_the_cards_and_no_other_bid_does(data: st.DataObject) -> None:
    cards = data.draw(st.integers(1, 12))
    earlier = data.draw(st.lists(st.integers(0, cards), min_size=0, max_size=7))
    forbidden = forbidden_bid(cards, earlier)
    if forbidden is None:
        assert all(sum(earlier) + bid != cards for bid in range(cards + 1))
    else:
        assert 0 <= forbidden <= cards
        assert sum(earlier) + forbidden == cards
        assert all(sum(earlier) + bid != cards for bid in range(cards + 1) if bid != forbidden)


# --- simulated hands ----------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_simulated_hands_use_each_card_once_and_tricks_add_up(replay: Replay, data: st.DataObject) -> None:
    players = data.draw(st.integers(3, 8), label="players")
    cards = data.draw(st.integers(1, max_cards(players)), label="cards")
    dealer = data.draw(st.integers(0, players - 1), label="dealer")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    strategy = data.draw(st.sampled_from(["bots", "random"]), label="strategy")
    rules = preset_rules(data.draw(st.sampled_from(["clasica", "ludoteka"]), label="rules"))
    log = simulate_hand(players, cards, dealer, Random(seed), rules=rules, strategy=strategy)  # type: ignore[arg-type]
    played = [play.card for trick in log.tricks for play in trick.plays]
    assert len(played) == len(set(played)) == players * cards
    assert sum(log.tricks_won) == cards
    replay(log, rules)
