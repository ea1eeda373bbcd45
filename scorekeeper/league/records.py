"""Each player's record in a peña's league, and the league itself: the table, ranked by the rating.

Every number is counted again from the finished games each time it is asked: a correction in
any game, a game added or taken out, a merge made or undone changes the league at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .games import Finish, LeagueGame, finishes, in_order
from .head_to_head import HeadToHead, head_to_head
from .names import Merge, PlayerNames
from .rating import Rating, RatingHistory, rating_history


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One player's numbers over the peña's finished games they played.

    ``over`` and ``under`` count the hands they bid more (less) than the tricks they took: their bias.
    ``streak`` is the longest run of games won in a row among the games they played.
    """

    player: str
    name: str
    games: int
    wins: int
    places: int
    points: int
    hands: int
    exact: int
    over: int
    under: int
    pochas: int
    renuncios: int
    streak: int
    rating: Rating

    @property
    def win_share(self) -> float:
        """The share of games won, from 0 to 1."""
        return self.wins / self.games if self.games else 0.0

    @property
    def average_place(self) -> float:
        """The average place (1 = first)."""
        return self.places / self.games if self.games else 0.0

    @property
    def points_per_game(self) -> float:
        """The average final total."""
        return self.points / self.games if self.games else 0.0

    @property
    def exact_share(self) -> float:
        """The share of hands whose bid was made exactly, from 0 to 1."""
        return self.exact / self.hands if self.hands else 0.0


@dataclass
class _Tally:
    """A player's counts, added up game by game."""

    games: int = 0
    wins: int = 0
    places: int = 0
    points: int = 0
    hands: int = 0
    exact: int = 0
    over: int = 0
    under: int = 0
    pochas: int = 0
    renuncios: int = 0
    run: int = 0
    streak: int = 0

    def add(self, finish: Finish) -> None:
        """Count one game."""
        self.games += 1
        self.wins += finish.won
        self.places += finish.position
        self.points += finish.points
        self.hands += finish.hands
        self.exact += finish.exact
        self.over += finish.over
        self.under += finish.under
        self.pochas += finish.pochas
        self.renuncios += finish.renuncios
        self.run = self.run + 1 if finish.won else 0
        self.streak = max(self.streak, self.run)


def player_records(
    games: Sequence[Sequence[Finish]], names: PlayerNames, ratings: Mapping[str, Rating] | None = None
) -> tuple[PlayerRecord, ...]:
    """Every player's record over ``games`` (each game's finishes, oldest game first).

    Ranked: the highest rating first (with ``ratings``), then most wins, most games, by name.
    """
    tallies: dict[str, _Tally] = {}
    for finished in games:
        for finish in finished:
            tallies.setdefault(finish.player, _Tally()).add(finish)
    ratings = ratings or {}
    records = [
        PlayerRecord(
            player=player,
            name=names.shown(player),
            games=t.games,
            wins=t.wins,
            places=t.places,
            points=t.points,
            hands=t.hands,
            exact=t.exact,
            over=t.over,
            under=t.under,
            pochas=t.pochas,
            renuncios=t.renuncios,
            streak=t.streak,
            rating=ratings.get(player, Rating(0.0, 0.0)),
        )
        for player, t in tallies.items()
    ]
    return tuple(sorted(records, key=lambda r: (-r.rating.shown, -r.wins, -r.games, r.name.casefold(), r.player)))


@dataclass(frozen=True)
class League:
    """A peña's league over some of its games: the finished games in order, each one's finishes, the players'
    records (ranked), and the rating after each game."""

    games: tuple[LeagueGame, ...]
    finishes: tuple[tuple[Finish, ...], ...]
    players: tuple[PlayerRecord, ...]
    ratings: RatingHistory
    names: PlayerNames = field(repr=False)

    def record(self, player: str) -> PlayerRecord | None:
        """The record of the player whose key is ``player``."""
        return next((record for record in self.players if record.player == player), None)

    def head_to_head(self, first: str, second: str) -> HeadToHead:
        """``first`` against ``second`` (players' keys)."""
        return head_to_head(self.finishes, first, second)


def league(games: Iterable[LeagueGame], merges: Sequence[Merge] = ()) -> League:
    """The league of ``games`` (finished ones count; the rest are left out) with the merges in force."""
    ordered = tuple(in_order(games))
    spellings = [name for game in reversed(ordered) for name in game.sheet.players]
    names = PlayerNames(merges, spellings)
    finished = tuple(finishes(game, names) for game in ordered)
    history = rating_history(finished)
    return League(ordered, finished, player_records(finished, names, history.latest), history, names)
