"""The play of the cards (docs/rules.md "Play", "Dealer, mano and trump"): legal cards, reasons, tricks and the deal.

Legal sets are written sorted in deck order: oros, copas, espadas, bastos, and within a suit
from the weakest up (2, 4, 5, 6, 7, 10, 11, 12, 3, 1): e.g. ``"4C 12C 1C 2O"`` is shown ``"2O 4C 12C 1C"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from random import Random

import pytest

from scorekeeper.engine import (
    Card,
    IllegalPlayError,
    RecordError,
    Suit,
    check_play,
    deal_cards,
    deck,
    legal_plays,
    max_cards,
    parse_cards,
    ruling,
    trick_winner,
)
from scorekeeper.engine.play import shuffled

Legal = Callable[..., str]

# --- la mano leads any card -------------------------------------------------------------------------


def test_lead_anything(legal: Legal, reason: Legal) -> None:
    assert legal("1O 2C 7B", trump="E") == "1O 2C 7B"
    assert legal("3E 12O 4E", trump="E") == "12O 4E 3E"
    assert legal("5C", trump=None) == "5C"
    assert reason("1O 2C 7B", trump="E") == "sales tú: echa la que quieras"


# --- trump led ("arrastrar") --------------------------------------------------------------------------


def test_trump_led_must_play_a_higher_trump(legal: Legal, reason: Legal) -> None:
    assert legal("3O 4O 1C", table="5O", trump="O") == "3O"
    assert reason("3O 4O 1C", table="5O", trump="O") == "han arrastrado: debes echar triunfo y superar el 5"


def test_trump_led_must_beat_the_highest_trump_on_the_table(legal: Legal, reason: Legal) -> None:
    # 5E led, 11E over it: 12E and 3E beat the caballo, 7E does not
    assert legal("7E 12E 3E 1O", table="5E 11E", trump="E") == "12E 3E"
    assert reason("7E 12E 3E 1O", table="5E 11E", trump="E") == "han arrastrado: debes echar triunfo y superar el 11"
    # a card of another suit on the table changes nothing
    assert legal("7E 12E 10E", table="6E 1C", trump="E") == "7E 10E 12E"


def test_trump_led_and_no_higher_trump_any_trump(legal: Legal, reason: Legal) -> None:
    assert legal("4O 12O 1C", table="1O", trump="O") == "4O 12O"
    assert (
        reason("4O 12O 1C", table="1O", trump="O") == "han arrastrado y no puedes superar el 1: echa cualquier triunfo"
    )
    assert legal("2B 6B 1E", table="7B 3B", trump="B") == "2B 6B"
    assert (
        reason("2B 6B 1E", table="7B 3B", trump="B")
        == "han arrastrado y no puedes superar el 3: echa cualquier triunfo"
    )


def test_trump_led_and_no_trump_anything(legal: Legal, reason: Legal) -> None:
    assert legal("1C 2E 12B", table="5O", trump="O") == "1C 2E 12B"
    assert reason("1C 2E 12B", table="5O", trump="O") == "han arrastrado y no tienes triunfo: echa la que quieras"
    assert legal("3O 4O", table="2C 1C", trump="C") == "4O 3O"


# --- another suit led: follow and beat ----------------------------------------------------------------


def test_follow_suit_and_beat(legal: Legal, reason: Legal) -> None:
    assert legal("7C 1C 5O", table="5C", trump="O") == "7C 1C"
    assert reason("7C 1C 5O", table="5C", trump="O") == "debes asistir y superar el 5"
    assert legal("4C 10C 12C 2O", table="7C", trump="O") == "10C 12C"
    assert reason("4C 10C 12C 2O", table="7C", trump="O") == "debes asistir y superar el 7"


def test_follow_and_beat_the_highest_card_of_the_suit_on_the_table(legal: Legal, reason: Legal) -> None:
    assert legal("10E 12E 1E 3O", table="5E 11E 6E", trump="O") == "12E 1E"
    assert reason("10E 12E 1E 3O", table="5E 11E 6E", trump="O") == "debes asistir y superar el 11"
    # a higher card of another (not trump) suit on the table does not count
    assert legal("6B 10B", table="5B 1C", trump="O") == "6B 10B"
    assert reason("6B 10B", table="5B 1C", trump="O") == "debes asistir y superar el 5"


def test_follow_without_beating_when_you_cannot(legal: Legal, reason: Legal) -> None:
    assert legal("4C 6C 1O", table="7C", trump="O") == "4C 6C"
    assert (
        reason("4C 6C 1O", table="7C", trump="O")
        == "debes asistir a copas; no puedes superar el 7: echa cualquiera de copas"
    )
    assert legal("3B 2B 12E", table="5B 1B", trump="E") == "2B 3B"
    assert reason("3B 2B 12E", table="5B 1B", trump="E") == (
        "debes asistir a bastos; no puedes superar el 1: echa cualquiera de bastos"
    )


def test_once_someone_trumped_any_card_of_the_suit_led(legal: Legal, reason: Legal) -> None:
    # 1C would beat 5C, but 2O has trumped: any copas will do (still copas, not the 3O)
    assert legal("4C 1C 3O", table="5C 2O", trump="O") == "4C 1C"
    assert (
        reason("4C 1C 3O", table="5C 2O", trump="O")
        == "debes asistir a copas; como han fallado, vale cualquiera de copas"
    )
    assert legal("2B 12B 1E", table="10B 1B 7E", trump="E") == "2B 12B"
    assert legal("2B 12B 1E", table="10B 7E 1B", trump="E") == "2B 12B"


# --- another suit led: void ---------------------------------------------------------------------------


def test_void_must_trump(legal: Legal, reason: Legal) -> None:
    assert legal("3O 2O 7B", table="1C 5C", trump="O") == "2O 3O"
    assert reason("3O 2O 7B", table="1C 5C", trump="O") == "no tienes copas: debes fallar"
    assert legal("4B 1O 12C", table="7E", trump="B") == "4B"
    assert "debes fallar" in reason("4B 1O 12C", table="7E", trump="B")


def test_void_and_someone_trumped_must_overtrump(legal: Legal, reason: Legal) -> None:
    assert legal("3O 4O 7B", table="1C 5O", trump="O") == "3O"
    assert (
        reason("3O 4O 7B", table="1C 5O", trump="O") == "no tienes copas y han fallado: debes superar el 5 de triunfo"
    )
    # two trumps on the table already: beat the higher one (6B), not just the first
    assert legal("7B 4B 1O", table="3E 2B 6B", trump="B") == "7B"
    assert legal("7B 4B 10B 1O", table="3E 6B 2B", trump="B") == "7B 10B"


def test_cannot_overtrump_play_anything_lower_trump_included(legal: Legal, reason: Legal) -> None:
    assert legal("4O 7B", table="1C 5O", trump="O") == "4O 7B"
    assert reason("4O 7B", table="1C 5O", trump="O") == "no puedes superar el triunfo: echa la que quieras"
    assert legal("2O 5O 3C 7B", table="12E 1O", trump="O") == "2O 5O 3C 7B"
    assert reason("2O 5O 3C 7B", table="12E 1O", trump="O") == "no puedes superar el triunfo: echa la que quieras"


def test_neither_suit_nor_trump_anything(legal: Legal, reason: Legal) -> None:
    assert legal("1E 7B", table="5C", trump="O") == "1E 7B"
    assert reason("1E 7B", table="5C", trump="O") == "no tienes copas ni triunfo: echa la que quieras"
    assert legal("2C 1E", table="12B 3O", trump="O") == "2C 1E"
    assert reason("2C 1E", table="12B 3O", trump="O") == "no tienes bastos ni triunfo: echa la que quieras"


# --- sin triunfo --------------------------------------------------------------------------------------


def test_sin_triunfo_follow_and_beat(legal: Legal, reason: Legal) -> None:
    assert legal("7O 3O 1B", table="12O", trump=None) == "3O"
    assert legal("7O 4O 1B", table="12O", trump=None) == "4O 7O"
    assert reason("7O 3O 1B", table="12O", trump=None) == "debes asistir y superar el 12"


def test_sin_triunfo_void_plays_anything_and_nobody_trumps(legal: Legal, reason: Legal) -> None:
    assert legal("3O 12O 1B", table="1C", trump=None) == "12O 3O 1B"
    assert reason("3O 12O 1B", table="1C", trump=None) == "no tienes copas ni triunfo: echa la que quieras"
    # an oros played on a copas lead is not a trump: the next player still has to beat the copas
    assert legal("7C 3C", table="5C 1O", trump=None) == "7C 3C"
    assert reason("7C 3C", table="5C 1O", trump=None) == "debes asistir y superar el 5"


# --- renuncio -----------------------------------------------------------------------------------------


def test_check_play_accepts_a_legal_card() -> None:
    check_play(parse_cards("7C 1C 5O"), parse_cards("5C"), Suit.OROS, parse_cards("7C")[0])


def test_renuncio_raises_illegal_play_error_with_the_reason() -> None:
    hand, table = parse_cards("4C 1C 5O"), parse_cards("7C")
    with pytest.raises(IllegalPlayError) as caught:
        check_play(hand, table, Suit.OROS, parse_cards("5O")[0])  # trumps while holding copas
    assert str(caught.value) == "No puedes echar el 5O: debes asistir y superar el 7"
    with pytest.raises(IllegalPlayError, match="4C"):
        check_play(hand, table, Suit.OROS, parse_cards("4C")[0])  # does not beat the 7 although 1C would


def test_renuncio_when_not_trumping() -> None:
    with pytest.raises(IllegalPlayError, match="debes fallar"):
        check_play(parse_cards("3O 7B"), parse_cards("1C"), Suit.OROS, parse_cards("7B")[0])


def test_a_card_not_in_hand_cannot_be_played() -> None:
    with pytest.raises(IllegalPlayError, match="No tienes el 1E"):
        check_play(parse_cards("7C 1C"), parse_cards("5C"), Suit.OROS, parse_cards("1E")[0])
    with pytest.raises(IllegalPlayError):
        check_play(parse_cards("7C 1C"), (), Suit.OROS, parse_cards("5C")[0])


def test_impossible_positions_raise_record_error() -> None:
    with pytest.raises(RecordError):
        ruling((), parse_cards("5C"), Suit.OROS)
    with pytest.raises(RecordError):
        ruling(parse_cards("5C 1C"), parse_cards("5C"), Suit.OROS)
    with pytest.raises(RecordError):
        ruling(parse_cards("1C 1C"), (), Suit.OROS)
    with pytest.raises(RecordError):
        ruling(parse_cards("1C"), parse_cards("5C 5C"), Suit.OROS)


def test_legal_plays_is_the_ruling_set(show: Callable[[Iterable[Card]], str]) -> None:
    assert show(legal_plays(parse_cards("7C 1C 5O"), parse_cards("5C"), Suit.OROS)) == "7C 1C"


# --- who wins the trick -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "trump", "winner"),
    [
        ("5C 7C 2C", "O", 1),  # highest of the suit led
        ("5C 1O 3C", "O", 1),  # a trump beats any card of another suit
        ("5C 1E 7C", "O", 2),  # the as of espadas is neither led nor trump: it does not win
        ("5C 1E", "O", 0),
        ("12B 1C 1E 1O", "B", 0),  # the led suit is trump: the king beats every other as
        ("2O 1C 1E 1B", "O", 0),  # the lowest trump beats three aces
        ("7B 2E 12E 1B", "E", 2),  # the higher of two trumps
        ("7B 12E 2E 1B", "E", 1),
        ("3C 1C", "B", 1),
        ("12O", "C", 0),
        ("4E 3E 1O", None, 1),  # sin triunfo: highest of the suit led
        ("4E 1O 1C 1B", None, 0),  # sin triunfo: nobody can trump
        ("6C 7C 2O 10C 4O 12C", "O", 4),
    ],
)
def test_trick_winner(table: str, trump: str | None, winner: int) -> None:
    assert trick_winner(parse_cards(table), Suit(trump) if trump else None) == winner


def test_trick_winner_follows_the_order_1_3_12_11_10_7_6_5_4_2() -> None:
    ranks = [1, 3, 12, 11, 10, 7, 6, 5, 4, 2]
    for i, high in enumerate(ranks):
        for low in ranks[i + 1 :]:
            assert trick_winner(parse_cards(f"{low}C {high}C"), Suit.OROS) == 1
            assert trick_winner(parse_cards(f"{high}C {low}C"), Suit.OROS) == 0


def test_trick_winner_of_no_cards_or_repeated_cards() -> None:
    with pytest.raises(RecordError):
        trick_winner((), Suit.OROS)
    with pytest.raises(RecordError):
        trick_winner(parse_cards("1O 1O"), Suit.OROS)


# --- the deal -----------------------------------------------------------------------------------------


def deal_by_hand(players: int, cards: int, dealer: int, seed: int) -> tuple[list[list[str]], list[str]]:
    """docs/rules.md's deal ("Dealer, mano and trump"), done by hand from the shuffled pack: one card at a time from the player after the dealer."""
    pack = [str(card) for card in shuffled(deck(players), Random(seed))]
    hands: list[list[str]] = [[] for _ in range(players)]
    seat = dealer
    for k in range(players * cards):
        seat = (seat + 1) % players
        hands[seat].append(pack[k])
    return hands, pack


