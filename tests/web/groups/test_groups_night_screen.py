"""A peña's night on the room's big screen (/pena/ver/<token>/noche/<n>/pantalla): who came, each round's draw large,
every table's game (hand, trump, dealer, totals in the order of the game's standings) beside the night's standings,
kept up to date with ETags like the peña's screen: a bodiless 304 while nothing changed, a new page as soon as a
hand is saved, a game corrected or a round drawn.

Every test runs on SQLite and on PostgreSQL (the ``table`` fixture).
"""

from __future__ import annotations

import re

import pytest
from flask_babel import gettext
from fuzz_checks import check_language
from test_groups_screen import no_controls

from scorekeeper.plumbing.languages import SUPPORTED_LOCALES
from support.groups import Peña, make_peña
from support.pages import text_of
from support.played_nights import THIRTEEN, draw, make_night, play
from support.table import Table

_TABLE = re.compile(r'<li class="screen-panel night-table" id="mesa-(\d+)">')
_ROWS = re.compile(r'<[ou]l class="screen-rows">')
_ROW = re.compile(r'<li class="screen-row[^"]*">(.*?)</li>', re.S)


def screen_of(peña: Peña, number: int = 1) -> str:
    """The address of the night's screen."""
    return f"/pena/ver/{peña.look}/noche/{number}/pantalla"


def tables_on(html: str) -> dict[int, tuple[str, list[str]]]:
    """Each table the screen shows, by number: its text before the players, and each player's row as it reads."""
    parts = _TABLE.split(html)
    shown = {}
    for number, part in zip(parts[1::2], parts[2::2], strict=True):
        part = part.split("</ol>\n</section>")[0]
        head = _ROWS.split(part)[0]
        shown[int(number)] = (text_of(head), [text_of(row) for row in _ROW.findall(part)])
    return shown


def standings_on(html: str) -> list[str]:
    """The night's standings as the screen reads them, line by line."""
    part = html.split('id="clasificacion"')[1]
    return [text_of(row) for row in _ROW.findall(part)]


def a_night(table: Table, players: tuple[str, ...] = THIRTEEN) -> tuple[Peña, int]:
    """A peña made with its form and a night of ``players``: the peña and the night's number."""
    peña = make_peña(table.client, table.app)
    return peña, make_night(table.app, peña, players)


def test_the_screen_waits_for_the_draw_then_shows_it_large_then_every_tables_game(table: Table) -> None:
    peña, number = a_night(table)
    waiting = table.read(table.client.get(screen_of(peña, number)))
    assert waiting.status == 200 and "Viernes de mus" in waiting.text and "Esperando el sorteo" in waiting.text
    assert "Han venido 13 jugadores" in waiting.text and all(name in waiting.text for name in THIRTEEN)
    no_controls(waiting.html)

    tokens = [drawn.token for drawn in draw(table.app, peña, number)]
    drawn = table.read(table.client.get(screen_of(peña, number)))
    assert "Ronda 1 de 3" in drawn.text and "Sorteo de la ronda 1: busca tu mesa" in drawn.text
    seats = tables_on(drawn.html)
    assert sorted(seats) == [1, 2, 3] and [len(rows) for _head, rows in seats.values()] == [5, 4, 4]
    for number_at, token in enumerate(tokens, start=1):
        snap = table.snap(token)
        head, rows = seats[number_at]
        assert rows == list(snap.names), "the players in their seats' order"
        assert f"Mesa {number_at} Reparte primero: {snap.names[snap.first_dealer]}" == head
    assert 'id="clasificacion"' not in drawn.html, "the draw takes the whole screen"
    no_controls(drawn.html)

    first = table.snap(tokens[0])
    names = first.names
    table.play_hand(tokens[0], "O", [0] * len(names), [1] + [0] * (len(names) - 1))  # seat 0 misses, the rest make 0
    table.ok(tokens[1], "pinta", 1, value="C")
    playing = table.read(table.client.get(screen_of(peña, number)))
    assert "Sorteo de la ronda" not in playing.text, "a hand saved: the round is being played"
    shown = tables_on(playing.html)
    head, rows = shown[1]
    dealer = names[(first.first_dealer + 1) % len(names)]
    assert head == f"Mesa 1 Mano 2 de 10 Reparte: {dealer}"
    assert rows == [f"{name} 10" for name in names[1:]] + [f"{names[0]} -5"], "the totals in the standings' order"
    assert shown[2][0].startswith("Mesa 2 Mano 1 de 10 · Pinta: Copas Reparte:"), "the trump once said"
    assert standings_on(playing.html) == [] and "Aún no ha terminado ninguna partida de la noche." in playing.text
    no_controls(playing.html)


