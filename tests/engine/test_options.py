"""Each rule option described once (engine/options.py, beside its field of engine/rules.py): a description for every
field, whole and consistent, and the engine's checks, the stored dicts and the card all read from it."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import pytest
from stored_rules import STORED_BEFORE

from scorekeeper.engine import (
    OPTIONS,
    PHONE_OPTIONS,
    SECTIONS,
    Choice,
    Flag,
    HandList,
    Number,
    Places,
    Rules,
    RulesError,
    form_layout,
    game_card,
)
from scorekeeper.engine.rules import DEFAULT_RULES, SAVED_BEFORE


def changed(name: str, value: object) -> Rules:
    """The default rules with option ``name`` set to ``value``."""
    changes: dict[str, Any] = {name: value}
    return replace(DEFAULT_RULES, **changes)


NUMBERS = [name for name, about in OPTIONS.items() if isinstance(about.control, Number)]
CHOICES = [name for name, about in OPTIONS.items() if isinstance(about.control, Choice)]


def test_every_field_of_the_rules_is_described() -> None:
    assert list(OPTIONS) == [f.name for f in fields(Rules)]


def test_what_the_form_shows_has_a_label_and_only_that() -> None:
    for name, about in OPTIONS.items():
        assert (about.label is None) == (about.form is None), name
        assert about.hint is None or about.label is not None, f"{name}: a hint without a label"
        assert about.what and about.source, f"{name}: docs/rules.md's table needs what it is and where it comes from"


def test_the_form_shows_each_option_once_in_one_of_its_sections() -> None:
    layout = form_layout()
    assert [section for section, _ in layout] == list(SECTIONS)
    shown = [name for _, names in layout for name in names]
    assert sorted(shown) == sorted(name for name, about in OPTIONS.items() if about.form is not None)
    for section, names in layout:
        ranks = [OPTIONS[name].form.rank for name in names]  # type: ignore[union-attr]
        assert ranks == sorted(set(ranks)), f"{section.legend}: two options share a rank"


def test_the_form_keeps_its_order() -> None:
    assert form_layout() == (
        (SECTIONS[0], ("opening_ones", "climb", "max_hands", "descend", "closing_ones", "custom_sizes")),
        (SECTIONS[1], ("specials",)),
        (
            SECTIONS[2],
            (
                "forbidden_in_one_card_hands",
                "exact_base",
                "exact_per_trick",
                "miss_per_trick",
                "multipliers",
                "pocha_bonus",
                "pocha_multiplied",
                "renuncio_penalty",
            ),
        ),
        (SECTIONS[3], ("misses_break_ties", "tie_break")),
    )


@pytest.mark.parametrize("name", list(OPTIONS))
def test_each_default_is_a_value_of_its_control(name: str) -> None:
    control, default = OPTIONS[name].control, getattr(DEFAULT_RULES, name)
    if isinstance(control, Flag):
        assert isinstance(default, bool)
    elif isinstance(control, Choice):
        assert default in control.values
    elif isinstance(control, Number):
        assert default is None if control.blank else control.low <= default <= control.high
    else:
        assert isinstance(control, (HandList, Places))
    assert control.read(control.plain(default)) == default, "stored and read back the same"


@pytest.mark.parametrize("name", CHOICES)
def test_a_choice_offers_every_value_of_its_kind_with_a_label(name: str) -> None:
    control = OPTIONS[name].control
    assert isinstance(control, Choice)
    assert set(control.values) == set(control.kind)
    assert all(control.labels.values())


@pytest.mark.parametrize("name", NUMBERS)
def test_a_number_is_taken_within_its_bounds_and_refused_outside(name: str) -> None:
    control = OPTIONS[name].control
    assert isinstance(control, Number)
    for value in (control.low, control.high):
        assert getattr(changed(name, value), name) == value
    wrong: tuple[object, ...] = (control.low - 1, control.high + 1, 2.0, True, "5")
    for bad in wrong:
        with pytest.raises(RulesError) as refused:
            changed(name, bad)
        assert refused.value.message.template == control.refusal
    if control.blank:
        assert getattr(changed(name, None), name) is None
    else:
        with pytest.raises(RulesError):
            changed(name, None)


@pytest.mark.parametrize("name", [name for name in OPTIONS if isinstance(OPTIONS[name].control, Flag)])
def test_a_stored_flag_is_true_or_false_only(name: str) -> None:
    for value in (1, 0, "true", None):
        with pytest.raises(RulesError):
            Rules.from_dict({name: value})


def test_each_option_newer_than_the_first_stored_games_says_how_those_were_played() -> None:
    """Games stored before an option existed lack its key: the option must say what they were played with."""
    newer = set(OPTIONS) - set(STORED_BEFORE["clasica"])
    assert newer == set(SAVED_BEFORE), "describe saved_before=SavedBefore(value, why) for a new option"
    assert SAVED_BEFORE == {"misses_break_ties": True, "pocha_multiplied": True, "extra_hand_only_tied": False}
    assert all(OPTIONS[name].saved_before.why for name in SAVED_BEFORE)  # type: ignore[union-attr]


def test_the_card_carries_the_options_the_phone_needs() -> None:
    card = game_card(DEFAULT_RULES, ("Ana", "Bea", "Carlos"), 0, [], None)["rules"]
    assert set(card) == {*PHONE_OPTIONS, "max_renuncios"}
    stored = DEFAULT_RULES.to_dict()
    assert {name: card[name] for name in PHONE_OPTIONS if name != "multipliers"} == {
        name: stored[name] for name in PHONE_OPTIONS if name != "multipliers"
    }
    assert not {"opening_ones", "climb", "max_hands", "descend", "closing_ones", "custom_sizes", "specials"} & set(
        PHONE_OPTIONS
    ), "the schedule comes made in the card"


def test_rules_stored_with_every_option_read_back_the_same() -> None:
    stored: dict[str, Any] = DEFAULT_RULES.to_dict()
    assert list(stored) == list(OPTIONS), "the stored dict keeps the order of the fields (the game file's bytes)"
    assert Rules.from_dict(stored) == DEFAULT_RULES
