"""A night's tables on one sheet (/pena/<token>/noche/<n>/mesas): a card per table of a drawn round whose QR code,
read back, is the address that opens that very table's game, with the host the phone reached Pocha by; the
watchers' address under it; another round with ``?ronda``; a page that waits for the first draw; only the peña
manager's address.

Every test runs on SQLite and on PostgreSQL (``game_app``).
"""

from __future__ import annotations

import html as html_lib
import re
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import gettext

from scorekeeper.plumbing import addresses
from scorekeeper.plumbing.languages import SUPPORTED_LOCALES
from scorekeeper.storage import store
from support.groups import Peña, make_peña
from support.pages import addresses_of, text_of
from support.played_nights import THIRTEEN, DrawnTable, draw, make_night
from support.qr_reader import read_svg

HOST = "http://pocha.casa:8080"
#: Twenty letters each, the longest a game takes; one with markup in it.
LONG = (
    "Maximilianofernández",
    "María José Gutiérrez",
    "Bartolomé Sebastiánn",
    "<b>Eva</b>Fernández1",
    "Wenceslaoetxeberriaa",
    "Guillerminagonzálezz",
    "Nepomucenorodríguezz",
    "Hermenegildaalvarezz",
)


@pytest.fixture(autouse=True)
def lan(monkeypatch: pytest.MonkeyPatch) -> None:
    """This computer's LAN address, whatever network the tests run on."""
    monkeypatch.setattr(addresses, "lan_addresses", lambda: ["192.168.1.20"])


def sheet(client: FlaskClient, peña: Peña, number: int = 1, query: str = "", base_url: str = HOST) -> tuple[int, str]:
    """The sheet of night ``number`` as a phone gets it: its status and HTML."""
    response = client.get(f"/pena/{peña.manage}/noche/{number}/mesas{query}", base_url=base_url)
    return response.status_code, response.get_data(as_text=True)


def cards(html: str) -> dict[int, str]:
    """Each table's card, by its number, in the order the sheet shows them."""
    found = re.findall(r'<section class="sheet-card" id="mesa-(\d+)"[^>]*>(.*?)</section>', html, re.S)
    return {int(number): card for number, card in found}


def codes(card: str) -> list[str]:
    """The addresses of a card's QR codes, read back from their drawings."""
    return [read_svg(svg) for svg in re.findall(r'<svg\b[^>]*\bclass="qr"[^>]*>.*?</svg>', card, re.S)]


def seats(card: str) -> list[str]:
    """The card's players in seat order, as written (who deals first says so)."""
    block = re.search(r'<ol class="sheet-seats">(.*?)</ol>', card, re.S)
    assert block, card
    return [text_of(item) for item in re.findall(r"<li>(.*?)</li>", block.group(1), re.S)]


def written(card: str) -> list[str]:
    """The addresses written on the card, in order."""
    return [html_lib.unescape(text_of(a)) for a in re.findall(r'class="sheet-address"[^>]*>(.*?)</', card, re.S)]


def check_card(client: FlaskClient, app: Flask, card: str, table: DrawnTable, host: str) -> None:
    """The card shows ``table``: its players, who deals first, and two codes that open its game and watch it."""
    expected = [
        f"{name} Reparte primero" if seat == table.first_dealer else name for seat, name in enumerate(table.players)
    ]
    assert seats(card) == expected
    edit, watch = codes(card)
    assert edit == f"{host}/p/{table.token}", "the scorekeeper's address of this very table"
    assert watch == f"{host}/ver/{table.watch}"
    assert written(card) == [edit, watch], "each address written under its code"
    opened = client.get(urlsplit(edit).path)
    assert opened.status_code == 200
    with app.app_context():
        game = store.find_game(urlsplit(edit).path.removeprefix("/p/"))
        assert game is not None and tuple(player.name for player in game.players) == table.players
        assert game.watch_token == table.watch
    for name in table.players:
        assert html_lib.escape(name) in opened.get_data(as_text=True), "the game page of this table's players"


