"""A peña's pages on a phone (390×844) and the big screens on a television (1920×1080), in both languages and schemes.

On the phone: nothing wider than the screen, every control a thumb's size (44 px), the league, the rating's chart
and head to head drawn. On the big screen: nothing to scroll, and every text 28 px or more as drawn (an SVG label's
computed size times the chart's scale), read from three metres; it follows the game by itself.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import Hand
from support.groups import store_peña
from support.league_games import random_games
from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory

TV: Any = {"width": 1920, "height": 1080}
LOCALES = {"es": "es-ES", "en": "en-GB"}
EIGHT = ("Maximiliano Fernández", "María José Gutiérrez", "María José Fernández", "Dani", "Eva", "Fede", "Gema", "Hugo")

#: Every element that draws text of its own, with its size as drawn: CSS pixels, times the SVG's scale for SVG text.
TEXT_SIZES = """() => [...document.querySelectorAll('body *')].filter((el) => {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.closest('title, desc, script, style, noscript')) return false;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.display !== 'none';
}).map((el) => {
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement && el.getScreenCTM) size *= el.getScreenCTM().a;
    return [el.tagName, el.textContent.trim().slice(0, 30), Math.round(size * 10) / 10];
})"""
#: Controls smaller than a thumb (44 px) on the phone.
SMALL_TARGETS = """() => [...document.querySelectorAll('main a.button, main button, main select, main input:not([type=hidden])')]
    .filter((el) => { const b = el.getBoundingClientRect(); return b.width > 1 && (b.height < 44 || b.width < 44); })
    .map((el) => el.outerHTML.slice(0, 80))"""
NO_SCROLL = "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"


@pytest.fixture
def sample(live_server: LiveServer) -> dict[str, str]:
    """A peña of 20 random games, and a game of eight (long names) half played."""
    peña, _watched = store_peña(live_server.app, random_games(random.Random(2025), 20))
    _edit, watch = store_game(live_server.app, EIGHT, classic_game(8)[:9])
    return {"manage": peña.manage, "look": peña.look, "watch": watch}


def check_the_phone_page(page: Page) -> None:
    """Nothing wider than the phone, every control big enough, the league and its chart drawn."""
    expect(page.locator(".league-player").first).to_be_visible()
    expect(page.locator("#valoracion-svg")).to_be_visible()
    width, _height = page.evaluate(NO_SCROLL)
    assert width <= 390, f"the page is {width} px wide"
    assert page.evaluate(SMALL_TARGETS) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_peñas_page_fits_a_phone(make_phone: PhoneFactory, sample: dict[str, str], lang: str, scheme: str) -> None:
    phone = make_phone(locale=LOCALES[lang], color_scheme=scheme)
    phone.goto(f"/pena/{sample['manage']}")
    expect(phone.locator("h1")).to_have_text("Los del domingo")
    check_the_phone_page(phone)
    assert phone.locator(".league-player").count() == 6
    phone.goto(f"/pena/ver/{sample['look']}")
    check_the_phone_page(phone)
    # Head to head, chosen with the form (a GET, no script needed).
    phone.locator("#h2h-a").select_option(label="Ana")
    phone.locator("#h2h-b").select_option(label="Bea")
    with phone.expect_navigation():
        phone.locator(".h2h-form button").tap()
    expect(phone.locator("#cara-a-cara-resultado")).to_contain_text("Ana")
    # A season: the links choose it.
    with phone.expect_navigation():
        phone.locator(".seasons-nav a").nth(1).tap()
    expect(phone.locator(".seasons-nav a[aria-current=page]")).to_have_count(1)


def check_the_big_screen(page: Page) -> None:
    """Nothing scrolls at 1920×1080 and every text is drawn 28 px or more."""
    width, height = page.evaluate(NO_SCROLL)
    assert width <= 1920 and height <= 1080, (width, height)
    sizes = page.evaluate(TEXT_SIZES)
    assert len(sizes) > 20, sizes
    small = [size for size in sizes if size[2] < 28]
    assert small == [], small


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_big_screens_read_from_three_metres(
    make_phone: PhoneFactory, sample: dict[str, str], lang: str, scheme: str
) -> None:
    tv = make_phone(
        locale=LOCALES[lang], color_scheme=scheme, viewport=TV, screen=TV, is_mobile=False, has_touch=False,
        device_scale_factor=1,
    )  # fmt: skip
    tv.goto(f"/ver/{sample['watch']}/pantalla")
    expect(tv.locator("#mano")).to_be_visible()
    expect(tv.locator("#pantalla-svg")).to_be_visible()
    check_the_big_screen(tv)
    tv.goto(f"/pena/ver/{sample['look']}/pantalla")
    expect(tv.locator(".screen-table .screen-row")).to_have_count(6)
    check_the_big_screen(tv)


def test_the_check_sees_small_text_and_a_page_that_scrolls(make_phone: PhoneFactory, sample: dict[str, str]) -> None:
    tv = make_phone(viewport=TV, screen=TV, is_mobile=False, has_touch=False, device_scale_factor=1)
    tv.goto(f"/pena/ver/{sample['look']}")  # the phone's page, on a television: small text, a long page
    with pytest.raises(AssertionError):
        check_the_big_screen(tv)


def test_the_big_screen_follows_the_game_by_itself(
    make_phone: PhoneFactory, live_server: LiveServer, sample: dict[str, str]
) -> None:
    tv = make_phone(viewport=TV, screen=TV, is_mobile=False, has_touch=False, device_scale_factor=1)
    tv.goto(f"/ver/{sample['watch']}/pantalla")
    expect(tv.locator("#mano")).to_contain_text("…")
    with live_server.app.app_context():
        game = store.find_watched_game(sample["watch"])
        assert game is not None
        game.hands.append(Hand(number=10, trump="O", bids=[None] * 8, tricks=[None] * 8, renuncios=[0] * 8))
        game.version += 1
        db.session.commit()
    expect(tv.locator("#mano")).to_contain_text("Oros", timeout=15_000)
