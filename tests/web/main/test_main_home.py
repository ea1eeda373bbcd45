"""The home page as a newcomer meets it: «Nueva partida» first, then this phone's games (those going on first), the
other tools, and importing a saved game last, as a quiet link."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]


def test_new_game_comes_first_and_importing_last(table: Table) -> None:
    table.start(THREE)
    html = table.read(table.client.get("/")).html
    new_game = html.index('href="/partidas/nueva"')
    assert new_game < html.index('class="game-list"') < html.index('class="more-links"')
    assert html.index('class="more-links"') < html.index('<p class="quiet-link"><a href="/partidas/importar">')
    assert html.count("/partidas/importar") == 1


def test_the_games_going_on_come_before_the_finished_ones(table: Table) -> None:
    finished = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="2")
    table.seed(finished, ("O", [1, 0, 0], [1, 0, 1]))
    going_on = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="2 2")
    older = table.start(["Dani", "Eva", "Fede"], dealer=0)
    table.page(finished)  # opened last: newest in the list, yet finished
    page = table.read(table.client.get("/"))
    assert page.links("game-link") == [f"/p/{older}", f"/p/{going_on}", f"/p/{finished}"]
    assert page.list_of("game-list")[2].startswith("Ana, Bea, Carlos Terminada")
