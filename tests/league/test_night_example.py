"""The worked example of docs/pena.md («La noche de la peña»): 13 players, three rounds of quick games played by the
engine's bots, drawn from a fixed seed; the draw and the standings printed exactly as the docs show them.

``pytest tests/league/test_night_example.py -s`` prints it.
"""

from __future__ import annotations

import random
from pathlib import Path

from scorekeeper.engine import preset_rules, score_sheet
from scorekeeper.league import (
    Round,
    TableGame,
    draw_round,
    meetings,
    night_standings,
    repeats,
    table_game,
    table_sizes,
)
from support.paper_games import classic_game

SEED = 13
RULES = preset_rules("rapida")
#: Twelve come at the start; Mar arrives for the second round.
FIRST = ("Ana", "Bea", "Carlos", "Dani", "Eva", "Fermín", "Gema", "Hugo", "Inés", "Javi", "Koldo", "Lucía")
LATE = "Mar"
MODES = ("random", "random", "standings")
DOCS = Path(__file__).resolve().parents[2] / "docs" / "pena.md"


def play(rounds: list[Round], number: int) -> list[TableGame]:
    """Every table of round ``number`` plays a quick game with the bots, from the table's first dealer."""
    games = []
    for table in rounds[-1].tables:
        size = len(table.players)
        records = classic_game(size, table.first_dealer, seed=100 * number + table.number, rules=RULES)
        games.append(table_game(table.number, score_sheet(RULES, table.players, table.first_dealer, records)))
    return games


def the_night() -> str:
    """Draw and play the night, and say it as docs/pena.md does."""
    rng = random.Random(SEED)
    rounds: list[Round] = []
    played: list[list[TableGame]] = []
    out = []
    for number, mode in enumerate(MODES, start=1):
        players = list(FIRST) + ([LATE] if number > 1 else [])
        order = [line.player for line in night_standings(played)]
        met = meetings(rounds)
        drawn = draw_round(players, table_sizes(len(players)), rng, mode=mode, met=met, standings=order)  # type: ignore[arg-type]
        rounds.append(drawn)
        played.append(play(rounds, number))
        again = repeats([table.players for table in drawn.tables], met)
        out.append(f"Round {number} ({mode}, {again} pairs met before):")
        for table in drawn.tables:
            dealer = table.players[table.first_dealer]
            out.append(f"  table {table.number}: {', '.join(table.players)} (first dealer {dealer})")
    out.append("")
    out.append("place player  score relative missed  each round: R(ound) T(able) place/size points")
    for line in night_standings(played):
        games = "  ".join(f"R{r.round} T{r.table} {r.place}/{r.size} {r.points:>3}" for r in line.rounds)
        out.append(
            f"{line.place:>5} {line.player:<7} {float(line.score):>5.2f} {float(line.relative):>+8.1f} "
            f"{line.missed:>6}  {games}"
        )
    return "\n".join(out)


def test_the_worked_example_is_the_one_in_the_docs() -> None:
    text = the_night()
    print("\n" + text)
    assert text in DOCS.read_text(encoding="utf-8")
