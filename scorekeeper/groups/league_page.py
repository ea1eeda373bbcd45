"""What a peña's pages draw, worked out once per request: its games, the season shown, the league, head to head."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from functools import cached_property

from flask_babel import gettext as _

from scorekeeper.engine import PochaError, ScoreSheet
from scorekeeper.groups.rating_chart import rating_chart
from scorekeeper.league import HeadToHead, League, LeagueGame, in_span, league, name_key, season_years
from scorekeeper.league.names import tidy
from scorekeeper.page_parts.chart import PHONE, Chart, Frame
from scorekeeper.page_parts.game_time import GameTime, usual_minutes
from scorekeeper.page_parts.stored_game_time import stored_game_time
from scorekeeper.storage.groups import GroupScope, active_merges
from scorekeeper.storage.models import Game, Group
from scorekeeper.storage.store import view_of

#: The query argument that picks the season: "" (every game), a year ("2025"), or a manager's season ("t3").
SEASON_ARG = "temporada"
#: The query arguments of head to head: two players' keys.
FIRST_ARG, SECOND_ARG = "a", "b"


@dataclass(frozen=True)
class SeasonChoice:
    """A season the page offers: its key in the address, its name, and its first and last day (``None``: open)."""

    key: str
    label: str
    first: date | None = None
    last: date | None = None


@dataclass(frozen=True)
class GameLine:
    """A game of the peña as its list shows it."""

    game: Game
    sheet: ScoreSheet | None

    @property
    def played_at(self) -> datetime:
        """When it was started."""
        return self.game.created_at

    @property
    def names(self) -> tuple[str, ...]:
        """Its players, by seat."""
        return tuple(player.name for player in self.game.players)

    @property
    def finished(self) -> bool:
        """Whether it is over (only finished games count in the league)."""
        return self.sheet is not None and self.sheet.finished

    @property
    def time(self) -> GameTime | None:
        """How long it took, once over (``None`` while played, or when not known)."""
        return stored_game_time(self.game) if self.finished else None

    @property
    def first_place(self) -> str | None:
        """Who won, or is ahead (``None`` before the first hand, or while tied)."""
        if self.sheet is None or not self.sheet.rows:
            return None
        seat = self.sheet.standings.first_place
        return self.names[seat] if seat is not None else None


class LeaguePage:
    """A peña as one request sees it: the season asked for, its games, and the league they make."""

    def __init__(self, group: Group, scope: GroupScope, token: str, season: str = "", pair: tuple[str, str] = ("", "")):
        self.group = group
        self.scope = scope
        self.token = token
        self.asked_season = season
        self.pair = pair

    @property
    def managing(self) -> bool:
        """Whether the page was opened with the manager's address."""
        return self.scope == "manage"

    @cached_property
    def lines(self) -> tuple[GameLine, ...]:
        """Every game of the peña, newest first, each with its sheet (``None``: the rules no longer read it)."""
        out = []
        for entry in self.group.games:
            try:
                sheet: ScoreSheet | None = view_of(entry.game).sheet
            except PochaError:
                sheet = None
            out.append(GameLine(entry.game, sheet))
        return tuple(sorted(out, key=lambda line: (line.played_at, line.game.id), reverse=True))

    @cached_property
    def all_games(self) -> tuple[LeagueGame, ...]:
        """The peña's games as the league reads them."""
        return tuple(
            LeagueGame(line.game.id, line.played_at, line.sheet) for line in self.lines if line.sheet is not None
        )

    @cached_property
    def seasons(self) -> tuple[SeasonChoice, ...]:
        """The seasons offered: every game, each year games were played in, then the manager's seasons."""
        years = tuple(
            SeasonChoice(str(year), str(year), date(year, 1, 1), date(year, 12, 31))
            for year in season_years(self.all_games)
        )
        own = tuple(
            SeasonChoice(f"t{season.id}", season.name, season.starts_on, season.ends_on)
            for season in sorted(self.group.seasons, key=lambda s: (s.starts_on, s.id), reverse=True)
        )
        return (SeasonChoice("", _("Todas")), *years, *own)

    @cached_property
    def season(self) -> SeasonChoice:
        """The season shown (every game when the one asked for is not offered)."""
        return next((s for s in self.seasons if s.key == self.asked_season), self.seasons[0])

    @cached_property
    def games(self) -> tuple[LeagueGame, ...]:
        """The games of the season shown."""
        return tuple(game for game in self.all_games if in_span(game, self.season.first, self.season.last))

    @cached_property
    def season_lines(self) -> tuple[GameLine, ...]:
        """The games of the season shown as the list shows them, newest first."""
        keys = {game.key for game in self.games}
        return tuple(line for line in self.lines if line.game.id in keys)

    @cached_property
    def usual_minutes(self) -> int | None:
        """How long a finished game of the season shown usually took (the median), in minutes; ``None``: not known."""
        return usual_minutes(time for line in self.season_lines if (time := line.time) is not None)

    @cached_property
    def league(self) -> League:
        """The league of the season shown, with the merges in force."""
        return league(self.games, active_merges(self.group))

    def chart(self, frame: Frame = PHONE) -> Chart | None:
        """The rating's history in ``frame``."""
        return rating_chart(self.league, frame)

    @cached_property
    def head_to_head(self) -> HeadToHead | None:
        """The two players asked for, face to face (``None`` unless both are players of the league)."""
        first, second = (name_key(name) for name in self.pair)
        if not first or not second or first == second:
            return None
        if self.league.record(first) is None or self.league.record(second) is None:
            return None
        return self.league.head_to_head(first, second)

    def shown(self, player: str) -> str:
        """How the player with key ``player`` is shown."""
        return self.league.names.shown(player)

    @cached_property
    def spellings(self) -> tuple[str, ...]:
        """Every name written in the peña's games, tidied, once each (by name, case aside)."""
        seen: dict[str, str] = {}
        for line in self.lines:
            for name in line.names:
                seen.setdefault(tidy(name).casefold(), tidy(name))
        return tuple(sorted(seen.values(), key=str.casefold))

    @cached_property
    def latest_players(self) -> tuple[str, ...]:
        """The players of the peña's newest game, by seat: the new-game form starts with them."""
        return self.lines[0].names if self.lines else ()
