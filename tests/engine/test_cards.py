"""Cards (docs/rules.md "Cards", "Players and deck"): notation, order, and the deck for each table."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

from scorekeeper.engine import (
    CARDS,
    ORDER,
    Card,
    InvalidCardError,
    RulesError,
    Suit,
    cards_text,
    check_players,
    deck,
    max_cards,
    parse_cards,
    sorted_hand,
)
from scorekeeper.engine.cards import suit_cards

# docs/rules.md "Cards": "Within a suit the cards rank, strongest first: 1, 3, 12, 11, 10, 7, 6, 5, 4, 2."
HIGH_TO_LOW = [1, 3, 12, 11, 10, 7, 6, 5, 4, 2]


# --- notation ---------------------------------------------------------------------------------


def test_parse_reads_rank_then_suit_letter() -> None:
    card = Card.parse("12E")
    assert card.rank == 12
    assert card.suit is Suit.ESPADAS


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("1O", 1, Suit.OROS),
        ("3C", 3, Suit.COPAS),
        ("7B", 7, Suit.BASTOS),
        ("10E", 10, Suit.ESPADAS),
        ("11O", 11, Suit.OROS),
    ],
)
def test_parse_examples_of_rules_md(text: str, rank: int, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


def test_parse_accepts_lower_case_and_spaces_around() -> None:
    assert Card.parse(" 7b ") is Card.parse("7B")


def test_str_writes_the_notation_back() -> None:
    assert str(Card.parse("12E")) == "12E"
    assert str(Card(1, Suit.OROS)) == "1O"


def test_every_card_round_trips_through_its_notation() -> None:
    for card in CARDS:
        assert Card.parse(str(card)) is card


def test_repr_pastes_back_as_the_same_object() -> None:
    card = Card.parse("12E")
    assert eval(repr(card), {"Card": Card}) is card
    for other in CARDS:
        assert eval(repr(other), {"Card": Card}) is other


def test_one_object_per_card() -> None:
    assert Card(12, Suit.ESPADAS) is Card.parse("12E")
    assert copy.deepcopy(Card.parse("3C")) is Card.parse("3C")
    assert pickle.loads(pickle.dumps(Card.parse("3C"))) is Card.parse("3C")


def test_cards_are_immutable() -> None:
    card = Card.parse("5O")
    with pytest.raises(AttributeError):
        card.rank = 7


def test_suit_from_its_letter_is_the_enum_member() -> None:
    assert Suit("O") is Suit.OROS
    assert Suit("C") is Suit.COPAS
    assert Suit("E") is Suit.ESPADAS
    assert Suit("B") is Suit.BASTOS


def test_suit_parse_takes_letters_or_names_in_any_case() -> None:
    assert Suit.parse("o") is Suit.OROS
    assert Suit.parse("Copas") is Suit.COPAS
    assert Suit.OROS.spanish == "oros"
    with pytest.raises(InvalidCardError):
        Suit.parse("X")


@pytest.mark.parametrize("text", ["8O", "9C", "13E", "1X", "", "E", "0O", "O1", "1", "1 O", "12", "²C", "1.0O"])
def test_bad_notation_raises_invalid_card_error(text: str) -> None:
    with pytest.raises(InvalidCardError):
        Card.parse(text)


def test_invalid_card_error_says_what_was_typed() -> None:
    with pytest.raises(InvalidCardError, match="8O"):
        Card.parse("8O")


@pytest.mark.parametrize(
    ("rank", "suit"), [(8, Suit.OROS), (True, Suit.OROS), (1.0, Suit.OROS), ("1", Suit.OROS), (1, "O")]
)
def test_building_a_card_that_is_not_in_the_deck_raises(rank: object, suit: object) -> None:
    with pytest.raises(InvalidCardError):
        Card(rank, suit)  # type: ignore[arg-type]


def test_parse_cards_reads_a_list_separated_by_spaces_or_commas() -> None:
    assert parse_cards("1O, 3O 12E") == (Card(1, Suit.OROS), Card(3, Suit.OROS), Card(12, Suit.ESPADAS))
    assert parse_cards("") == ()
    assert parse_cards(["7C", Card.parse("2B")]) == (Card(7, Suit.COPAS), Card(2, Suit.BASTOS))
    with pytest.raises(InvalidCardError):
        parse_cards("1O 8O")


def test_cards_text_keeps_the_order_given() -> None:
    assert cards_text(parse_cards("12E 1O 3C")) == "12E 1O 3C"


# --- order ------------------------------------------------------------------------------------


def test_order_high_to_low_is_1_3_12_11_10_7_6_5_4_2() -> None:
    assert list(reversed(ORDER)) == HIGH_TO_LOW
    for suit in Suit:
        by_strength = sorted((card for card in CARDS if card.suit is suit), key=lambda c: -c.strength)
        assert [card.rank for card in by_strength] == HIGH_TO_LOW


@pytest.mark.parametrize("suit", list(Suit))
def test_each_rank_beats_every_lower_rank_of_its_suit(suit: Suit) -> None:
    for i, high in enumerate(HIGH_TO_LOW):
        for low in HIGH_TO_LOW[i + 1 :]:
            assert Card(high, suit).beats(Card(low, suit), None)
            assert not Card(low, suit).beats(Card(high, suit), None)


def test_any_trump_beats_any_card_of_another_suit() -> None:
    # "si pinta espadas, el dos de espadas es más valioso que el as de oros"
    assert Card.parse("2E").beats(Card.parse("1O"), Suit.ESPADAS)
    assert not Card.parse("1O").beats(Card.parse("2E"), Suit.ESPADAS)
    # a card of another suit that is not trump never beats the card led
    assert not Card.parse("1C").beats(Card.parse("2O"), Suit.ESPADAS)
    assert not Card.parse("1C").beats(Card.parse("2O"), None)


def test_deck_order_sorts_by_suit_then_strength() -> None:
    assert [str(c) for c in sorted(parse_cards("1B 2O 3C 12O 4E"))] == ["2O", "12O", "3C", "4E", "1B"]
    assert all(CARDS[card.index] is card and Card.from_index(card.index) is card for card in CARDS)


def test_sorted_hand_puts_trump_first_and_strongest_first() -> None:
    hand = parse_cards("2O 1C 3E 12C 7B 5E")
    assert cards_text(sorted_hand(hand, Suit.ESPADAS)) == "3E 5E 2O 1C 12C 7B"
    assert cards_text(sorted_hand(hand)) == "2O 1C 12C 3E 5E 7B"


def test_suit_cards_picks_one_suit_in_the_order_given() -> None:
    assert cards_text(suit_cards(parse_cards("2O 1C 3O 12C"), Suit.OROS)) == "2O 3O"


# --- the deck for each table ------------------------------------------------------------------


def test_the_spanish_deck_has_forty_cards_ten_per_suit() -> None:
    assert len(CARDS) == len(set(CARDS)) == 40
    assert Counter(card.suit for card in CARDS) == dict.fromkeys(Suit, 10)
    assert {card.rank for card in CARDS} == {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}


# players: (deck size, ranks taken out of every suit, other cards taken out, max cards each)
TABLE = {
    3: (36, {2}, set(), 12),
    4: (40, set(), set(), 10),
    5: (40, set(), set(), 8),
    6: (36, {2}, set(), 6),
    7: (35, {2}, {"4B"}, 5),
    8: (40, set(), set(), 5),
}


@pytest.mark.parametrize("players", sorted(TABLE))
def test_deck_for_each_table_is_the_rules_md_table(players: int) -> None:
    size, no_ranks, no_cards, most = TABLE[players]
    expected = {card for card in CARDS if card.rank not in no_ranks and str(card) not in no_cards}
    cards = deck(players)
    assert len(cards) == size
    assert set(cards) == expected
    assert len(set(cards)) == len(cards)
    assert list(cards) == sorted(cards)
    assert max_cards(players) == most
    # the max is "all the cards dealt"
    assert players * most == size


def test_seven_players_play_without_2s_and_without_the_4_of_bastos() -> None:
    cards = set(deck(7))
    assert not any(card.rank == 2 for card in cards)
    assert Card.parse("4B") not in cards
    assert {Card.parse(f"4{s}") for s in "OCE"} <= cards


@pytest.mark.parametrize("players", [0, 1, 2, 9, 10, -4, True])
def test_tables_of_other_sizes_are_rejected(players: int) -> None:
    with pytest.raises(RulesError):
        deck(players)
    with pytest.raises(RulesError):
        max_cards(players)
    with pytest.raises(RulesError):
        check_players(players)


@pytest.mark.parametrize("players", range(3, 9))
def test_three_to_eight_players_are_accepted(players: int) -> None:
    check_players(players)


# --- what the rest of the engine reads from a card ------------------------------------------------


def test_suit_index_is_its_place_in_the_deck() -> None:
    assert [suit.index for suit in Suit] == [0, 1, 2, 3]
    assert [suit.index for suit in (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)] == [0, 1, 2, 3]


def test_index_bit_and_hash_of_every_card() -> None:
    for i, card in enumerate(CARDS):
        assert card.index == i == card.suit.index * 10 + card.strength
        assert card.bit == 1 << i
        assert hash(card) == i  # sets of cards iterate in the same order in every run


def test_a_card_equals_only_itself() -> None:
    card = Card.parse("12E")
    assert card == Card(12, Suit.ESPADAS)
    assert card != Card.parse("12O")
    assert card != "12E" and card != 12 and card != (12, Suit.ESPADAS)
    assert parse_cards("1O 3O").index(Card.parse("3O")) == 1


def test_cards_are_compiled_whenever_the_play_loop_is() -> None:
    import scorekeeper.engine.cards as cards_module
    import scorekeeper.engine.masks as masks

    compiled = not str(masks.__file__).endswith(".py")
    assert (not str(cards_module.__file__).endswith(".py")) == compiled
