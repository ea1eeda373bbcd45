"""The phone's copy of the schedule (static/js/pocha/schedule.js, hand_plan.js) equals the engine's (engine/schedule.py):
for every preset at tables of 3 to 8 players with every first dealer, and for random rules drawn from the options'
descriptions (custom lists, special hands placed and appended, many of them refused) at every table with a first
dealer drawn, the phone plans the hands the card carries (``plan_card``), or refuses with the engine's message
template and values; and it plans the same extra hands after the schedule, with either tie-break. ``make test``
plays ``LONG_RUN`` random rules; ``make test-fast`` ``QUICK_RUN``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    CUSTOM_PRESET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    PRESETS,
    Rules,
    TieBreak,
    preset_rules,
)
from support.phone_rules import PhoneSchedule, ScheduleCase, node_program, option_values, plain, schedule_seen

#: Random rules ``make test`` plans at every table and first dealer (the slow run), and ``make test-fast``.
LONG_RUN: Final = 3_000
QUICK_RUN: Final = 150
#: The most hand a special hand is placed at in random rules: past the end of most schedules now and then.
LAST_PLACE: Final = 32


@pytest.fixture(scope="module")
def phone() -> Iterator[PhoneSchedule]:
    """The phone's copy of the schedule, in one Node.js process for the module."""
    planner = PhoneSchedule(node_program())
    yield planner
    planner.close()


def every_table(rules: Rules) -> list[ScheduleCase]:
    """``rules`` at every table from 3 to 8 players, each with every first dealer."""
    return [
        ScheduleCase(rules, players, dealer)
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        for dealer in range(players)
    ]


def plan_both(phone: PhoneSchedule, cases: list[ScheduleCase]) -> Counter[str]:
    """Plan ``cases`` on both sides: the same plans and extra hands, or the same refusal, for each. How many were
    planned, and how many refused with each message."""
    seen = phone.plan(cases)
    expected = plain([schedule_seen(case) for case in cases])
    assert len(seen) == len(expected)
    outcomes: Counter[str] = Counter()
    for case, phone_saw, engine_saw in zip(cases, seen, expected, strict=True):
        assert phone_saw == engine_saw, f"the phone plans otherwise: {case}"
        if "refused" in engine_saw:
            outcomes["refused: " + engine_saw["refused"]["message"]["template"]] += 1
            continue
        outcomes["planned"] += 1
        places = {special.at is None for special in case.rules.specials}
        outcomes.update(["planned with special hands appended"] * (True in places))
        outcomes.update(["planned with special hands placed"] * (False in places))
    return outcomes


@pytest.mark.parametrize("tie_break", TieBreak)
@pytest.mark.parametrize("preset", [*sorted(PRESETS), CUSTOM_PRESET])
def test_every_preset_is_planned_as_the_engine_plans_it(phone: PhoneSchedule, preset: str, tie_break: TieBreak) -> None:
    outcomes = plan_both(phone, every_table(preset_rules(preset, tie_break=tie_break)))
    assert outcomes["planned"] == 33, outcomes


#: Whole numbers only: the compiled engine takes nothing else for a table (the card never holds anything else).
@pytest.mark.parametrize(
    ("players", "first_dealer"),
    [(2, 0), (9, 0), (0, 0), (True, 0), (4, -1), (4, 4), (4, 9), (4, True)],
)
def test_a_table_or_a_first_dealer_the_engine_refuses_the_phone_refuses(
    phone: PhoneSchedule, players: Any, first_dealer: Any
) -> None:
    outcomes = plan_both(phone, [ScheduleCase(preset_rules("clasica"), players, first_dealer)])
    assert "planned" not in outcomes, outcomes


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    """Rules with every option drawn as its control allows, special hands placed at hands up to ``LAST_PLACE``."""
    return Rules(**{name: draw(option_values(name, hands=LAST_PLACE)) for name in OPTIONS})


#: A first dealer for each table from 3 to 8 players: random rules are planned at every table, each with one of its
#: first dealers (the presets are planned with every one).
FIRST_DEALERS: Final = st.tuples(*(st.integers(0, players - 1) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)))


def run(phone: PhoneSchedule, examples: int) -> None:
    """Plan ``examples`` random rules at every table, each with a first dealer drawn, on both sides."""
    tally: Counter[str] = Counter()

    @settings(
        max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), print_blob=True, database=None
    )
    @given(rules=any_rules(), dealers=FIRST_DEALERS)
    def check(rules: Rules, dealers: tuple[int, ...]) -> None:
        tables = [ScheduleCase(rules, players, dealer) for players, dealer in enumerate(dealers, start=MIN_PLAYERS)]
        tally.update(plan_both(phone, tables))

    check()
    print("\nphone vs engine, schedules:\n" + "\n".join(f"  {count:6} {outcome}" for outcome, count in tally.items()))
    assert tally["planned"] >= examples, "too few schedules were planned: the rules drawn are refused too often"
    assert tally["planned with special hands appended"] and tally["planned with special hands placed"], tally
    refused = {outcome for outcome in tally if outcome.startswith("refused: ")}
    assert len(refused) >= 3, f"the engine refused too few ways: {refused}"


def test_random_rules_are_planned_as_the_engine_plans_them(phone: PhoneSchedule) -> None:
    run(phone, QUICK_RUN)


@pytest.mark.slow
def test_thousands_of_random_rules_are_planned_as_the_engine_plans_them(phone: PhoneSchedule) -> None:
    run(phone, LONG_RUN)
