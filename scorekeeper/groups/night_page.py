"""What a night's pages draw, worked out once per request: its rounds and tables with their games, who plays the next
round and its tables, the standings, and the peña's players a night can be made with."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property

from babel.dates import format_skeleton
from babel.lists import format_list
from flask_babel import get_locale, to_user_timezone
from flask_babel import gettext as _

from scorekeeper.engine import PochaError, ScoreSheet
from scorekeeper.labels.engine_messages import engine_message
from scorekeeper.labels.game_words import PRESET_NAMES
from scorekeeper.league import NightError, NightLine, PlayerNames, name_key
from scorekeeper.storage import nights
from scorekeeper.storage.groups import MANAGE, GroupScope, active_merges
from scorekeeper.storage.models import Game, Group, Night, NightPlayer, NightTable
from scorekeeper.storage.player_names import plain_key
from scorekeeper.storage.store import view_of


def listed(items: list[str] | tuple[str, ...]) -> str:
    """Items in a sentence of the page's language: «5, 4 y 4»."""
    return str(format_list(list(items), locale=get_locale())) if items else ""


def refusal(check: Callable[[Night], object], night: Night) -> str:
    """What ``check`` refuses ``night`` for, in the page's language ('' when it refuses nothing)."""
    try:
        check(night)
    except NightError as error:
        return engine_message(error.message)
    return ""


def default_name() -> str:
    """A new night's name: «Noche del 27 de noviembre», today in the page's language (the app's timezone)."""
    today = to_user_timezone(datetime.now(UTC)).date()
    return str(_("Noche del %(day)s", day=format_skeleton("MMMMd", today, locale=get_locale())))


def peña_players(group: Group) -> tuple[str, ...]:
    """Everyone who played in the peña's games, once each, as its league shows them (merges applied), by name."""
    games = sorted((entry.game for entry in group.games), key=lambda game: (game.created_at, game.id), reverse=True)
    spellings = [player.name for game in games for player in game.players]
    names = PlayerNames(active_merges(group), spellings)
    shown = {names.player(spelling): None for spelling in spellings}
    return tuple(sorted((names.shown(player) for player in shown), key=plain_key))  # «Óscar» among the O's


def night_status(drawn: int, rounds: int, over: bool) -> str:
    """Where a night is, in words: not drawn yet, the round being played of its rounds, or over."""
    if over:
        return str(_("Noche terminada"))
    if not drawn:
        return str(_("Sin sortear"))
    return str(_("Ronda %(round)s de %(rounds)s", round=drawn, rounds=rounds))


@dataclass(frozen=True)
class NightSummary:
    """A night as the peña's page lists it: its number and name, when it was made, rounds drawn of its rounds."""

    number: int
    name: str
    created_at: datetime
    drawn: int
    rounds: int
    over: bool

    @property
    def status(self) -> str:
        """Where the night is, in words."""
        return night_status(self.drawn, self.rounds, self.over)


def night_summaries(group: Group) -> list[NightSummary]:
    """The peña's nights, the newest first."""
    return [
        NightSummary(
            night.number,
            night.name,
            night.created_at,
            nights.drawn_rounds(night),
            night.rounds,
            nights.night_over(night),
        )
        for night in sorted(group.nights, key=lambda night: night.number, reverse=True)
    ]


@dataclass(frozen=True)
class TableLine:
    """A table of a round as its page shows it: its players by seat, its first dealer, its game's state."""

    table: NightTable
    names: tuple[str, ...]
    first_dealer: int
    sheet: ScoreSheet | None
    #: The scorekeeper's token (the manager's page only; ``None``: not shown, or the seal does not open).
    keeper_token: str | None

    @property
    def game(self) -> Game | None:
        """The table's game (``None``: deleted)."""
        return self.table.game

    @property
    def finished(self) -> bool:
        """Whether the table's game is over (it counts in the night)."""
        return self.game is not None and self.game.finished_at is not None and self.sheet is not None

    @property
    def left(self) -> bool:
        """Whether the table left its game before the end (it does not count)."""
        return self.game is not None and self.game.abandoned_at is not None and not self.finished

    @property
    def winners(self) -> str:
        """Who won the table's game, in a sentence («Ana», «Ana y Bea» when still tied)."""
        if self.sheet is None:
            return ""
        return listed([self.names[seat] for seat in self.sheet.standings.first_places])

    @property
    def hand(self) -> tuple[int, int]:
        """The hand being played and how many the game has."""
        if self.sheet is None:
            return 0, 0
        return len(self.sheet.rows) + 1, self.sheet.hands_total


