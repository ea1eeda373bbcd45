"""Where a peña's nights are kept: a night made, who is at it round by round, each round drawn into tables with their
games (a draw undone while no table has begun), and the night read back as the pure night functions read it
(``league/night_draw.py``, ``league/night_standings.py``).

Only facts are stored (``Night``, ``NightPlayer``, ``NightTable``): the standings are counted from
the tables' games each time they are asked for, so a correction in any game changes them. Each
table's game is an ordinary game in the peña's league; its scorekeeper's token is kept sealed
with the peña manager's (``storage/seals.py``), so only the manager's address can hand it out.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from flask import abort

from scorekeeper.engine import PRESETS, PochaError, preset_rules
from scorekeeper.engine.errors import N_
from scorekeeper.extensions import db
from scorekeeper.league import (
    NightError,
    NightLine,
    Round,
    Table,
    TableGame,
    draw_round,
    meetings,
    name_key,
    night_standings,
    repeats,
    table_game,
    table_sizes,
)
from scorekeeper.league.night_draw import Mode, check_names
from scorekeeper.storage import leaving
from scorekeeper.storage.groups import add_game, mark_changed
from scorekeeper.storage.models import Game, Group, Hand, Night, NightPlayer, NightTable
from scorekeeper.storage.player_names import NAME_MAX, TOO_LONG, tidy_name
from scorekeeper.storage.seals import seal, unseal
from scorekeeper.storage.store import create_game, view_of

#: The tables' sizes a manager can ask for (the preferred sizes; any table is 3 to 6 when the players need it).
SIZES: Final[dict[str, tuple[int, ...]]] = {
    "4,5": (4, 5),
    "4": (4,),
    "5": (5,),
    "3,4": (3, 4),
    "5,6": (5, 6),
    "6": (6,),
    "3": (3,),
}
#: How the tables change after the first round (the first is always drawn at random).
MODES: Final[tuple[Mode, ...]] = ("random", "standings")
#: The game every table plays unless the manager chooses another preset.
DEFAULT_PRESET: Final = "rapida"
#: The most rounds a night can have, and the longest name of a night (a player's: a game's NAME_MAX).
MAX_ROUNDS: Final = 12
NIGHT_NAME_MAX: Final = 40

#: The smallest and largest table any night draws.
SMALLEST: Final = 3
LARGEST: Final = 6


def preferred_sizes(night: Night) -> tuple[int, ...]:
    """The tables' preferred sizes of ``night``."""
    return SIZES.get(night.sizes, SIZES["4,5"])


def create_night(
    group: Group,
    name: str,
    players: Sequence[str],
    *,
    preset: str = DEFAULT_PRESET,
    sizes: str = "4,5",
    rounds: int = 3,
    mode: Mode = "random",
    seed: int | None = None,
) -> Night:
    """Add a night to ``group`` (not yet committed) with the players who came. Raises ``NightError`` (a message for the
    player) when the players cannot sit at tables of the sizes asked for, or a name comes twice."""
    if preset not in PRESETS or sizes not in SIZES or mode not in MODES or not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"a night of {preset!r}, {sizes!r}, {mode!r}, {rounds} rounds")
    names = _checked([tidy_name(player) for player in players])
    table_sizes(len(names), SIZES[sizes], SMALLEST, LARGEST)  # raises when they cannot sit
    night = Night(
        number=max((other.number for other in group.nights), default=0) + 1,
        name=name_of_night(name),
        preset=preset,
        sizes=sizes,
        rounds=rounds,
        mode=mode,
        seed=secrets.randbelow(2**31) if seed is None else seed,
        version=0,
        players=[NightPlayer(name=player, first_round=1) for player in names],
    )
    group.nights.append(night)
    mark_changed(group)
    return night


