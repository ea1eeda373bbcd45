"""Odds (engine/odds.py): the chance of taking 0, 1, 2… tricks over random deals of the unseen cards, bots playing."""

from __future__ import annotations

import time
from random import Random

import pytest

from scorekeeper.engine import DEFAULT_DEALS, RecordError, Suit, TrickOdds, parse_cards, trick_odds

TEN = "1O 3O 12C 7E 2B 5B 6C 11O 4E 10B"


def odds(
    hand: str, trump: str | None = "O", seat: int = 1, players: int = 4, dealer: int = 0, **options: object
) -> TrickOdds:
    """``trick_odds`` for a hand written in notation, with a fixed generator."""
    return trick_odds(parse_cards(hand), Suit(trump) if trump else None, seat, players, dealer, Random(7), **options)  # type: ignore[arg-type]


def test_chances_add_up_to_one_over_at_least_a_thousand_deals() -> None:
    answer = odds(TEN, deals=1000)
    assert answer.deals == 1000 and len(answer.counts) == 11
    assert sum(answer.chances) == pytest.approx(1.0)
    assert all(0 <= chance <= 1 for chance in answer.chances)
    assert answer.counts[answer.most_likely] == max(answer.counts)
    assert 0 <= answer.mean <= 10


def test_the_default_is_more_than_a_thousand_deals() -> None:
    assert DEFAULT_DEALS >= 1000
    assert odds("1O 2C 7B").deals == DEFAULT_DEALS


def test_the_three_best_trumps_take_every_trick() -> None:
    # 1O, 3O and 12O: nobody else holds a higher trump, and whatever is led they may (must) trump it
    assert odds("1O 3O 12O", deals=1000).counts == (0, 0, 0, 1000)


def test_the_lowest_card_that_does_not_lead_never_takes_a_trick() -> None:
    # seat 2 is not la mano (seat 1 leads when seat 0 deals): a 2 of a side suit beats nothing
    assert odds("2C", seat=2, deals=1000).counts == (1000, 0)


def test_the_as_of_trump_alone_always_wins() -> None:
    assert odds("1O", seat=3, players=8, dealer=5, deals=1000).counts == (0, 1000)


def test_same_generator_same_answer_and_different_ones_differ() -> None:
    hand, trump = parse_cards(TEN), Suit.OROS
    first = trick_odds(hand, trump, 1, 4, 0, Random(3), deals=1000)
    assert trick_odds(hand, trump, 1, 4, 0, Random(3), deals=1000) == first
    assert trick_odds(hand, trump, 1, 4, 0, Random(4), deals=1000) != first


def test_a_strong_hand_expects_more_than_a_weak_one() -> None:
    strong = odds("1O 3O 12O 1C 1E", players=5, deals=1000)
    weak = odds("2C 4C 2E 4E 2B", players=5, deals=1000)
    assert strong.mean > 3 > 1 > weak.mean


def test_sin_triunfo_and_every_table_size() -> None:
    for players, hand in ((3, "1O 3O 12O 1C 3C 12C 1E 3E 12E 1B 3B 12B"), (6, "1O 3O"), (7, "1O 5C"), (8, "1O")):
        answer = odds(hand, trump=None, seat=0, players=players, dealer=players - 1, deals=1000)
        assert answer.deals == 1000 and len(answer.counts) == len(hand.split()) + 1


def test_the_turned_card_stays_out_of_the_other_hands() -> None:
    # 4 players, 2 cards each: the turned 1O is seen, so nobody can beat the 3O
    assert odds("3O 2C", seat=2, turned=parse_cards("1O")[0], deals=1000).counts[0] == 0
    # without it, someone else may hold the 1O
    assert odds("3O 2C", seat=2, deals=1000).counts[0] > 0


def test_every_card_dealt_the_turned_card_is_the_dealers() -> None:
    # 8 players x 5 cards: the whole deck is dealt; the 1O turned is the dealer's (seat 0) last card
    answer = odds("3O 4O 5O 6O 7O", seat=3, players=8, dealer=0, turned=parse_cards("1O")[0], deals=300)
    assert answer.deals == 300
    # seat 0 deals and shows the 1O: it must be in that hand
    mine = odds("1O 2C 4C 5C 6C", seat=0, players=8, dealer=0, turned=parse_cards("1O")[0], deals=300)
    assert mine.counts[0] == 0  # the as of trump takes a trick
    with pytest.raises(RecordError, match="tiene que estar en tu mano"):
        odds("3O 2C 4C 5C 6C", seat=0, players=8, dealer=0, turned=parse_cards("1O")[0])


@pytest.mark.parametrize(
    ("hand", "options", "message"),
    [
        ("", {}, "Tu mano está vacía"),
        ("1O 1O", {}, "El 1O está dos veces en tu mano"),
        ("2O", {"players": 3, "seat": 0}, "no se reparte"),
        ("1O", {"seat": 4}, "Elige tu sitio en la mesa: del 1 al 4"),
        ("1O", {"dealer": -1}, "El que reparte debe ser uno de los jugadores"),
        ("1O", {"deals": 0}, "Se juegan de 1 a"),
        ("1O", {"turned": parse_cards("5C")[0]}, "tiene que ser del palo de triunfo"),
        ("1O 5O", {"turned": parse_cards("5O")[0]}, "no puede estar en tu mano"),
    ],
)
def test_questions_that_cannot_be_asked(hand: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        odds(hand, **options)  # type: ignore[arg-type]


def test_a_thousand_deals_take_well_under_two_seconds() -> None:
    for players, cards in ((3, 12), (4, 10), (8, 5)):
        hand = " ".join(["1O", "3O", "12O", "11O", "10O", "7O", "6O", "5O", "4O", "1C", "3C", "12C"][:cards])
        start = time.process_time()
        odds(hand, seat=0, players=players, dealer=players - 1, deals=1000)
        assert time.process_time() - start < 2.0