@dataclass(frozen=True)
class RoundView:
    """A drawn round: its number, its tables, and how many pairs at them had met before this night."""

    number: int
    tables: tuple[TableLine, ...]
    repeats: int

    @property
    def draw_name(self) -> str:
        """What names this draw in the undo's form (``nights.draw_name``)."""
        return nights.draw_name(self.tables[0].table) if self.tables else ""


class NightPage:
    """A night as one request sees it, from the manager's address (``scope`` MANAGE) or the lookers'."""

    def __init__(self, group: Group, night: Night, scope: GroupScope, token: str) -> None:
        self.group = group
        self.night = night
        self.scope = scope
        self.token = token

    @property
    def managing(self) -> bool:
        """Whether the page was opened with the manager's address."""
        return self.scope == MANAGE

    @property
    def preset_name(self) -> str:
        """The game every table plays, in words."""
        return str(PRESET_NAMES.get(self.night.preset, self.night.preset))

    @property
    def sizes_label(self) -> str:
        """The tables' preferred sizes in words: «4 o 5»."""
        return sizes_label(nights.preferred_sizes(self.night))

    @cached_property
    def drawn(self) -> int:
        """How many rounds are drawn."""
        return nights.drawn_rounds(self.night)

    @cached_property
    def over(self) -> bool:
        """Whether the night's last round is drawn and played."""
        return nights.night_over(self.night)

    @cached_property
    def rounds(self) -> tuple[RoundView, ...]:
        """Every drawn round, the latest first."""
        out = []
        for drawn in nights.drawn(self.night):
            out.append(RoundView(drawn.number, tuple(self._line(table) for table in drawn.tables), drawn.repeats))
        return tuple(reversed(out))

    def _line(self, table: NightTable) -> TableLine:
        """A table as its page shows it."""
        game = table.game
        if game is None:
            return TableLine(table, (), 0, None, None)
        try:
            sheet: ScoreSheet | None = view_of(game).sheet
        except PochaError:
            sheet = None
        keeper = nights.table_token(table, self.token) if self.managing else None
        return TableLine(table, tuple(player.name for player in game.players), game.first_dealer, sheet, keeper)

    @cached_property
    def can_undo(self) -> bool:
        """Whether the manager can undo the latest round's draw: no table of it has begun its game."""
        return self.managing and nights.can_undo_draw(self.night)

    # --- the next round ---------------------------------------------------------------------------

    @property
    def next_round(self) -> int | None:
        """The round to be drawn next (``None``: every round is drawn)."""
        return self.drawn + 1 if self.drawn < self.night.rounds else None

    @cached_property
    def present(self) -> list[NightPlayer]:
        """Who plays the next round (or played the last one, once every round is drawn)."""
        return nights.present(self.night, self.next_round or self.night.rounds)

    @cached_property
    def why_not_sizes(self) -> str:
        """Why the players present cannot sit ('' when they can)."""
        return refusal(nights.next_sizes, self.night)

    @cached_property
    def next_sizes(self) -> tuple[int, ...] | None:
        """The tables of the next round as things stand (``None``: they cannot sit; ``why_not_sizes`` says why)."""
        return None if self.why_not_sizes else nights.next_sizes(self.night)

    @property
    def next_tables(self) -> str:
        """The tables of the next round in words: «mesas de 5, 4 y 4» ('' when they cannot sit)."""
        return sizes_text(self.next_sizes) if self.next_sizes else ""

    @cached_property
    def why_not_draw(self) -> str:
        """Why the next round cannot be drawn now ('' when it can)."""
        return refusal(nights.check_can_draw, self.night)

    @cached_property
    def newcomers(self) -> tuple[str, ...]:
        """The peña's players not at the night, offered to «Llega alguien»."""
        here = {name_key(player.name) for player in self.present}
        return tuple(name for name in peña_players(self.group) if name_key(name) not in here)

    # --- the standings ----------------------------------------------------------------------------

    @cached_property
    def standings(self) -> tuple[NightLine, ...]:
        """The night's standings from its finished games (empty before any table finishes)."""
        return nights.standings(self.night)

    @property
    def status(self) -> str:
        """Where the night is, in words."""
        return night_status(self.drawn, self.night.rounds, self.over)


def sizes_label(sizes: tuple[int, ...]) -> str:
    """The tables' preferred sizes in words: «4 o 5», «6»."""
    if len(sizes) == 1:
        return str(sizes[0])
    return str(_("%(first)s o %(second)s", first=sizes[0], second=sizes[1]))


def sizes_text(sizes: tuple[int, ...]) -> str:
    """The tables of a round in words: «mesas de 5, 4 y 4», «una mesa de 6»."""
    if len(sizes) == 1:
        return str(_("una mesa de %(size)s", size=sizes[0]))
    return str(_("mesas de %(sizes)s", sizes=listed([str(size) for size in sizes])))
