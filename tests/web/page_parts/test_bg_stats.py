"""A finished game as a play for BG Stats (page_parts/bg_stats.py): the link read back, field by field, as BG Stats
documents them ("Push plays to BG Stats from other apps or websites"; docs/playing.md)."""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from scorekeeper.engine import HandRecord, Rules, ScoreSheet, Suit, preset_rules, score_sheet
from scorekeeper.page_parts.bg_stats import bg_stats_link, bg_stats_play, play_id
from support.paper_games import classic_game

O, C, E = Suit.OROS, Suit.COPAS, Suit.ESPADAS
NAMES3 = ("Ana", "Bea", "Carlos")
NAMES4 = ("Ana", "Bea", "Carlos", "Dani")
STARTED = datetime(2026, 11, 27, 21, 5, 9)
TOKEN = "0k0fNQTEDUiPmmFtqy4LPw"
#: The fields BG Stats documents for a play, a game and a player, with the types it reads them as (``rank`` and
#: ``durationMin`` may be left out; ``bggId``, ``board``, ``comments``, ``location`` and ``role`` are not sent).
PLAY_FIELDS = {
    "sourceName": str,
    "sourcePlayId": str,
    "playDate": str,
    "durationMin": int,
    "game": dict,
    "players": list,
}
GAME_FIELDS = {"name": str, "highestWins": bool, "noPoints": bool, "sourceGameId": str}
PLAYER_FIELDS = {"name": str, "score": int, "winner": bool, "startPlayer": bool, "sourcePlayerId": str, "rank": int}


def read_back(link: str) -> dict[str, Any]:
    """The play a BG Stats link carries: its address checked, its ``data`` parsed."""
    address = urlsplit(link)
    assert (address.scheme, address.netloc, address.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    query = parse_qs(address.query, strict_parsing=True)
    assert list(query) == ["data"] and len(query["data"]) == 1
    play: dict[str, Any] = json.loads(query["data"][0])
    return play


def fields_of(thing: dict[str, Any], fields: dict[str, type]) -> None:
    """``thing`` has exactly the documented ``fields``, each of its type (a bool is no int here)."""
    assert set(thing) == set(fields), set(thing) ^ set(fields)
    for key, kind in fields.items():
        assert type(thing[key]) is kind, (key, thing[key])


def play_of(sheet: ScoreSheet, minutes: int | None = 95) -> dict[str, Any]:
    """The play of ``sheet`` as the link gives it to BG Stats."""
    return read_back(bg_stats_link(bg_stats_play(sheet, play_id(TOKEN), STARTED, minutes)))


def test_a_whole_game_is_a_play_field_by_field() -> None:
    sheet = score_sheet(preset_rules("clasica"), NAMES4, 2, classic_game(4, first_dealer=2))
    play = play_of(sheet)
    fields_of(play, PLAY_FIELDS)
    assert play["sourceName"] == "Pocha"
    assert play["playDate"] == "2026-11-27 21:05:09"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert play["durationMin"] == 95
    fields_of(play["game"], GAME_FIELDS)
    assert play["game"] == {"name": "Pocha", "highestWins": True, "noPoints": False, "sourceGameId": "pocha"}
    assert len(play["players"]) == 4
    for seat, player in enumerate(play["players"]):
        fields_of(player, PLAYER_FIELDS)
        assert player["name"] == NAMES4[seat]
        assert player["sourcePlayerId"] == str(seat)
        assert player["score"] == sheet.totals[seat]
        assert player["winner"] is (seat == sheet.winner)
        assert player["rank"] == sheet.standings.place_of(seat).position
        assert player["startPlayer"] is (seat == 3), "Dani, after Carlos (the first dealer), led the first hand"
    assert [p["rank"] for p in play["players"] if p["winner"]] == [1]


def test_the_play_id_is_the_games_every_time_and_never_its_token() -> None:
    assert play_id(TOKEN) == play_id(TOKEN)
    assert play_id(TOKEN) != play_id(TOKEN[:-1] + "x")
    assert re.fullmatch(r"[0-9a-f]{16}", play_id(TOKEN))
    sheet = score_sheet(Rules(custom_sizes=(1,)), NAMES3, 0, [HandRecord(bids=(1, 0, 1), tricks=(0, 0, 1), trump=O)])
    link = bg_stats_link(bg_stats_play(sheet, play_id(TOKEN), STARTED, 3))
    assert TOKEN not in link and play_id(TOKEN) in link


def test_a_tie_decided_by_fewer_missed_bids_has_one_winner_on_equal_scores() -> None:
    # Two hands of three cards: Carlos and Dani tie on 20; Carlos missed no bid, Dani one.
    records = [
        HandRecord(bids=(0, 0, 0, 1), tricks=(3, 0, 0, 0), trump=O),
        HandRecord(bids=(0, 1, 0, 3), tricks=(0, 0, 0, 3), trump=C),
    ]
    play = play_of(score_sheet(Rules(custom_sizes=(3, 3)), NAMES4, 0, records))
    players = {p["name"]: p for p in play["players"]}
    assert players["Carlos"]["score"] == players["Dani"]["score"] == 20
    assert (players["Carlos"]["winner"], players["Dani"]["winner"]) == (True, False)
    assert (players["Carlos"]["rank"], players["Dani"]["rank"]) == (1, 2)
    assert players["Bea"]["startPlayer"] and sum(p["startPlayer"] for p in play["players"]) == 1


def test_a_tie_broken_by_extra_hands_scores_the_sheets_totals() -> None:
    # One one-card hand: Bea and Carlos tie on 10; two extra hands only they play for; Bea wins the second.
    records = [
        HandRecord(bids=(0, 0, 0), tricks=(1, 0, 0), trump=E),
        HandRecord(bids=(3, 5, 5), tricks=(2, 5, 5), trump=O),
        HandRecord(bids=(0, 6, 5), tricks=(0, 6, 6), trump=C),
    ]
    sheet = score_sheet(Rules(custom_sizes=(1,)), NAMES3, 0, records)
    play = play_of(sheet, minutes=None)
    assert "durationMin" not in play, "a length not known is not sent"
    assert [p["score"] for p in play["players"]] == list(sheet.totals) == [-5, 85, 40]
    assert [p["winner"] for p in play["players"]] == [False, True, False]
    assert [p["rank"] for p in play["players"]] == [3, 1, 2]


def test_only_a_finished_game_is_a_play() -> None:
    sheet = score_sheet(Rules(custom_sizes=(1,)), NAMES3, 0, [HandRecord(bids=(0, 0, 0), tricks=(1, 0, 0), trump=E)])
    with pytest.raises(ValueError):
        bg_stats_play(sheet, play_id(TOKEN), STARTED, 10)


def test_names_with_any_letter_go_through_the_link_unchanged() -> None:
    names = ("Íñigo & «Ana»", 'Bea "la=1"', "Carlos+%20")
    sheet = score_sheet(Rules(custom_sizes=(1,)), names, 0, [HandRecord(bids=(1, 0, 1), tricks=(0, 0, 1), trump=O)])
    link = bg_stats_link(bg_stats_play(sheet, play_id(TOKEN), STARTED, 3))
    assert re.fullmatch(r"[A-Za-z0-9:/._?=%~-]+", link), "every other character encoded"
    assert [p["name"] for p in read_back(link)["players"]] == list(names)
