"""The watchers' page (/ver/<token>): the hand being played, the bids, the sheet and the standings, read only; and the phone's list."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.storage import store

if TYPE_CHECKING:
    from support.table import Page, Table

FOUR = ["Ana", "Bea", "Carlos", "Dani"]  # Ana deals hand 1: Bea, Carlos, Dani, Ana bid
THREE = ["Ana", "Bea", "Carlos"]


def main_of(page: Page) -> str:
    """The HTML of the page's ``<main>`` (the part the script swaps)."""
    match = re.search(r"<main[^>]*>(.*)</main>", page.html, re.S)
    assert match
    return match.group(1)


def test_the_hand_being_played_follows_each_tap(table: Table) -> None:
    token = table.start(FOUR, dealer=0, preset="a_medida", custom_sizes="8 2 10")
    watch = table.watch_token(token)
    page = table.watch(watch)
    assert page.title == "Mano 1 de 3 8 cartas"
    assert page.role("Reparte") == "Ana"
    assert page.role("Es mano") == "Bea"
    assert page.role("Pinta") == ""
    assert page.order == ["Bea", "Carlos", "Dani", "Ana"]
    assert page.line("waiting") == "Falta la pinta"
    assert "Aún no hay manos guardadas." in page.text

    table.ok(token, "pinta", 1, value="C")
    page = table.watch(watch)
    assert page.role("Pinta") == "Copas"
    assert [(seat.name, seat.bid) for seat in page.seats] == [("Bea", ""), ("Carlos", ""), ("Dani", ""), ("Ana", "")]
    assert page.line("waiting") == "Le toca apostar a Bea"

    table.ok(token, "apuesta", 1, 1, 4)
    table.ok(token, "apuesta", 1, 2, 3)
    page = table.watch(watch)
    assert [(seat.name, seat.bid) for seat in page.seats] == [("Bea", "4"), ("Carlos", "3"), ("Dani", ""), ("Ana", "")]
    assert page.line("balance") == "Pedidas 7 de 8"
    assert page.line("waiting") == "Le toca apostar a Dani"

    table.ok(token, "apuesta", 1, 3, 0)
    table.ok(token, "apuesta", 1, 0, 2)
    table.ok(token, "renuncio", 1, 2, 1)
    table.ok(token, "bazas", 1, 1, 4)
    page = table.watch(watch)
    assert [(seat.name, seat.bid, seat.note) for seat in page.seats] == [
        ("Bea", "4", "4 bazas"),
        ("Carlos", "3", "1 renuncio"),
        ("Dani", "0", ""),
        ("Ana", "2", ""),
    ]
    assert page.line("waiting") == "Se está jugando la mano"
    assert page.line("left") == "Quedan 4 bazas"


def test_the_sheet_and_standings_are_the_scorekeepers(table: Table) -> None:
    token = table.start(THREE, dealer=0)
    table.seed(token, ("O", [1, 1, 0], [0, 1, 0]), ("E", [0, 0, 0], [1, 0, 0]))
    watched = table.watch(table.watch_token(token))
    kept = table.page(token)
    assert watched.sheet == [[re.sub(r"\s+", " ", cell) for cell in row] for row in kept.sheet]
    assert len(watched.sheet) == 2 and watched.totals == kept.totals
    assert watched.standings == kept.standings
    assert watched.title == kept.title == "Mano 3 de 29 1 carta"


def test_nothing_on_the_watch_page_can_change_the_game(table: Table) -> None:
    token = table.start(THREE, dealer=0)
    table.seed(token, ("O", [1, 1, 0], [0, 1, 0]))
    table.ok(token, "pinta", 2, value="B")
    table.ok(token, "apuesta", 2, 2, 0)
    page = table.watch(table.watch_token(token))
    main = main_of(page)
    assert "<form" not in main
    assert re.findall(r'<button[^>]*class="([^"]*)"', main) == [
        "button button-small hint-dismiss",  # the screen's hint, on this phone only
        "button button-small copy-button",
        "button button-small share-button",
    ]
    assert "corregir" not in page.html
    assert re.findall(r'<form[^>]*method="post"[^>]*action="([^"]*)"', page.html) == ["/idioma"], (
        "only the language switch posts"
    )
    assert page.sheet[0][0].startswith("1 "), "the hand number is shown as text, not a link"


