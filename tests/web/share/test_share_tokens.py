"""A game's two addresses: unguessable tokens, each opening only its own page, and a new edit link replacing the old."""

from __future__ import annotations

import base64
import hashlib
import re
from typing import TYPE_CHECKING

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage import store

if TYPE_CHECKING:
    from collections.abc import Callable

    from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]


def bits(token: str) -> int:
    """How many random bits a URL-safe base64 token carries."""
    assert re.fullmatch(r"[A-Za-z0-9_-]+", token), token
    return len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8


def test_every_game_has_two_unguessable_tokens(table: Table) -> None:
    edits = [table.start(THREE) for _ in range(3)]
    watches = [table.watch_token(token) for token in edits]
    assert all(bits(token) >= 128 for token in edits + watches)
    assert len(set(edits + watches)) == 6


def test_only_the_hash_of_the_edit_token_is_stored(table: Table) -> None:
    token = table.start(THREE)
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        assert game.edit_hash == hashlib.sha256(token.encode()).hexdigest()
        assert token not in (game.edit_hash, game.watch_token)


def test_each_address_opens_its_own_page_and_not_the_other(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    assert table.client.get(f"/p/{token}").status_code == 200
    assert table.client.get(f"/ver/{watch}").status_code == 200
    assert table.client.get(f"/p/{watch}").status_code == 404, "a watch token opens the scorekeeper's page"
    assert table.client.get(f"/ver/{token}").status_code == 404, "an edit token opens the watchers' page"
    assert table.client.get(f"/p/{watch}/mano/1/corregir").status_code == 404


def test_a_wrong_token_finds_nothing(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    for wrong in (
        "x",
        token[:-1],
        watch[:-1],
        token.upper() if token != token.upper() else token.lower(),
        "A" * 22,
        "A" * 300,
    ):
        assert table.client.get(f"/p/{wrong}").status_code == 404, wrong
        assert table.client.get(f"/ver/{wrong}").status_code == 404, wrong
        assert table.client.get(f"/ver/{wrong}", headers={"If-None-Match": "*"}).status_code == 404, wrong


def test_the_watch_page_never_shows_the_edit_token(table: Table) -> None:
    token = table.start(THREE)
    table.ok(token, "pinta", 1, value="O")
    page = table.watch(table.watch_token(token))
    assert token not in page.html
    assert "/p/" not in page.html


def test_a_new_edit_link_replaces_the_old_one(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    table.ok(token, "pinta", 1, value="O")
    before = table.snap(token).facts

    response = table.client.post(f"/p/{token}/nuevo-enlace")
    assert response.status_code == 303
    fresh = response.headers["Location"].removeprefix("/p/")
    assert response.headers["Location"] == f"/p/{fresh}"
    assert fresh != token and bits(fresh) >= 128

    page = table.read(table.client.get(f"/p/{fresh}"))
    assert page.status == 200
    assert "Enlace nuevo para apuntar: el anterior ya no sirve en ningún móvil." in page.flashes
    assert table.client.get(f"/p/{token}").status_code == 404
    assert table.tap(token, "apuesta", 1, 1, 0).status_code == 404, "the old link still takes taps"
    assert table.client.post(f"/p/{token}/nuevo-enlace").status_code == 404
    assert table.snap(fresh).facts == before, "a new link changes nothing of the game"
    assert table.watch_token(fresh) == watch, "the watchers keep their link"
    assert table.client.get(f"/ver/{watch}").status_code == 200
    table.ok(fresh, "apuesta", 1, 1, 0)


def test_a_new_edit_link_takes_the_old_ones_place_in_this_phones_list(table: Table) -> None:
    other = table.start(THREE)
    token = table.start(THREE)
    fresh = table.client.post(f"/p/{token}/nuevo-enlace").headers["Location"].removeprefix("/p/")
    assert table.read(table.client.get("/")).links("game-link") == [f"/p/{fresh}", f"/p/{other}"]


def test_a_new_edit_link_needs_the_forms_csrf_token(
    app: Flask, client: FlaskClient, csrf_token: Callable[..., str]
) -> None:
    form = {
        "names-0": "Ana",
        "names-1": "Bea",
        "names-2": "Carlos",
        "first_dealer": "0",
        "preset": "clasica",
        "action": "start",
    }
    response = client.post("/partidas/nueva", data={**form, "csrf_token": csrf_token("/partidas/nueva")})
    assert response.status_code == 303
    token = response.headers["Location"].removeprefix("/p/")

    assert client.post(f"/p/{token}/nuevo-enlace").status_code == 400
    assert client.get(f"/p/{token}").status_code == 200, "a refused form changed the link"

    page = client.get(f"/p/{token}").get_data(as_text=True)
    form_html = re.search(r'<form method="post" action="/p/[^"]+/nuevo-enlace"[^>]*>(.*?)</form>', page, re.S)
    assert form_html, "no form for a new link on the scorekeeper's page"
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form_html.group(1)))
    response = client.post(f"/p/{token}/nuevo-enlace", data=hidden)
    assert response.status_code == 303
    assert client.get(f"/p/{token}").status_code == 404
