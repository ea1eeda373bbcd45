"""Importing a game file (/partidas/importar): the same game, new addresses; a bad file says why and creates nothing."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import PROJECT_DIR
from scorekeeper.export.game_file import VERSION
from scorekeeper.page_parts.stored_game_time import stored_game_time
from scorekeeper.storage import store
from support.game_files import (
    game_document,
    game_ids,
    game_json,
    imported_token,
    upload,
    watch_token,
    without_export_date,
)
from support.game_times import play_times

if TYPE_CHECKING:
    from support.table import Table

GAME_FILE_DOC = PROJECT_DIR / "docs" / "game-file.md"
THREE = ["Ana", "Begoña", "Carlos"]
FOUR = ["Ana", "Bea", "Carlos", "Dani"]


# --- games to export -------------------------------------------------------------------------


def short_game(table: Table) -> str:
    """Three players, hands of 3, 3, 2 and 1 cards: two saved (a renuncio in the second), the third half said."""
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="3 3 2 1")
    table.play_hand(token, "O", [1, 1, 0], [1, 2, 0])  # Ana deals: Begoña, Carlos, Ana bid
    table.play_hand(token, "C", [0, 2, 0], [0, 2, 1], save=False)
    table.ok(token, "renuncio", 2, 1, 1)
    table.ok(token, "guardar", 2)
    table.ok(token, "pinta", 3, value="B")
    table.ok(token, "apuesta", 3, 0, 1)  # Carlos deals hand 3: Ana is mano
    return token


def special_game(table: Table) -> str:
    """Four players: a subastado, a sin triunfo, then a mano de oro half said; Ana deals first."""
    token = table.start(
        FOUR, dealer=0, preset="a_medida", custom_sizes="10 10 1 1", subastado="1", sin_triunfo="2", mano_de_oro="3"
    )
    table.play_hand(token, "E", [1, 0, 5, 2], [2, 1, 5, 2], offers=[4, 3, 5, 5])  # Carlos wins the auction with 5
    table.play_hand(token, None, [2, 1, 3, 3], [2, 1, 4, 3])  # sin triunfo: Bea deals, Carlos is mano
    table.ok(token, "apuesta", 3, 3, 0)  # mano de oro: oros already; Carlos deals, Dani is mano
    return token


def finished_game(table: Table) -> str:
    """Three players, two one-card hands, Begoña wins."""
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1 1")
    table.play_hand(token, "O", [1, 1, 0], [0, 1, 0])
    table.play_hand(token, "C", [0, 0, 0], [1, 0, 0])
    assert table.snap(token).sheet.finished
    return token


def the_same_game(table: Table, original: str, copy_token: str) -> None:
    """Everything stored about the two games, and what the engine makes of it, is the same."""
    one, other = table.snap(original), table.snap(copy_token)
    assert other.names == one.names and other.first_dealer == one.first_dealer
    assert other.hands == one.hands
    assert other.corrections == one.corrections
    assert other.sheet == one.sheet
    assert (other.number, other.stage, other.order, other.next_seat, other.forbidden) == (
        one.number,
        one.stage,
        one.order,
        one.next_seat,
        one.forbidden,
    )
    assert (other.finished_at is None) == (one.finished_at is None)


def round_trip(table: Table, token: str) -> str:
    """Export the game, import the file, export the new game: the same bytes but for the export date."""
    before = game_ids(table.app)
    exported = game_json(table.client, token)
    new = imported_token(upload(table.client, exported))
    assert new != token and len(game_ids(table.app)) == len(before) + 1
    again = game_json(table.client, new)
    assert without_export_date(again) == without_export_date(exported)
    the_same_game(table, token, new)
    return new


# --- the round trip --------------------------------------------------------------------------


def test_a_game_goes_through_a_file_unchanged(table: Table) -> None:
    round_trip(table, short_game(table))


def test_special_hands_survive_the_round_trip(table: Table) -> None:
    token = special_game(table)
    document = game_document(table.client, token)
    assert document["hands"][0]["auction"] == [4, 3, 5, 5]
    assert document["hands"][1]["trump"] == "-"
    assert document["hands"][2]["trump"] == "O" and document["hands"][2]["complete"] is False
    new = round_trip(table, token)
    page = table.page(new)
    assert page.sheet[0][0] == "1 10 · Espadas · Subastado"
    assert page.sheet[1][0] == "2 10 · Sin triunfo · Sin triunfo"
    assert page.line("prompt") == "¿Cuántas pide Ana?"


def test_corrections_survive_the_round_trip(table: Table) -> None:
    token = short_game(table)
    assert table.correct(token, 1, {"tricks-0": 0, "tricks-1": 3}).status_code == 303
    assert table.correct(token, 2, {"renuncios-1": 0}).status_code == 303
    new = round_trip(table, token)
    assert len(table.snap(new).corrections) == 2
    assert table.page(new).items("correcciones") == table.page(token).items("correcciones")


def test_a_finished_game_stays_finished(table: Table) -> None:
    token = finished_game(table)
    new = round_trip(table, token)
    assert table.snap(new).plan is None
    assert "Gana Begoña" in table.page(new).text


def test_a_game_not_started_yet_goes_through_too(table: Table) -> None:
    round_trip(table, table.start(THREE, dealer=1, preset="ludoteka"))


def test_the_new_game_has_addresses_of_its_own_and_this_phone_remembers_it(table: Table) -> None:
    token = short_game(table)
    new = imported_token(upload(table.client, game_json(table.client, token)))
    assert watch_token(table.app, new) != watch_token(table.app, token)
    page = table.page(new)
    assert "Partida importada" in " ".join(page.flashes)
    home = table.client.get("/").get_data(as_text=True)
    assert home.index(f"/p/{new}") < home.index(f"/p/{token}"), "the imported game comes first on the home page"


def test_the_readme_example_imports_and_exports_as_written(table: Table) -> None:
    readme = GAME_FILE_DOC.read_text(encoding="utf-8")
    example = re.search(r"```json\n(.*?)```", readme[readme.index("# The game file (JSON)") :], re.S)
    assert example, "the README shows a game file"
    new = imported_token(upload(table.client, example.group(1)))
    assert without_export_date(game_json(table.client, new)) == without_export_date(example.group(1).encode())
    assert table.snap(new).sheet.rows[0].penalties == (0, 50, 0)


def test_when_each_hand_started_survives_the_round_trip(table: Table) -> None:
    token = short_game(table)
    play_times(table.app, token, [(1, 12), (13, 30), (31, 0)])  # the third hand half said
    new = round_trip(table, token)
    starts = [hand["started_at"] for hand in game_document(table.client, new)["hands"]]
    assert starts == ["2026-11-20T21:01:00Z", "2026-11-20T21:13:00Z", "2026-11-20T21:31:00Z"]
    with table.app.app_context():
        times = [stored_game_time(game) for game in (store.find_game(token), store.find_game(new)) if game]
    assert len(times) == 2 and times[0] == times[1] and times[0] is not None and times[0].minutes == 29


def test_a_file_of_version_2_is_read_without_the_hands_starts_and_refused_with_them(table: Table) -> None:
    document = game_document(table.client, short_game(table))
    document["version"] = 2
    started = [hand.pop("started_at") for hand in document["hands"]]
    new = imported_token(upload(table.client, json.dumps(document)))
    assert all(hand["started_at"] is None for hand in game_document(table.client, new)["hands"])
    document["hands"][0]["started_at"] = started[0]
    refused = upload(table.client, json.dumps(document))
    assert refused.status_code == 422
    assert "«started_at» no es parte del formato: sobra en la mano 1" in refused.get_data(as_text=True)


def test_a_file_written_by_hand_may_leave_out_the_dates_and_keep_a_bom(table: Table) -> None:
    document = game_document(table.client, short_game(table))
    for key in ("exported_at", "created_at", "finished_at"):
        del document[key]
    for hand in document["hands"]:
        del hand["completed_at"]
    data = b"\xef\xbb\xbf" + json.dumps(document, indent=4, ensure_ascii=True).encode()
    imported_token(upload(table.client, data))


def test_names_are_tidied_as_the_new_game_form_does(table: Table) -> None:
    document = game_document(table.client, table.start(THREE))
    document["players"] = ["  Ana ", "Begoña   Mª", "Carlos"]
    new = imported_token(upload(table.client, document))
    assert table.snap(new).names == ("Ana", "Begoña Mª", "Carlos")


# --- the page --------------------------------------------------------------------------------


def test_the_import_page_is_linked_from_home_and_new_game(table: Table) -> None:
    for page in ("/", "/partidas/nueva"):
        assert 'href="/partidas/importar"' in table.client.get(page).get_data(as_text=True), page
    html = table.client.get("/partidas/importar").get_data(as_text=True)
    assert 'enctype="multipart/form-data"' in html and 'type="file"' in html and 'name="file"' in html


def test_the_game_and_watch_pages_link_both_downloads(table: Table) -> None:
    token = short_game(table)
    html = table.page(token).html
    assert f'href="/p/{token}/hoja.csv"' in html and "Descargar hoja (CSV)" in html
    assert f'href="/p/{token}/partida.json"' in html and "Descargar partida (JSON)" in html
    watch = watch_token(table.app, token)
    html = table.client.get(f"/ver/{watch}").get_data(as_text=True)
    assert f'href="/ver/{watch}/hoja.csv"' in html and f'href="/ver/{watch}/partida.json"' in html
    assert token not in html


# --- bad files -------------------------------------------------------------------------------


Edit = Callable[[dict[str, Any]], Any]


def _set(path: str, value: Any) -> Edit:
    """An edit that puts ``value`` at ``path`` ("hands.0.bids.1")."""

    def edit(document: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = document
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value

    return edit


def _delete(path: str) -> Edit:
    """An edit that removes the key at ``path``."""

    def edit(document: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = document
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        del target[last]

    return edit


def _nine_players(document: dict[str, Any]) -> None:
    document["players"] = [f"J{i}" for i in range(9)]
    document["hands"] = []
    document["corrections"] = []


def _extra_hand(document: dict[str, Any]) -> None:
    """A fifth hand in a game of four (short_game has 3, 3, 2 and 1 cards and is won after hand 4): lawful
    as a 12-card desempate, but no tie asked for it and no correction made it unneeded."""
    document["hands"][2] = {**document["hands"][0], "number": 3, "bids": [0, 0, 1], "tricks": [1, 0, 1]}
    document["hands"].append({**document["hands"][2], "number": 4, "bids": [0, 0, 0], "tricks": [1, 0, 0]})
    document["hands"].append({**document["hands"][3], "number": 5, "tricks": [12, 0, 0]})


BAD_EDITS: dict[str, tuple[Edit, str]] = {
    "wrong format name": (
        _set("format", "otra-cosa"),
        "El archivo no es una partida de Pocha: su «format» debe ser «pocha-game»",
    ),
    "newer version": (
        _set("version", VERSION + 1),
        f"El archivo es de una versión más nueva del formato (la {VERSION + 1}) y esta Pocha solo lee la {VERSION}",
    ),
    "version as text": (
        _set("version", "1"),
        f"La versión del formato del archivo no es válida: esta Pocha lee la versión {VERSION}",
    ),
    "missing players": (_delete("players"), "Falta «players» en el archivo"),
    "missing bids": (_delete("hands.0.bids"), "Falta «bids» en la mano 1"),
    "unknown key": (_set("jugadores", []), "«jugadores» no es parte del formato: sobra en el archivo"),
    "first dealer as text": (_set("first_dealer", "0"), "En el archivo, «first_dealer» debe ser un número entero"),
    "first dealer out of the table": (_set("first_dealer", 5), "El primero en repartir debe ser uno de los jugadores"),
    "a bid as text": (
        _set("hands.0.bids.1", "1"),
        "En la mano 1, «bids» debe ser una lista de 3 números enteros o null (uno por jugador)",
    ),
    "a bid too few": (
        _set("hands.0.bids", [1, 1]),
        "En la mano 1, «bids» debe ser una lista de 3 números enteros o null",
    ),
    "a float": (_set("hands.0.tricks.0", 1.0), "En la mano 1, «tricks» debe ser una lista de 3 números enteros o null"),
    "a bad trump": (
        _set("hands.0.trump", "X"),
        'En la mano 1, «trump» debe ser "O", "C", "E", "B", "-" (sin triunfo) o null',
    ),
    "complete as text": (_set("hands.0.complete", "sí"), "En la mano 1, «complete» debe ser true o false"),
    "a bad date": (
        _set("created_at", "ayer"),
        "En el archivo, «created_at» debe ser una fecha como 2024-05-01T21:30:00Z, o null",
    ),
    "hands not a list": (_set("hands", {}), "En el archivo, «hands» debe ser una lista [ … ]"),
    "a hand not an object": (_set("hands.0", [1]), "la mano 1 debe ser un objeto JSON: { … }"),
    "no players": (_set("players", []), "En el archivo, «players» debe ser una lista de nombres"),
    "too many players": (_nine_players, "La pocha se juega de 3 a 8 jugadores"),
    "the same name twice": (_set("players.2", "ana"), "«ana» está repetido: poned nombres distintos"),
    "a name too long": (_set("players.2", "C" * 21), "es muy largo: como mucho 20 letras"),
    "an empty name": (_set("players.2", "  "), "Cada jugador necesita un nombre"),
    "unknown preset": (_set("preset", "rapidita"), "No hay reglas llamadas «rapidita»"),
    "unknown rules option": (_set("rules.comodines", True), "Opción desconocida en las reglas: comodines"),
    "a rules value out of range": (_set("rules.exact_base", 5000), "Los puntos deben ser un número entre 0 y 1000"),
    "rules not an object": (_set("rules", "clásica"), "Las reglas guardadas no se pueden leer"),
    "rules too big for the table": (
        _set("rules.custom_sizes", [3, 3, 2, 13]),
        "Con 3 jugadores se reparten como mucho 12 cartas, no 13",
    ),
    "a forbidden bid": (
        _set("hands.0.bids", [1, 1, 1]),
        "Mano 1: Ana no puede pedir 1: la suma sería 3 de 3",
    ),
    "a bid over the cards": (_set("hands.0.bids", [4, 1, 0]), "Mano 1: Ana: la apuesta debe ser de 0 a 3 bazas"),
    "tricks not adding up": (_set("hands.0.tricks", [1, 1, 0]), "Mano 1: Las bazas suman 2 y en esta mano hay 3"),
    "a saved hand with a bid missing": (
        _set("hands.1.bids.0", None),
        "Mano 2: Faltan apuestas o bazas de algún jugador",
    ),
    "no trump in a saved hand": (_set("hands.0.trump", "-"), "Mano 1: Falta la pinta de la mano 1"),
    "an auction outside subastado": (_set("hands.0.auction", [1, 1, 1]), "Mano 1: Solo hay subasta en el subastado"),
    "negative renuncios": (
        _set("hands.0.renuncios", [0, -1, 0]),
        "Mano 1: Los renuncios son de 0 a 20 por jugador y mano",
    ),
    "hands out of order": (
        _set("hands.1.number", 3),
        "Las manos van en orden desde la 1: donde va la mano 2 hay una mano 3",
    ),
    "a half hand before a saved one": (
        _set("hands.0.complete", False),
        "Solo la última mano puede estar a medias, y la mano 1 no está completa",
    ),
    "more hands than the game allows": (_extra_hand, "La partida ya ha terminado: sobra la mano 5"),
    "a bid over the cards in the hand being played": (
        _set("hands.2.bids", [1, 3, None]),
        "Mano 3: Begoña: la apuesta debe ser de 0 a 2 bazas",
    ),
    "the last bid forbidden in the hand being played": (
        _set("hands.2.bids", [1, 0, 1]),
        "Mano 3: Carlos no puede pedir 1: la suma sería 2 de 2",
    ),
    "bids before the trump": (_set("hands.2.trump", None), "Mano 3: Ahora no se apuesta"),
    "tricks before every bid": (
        _set("hands.2.tricks", [1, None, None]),
        "Mano 3: Faltan apuestas antes de apuntar las bazas",
    ),
    "bids out of turn": (
        _set("hands.2.bids", [None, 1, None]),
        "Mano 3: Ahora le toca apostar a Ana",
    ),
    "a correction of a hand not saved": (
        _set("corrections", [{"hand": 3, "changes": []}]),
        "En la corrección 1, «hand» debe ser el número de una mano guardada",
    ),
    "a correction of an unknown field": (
        _set("corrections", [{"hand": 1, "changes": [{"field": "puntos", "seat": 0, "before": 1, "after": 2}]}]),
        "En la corrección 1, «field» debe ser trump, bid, tricks, renuncios u offer",
    ),
    "a correction of a seat not at the table": (
        _set("corrections", [{"hand": 1, "changes": [{"field": "bid", "seat": 3, "before": 1, "after": 2}]}]),
        "En la corrección 1, «seat» debe ser un jugador: un número de 0 a 2, o null",
    ),
}


_GOOD_FILE: dict[str, Any] = {}  # played once: every test shares the app (and its database)


@pytest.fixture
def good_file(table: Table) -> dict[str, Any]:
    """The file of ``short_game``: two saved hands and a third with the trump and Ana's bid (a copy to edit)."""
    if not _GOOD_FILE:
        _GOOD_FILE.update(game_document(table.client, short_game(table)))
    assert _GOOD_FILE["hands"][2]["bids"] == [1, None, None]
    return copy.deepcopy(_GOOD_FILE)


