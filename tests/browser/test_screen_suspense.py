"""The big screen's suspense on a television (1920×1080): the scorekeeper sets it on its page, the table plays to the
end, the screen shows no points for the last hands, then reveals the places from last to first, one at a time, then
the podium; a screen drawn after the reveal shows the result at once, and without motion everything comes at once."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page, expect
from test_pena_pages import NO_SCROLL, TEXT_SIZES, TV

from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import utcnow

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, Table

FOUR = ("Ana", "Bea", "Ciro", "Dani")
HIDDEN = "Puntos ocultos hasta el final"
Played = tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
#: Five one-card hands (trump, bidding order, bids and tricks by seat). Totals after hand 2: 20, 5, 5, 20; at the
#: end Dani 55, Ana 50, Bea 20, Ciro 5.
HANDS: tuple[Played, ...] = (
    ("O", (1, 2, 3, 0), (0, 0, 0, 0), (0, 1, 0, 0)),
    ("C", (2, 3, 0, 1), (0, 0, 0, 0), (0, 0, 1, 0)),
    ("E", (3, 0, 1, 2), (0, 0, 1, 1), (0, 0, 0, 1)),
    ("B", (0, 1, 2, 3), (0, 0, 0, 0), (0, 0, 1, 0)),
    ("O", (1, 2, 3, 0), (0, 0, 0, 0), (0, 1, 0, 0)),
)
#: When each place of the standings, then the podium, is first drawn at least half opaque (ms after the call).
APPEARANCES = """() => new Promise((resolve) => {
    const start = performance.now();
    const seen = {};
    const look = () => {
        const shown = [...document.querySelectorAll('#clasificacion .screen-row')]
            .map((row) => [row.querySelector('.who').textContent, row]);
        shown.push(['podio', document.querySelector('#podio')]);
        for (const [name, element] of shown) {
            if (!(name in seen) && parseFloat(getComputedStyle(element).opacity) > 0.5) {
                seen[name] = performance.now() - start;
            }
        }
        if (Object.keys(seen).length === shown.length) resolve(seen);
        else requestAnimationFrame(look);
    };
    look();
})"""


def television(make_phone: PhoneFactory, **options: Any) -> Page:
    """A television in the room: 1920×1080, no touch."""
    return make_phone(viewport=TV, screen=TV, is_mobile=False, has_touch=False, device_scale_factor=1, **options)


def check_readable(tv: Page) -> None:
    """Nothing scrolls, and every text is drawn 28 px or more."""
    width, height = tv.evaluate(NO_SCROLL)
    assert width <= 1920 and height <= 1080, (width, height)
    small = [size for size in tv.evaluate(TEXT_SIZES) if size[2] < 28]
    assert small == [], small


def set_suspense(phone: Page, token: str, label: str) -> None:
    """From the game page's share panel, open the big screen's page and choose ``label``."""
    phone.goto(f"/p/{token}")
    with phone.expect_navigation():
        phone.locator("#compartir").get_by_role("link", name="Pantalla grande…").tap()
    phone.get_by_label(label, exact=True).check()
    with phone.expect_navigation():
        phone.get_by_role("button", name="Guardar", exact=True).tap()
    expect(phone.locator(".flashes")).to_contain_text("La pantalla grande no enseñará los puntos")


def play(table: Table, number: int, hand: Played, before_last_bid: Callable[[], None] | None = None) -> None:
    """Play hand ``number`` on the phone."""
    trump, order, bids, tricks = hand
    table.play_hand(number, FOUR, order, trump, bids, tricks, before_last_bid=before_last_bid)


def test_the_big_screen_hides_the_last_hands_then_reveals_the_places_one_by_one(
    table: Table, make_phone: PhoneFactory, live_server: LiveServer
) -> None:
    token = table.start(FOUR, 0, "a_medida", custom_sizes="1 1 1 1 1")
    set_suspense(table.page, token, "Toda la partida")
    set_suspense(table.page, token, "Las 3 últimas manos")  # changed: hands 3 to 5
    with table.page.expect_navigation():
        table.page.locator("#compartir").get_by_role("link", name="Pantalla grande…").tap()
    expect(table.page.get_by_label("Las 3 últimas manos", exact=True)).to_be_checked()
    with table.page.expect_navigation():
        table.page.get_by_role("link", name="Volver a la partida").tap()
    watch = watch_token(live_server, token)

    tv = television(make_phone)
    tv.goto(f"/ver/{watch}/pantalla")
    expect(tv.locator("#clasificacion .points")).to_have_count(4)  # hand 1: the points shown
    play(table, 1, HANDS[0])
    expect(tv.locator("#ultima-mano")).to_contain_text("Mano 1", timeout=15_000)
    expect(tv.locator("#clasificacion .points").first).to_have_text("10")
    play(table, 2, HANDS[1])
    expect(tv.locator("#clasificacion")).to_contain_text(HIDDEN, timeout=15_000)  # hand 3: hidden
    check_readable(tv)
    points = "#en-vivo .points, #en-vivo .position, #grafico, #ultima-mano, #podio"

    def nothing_of_points() -> None:
        """The screen shows the hand being played and the bids said, nothing of points."""
        expect(tv.locator("#mano")).to_contain_text("pide 1", timeout=15_000)  # Dani's bid
        expect(tv.locator("#clasificacion")).to_contain_text(HIDDEN)
        assert tv.locator(points).count() == 0

    play(table, 3, HANDS[2], before_last_bid=nothing_of_points)
    for number in (4, 5):
        expect(tv.locator("#mano")).to_contain_text(f"Mano {number} de 5", timeout=15_000)
        assert tv.locator(points).count() == 0
        play(table, number, HANDS[number - 1])
    expect(tv.locator(".screen-reveal")).to_have_count(1, timeout=15_000)
    seen = tv.evaluate(APPEARANCES)
    order = sorted(seen, key=seen.get)
    assert order == ["Ciro", "Bea", "Ana", "Dani", "podio"], seen
    times = [seen[name] for name in order]
    assert all(later - earlier > 1500 for earlier, later in itertools.pairwise(times)), seen  # one at a time
    expect(tv.locator("#podio .who")).to_have_text(["Dani", "Ana", "Bea"])
    expect(tv.locator("#clasificacion .points")).to_have_text(["55", "50", "20", "5"])
    expect(tv.locator("#grafico")).to_be_visible()
    tv.wait_for_timeout(1000)  # the last fade
    check_readable(tv)

    with live_server.app.app_context():  # long after the end: a screen drawn now shows the result at once
        game = store.find_game(token)
        assert game is not None and game.finished_at is not None
        game.finished_at = utcnow() - timedelta(minutes=2)
        db.session.commit()
    tv.reload()
    expect(tv.locator("#podio")).to_be_visible()
    assert tv.locator(".screen-reveal").count() == 0
    assert tv.evaluate("() => getComputedStyle(document.querySelector('#podio')).opacity") == "1"


def test_without_motion_the_reveal_shows_everything_at_once(
    table: Table, make_phone: PhoneFactory, live_server: LiveServer
) -> None:
    token = table.start(FOUR, 0, "a_medida", custom_sizes="1")
    set_suspense(table.page, token, "Toda la partida")
    table.page.goto(f"/p/{token}")
    play(table, 1, ("C", (1, 2, 3, 0), (1, 1, 0, 0), (0, 1, 0, 0)))  # Bea alone first
    tv = television(make_phone, reduced_motion="reduce")
    tv.goto(f"/ver/{watch_token(live_server, token)}/pantalla")
    expect(tv.locator(".screen-reveal")).to_have_count(1)  # the reveal is under way
    opacities = tv.evaluate(
        "() => [...document.querySelectorAll('#clasificacion .screen-row, #podio')]"
        ".map((element) => getComputedStyle(element).opacity)"
    )
    assert opacities == ["1"] * 5, opacities


def watch_token(live_server: LiveServer, token: str) -> str:
    """The watchers' token of game ``token``."""
    with live_server.app.app_context():
        game = store.find_game(token)
        assert game is not None
        return game.watch_token
