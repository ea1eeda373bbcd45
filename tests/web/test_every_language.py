"""Every page in every language Pocha speaks: each address the app answers to a GET, drawn for a phone that chose the
language (the ``lang`` cookie) and for one that only says it (Accept-Language), answers in that language: the page's
``<html lang>``, none of the Spanish sentences its catalogue translates, and the game's own words of the language; the
score sheet's CSV headings and the manifest too. A new route fails here until it is listed.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator

import pytest
from flask_babel import gettext
from fuzz_checks import check_language
from fuzz_world import World, build_world

from scorekeeper.engine import Card, Suit, ruling
from scorekeeper.export import csv_sheet
from scorekeeper.export.card_facts import card_facts
from scorekeeper.labels.engine_messages import engine_message
from scorekeeper.plumbing.languages import SUPPORTED_LOCALES, list_separator
from scorekeeper.result_card.layout import result_card
from scorekeeper.storage.groups import group_names
from scorekeeper.storage.store import find_game, view_of

#: Addresses answered with something other than a page in a language (files, the worker, health).
NOT_PAGES = {
    "static",
    "main.robots_txt",
    "main.health",
    "main.service_worker",
    "export.json",
    "export.csv",
    "export.result_card",
    "export.summary_to_whatsapp",
    "export.play_to_bg_stats",
    "paper.sheet_pdf",
    "games.card",
    "share.edit_link_qr",
    "groups.league_csv",
    "groups.league_json",
    "simulator.deal_json",
    "main.manifest",
    "watch.page_live",
    "watch.screen_live",
    "groups.screen_live",
    "groups.night_screen_live",
}
#: The trump's word at the table in each language, as the hand panel says it.
TRUMP_WORD = {"es": "Pinta", "en": "Trump", "ca": "Trumfo", "gl": "Trunfo", "eu": "Triunfoa"}
_MAIN = re.compile(r"<main\b[^>]*>(.*?)</main>", re.S)
_TAGS = re.compile(r"<[^>]+>")


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """The fuzz test's games in every state and its peña."""
    built = build_world(tmp_path_factory.mktemp("languages"))
    yield built


def addresses(world: World) -> dict[str, list[str]]:
    """A page of each GET route, by endpoint, on the world's games and peña."""
    playing, finished = world.states["playing"], world.states["finished"]
    manage, look = world.peña
    return {
        "main.index": ["/"],
        "main.install_offer": ["/instalar"],
        "main.give": ["/llevar"],
        "main.receive": ["/recibir"],
        "main.offline": ["/sin-conexion"],
        "history.index": ["/historial"],
        "games.new_game": ["/partidas/nueva"],
        "games.schedule_preview": ["/partidas/nueva/calendario?names-0=Ana&names-1=Bea&names-2=Ciro&preset=clasica"],
        "games.phone_game": ["/partidas/en-este-movil"],
        "export.import_game": ["/partidas/importar"],
        "games.play": [f"/p/{playing.token}", f"/p/{finished.token}"],
        "games.parts": [f"/p/{playing.token}/hoja"],
        "games.delete": [f"/p/{playing.token}/borrar"],
        "games.suspense": [f"/p/{playing.token}/suspense"],
        "games.correct": [f"/p/{playing.token}/mano/1/corregir"],
        "games.rematch": [f"/p/{finished.token}/revancha"],
        "groups.add_to_group": [f"/p/{playing.token}/pena"],
        "paper.print_sheet": [f"/p/{playing.token}/imprimir", f"/ver/{playing.watch_token}/imprimir"],
        "paper.paper_part": [f"/p/{playing.token}/hoja-en-papel", f"/ver/{playing.watch_token}/hoja-en-papel"],
        "watch.page": [f"/ver/{playing.watch_token}"],
        "watch.screen": [f"/ver/{playing.watch_token}/pantalla"],
        "groups.new_group": ["/pena/nueva"],
        "groups.manage": [f"/pena/{manage}"],
        "groups.look": [f"/pena/ver/{look}"],
        "groups.screen": [f"/pena/ver/{look}/pantalla"],
        "groups.night_sheet": [f"/pena/{manage}/noche/1/mesas", f"/pena/{manage}/noche/2/mesas"],
        "groups.night_screen": [f"/pena/ver/{look}/noche/1/pantalla"],
        "groups.new_night": [f"/pena/{manage}/noche/nueva"],
        "groups.night": [f"/pena/{manage}/noche/1", f"/pena/{manage}/noche/2"],
        "groups.night_look": [f"/pena/ver/{look}/noche/1"],
        "simulator.simulator": ["/simulador"],
        "simulator.play": ["/simulador/jugar"],
        "simulator.odds": ["/simulador/cuantas"],
        "simulator.referee_page": ["/arbitro"],
    }


def visible_text(html: str) -> str:
    """The words a page shows in its <main>, its tags dropped."""
    main = _MAIN.search(html)
    return _TAGS.sub(" ", main.group(1) if main else html)


