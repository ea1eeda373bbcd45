"""What a player typed is text everywhere: markup, script and template syntax in names and fields never come alive.

Hostile texts go through every form that takes text (new game, taps, corrections, import,
simulator, referee, odds) and come back on every page and file: escaped in HTML and SVG,
verbatim in the PDF's text, guarded in the CSV, plain data in the JSON.
"""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlencode

import pytest
from flask import Flask, render_template_string
from flask.testing import FlaskClient
from flask_babel import lazy_gettext
from markupsafe import escape
from pypdf import PdfReader

from support.game_files import upload
from support.table import Page, Table

#: Hostile texts as a tester types them (some are over the 20 letters a name may have).
HOSTILE = ("<b>x</b>", "<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "{{7*7}}", "=SUM(A1)", "&amp;")
#: Seven players' names, each short enough to be accepted, each hostile in its own way.
PLAYERS = ("<b>x</b>", "<script>x</script>", '"><svg/onload=a()>', "{{7*7}}", "=SUM(A1)", "&amp;", "<i>'a'</i>")
#: What must never be found in a page: any of these is a typed text working as markup.
LIVE = ("<b>x", "<script>x", "<script>alert", "<svg/onload", "<img src=x", "<i>'a'", "onerror=alert(1)>", "onload=a()>")
LANGUAGES = ("es", "en")


def assert_inert(html: str, where: str) -> None:
    """No hostile text is live markup in ``html``."""
    for raw in LIVE:
        assert raw not in html, f"{raw!r} unescaped in {where}"


def assert_names_escaped(html: str, where: str, names: tuple[str, ...] = PLAYERS) -> None:
    """Every name is in ``html``, escaped once: none live, none escaped twice, none evaluated."""
    assert_inert(html, where)
    for name in names:
        assert str(escape(name)) in html, f"{name!r} missing (or escaped twice) in {where}"
    assert "&amp;amp;" in html, f"the name «&amp;» is not escaped in {where}"
    assert "{{7*7}}" in html, f"«{{{{7*7}}}}» is not shown as typed in {where}"


@pytest.fixture(params=LANGUAGES)
def lang(request: pytest.FixtureRequest) -> str:
    """Each test in Spanish and in English."""
    language: str = request.param
    return language


@pytest.fixture
def speaker(phone: FlaskClient, lang: str) -> FlaskClient:
    """A phone showing the pages in ``lang``."""
    phone.set_cookie("lang", lang)
    return phone


@pytest.fixture
def hostile_table(game_app: Flask, speaker: FlaskClient) -> Table:
    """A table (CSRF off) whose phone speaks ``lang``."""
    return Table(game_app, speaker)


# --- the lazy strings of forms ---------------------------------------------------------------


def test_a_lazy_text_with_a_typed_value_is_escaped_when_drawn(game_app: Flask) -> None:
    with game_app.test_request_context("/"):
        message = lazy_gettext("«%(name)s» está repetido: poned nombres distintos", name="<b>x</b>")
        assert str(escape(message)) == "«&lt;b&gt;x&lt;/b&gt;» está repetido: poned nombres distintos"
        drawn = render_template_string("<p>{{ m }}</p><p>{{ [m, m] | join(' ') }}</p>", m=message)
    assert "<b>" not in drawn and drawn.count("&lt;b&gt;x&lt;/b&gt;") == 3


# --- the new-game form -----------------------------------------------------------------------


@pytest.mark.parametrize("name", PLAYERS)
def test_a_repeated_name_is_named_in_the_message_as_text(hostile_table: Table, name: str) -> None:
    page = Page(hostile_table.new_game([name, "Bea", name.upper()]))
    assert page.status == 422
    assert name in page.errors or name.upper() in page.errors, page.errors
    assert_inert(page.html, f"the repeated-name message of {name!r}")


@pytest.mark.parametrize("name", [text for text in HOSTILE if len(text) > 20])
def test_a_name_too_long_is_cut_in_the_message_as_text(hostile_table: Table, name: str) -> None:
    page = Page(hostile_table.new_game([name, "Bea", "Carlos"]))
    assert page.status == 422
    assert f"{name[:20]}…" in page.errors, page.errors
    assert page.value("names-0") == name, "the name comes back in its box, as typed"
    assert_inert(page.html, f"the too-long-name message of {name!r}")


OPTION_TEXT_FIELDS = (
    "custom_sizes",
    "indias",
    "subastado",
    "mano_de_oro",
    "sin_triunfo",
    "max_hands",
    "renuncio_penalty",
    "exact_base",
    "exact_per_trick",
    "miss_per_trick",
)


@pytest.mark.parametrize("field", OPTION_TEXT_FIELDS)
def test_the_options_text_comes_back_as_text(hostile_table: Table, field: str) -> None:
    for text in HOSTILE:
        page = Page(hostile_table.new_game(["Ana", "Bea", "Carlos"], preset="a_medida", **{field: text}))
        assert page.status == 422, (field, text)
        assert page.errors, f"{field}={text!r} is refused with a reason"
        assert page.value(field) == text, f"{field} comes back as typed"
        assert_inert(page.html, f"the new-game page with {field}={text!r}")


@pytest.mark.parametrize("field", ["preset", "first_dealer", "action", "opening_ones", "multipliers", "tie_break"])
def test_choices_sent_as_markup_come_back_inert(hostile_table: Table, field: str) -> None:
    for text in HOSTILE:
        data = {
            "names-0": "Ana",
            "names-1": "Bea",
            "names-2": "Carlos",
            "first_dealer": "0",
            "preset": "clasica",
            "action": "start",
        }
        data[field] = text
        response = hostile_table.client.post("/partidas/nueva", data=data)
        if response.status_code == 303:  # a button that starts nothing: the form again, its values in the address
            response = hostile_table.client.get(response.headers["Location"])
        assert response.status_code in (200, 400, 422), (field, text, response.status_code)
        assert_inert(response.get_data(as_text=True), f"the new-game page with {field}={text!r}")


# --- a game with hostile names, on every page and in every file ------------------------------


@dataclass(frozen=True)
class HostileGame:
    """A finished game of seven hostile names (two hands, the first corrected) and the phone that kept it."""

    table: Table
    token: str
    watch: str
    lang: str

    def get(self, address: str, status: int = 200) -> str:
        """The page at ``address`` (``status`` expected)."""
        response = self.table.client.get(address)
        assert response.status_code == status, (address, response.status_code)
        return response.get_data(as_text=True)


def start_hostile_game(table: Table) -> str:
    """Start the game of ``PLAYERS``: two hands of one card, seat 6 deals first."""
    return table.start(PLAYERS, dealer=6, preset="a_medida", custom_sizes="1 1")


@pytest.fixture
def hostile_game(hostile_table: Table, lang: str) -> Iterator[HostileGame]:
    """The hostile game, played to the end on a phone speaking ``lang``: a correction, then the last hand."""
    table = hostile_table
    token = start_hostile_game(table)
    table.play_hand(token, "O", [1, 0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0, 0])
    response = table.correct(token, 1, {"renuncios-2": 1})
    assert response.status_code == 303, Page(response).errors
    game = HostileGame(table, token, table.watch_token(token), lang)
    yield game


def test_the_hand_being_played_shows_names_as_text(hostile_table: Table) -> None:
    token = start_hostile_game(hostile_table)
    hostile_table.ok(token, "pinta", 1, value="C")
    page = hostile_table.page(token)
    assert_names_escaped(page.html, "the hand panel")
    assert page.order == list(PLAYERS), "the bidding order reads the names as typed"
    watchers = hostile_table.watch(hostile_table.watch_token(token))
    assert_names_escaped(watchers.html, "the watchers' hand panel")


def test_the_scorekeepers_and_the_watchers_pages(hostile_game: HostileGame) -> None:
    for address in (f"/p/{hostile_game.token}", f"/ver/{hostile_game.watch}"):
        html = hostile_game.get(address)
        assert_names_escaped(html, address)
    history = Page(hostile_game.table.client.get(f"/p/{hostile_game.token}")).part("correcciones")
    assert escape(PLAYERS[2]) in history, "the correction names the player, as text"


def test_the_correction_page(hostile_game: HostileGame) -> None:
    html = hostile_game.get(f"/p/{hostile_game.token}/mano/1/corregir")
    assert_names_escaped(html, "the correction page")


def test_a_refused_correction_names_the_player_as_text(hostile_game: HostileGame) -> None:
    data = hostile_game.table.correction_form(hostile_game.token, 1)
    data["bids-0"] = ""
    response = hostile_game.table.client.post(f"/p/{hostile_game.token}/mano/1/corregir", data=data)
    page = Page(response)
    assert page.status == 422 and page.errors
    assert_inert(page.html, "the refused correction")


def test_the_print_pages(hostile_game: HostileGame) -> None:
    for scope, token in (("p", hostile_game.token), ("ver", hostile_game.watch)):
        html = hostile_game.get(f"/{scope}/{token}/imprimir")
        assert_names_escaped(html, f"the print page of /{scope}/")


def chart_svg(html: str) -> str:
    """The score chart's ``<svg>`` element of a page."""
    match = re.search(r'<svg class="chart".*?</svg>', html, re.S)
    assert match, "no chart on the page"
    return match.group(0)


def test_the_chart_escapes_names_and_reads_back_as_the_names(hostile_game: HostileGame) -> None:
    svg = chart_svg(hostile_game.get(f"/p/{hostile_game.token}"))
    assert_inert(svg, "the chart")
    root = ET.fromstring(svg)  # well-formed: no name broke out of its element or attribute
    titles = [el.text or "" for el in root.iter("{http://www.w3.org/2000/svg}title")]
    described = "".join(root.find("{http://www.w3.org/2000/svg}desc").itertext())  # type: ignore[union-attr]
    for name in PLAYERS:
        assert any(title.startswith(f"{name}: ") for title in titles), (name, titles)
        assert f"{name}: " in described


def test_the_history_of_finished_games(hostile_game: HostileGame) -> None:
    hostile_game.table.play_hand(hostile_game.token, "E", [0] * 7, [0, 1, 0, 0, 0, 0, 0])
    assert hostile_game.table.snap(hostile_game.token).finished_at is not None
    html = hostile_game.get("/historial")
    assert_names_escaped(html, "the history")
    for address in (f"/p/{hostile_game.token}", f"/ver/{hostile_game.watch}", f"/p/{hostile_game.token}/imprimir", "/"):
        assert_names_escaped(hostile_game.get(address), f"{address} once the game is over")


def test_the_csv_guards_formulas_and_keeps_names_as_typed(hostile_game: HostileGame) -> None:
    for scope, token in (("p", hostile_game.token), ("ver", hostile_game.watch)):
        body = hostile_game.table.client.get(f"/{scope}/{token}/hoja.csv").data.decode("utf-8-sig")
        rows = list(csv.reader(io.StringIO(body), delimiter=";" if hostile_game.lang == "es" else ","))
        header, lines = rows[0], rows[1:]
        assert len(header) == 10 and all(len(row) == 10 for row in lines), "no name broke the columns"
        players = [row[4] for row in lines[: len(PLAYERS)]]
        dealers = {row[3] for row in lines}
        assert players == [f"'{name}" if name.startswith("=") else name for name in PLAYERS]
        assert dealers == {"<i>'a'</i>"}
        for cell in players + sorted(dealers):
            assert not cell.startswith(("=", "+", "-", "@")), cell


def test_the_json_is_valid_and_gives_the_names_back(hostile_game: HostileGame) -> None:
    client = hostile_game.table.client
    for scope, token in (("p", hostile_game.token), ("ver", hostile_game.watch)):
        document = json.loads(client.get(f"/{scope}/{token}/partida.json").data)
        assert document["players"] == list(PLAYERS)
    data = client.get(f"/p/{hostile_game.token}/partida.json").data
    response = upload(client, data)
    assert response.status_code == 303, Page(response).errors
    copy = response.headers["Location"].removeprefix("/p/")
    assert json.loads(client.get(f"/p/{copy}/partida.json").data)["players"] == list(PLAYERS)
    assert_names_escaped(hostile_game.get(f"/p/{copy}"), "the imported game's page")


def test_the_pdf_draws_the_names_as_typed(hostile_game: HostileGame) -> None:
    for scope, token in (("p", hostile_game.token), ("ver", hostile_game.watch)):
        response = hostile_game.table.client.get(f"/{scope}/{token}/hoja.pdf")
        assert response.status_code == 200
        text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
        for name in ("<b>x</b>", "{{7*7}}", "=SUM(A1)", "&amp;"):
            assert name in text, (name, text[:500])


# --- taps on the game page -------------------------------------------------------------------


@pytest.mark.parametrize("tap", ["apuesta", "bazas", "renuncio", "subasta", "pinta"])
def test_a_tap_with_markup_is_refused_as_text(hostile_table: Table, tap: str) -> None:
    token = hostile_table.start(["Ana", "Bea", "Carlos"])
    if tap in ("apuesta", "bazas", "renuncio"):
        hostile_table.ok(token, "pinta", 1, value="O")
    echoed = 0
    for text in HOSTILE:
        for fields in ({"value": text, "seat": 0}, {"seat": text, "value": 1}, {"hand": text}):
            data = {"hand": 1, **fields}
            response = hostile_table.client.post(f"/p/{token}/{tap}", data={k: str(v) for k, v in data.items()})
            page = Page(response)
            assert page.status in (303, 400, 409, 422), (tap, fields, page.status)
            if page.status != 303:
                assert page.errors, (tap, fields)
            assert_inert(page.html, f"the refused {tap} tap with {fields}")
            echoed += str(escape(text)) in page.html
    if tap in ("apuesta", "bazas", "renuncio"):
        assert echoed > 0, "a value that is not a number is quoted in the message, escaped"


# --- import ----------------------------------------------------------------------------------


def test_an_imported_file_with_bad_names_is_refused_with_the_names_as_text(hostile_table: Table) -> None:
    token = hostile_table.start(["Ana", "Bea", "Carlos"])
    document = json.loads(hostile_table.client.get(f"/p/{token}/partida.json").data)
    for players in (
        ["<b>x</b>", "<b>x</b>", "Carlos"],
        ["<script>alert(1)</script>", "Bea", "Carlos"],
        ['"><img src=x onerror=alert(1)>', "Bea", "Carlos"],
        ["<b>x</b>", "Bea"],
    ):
        page = Page(upload(hostile_table.client, {**document, "players": players}))
        assert page.status == 422, (players, page.status)
        assert page.errors, players
        assert_inert(page.html, f"the import page refusing {players}")
    page = Page(
        upload(hostile_table.client, b"<script>alert(1)</script>", filename='"><img src=x onerror=alert(1)>.json')
    )
    assert page.status in (400, 422) and page.errors
    assert_inert(page.html, "the import page refusing a file that is not JSON")


# --- the simulator, practice, the referee and the odds ---------------------------------------


def simulator_addresses() -> Iterator[tuple[str, str]]:
    """Every simulator page with each hostile text in each of its fields, and that text."""
    pages = {
        "/simulador": ("players", "cards", "dealer", "preset", "seed", "paso"),
        "/simulador/jugar": ("players", "cards", "dealer", "preset", "seed", "asiento", "apuesta", "jugadas"),
        "/arbitro": ("players", "mano", "mesa", "pinta", "carta"),
        "/simulador/cuantas": ("players", "dealer", "asiento", "mano", "pinta", "muestra"),
    }
    base = {
        "players": "4",
        "cards": "5",
        "dealer": "0",
        "preset": "clasica",
        "seed": "7",
        "asiento": "1",
        "mano": "1O 3O 12E",
        "mesa": "5C",
        "pinta": "O",
    }
    for address, fields in pages.items():
        for field in fields:
            for text in HOSTILE:
                yield f"{address}?{urlencode({**base, field: text})}", text


def test_simulator_fields_come_back_as_text(hostile_table: Table) -> None:
    refused = echoed = 0
    for address, text in simulator_addresses():
        response = hostile_table.client.get(address)
        assert response.status_code in (200, 302, 400, 422), (address, response.status_code)
        html = response.get_data(as_text=True)
        assert_inert(html, address)
        refused += response.status_code in (400, 422)
        echoed += str(escape(text)) in html
        if response.status_code in (400, 422):
            assert Page(response).errors, f"{address} is refused with a reason"
    assert refused > 0 and echoed > 0, "hostile values are refused and shown back, escaped"


def test_practice_taps_with_markup_are_refused_as_text(hostile_table: Table) -> None:
    base = {"players": "4", "cards": "5", "dealer": "0", "preset": "clasica", "seed": "7", "asiento": "1"}
    echoed = 0
    for field in ("apuesta", "carta", "jugadas", "asiento", "seed", "preset"):
        for text in HOSTILE:
            response = hostile_table.client.post("/simulador/jugar", data={**base, field: text})
            assert response.status_code in (303, 400, 422), (field, text, response.status_code)
            html = response.get_data(as_text=True)
            if response.status_code != 303:
                assert Page(response).errors
            assert_inert(html, f"practice with {field}={text!r}")
            echoed += str(escape(text)) in html
    assert echoed > 0, "some refusals quote what was sent, escaped"


def test_deal_json_answers_markup_with_valid_json(hostile_table: Table) -> None:
    for text in HOSTILE:
        response = hostile_table.client.get(f"/simulador/deal.json?{urlencode({'players': text, 'seed': '7'})}")
        assert response.status_code == 400 and response.mimetype == "application/json"
        assert text in json.loads(response.data)["error"], "the reason quotes the value, as data"


# --- error pages -----------------------------------------------------------------------------


def test_an_error_page_never_draws_the_referer_as_markup(hostile_table: Table) -> None:
    for text in HOSTILE:
        response = hostile_table.client.get(
            f"/no-existe?{urlencode({'q': text})}", headers={"Referer": f"http://localhost/x?q={text}"}
        )
        assert response.status_code == 404
        assert_inert(response.get_data(as_text=True), f"the 404 page with {text!r}")
