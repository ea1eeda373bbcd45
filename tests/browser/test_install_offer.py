"""Installing Pocha never strands a tap (static/js/pocha/install_offer.js): where the browser offers installing, a
quiet «Instalar Pocha» button that sends the game page's outbox before the browser asks, and does not ask while taps
wait, saying so; on an iPhone or iPad's Safari, a hint how to add Pocha to the home screen, saying the same. Neither
in the app itself, over plain HTTP, nor once dismissed; in the page's language, light and dark, at 390 px.

The browser's offer is a synthetic ``beforeinstallprompt`` whose ``prompt()`` notes how many taps still waited on the
phone when it was called.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, Route, expect
from test_axe import Checker

from support.paper_games import classic_game, store_game
from support.service_worker import controlled, kept

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog, TableFactory

    from support.lan_server import LanServer

FOUR = ("Ana", "Bea", "Ciro", "Dani")
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 "
    "Mobile/15E148 Safari/604.1"
)
#: An iPad's Safari asking for the desktop site: it says it is a Mac (one with a touch screen).
IPAD_AS_A_MAC = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 "
    "Safari/605.1.15"
)
CHROME_ON_AN_IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 "
    "Mobile/15E148 Safari/604.1"
)
WAITING = "Hay anotaciones sin enviar en este móvil: instala Pocha cuando se hayan enviado, o podrían quedarse aquí."
APPLE_HINT = "Para instalar Pocha como una app, toca Compartir y luego «Añadir a pantalla de inicio»."
#: The browser offers installing: returns whether the page kept the offer for its own button.
OFFER_INSTALLING = """() => {
  window.pochaPrompts = window.pochaPrompts || [];
  const event = new Event("beforeinstallprompt", { cancelable: true });
  event.prompt = () => {
    window.pochaPrompts.push(window.PochaGame ? window.PochaGame.outbox.pending() : -1);
    return Promise.resolve({ outcome: "accepted" });
  };
  event.userChoice = Promise.resolve({ outcome: "accepted", platform: "web" });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}"""


def prompts(page: Page) -> list[int]:
    """The browser's install prompts so far, each with the taps that still waited when it was shown."""
    shown: list[int] = page.evaluate("() => window.pochaPrompts || []")
    return shown


def test_the_button_sends_the_outbox_before_the_browser_asks(
    make_phone: PhoneFactory, make_table: TableFactory, phone_log: PhoneLog, live_server: LiveServer
) -> None:
    token, _watch = store_game(live_server.app, FOUR, classic_game(4)[:3])
    phone = make_phone()
    phone.goto(f"/p/{token}")
    table = make_table(phone)

    # The server does not take the tap and says to come back in a minute: the tap waits on the phone.
    def busy(route: Route) -> None:
        route.fulfill(status=429, headers={"Retry-After": "60"}, json={"error": "Demasiadas peticiones"})

    phone.route("**/anotar", busy)
    table.tap(table.hand.locator("button.suit-C"), settle=False)
    expect(phone.locator("#estado")).to_have_text("Sin conexión · 1 pendiente")
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)  # answered when the test says

    phone.unroute("**/anotar", busy)
    phone.route("**/anotar", hold)

    assert phone.evaluate(OFFER_INSTALLING) is True, "the browser's own offer waits for the button"
    offer = phone.locator("#instalar")
    button = offer.get_by_role("button", name="Instalar Pocha")
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
    expect(offer.get_by_role("button", name="Ahora no")).to_be_visible()
    expect(offer.locator(".install-waiting")).to_have_text(WAITING)
    expect(offer.locator(".install-apple")).to_be_hidden()

    button.tap()
    deadline = time.monotonic() + 10
    while not held:  # sent at once (not a minute later, as the server had asked)
        assert time.monotonic() < deadline, "the button did not send the outbox"
        phone.wait_for_timeout(50)
    phone.wait_for_timeout(300)
    assert prompts(phone) == [], "the browser is not asked while the outbox's taps are on their way"
    held[0].continue_()
    phone.wait_for_function("() => (window.pochaPrompts || []).length > 0")
    assert prompts(phone) == [0], "asked once the server had every tap"
    expect(offer).to_be_hidden()
    expect(phone.locator("#estado")).to_have_text("Guardado")
    assert [error for error in phone_log.errors if "(Too Many Requests)" not in error] == []


