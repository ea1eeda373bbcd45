"""A peña driven through the test client: made with the form, games added by their addresses, its rows read back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.extensions import db
from scorekeeper.league import LeagueGame
from scorekeeper.storage import groups, store
from scorekeeper.storage.models import Group
from support.paper_games import stored_hand
from support.table import Page, Table

#: Every table of a peña, to tell that a refused request changed none of them.
GROUP_TABLES = ("player_group", "player_group_game", "name_merge", "season")


@dataclass(frozen=True)
class Peña:
    """A peña made through its form: the manager's token and the lookers'."""

    manage: str
    look: str


def make_peña(client: FlaskClient, app: Flask, name: str = "Los del domingo") -> Peña:
    """Make a peña with the form (303 to its manager's page expected)."""
    response = client.post("/pena/nueva", data={"name": name})
    assert response.status_code == 303, Page(response).errors
    token = response.headers["Location"].removeprefix("/pena/")
    with app.app_context():
        group = groups.find_group(token)
        assert group is not None
        return Peña(token, group.look_token)


def add_game(client: FlaskClient, peña: Peña, address: str) -> TestResponse:
    """POST a game's address to the peña's «Añadir a la liga» form."""
    return client.post(f"/pena/{peña.manage}/partidas", data={"game-address": address})


def finished_game(table: Table, names: tuple[str, ...] = ("Ana", "Bea", "Carlos"), winner: int = 1) -> str:
    """A finished game of two one-card hands of three, won by seat ``winner``: 1 (totals −10, 25, 20) or
    0 (30, 5, 5); its edit token."""
    token = table.start(list(names), dealer=0, preset="a_medida", custom_sizes="1 1")
    if winner == 1:
        table.seed(token, ("O", [1, 1, 0], [0, 1, 0]), ("C", [0, 0, 0], [1, 0, 0]))
    else:
        table.seed(token, ("O", [1, 0, 1], [1, 0, 0]), ("C", [1, 1, 0], [1, 0, 0]))
    return token


def group_rows(app: Flask) -> tuple[Any, ...]:
    """Every row of every peña's table, to compare before and after a request."""
    with app.app_context():
        return tuple(
            tuple(tuple(row) for row in db.session.execute(db.text(f"SELECT * FROM {name} ORDER BY id")))
            for name in GROUP_TABLES
        )


def stored_group(app: Flask, peña: Peña) -> dict[str, Any]:
    """The peña as stored: name, version, its games' ids, its merges and seasons."""
    with app.app_context():
        group = groups.find_group(peña.manage)
        assert isinstance(group, Group)
        return {
            "name": group.name,
            "version": group.version,
            "games": [entry.game_id for entry in group.games],
            "merges": [(m.name, m.into, m.undone_at is not None) for m in group.merges],
            "seasons": [(s.name, s.starts_on, s.ends_on) for s in group.seasons],
        }


def store_peña(app: Flask, games: Sequence[LeagueGame], name: str = "Los del domingo") -> tuple[Peña, list[str]]:
    """Store ``games`` (the league's random games: their rules, players, hands and dates) in a new peña; the peña
    and each game's watch token."""
    with app.app_context():
        group, token = groups.create_group(name)
        watched = []
        for league_game in games:
            sheet = league_game.sheet
            game, _edit = store.create_game(list(sheet.players), sheet.first_dealer, "a_medida", sheet.rules)
            game.created_at = league_game.played_at
            for row in sheet.rows:
                game.hands.append(stored_hand(row.plan.number, row.record, league_game.played_at))
            game.version = len(sheet.rows)
            game.finished_at = league_game.played_at if sheet.finished else None
            groups.add_game(group, game)
            watched.append(game.watch_token)
        db.session.commit()
        return Peña(token, group.look_token), watched