def _checked(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names as a game takes them, refused with ``NightError`` when one is empty, too long or twice."""
    for name in names:
        if len(name) > NAME_MAX:
            raise NightError(TOO_LONG, name=name[:NAME_MAX], max=NAME_MAX)
    return check_names(names)


def name_of_night(name: str) -> str:
    """The night's name as kept (spaces at the ends cut)."""
    return name.strip()[:NIGHT_NAME_MAX]


def night_for(group: Group, number: int) -> Night:
    """The peña's night ``number``, or a 404 page."""
    night = next((night for night in group.nights if night.number == number), None)
    if night is None:
        abort(404)
    return night


def changed(night: Night) -> None:
    """Note that the night's own facts changed (who is at it, its draws): its pages and the room's screen draw it again."""
    night.version += 1
    mark_changed(night.group)


# --- its rounds ----------------------------------------------------------------------------------


def drawn_rounds(night: Night) -> int:
    """How many rounds have been drawn (0 before the first draw)."""
    return max((table.round for table in night.tables), default=0)


def tables_of(night: Night, number: int) -> list[NightTable]:
    """The tables of round ``number``, the first table first."""
    return [table for table in night.tables if table.round == number]


def present(night: Night, number: int) -> list[NightPlayer]:
    """Who plays round ``number``: arrived by then and not gone."""
    return [
        player
        for player in night.players
        if player.first_round <= number and (player.left_round is None or number < player.left_round)
    ]


def table_over(table: NightTable) -> bool:
    """Tell whether a table's game is done with: finished, left by the table, or deleted."""
    game = table.game
    return game is None or game.finished_at is not None or game.abandoned_at is not None


def round_over(night: Night, number: int) -> bool:
    """Tell whether every table of round ``number`` is done with (a round not drawn is not over)."""
    tables = tables_of(night, number)
    return bool(tables) and all(table_over(table) for table in tables)


def night_over(night: Night) -> bool:
    """Tell whether the night's last round has been drawn and played."""
    return drawn_rounds(night) == night.rounds and round_over(night, night.rounds)


def next_sizes(night: Night) -> tuple[int, ...]:
    """The tables the next round would be drawn into, as things stand. Raises ``NightError`` when the players
    present cannot sit."""
    return table_sizes(len(present(night, drawn_rounds(night) + 1)), preferred_sizes(night), SMALLEST, LARGEST)


def next_round(night: Night) -> int:
    """The round to be drawn next. Raises ``NightError`` when the night has drawn its last round."""
    number = drawn_rounds(night) + 1
    if number > night.rounds:
        raise NightError(N_("Ya se han sorteado todas las rondas de la noche"))
    return number


def check_can_draw(night: Night) -> None:
    """Raise ``NightError`` (a message for the manager) when the next round cannot be drawn now."""
    done = next_round(night) - 1
    if done and not round_over(night, done):
        raise NightError(N_("La ronda %(round)s no ha terminado: cada mesa acaba su partida antes"), round=done)
    next_sizes(night)


def _table_label(night: Night, number: int, table: int) -> str:
    """What the seal of a table's token is made for."""
    return f"pocha-noche-mesa:{night.id}:{number}:{table}"


def draw_next(night: Night, manager_token: str) -> list[tuple[NightTable, str]]:
    """Draw the next round and give every table its game (in the peña's league), not yet committed: the tables with
    their scorekeepers' tokens. Raises ``NightError`` when it cannot be drawn now (``check_can_draw``)."""
    check_can_draw(night)
    number = drawn_rounds(night) + 1
    names = [player.name for player in present(night, number)]
    mode: Mode = "random" if number == 1 else night.mode  # type: ignore[assignment]
    drawn = draw_round(
        names,
        next_sizes(night),
        random.Random(f"{night.seed}:{number}"),
        mode=mode,
        met=meetings(played_rounds(night)),
        standings=[line.player for line in standings(night)],
    )
    rules = preset_rules(night.preset)
    made = []
    for table in drawn.tables:
        game, token = create_game(table.players, table.first_dealer, night.preset, rules)
        add_game(night.group, game)
        row = NightTable(round=number, number=table.number, game=game, sealed_token="")
        night.tables.append(row)
        db.session.flush()  # the night's id, for the seal
        row.sealed_token = seal(token, manager_token, _table_label(night, number, table.number))
        made.append((row, token))
    changed(night)
    return made


def draw_name(first: NightTable) -> str:
    """A name for the draw whose first table is ``first``, new at every draw (the rows' ids are not: a database may
    give an undone draw's ids to the next): the start of its sealed token, random as every token is."""
    return first.sealed_token[:16]


def table_token(table: NightTable, manager_token: str) -> str | None:
    """The scorekeeper's token of a table's game, opened with the peña manager's token (``None``: it does not open)."""
    return unseal(table.sealed_token, manager_token, _table_label(table.night, table.round, table.number))


# --- a draw undone, before any table plays -------------------------------------------------------------


def _begun(night: Night, number: int, lock: bool = False) -> NightTable | None:
    """The first table of round ``number`` whose game has begun: anything stored of it (a hand, however little was
    said in it), finished or left (``None``: none has). With ``lock`` the round's games are held for this request's
    write (PostgreSQL's ``FOR UPDATE``; SQLite's write lock is the peña's): a game another request is writing right
    now counts as begun, so that a tap being saved is never deleted under it."""
    tables = [table for table in tables_of(night, number) if table.game is not None]
    ids = {table.game.id for table in tables if table.game is not None}
    if lock and ids:
        query = db.select(Game).where(Game.id.in_(ids)).with_for_update(skip_locked=True)
        held = {game.id for game in db.session.execute(query.execution_options(populate_existing=True)).scalars()}
    else:
        held = ids
    played = set(db.session.execute(db.select(Hand.game_id).where(Hand.game_id.in_(ids)).distinct()).scalars())
    for table in tables:
        game = table.game
        assert game is not None
        if game.id not in held or game.id in played or game.finished_at is not None or game.abandoned_at is not None:
            return table
    return None


def check_can_undo(night: Night, lock: bool = False) -> int:
    """The latest drawn round, when its draw can be undone: no table of it has begun its game. Raises ``NightError``
    (a message for the manager) when nothing is drawn or a table has begun (``lock``: as ``_begun`` holds them)."""
    number = drawn_rounds(night)
    if not number:
        raise NightError(N_("No hay ningún sorteo que deshacer"))
    begun = _begun(night, number, lock)
    if begun is not None:
        raise NightError(
            N_("La mesa %(table)s ya ha empezado a jugar: el sorteo de la ronda %(round)s ya no se puede deshacer"),
            table=begun.number,
            round=number,
        )
    return number


def can_undo_draw(night: Night) -> bool:
    """Tell whether the latest drawn round can be undone now (``check_can_undo``)."""
    try:
        check_can_undo(night)
    except NightError:
        return False
    return True


def undo_draw(night: Night) -> int:
    """Undo the latest round's draw before any of its tables plays (not yet committed): its games are deleted (their
    addresses say so, the peña's league no longer counts them), its tables go, and whoever arrived or left since the
    draw arrives for, or leaves before, that round drawn again; the night draws from a new seed, so that the same
    players get a new draw. The round undone. Raises ``NightError`` when it cannot be undone (``check_can_undo``)."""
    number = check_can_undo(night, lock=True)
    for table in tables_of(night, number):
        if table.game is not None:
            leaving.delete(table.game)
        night.tables.remove(table)
    for player in list(night.players):
        player.first_round = min(player.first_round, number)
        if player.left_round is not None and player.left_round > number:
            player.left_round = number
        if player.left_round is not None and player.left_round <= player.first_round:
            night.players.remove(player)  # arrived and gone since the draw: never played, as ``leave`` says
    night.seed = random.Random(f"{night.seed}:{number}:{night.version}").randrange(2**31)
    changed(night)
    return number


# --- who comes and goes, between rounds ------------------------------------------------------------


def arrive(night: Night, name: str) -> NightPlayer:
    """Someone arrives: they play from the next round to be drawn (someone who had left comes back). Raises
    ``NightError`` when they are already playing, or the night has drawn its last round."""
    (name,) = _checked([tidy_name(name)])
    number = next_round(night)
    known = player_at(night, name)
    if known is not None:
        if known.left_round is None:
            raise NightError(N_("«%(name)s» ya está en la noche"), name=known.name)
        known.left_round = None  # back: the rounds missed add nothing, as for anyone who misses one
        changed(night)
        return known
    player = NightPlayer(name=name, first_round=number)
    night.players.append(player)
    changed(night)
    return player


def leave(night: Night, player: NightPlayer) -> bool:
    """``player`` leaves: they are not drawn from the next round on (the rounds they played still count). ``False``:
    they had left already, and still left when they did (a second tap changes nothing). Raises ``NightError`` when the
    night has drawn its last round (there is no round left to leave)."""
    if player.left_round is not None:
        return False
    number = next_round(night)
    if player.first_round >= number:  # never played: no longer at the night at all
        night.players.remove(player)
    else:
        player.left_round = number
    changed(night)
    return True


def player_at(night: Night, name: str) -> NightPlayer | None:
    """The player of ``night`` called ``name`` (matched as names are), or ``None``."""
    return next((player for player in night.players if name_key(player.name) == name_key(name)), None)


# --- the night as the pure functions read it -------------------------------------------------------


def played_rounds(night: Night) -> list[Round]:
    """Each drawn round as the draw reads it: who sat at which table (a deleted game's table is left out)."""
    rounds = []
    for number in range(1, drawn_rounds(night) + 1):
        tables = tuple(
            Table(table.number, tuple(player.name for player in table.game.players), table.game.first_dealer)
            for table in tables_of(night, number)
            if table.game is not None
        )
        rounds.append(Round(tables))
    return rounds


def finished_games(night: Night) -> list[list[TableGame]]:
    """Each round's finished games, as the standings read them (games left, deleted or still playing add nothing)."""
    rounds: list[list[TableGame]] = []
    for number in range(1, drawn_rounds(night) + 1):
        games = []
        for table in tables_of(night, number):
            if table.game is None or table.game.finished_at is None:
                continue
            try:
                sheet = view_of(table.game).sheet
            except PochaError:
                continue
            if sheet.finished:
                games.append(table_game(table.number, sheet))
        rounds.append(games)
    return rounds


def standings(night: Night) -> tuple[NightLine, ...]:
    """The night's standings from its finished games, best first (empty before any table finishes)."""
    return night_standings(finished_games(night))


@dataclass(frozen=True, slots=True)
class DrawnRound:
    """A round as its pages show it: its number, its tables, and how many pairs at them had met before."""

    number: int
    tables: tuple[NightTable, ...]
    repeats: int


def drawn(night: Night) -> list[DrawnRound]:
    """Every drawn round, the first first, with the pairs that met again in it."""
    rounds = played_rounds(night)
    out = []
    for number, played in enumerate(rounds, start=1):
        again = repeats([table.players for table in played.tables], meetings(rounds[: number - 1]))
        out.append(DrawnRound(number, tuple(tables_of(night, number)), again))
    return out


def night_state(night: Night) -> tuple[int, tuple[tuple[int, int], ...]]:
    """What the night's pages depend on: its version and each table's game (id, version)."""
    return night.version, tuple(sorted((game.id, game.version) for game in night_games(night)))


def night_games(night: Night) -> list[Game]:
    """The games of the night's tables, round by round (deleted games left out)."""
    return [table.game for table in night.tables if table.game is not None]
