"""The new-game form's memory: names used before (this phone's games, the peña's players), the quick game, and the
schedule asked of the engine as the choices change (/partidas/nueva/calendario)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from support.groups import add_game, make_peña
from support.pages import text_of
from support.table import Page, new_game_form

if TYPE_CHECKING:
    from support.table import Table


def chips(page: Page) -> list[str]:
    """The names offered, in order."""
    return [text_of(chip) for chip in re.findall(r'<button type="submit" class="chip"[^>]*>(.*?)</button>', page.html)]


def test_names_used_before_are_offered_most_games_first_one_spelling_each(table: Table) -> None:
    table.start(["María José", "Bea", "Carlos"], dealer=0)
    table.start(["maria jose", "Bea", "Zoe", "Íñigo"], dealer=0)
    table.start(["María José", "Bea", "Zoe"], dealer=0)
    page = Page(table.client.get("/partidas/nueva"))
    assert chips(page) == ["Bea", "María José", "Zoe", "Carlos", "Íñigo"]
    assert 'data-key="maria jose"' in page.html
    assert chips(Page(table.app.test_client().get("/partidas/nueva"))) == [], "another phone's names are its own"


def test_a_suggested_name_goes_to_the_next_empty_seat_without_script(table: Table) -> None:
    table.start(["Ana", "Bea", "Carlos"], dealer=0)
    data = new_game_form(["Bea"], dealer="azar", action="nombre:Carlos")
    response = table.client.post("/partidas/nueva", data=data)
    assert response.status_code == 303
    page = Page(table.client.get(response.headers["Location"]))
    assert page.value("names-0") == "Bea" and page.value("names-1") == "Carlos"
    again = table.client.post("/partidas/nueva", data=new_game_form(["Bea", "Carlos"], action="nombre:carlos"))
    assert Page(table.client.get(again.headers["Location"])).value("names-2") == "", (
        "a name already there is not added twice"
    )


def test_the_peñas_players_are_offered_when_starting_from_the_peña(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    other = table.app.test_client()
    from support.table import Table as PhoneTable

    far = PhoneTable(table.app, other)
    token = far.start(["Rosa", "Luis", "Pepe"], dealer=0)
    assert add_game(table.client, peña, f"/p/{token}").status_code == 303
    page = Page(table.client.get(f"/partidas/nueva?pena={peña.manage}"))
    assert set(chips(page)) == {"Rosa", "Luis", "Pepe"}


def test_the_name_box_stops_at_the_longest_name_and_the_dealer_list_offers_the_names_typed(table: Table) -> None:
    page = Page(table.client.get("/partidas/nueva"))
    assert page.html.count('maxlength="20"') == 8
    assert 'data-limit-reached="Ya no caben más letras: como mucho 20"' in page.html
    typed = Page(
        table.client.get("/partidas/nueva?" + urlencode({"names-0": "Ana", "names-1": "Bea", "names-2": "Carlos"}))
    )
    options = re.findall(
        r'<option[^>]*value="([^"]*)"[^>]*>([^<]*)</option>',
        typed.html.split('id="first_dealer"')[1].split("</select>")[0],
    )
    assert [label for _value, label in options] == ["Al azar", "Ana", "Bea", "Carlos"]


def test_the_quick_game_says_what_it_is_and_has_ten_hands(table: Table) -> None:
    page = Page(table.client.get("/partidas/nueva"))
    assert '<option value="rapida">Rápida (10 manos)</option>' in page.html
    token = table.start(["Ana", "Bea", "Carlos", "Dani"], dealer=0, preset="rapida")
    assert table.snap(token).plan is not None
    quick = Page(table.client.get("/partidas/nueva?preset=rapida&calendario=1"))
    assert "10 manos con 4 jugadores" in quick.text
    assert "Diez manos con cualquier número de jugadores" in quick.text


def preview(table: Table, **fields: str) -> dict[str, object]:
    """The schedule the form's ``fields`` make, as the form's script asks for it."""
    response = table.client.get("/partidas/nueva/calendario?" + urlencode(fields))
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/json"
    answer = response.get_json()
    assert isinstance(answer, dict)
    return answer


def test_the_preview_follows_the_preset_and_every_option(table: Table) -> None:
    assert preview(table)["hands"] == 28
    quick = preview(table, preset="rapida")
    assert quick["sizes"] == [1, 2, 3, 4, 5, 5, 4, 3, 2, 1]
    assert "10 manos con 4 jugadores" in text_of(str(quick["html"]))
    assert preview(table, preset="corta")["hands"] == 22
    assert preview(table, preset="clasica", closing_ones="none")["hands"] == 24
    five = preview(table, **{f"names-{i}": name for i, name in enumerate("ABCDE")})
    assert five["players"] == 5 and five["hands"] == 27
    broken = preview(table, preset="a_medida", custom_sizes="1 99")
    assert broken["hands"] == 0 and broken["error"]
    assert broken["error"] in text_of(str(broken["html"]))
    english = table.client.get("/partidas/nueva/calendario?preset=rapida", headers={"Accept-Language": "en"}).get_json()
    assert "10 hands with 4 players" in text_of(english["html"])
    for junk in ("preset=%FF", "max_hands=9999999999999999999999", "custom_sizes=" + "1+" * 500, "indias=x"):
        assert table.client.get(f"/partidas/nueva/calendario?{junk}").status_code == 200, junk