def test_each_tables_code_opens_that_very_tables_game(game_app: Flask, phone: FlaskClient) -> None:
    peña = make_peña(phone, game_app)
    number = make_night(game_app, peña, THIRTEEN)
    tables = draw(game_app, peña, number)
    assert [len(table.players) for table in tables] == [5, 4, 4]
    status, html = sheet(phone, peña, number)
    assert status == 200
    shown = cards(html)
    assert list(shown) == [1, 2, 3]
    for table in tables:
        assert f"Mesa {table.number} · Ronda 1" in text_of(shown[table.number])
        check_card(phone, game_app, shown[table.number], table, HOST)
    assert "Mesas de la ronda 1" in text_of(html) and "Viernes" in text_of(html) and "Los del domingo" in text_of(html)
    assert "data-print hidden" in html, "«Imprimir» waits for the script"
    assert 'class="sheet-rounds"' not in html, "one round drawn: no rounds to choose"


def test_a_sheet_opened_on_the_server_itself_gives_the_lan_address(game_app: Flask, phone: FlaskClient) -> None:
    peña = make_peña(phone, game_app)
    number = make_night(game_app, peña, THIRTEEN[:7])
    tables = draw(game_app, peña, number)
    _status, html = sheet(phone, peña, number, base_url="http://127.0.0.1:5000")
    shown = cards(html)
    for table in tables:
        check_card(phone, game_app, shown[table.number], table, "http://192.168.1.20:5000")


def test_the_latest_round_by_default_another_with_ronda(game_app: Flask, phone: FlaskClient) -> None:
    peña = make_peña(phone, game_app)
    number = make_night(game_app, peña, THIRTEEN[:8])
    first = draw(game_app, peña, number)
    second = draw(game_app, peña, number, leave_unfinished=True)
    for query, tables, round_number in (("", second, 2), ("?ronda=2", second, 2), ("?ronda=1", first, 1)):
        status, html = sheet(phone, peña, number, query)
        assert status == 200, query
        shown = cards(html)
        assert list(shown) == [table.number for table in tables]
        for table in tables:
            assert f"Mesa {table.number} · Ronda {round_number}" in text_of(shown[table.number])
            check_card(phone, game_app, shown[table.number], table, HOST)
        links = re.findall(r'<a class="button button-small" href="([^"]+)"( aria-current="page")?>', html)
        assert [(html_lib.unescape(href), bool(current)) for href, current in links] == [
            (f"/pena/{peña.manage}/noche/{number}/mesas?ronda=1", round_number == 1),
            (f"/pena/{peña.manage}/noche/{number}/mesas?ronda=2", round_number == 2),
        ]
    for odd in ("3", "0", "-1", "x", "1.0", "٢", "%EF%BC%92", "99999", "x&ronda=2"):
        status, html = sheet(phone, peña, number, f"?ronda={odd}")
        assert status == 404, odd
        assert 'class="error-page"' in html and 'class="sheet-card"' not in html, odd
    assert sheet(phone, peña, number, "?ronda=")[0] == 200, "an empty round is the latest"


def test_before_the_first_draw_the_sheet_says_it_comes_with_it(game_app: Flask, phone: FlaskClient) -> None:
    peña = make_peña(phone, game_app)
    number = make_night(game_app, peña, THIRTEEN)
    status, html = sheet(phone, peña, number)
    assert status == 200
    assert "La hoja de las mesas sale con el primer sorteo" in text_of(html)
    assert cards(html) == {} and 'class="qr"' not in html and "data-print" not in html
    assert f'href="/pena/{peña.manage}"' in html, "the way back to the peña"
    assert sheet(phone, peña, number, "?ronda=1")[0] == 404, "no round drawn to show"


def test_the_sheet_leads_back_to_its_night_and_to_the_peña(game_app: Flask, phone: FlaskClient) -> None:
    peña = make_peña(phone, game_app)
    number = make_night(game_app, peña, THIRTEEN[:8])
    for drawn in (False, True):
        if drawn:
            draw(game_app, peña, number)
        html = sheet(phone, peña, number)[1]
        assert addresses_of(html, "Volver a la noche") == [f"/pena/{peña.manage}/noche/{number}"], drawn
        assert addresses_of(html, "Volver a la peña") == [f"/pena/{peña.manage}"], drawn
    assert phone.get(f"/pena/{peña.manage}/noche/{number}").status_code == 200


