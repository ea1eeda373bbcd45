"""The big screen's suspense, set by the scorekeeper on its own small page: sensible choices, a double tap that changes
nothing, a bad value refused in the player's language, the watchers' address refused, CSRF as every form."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.storage import store

if TYPE_CHECKING:
    from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]


def suspense_of(table: Table, token: str) -> int | None:
    """How many hands at the end game ``token``'s big screen plays without points, as stored."""
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        return game.suspense_hands


def choices(html: str) -> list[str]:
    """The values the page's radio buttons offer, in order, and which is checked (``*``)."""
    return [
        value + ("*" if checked else "")
        for value, checked in re.findall(r'<input type="radio" name="manos" value="(\d+)"( checked)?>', html)
    ]


def test_the_game_page_leads_to_the_big_screens_page(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1 1 1 1")
    assert f'href="/p/{token}/suspense"' in table.page(token).part("compartir")
    page = table.read(table.client.get(f"/p/{token}/suspense"))
    assert page.status == 200
    watch = table.watch_token(token)
    assert f'href="/ver/{watch}/pantalla"' in page.html, "the page opens the big screen"
    assert choices(page.html) == ["0*", "1", "3", "4"], "off; the last hand, the last 3, the whole game"
    assert "Sin suspense La última mano Las 3 últimas manos Toda la partida" in page.text


def test_a_long_game_offers_the_sensible_choices(table: Table) -> None:
    token = table.start(["Ana", "Bea", "Carlos", "Dani"], dealer=0)  # the classic game of four: 28 hands
    assert choices(table.client.get(f"/p/{token}/suspense").get_data(as_text=True)) == ["0*", "1", "3", "5", "28"]


def test_the_scorekeeper_sets_it_and_a_double_tap_changes_nothing(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1 1 1 1")
    version = table.snap(token).version
    response = table.client.post(f"/p/{token}/suspense", data={"manos": "3"})
    assert (response.status_code, response.headers["Location"]) == (303, f"/p/{token}")
    assert suspense_of(table, token) == 3
    assert table.snap(token).version == version + 1, "the big screen asks for itself again"
    assert table.page(token).flashes[-1:] == ["La pantalla grande no enseñará los puntos en las 3 últimas manos."]
    again = table.client.post(f"/p/{token}/suspense", data={"manos": "3"})
    assert again.status_code == 303
    assert table.page(token).flashes == ["La pantalla grande no enseñará los puntos en las 3 últimas manos."]
    assert (suspense_of(table, token), table.snap(token).version) == (3, version + 1), "sent twice: nothing more"
    assert choices(table.client.get(f"/p/{token}/suspense").get_data(as_text=True)) == ["0", "1", "3*", "4"]
    table.client.post(f"/p/{token}/suspense", data={"manos": "1"})
    assert table.page(token).flashes[-1:] == ["La pantalla grande no enseñará los puntos en la última mano."]
    table.client.post(f"/p/{token}/suspense", data={"manos": "0"})
    assert suspense_of(table, token) is None
    assert table.page(token).flashes[-1:] == ["La pantalla grande enseñará los puntos toda la partida."]


def test_any_number_of_hands_of_the_schedule_is_kept(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1 1 1 1 1 1 1")
    assert table.client.post(f"/p/{token}/suspense", data={"manos": "6"}).status_code == 303
    assert suspense_of(table, token) == 6
    assert choices(table.client.get(f"/p/{token}/suspense").get_data(as_text=True)) == ["0", "1", "3", "5", "6*", "7"]


@pytest.mark.parametrize("value", [None, "", "tres", "-1", "5", "99", "1.5", "²", "٣", "1" * 40])
def test_a_bad_value_is_refused_with_the_reason_and_nothing_changes(table: Table, value: str | None) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1 1 1 1")
    table.client.post(f"/p/{token}/suspense", data={"manos": "1"})
    before = table.snap(token).facts, table.snap(token).version
    page = table.read(table.client.post(f"/p/{token}/suspense", data={} if value is None else {"manos": value}))
    assert page.status == 422
    assert page.errors == "Elige cuántas manos del final se juegan sin ver los puntos: de 1 a 4, o ninguna."
    assert choices(page.html) == ["0", "1*", "3", "4"], "the form again, as stored"
    assert suspense_of(table, token) == 1
    assert (table.snap(token).facts, table.snap(token).version) == before


def test_the_reason_is_in_the_players_language(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1 1 1 1")
    page = table.read(table.client.post(f"/p/{token}/suspense", data={"manos": "9"}, headers={"Accept-Language": "en"}))
    assert page.status == 422
    assert page.errors == "Choose how many hands at the end are played without seeing the points: from 1 to 4, or none."
    assert "Suspense: hide the points at the end" in page.text


def test_the_watchers_address_finds_no_such_page(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1 1 1 1")
    watch = table.watch_token(token)
    assert table.client.get(f"/p/{watch}/suspense").status_code == 404
    assert table.client.post(f"/p/{watch}/suspense", data={"manos": "3"}).status_code == 404
    assert suspense_of(table, token) is None
    assert table.client.get(f"/p/{token}x/suspense").status_code == 404


def test_the_form_needs_its_token(
    app: Flask, client: FlaskClient, make_table: type[Table], csrf_token: Callable[..., str]
) -> None:
    guarded = make_table(app, client)
    start = {"names-0": "Ana", "names-1": "Bea", "names-2": "Carlos", "first_dealer": "0", "preset": "a_medida"}
    form = {**start, "custom_sizes": "1 1 1 1", "action": "start", "csrf_token": csrf_token("/partidas/nueva")}
    token = str(client.post("/partidas/nueva", data=form).headers["Location"]).removeprefix("/p/")
    for forged in ({}, {"csrf_token": "forged"}):
        page = guarded.read(client.post(f"/p/{token}/suspense", data={"manos": "3", **forged}))
        assert page.status == 400
        assert "La página ha caducado" in page.text
    assert suspense_of(guarded, token) is None
    sent = client.post(f"/p/{token}/suspense", data={"manos": "3", "csrf_token": csrf_token(f"/p/{token}/suspense")})
    assert sent.status_code == 303
    assert suspense_of(guarded, token) == 3
