"""The language switch at the foot of every page: the five languages, each named in itself, on one line of a 390 px
phone, each a thumb's height; a tap changes the page's language and the choice is kept; a watcher's phone keeps its
own language whatever the scorekeeper's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import expect

from scorekeeper.plumbing.languages import LANGUAGE_NAMES
from support.paper_games import store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory

MIN_TAP = 44


def test_the_five_languages_stay_on_one_line_of_a_390_px_phone(make_phone: PhoneFactory) -> None:
    phone = make_phone(viewport={"width": 390, "height": 844})
    phone.goto("/")
    buttons = phone.locator(".language-switch button")
    expect(buttons).to_have_text(list(LANGUAGE_NAMES.values()))
    boxes = [buttons.nth(i).bounding_box() for i in range(buttons.count())]
    assert all(box is not None for box in boxes)
    tops = {round(box["y"]) for box in boxes if box}
    assert len(tops) == 1, f"the languages take {len(tops)} lines: {boxes}"
    assert all(box["height"] >= MIN_TAP and box["width"] >= MIN_TAP for box in boxes if box), boxes
    assert all(box["x"] + box["width"] <= 390 for box in boxes if box), boxes


def test_a_choice_is_kept_and_a_watcher_keeps_their_own_language(
    make_phone: PhoneFactory, live_server: LiveServer
) -> None:
    token, watch = store_game(live_server.app, ("Ane", "Jon", "Miren"), [])
    keeper = make_phone(locale="es-ES")
    keeper.goto(f"/p/{token}")
    with keeper.expect_navigation():
        keeper.get_by_role("button", name="Euskara").tap()
    expect(keeper.locator("html")).to_have_attribute("lang", "eu")
    expect(keeper).to_have_url(f"{live_server.url}/p/{token}")  # back on the page it was chosen on
    keeper.goto("/")
    expect(keeper.locator("html")).to_have_attribute("lang", "eu")  # kept

    watcher = make_phone(locale="ca-ES")  # a Catalan phone that chose nothing
    watcher.goto(f"/ver/{watch}")
    expect(watcher.locator("html")).to_have_attribute("lang", "ca")
