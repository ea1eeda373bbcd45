"""«Deshacer el sorteo» on a night's page (POST /pena/<token>/noche/<n>/deshacer-sorteo): offered to the manager in the
latest round while none of its tables has begun; the round's games deleted (their addresses say so, the peña's league
no longer counts them) and the round drawn again with whoever is there now; refused once a table said anything, and
from the lookers' address; a second tap or an old page changes nothing; the room's screen and the tables' sheet
follow.

Every test runs on SQLite and on PostgreSQL (the ``table`` fixture).
"""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from support.groups import Peña, make_peña, stored_group
from support.night_pages import (
    finish_round,
    keeper_tokens,
    make_night_with_form,
    night_page,
    night_rows,
    post_draw,
    round_section,
    round_tables,
)
from support.pages import addresses_of
from support.played_nights import THIRTEEN
from support.table import Page, Table

#: The one line under the button.
UNTIL = "Se puede deshacer hasta que una mesa empiece a jugar."


def undo_address(peña: Peña, night: int) -> str:
    """The manager's address of «Deshacer el sorteo»."""
    return f"/pena/{peña.manage}/noche/{night}/deshacer-sorteo"


def post_undo(table: Table, peña: Peña, night: int, round_number: int | str, client: FlaskClient | None = None) -> Page:
    """POST «Deshacer el sorteo» of round ``round_number`` (from ``client``, else the table's phone)."""
    phone = client or table.client
    return Page(phone.post(undo_address(peña, night), data={"round": str(round_number)}))


def watch_tokens(page: Page, number: int) -> list[str]:
    """The watchers' tokens of round ``number``'s tables, from their «Mirar» links."""
    return re.findall(r'class="button button-secondary table-watch" href="/ver/([^"]+)"', round_section(page, number))


def undo_form_fields(page: Page) -> dict[str, str]:
    """What the page's one «Deshacer el sorteo» form sends: its hidden fields but the form token."""
    form = re.search(r'<form method="post" action="[^"]+" class="night-undo">(.*?)</form>', page.html, re.S)
    assert form, "no undo form"
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form.group(1)))
    fields.pop("csrf_token", None)
    return fields


def undo_forms(page: Page) -> list[tuple[str, str]]:
    """Each «Deshacer el sorteo» form on the page: its address and the round it sends."""
    forms = re.findall(r'<form method="post" action="([^"]+)" class="night-undo">(.*?)</form>', page.html, re.S)
    found = []
    for action, body in forms:
        sent = re.search(r'<input type="hidden" name="round" value="(\d+)">', body)
        assert sent and "Deshacer el sorteo" in body and UNTIL in body, body
        found.append((action, sent.group(1)))
    return found


def a_drawn_night(table: Table, rounds: str = "3") -> tuple[Peña, int]:
    """A peña with a night of thirteen whose first round is drawn."""
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN, rounds=rounds)
    assert post_draw(table.client, peña, number, 1).status_code == 303
    return peña, number


def test_the_manager_undoes_the_draw_and_draws_again_with_who_came_since(table: Table) -> None:
    peña, number = a_drawn_night(table)
    page = night_page(table.client, peña, number)
    assert undo_forms(page) == [(undo_address(peña, number), "1")]
    assert "Deshacer el sorteo" in round_section(page, 1)
    tokens, watches = keeper_tokens(page, 1), watch_tokens(page, 1)
    ids = stored_group(table.app, peña)["games"]
    assert len(tokens) == len(watches) == len(ids) == 3
    arrived = table.client.post(f"/pena/{peña.manage}/noche/{number}/llega", data={"name": "Zoe"})
    assert arrived.status_code == 303

    undone = table.client.post(undo_address(peña, number), data={"round": "1"})
    assert undone.status_code == 303 and undone.headers["Location"].endswith(f"/noche/{number}#quien-juega")
    page = Page(table.client.get(undone.headers["Location"]))
    assert "Sorteo de la ronda 1 deshecho: sus partidas se han borrado." in " ".join(page.flashes)
    assert "Sin sortear" in page.text and "Sortear la ronda 1" in page.text and undo_forms(page) == []
    assert "14 jugadores: mesas de 5, 5 y 4." in page.text, "Zoe, who came after the draw, plays round 1"
    assert stored_group(table.app, peña)["games"] == [], "the peña's league no longer counts them"
    league = Page(table.client.get(f"/pena/{peña.manage}"))
    assert not any(watch in league.html for watch in watches)

    for token, watch in zip(tokens, watches, strict=True):
        for address in (f"/p/{token}", f"/ver/{watch}"):
            gone = Page(table.client.get(address))
            assert gone.status == 410 and "Esta partida se ha borrado" in gone.html, address
        assert table.client.post(f"/p/{token}/pinta", data={"hand": "1", "value": "O"}).status_code == 410

    assert post_draw(table.client, peña, number, 1).status_code == 303
    page = night_page(table.client, peña, number)
    seats = round_tables(page, 1)
    assert sorted(name for players in seats for name in players) == sorted([*THIRTEEN, "Zoe"])
    assert not set(keeper_tokens(page, 1)) & set(tokens), "new games, new addresses"


