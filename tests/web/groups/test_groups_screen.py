"""The big screens: a game's (/ver/<token>/pantalla) and a peña's (/pena/ver/<token>/pantalla), kept up to date with
ETags like the watchers' page: a bodiless 304 while nothing changed, the new state as soon as anything did.

Every test runs on SQLite and on PostgreSQL (the ``table`` fixture).
"""

from __future__ import annotations

import re

from support.groups import add_game, finished_game, make_peña
from support.table import Table


def no_controls(html: str) -> None:
    """A big screen has nothing to press: no form, no button, no link, no field."""
    main = re.search(r"<main[^>]*>(.*)</main>", html, re.S)
    assert main
    assert not re.search(r"<(form|button|a|input|select)\b", main.group(1)), "a big screen has no controls"


def test_a_games_big_screen_shows_the_standings_the_hand_the_last_hand_and_the_chart(table: Table) -> None:
    token = table.start(["Ana", "Bea", "Carlos"], dealer=0, preset="a_medida", custom_sizes="1 1 1")
    table.play_hand(token, "O", [1, 1, 0], [0, 1, 0])
    table.ok(token, "pinta", 2, value="C")
    table.ok(token, "apuesta", 2, 2, 1)
    watch = table.watch_token(token)
    page = table.read(table.client.get(f"/ver/{watch}/pantalla"))
    assert page.status == 200
    assert "Clasificación" in page.text and "Mano 2 de 3" in page.text and "Pinta: Copas" in page.text
    assert "Carlos pide 1" in page.text, "the bid said in the hand being played"
    assert "Mano 1: Oros" in page.text and "Bea 1/1 +15" in page.text, "the last hand's result"
    assert 'id="pantalla-svg"' in page.html and 'font-size="28"' in page.html, "the chart, drawn for the screen"
    no_controls(page.html)
    assert f"/ver/{watch}/pantalla" in table.watch(watch).html, "the watchers' page leads to it"


def test_a_games_big_screen_answers_304_until_a_tap_and_sends_the_sheet_only_when_it_changed(table: Table) -> None:
    token = table.start(["Ana", "Bea", "Carlos"], dealer=0, preset="a_medida", custom_sizes="1 1 1")
    table.play_hand(token, "O", [1, 1, 0], [0, 1, 0])
    watch = table.watch_token(token)
    first = table.client.get(f"/ver/{watch}/pantalla")
    etag = first.headers["ETag"]
    for address in (f"/ver/{watch}/pantalla", f"/ver/{watch}/pantalla/en-directo"):
        again = table.client.get(address, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.data == b""
    digest = re.search(r'id="partida" data-huella="([0-9a-f]+)"', first.get_data(as_text=True))
    assert digest
    table.ok(token, "pinta", 2, value="E")
    live = table.client.get(f"/ver/{watch}/pantalla/en-directo?hoja={digest.group(1)}", headers={"If-None-Match": etag})
    html = live.get_data(as_text=True)
    assert live.status_code == 200 and live.headers["ETag"] != etag
    assert "Pinta: Espadas" in table.read(live).text and "data-igual" in html, "the hand sent, the sheet kept"
    assert "Set-Cookie" not in live.headers


def test_a_big_screen_of_no_game_or_of_the_scorekeepers_token_is_a_404(table: Table) -> None:
    token = table.start(["Ana", "Bea", "Carlos"])
    for address in (f"/ver/{token}/pantalla", "/ver/nope/pantalla/en-directo", f"/p/{token}/pantalla"):
        assert table.client.get(address).status_code == 404, address


def test_a_peñas_big_screen_shows_its_league_and_follows_its_games(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    game = finished_game(table)
    add_game(table.client, peña, f"/p/{game}")
    address = f"/pena/ver/{peña.look}/pantalla"
    first = table.client.get(address)
    page = table.read(first)
    assert first.status_code == 200 and "Los del domingo" in page.text and "Bea" in page.text
    assert 'id="pantalla-valoracion"' in page.html
    no_controls(page.html)
    etag = first.headers["ETag"]
    assert table.client.get(address, headers={"If-None-Match": etag}).status_code == 304
    assert table.client.get(f"{address}/en-directo", headers={"If-None-Match": etag}).status_code == 304
    assert address in table.read(table.client.get(f"/pena/ver/{peña.look}")).html, "the peña's page leads to it"

    changes = [
        lambda: table.correct(game, 2, {"bids-1": 1, "bids-2": 1, "tricks-0": 0, "tricks-2": 1}),  # a correction
        lambda: add_game(table.client, peña, f"/p/{table.start(['Ana', 'Bea', 'Dani'])}"),  # a game added
        lambda: table.client.post(f"/pena/{peña.manage}/unir", data={"merge-name": "Dani", "merge-into": "Carlos"}),
    ]
    for change in changes:
        assert change().status_code == 303
        answer = table.client.get(f"{address}/en-directo", headers={"If-None-Match": etag})
        assert answer.status_code == 200, "the screen is told as soon as anything changed"
        etag = answer.headers["ETag"]
    assert "En juego" in table.read(table.client.get(address)).text, "the game being played"


def test_a_peñas_big_screen_is_reached_by_its_lookers_address_only(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    assert table.client.get(f"/pena/ver/{peña.manage}/pantalla").status_code == 404
    assert table.client.get(f"/pena/{peña.manage}/pantalla").status_code == 404
    assert table.client.get("/pena/ver/nope/pantalla/en-directo").status_code == 404