def test_only_the_managers_address_opens_the_sheet(game_app: Flask, phone: FlaskClient) -> None:
    peña = make_peña(phone, game_app)
    number = make_night(game_app, peña, THIRTEEN[:4])
    (table,) = draw(game_app, peña, number)
    stranger = game_app.test_client()
    for address in (
        f"/pena/{peña.look}/noche/{number}/mesas",
        f"/pena/ver/{peña.look}/noche/{number}/mesas",
        f"/pena/{table.token}/noche/{number}/mesas",
        f"/pena/{table.watch}/noche/{number}/mesas",
        f"/pena/{peña.manage}/noche/{number + 1}/mesas",
        f"/pena/{peña.manage}x/noche/{number}/mesas",
    ):
        for client in (phone, stranger):
            response = client.get(address, base_url=HOST)
            html = response.get_data(as_text=True)
            assert response.status_code == 404, address
            assert 'class="error-page"' in html, "the app's own 404 page"
            main = re.search(r"<main\b.*</main>", html, re.S)
            assert main and table.token not in main.group(0) and 'class="qr"' not in html, address
    assert sheet(stranger, peña, number)[0] == 200, "the manager's address opens it on any phone"


def test_twenty_letter_names_are_written_whole_and_escaped(game_app: Flask, phone: FlaskClient) -> None:
    assert all(len(name) == 20 for name in LONG)
    peña = make_peña(phone, game_app)
    number = make_night(game_app, peña, LONG)
    tables = draw(game_app, peña, number)
    _status, html = sheet(phone, peña, number)
    assert "<b>Eva</b>" not in html and "&lt;b&gt;Eva&lt;/b&gt;Fernández1" in html
    shown = cards(html)
    assert sorted(name.strip() for card in shown.values() for name in re.findall(r"<li>([^<]*)", card)) == sorted(
        html_lib.escape(name) for name in LONG
    )
    for table in tables:
        check_card(phone, game_app, shown[table.number], table, HOST)


def test_a_table_whose_game_was_deleted_says_so(game_app: Flask, phone: FlaskClient) -> None:
    peña = make_peña(phone, game_app)
    number = make_night(game_app, peña, THIRTEEN[:8])
    first, second = draw(game_app, peña, number)
    assert phone.post(f"/p/{first.token}/borrar").status_code == 303
    _status, html = sheet(phone, peña, number)
    shown = cards(html)
    assert "Esta mesa ya no tiene partida que apuntar." in text_of(shown[first.number])
    assert codes(shown[first.number]) == [] and first.token not in html
    check_card(phone, game_app, shown[second.number], second, HOST)


@pytest.mark.parametrize("language", SUPPORTED_LOCALES)
def test_the_sheet_is_in_the_language_asked_for(game_app: Flask, phone: FlaskClient, language: str) -> None:
    peña = make_peña(phone, game_app)
    drawn, waiting = make_night(game_app, peña, THIRTEEN[:7]), make_night(game_app, peña, THIRTEEN[:7])
    assert len(draw(game_app, peña, drawn)) == 2
    phone.set_cookie("lang", language, domain=urlsplit(HOST).hostname)
    with game_app.test_request_context(headers={"Cookie": f"lang={language}"}):
        heading = gettext("Mesas de la ronda %(round)s", round=1)
        card_title = gettext("Mesa %(table)s · Ronda %(round)s", table=2, round=1)
        dealer = gettext("Reparte primero")
        waits = gettext(
            "La hoja de las mesas sale con el primer sorteo: cada mesa tendrá aquí el código QR de su partida."
        )
    assert (heading == "Mesas de la ronda 1") == (language == "es"), "translated"
    html = sheet(phone, peña, drawn)[1]
    assert f'<html lang="{language}">' in html
    assert heading in text_of(html) and card_title in text_of(cards(html)[2]) and dealer in html
    html = sheet(phone, peña, waiting)[1]
    assert f'<html lang="{language}">' in html and waits in text_of(html)