@pytest.mark.parametrize(
    ("players", "cards", "dealer", "seed"), [(4, 3, 2, 1), (3, 1, 0, 7), (5, 7, 4, 99), (8, 4, 6, 5)]
)
def test_cards_go_one_at_a_time_from_the_player_after_the_dealer(
    players: int, cards: int, dealer: int, seed: int
) -> None:
    deal = deal_cards(players, cards, dealer, Random(seed))
    hands, pack = deal_by_hand(players, cards, dealer, seed)
    assert [[str(c) for c in hand] for hand in deal.hands] == hands
    # the first card goes to the player after the dealer, the n-th to the dealer
    assert str(deal.hands[(dealer + 1) % players][0]) == pack[0]
    assert str(deal.hands[dealer][0]) == pack[players - 1]
    # the next card is turned for trump
    assert str(deal.turned) == pack[players * cards]
    assert deal.trump is deal.turned.suit  # type: ignore[union-attr]
    assert not deal.from_dealer
    assert deal.turned not in {card for hand in deal.hands for card in hand}
    assert (deal.dealer, deal.players) == (dealer, players)


def test_shuffled_is_a_permutation_driven_by_the_rng() -> None:
    pack = shuffled(deck(4), Random(3))
    assert sorted(pack) == list(deck(4))
    assert pack == shuffled(deck(4), Random(3))
    assert pack != shuffled(deck(4), Random(4))
    assert pack != list(deck(4))


