"""CSRF protection on every form of the games blueprint: without the token, a friendly 400 and nothing saved."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

if TYPE_CHECKING:
    from support.table import Table

NEW_GAME = {
    "names-0": "Ana",
    "names-1": "Bea",
    "names-2": "Carlos",
    "first_dealer": "0",
    "preset": "a_medida",
    "custom_sizes": "2 2",
    "action": "start",
}


@pytest.fixture
def guarded(app: Flask, client: FlaskClient, make_table: type[Table]) -> Table:
    """A table at the app with CSRF protection on."""
    return make_table(app, client)


def start(client: FlaskClient, csrf_token: Callable[..., str]) -> str:
    """Start a game with the new-game form's token and return the game's token."""
    response = client.post("/partidas/nueva", data={**NEW_GAME, "csrf_token": csrf_token("/partidas/nueva")})
    assert response.status_code == 303
    return str(response.headers["Location"]).removeprefix("/p/")


def expired(guarded: Table, response: TestResponse) -> None:
    """The friendly page of an expired form."""
    page = guarded.read(response)
    assert page.status == 400
    assert "La página ha caducado" in page.text
    assert "No se ha guardado nada." in page.text


def test_a_new_game_without_the_token_is_refused_and_creates_nothing(guarded: Table) -> None:
    games = guarded.games()
    expired(guarded, guarded.client.post("/partidas/nueva", data=NEW_GAME))
    expired(guarded, guarded.client.post("/partidas/nueva", data={**NEW_GAME, "csrf_token": "forged"}))
    assert guarded.games() == games


def test_a_new_game_with_the_token_of_the_form_starts(guarded: Table, csrf_token: Callable[..., str]) -> None:
    games = guarded.games()
    token = start(guarded.client, csrf_token)
    assert guarded.games() == games + 1
    assert guarded.page(token).title == "Mano 1 de 2 2 cartas"


def test_moving_names_and_the_preview_need_the_token_too(guarded: Table) -> None:
    for action in ("up-1", "preview"):
        expired(guarded, guarded.client.post("/partidas/nueva", data={**NEW_GAME, "action": action}))


TAPS = {
    "pinta": {"value": "O"},
    "apuesta": {"seat": "1", "value": "1"},
    "bazas": {"seat": "1", "value": "1"},
    "renuncio": {"seat": "1", "value": "1"},
    "deshacer": {},
    "guardar": {},
}


def test_a_tap_without_the_token_is_refused_and_saves_nothing(guarded: Table, csrf_token: Callable[..., str]) -> None:
    token = start(guarded.client, csrf_token)
    form = guarded.page(token).forms("pinta")[0]
    for data in ({"value": "O"}, {"seat": "1", "value": "1"}, {"seat": "2", "value": "1"}):  # Bea and Carlos bid
        tap = "pinta" if "seat" not in data else "apuesta"
        assert guarded.client.post(f"/p/{token}/{tap}", data={**form, **data}).status_code == 303
    before = guarded.snap(token).facts
    for tap, fields in TAPS.items():
        for forged in ({}, {"csrf_token": "forged"}):
            expired(guarded, guarded.client.post(f"/p/{token}/{tap}", data={"hand": "1", **fields, **forged}))
    assert guarded.snap(token).facts == before


def test_every_tap_of_the_page_carries_its_token(guarded: Table, csrf_token: Callable[..., str]) -> None:
    token = start(guarded.client, csrf_token)

    def tap(name: str, seat: int | None = None, value: object = None) -> None:
        """Send the page's own form of the tap ``name`` (for ``seat``), with ``value``: it must be taken."""
        forms = guarded.page(token).forms(name)
        form = next(f for f in forms if seat is None or f.get("seat") == str(seat))
        assert form["csrf_token"] and form["hand"] == "1"
        data = {**form, **({"value": str(value)} if value is not None else {})}
        response = guarded.client.post(f"/p/{token}/{name}", data=data)
        assert response.status_code == 303, (name, guarded.read(response).errors)

    tap("pinta", value="C")
    for seat in (1, 2, 0):  # Ana, who deals, may not bid 0: she bids 1 too
        tap("apuesta", seat, 1)
    tap("renuncio", 2, 1)
    tap("bazas", 1, 1)
    tap("bazas", 2, 1)
    tap("guardar")
    assert guarded.snap(token).hand(1)["complete"] is True
    assert guarded.page(token).points(1) == [-5, 15, 15 - 50]


def test_a_correction_needs_the_token(guarded: Table, csrf_token: Callable[..., str]) -> None:
    token = start(guarded.client, csrf_token)
    guarded.seed(token, ("O", [0, 1, 0], [0, 1, 1]))
    url = f"/p/{token}/mano/1/corregir"
    fields = {
        "trump": "O",
        "bids-0": "0",
        "bids-1": "0",
        "bids-2": "0",
        "tricks-0": "0",
        "tricks-1": "1",
        "tricks-2": "1",
    }
    before = guarded.snap(token).facts
    expired(guarded, guarded.client.post(url, data=fields))
    assert guarded.snap(token).facts == before
    response = guarded.client.post(url, data={**fields, "csrf_token": csrf_token(url)})
    assert response.status_code == 303
    assert guarded.snap(token).hand(1)["bids"] == (0, 0, 0)