def test_the_watch_page_works_without_script(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    page = table.watch(watch)
    assert re.search(rf'<a class="button button-small" href="/ver/{watch}">Actualizar</a>', page.html)
    assert re.search(rf'data-live="/ver/{watch}/en-directo"', page.html)
    assert "solo mirar" in page.text


def test_the_auction_of_a_subastado_is_shown(table: Table) -> None:
    token = table.start(FOUR, dealer=0, preset="a_medida", custom_sizes="10", subastado="1")
    watch = table.watch_token(token)
    assert "Subastado: no se pinta: se subasta quién elige la pinta." in table.watch(watch).text
    table.ok(token, "subasta", 1, 1, 3)
    page = table.watch(watch)
    assert page.list_of("said") == ["Bea: 3"]
    assert page.line("waiting") == "Le toca a Carlos"
    for seat, offer in ((2, 5), (3, 2), (0, 4)):
        table.ok(token, "subasta", 1, seat, offer)
    page = table.watch(watch)
    assert page.line("waiting") == "Carlos gana la subasta con 5: elige la pinta."
    assert page.role("Es mano") == "Carlos"


def test_the_end_of_the_game_is_shown(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="2 2")
    table.seed(token, ("O", [1, 0, 0], [1, 0, 1]), ("O", [1, 0, 0], [0, 0, 2]))
    page = table.watch(table.watch_token(token))
    assert page.title == ""
    assert "Resultado final" in page.text
    assert "Gana Bea con 20 puntos" in page.text


def test_names_are_escaped_on_the_watch_page(table: Table) -> None:
    token = table.start(["<b>x</b>", "Bea", "Carlos"], dealer=1)
    table.ok(token, "pinta", 1, value="O")
    page = table.watch(table.watch_token(token))
    assert "<b>x</b>" not in page.html and "&lt;b&gt;x&lt;/b&gt;" in page.html


def test_the_watch_page_is_in_the_phones_language(table: Table) -> None:
    token = table.start(THREE)
    page = table.read(table.client.get(f"/ver/{table.watch_token(token)}", headers={"Accept-Language": "en"}))
    assert page.status == 200
    assert '<html lang="en">' in page.html


# --- this phone's games ----------------------------------------------------------------------


def home_links(table: Table, client: object | None = None) -> list[str]:
    """The links of the home page's list of games."""
    return table.read((client or table.client).get("/")).links("game-link")  # type: ignore[attr-defined]


def test_a_watched_game_is_listed_with_a_link_to_watch_it(table: Table, game_app: Flask) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    other = game_app.test_client()
    other.get(f"/ver/{watch}")
    page = table.read(other.get("/"))
    assert page.links("game-link") == [f"/ver/{watch}"]
    assert page.list_of("game-list")[0].startswith("Ana, Bea, Carlos solo mirar Mano 1 de 29")
    assert f"/p/{token}" not in page.html


def test_kept_and_watched_games_newest_first(table: Table, game_app: Flask) -> None:
    first = table.start(THREE)
    second = table.start(FOUR)
    other = game_app.test_client()
    other.get(f"/ver/{table.watch_token(first)}")
    mine = table.__class__(game_app, other).start(FOUR)
    other.get(f"/ver/{table.watch_token(second)}")
    assert home_links(table, other) == [
        f"/ver/{table.watch_token(second)}",
        f"/p/{mine}",
        f"/ver/{table.watch_token(first)}",
    ]
    assert home_links(table) == [f"/p/{second}", f"/p/{first}"], "watching does not enter the scorekeeper's list"


def test_a_game_kept_and_watched_on_the_same_phone_is_listed_once_as_kept(table: Table) -> None:
    token = table.start(THREE)
    table.watch(table.watch_token(token))
    assert home_links(table) == [f"/p/{token}"]


def test_lists_from_before_watching_still_work(table: Table, game_app: Flask) -> None:
    token = table.start(THREE)
    other = game_app.test_client()
    with other.session_transaction() as session:
        session["games"] = [token, "not-a-game", 7]
    assert home_links(table, other) == [f"/p/{token}"]


def test_a_watched_game_that_is_gone_drops_out_of_the_list(table: Table, game_app: Flask) -> None:
    gone = table.start(THREE)
    kept = table.start(THREE)
    other = game_app.test_client()
    for token in (kept, gone):
        other.get(f"/ver/{table.watch_token(token)}")
    watch_kept = table.watch_token(kept)
    with table.app.app_context():
        db.session.delete(store.find_game(gone))
        db.session.commit()
    assert home_links(table, other) == [f"/ver/{watch_kept}"]