def test_every_get_route_is_walked(world: World) -> None:
    endpoints = {rule.endpoint for rule in world.app.url_map.iter_rules() if "GET" in (rule.methods or ())}
    assert endpoints - NOT_PAGES == set(addresses(world)), "list the new page in addresses()"


@pytest.mark.parametrize("how", ["cookie", "phone"])
@pytest.mark.parametrize("language", SUPPORTED_LOCALES)
def test_every_page_is_drawn_in_the_language_asked_for(world: World, language: str, how: str) -> None:
    client = world.app.test_client()
    headers = {"Accept-Language": f"{language}-ES,{language};q=0.9,es;q=0.5"} if how == "phone" else {}
    if how == "cookie":
        client.set_cookie("lang", language)
    for endpoint, paths in addresses(world).items():
        for path in paths:
            response = client.get(path, headers=headers, follow_redirects=True)
            assert response.status_code == 200, (language, endpoint, path, response.status_code)
            html = response.get_data(as_text=True)
            if html.lstrip().lower().startswith("<!doctype"):  # a whole page, not a part a page asks for
                assert f'<html lang="{language}">' in html, (language, path)
            check_language(visible_text(html), language)


@pytest.mark.parametrize("language", SUPPORTED_LOCALES)
def test_the_hand_panel_says_the_games_words_of_the_language(world: World, language: str) -> None:
    client = world.app.test_client()
    client.set_cookie("lang", language)
    html = client.get(f"/p/{world.states['playing'].token}").get_data(as_text=True)
    assert TRUMP_WORD[language] in visible_text(html), (language, "the trump's word")


@pytest.mark.parametrize("language", SUPPORTED_LOCALES)
def test_the_csv_headings_and_the_manifest_are_in_the_language(world: World, language: str) -> None:
    client = world.app.test_client()
    client.set_cookie("lang", language)
    answer = client.get(f"/p/{world.states['finished'].token}/hoja.csv")
    text = answer.get_data().decode(csv_sheet.ENCODING)
    heading = next(csv.reader(io.StringIO(text), delimiter=list_separator(language)))
    with world.app.test_request_context(headers={"Cookie": f"lang={language}"}):
        assert heading == csv_sheet.columns()
    manifest = json.loads(client.get("/manifest.webmanifest").get_data(as_text=True))
    assert manifest["lang"] == language


@pytest.mark.parametrize("language", SUPPORTED_LOCALES)
def test_the_result_card_and_its_refusal_are_in_the_language(world: World, language: str) -> None:
    """The result card's picture says every word in the language (read from its layout); a game not over is refused
    with a page in the language."""
    finished, playing = world.states["finished"], world.states["playing"]
    client = world.app.test_client()
    client.set_cookie("lang", language)
    answer = client.get(f"/ver/{finished.watch_token}/resultado.png")
    assert answer.status_code == 200 and answer.mimetype == "image/png", (language, answer.status_code)
    with world.app.test_request_context(headers={"Cookie": f"lang={language}"}):
        game = find_game(finished.token)
        assert game is not None
        texts = [text.text for text in result_card(card_facts(view_of(game), group_names(game))).texts]
        heading = gettext("Resultado final")
    assert heading in texts, (language, texts)
    check_language(" ".join(texts), language)
    refused = client.get(f"/p/{playing.token}/resultado.png")
    assert refused.status_code == 409, (language, refused.status_code)
    html = refused.get_data(as_text=True)
    assert f'<html lang="{language}">' in html
    check_language(visible_text(html), language)


@pytest.mark.parametrize("language", SUPPORTED_LOCALES)
def test_a_plays_reason_names_the_suit_in_the_language(world: World, language: str) -> None:
    """The referee's reason («debes asistir a copas…») says the suit as the language says it, not in Spanish."""
    hand = [Card.parse("2C"), Card.parse("4C"), Card.parse("5E")]  # copas that cannot beat the 7
    table = [Card.parse("7C"), Card.parse("1E")]  # copas led, then an espada: follow copas with any
    with world.app.test_request_context(headers={"Cookie": f"lang={language}"}):
        said = engine_message(ruling(hand, table, Suit.OROS).reason)
        suit = gettext("copas")
    assert suit in said, (language, said)
    if language != "es" and suit != "copas":
        assert "copas" not in said, (language, said)


@pytest.mark.parametrize(
    ("accept", "language"),
    [
        ("eu-ES,es;q=0.5", "eu"),
        ("ca-ES", "ca"),
        ("gl_ES", "gl"),
        ("fr-FR,en;q=0.5", "en"),
        ("pt-BR", "es"),
        ("*", "es"),
    ],
)
def test_the_phones_first_language_pocha_speaks_wins_by_its_main_tag(world: World, accept: str, language: str) -> None:
    html = world.app.test_client().get("/", headers={"Accept-Language": accept}).get_data(as_text=True)
    assert f'<html lang="{language}">' in html, accept
