"""Every page of the peñas and the big screens passes axe-core with no violation, in Spanish and English, light and
dark, as test_axe.py checks the rest: the new peña (empty and refused), the manager's page (and a refused merge),
the lookers' page with head to head, the page that adds a game to a peña (and a refused address), the new-game form
started from a peña, and the big screens of a game and of a peña; the big screen's suspense, its page and the screen
with the points hidden and revealed."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect
from test_axe import LANGUAGES, RUN, SPANISH_AND_ENGLISH, Checker

from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import utcnow
from support.groups import store_peña
from support.league_games import random_games
from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory

TV: Any = {"width": 1920, "height": 1080}
EIGHT = ("Maximiliano Fernández", "María José Gutiérrez", "María José Fernández", "Dani", "Eva", "Fede", "Gema", "Hugo")


class ScreenChecker(Checker):
    """Checks pages with no footer too (the big screens have no controls): drawn whole in the language asked for."""

    def check_screen(self, name: str) -> None:
        """Check a big screen as it is now, under ``name``."""
        page = self.page
        expect(page.locator("html")).to_have_attribute("lang", self.lang)
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(self.source)
        violations = page.evaluate(RUN, self.options)
        self.checked.append(name)
        if violations:
            self.found[name] = violations

    lang = "es"


@pytest.mark.parametrize(("lang", "scheme"), SPANISH_AND_ENGLISH)
def test_every_page_of_the_peñas_has_no_axe_violation(
    make_phone: PhoneFactory, live_server: LiveServer, lang: str, scheme: str
) -> None:
    locale, word = LANGUAGES[lang]
    page = make_phone(locale=locale, color_scheme=scheme)
    checker = ScreenChecker(page, word, only_words=lang != "es")
    checker.lang = lang
    peña, _watched = store_peña(live_server.app, random_games(random.Random(7), 12))
    game, watch = store_game(live_server.app, EIGHT, classic_game(8)[:9])

    checker.visit("new peña", "/pena/nueva")
    with page.expect_navigation():
        page.locator("form.new-group button[type=submit]").tap()
    checker.check("new peña, refused")
    checker.visit("the manager's page", f"/pena/{peña.manage}")
    page.locator("#merge-name").select_option(label="Ana")
    page.locator("#merge-into").select_option(label="Bea")
    with page.expect_navigation():
        page.locator("form.merge-form button[type=submit]").tap()
    checker.check("the manager's page, a merge refused")
    checker.visit("the lookers' page, head to head", f"/pena/ver/{peña.look}?a=ana&b=bea&temporada=2025")
    checker.visit("add a game to a peña", f"/p/{game}/pena")
    page.locator("form.add-to-group input[name=address]").fill("hola")
    with page.expect_navigation():
        page.locator("form.add-to-group button[type=submit]").tap()
    checker.check("add a game to a peña, refused")
    checker.visit("new game of a peña", f"/partidas/nueva?pena={peña.manage}&names-0=Ana&names-1=Bea&names-2=Eva")
    checker.visit("home, with peñas", "/")
    page.set_viewport_size(TV)
    page.goto(f"/ver/{watch}/pantalla")
    checker.check_screen("a game's big screen")
    page.goto(f"/pena/ver/{peña.look}/pantalla")
    checker.check_screen("a peña's big screen")
    assert len(checker.checked) == 11
    assert checker.found == {}, checker.report()


def suspense_of(app: Any, token: str, hands: int, finished_ago: timedelta | None = None) -> None:
    """Give game ``token`` ``hands`` hands of suspense on its big screen; ``finished_ago``: when it ended."""
    with app.app_context():
        game = store.find_game(token)
        assert game is not None
        game.suspense_hands = hands
        if finished_ago is not None:
            game.finished_at = utcnow() - finished_ago
        db.session.commit()


@pytest.mark.parametrize(("lang", "scheme"), SPANISH_AND_ENGLISH)
def test_the_big_screens_suspense_has_no_axe_violation(
    make_phone: PhoneFactory, live_server: LiveServer, lang: str, scheme: str
) -> None:
    """The suspense page (and a refused choice), and the big screen with the points hidden, during the reveal (without
    motion: everything drawn) and on the final result."""
    locale, word = LANGUAGES[lang]
    page = make_phone(locale=locale, color_scheme=scheme, reduced_motion="reduce")
    checker = ScreenChecker(page, word, only_words=lang != "es")
    checker.lang = lang
    hidden, hidden_watch = store_game(live_server.app, EIGHT, classic_game(8)[:26])
    suspense_of(live_server.app, hidden, 5)
    revealing, revealing_watch = store_game(live_server.app, EIGHT[:4], classic_game(4))
    suspense_of(live_server.app, revealing, 3, finished_ago=timedelta(0))
    ended, ended_watch = store_game(live_server.app, EIGHT[:4], classic_game(4))
    suspense_of(live_server.app, ended, 3, finished_ago=timedelta(minutes=5))

    checker.visit("the big screen's page", f"/p/{hidden}/suspense")
    page.locator("input[name=manos]").first.evaluate("(radio) => { radio.value = '99'; }")
    page.locator("input[name=manos]").first.check()
    with page.expect_navigation():
        page.locator("form.suspense-form button[type=submit]").tap()
    checker.check("the big screen's page, a choice refused")
    page.set_viewport_size(TV)
    page.goto(f"/ver/{hidden_watch}/pantalla")
    expect(page.locator(".screen-hidden")).to_have_count(1)
    checker.check_screen("a game's big screen, the points hidden")
    page.goto(f"/ver/{revealing_watch}/pantalla")
    expect(page.locator(".screen-reveal")).to_have_count(1)
    checker.check_screen("a game's big screen, the reveal")
    page.goto(f"/ver/{ended_watch}/pantalla")
    expect(page.locator("#podio")).to_have_count(1)
    checker.check_screen("a game's big screen, the final result")
    assert len(checker.checked) == 5
    assert checker.found == {}, checker.report()
