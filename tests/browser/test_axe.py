"""Every page passes axe-core (from npm: `make npm-packages`) with no violation: every rule in Spanish, light and dark,
and in English, Catalan, Galician and Basque the rules their words can change (``WORD_RULES``): the
home, the new-game form (empty and refused), the game page at every stage of a hand (auction, trump, bids with the
dealer's forbidden bid, tricks, ready to save, a refused tap), a finished game, the correction (and a refused one),
the watchers' page, the print page, the history, the import (and a refused file), the simulator, the practice table,
the odds, the referee, the offline page and the error pages.

axe is put in each page by the test through the browser's own evaluation, which the page's Content-Security-Policy
does not govern: the pages never ask for it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.engine import HandKind, Special, preset_rules
from scorekeeper.extensions import db
from scorekeeper.storage import store
from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog, TableFactory

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
FOUR = ("Ana", "Bea", "Ciro", "Dani")
LONG = ("Maximiliano Fernández", "María José Gutiérrez", "María José Fernández", "Dani", "Eva", "Fede", "Gema", "Hugo")
#: What each language's pages are asked for with, and a word every page of that language shows.
LANGUAGES = {
    "es": ("es-ES", "Idioma"),
    "ca": ("ca-ES", "Idioma"),
    "gl": ("gl-ES", "Idioma"),
    "eu": ("eu-ES", "Hizkuntza"),
    "en": ("en-GB", "Language"),
}
#: Every rule axe runs by default (WCAG 2.0-2.2 A and AA, and its best practices).
RUN = "(options) => axe.run(document, options).then((results) => results.violations.map((v) => ({"
RUN += "id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' '))})))"
#: The rules whose outcome a page's words can change: its language, every name and label, titles and headings. The
#: others (contrast, structure, roles) find the same page in every language: every rule runs in Spanish, light and
#: dark; these, in the other languages.
#: (Of the rules axe runs by default: not target-size, nor the experimental ones.)
WORD_RULES = (
    "html-has-lang",
    "html-lang-valid",
    "html-xml-lang-mismatch",
    "valid-lang",
    "document-title",
    "page-has-heading-one",
    "empty-heading",
    "empty-table-header",
    "button-name",
    "link-name",
    "input-button-name",
    "label",
    "label-title-only",
    "select-name",
    "summary-name",
    "image-alt",
    "svg-img-alt",
    "role-img-alt",
    "input-image-alt",
    "aria-command-name",
    "aria-input-field-name",
    "aria-toggle-field-name",
    "aria-meter-name",
    "aria-progressbar-name",
    "aria-tooltip-name",
    "aria-dialog-name",
    "aria-text",
    "frame-title",
)


def axe_source() -> str:
    """axe-core's script, installed by `make npm-packages` (never skipped: a missing axe fails)."""
    if not AXE.is_file():
        pytest.fail(
            f"axe-core is missing at {AXE}: run `make npm-packages` (npm ci), as `make test` does.", pytrace=False
        )
    return AXE.read_text(encoding="utf-8")


def auction_game(live_server: LiveServer) -> str:
    """A game of four whose only hand is a subastado (10 cards): its first stage is the auction."""
    rules = preset_rules("a_medida", custom_sizes=(10,), specials=(Special(HandKind.SUBASTADO, 1),))
    with live_server.app.app_context():
        _game, token = store.create_game(list(FOUR), 0, "a_medida", rules)
        db.session.commit()
    return token


class Checker:
    """Runs axe on the page in sight and notes each page's violations."""

    def __init__(self, page: Page, word: str, only_words: bool = False) -> None:
        self.page = page
        self.word = word
        self.options: dict[str, Any] = {"resultTypes": ["violations"]}
        if only_words:  # a language other than the one every rule runs in: the rules its words can change
            self.options["runOnly"] = {"type": "rule", "values": WORD_RULES}
        self.source = axe_source()
        self.found: dict[str, list[dict[str, Any]]] = {}
        self.checked: list[str] = []

    def check(self, name: str) -> None:
        """Check the page as it is now, under ``name``."""
        page = self.page
        expect(page.locator("footer")).to_contain_text(self.word)  # drawn whole, in the language asked for
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(self.source)
        violations = page.evaluate(RUN, self.options)
        self.checked.append(name)
        if violations:
            self.found[name] = violations

    def visit(self, name: str, address: str) -> None:
        """Open ``address`` and check it."""
        self.page.goto(address)
        self.check(name)

    def report(self) -> str:
        """The violations found, page by page."""
        return json.dumps(self.found, ensure_ascii=False, indent=1)


#: Every rule in Spanish, light and dark; in each other language, the rules its words can change (``WORD_RULES``).
EVERY_LANGUAGE = [("es", "light"), ("es", "dark"), ("en", "light"), ("ca", "light"), ("gl", "dark"), ("eu", "light")]
#: The same for a capability's pages, in the two languages its tests speak.
SPANISH_AND_ENGLISH = EVERY_LANGUAGE[:3]


