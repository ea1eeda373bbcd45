"""La noche de la peña, the draw: how many tables of which sizes, and who sits at each table in each round.

A night is several rounds; in each, whoever is present is split into tables of 3 to 6 (4 or 5
preferred) and every table plays one game. The draw of a round starts from its mode's split
(a random one, or the night's order so that leaders meet), then swaps players between tables
while a swap lowers the number of pairs who already shared a table this night. docs/pena.md
(«La noche de la peña») states the rule of the sizes and what the draw guarantees.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Literal

from scorekeeper.engine import MAX_PLAYERS, MIN_PLAYERS, PochaError
from scorekeeper.engine.errors import N_

from .names import name_key

#: A pair of players (their names' keys), as ``met`` counts them.
Pair = frozenset[str]
#: How the first split of a round is made: at random, or by the night's order (leaders together).
Mode = Literal["random", "standings"]


class NightError(PochaError):
    """A night that cannot be drawn or counted as asked: too few players, a name twice, a game not finished."""


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: its number (1 = first), its players in the order play goes round, and the first dealer's seat."""

    number: int
    players: tuple[str, ...]
    first_dealer: int


@dataclass(frozen=True, slots=True)
class Round:
    """A round's tables, the largest first."""

    tables: tuple[Table, ...]

    def table_of(self, player: str) -> Table | None:
        """The table where ``player`` (matched as names are) sits, or ``None`` when they are not in this round."""
        key = name_key(player)
        return next((table for table in self.tables if key in map(name_key, table.players)), None)