def test_same_seed_same_deal() -> None:
    assert deal_cards(5, 4, 1, Random(11)) == deal_cards(5, 4, 1, Random(11))


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("dealer", [0, 2])
def test_when_every_card_is_dealt_the_dealer_shows_the_last_card(players: int, dealer: int) -> None:
    top = max_cards(players)
    deal = deal_cards(players, top, dealer, Random(players * 10 + dealer))
    pack = shuffled(deck(players), Random(players * 10 + dealer))
    assert deal.from_dealer
    assert deal.turned is pack[-1]
    assert deal.turned in deal.hands[dealer]
    assert deal.hands[dealer][-1] is deal.turned
    assert deal.trump is deal.turned.suit
    assert sorted(card for hand in deal.hands for card in hand) == list(deck(players))


@pytest.mark.parametrize("players", [4, 6])
def test_sin_triunfo_and_subastado_turn_nothing(players: int) -> None:
    for cards in (1, max_cards(players)):
        deal = deal_cards(players, cards, 1, Random(2), trump_turned=False)
        assert deal.turned is None
        assert deal.trump is None
        assert not deal.from_dealer
        assert all(len(hand) == cards for hand in deal.hands)


def test_mano_de_oro_trump_is_oros_whatever_is_turned() -> None:
    turned_suits = set()
    for seed in range(20):
        deal = deal_cards(4, 5, 0, Random(seed), fixed_trump=Suit.OROS)
        assert deal.trump is Suit.OROS
        assert deal.turned is not None
        turned_suits.add(deal.turned.suit)
    assert turned_suits - {Suit.OROS}  # some deals turned another suit and oros was still trump
    deal = deal_cards(4, 10, 3, Random(5), fixed_trump=Suit.OROS)
    assert deal.from_dealer and deal.trump is Suit.OROS


