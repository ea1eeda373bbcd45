"""The referee (engine/referee.py): a moment of play told in notation is checked for the table, then ruled on.

Legal sets are written sorted in deck order (oros, copas, espadas, bastos; weakest first in each suit).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from scorekeeper.engine import Card, RecordError, RulesError, Suit, check_hand, check_table, parse_cards, referee

Show = Callable[[Iterable[Card]], str]


def judge(hand: str, table: str = "", trump: str | None = "O", players: int = 4) -> tuple[str, str]:
    """The referee's answer: (legal cards as sorted notation, the reason as the player reads it)."""
    answer = referee(parse_cards(hand), parse_cards(table), Suit(trump) if trump else None, players)
    return " ".join(str(card) for card in sorted(answer.legal)), str(answer.reason)


def refusal(hand: str, table: str = "", trump: str | None = "O", players: int = 4) -> str:
    """What the referee says is wrong with a moment that cannot happen."""
    with pytest.raises(RecordError) as caught:
        referee(parse_cards(hand), parse_cards(table), Suit(trump) if trump else None, players)
    return str(caught.value)


# --- the worked cases of docs/rules.md, "Play" ------------------------------------------------------


def test_la_mano_leads_any_card() -> None:
    assert judge("1O 2C 7B", trump="E") == ("1O 2C 7B", "sales tú: echa la que quieras")


def test_trump_led_beat_the_highest_trump() -> None:
    assert judge("7E 12E 3E 1O", table="5E 11E", trump="E") == (
        "12E 3E",
        "han arrastrado: debes echar triunfo y superar el 11",
    )


def test_trump_led_cannot_beat_any_trump() -> None:
    assert judge("4O 12O 1C", table="1O") == (
        "4O 12O",
        "han arrastrado y no puedes superar el 1: echa cualquier triunfo",
    )


def test_trump_led_no_trump_anything() -> None:
    assert judge("1C 2E 12B", table="5O") == ("1C 2E 12B", "han arrastrado y no tienes triunfo: echa la que quieras")


def test_follow_suit_and_beat() -> None:
    # the example of the issue: 7C and 1C beat the 5C; the 5O may not be played
    assert judge("7C 1C 5O", table="5C") == ("7C 1C", "debes asistir y superar el 5")


def test_follow_suit_without_beating() -> None:
    assert judge("4C 6C 1O", table="7C") == (
        "4C 6C",
        "debes asistir a copas; no puedes superar el 7: echa cualquiera de copas",
    )


def test_once_someone_trumped_any_card_of_the_suit() -> None:
    assert judge("4C 1C 3O", table="5C 2O") == (
        "4C 1C",
        "debes asistir a copas; como han fallado, vale cualquiera de copas",
    )


def test_void_must_trump() -> None:
    assert judge("3O 2O 7B", table="1C 5C") == ("2O 3O", "no tienes copas: debes fallar")


def test_void_and_trumped_must_overtrump() -> None:
    assert judge("3O 4O 7B", table="1C 5O") == ("3O", "no tienes copas y han fallado: debes superar el 5 de triunfo")


def test_cannot_overtrump_anything_lower_trump_included() -> None:
    assert judge("4O 7B", table="1C 5O") == ("4O 7B", "no puedes superar el triunfo: echa la que quieras")


def test_neither_suit_nor_trump_anything() -> None:
    assert judge("1E 7B", table="5C") == ("1E 7B", "no tienes copas ni triunfo: echa la que quieras")


def test_sin_triunfo() -> None:
    assert judge("3O 12O 1B", table="1C", trump=None) == (
        "12O 3O 1B",
        "no tienes copas ni triunfo: echa la que quieras",
    )


# --- nonsense is refused, naming what does not fit ----------------------------------------------------


def test_an_empty_hand_is_refused() -> None:
    assert refusal("") == "Tu mano está vacía: escribe al menos una carta"
    assert refusal("", table="5C") == "Tu mano está vacía: escribe al menos una carta"


def test_a_card_twice_is_refused() -> None:
    assert refusal("7C 1C 7C") == "El 7C está dos veces en tu mano"
    assert refusal("1C", table="5C 5C") == "El 5C está dos veces en la mesa"


def test_a_card_in_hand_and_on_the_table_is_refused() -> None:
    assert refusal("7C 1C 5O", table="5C 1C") == "El 1C no puede estar a la vez en tu mano y en la mesa"


def test_too_many_cards_on_the_table_is_refused() -> None:
    assert refusal("7C", table="5C 1C 3C 4C") == (
        "Con 4 jugadores hay como mucho 3 cartas en la mesa antes de tu turno, y has puesto 4"
    )
    assert refusal("7C", table="5C 1C 3C", players=3).startswith("Con 3 jugadores hay como mucho 2 cartas")
    assert judge("7C", table="5C 1C 3C 12C 11C 10C 6C", players=8)[0] == "7C"


def test_too_many_cards_in_hand_is_refused() -> None:
    assert (
        refusal("1O 3O 12O 11O 10O 7O", players=8) == "Con 8 jugadores nadie tiene más de 5 cartas, y en tu mano hay 6"
    )


def test_cards_left_out_of_the_deck_are_refused() -> None:
    # 3, 6 and 7 players play without the 2s; 7 players without the 4 of bastos too
    assert refusal("2C 1O", players=3) == "Con 3 jugadores el 2C no se reparte (la baraja es de 36 cartas)"
    assert refusal("1O", table="4B", players=7) == "Con 7 jugadores el 4B no se reparte (la baraja es de 35 cartas)"
    assert judge("2C 1O", players=4)[0] == "1O 2C"


@pytest.mark.parametrize("players", [2, 9])
def test_the_players_must_make_a_table(players: int) -> None:
    with pytest.raises(RulesError, match="La pocha se juega de 3 a 8 jugadores"):
        referee(parse_cards("1O"), (), Suit.OROS, players)


def test_the_checks_can_be_asked_on_their_own() -> None:
    check_hand(parse_cards("1O 3O"), 4)
    check_table(parse_cards("1O 3O"), parse_cards("5C"), 4)
    with pytest.raises(RecordError):
        check_table(parse_cards("1O 3O"), parse_cards("1O"), 4)