@pytest.mark.parametrize(("lang", "scheme"), EVERY_LANGUAGE)
def test_every_page_has_no_axe_violation(
    make_phone: PhoneFactory,
    make_table: TableFactory,
    live_server: LiveServer,
    phone_log: PhoneLog,
    lang: str,
    scheme: str,
) -> None:
    locale, word = LANGUAGES[lang]
    page = make_phone(locale=locale, color_scheme=scheme)
    checker = Checker(page, word, only_words=lang != "es")
    finished, finished_watch = store_game(live_server.app, FOUR, classic_game(4))
    playing, playing_watch = store_game(live_server.app, LONG, classic_game(8)[:9])

    checker.visit("home, empty", "/")
    checker.visit("new game", "/partidas/nueva")
    for i, name in enumerate(("Ana", "Bea", "ana")):
        page.locator(f"#names-{i}").fill(name)
    with page.expect_navigation():
        page.locator("button[value=start]:not(.visually-hidden)").tap()
    checker.check("new game, refused")
    checker.visit("import", "/partidas/importar")
    page.set_input_files("#file", files=[{"name": "nada.json", "mimeType": "application/json", "buffer": b"{}"}])
    with page.expect_navigation():
        page.locator("form.import-game button[type=submit]").tap()
    checker.check("import, refused")

    # A hand of 8 players (long names, two alike) stage by stage: trump, bids, the dealer's forbidden bid, tricks,
    # a refused tap, ready to save.
    checker.visit("game: trump", f"/p/{playing}")
    table = make_table(page)
    table.choose_trump("O")
    checker.check("game: bids")
    for _ in range(7):
        table.tap(table.hand.locator(".numbers button:not([disabled])").first)
    checker.check("game: the dealer's bid, one forbidden")
    table.tap(table.hand.locator(".numbers button:not([disabled])").first)
    checker.check("game: tricks")
    first = table.hand.locator(".tricks").get_by_role("group", name=LONG[0], exact=True).get_by_role("button")
    table.tap(first.last)  # every trick to the first player...
    table.tricks(LONG[1], 1)  # ...and one more to the second: refused
    expect(table.error()).to_be_visible()
    checker.check("game: a refused tap")
    for name in LONG[1:7]:
        table.tricks(name, 0)
    checker.check("game: ready to save")
    checker.visit("game: a finished game", f"/p/{finished}")
    page.locator("#hoja-papel > summary").tap()
    expect(page.locator("#hoja-papel .sheet-paper")).to_be_visible()  # asked for when opened
    checker.check("game: the sheet as on paper, opened")
    expect(page.locator("a[data-result-card]")).to_be_visible()  # «Compartir resultado» is checked with the page
    expect(page.locator("#resumen-chat .copy-button")).to_be_visible()  # the summary for the chat, checked too
    checker.visit("watch: playing", f"/ver/{playing_watch}")
    page.locator("#hoja-papel > summary").tap()
    expect(page.locator("#hoja-papel .sheet-paper")).to_be_visible()
    checker.check("watch: the sheet as on paper, opened")
    checker.visit("watch: finished", f"/ver/{finished_watch}")
    expect(page.locator("a[data-result-card]")).to_be_visible()
    expect(page.locator("#resumen-chat-texto")).to_be_visible()
    checker.visit("correction", f"/p/{finished}/mano/1/corregir")
    page.locator("input[name=tricks-0]").fill("5")
    with page.expect_navigation():
        page.locator("form.correction button[type=submit]").tap()
    checker.check("correction, refused")
    checker.visit("print", f"/p/{finished}/imprimir")
    checker.visit("history", "/historial")
    checker.visit("home, with games", "/")
    checker.visit("game: the auction of a subastado", f"/p/{auction_game(live_server)}")
    checker.visit("simulator", "/simulador")
    checker.visit("simulator, a deal", "/simulador?players=4&cards=5&seed=7&dealer=0&preset=clasica")
    checker.visit("play against the bots", "/simulador/jugar")
    checker.visit("odds", "/simulador/cuantas")
    checker.visit("odds, answered", "/simulador/cuantas?mano=1O+3C+12O+5E+4B&pinta=O&players=4&asiento=1&dealer=0")
    checker.visit("referee", "/arbitro")
    checker.visit("referee, answered", "/arbitro?mano=7C+1C+5O&mesa=5C+12C&pinta=O&players=4")
    checker.visit("offline page", "/sin-conexion")
    checker.visit("error: no such game", "/p/no-existe")
    checker.visit("error: wrong method", f"/p/{finished}/apuesta")
    checker.visit("error: no result card yet", f"/p/{playing}/resultado.png")
    assert len(checker.checked) >= 29
    assert checker.found == {}, checker.report()
