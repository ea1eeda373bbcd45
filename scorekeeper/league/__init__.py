"""A peña's league, pure: each player's record, the rating, head to head and seasons, from the engine's score sheets;
and a night of several tables: its draw and its standings.

Nothing here knows Flask or the database: it reads the games as the engine scores them
(``LeagueGame``: a finished ``ScoreSheet`` and when it was played) and the merges of names the
peña's manager made, and derives every number each time it is asked. It imports the engine,
the standard library and ``openskill`` (the rating), nothing else.
"""

from .games import Finish, LeagueGame, finishes, in_span, season_years
from .head_to_head import HeadToHead, head_to_head
from .names import Merge, PlayerNames, name_key
from .night_draw import NightError, Round, Table, draw_round, meetings, repeats, table_sizes
from .night_standings import NightLine, RoundLine, Seat, TableGame, night_standings, table_game
from .rating import RATING_MODEL, Rating, RatingHistory, rating_history
from .records import League, PlayerRecord, league, player_records

__all__ = [
    "RATING_MODEL",
    "Finish",
    "HeadToHead",
    "League",
    "LeagueGame",
    "Merge",
    "NightError",
    "NightLine",
    "PlayerNames",
    "PlayerRecord",
    "Rating",
    "RatingHistory",
    "Round",
    "RoundLine",
    "Seat",
    "Table",
    "TableGame",
    "draw_round",
    "finishes",
    "head_to_head",
    "in_span",
    "league",
    "meetings",
    "name_key",
    "night_standings",
    "player_records",
    "rating_history",
    "repeats",
    "season_years",
    "table_game",
    "table_sizes",
]
