"""The night's draw: the sizes of the tables, every present player seated once, the standings mode's leaders
together, and the repeat opponents as few as docs/pena.md («La noche de la peña») promises."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.league import NightError, Round, Table, draw_round, meetings, repeats, table_sizes
from scorekeeper.league.night_draw import Pair

POOL = tuple(f"Jugador {number}" for number in range(1, 25))


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(3, (3,)), (6, (6,)), (7, (4, 3)), (11, (4, 4, 3)), (12, (4, 4, 4)), (13, (5, 4, 4)), (20, (4, 4, 4, 4, 4))],
)
def test_the_sizes_of_the_documented_examples(players: int, sizes: tuple[int, ...]) -> None:
    assert table_sizes(players) == sizes


@given(players=st.integers(3, 60))
def test_the_tables_are_as_even_as_can_be_within_the_limits(players: int) -> None:
    sizes = table_sizes(players)
    assert sum(sizes) == players and all(3 <= size <= 6 for size in sizes)
    assert max(sizes) - min(sizes) <= 1 and list(sizes) == sorted(sizes, reverse=True)
    # No other even split seats fewer players at a size other than 4 or 5.
    outside = sum(size for size in sizes if size not in (4, 5))
    for tables in range(1, players + 1):
        low, high = players // tables, -(-players // tables)
        if low >= 3 and high <= 6:
            extra = players - low * tables
            other = [high] * extra + [low] * (tables - extra)
            assert outside <= sum(size for size in other if size not in (4, 5))


@given(players=st.integers(2, 40), smallest=st.integers(3, 8), spread=st.integers(0, 3))
def test_other_limits_are_kept_or_refused(players: int, smallest: int, spread: int) -> None:
    largest = min(8, smallest + spread)
    fits = any(smallest * tables <= players <= largest * tables for tables in range(1, players + 1))
    if fits:
        sizes = table_sizes(players, smallest=smallest, largest=largest)
        assert sum(sizes) == players and smallest <= min(sizes) <= max(sizes) <= largest
        assert max(sizes) - min(sizes) <= 1
    else:
        with pytest.raises(NightError):
            table_sizes(players, smallest=smallest, largest=largest)


def test_too_few_players_or_impossible_limits_are_refused_with_a_message_to_translate() -> None:
    with pytest.raises(NightError) as few:
        table_sizes(2)
    assert few.value.message.template == "Hacen falta al menos %(smallest)s jugadores para una mesa"
    assert str(few.value) == "Hacen falta al menos 3 jugadores para una mesa"
    with pytest.raises(NightError) as misfit:
        table_sizes(7, smallest=5, largest=5)
    assert str(misfit.value) == "7 jugadores no caben en mesas de 5 a 5"
    with pytest.raises(NightError) as limits:
        table_sizes(12, smallest=2)
    assert str(limits.value) == "Las mesas son de 3 a 8 jugadores"


def test_a_name_twice_or_an_empty_one_is_refused() -> None:
    with pytest.raises(NightError, match="«ana » está dos veces"):
        draw_round(["Ana", "Bea", "Carlos", "ana "], (4,), random.Random(1), mode="random")
    with pytest.raises(NightError, match="Falta el nombre"):
        draw_round(["Ana", "Bea", " "], (3,), random.Random(1), mode="random")


def earlier_round(rng: random.Random, players: list[str]) -> Round:
    """A round drawn at random among most of ``players`` and two who have left since."""
    here = [*players, "Ido 1", "Ido 2"]
    rng.shuffle(here)
    here = here[: max(3, len(here) - rng.randint(0, 4))]
    blocks = _blocks(here, table_sizes(len(here)))
    return Round(tuple(Table(number, tuple(group), 0) for number, group in enumerate(blocks, start=1)))


def random_met(rng: random.Random, players: list[str], rounds: int) -> dict[Pair, int]:
    """The meetings of ``rounds`` earlier rounds drawn at random."""
    return meetings([earlier_round(rng, players) for _ in range(rounds)])


def _blocks(ordered: list[str], sizes: tuple[int, ...]) -> list[list[str]]:
    """The players in turn at each table (the standings mode's start)."""
    out, start = [], 0
    for size in sizes:
        out.append(ordered[start : start + size])
        start += size
    return out


def groups(drawn: Round) -> list[tuple[str, ...]]:
    """Each table's players."""
    return [table.players for table in drawn.tables]


nights = st.tuples(st.integers(3, 24), st.integers(0, 3), st.integers(0, 2**32))


@settings(max_examples=150, deadline=None)
@given(night=nights, mode=st.sampled_from(["random", "standings"]))
def test_every_player_present_is_seated_once_at_tables_of_the_sizes_asked(
    night: tuple[int, int, int], mode: str
) -> None:
    count, earlier, seed = night
    rng = random.Random(seed)
    players = list(POOL[:count])
    met = random_met(rng, players, earlier)
    sizes = table_sizes(count)
    order = rng.sample(players, len(players))
    drawn = draw_round(players, sizes, rng, mode=mode, met=met, standings=order)  # type: ignore[arg-type]
    seated = [name for table in drawn.tables for name in table.players]
    assert sorted(seated) == sorted(players)
    assert tuple(len(table.players) for table in drawn.tables) == sizes
    assert [table.number for table in drawn.tables] == list(range(1, len(sizes) + 1))
    assert all(0 <= table.first_dealer < len(table.players) for table in drawn.tables)


@settings(max_examples=100, deadline=None)
@given(night=nights)
def test_the_random_mode_never_repeats_more_than_its_random_start(night: tuple[int, int, int]) -> None:
    count, earlier, seed = night
    players = list(POOL[:count])
    met = random_met(random.Random(seed), players, earlier)
    sizes = table_sizes(count)
    start = list(players)
    random.Random(seed).shuffle(start)  # the draw's first step with the same rng: its random start
    drawn = draw_round(players, sizes, random.Random(seed), mode="random", met=met)
    assert repeats(groups(drawn), met) <= repeats(_blocks(start, sizes), met)


@settings(max_examples=100, deadline=None)
@given(night=nights)
def test_the_standings_mode_keeps_each_player_within_a_table_of_their_place(night: tuple[int, int, int]) -> None:
    count, earlier, seed = night
    rng = random.Random(seed)
    players = list(POOL[:count])
    met = random_met(rng, players, earlier)
    order = rng.sample(players, count)
    sizes = table_sizes(count)
    start = _blocks(order, sizes)
    drawn = draw_round(players, sizes, rng, mode="standings", met=met, standings=order)
    assert repeats(groups(drawn), met) <= repeats(start, met)
    home = {name: index for index, block in enumerate(start) for name in block}
    for index, table in enumerate(drawn.tables):
        assert all(abs(home[name] - index) <= 1 for name in table.players)


@settings(max_examples=60, deadline=None)
@given(count=st.integers(3, 24), seed=st.integers(0, 2**32), late=st.integers(0, 3))
def test_without_repeats_to_avoid_the_standings_mode_seats_the_leaders_together(
    count: int, seed: int, late: int
) -> None:
    rng = random.Random(seed)
    players = list(POOL[:count])
    order = rng.sample(players, count - min(late, count))  # the late arrivals are in no standings yet
    sizes = table_sizes(count)
    drawn = draw_round(players, sizes, rng, mode="standings", standings=order)
    home = {name: index for index, block in enumerate(_blocks(order, sizes)) for name in block}
    for index, table in enumerate(drawn.tables):
        assert all(home.get(name, index) == index for name in table.players)
    assert set(drawn.tables[0].players) >= set(order[: sizes[0]])


def spread_pairs(size: int, tables: int) -> int:
    """The fewest pairs a group of ``size`` players leaves at ``tables`` tables: spread as evenly as can be."""
    low, extra = divmod(size, tables)
    return extra * comb(low + 1, 2) + (tables - extra) * comb(low, 2)


@settings(max_examples=100, deadline=None)
@given(count=st.integers(3, 24), seed=st.integers(0, 2**32))
def test_after_one_round_the_random_mode_repeats_no_more_than_it_must(count: int, seed: int) -> None:
    rng = random.Random(seed)
    players = list(POOL[:count])
    earlier = earlier_round(rng, players)
    met = meetings([earlier])
    sizes = table_sizes(count)
    drawn = draw_round(players, sizes, rng, mode="random", met=met)
    # Each earlier table's players who are present, spread as evenly as can be over the tables now.
    least = sum(spread_pairs(len(set(table.players) & set(players)), len(sizes)) for table in earlier.tables)
    assert repeats(groups(drawn), met) == least


@settings(max_examples=100, deadline=None)
@given(count=st.integers(3, 24), seed=st.integers(0, 2**32), times=st.integers(1, 3))
def test_no_repeat_when_no_group_linked_by_meetings_outnumbers_the_tables(count: int, seed: int, times: int) -> None:
    rng = random.Random(seed)
    players = list(POOL[:count])
    tables = len(table_sizes(count))
    shuffled = rng.sample(players, count)
    met: dict[Pair, int] = {}
    while shuffled:
        group = [shuffled.pop() for _ in range(min(len(shuffled), rng.randint(1, tables)))]
        for first, second in combinations(group, 2):
            if rng.random() < 0.7:
                met[frozenset((first.casefold(), second.casefold()))] = rng.randint(1, times)
    drawn = draw_round(players, table_sizes(count), rng, mode="random", met=met)
    assert repeats(groups(drawn), met) == 0


@given(count=st.integers(3, 24), seed=st.integers(0, 2**32), mode=st.sampled_from(["random", "standings"]))
@settings(max_examples=40, deadline=None)
def test_the_same_seed_draws_the_same_round(count: int, seed: int, mode: str) -> None:
    players = list(POOL[:count])
    met = random_met(random.Random(seed), players, 2)
    twice = [
        draw_round(players, table_sizes(count), random.Random(seed), mode=mode, met=met, standings=players)  # type: ignore[arg-type]
        for _ in range(2)
    ]
    assert twice[0] == twice[1]


def test_the_first_round_draws_every_split_and_every_dealer() -> None:
    players = ["Ana", "Bea", "Carlos", "Dani", "Eva", "Fermín", "Gema"]
    rng = random.Random(7)
    tables = {frozenset(draw_round(players, (4, 3), rng, mode="random").tables[1].players) for _ in range(600)}
    assert len(tables) == comb(7, 3)
    dealers = {draw_round(players, (4, 3), rng, mode="random").tables[0].first_dealer for _ in range(100)}
    assert dealers == {0, 1, 2, 3}


def test_a_table_of_the_round_is_found_by_a_name_as_typed() -> None:
    drawn = draw_round(["Ana", "Bea", "Carlos"], (3,), random.Random(1), mode="random")
    assert drawn.table_of(" ana") == drawn.tables[0] and drawn.table_of("Zoe") is None