def test_without_signal_the_offer_says_taps_wait_and_the_browser_is_not_asked(
    make_phone: PhoneFactory, make_table: TableFactory, live_server: LiveServer
) -> None:
    token, _watch = store_game(live_server.app, FOUR, classic_game(4)[:3])
    phone = make_phone()
    phone.goto(f"/p/{token}")
    controlled(phone)  # the worker keeps the offer for a page shown without a connection
    kept(phone, f"/p/{token}")  # and this first visit's page, for the reload below
    table = make_table(phone)
    phone.context.set_offline(True)
    table.tap(table.hand.locator("button.suit-O"), settle=False)
    expect(phone.locator("#estado")).to_have_text("Sin conexión · 1 pendiente")

    assert phone.evaluate(OFFER_INSTALLING) is True
    offer = phone.locator("#instalar")
    waiting = offer.locator(".install-waiting")
    expect(waiting).to_have_text(WAITING)
    offer.get_by_role("button", name="Instalar Pocha").tap()  # tries to send first: no signal
    phone.wait_for_function("() => !PochaGame.outbox.sending && PochaGame.outbox.failed")
    phone.wait_for_timeout(300)
    assert prompts(phone) == []
    expect(waiting).to_be_visible()

    phone.reload()  # without signal: the page kept, and the offer kept with it
    expect(phone.locator("html")).to_have_attribute("data-kept", re.compile(r"^[1-9]"))
    assert phone.evaluate(OFFER_INSTALLING) is True
    expect(offer.locator(".install-waiting")).to_have_text(WAITING)

    phone.context.set_offline(False)  # the outbox sends: the word goes, and the button asks the browser
    expect(offer.locator(".install-waiting")).to_be_hidden()
    expect(phone.locator("#estado")).to_have_text("Guardado")
    offer.get_by_role("button", name="Instalar Pocha").tap()
    phone.wait_for_function("() => (window.pochaPrompts || []).length > 0")
    assert prompts(phone) == [0]


def test_on_an_iphone_a_hint_says_how_and_what_still_waits(
    make_phone: PhoneFactory, make_table: TableFactory, live_server: LiveServer
) -> None:
    token, _watch = store_game(live_server.app, FOUR, classic_game(4)[:3])
    phone = make_phone(user_agent=IPHONE)
    phone.goto(f"/p/{token}")
    offer = phone.locator("#instalar")
    expect(offer.locator(".install-apple")).to_have_text(APPLE_HINT)
    expect(offer.get_by_role("button", name="Instalar Pocha")).to_be_hidden()  # Safari has no button to press
    expect(offer.locator(".install-waiting")).to_be_hidden()
    controlled(phone)

    phone.context.set_offline(True)  # a tap waits: the hint says so at once
    table = make_table(phone)
    table.tap(table.hand.locator("button.suit-E"), settle=False)
    expect(offer.locator(".install-waiting")).to_have_text(WAITING)
    phone.goto("/historial")  # any page of this phone says so (here the offline page), for every game's taps
    expect(phone.locator("h1")).to_contain_text("Sin conexión")
    expect(phone.locator("#instalar .install-waiting")).to_have_text(WAITING)

    phone.locator("#instalar").get_by_role("button", name="Ahora no").tap()
    expect(phone.locator("#instalar")).to_be_hidden()
    phone.context.set_offline(False)
    phone.goto(f"/p/{token}")  # dismissed: never again on this phone
    expect(phone.locator("#estado")).to_have_text("Guardado")
    phone.wait_for_timeout(300)
    expect(phone.locator("#instalar")).to_have_count(0)


