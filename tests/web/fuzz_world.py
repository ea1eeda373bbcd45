"""The world the fuzz test aims at: one app with real games in every state, a phone with a CSRF token, and the database
snapshot that tells a refused request changed nothing (and puts back what an accepted one changed)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.extensions import db
from support.groups import Peña
from support.played_nights import draw, make_night
from support.table import Table

FOUR = ("Ana", "Begoña", "Carlos", "Dani")
THREE = ("Ana", "Begoña", "Carlos")
_CSRF_INPUT = re.compile(r'name="csrf_token"[^>]*\svalue="([^"]+)"')

#: Every row of every table, in a fixed order: what "the database is unchanged" compares.
Dump = tuple[tuple[str, tuple[tuple[Any, ...], ...]], ...]


@dataclass(frozen=True)
class GameState:
    """A game aimed at, as its page shows it: its two tokens, how many play, the hand being played (``None`` once
    finished), the version the page carries, and each saved hand's correction form as the page fills it."""

    token: str
    watch_token: str
    players: int
    hand: int | None
    version: int
    corrections: dict[int, dict[str, str]]


@dataclass
class World:
    """The app under fuzz, its phone (a client holding a session and a CSRF token) and the games to aim at.

    ``states`` maps a name («playing», «finished»…) to a game in that state. ``foreign_csrf`` is a
    real token of another phone's session: wrong for this one.
    """

    app: Flask
    client: FlaskClient
    csrf: str
    foreign_csrf: str
    states: dict[str, GameState]
    pristine: sqlite3.Connection = field(repr=False)
    #: A peña holding some of the games (a merge made, a season set, night 1 with a round drawn, night 2 waiting for
    #: its first draw): its manager's token and its lookers'.
    peña: tuple[str, str] = ("", "")

    def connection(self) -> sqlite3.Connection:
        """The live SQLite connection (the in-memory database has exactly one)."""
        with self.app.app_context():
            raw = db.engine.raw_connection()
            connection = raw.driver_connection
            raw.close()  # back to the pool: the same connection stays open under it
        assert isinstance(connection, sqlite3.Connection)
        return connection

    def dump(self) -> Dump:
        """Every row of every table (the migrations' own table too, if any), to compare before and after a request."""
        return dump(self.connection())

    def restore(self) -> None:
        """Put the database back as it was after the games were set up."""
        self.pristine.backup(self.connection())

    def __repr__(self) -> str:
        """The games aimed at, by name."""
        return f"World({', '.join(self.states)})"

    @property
    def games(self) -> dict[str, str]:
        """The scorekeeper's token of each game, by name."""
        return {name: state.token for name, state in self.states.items()}

    @property
    def watch(self) -> dict[str, str]:
        """The watchers' token of each game, by name."""
        return {name: state.watch_token for name, state in self.states.items()}

    @property
    def edit_tokens(self) -> tuple[str, ...]:
        """The scorekeepers' tokens of every game."""
        return tuple(state.token for state in self.states.values())

    @property
    def watch_tokens(self) -> tuple[str, ...]:
        """The watchers' tokens of every game."""
        return tuple(state.watch_token for state in self.states.values())

    @property
    def versions(self) -> tuple[int, ...]:
        """The versions the games' pages carry."""
        return tuple(sorted({state.version for state in self.states.values()}))


def dump(connection: sqlite3.Connection) -> Dump:
    """Every row of every table of ``connection``, tables by name, rows by rowid."""
    names = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return tuple((name, tuple(connection.execute(f'SELECT * FROM "{name}" ORDER BY rowid'))) for name in names)


@contextmanager
def csrf_off(app: Flask) -> Iterator[None]:
    """Let the setup post forms without tokens; the fuzzing itself runs with CSRF protection on."""
    app.config["WTF_CSRF_ENABLED"] = False
    try:
        yield
    finally:
        app.config["WTF_CSRF_ENABLED"] = True


