"""The screen stays on during a game: over the Wi-Fi's plain HTTP (no Wake Lock) a silent looping video starts on the
first tap and stops when the page is hidden or the game ends; on this computer the Wake Lock is used and no video
plays; the hint about the phone's settings shows near the top only where neither works, until dismissed."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Page, Route, expect

from scorekeeper.engine import schedule, trump_code
from support.paper_games import CLASSIC, classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, TableFactory

    from support.lan_server import LanServer

#: The page marked as keeping the screen on (whatever other marks it has).
AWAKE = re.compile(r"(^|\s)awake(\s|$)")

FOUR = ("Ana", "Bea", "Ciro", "Dani")
HIDE = """() => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  document.dispatchEvent(new Event("visibilitychange"));
}"""
SHOW = """() => {
  delete document.hidden;
  delete document.visibilityState;
  document.dispatchEvent(new Event("visibilitychange"));
}"""
VIDEO = "video.awake-video"


def video_state(page: Page) -> dict[str, object]:
    """Whether the screen's video exists, is paused, where it is, and what it plays."""
    state: dict[str, object] = page.evaluate(
        """(selector) => {
          const video = document.querySelector(selector);
          return video ? { made: true, paused: video.paused, time: video.currentTime, source: video.currentSrc,
                           muted: video.muted, loop: video.loop, inline: video.playsInline }
                       : { made: false, paused: true, time: 0, source: "" };
        }""",
        VIDEO,
    )
    return state


def expect_playing(page: Page) -> None:
    """The video plays: not paused, and its time moves on."""
    page.wait_for_function(f"() => {{ const v = document.querySelector('{VIDEO}'); return v && !v.paused; }}")
    before = float(str(video_state(page)["time"]))
    page.wait_for_function(
        f"(before) => {{ const v = document.querySelector('{VIDEO}'); return v && !v.paused && v.currentTime !== before; }}",
        arg=before,
        timeout=5_000,
    )


def expect_still(page: Page) -> None:
    """No video plays: there is none, or it is paused and its time stays."""
    page.wait_for_function(f"() => {{ const v = document.querySelector('{VIDEO}'); return !v || v.paused; }}")
    before = video_state(page)["time"]
    page.wait_for_timeout(400)
    after = video_state(page)
    assert after["paused"] is True and after["time"] == before, after


def tap_the_title(page: Page) -> None:
    """A tap on the page that changes nothing (the hand's title): a user's gesture."""
    page.locator("#hand-title").tap()


def test_without_wake_lock_the_video_starts_on_the_first_tap_and_stops_when_the_page_is_hidden(
    make_lan_phone: PhoneFactory, lan_server: LanServer
) -> None:
    token, _watch = store_game(lan_server.app, FOUR, classic_game(4)[:3])
    phone = make_lan_phone()
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    phone.goto(f"/p/{token}")
    assert phone.evaluate("() => [window.isSecureContext, 'wakeLock' in navigator]") == [False, False]
    phone.wait_for_timeout(500)
    expect_still(phone)  # nothing before a tap
    expect(phone.locator("html")).not_to_have_class(AWAKE)

    tap_the_title(phone)
    expect_playing(phone)
    state = video_state(phone)
    assert (state["muted"], state["loop"], state["inline"]) == (True, True, True)
    assert str(state["source"]).startswith(f"{lan_server.url}/static/media/awake."), state  # Pocha's own file
    expect(phone.locator("html")).to_have_class(AWAKE)
    expect(phone.locator("#pantalla")).to_be_hidden()  # it works: no hint

    phone.evaluate(HIDE)  # another app in front
    expect_still(phone)
    expect(phone.locator("html")).not_to_have_class(AWAKE)
    phone.evaluate(SHOW)  # back: the next tap starts it again
    expect_still(phone)
    tap_the_title(phone)
    expect_playing(phone)
    assert errors == []


def test_the_video_stops_when_the_game_ends(
    make_lan_phone: PhoneFactory, make_table: TableFactory, lan_server: LanServer
) -> None:
    records = classic_game(4)
    token, _watch = store_game(lan_server.app, FOUR, records[:-1])
    phone = make_lan_phone()
    phone.goto(f"/p/{token}")
    tap_the_title(phone)
    expect_playing(phone)

    last, record = schedule(4, 0, CLASSIC)[-1], records[-1]
    table = make_table(phone)
    table.play_hand(last.number, FOUR, last.bidding_order, trump_code(record.trump), record.bids, record.tricks)
    expect(phone.locator("#hoja")).to_have_class("sheet-panel sheet-final")
    expect_still(phone)  # the game is over: the screen may sleep
    expect(phone.locator("html")).not_to_have_class(AWAKE)
    phone.locator("#clasificacion").tap()
    expect_still(phone)


def test_where_wake_lock_exists_it_is_used_and_no_video_plays(
    make_phone: PhoneFactory, live_server: LiveServer
) -> None:
    token, _watch = store_game(live_server.app, FOUR, classic_game(4)[:3])
    phone = make_phone()
    phone.goto(f"/p/{token}")
    assert phone.evaluate("() => [window.isSecureContext, 'wakeLock' in navigator]") == [True, True]
    expect(phone.locator("html")).to_have_class(AWAKE)  # the Wake Lock is held
    tap_the_title(phone)
    phone.wait_for_timeout(500)
    assert video_state(phone)["made"] is False
    expect(phone.locator("#pantalla")).to_be_hidden()


def test_where_nothing_keeps_the_screen_on_the_hint_shows_near_the_top_until_dismissed(
    make_lan_phone: PhoneFactory, lan_server: LanServer
) -> None:
    token, watch = store_game(lan_server.app, FOUR, classic_game(4)[:3])
    phone = make_lan_phone()

    def no_video(route: Route) -> None:
        route.abort("blockedbyclient")

    phone.route("**/static/media/**", no_video)  # a browser that plays no video
    phone.goto(f"/p/{token}")
    hint = phone.locator("#pantalla")
    expect(hint).to_be_hidden()
    tap_the_title(phone)
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("alarga el bloqueo automático")
    box = hint.bounding_box()
    assert box is not None and box["y"] < 200, box  # near the top, not under the sheet
    dismiss = hint.get_by_role("button", name="Entendido")
    size = dismiss.bounding_box()
    assert size is not None and size["height"] >= 44 and size["width"] >= 44, size
    dismiss.tap()
    expect(hint).to_be_hidden()

    phone.goto(f"/ver/{watch}")  # dismissed once: not shown again, on any game's page
    phone.locator("h1 + .watch-bar .watch-label").tap()
    phone.wait_for_timeout(500)
    expect(phone.locator("#pantalla")).to_be_hidden()
