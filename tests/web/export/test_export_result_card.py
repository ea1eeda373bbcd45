"""The result card's addresses (/<p|ver>/<token>/resultado.png): a PNG of a finished game from either address, its
ETag, its file name; a game not over refused in the player's language; what the card says of ties and peñas."""

from __future__ import annotations

import io
from datetime import datetime
from typing import TYPE_CHECKING

import pytest
from PIL import Image

from scorekeeper.export.card_facts import card_facts, length_words
from scorekeeper.page_parts.game_time import GameTime
from scorekeeper.result_card.layout import Layout, result_card
from scorekeeper.storage.groups import group_names
from scorekeeper.storage.store import find_game, view_of
from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]
FIVE = ("Íñigo", "Bea", "Carlos", "Dani", "Elena")


def card_layout(table: Table, token: str, language: str = "es") -> Layout:
    """The layout of the card of game ``token`` as a phone in ``language`` is sent it."""
    with table.app.test_request_context(headers={"Cookie": f"lang={language}"}):
        game = find_game(token)
        assert game is not None
        return result_card(card_facts(view_of(game), group_names(game)))


def said(layout: Layout, role: str) -> str:
    """The texts of ``role``, one after another."""
    return " ".join(text.text for text in layout.texts if text.role == role)


@pytest.mark.parametrize("scope", ["p", "ver"])
def test_a_finished_game_gives_its_card_from_either_address(table: Table, scope: str) -> None:
    token, watch = store_game(table.app, FIVE, classic_game(5))
    response = table.client.get(f"/{scope}/{token if scope == 'p' else watch}/resultado.png")
    assert response.status_code == 200
    assert response.mimetype == "image/png"
    assert Image.open(io.BytesIO(response.data)).size == (1080, 1350)
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="pocha-') and "-Inigo-Bea-Carlos-Dani-Elena.png" in disposition
    assert "filename*=UTF-8''pocha-" in disposition and "%C3%8D%C3%B1igo" in disposition
    assert response.headers["ETag"].startswith(f'W/"v{len(classic_game(5))}-')
    expected = "no-store" if scope == "p" else "no-cache, private"
    assert response.headers["Cache-Control"] == expected


def test_a_phone_that_has_the_card_is_answered_304_until_the_game_changes(table: Table) -> None:
    token, watch = store_game(table.app, FIVE, classic_game(5))
    first = table.client.get(f"/ver/{watch}/resultado.png")
    again = table.client.get(f"/ver/{watch}/resultado.png", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and not again.data
    english = table.client.get(
        f"/ver/{watch}/resultado.png", headers={"If-None-Match": first.headers["ETag"], "Accept-Language": "en"}
    )
    assert english.status_code == 200, "another language draws another card"
    manage = table.client.post("/pena/nueva", data={"name": "Jueves"}).headers["Location"].removeprefix("/pena/")
    assert table.client.post(f"/pena/{manage}/partidas", data={"game-address": f"/p/{token}"}).status_code == 303
    put_in = table.client.get(f"/ver/{watch}/resultado.png", headers={"If-None-Match": first.headers["ETag"]})
    assert put_in.status_code == 200, "a game put in a peña draws a new card, naming it"
    assert said(card_layout(table, token), "group") == "Peña «Jueves»"


@pytest.mark.parametrize("scope", ["p", "ver"])
def test_a_game_still_played_is_refused_in_the_players_language(table: Table, scope: str) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1 1")
    table.play_hand(token, "O", [1, 1, 0], [0, 1, 0])
    address = token if scope == "p" else table.watch_token(token)
    page = table.read(table.client.get(f"/{scope}/{address}/resultado.png"))
    assert page.status == 409
    assert "La partida aún no ha terminado" in page.text
    assert "se hace al terminar la partida" in page.text
    english = table.client.get(f"/{scope}/{address}/resultado.png", headers={"Accept-Language": "en"})
    assert english.status_code == 409 and "The game is not over yet" in english.get_data(as_text=True)


def test_a_game_left_before_its_end_has_no_card(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1 1")
    table.play_hand(token, "O", [1, 1, 0], [0, 1, 0])
    assert table.client.post(f"/p/{token}/dejar").status_code == 303
    page = table.read(table.client.get(f"/p/{token}/resultado.png"))
    assert page.status == 409 and "no tiene resultado que compartir" in page.text


@pytest.mark.parametrize("scope", ["p", "ver"])
def test_an_unknown_or_deleted_game_is_refused_as_elsewhere(table: Table, scope: str) -> None:
    assert table.client.get(f"/{scope}/nada-de-nada/resultado.png").status_code == 404
    token, watch = store_game(table.app, FIVE, classic_game(5))
    assert table.client.post(f"/p/{token}/borrar").status_code == 303
    gone = table.client.get(f"/{scope}/{token if scope == 'p' else watch}/resultado.png")
    assert gone.status_code == 410 and "Esta partida se ha borrado" in gone.get_data(as_text=True)


def test_a_tie_broken_by_fewer_missed_bids_is_said_as_the_standings_say_it(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="3 3")
    table.seed(token, ("O", [1, 3, 0], [0, 3, 0]), ("O", [3, 1, 0], [3, 0, 0]))
    layout = card_layout(table, token)
    note = "Empate a 20 puntos: gana quien menos apuestas ha fallado (0 fallos)."
    assert said(layout, "tie") == note and note in table.page(token).text
    assert said(layout, "headline") == "Gana Carlos con 20 puntos"
    assert {text.text for text in layout.texts if text.role == "points"} == {"20"}


def test_a_tie_broken_by_an_extra_hand_is_said_as_the_standings_say_it(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="clasica", custom_sizes="1")
    table.seed(token, ("C", [0, 0, 0], [1, 0, 0]), ("B", [12, 1, 0], [12, 0, 0]))
    layout = card_layout(table, token)
    note = "Empate en cabeza al terminar las manos: lo ha deshecho la mano de desempate."
    assert said(layout, "tie") == note and note in table.page(token).text
    assert said(layout, "length").startswith("2 manos en ")


def test_the_card_says_the_date_and_length_in_each_language(table: Table) -> None:
    token, _watch = store_game(table.app, FIVE, classic_game(5))
    with table.app.app_context():
        game = find_game(token)
        assert game is not None
        day = game.created_at
    for language, heading in {"es": "Resultado final", "en": "Final result", "ca": "Resultat final"}.items():
        layout = card_layout(table, token, language)
        assert said(layout, "heading") == heading
        assert str(day.year) in said(layout, "date")
        assert said(layout, "length").startswith(f"{len(classic_game(5))} "), said(layout, "length")


def test_the_length_says_the_hands_and_the_time_when_it_is_known(table: Table) -> None:
    with table.app.test_request_context():
        start = datetime(2026, 5, 1, 20, 0)
        time = GameTime(start, start.replace(hour=21, minute=35), 28)
        assert length_words(28, time) == "28 manos en 1 h 35 min"
        assert length_words(1, None) == "1 mano jugada"
