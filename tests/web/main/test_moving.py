"""Moving phones: a phone's games and peñas carried by a link (and QR code) to another phone, after a confirmation."""

from __future__ import annotations

import re
from html import unescape
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from support.groups import make_peña
from support.table import Page

if TYPE_CHECKING:
    from support.table import Table

FOUR = ["Ana", "Bea", "Carlos", "Dani"]


def moving_link(page: Page) -> str:
    """The path and query of the moving link the page shows."""
    match = re.search(r'id="moving-link" type="url" value="([^"]+)"', page.html)
    assert match, "no moving link"
    parts = urlsplit(unescape(match.group(1)))
    return f"{parts.path}?{parts.query}"


def test_the_link_carries_the_games_and_peñas_to_another_phone_after_a_confirmation(
    table: Table, make_table: type[Table]
) -> None:
    kept = table.start(FOUR, dealer=0)
    other = make_table(table.app, table.app.test_client())
    watched = other.start(["Eva", "Fermín", "Gema"], dealer=0)
    assert table.client.get(f"/ver/{other.watch_token(watched)}").status_code == 200
    peña = make_peña(table.client, table.app, "Los del domingo")
    give = Page(table.client.get("/llevar"))
    assert give.status == 200
    assert give.items("lo-que-lleva") == [
        "Eva, Fermín, Gema solo mirar",
        "Ana, Bea, Carlos, Dani",
        "Peña «Los del domingo»",
    ]
    assert "<svg" in give.html, "with its QR code"
    link = moving_link(give)
    assert kept in link and peña.manage in link and f"~{other.watch_token(watched)}" in link
    new_phone = table.app.test_client()
    confirm = Page(new_phone.get(link))
    assert confirm.status == 200
    assert confirm.items("se-anade") == [
        "Eva, Fermín, Gema solo mirar",
        "Ana, Bea, Carlos, Dani",
        "Peña «Los del domingo»",
    ]
    assert Page(new_phone.get("/")).list_of("game-list") == [], "nothing is added before the button"
    query = dict(pair.split("=", 1) for pair in link.split("?", 1)[1].split("&"))
    response = new_phone.post("/recibir", data=query)
    assert response.status_code == 303
    home = Page(new_phone.get("/"))
    assert "Añadidas 2 partidas · 1 peña" in home.flashes
    assert [item.split(" Mano")[0] for item in home.list_of("game-list")] == [
        "Eva, Fermín, Gema solo mirar",
        "Ana, Bea, Carlos, Dani",
    ]
    assert new_phone.get(f"/p/{kept}").status_code == 200
    assert "Los del domingo" in home.part("my-groups") or "Los del domingo" in home.text


def test_addresses_that_lead_nowhere_are_listed_and_left_out(table: Table) -> None:
    kept = table.start(FOUR, dealer=0)
    deleted = table.start(["Eva", "Fermín", "Gema"], dealer=0)
    assert table.client.post(f"/p/{deleted}/borrar").status_code == 303
    phone = table.app.test_client()
    page = Page(phone.get(f"/recibir?p={kept}.{deleted}.nadaNada.%FF..x*y&n=tampoco"))
    assert page.status == 200
    assert page.items("se-anade") == [
        "Ana, Bea, Carlos, Dani",
        "Una partida que se ha borrado: no se añade.",
        "Un enlace que no lleva a ninguna partida ni peña: no se añade.",
        "Un enlace que no lleva a ninguna partida ni peña: no se añade.",
    ]
    empty = Page(phone.get("/recibir"))
    assert "Este enlace no lleva ninguna partida ni peña." in empty.errors
    nothing = phone.post("/recibir", data={"p": "nadaNada"})
    assert nothing.status_code == 200 and phone.get("/").get_data(as_text=True).count('class="game-link"') == 0


def test_a_phone_with_nothing_to_carry_says_so(table: Table) -> None:
    page = Page(table.app.test_client().get("/llevar"))
    assert page.status == 200
    assert "Este móvil aún no tiene partidas ni peñas que llevar." in page.text


def test_the_moving_pages_are_never_cached_nor_indexed(table: Table) -> None:
    table.start(FOUR, dealer=0)
    for address in ("/llevar", "/recibir?p=abc"):
        response = table.client.get(address)
        assert response.headers["Cache-Control"] == "no-store", address
    assert table.client.get("/recibir?p=abc").headers["X-Robots-Tag"] == "noindex, nofollow"
    assert "Disallow: /recibir" in table.client.get("/robots.txt").get_data(as_text=True)
