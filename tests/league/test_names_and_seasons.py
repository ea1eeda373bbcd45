"""Who is who in a peña (merged spellings) and which games a season counts, by example."""

from __future__ import annotations

from datetime import date, datetime

from scorekeeper.engine import HandRecord, Rules, Suit, score_sheet
from scorekeeper.league import LeagueGame, Merge, PlayerNames, finishes, in_span, league, season_years

RULES = Rules(custom_sizes=(2, 2))


def game(key: int, names: list[str], day: date = date(2025, 3, 2)) -> LeagueGame:
    """A finished game of three: the first seat wins (25), the second is second (20), the third last (−10)."""
    hands = [((1, 0, 0), (1, 0, 1)), ((0, 0, 1), (0, 0, 2))]
    records = [HandRecord(bids=b, tricks=t, trump=Suit.OROS) for b, t in hands]
    played_at = datetime(day.year, day.month, day.day, 21)
    return LeagueGame(key, played_at, score_sheet(RULES, names, 0, records))


def test_a_spelling_merged_is_counted_as_the_name_it_was_merged_into() -> None:
    names = PlayerNames([Merge("Mª José", "María José")], ["mª josé", "María José"])
    assert names.player("Mª  José") == names.player("maría josé") == "maría josé"
    assert names.shown("maría josé") == "María José"
    assert names.merged("MA JOSÉ") is False and names.merged("mª josé") is True


def test_merges_follow_one_another_and_a_circle_is_left_out() -> None:
    names = PlayerNames([Merge("Pepe", "José"), Merge("José", "Jose Luis"), Merge("Jose Luis", "Pepe")])
    assert names.player("Pepe") == names.player("José") == names.player("Jose Luis") == "jose luis"
    assert PlayerNames([Merge("Ana", "ana")]).merged("Ana") is False, "the same name: nothing to merge"


def test_a_player_is_shown_as_the_newest_game_wrote_them_unless_a_merge_says_how() -> None:
    table = league(
        [game(1, ["ana", "Bea", "Ciro"], date(2025, 1, 1)), game(2, ["Ana", "Bea", "Ciro"], date(2025, 2, 1))]
    )
    assert [record.name for record in table.players] == ["Ana", "Bea", "Ciro"]
    merged = league([game(1, ["Bea", "Ana", "Ciro"]), game(2, ["B.", "Ana", "Ciro"])], [Merge("B.", "Beatriz")])
    assert {record.name for record in merged.players} == {"Ana", "Beatriz", "Bea", "Ciro"}


def test_two_spellings_at_one_table_are_two_people_whatever_the_merge_says() -> None:
    # «Mª José» and «María José» sat at the same game: the merge cannot make them one player there.
    together = game(1, ["Mª José", "María José", "Ciro"])
    table = league([together, game(2, ["Mª José", "Ana", "Ciro"])], [Merge("Mª José", "María José")])
    players = [finish.player for finish in finishes(together, table.names)]
    assert players == ["mª josé", "maría josé", "ciro"]
    maria = table.record("maría josé")
    assert maria is not None and maria.games == 2 and maria.wins == 1, "the second game is hers under the merge"


def test_only_finished_games_count() -> None:
    unfinished = LeagueGame(3, datetime(2025, 3, 3), score_sheet(RULES, ["Ana", "Bea", "Ciro"], 0, []))
    table = league([game(1, ["Ana", "Bea", "Ciro"]), unfinished])
    assert len(table.games) == 1 and table.players[0].games == 1


def test_a_season_counts_the_games_of_its_days_both_ends_included() -> None:
    games = [game(1, ["Ana", "Bea", "Ciro"], date(2024, 12, 31)), game(2, ["Ana", "Bea", "Ciro"], date(2025, 1, 1))]
    assert [g.key for g in games if in_span(g, date(2025, 1, 1), date(2025, 12, 31))] == [2]
    assert [g.key for g in games if in_span(g, None, date(2024, 12, 31))] == [1]
    assert [g.key for g in games if in_span(g, None, None)] == [1, 2]
    assert season_years(games) == (2025, 2024)