@pytest.mark.parametrize("case", list(BAD_EDITS))
def test_a_damaged_or_edited_file_says_why_and_creates_nothing(
    table: Table, good_file: dict[str, Any], case: str
) -> None:
    edit, message = BAD_EDITS[case]
    document = good_file
    edit(document)
    before = game_ids(table.app)
    page = table.read(upload(table.client, document))
    assert page.status == 422, (page.status, page.errors)
    assert message in page.errors
    assert 'type="file"' in page.html, "the form is shown again"
    assert game_ids(table.app) == before


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"hola, esto no es JSON", "El archivo no es una partida de Pocha: no es un archivo JSON"),
        (b"\xff\xfe\x00{", "El archivo no es una partida de Pocha: no es un archivo JSON"),
        (b'{"format": "pocha-game", "version": NaN}', "no es un archivo JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "no es un archivo JSON"),
        (b'{"format": "pocha-game", "version": 1, "first_dealer": ' + b"9" * 5000 + b"}", "no es un archivo JSON"),
        (b"[]", "El archivo no es una partida de Pocha: su «format» debe ser «pocha-game»"),
        (b'"pocha-game"', "su «format» debe ser «pocha-game»"),
        (b"   \n", "El archivo está vacío"),
        (b"", "El archivo está vacío"),
    ],
)
def test_a_file_that_is_not_a_game_says_so_and_creates_nothing(table: Table, data: bytes, message: str) -> None:
    before = game_ids(table.app)
    page = table.read(upload(table.client, data))
    assert page.status == 422 and message in page.errors, (page.status, page.errors)
    assert game_ids(table.app) == before


