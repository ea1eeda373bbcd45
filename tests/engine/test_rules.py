"""Rules (docs/rules.md "Options", "Presets", "Games saved before"): defaults, presets, invalid options, saving and reading."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import pytest
from stored_rules import STORED_BEFORE

from scorekeeper.engine import (
    CUSTOM_PRESET,
    PRESETS,
    HandKind,
    Multipliers,
    Ones,
    Rules,
    RulesError,
    Special,
    Suit,
    TieBreak,
    preset_rules,
    schedule,
)

# --- defaults -----------------------------------------------------------------------------------


def test_defaults_are_the_defaults_of_docs_rules_md() -> None:
    rules = Rules()
    # Round schedule: N one-card hands, climb, one turn of the max, back down, N one-card hands.
    assert rules.opening_ones is Ones.FULL_TURN
    assert rules.climb is True
    assert rules.max_hands is None  # one full turn of dealers: N hands
    assert rules.descend is True
    assert rules.closing_ones is Ones.FULL_TURN
    assert rules.custom_sizes is None
    assert rules.specials == ()
    # Bidding: the dealer's forbidden bid applies in every hand (as Wikipedia).
    assert rules.forbidden_in_one_card_hands is True
    # Scoring: 10 + 5 per trick, -5 per trick missed, no multipliers, la pocha off, renuncio 50.
    assert (rules.exact_base, rules.exact_per_trick, rules.miss_per_trick) == (10, 5, 5)
    assert rules.multipliers is Multipliers.NONE
    assert rules.pocha_bonus is False
    assert (rules.pocha_points, rules.pocha_min_cards) == (100, 5)
    assert rules.renuncio_penalty == 50
    # Ties: fewer missed bids first, then an extra hand with all the cards (Wikipedia); in it only
    # the tied players' points count.
    assert rules.tie_break is TieBreak.ALL_CARDS
    assert rules.misses_break_ties is True
    assert rules.extra_hand_only_tied is True
    # La pocha scores "directamente 100": the suit multiplier does not touch it.
    assert rules.pocha_multiplied is False


def test_forbidden_bid_applies_in_one_card_hands_only_when_the_option_says_so() -> None:
    assert Rules().forbidden_applies(1)
    assert Rules().forbidden_applies(7)
    ludoteka = Rules(forbidden_in_one_card_hands=False)
    assert not ludoteka.forbidden_applies(1)
    assert ludoteka.forbidden_applies(2)


@pytest.mark.parametrize(
    ("multipliers", "oros", "copas", "espadas", "bastos", "none"),
    [
        (Multipliers.NONE, 1, 1, 1, 1, 1),
        (Multipliers.COPAS2_OROS3, 3, 2, 1, 1, 1),
        (Multipliers.OROS2, 2, 1, 1, 1, 1),
    ],
)
def test_suit_multipliers(
    multipliers: Multipliers, oros: int, copas: int, espadas: int, bastos: int, none: int
) -> None:
    rules = Rules(multipliers=multipliers)
    assert rules.multiplier(Suit.OROS) == oros
    assert rules.multiplier(Suit.COPAS) == copas
    assert rules.multiplier(Suit.ESPADAS) == espadas
    assert rules.multiplier(Suit.BASTOS) == bastos
    assert rules.multiplier(None) == none


def test_fixed_trump_and_sin_triunfo_kinds() -> None:
    assert HandKind.MANO_DE_ORO.fixed_trump is Suit.OROS
    assert HandKind.NORMAL.fixed_trump is None
    assert not HandKind.SIN_TRIUNFO.has_trump
    assert all(kind.has_trump for kind in HandKind if kind is not HandKind.SIN_TRIUNFO)


# --- presets ------------------------------------------------------------------------------------


def test_every_preset_of_rules_md_exists() -> None:
    assert set(PRESETS) == {"clasica", "corta", "rapida", "ludoteka", "ludoteka_subir", "ludoteka_maximo"}
    assert CUSTOM_PRESET == "a_medida"
    for key, preset in PRESETS.items():
        assert preset.key == key
        assert preset.name and preset.description


def test_clasica_is_the_defaults() -> None:
    assert PRESETS["clasica"].rules == Rules()
    assert preset_rules("clasica") == Rules()


def test_corta_opens_and_closes_with_a_single_one_card_hand_and_goes_straight_to_an_extra_hand() -> None:
    rules = preset_rules("corta")
    assert rules == Rules(opening_ones=Ones.SINGLE, closing_ones=Ones.SINGLE, misses_break_ties=False)


@pytest.mark.parametrize("players", range(3, 9))
def test_rapida_is_ten_hands_for_any_table(players: int) -> None:
    plans = schedule(players, 0, preset_rules("rapida"))
    assert [plan.cards for plan in plans] == [1, 2, 3, 4, 5, 5, 4, 3, 2, 1]
    assert preset_rules("rapida").tie_break is TieBreak.ONE_CARD


@pytest.mark.parametrize(
    ("key", "misses_break_ties"),
    [
        ("clasica", True),
        ("corta", False),
        ("rapida", True),
        ("ludoteka", False),
        ("ludoteka_subir", False),
        ("ludoteka_maximo", False),
        (CUSTOM_PRESET, True),
    ],
)
def test_only_wikipedia_breaks_a_tie_by_fewer_missed_bids(key: str, misses_break_ties: bool) -> None:
    rules = preset_rules(key)
    assert rules.misses_break_ties is misses_break_ties
    # the other two new options are the same in every preset
    assert rules.pocha_multiplied is False
    assert rules.extra_hand_only_tied is True


def test_ludoteka_goes_up_and_down_without_forbidden_bid_in_one_card_hands_and_breaks_ties_with_one_card() -> None:
    rules = preset_rules("ludoteka")
    assert rules.climb and rules.descend
    assert rules.opening_ones is Ones.SINGLE and rules.closing_ones is Ones.SINGLE
    assert rules.max_hands is None
    assert rules.forbidden_in_one_card_hands is False
    assert rules.tie_break is TieBreak.ONE_CARD
    # the scoring is the usual one
    assert (rules.exact_base, rules.exact_per_trick, rules.miss_per_trick) == (10, 5, 5)


def test_ludoteka_subir_goes_up_only_and_ends_at_the_max() -> None:
    rules = preset_rules("ludoteka_subir")
    assert rules.climb and not rules.descend
    assert rules.opening_ones is Ones.SINGLE
    assert rules.forbidden_in_one_card_hands is False
    assert rules.tie_break is TieBreak.ONE_CARD


def test_ludoteka_maximo_only_plays_hands_of_the_max() -> None:
    rules = preset_rules("ludoteka_maximo")
    assert not rules.climb and not rules.descend
    assert rules.opening_ones is Ones.NONE
    assert rules.tie_break is TieBreak.ONE_CARD


def test_custom_preset_starts_from_the_defaults_and_takes_changes() -> None:
    assert preset_rules(CUSTOM_PRESET) == Rules()
    rules = preset_rules(CUSTOM_PRESET, custom_sizes=(1, 3, 5), renuncio_penalty=100)
    assert rules.custom_sizes == (1, 3, 5)
    assert rules.renuncio_penalty == 100
    assert rules.exact_base == 10


def test_a_preset_with_changes_keeps_the_rest() -> None:
    rules = preset_rules("ludoteka", pocha_bonus=True)
    assert rules.pocha_bonus
    assert rules.tie_break is TieBreak.ONE_CARD


def test_unknown_preset_or_option_raises_rules_error() -> None:
    with pytest.raises(RulesError):
        preset_rules("tute")
    with pytest.raises(RulesError):
        preset_rules("clasica", no_such_option=1)
    with pytest.raises(RulesError):
        preset_rules("corta", max_hands=0)


# --- invalid options ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["exact_base", "exact_per_trick", "miss_per_trick", "pocha_points", "renuncio_penalty"]
)
@pytest.mark.parametrize("value", [-1, -50, 1001, 2.5, "10", True, None])
def test_points_must_be_whole_numbers_from_0_to_1000(name: str, value: object) -> None:
    with pytest.raises(RulesError):
        Rules(**{name: value})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "name", ["exact_base", "exact_per_trick", "miss_per_trick", "pocha_points", "renuncio_penalty"]
)
def test_zero_points_are_allowed(name: str) -> None:
    assert getattr(Rules(**{name: 0}), name) == 0  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [0, -1, 41, 2.5, "3", True])
def test_hands_at_the_max_must_be_a_count_from_1(value: object) -> None:
    with pytest.raises(RulesError):
        Rules(max_hands=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [0, 13, 2.5, True])
def test_pocha_min_cards_is_a_hand_size(value: object) -> None:
    with pytest.raises(RulesError):
        Rules(pocha_min_cards=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("sizes", [(), (0,), (3, 0, 2), (-1,), (1, True), (2.0,), tuple([1] * 101)])
def test_custom_sizes_need_at_least_one_card_per_hand(sizes: tuple[Any, ...]) -> None:
    with pytest.raises(RulesError):
        Rules(custom_sizes=sizes)


def test_two_specials_cannot_take_the_same_hand() -> None:
    with pytest.raises(RulesError):
        Rules(specials=(Special(HandKind.INDIAS, 1), Special(HandKind.MANO_DE_ORO, 1)))
    # two specials added after the schedule are fine
    rules = Rules(specials=(Special(HandKind.SUBASTADO), Special(HandKind.SIN_TRIUNFO)))
    assert len(rules.specials) == 2


@pytest.mark.parametrize("at", [0, -3, 1.5, "2", True])
def test_specials_are_placed_by_hand_number_from_1(at: object) -> None:
    with pytest.raises(RulesError):
        Rules(specials=(Special(HandKind.INDIAS, at),))  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", [HandKind.NORMAL, HandKind.DESEMPATE])
def test_only_the_four_special_hands_can_be_switched_on(kind: HandKind) -> None:
    with pytest.raises(RulesError):
        Rules(specials=(Special(kind),))


# Options that only make sense with the number of players are checked with the schedule.


def test_special_placed_past_the_end_of_the_schedule() -> None:
    rules = Rules(custom_sizes=(1, 2, 3), specials=(Special(HandKind.MANO_DE_ORO, 4),))
    with pytest.raises(RulesError, match="4"):
        schedule(4, 0, rules)


def test_indias_needs_a_one_card_hand() -> None:
    rules = Rules(custom_sizes=(1, 2, 3), specials=(Special(HandKind.INDIAS, 2),))
    with pytest.raises(RulesError):
        schedule(4, 0, rules)


def test_subastado_needs_every_card() -> None:
    rules = Rules(custom_sizes=(1, 9, 10), specials=(Special(HandKind.SUBASTADO, 2),))
    with pytest.raises(RulesError):
        schedule(4, 0, rules)
    # with 5 players the max is 8, so an 8-card hand can be a subastado, a 9-card one cannot exist
    with pytest.raises(RulesError):
        schedule(5, 0, Rules(custom_sizes=(1, 9)))


@pytest.mark.parametrize(("players", "too_many"), [(3, 13), (4, 11), (5, 9), (6, 7), (7, 6), (8, 6)])
def test_custom_size_larger_than_the_max_for_the_table(players: int, too_many: int) -> None:
    with pytest.raises(RulesError):
        schedule(players, 0, Rules(custom_sizes=(1, too_many)))
    assert schedule(players, 0, Rules(custom_sizes=(1, too_many - 1)))[-1].cards == too_many - 1


# --- to_dict / from_dict ------------------------------------------------------------------------


@pytest.mark.parametrize("key", [*PRESETS, CUSTOM_PRESET])
def test_every_preset_round_trips_through_a_dict(key: str) -> None:
    rules = preset_rules(key)
    assert Rules.from_dict(rules.to_dict()) == rules


def test_rules_with_every_option_changed_round_trip() -> None:
    rules = Rules(
        opening_ones=Ones.NONE,
        climb=False,
        max_hands=12,
        descend=False,
        closing_ones=Ones.SINGLE,
        custom_sizes=(1, 10, 1),
        specials=(Special(HandKind.INDIAS, 1), Special(HandKind.SUBASTADO)),
        forbidden_in_one_card_hands=False,
        exact_base=20,
        exact_per_trick=3,
        miss_per_trick=10,
        multipliers=Multipliers.COPAS2_OROS3,
        pocha_bonus=True,
        pocha_points=150,
        pocha_min_cards=6,
        renuncio_penalty=75,
        tie_break=TieBreak.ONE_CARD,
        misses_break_ties=False,
        pocha_multiplied=True,
        extra_hand_only_tied=False,
    )
    assert all(getattr(rules, f.name) != getattr(Rules(), f.name) for f in fields(Rules)), "every option changed"
    data = rules.to_dict()
    assert data["multipliers"] == "copas2_oros3"
    assert data["specials"] == [{"kind": "indias", "at": 1}, {"kind": "subastado", "at": None}]
    assert data["custom_sizes"] == [1, 10, 1]
    assert Rules.from_dict(data) == rules


def test_to_dict_is_plain_json() -> None:
    import json

    data = Rules(specials=(Special(HandKind.MANO_DE_ORO, 3),)).to_dict()
    assert json.loads(json.dumps(data)) == data


def test_from_dict_fills_missing_options_with_defaults_but_the_new_ones_as_games_saved_before() -> None:
    saved_before = {"misses_break_ties": True, "pocha_multiplied": True, "extra_hand_only_tied": False}
    assert Rules.from_dict({}) == Rules(**saved_before)
    assert Rules.from_dict({"pocha_bonus": True}) == Rules(pocha_bonus=True, **saved_before)
    assert Rules.from_dict(Rules().to_dict()) == Rules()


# --- games saved before the tie and la pocha options ----------------------------------------------


@pytest.mark.parametrize("key", sorted(STORED_BEFORE))
def test_a_preset_stored_before_keeps_the_old_tie_and_pocha_rules(key: str) -> None:
    old = Rules.from_dict(STORED_BEFORE[key])
    # missed bids broke ties in every preset, la pocha was multiplied, everyone's extra-hand points counted
    assert (old.misses_break_ties, old.pocha_multiplied, old.extra_hand_only_tied) == (True, True, False)
    # everything else is the preset as it is now
    assert old == replace(preset_rules(key), misses_break_ties=True, pocha_multiplied=True, extra_hand_only_tied=False)


def test_a_stored_dict_round_trips_to_the_same_old_rules() -> None:
    old = Rules.from_dict(STORED_BEFORE["ludoteka"])
    assert Rules.from_dict(old.to_dict()) == old
    assert {"misses_break_ties", "pocha_multiplied", "extra_hand_only_tied"} <= set(old.to_dict())


@pytest.mark.parametrize("name", ["misses_break_ties", "pocha_multiplied", "extra_hand_only_tied"])
def test_a_stored_new_option_is_read_as_stored(name: str) -> None:
    for value in (True, False):
        assert getattr(Rules.from_dict({**STORED_BEFORE["clasica"], name: value}), name) is value


@pytest.mark.parametrize(
    "garbage",
    [
        None,
        [],
        "clasica",
        42,
        {"no_such_option": 1},
        {"opening_ones": "lots"},
        {"multipliers": "copas9"},
        {"tie_break": 1},
        {"climb": "yes"},
        {"climb": 1},
        {"exact_base": "10"},
        {"exact_base": -5},
        {"max_hands": "3"},
        {"max_hands": 2.5},
        {"max_hands": 0},
        {"custom_sizes": 5},
        {"custom_sizes": "ab"},
        {"custom_sizes": [1, 0]},
        {"custom_sizes": [1.0]},
        {"specials": "indias"},
        {"specials": [None]},
        {"specials": [{"at": 1}]},
        {"specials": [{"kind": "chipoco"}]},
        {"specials": [{"kind": "desempate"}]},
        {"specials": [{"kind": "indias", "at": "x"}]},
        {"specials": [{"kind": "indias", "at": 1.5}]},
        {"specials": [{"kind": "indias", "at": 1}, {"kind": "sin_triunfo", "at": 1}]},
        {"pocha_min_cards": True},
        {"pocha_min_cards": None},
        {"misses_break_ties": "no"},
        {"pocha_multiplied": 1},
        {"extra_hand_only_tied": None},
    ],
)
def test_from_dict_on_garbage_raises_rules_error(garbage: Any) -> None:
    with pytest.raises(RulesError):
        Rules.from_dict(garbage)