@pytest.mark.parametrize(
    ("players", "cards", "dealer"), [(4, 0, 0), (4, 11, 0), (3, 13, 0), (8, 6, 0), (4, 3, 4), (4, 3, -1)]
)
def test_impossible_deals(players: int, cards: int, dealer: int) -> None:
    with pytest.raises(RecordError):
        deal_cards(players, cards, dealer, Random(0))


# --- legal_plays: the ruling's set, without the reason ------------------------------------------------


def positions(seeds: range) -> list[tuple[tuple[Card, ...], tuple[Card, ...], Suit | None]]:
    """Every moment of play of random hands (4 players, 10 cards; every third hand sin triunfo), cards played at random."""
    found = []
    for seed in seeds:
        rng = Random(seed)
        deal = deal_cards(4, 10, seed % 4, rng, trump_turned=seed % 3 != 0)
        hands = [list(hand) for hand in deal.hands]
        leader = (deal.dealer + 1) % 4
        for _ in range(10):
            table: list[Card] = []
            for k in range(4):
                hand = hands[(leader + k) % 4]
                found.append((tuple(hand), tuple(table), deal.trump))
                card = rng.choice(sorted(ruling(hand, table, deal.trump).legal))
                hand.remove(card)
                table.append(card)
            leader = (leader + trick_winner(table, deal.trump)) % 4
    return found