def test_sending_no_file_asks_for_one(table: Table) -> None:
    before = game_ids(table.app)
    for data in ({}, {"file": (b"", "")}):
        page = table.read(table.client.post("/partidas/importar", data=data, content_type="multipart/form-data"))
        assert page.status == 422 and "Elige el archivo de una partida (.json)" in page.errors
    assert game_ids(table.app) == before


def test_a_file_too_big_is_refused_before_reading_it(table: Table, good_file: dict[str, Any]) -> None:
    limit = table.app.config["GAME_FILE_MAX_BYTES"]
    assert limit == 1024 * 1024
    before = game_ids(table.app)
    padded = json.dumps(good_file).encode()
    padded += b" " * (limit + 1 - len(padded))  # valid JSON, one byte over the limit
    page = table.read(upload(table.client, padded))
    assert page.status == 413 and "El archivo es demasiado grande: como mucho 1 MB" in page.errors
    huge = b" " * (table.app.config["MAX_CONTENT_LENGTH"] + 1)  # over the limit of any request: never read
    page = table.read(upload(table.client, huge))
    assert page.status == 413 and "El archivo es demasiado grande: como mucho 1 MB" in page.errors
    assert 'type="file"' in page.html
    assert game_ids(table.app) == before
    imported_token(upload(table.client, padded[:limit]))  # at the limit: fine


# --- CSRF ------------------------------------------------------------------------------------


def test_the_import_form_needs_its_csrf_token(app: Flask, client: FlaskClient, csrf_token: Callable[..., str]) -> None:
    document = json.loads(GAME_FILE_DOC.read_text(encoding="utf-8").split("```json\n")[1].split("```")[0])
    before = game_ids(app)
    for fields in ({}, {"csrf_token": "forged"}):
        response = upload(client, document, **fields)
        assert response.status_code == 400
        assert "La página ha caducado" in response.get_data(as_text=True)
    assert game_ids(app) == before
    new = imported_token(upload(client, document, csrf_token=csrf_token("/partidas/importar")))
    assert len(game_ids(app)) == len(before) + 1
    assert client.get(f"/p/{new}").status_code == 200
