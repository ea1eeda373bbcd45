"""The rating: each player's skill after every game of the peña, by openskill's Plackett–Luce model.

Plackett–Luce reads a whole finishing order (first, second, third… ties sharing a place), which is
what a game of la pocha gives: every player against every other at once, 3 to 8 of them. Each
rating is a belief, ``mu`` (the skill) and ``sigma`` (how unsure it still is); what is shown is
the conservative ``mu − 3·sigma`` (openskill's ordinal): 0 for a newcomer, growing as a player
keeps finishing above others. docs/pena.md says why this model and not TrueSkill or Elo.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

from .games import Finish

#: The model, with openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300): the same for every peña.
RATING_MODEL: Final = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating: the skill believed (``mu``), how unsure (``sigma``), and the value shown."""

    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The conservative rating shown: ``mu − 3·sigma``, so that a lucky evening is not a high place."""
        return self.mu - 3 * self.sigma


#: A newcomer's rating.
NEW: Final = Rating(RATING_MODEL.mu, RATING_MODEL.sigma)


@dataclass(frozen=True, slots=True)
class RatingHistory:
    """Every player's rating after each game (oldest first), and the latest ratings."""

    after: tuple[Mapping[str, Rating], ...]
    latest: Mapping[str, Rating]

    def of(self, player: str) -> Rating:
        """``player``'s rating now (a newcomer's if they played no game)."""
        return self.latest.get(player, NEW)

    def line(self, player: str) -> tuple[float, ...]:
        """``player``'s shown rating before the first game and after each game since (flat while they did not play)."""
        values = [NEW.shown]
        for ratings in self.after:
            values.append(ratings[player].shown if player in ratings else values[-1])
        return tuple(values)


def rating_history(games: Iterable[Sequence[Finish]]) -> RatingHistory:
    """Rate the finished games in the order given (oldest first): each game moves the ratings of those who played it.

    The finishing order is each player's place in the game (ties share a place, as the engine's standings say).
    """
    latest: dict[str, Rating] = {}
    after: list[Mapping[str, Rating]] = []
    for finished in games:
        if not finished:
            continue
        teams = [[RATING_MODEL.rating(*_values(latest.get(finish.player, NEW)))] for finish in finished]
        rated = RATING_MODEL.rate(teams, ranks=[float(finish.position) for finish in finished])
        for finish, (rating,) in zip(finished, rated):
            latest[finish.player] = Rating(rating.mu, rating.sigma)
        after.append(dict(latest))
    return RatingHistory(tuple(after), dict(latest))


def _values(rating: Rating) -> tuple[float, float]:
    """``mu`` and ``sigma``, as openskill's ``rating()`` takes them."""
    return rating.mu, rating.sigma