@pytest.mark.parametrize(
    ("agent", "touch_points", "hint"),
    [(IPAD_AS_A_MAC, 5, True), (IPAD_AS_A_MAC, 0, False), (CHROME_ON_AN_IPHONE, 5, False)],
    ids=["an iPad's Safari as a Mac", "a Mac's Safari", "Chrome on an iPhone"],
)
def test_the_hint_is_for_an_iphone_or_ipads_safari_only(
    make_phone: PhoneFactory, live_server: LiveServer, agent: str, touch_points: int, hint: bool
) -> None:
    phone = make_phone(user_agent=agent)
    phone.add_init_script(
        f"Object.defineProperty(Navigator.prototype, 'maxTouchPoints', {{ get: () => {touch_points} }})"
    )
    asked: list[str] = []
    phone.on("request", lambda request: asked.append(request.url))
    phone.goto("/")
    if hint:
        expect(phone.locator("#instalar .install-apple")).to_have_text(APPLE_HINT)
    else:
        phone.wait_for_load_state("networkidle")
        expect(phone.locator("#instalar")).to_have_count(0)
        assert not any(url.endswith("/instalar") for url in asked), "nothing asked for where nothing is shown"


def test_not_offered_in_the_app_over_plain_http_nor_once_dismissed(
    make_phone: PhoneFactory, make_lan_phone: PhoneFactory, lan_server: LanServer
) -> None:
    app = make_phone()  # Pocha opened from the home screen
    app.add_init_script(
        "const media = window.matchMedia.bind(window);"
        "window.matchMedia = (query) => query === '(display-mode: standalone)' ? { matches: true } : media(query);"
    )
    app.goto("/")
    assert app.evaluate(OFFER_INSTALLING) is False
    app.wait_for_timeout(300)
    expect(app.locator("#instalar")).to_have_count(0)

    table = make_lan_phone()  # the Wi-Fi's address: nothing can be installed
    table.goto("/")
    assert table.evaluate(OFFER_INSTALLING) is False
    table.wait_for_timeout(300)
    expect(table.locator("#instalar")).to_have_count(0)

    phone = make_phone()
    phone.goto("/")
    assert phone.evaluate(OFFER_INSTALLING) is True
    phone.locator("#instalar").get_by_role("button", name="Ahora no").tap()
    expect(phone.locator("#instalar")).to_be_hidden()
    phone.goto("/partidas/nueva")
    phone.evaluate(OFFER_INSTALLING)
    phone.wait_for_timeout(300)
    expect(phone.locator("#instalar")).to_have_count(0)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(
    ("locale", "word", "button", "hint"),
    [
        ("es-ES", "Idioma", "Instalar Pocha", "toca Compartir"),
        ("en-GB", "Language", "Install Pocha", "tap Share"),
    ],
)
def test_the_offer_in_the_pages_language_light_and_dark_at_390_px(
    make_phone: PhoneFactory,
    make_table: TableFactory,
    live_server: LiveServer,
    scheme: str,
    locale: str,
    word: str,
    button: str,
    hint: str,
) -> None:
    token, _watch = store_game(live_server.app, FOUR, classic_game(4)[:3])
    for agent in (None, IPHONE):
        phone = make_phone(color_scheme=scheme, locale=locale, **({"user_agent": agent} if agent else {}))
        phone.goto(f"/p/{token}")
        controlled(phone)
        phone.context.set_offline(True)
        table = make_table(phone)
        table.tap(table.hand.locator("button.suit-B"), settle=False)
        if agent is None:
            phone.evaluate(OFFER_INSTALLING)
            expect(phone.locator("#instalar").get_by_role("button", name=button)).to_be_visible()
        else:
            expect(phone.locator("#instalar .install-apple")).to_contain_text(hint)
        expect(phone.locator("#instalar .install-waiting")).to_be_visible()
        offer = phone.locator("#instalar")
        offer.scroll_into_view_if_needed()
        box = offer.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
        colours = offer.evaluate("(el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]")
        dark = scheme == "dark"
        assert (sum(int(v) for v in re.findall(r"\d+", colours[0])[:3]) < 200) == dark, colours
        checker = Checker(phone, word)
        checker.check(f"{scheme} {locale} {'iPhone' if agent else 'button'}")
        assert not checker.found, checker.report()
        phone.context.close()