def test_legal_plays_is_the_ruling_set_in_every_position() -> None:
    rules_met = set()
    for hand, table, trump in positions(range(60)):
        decision = ruling(hand, table, trump)
        rules_met.add(decision.rule)
        assert legal_plays(hand, table, trump) == decision.legal
        assert legal_plays(list(hand), list(table), trump) == decision.legal
    assert rules_met == set(range(11))  # every rule of "Play" was met


def test_legal_plays_gives_the_cards_of_the_hand_as_a_frozenset() -> None:
    hand = parse_cards("7C 1C 5O")
    for table in ((), parse_cards("5C"), parse_cards("1E")):
        legal = legal_plays(hand, table, Suit.OROS)
        assert type(legal) is frozenset
        assert all(any(card is held for held in hand) for card in legal)
    assert legal_plays(hand, (), Suit.OROS) == frozenset(hand)


@pytest.mark.parametrize(
    ("hand", "table", "message"),
    [
        ("1C 1C", "", "Una carta está repetida en la mano"),
        ("1C 7C 1C", "5C 5C", "Una carta está repetida en la mano"),
        ("5C 1C", "5C", "Una carta no puede estar a la vez en la mano y en la mesa"),
        ("1C", "5C 5C", "Una carta no puede estar a la vez en la mano y en la mesa"),
        ("", "5C", "No te quedan cartas"),
        ("", "", "No te quedan cartas"),
    ],
)
def test_legal_plays_refuses_what_ruling_refuses(hand: str, table: str, message: str) -> None:
    for ask in (legal_plays, ruling):
        with pytest.raises(RecordError) as caught:
            ask(parse_cards(hand), parse_cards(table), Suit.OROS)
        assert str(caught.value) == message


def test_trick_winner_says_which_card_is_wrong() -> None:
    with pytest.raises(RecordError, match=r"^No hay cartas en la mesa$"):
        trick_winner([], None)
    with pytest.raises(RecordError, match=r"^Una carta está repetida en la mesa$"):
        trick_winner(parse_cards("5C 1O 5C"), Suit.OROS)
