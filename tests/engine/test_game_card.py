"""The game's card (engine/game_card.py): the facts and the schedule a phone follows the game with, as plain JSON data."""

from __future__ import annotations

import json

from scorekeeper.engine import (
    CARD_FORMAT,
    HandInPlay,
    HandKind,
    HandRecord,
    Multipliers,
    Special,
    Step,
    Suit,
    game_card,
    preset_rules,
    schedule,
)
from scorekeeper.engine.game_card import fixed_trumps_by_kind

NAMES = ("Ana", "Bea", "Carlos", "Dani")


def test_the_card_is_plain_json_with_the_whole_schedule() -> None:
    rules = preset_rules("clasica")
    card = game_card(rules, NAMES, 2, [], schedule(4, 2, rules)[0])
    assert json.loads(json.dumps(card)) == card
    assert card["format"] == CARD_FORMAT and card["players"] == list(NAMES) and card["first_dealer"] == 2
    plans = schedule(4, 2, rules)
    assert [hand["cards"] for hand in card["schedule"]] == [plan.cards for plan in plans]
    assert [hand["dealer"] for hand in card["schedule"]] == [plan.dealer for plan in plans]
    assert [hand["order"] for hand in card["schedule"]] == [list(plan.bidding_order) for plan in plans]
    first = card["schedule"][0]
    assert first["order"][-1] == first["dealer"] == 2 and first["mano"] == first["order"][0] == 3


def test_special_hands_say_their_kind_and_the_trump_they_fix() -> None:
    rules = preset_rules(
        "a_medida",
        custom_sizes=(2, 3, 3, 10),
        specials=(Special(HandKind.MANO_DE_ORO, 2), Special(HandKind.SIN_TRIUNFO, 3), Special(HandKind.SUBASTADO, 4)),
    )
    card = game_card(rules, NAMES, 0, [], None)
    kinds = [(hand["kind"], hand["fixed_trump"]) for hand in card["schedule"]]
    assert kinds == [("normal", None), ("mano_de_oro", "O"), ("sin_triunfo", "-"), ("subastado", None)]
    assert card["hand"] is None


def test_the_trump_each_kind_of_hand_fixes_by_its_value() -> None:
    assert fixed_trumps_by_kind() == {
        "normal": None,
        "indias": None,
        "subastado": None,
        "mano_de_oro": "O",
        "sin_triunfo": "-",
        "desempate": None,
    }


def test_the_rules_values_and_a_multiplier_for_every_trump() -> None:
    rules = preset_rules("clasica", multipliers=Multipliers.COPAS2_OROS3, pocha_bonus=True, renuncio_penalty=30)
    values = game_card(rules, NAMES, 0, [], None)["rules"]
    assert values["multipliers"] == {"O": 3, "C": 2, "E": 1, "B": 1, "-": 1}
    assert values["pocha_bonus"] is True and values["renuncio_penalty"] == 30
    assert values["misses_break_ties"] == rules.misses_break_ties


def test_saved_hands_and_the_steps_of_the_hand_being_played() -> None:
    rules = preset_rules("a_medida", custom_sizes=(2, 2, 2))
    plans = schedule(4, 0, rules)
    saved = [HandRecord(bids=(1, 0, 0, 0), tricks=(1, 1, 0, 0), trump=Suit.OROS, renuncios=(0, 1, 0, 0))]
    hand = HandInPlay.start(plans[1], rules, NAMES).choose_trump(Suit.COPAS).bid(2, 1)
    card = game_card(rules, NAMES, 0, saved, plans[1], hand.steps, version=7)
    assert card["version"] == 7
    assert card["saved"] == [
        {"trump": "O", "bids": [1, 0, 0, 0], "tricks": [1, 1, 0, 0], "renuncios": [0, 1, 0, 0], "auction": None}
    ]
    assert card["hand"]["plan"]["number"] == 2
    assert card["hand"]["steps"] == [["trump", None, "C"], ["bid", 2, 1]]
    replayed = HandInPlay.replay(plans[1], rules, [Step.from_list(step) for step in card["hand"]["steps"]])
    assert replayed.bids == hand.bids