def set_up_games(table: Table) -> dict[str, str]:
    """Games in every state a phone can aim at, played through the pages; name -> edit token."""
    games: dict[str, str] = {}

    # Clásica for four, three one-card hands saved, the fourth with its trump and one bid said.
    playing = table.start(FOUR, dealer=0, preset="clasica")
    for _ in range(3):
        table.play_hand(playing, "O", [0, 0, 0, 0], [1, 0, 0, 0])
    table.ok(playing, "pinta", 4, value="C")
    table.ok(playing, "apuesta", 4, 0, 0)
    games["playing"] = playing

    # A subastado saved (Carlos won the auction), a sin triunfo saved and corrected, a mano de oro half said.
    special = table.start(
        FOUR, dealer=0, preset="a_medida", custom_sizes="10 10 1 1", subastado="1", sin_triunfo="2", mano_de_oro="3"
    )
    table.play_hand(special, "E", [1, 0, 5, 2], [2, 1, 5, 2], offers=[4, 3, 5, 5])
    table.play_hand(special, None, [2, 1, 3, 3], [2, 1, 4, 3])
    response = table.correct(special, 2, {"renuncios-1": 1})
    assert response.status_code == 303, response.status_code
    table.ok(special, "apuesta", 3, 3, 0)
    games["special"] = special

    # The auction of a subastado under way: Bea (la mano) has offered 3.
    auction = table.start(FOUR, dealer=0, preset="a_medida", custom_sizes="10", subastado="1")
    table.ok(auction, "subasta", 1, 1, 3)
    games["auction"] = auction

    # Three players, two one-card hands, Begoña wins: a finished game.
    finished = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1 1")
    table.play_hand(finished, "O", [1, 1, 0], [0, 1, 0])
    table.play_hand(finished, "C", [0, 0, 0], [1, 0, 0])
    games["finished"] = finished

    # Just started, nothing said; a name that looks like a formula and one with HTML in it.
    games["fresh"] = table.start(("=1+1", "<b>Eva</b>", "Íñigo"), dealer=2, preset="corta")
    return games


def state_of(table: Table, token: str) -> GameState:
    """What the pages of game ``token`` show, read through them."""
    snap = table.snap(token)
    saved = [row[0] for row in snap.hands if row[6]]
    return GameState(
        token=token,
        watch_token=table.watch_token(token),
        players=len(snap.names),
        hand=snap.number,
        version=snap.version,
        corrections={number: table.correction_form(token, number) for number in saved},
    )


def set_up_peña(table: Table, games: dict[str, str]) -> tuple[str, str]:
    """A peña of four of the games, a merge (Íñigo is Dani) and a season: its two tokens."""
    response = table.client.post("/pena/nueva", data={"name": "Amigos"})
    assert response.status_code == 303, response.status_code
    manage = response.headers["Location"].removeprefix("/pena/")
    for name in ("finished", "playing", "special", "fresh"):
        answer = table.client.post(f"/pena/{manage}/partidas", data={"game-address": f"/p/{games[name]}"})
        assert answer.status_code == 303, answer.status_code
    merged = table.client.post(f"/pena/{manage}/unir", data={"merge-name": "Íñigo", "merge-into": "Dani"})
    assert merged.status_code == 303, table.read(merged).errors
    season = {"season-name": "Otoño", "season-starts_on": "2020-09-01", "season-ends_on": "2099-12-31"}
    assert table.client.post(f"/pena/{manage}/temporadas", data=season).status_code == 303
    html = table.client.get(f"/pena/{manage}").get_data(as_text=True)
    look = re.search(r"/pena/ver/([A-Za-z0-9_-]+)", html)
    assert look, "no lookers' address on the manager's page"
    return manage, look.group(1)


def set_up_nights(app: Flask, peña: Peña) -> None:
    """Two nights of the peña: night 1 with a round drawn (its tables' games in the peña), night 2 not yet drawn."""
    drawn = make_night(app, peña, ("Ana", "Begoña", "Carlos", "Dani", "Eva", "Íñigo", "<b>Eva</b>"), name="Viernes")
    waiting = make_night(app, peña, FOUR, name="")
    assert (drawn, waiting) == (1, 2), "the addresses the tests ask for"
    draw(app, peña, drawn)


def csrf_token_of(client: FlaskClient) -> str:
    """A valid CSRF token for ``client``'s session, read from the new-game form."""
    html = client.get("/partidas/nueva").get_data(as_text=True)
    match = _CSRF_INPUT.search(html)
    assert match, "no CSRF token on the new-game page"
    return match.group(1)


def build_world(folder: Path) -> World:
    """An app on an in-memory database (CSRF on, rate limits off: every request comes from one address) with its
    games set up, and a copy of that database to go back to."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "fuzz-secret-key",
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "RATELIMIT_ENABLED": False,
        },
        instance_path=folder / "instance",
    )
    with app.app_context():
        db.create_all()
    setup_client = app.test_client()
    with csrf_off(app):
        table = Table(app, setup_client)
        games = set_up_games(table)
        states = {name: state_of(table, token) for name, token in games.items()}
        peña = set_up_peña(table, games)
        set_up_nights(app, Peña(*peña))
    client = app.test_client()
    foreign = csrf_token_of(app.test_client())
    world = World(app, client, csrf_token_of(client), foreign, states, sqlite3.connect(":memory:"), peña)
    world.connection().backup(world.pristine)
    return world