def table_sizes(
    players: int, preferred: Sequence[int] = (4, 5), smallest: int = 3, largest: int = 6
) -> tuple[int, ...]:
    """Split ``players`` into tables as evenly as the limits allow: sizes differ by one at most, the largest first.

    Of the numbers of tables whose even split fits from ``smallest`` to ``largest``, the one chosen
    seats the fewest players at a size outside ``preferred``, then the most at the sizes earliest in
    ``preferred``, then has the fewest tables: 13 → 5 4 4, 7 → 4 3, 6 → 6, 11 → 4 4 3, 20 → 4 4 4 4 4.
    Raises ``NightError`` when no split fits (fewer players than ``smallest``, say).
    """
    if not MIN_PLAYERS <= smallest <= largest <= MAX_PLAYERS:
        raise NightError(N_("Las mesas son de %(least)s a %(most)s jugadores"), least=MIN_PLAYERS, most=MAX_PLAYERS)
    if players < smallest:
        raise NightError(N_("Hacen falta al menos %(smallest)s jugadores para una mesa"), smallest=smallest)
    rank = {size: index for index, size in enumerate(preferred)}
    splits = [_even_split(players, tables) for tables in range(1, players // smallest + 1)]
    fitting = [sizes for sizes in splits if smallest <= sizes[-1] and sizes[0] <= largest]
    if not fitting:
        raise NightError(
            N_("%(players)s jugadores no caben en mesas de %(smallest)s a %(largest)s"),
            players=players,
            smallest=smallest,
            largest=largest,
        )
    return min(
        fitting,
        key=lambda sizes: (
            sum(size for size in sizes if size not in rank),
            sum(size * rank[size] for size in sizes if size in rank),
            len(sizes),
        ),
    )


def _even_split(players: int, tables: int) -> tuple[int, ...]:
    """``players`` split into ``tables`` tables differing by one at most, the largest first."""
    size, extra = divmod(players, tables)
    return (size + 1,) * extra + (size,) * (tables - extra)


def check_names(players: Iterable[str]) -> tuple[str, ...]:
    """The players as given, refused with ``NightError`` when a name is empty or comes twice (case and spaces aside)."""
    names = tuple(players)
    seen: set[str] = set()
    for name in names:
        key = name_key(name)
        if not key:
            raise NightError(N_("Falta el nombre de un jugador"))
        if key in seen:
            raise NightError(N_("«%(name)s» está dos veces en la noche"), name=name)
        seen.add(key)
    return names


def meetings(rounds: Iterable[Round]) -> dict[Pair, int]:
    """How many times each pair of players (their names' keys) shared a table in ``rounds``."""
    met: dict[Pair, int] = {}
    for played in rounds:
        for table in played.tables:
            for first, second in combinations(map(name_key, table.players), 2):
                pair = frozenset((first, second))
                met[pair] = met.get(pair, 0) + 1
    return met


def repeats(groups: Iterable[Sequence[str]], met: Mapping[Pair, int]) -> int:
    """How many pairs sitting at the same table in ``groups`` already shared a table (``met``)."""
    return _total(groups, met)[0]


#: How many swaps the draw tries at most: far more than a night's tables ever need (each swap removes a repeat).
MAX_SWAPS: Final = 200


def draw_round(
    players: Sequence[str],
    sizes: Sequence[int],
    rng: random.Random,
    *,
    mode: Mode,
    met: Mapping[Pair, int] | None = None,
    standings: Sequence[str] = (),
) -> Round:
    """Draw a round: ``players`` (those present) into tables of ``sizes`` (as ``table_sizes`` gives them).

    ``mode`` "random" starts from a random split (``players`` shuffled with ``rng``, then the
    tables filled in turn) and, as a second start, the players dealt round the tables group by
    group (those linked by earlier meetings in ``met`` one after another); "standings" fills the
    tables in the night's order ``standings`` (best first; players not in it come after it, at
    random): the first table takes the top players. From each start, players are swapped between
    tables while a swap lowers the repeats (pairs who already met; then the times they met); in
    "standings" mode a player ends at most one table away from the start's.
    Each table's seating and first dealer are then drawn. The same ``rng`` state gives the same round.
    """
    names = check_names(players)
    if sum(sizes) != len(names) or any(size < MIN_PLAYERS for size in sizes):
        raise ValueError(f"tables of {tuple(sizes)} do not seat {len(names)} players")
    met = met or {}
    if mode == "standings":
        place = {name_key(name): index for index, name in enumerate(standings)}
        rest = [name for name in names if name_key(name) not in place]
        rng.shuffle(rest)
        ordered = sorted((name for name in names if name_key(name) in place), key=lambda n: place[name_key(n)]) + rest
        groups = _swapped(_fill(ordered, sizes), met, rng, band=True)
    else:
        shuffled = list(names)
        rng.shuffle(shuffled)
        starts = (_fill(shuffled, sizes), _deal(_linked(names, met, rng), sizes))
        drawn = [_swapped(start, met, rng, band=False) for start in starts]
        groups = min(drawn, key=lambda split: _total(split, met))  # equally good: the random start's
    tables = []
    for number, group in enumerate(groups, start=1):
        seated = list(group)
        rng.shuffle(seated)
        tables.append(Table(number, tuple(seated), rng.randrange(len(seated))))
    return Round(tuple(tables))


def _fill(ordered: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """The tables filled in turn: the first ``sizes[0]`` players at the first table, and so on."""
    groups, start = [], 0
    for size in sizes:
        groups.append(list(ordered[start : start + size]))
        start += size
    return groups


def _deal(ordered: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """The players dealt one at a time round the tables, the largest tables first, skipping a full one.

    With sizes differing by one at most, any run of as many players as there are tables lands at
    as many different tables, and a longer run as evenly as it can.
    """
    order = sorted(range(len(sizes)), key=lambda index: -sizes[index])
    groups: list[list[str]] = [[] for _ in sizes]
    turn = 0
    for name in ordered:
        while len(groups[order[turn % len(order)]]) >= sizes[order[turn % len(order)]]:
            turn += 1
        groups[order[turn % len(order)]].append(name)
        turn += 1
    return groups


def _linked(players: Sequence[str], met: Mapping[Pair, int], rng: random.Random) -> list[str]:
    """The players group after group, a group being those linked by a chain of earlier meetings; groups and
    their players in random order."""
    keys = {name_key(name): name for name in players}
    parent = {key: key for key in keys}

    def root(key: str) -> str:
        while parent[key] != key:
            key = parent[key]
        return key

    for pair, times in met.items():
        if times > 0 and len(pair) == 2 and pair <= keys.keys():
            first, second = sorted(pair)
            parent[root(first)] = root(second)
    groups: dict[str, list[str]] = {}
    for key, name in keys.items():
        groups.setdefault(root(key), []).append(name)
    ordered = list(groups.values())
    rng.shuffle(ordered)
    for group in ordered:
        rng.shuffle(group)
    return [name for group in ordered for name in group]


def _cost(group: Sequence[str], met: Mapping[Pair, int]) -> tuple[int, int]:
    """The repeats at one table: pairs who already met, and the times they met."""
    times = [met.get(frozenset((name_key(a), name_key(b))), 0) for a, b in combinations(group, 2)]
    return (sum(t > 0 for t in times), sum(times))


def _total(groups: Iterable[Sequence[str]], met: Mapping[Pair, int]) -> tuple[int, int]:
    """The repeats at every table added up."""
    total = (0, 0)
    for group in groups:
        total = _plus(total, _cost(group, met))
    return total


def _against(name: str, others: Iterable[str], met: Mapping[Pair, int]) -> tuple[int, int]:
    """The repeats ``name`` would bring to a table of ``others``."""
    key = name_key(name)
    times = [met.get(frozenset((key, name_key(other))), 0) for other in others if other != name]
    return (sum(t > 0 for t in times), sum(times))


def _swapped(groups: list[list[str]], met: Mapping[Pair, int], rng: random.Random, *, band: bool) -> list[list[str]]:
    """``groups`` after the best swap of two players at different tables, again and again, while one lowers the repeats.

    Equally good swaps are chosen among with ``rng``. With ``band``, a player may end at most one
    table away from the table the start gave them.
    """
    home = {name: index for index, group in enumerate(groups) for name in group}
    groups = [list(group) for group in groups]
    for _ in range(MAX_SWAPS):
        best: tuple[int, int] = (0, 0)
        choices: list[tuple[int, int, int, int]] = []
        for i, j in combinations(range(len(groups)), 2):
            if band and j - i > 2:
                continue
            for a_at, a in enumerate(groups[i]):
                for b_at, b in enumerate(groups[j]):
                    if band and (abs(home[a] - j) > 1 or abs(home[b] - i) > 1):
                        continue
                    before = _plus(_against(a, groups[i], met), _against(b, groups[j], met))
                    after = _plus(_against(b, _without(groups[i], a), met), _against(a, _without(groups[j], b), met))
                    gain = (after[0] - before[0], after[1] - before[1])
                    if gain < best:
                        best, choices = gain, []
                    if gain == best and gain < (0, 0):
                        choices.append((i, a_at, j, b_at))
        if not choices:
            break
        i, a_at, j, b_at = rng.choice(choices)
        groups[i][a_at], groups[j][b_at] = groups[j][b_at], groups[i][a_at]
    return groups


def _plus(first: tuple[int, int], second: tuple[int, int]) -> tuple[int, int]:
    """Two counts of repeats added up."""
    return (first[0] + second[0], first[1] + second[1])


def _without(group: Sequence[str], name: str) -> list[str]:
    """``group`` but ``name``."""
    return [other for other in group if other != name]