def test_the_button_is_for_the_manager_in_the_latest_round_until_a_table_says_its_trump(table: Table) -> None:
    peña, number = a_drawn_night(table)
    looked = night_page(table.app.test_client(), peña, number, looking=True)
    assert "Deshacer" not in looked.text and "deshacer-sorteo" not in looked.html
    tokens = keeper_tokens(night_page(table.client, peña, number), 1)
    table.ok(tokens[1], "pinta", 1, value="O")
    page = night_page(table.client, peña, number)
    assert undo_forms(page) == [] and UNTIL not in page.text

    other, second = a_drawn_night(table, rounds="2")
    finish_round(table, other, second, 1)
    assert undo_forms(night_page(table.client, other, second)) == [], "a round played is no draw to undo"
    assert post_draw(table.client, other, second, 2).status_code == 303
    page = night_page(table.client, other, second)
    assert undo_forms(page) == [(undo_address(other, second), "2")]
    assert "Deshacer el sorteo" in round_section(page, 2) and "Deshacer" not in round_section(page, 1)


@pytest.mark.parametrize("language", ["es", "en"])
def test_a_draw_whose_table_said_its_trump_is_not_undone_and_says_why(table: Table, language: str) -> None:
    peña, number = a_drawn_night(table)
    tokens = keeper_tokens(night_page(table.client, peña, number), 1)
    table.ok(tokens[2], "pinta", 1, value="C")  # a trump said: the table has begun
    before = night_rows(table.app)
    client = table.app.test_client()
    client.set_cookie("lang", language)
    refused = post_undo(table, peña, number, 1, client)
    message = {
        "es": "La mesa 3 ya ha empezado a jugar: el sorteo de la ronda 1 ya no se puede deshacer",
        "en": "Table 3 has started playing: the draw of round 1 can no longer be undone",
    }[language]
    assert refused.status == 422 and message in refused.errors
    assert 'id="undo-error"' in round_section(refused, 1)
    assert night_rows(table.app) == before
    assert table.page(tokens[2]).status == 200


def test_a_second_tap_or_an_old_page_finds_nothing_to_undo_and_changes_nothing(table: Table) -> None:
    peña, number = a_drawn_night(table, rounds="2")
    assert post_undo(table, peña, number, 1).status == 303
    before = night_rows(table.app)
    other = table.app.test_client()  # a second phone, or the same one tapping twice
    again = other.post(undo_address(peña, number), data={"round": "1"})
    assert again.status_code == 303 and again.headers["Location"].endswith("#quien-juega")
    assert night_rows(table.app) == before
    assert "El sorteo de la ronda 1 ya estaba deshecho." in Page(other.get(again.headers["Location"])).flashes

    post_draw(table.client, peña, number, 1)
    finish_round(table, peña, number, 1)
    post_draw(table.client, peña, number, 2)
    before = night_rows(table.app)
    old = other.post(undo_address(peña, number), data={"round": "1"})  # a page from before round 2's draw
    assert old.status_code == 303 and old.headers["Location"].endswith("#ronda-2")
    assert night_rows(table.app) == before
    note = "Ya se ha sorteado la ronda 2: el sorteo de la ronda 1 se queda."
    assert note in Page(other.get(old.headers["Location"])).flashes