def test_a_finished_game_names_its_winner_and_the_night_counts_it_in_the_pages_language(table: Table) -> None:
    peña, number = a_night(table)
    tokens = [drawn.token for drawn in draw(table.app, peña, number)]
    play(table.app, tokens[0])
    play(table.app, tokens[1], hands=4)
    page = table.read(table.client.get(screen_of(peña, number)))
    head, rows = tables_on(page.html)[1]
    final = table.snap(tokens[0])
    sheet = final.sheet
    assert sheet.winner is not None
    winner = final.names[sheet.winner]
    expected = [f"{final.names[place.seat]} {place.total}" for place in sheet.standings.places]
    assert head == f"Mesa 1 Terminada: gana {winner}" and rows == expected
    standings = standings_on(page.html)
    assert standings[0] == f"1 {winner} 1,00", "place points with two decimals, the Spanish way"
    assert len(standings) == 5 and standings[-1].endswith(" 0,00")
    english = table.read(table.client.get(screen_of(peña, number), headers={"Accept-Language": "en"}))
    assert f"1 {winner} 1.00" in standings_on(english.html) and "Finished" in english.text


def test_the_screen_answers_304_until_a_hand_a_correction_or_a_draw(table: Table) -> None:
    peña, number = a_night(table)
    address = screen_of(peña, number)
    first = table.client.get(address)
    etag = first.headers["ETag"]
    for path in (address, f"{address}/en-directo"):
        again = table.client.get(path, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.data == b"", path

    def changed(step: str) -> str:
        """The live part after ``step``: a new page with a new ETag; the ETag it brings."""
        live = table.client.get(f"{address}/en-directo", headers={"If-None-Match": etag})
        assert live.status_code == 200 and live.headers["ETag"] != etag, step
        assert "Set-Cookie" not in live.headers and 'id="en-vivo"' in live.get_data(as_text=True), step
        assert table.client.get(address, headers={"If-None-Match": live.headers["ETag"]}).status_code == 304, step
        return live.headers["ETag"]

    tokens = [drawn.token for drawn in draw(table.app, peña, number)]
    etag = changed("a draw")
    assert "Sorteo de la ronda 1" in table.read(table.client.get(address)).text
    names = table.snap(tokens[2]).names
    table.play_hand(tokens[2], "E", [0] * len(names), [0] * (len(names) - 1) + [1])
    etag = changed("a hand saved at one table")
    assert tables_on(table.client.get(address).get_data(as_text=True))[3][1][-1] == f"{names[-1]} -5"
    assert table.correct(tokens[2], 1, {"tricks-0": 1, f"tricks-{len(names) - 1}": 0}).status_code == 303
    etag = changed("a correction")
    rows = tables_on(table.client.get(address).get_data(as_text=True))[3][1]
    assert f"{names[-1]} 10" in rows and rows[-1] == f"{names[0]} -5", "the corrected totals"
    for token in tokens:
        play(table.app, token)
    etag = changed("the round played")
    assert "Esperando el sorteo de la ronda 2" in table.read(table.client.get(address)).text
    draw(table.app, peña, number)
    etag = changed("the next draw")
    page = table.read(table.client.get(address))
    assert "Ronda 2 de 3" in page.text and "Sorteo de la ronda 2: busca tu mesa" in page.text
    same = table.client.get(f"{address}/en-directo", headers={"If-None-Match": etag})
    assert same.status_code == 304


def test_a_game_left_or_deleted_says_so_and_the_night_ends(table: Table) -> None:
    peña, number = a_night(table, THIRTEEN[:8])
    tokens = [drawn.token for drawn in draw(table.app, peña, number)]
    assert table.client.post(f"/p/{tokens[0]}/dejar").status_code == 303
    assert table.client.post(f"/p/{tokens[1]}/borrar").status_code == 303
    page = table.read(table.client.get(screen_of(peña, number)))
    shown = tables_on(page.html)
    assert shown[1][0] == "Mesa 1 Dejada sin terminar: no cuenta" and len(shown[1][1]) == 4
    assert shown[2] == ("Mesa 2 Esta partida se ha borrado", [])
    assert "Ronda 1 de 3" in page.text and "Esperando el sorteo de la ronda 2" in page.text

    for _round in (2, 3):
        for drawn in draw(table.app, peña, number):
            play(table.app, drawn.token)
    over = table.read(table.client.get(screen_of(peña, number)))
    assert "Noche terminada" in over.text and "Ronda" not in over.text.split("Mesa 1")[0]
    leaders = [line.split(" ")[1] for line in standings_on(over.html) if line.startswith("1 ")]
    assert f"Gana la noche: {', '.join(leaders)}" in over.text


def test_the_tables_totals_are_the_games(table: Table) -> None:
    peña, number = a_night(table)
    tokens = [drawn.token for drawn in draw(table.app, peña, number)]
    for hands, token in enumerate(tokens, start=2):
        play(table.app, token, hands=hands, seed=hands)
    shown = tables_on(table.client.get(screen_of(peña, number)).get_data(as_text=True))
    for number_at, token in enumerate(tokens, start=1):
        rows = shown[number_at][1]
        snap = table.snap(token)
        assert len(snap.sheet.rows) == number_at + 1
        by_name = {row.rsplit(" ", 1)[0]: int(row.rsplit(" ", 1)[1]) for row in rows}
        assert by_name == dict(zip(snap.names, snap.sheet.totals, strict=True))
        points = [int(row.rsplit(" ", 1)[1]) for row in rows]
        assert points == sorted(points, reverse=True), "best first"


def test_an_unknown_night_or_token_and_the_managers_token_are_the_apps_404(table: Table) -> None:
    peña, number = a_night(table)
    other = make_peña(table.client, table.app, "Otra peña")
    for address in (
        screen_of(peña, number + 1),
        f"{screen_of(peña, number + 1)}/en-directo",
        screen_of(other, number),
        f"/pena/ver/{peña.manage}/noche/{number}/pantalla",
        f"/pena/ver/{peña.manage}/noche/{number}/pantalla/en-directo",
        f"/pena/{peña.manage}/noche/{number}/pantalla",
        f"/pena/ver/nope/noche/{number}/pantalla/en-directo",
        f"/pena/ver/{peña.look}/noche/0/pantalla",
        f"/pena/ver/{peña.look}/noche/uno/pantalla",
    ):
        page = table.read(table.client.get(address))
        assert page.status == 404, address
        assert "<main" in page.html and page.text, "the app's own 404 page"


@pytest.mark.parametrize("language", SUPPORTED_LOCALES)
def test_the_screen_is_drawn_in_every_language(table: Table, language: str) -> None:
    peña, number = a_night(table)
    tokens = [drawn.token for drawn in draw(table.app, peña, number)]
    play(table.app, tokens[0])
    client = table.app.test_client()
    client.set_cookie("lang", language)
    with table.app.test_request_context(headers={"Cookie": f"lang={language}"}):
        third = gettext("Mesa %(n)s", n=3)
    for address in (screen_of(peña, number), f"{screen_of(peña, number)}/en-directo"):
        html = client.get(address).get_data(as_text=True)
        assert third in html, (address, third)
        if address.endswith("pantalla"):
            assert f'<html lang="{language}">' in html
        check_language(text_of(html.split("<main")[-1]), language)
    decimal = "," if language != "en" else "."
    assert re.search(rf"\b1{re.escape(decimal)}00\b", html), "place points in the language's way"
