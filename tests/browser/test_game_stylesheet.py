"""The scorekeeper's game page asks for one stylesheet of its own (static/css/game.css: Pocha's without the home
page and the new-game form, and the paper view's): the page looks exactly as it does with the two every other
page takes (pocha.css and paper.css), light and dark, at the start, in a long game and at the end, its folding
parts open or closed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from flask import url_for

from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory

EIGHT = ("Íñigo", "Begoña", "Carlos", "Dani", "Elena", "Fermín", "Gloria", "Hugo")
FOUR = ("Ana", "Bea", "Carlos", "Dani")
# The page's stylesheets swapped for others, resolved once all of them have loaded.
SWAP = """(addresses) => new Promise((done) => {
  document.querySelectorAll('link[rel=stylesheet]').forEach((link) => link.remove());
  let loaded = 0;
  for (const address of addresses) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = address;
    link.onload = () => { loaded += 1; if (loaded === addresses.length) done(); };
    document.head.appendChild(link);
  }
})"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_game_page_looks_the_same_with_its_own_stylesheet(
    scheme: str, live_server: LiveServer, make_phone: PhoneFactory
) -> None:
    games = {
        "start": store_game(live_server.app, FOUR, [])[0],
        "long": store_game(live_server.app, EIGHT, classic_game(8)[:28])[0],
        "over": store_game(live_server.app, FOUR, classic_game(4))[0],
    }
    with live_server.app.test_request_context():
        own = url_for("static", filename="css/game.css")
        every_page = [url_for("static", filename="css/pocha.css"), url_for("static", filename="css/paper.css")]
    for name, token in games.items():
        for folded in (True, False):
            phone = make_phone(color_scheme=scheme)
            phone.goto(f"/p/{token}")
            phone.wait_for_load_state("networkidle")
            asked = phone.eval_on_selector_all(
                "link[rel=stylesheet]", "links => links.map(l => l.getAttribute('href'))"
            )
            assert asked == [own], (name, asked)
            if not folded:  # the panels opened
                phone.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
            # what the page shows loaded, lazy images too: a full-page screenshot brings them into view, and one still
            # loading in the first screenshot would be drawn in the second
            phone.evaluate("document.querySelectorAll('img').forEach((image) => { image.loading = 'eager'; })")
            phone.wait_for_function("() => Array.from(document.images).every((image) => image.complete)")
            if not folded:
                # the sheet as on paper, asked for when its box is opened, in place
                phone.wait_for_function(
                    "() => !document.getElementById('hoja-papel') || !!document.querySelector('#hoja-papel .sheet-paper')"
                )
            with_own = phone.screenshot(full_page=True, animations="disabled", scale="css")
            phone.evaluate(SWAP, every_page)
            with_two = phone.screenshot(full_page=True, animations="disabled", scale="css")
            assert with_own == with_two, f"{name}, {'folded' if folded else 'unfolded'}: the page looks different"
            phone.context.close()