def test_a_page_from_before_the_draw_was_made_again_does_not_undo_the_new_draw(table: Table) -> None:
    peña, number = a_drawn_night(table)
    stale = undo_form_fields(night_page(table.client, peña, number))  # a second phone keeps this page open
    assert set(stale) == {"round", "drawn"} and stale["round"] == "1"
    assert table.client.post(undo_address(peña, number), data=stale).status_code == 303
    assert post_draw(table.client, peña, number, 1).status_code == 303
    before = night_rows(table.app)
    old = table.app.test_client().post(undo_address(peña, number), data=stale)
    assert old.status_code == 303 and old.headers["Location"].endswith("#ronda-1")
    assert night_rows(table.app) == before, "the draw made again stays"
    fresh = undo_form_fields(night_page(table.client, peña, number))
    assert fresh["drawn"] != stale["drawn"]
    assert table.client.post(undo_address(peña, number), data=fresh).status_code == 303
    assert night_rows(table.app) != before, "the page that saw this draw undoes it"


@pytest.mark.parametrize("asked", ["", "x", "0", "-1", "4", "99999999"])
def test_a_round_that_is_no_round_of_the_night_is_refused(table: Table, asked: str) -> None:
    peña, number = a_drawn_night(table)
    before = night_rows(table.app)
    refused = post_undo(table, peña, number, asked)
    assert refused.status == 422
    assert "Ese sorteo no se puede deshacer: vuelve a la página de la noche" in refused.errors
    assert night_rows(table.app) == before


def test_nothing_drawn_is_nothing_to_undo(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:4])
    before = night_rows(table.app)
    assert undo_forms(night_page(table.client, peña, number)) == []
    quiet = table.client.post(undo_address(peña, number), data={"round": "1"})
    assert quiet.status_code == 303 and night_rows(table.app) == before


def test_the_lookers_address_and_a_tables_token_undo_nothing(table: Table) -> None:
    peña, number = a_drawn_night(table)
    token = keeper_tokens(night_page(table.client, peña, number), 1)[0]
    before = night_rows(table.app)
    for address in (
        f"/pena/{peña.look}/noche/{number}/deshacer-sorteo",
        f"/pena/ver/{peña.look}/noche/{number}/deshacer-sorteo",
        f"/pena/ver/{peña.manage}/noche/{number}/deshacer-sorteo",
        f"/pena/{token}/noche/{number}/deshacer-sorteo",
        f"/pena/{peña.manage}/noche/{number + 1}/deshacer-sorteo",
    ):
        status = table.client.post(address, data={"round": "1"}).status_code
        assert status in (404, 405), (address, status)
    assert table.client.get(undo_address(peña, number)).status_code == 405
    assert night_rows(table.app) == before


def test_the_rooms_screen_and_the_tables_sheet_follow_an_undone_draw(table: Table) -> None:
    peña, number = a_drawn_night(table, rounds="2")
    screen = f"/pena/ver/{peña.look}/noche/{number}/pantalla"
    sheet = f"/pena/{peña.manage}/noche/{number}/mesas"
    drawn = table.client.get(screen)
    assert "Sorteo de la ronda 1: busca tu mesa" in Page(drawn).text
    tokens = keeper_tokens(night_page(table.client, peña, number), 1)
    assert all(token in table.client.get(sheet).get_data(as_text=True) for token in tokens)

    post_undo(table, peña, number, 1)
    live = table.client.get(f"{screen}/en-directo", headers={"If-None-Match": drawn.headers["ETag"]})
    assert live.status_code == 200 and live.headers["ETag"] != drawn.headers["ETag"], "the screen draws it again"
    waiting = Page(table.client.get(screen))
    assert "Esperando el sorteo" in waiting.text and "busca tu mesa" not in waiting.text
    assert not any(token in waiting.html for token in tokens)
    empty = Page(table.client.get(sheet))
    assert "La hoja de las mesas sale con el primer sorteo" in empty.text
    assert not any(token in empty.html for token in tokens)
    assert table.client.get(f"{sheet}?ronda=1").status_code == 404

    post_draw(table.client, peña, number, 1)
    first = finish_round(table, peña, number, 1)
    post_draw(table.client, peña, number, 2)
    second = keeper_tokens(night_page(table.client, peña, number), 2)
    post_undo(table, peña, number, 2)
    page = Page(table.client.get(sheet))
    assert all(token in page.html for token in first) and not any(token in page.html for token in second)
    assert addresses_of(round_section(night_page(table.client, peña, number), 1), "Hoja de mesas para imprimir")
    shown = Page(table.client.get(screen))
    assert "Ronda 1 de 2" in shown.text and "Terminada: gana" in shown.text
