"""The history (/historial): the finished games this phone knows, kept or watched, and each player's record.

Two hands of two cards; an exact bid scores 10 + 5 a trick, a missed one −5 a trick of difference.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.storage import store
from support.game_times import play_times

if TYPE_CHECKING:
    from support.table import Page, Table

# Ana deals the first hand, Bea the second.
# Ana 15 + 10 = 25 (made 2 of 2), Bea 10 + 10 = 20 (2 of 2), Carlos −5 − 5 = −10 (0 of 2): Ana wins.
GAME_A = (["Ana", "Bea", "Carlos"], ("O", [1, 0, 0], [1, 0, 1]), ("C", [0, 0, 1], [0, 0, 2]))
# «ana» 10 + 20 = 30 (2 of 2), Dani 15 + 10 = 25 (2 of 2), «BEA» −5 − 5 = −10 (0 of 2): ana wins.
GAME_B = ([" ana ", "Dani", "BEA"], ("E", [0, 1, 0], [0, 1, 1]), ("B", [2, 0, 1], [2, 0, 0]))


def finished(table: Table, game: tuple[Any, ...]) -> str:
    """Start a game of two hands of two cards on this phone and play it to the end; its token."""
    names, *hands = game
    token: str = table.start(names, dealer=0, preset="a_medida", custom_sizes="2 2")
    table.seed(token, *hands)
    assert table.snap(token).plan is None, "the game is over"
    return token


def watch_token(table: Table, token: str) -> str:
    """The watchers' token of game ``token``."""
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        return str(game.watch_token)


def history(client: FlaskClient, table: Table) -> Page:
    """The history page of ``client``'s phone."""
    page = table.read(client.get("/historial"))
    assert page.status == 200
    return page


def players(page: Page) -> list[dict[str, str]]:
    """Each player's card: name, games, wins, made, average (as shown)."""
    cards = re.findall(r'<li class="player-card">(.*?)</li>', page.html, re.S)
    out = []
    for card in cards:
        values = dict(re.findall(r'<dd class="(\w+)">(.*?)</dd>', card, re.S))
        name = re.search(r'<h3 class="player-name">(.*?)</h3>', card, re.S)
        assert name
        values["name"] = name.group(1)
        out.append({key: " ".join(re.sub(r"<[^>]+>", "", value).split()) for key, value in values.items()})
    return out


def test_a_phone_without_finished_games(table: Table) -> None:
    table.start(["Ana", "Bea", "Carlos"], dealer=0, preset="a_medida", custom_sizes="2 2")
    page = history(table.client, table)
    assert "Aún no hay partidas terminadas en este móvil." in page.text
    assert players(page) == []


def test_the_home_page_links_to_the_history(table: Table) -> None:
    page = table.read(table.client.get("/"))
    assert '<a class="button button-secondary" href="/historial">Historial y estadísticas</a>' in page.html


def test_each_players_record_across_the_finished_games(table: Table) -> None:
    first = finished(table, GAME_A)
    second = finished(table, GAME_B)
    playing = table.start(["Ana", "Eva", "Carlos"], dealer=0, preset="a_medida", custom_sizes="2 2")
    table.seed(playing, ("O", [1, 0, 0], [1, 0, 1]))
    page = history(table.client, table)
    games = page.list_of("game-list")
    assert len(games) == 2, "the game being played is left out"
    assert games[0].startswith("ana, Dani, BEA Gana ana con 30 puntos")
    assert games[1].startswith("Ana, Bea, Carlos Gana Ana con 25 puntos")
    assert page.links("game-link") == [f"/p/{second}", f"/p/{first}"]
    assert players(page) == [
        {"name": "ana", "games": "2", "wins": "2", "made": "4 de 4 (100 %)", "average": "13,8"},
        {"name": "BEA", "games": "2", "wins": "0", "made": "2 de 4 (50 %)", "average": "2,5"},
        {"name": "Carlos", "games": "1", "wins": "0", "made": "0 de 2 (0 %)", "average": "-5,0"},
        {"name": "Dani", "games": "1", "wins": "0", "made": "2 de 2 (100 %)", "average": "12,5"},
    ]


def test_watched_games_count_too_and_a_game_both_kept_and_watched_counts_once(
    table: Table, make_table: type[Table]
) -> None:
    token = finished(table, GAME_A)
    watch = watch_token(table, token)
    other = make_table(table.app, table.app.test_client())
    assert other.client.get(f"/ver/{watch}").status_code == 200  # the other phone now knows it, watching
    page = history(other.client, other)
    assert page.links("game-link") == [f"/ver/{watch}"]
    assert [p["name"] for p in players(page)] == ["Ana", "Bea", "Carlos"]
    assert token not in page.html
    assert table.client.get(f"/ver/{watch}").status_code == 200  # the scorekeeper's phone watches it as well
    page = history(table.client, table)
    assert page.links("game-link") == [f"/p/{token}"]
    assert players(page)[0] == {"name": "Ana", "games": "1", "wins": "1", "made": "2 de 2 (100 %)", "average": "12,5"}


def test_names_are_escaped(table: Table) -> None:
    finished(table, (["<b>x</b>", "Bea", "Carlos"], *GAME_A[1:]))
    page = history(table.client, table)
    assert "&lt;b&gt;x&lt;/b&gt;" in page.html and "<b>x</b>" not in page.html


def test_each_finished_game_says_how_long_it_took(table: Table) -> None:
    first = finished(table, GAME_A)
    play_times(table.app, first, [(2, 40), (41, 87)])  # from its first tap to its last hand: 1 h 25 min
    second = finished(table, GAME_B)
    with table.app.app_context():
        game = store.find_game(second)
        assert game is not None
        for hand in game.hands:
            hand.completed_at = None  # times not known (as a game imported from an old file)
        db.session.commit()
    games = history(table.client, table).list_of("game-list")
    assert "Duración: 1 h 25 min" in games[1]
    assert "Duración" not in games[0]
