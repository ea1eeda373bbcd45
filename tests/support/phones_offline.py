"""Phones at a real table for the tests without signal (tests/browser/test_without_signal.py): a real server reached
through the machine's own address on the local network (plain HTTP, not a secure context) or through localhost, a
390×844 touch phone, and what the phone and the database say about its taps.

Which taps the phone made is read from its outbox as it is written (an init script notes every id the page puts in
localStorage, in the tab's sessionStorage, so a reload keeps the list); which were stored, from the database's
applied taps.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from scorekeeper.engine import HandRecord, ScoreSheet, Suit
from scorekeeper.storage import store
from scorekeeper.storage.models import AppliedTap, Game
from support.server import read_game
from support.service_worker import controlled

#: The phone's settings, as tests/browser/conftest.py's `phone`.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "screen": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
    "locale": "es-ES",
}

#: The longest the phone's outbox waits before it tries again a server that did not answer (js/pocha/outbox.js).
LAST_RETRY_MS = 15_000

#: Notes every tap id the page writes to its outbox (pocha:outbox:<address>) in sessionStorage["made-taps"].
NOTE_TAPS = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && key.startsWith("pocha:outbox:")) {
      try {
        const made = JSON.parse(window.sessionStorage.getItem("made-taps") || "[]");
        for (const tap of JSON.parse(value).queue) if (!made.includes(tap.id)) made.push(tap.id);
        setItem.call(window.sessionStorage, "made-taps", JSON.stringify(made));
      } catch (e) { /* not JSON: not the outbox */ }
    }
    return setItem.call(this, key, value);
  };
})();
"""


def normalized(html: str) -> str:
    """Markup compared as the phone and the server draw it: the form token (new at every page) and the
    moment-long ``settling`` class left out, blanks between tags and runs of blanks made one."""
    html = re.sub(r'(name="csrf_token" value=")[^"]*"', r'\1"', html)
    html = html.replace(' class="hand-panel settling"', ' class="hand-panel"')
    html = re.sub(r"\s+", " ", html)
    return re.sub(r">\s+<", "><", html).strip()


#: The parts of the game page the phone draws itself, as HTML, from a page (`document`) or a freshly loaded copy.
PARTS_JS = """doc => {
  const part = sel => { const el = doc.querySelector(sel); return el ? el.outerHTML : null; };
  const inner = sel => { const el = doc.querySelector(sel); return el ? el.innerHTML : null; };
  return { hand: part('#mano'), strip: part('#resumen'), rows: inner('#hoja .sheet-compact tbody'),
           missed: inner('#hoja .sheet-compact tfoot') };
}"""


@dataclass
class PhoneAtTable:
    """One phone on a game: its page, and every error page it was ever shown."""

    context: BrowserContext
    page: Page
    error_pages: list[str] = field(default_factory=list)
    made: list[str] = field(default_factory=list)
    script_errors: list[str] = field(default_factory=list)
    reloading: bool = False  # a reload without signal under way: its error page is the browser's answer to it
    reload_error_pages: list[str] = field(default_factory=list)

    def note_made(self) -> list[str]:
        """Every tap id the phone has put in its outbox so far, oldest first."""
        try:
            ids = json.loads(self.page.evaluate("() => window.sessionStorage.getItem('made-taps') || '[]'"))
        except Exception:  # an error page: its sessionStorage is not the game's
            ids = []
        for tap_id in ids:
            if tap_id not in self.made:
                self.made.append(tap_id)
        return self.made

    def chip(self) -> str:
        """The chip's words."""
        return " ".join(self.page.locator("#estado").inner_text().split())

    def pending(self) -> int:
        """How many taps the phone's outbox holds."""
        return int(self.page.evaluate("() => window.PochaGame.outbox.pending()"))

    def settled(self) -> None:
        """Wait until the phone's outbox is empty and its sheet shows what the server keeps."""
        self.page.wait_for_function("() => window.PochaGame && window.PochaGame.settled()", timeout=30_000)

    def retry_now(self) -> None:
        """Move the phone's clock on to the outbox's next try: the server is back, and the phone, which cannot tell,
        tries it again when its wait is over (at most ``LAST_RETRY_MS``)."""
        self.page.clock.fast_forward(LAST_RETRY_MS)

    def drawn_parts(self) -> dict[str, Any]:
        """The parts the phone drew, normalized."""
        parts = self.page.evaluate(f"() => ({PARTS_JS})(document)")
        return {key: normalized(value) if value is not None else None for key, value in parts.items()}

    def server_parts(self) -> dict[str, Any]:
        """The same parts of the page as the server draws it now (fetched with this phone's cookies, not run)."""
        parts = self.page.evaluate(
            f"""async () => {{
              const answer = await fetch(location.pathname, {{ credentials: 'same-origin', cache: 'no-store' }});
              const doc = new DOMParser().parseFromString(await answer.text(), 'text/html');
              return ({PARTS_JS})(doc);
            }}"""
        )
        return {key: normalized(value) if value is not None else None for key, value in parts.items()}


def open_phone(browser: Browser, origin: str, routed: bool = True) -> PhoneAtTable:
    """A new phone (cookies and storage of its own) that only reaches ``origin``; with ``routed=False`` its requests
    are not routed (Playwright then lets the browser's cache keep files, as a phone's does; the browser's flags
    keep it off the rest of the network)."""
    context = browser.new_context(base_url=origin, **PHONE)  # type: ignore[arg-type]

    offline = [False]

    def only_the_server(route: Route) -> None:
        if offline[0]:
            route.abort("internetdisconnected")  # whoever asks: the page, or its service worker
        elif route.request.url.startswith(origin):
            route.continue_()
        else:
            route.abort("blockedbyclient")

    if routed:
        context.route("**/*", only_the_server)
        emulate = context.set_offline

        def set_offline(value: bool) -> None:
            """Take the phone off the network (or back): the browser's emulation, and every routed request refused,
            so that no request already on its way past the emulation (a service worker's, on a busy machine) gets
            through."""
            offline[0] = value
            emulate(value)

        context.set_offline = set_offline  # type: ignore[method-assign]
    context.add_init_script(NOTE_TAPS)
    context.clock.install()  # the phone's time runs on as ever, and a test may move it to the next retry at once
    page = context.new_page()
    page.set_default_timeout(15_000)
    phone = PhoneAtTable(context, page)

    def seen(frame: Any) -> None:
        if frame == page.main_frame and frame.url.startswith("chrome-error://"):
            (phone.reload_error_pages if phone.reloading else phone.error_pages).append(frame.url)

    page.on("framenavigated", seen)
    page.on("pageerror", lambda error: phone.script_errors.append(str(error)))
    return phone


def applied_taps(database_url: str, token: str) -> list[str]:
    """Every tap id the database has applied for game ``token`` (a row each)."""
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with Session(engine) as session:
            game = session.execute(select(Game).filter_by(edit_hash=store.token_hash(token))).scalar_one()
            return list(session.execute(select(AppliedTap.tap_id).filter_by(game_id=game.id)).scalars())
    finally:
        engine.dispose()


def games_stored(database_url: str) -> int:
    """How many games the database holds."""
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with Session(engine) as session:
            return int(session.execute(select(func.count()).select_from(Game)).scalar_one())
    finally:
        engine.dispose()


def expect_chip(phone: PhoneAtTable, text: str | re.Pattern[str]) -> None:
    """The chip says ``text`` (soon: it follows the outbox)."""
    expect(phone.page.locator("#estado")).to_have_text(text)


#: A game's scorekeeper's address; its token in the group.
GAME_ADDRESS: Final = re.compile(r"/p/([A-Za-z0-9_-]{22})$")


def begin_without_signal(
    phone: PhoneAtTable, names: Sequence[str], first_dealer: int | None = None, preset: str | None = None
) -> str:
    """Open the new-game form with signal (the service worker then runs on this computer), lose the signal and begin
    a game of ``names`` (with ``first_dealer`` and ``preset`` if given): the token of the address the phone made."""
    page = phone.page
    page.goto("/partidas/nueva")
    controlled(page)
    phone.context.set_offline(True)
    for row, name in enumerate(names):
        page.fill(f"#names-{row}", name)
    if first_dealer is not None:
        page.select_option("#first_dealer", str(first_dealer))
    if preset is not None:
        page.select_option("#preset", preset)
    page.get_by_role("button", name="Empezar la partida").click()
    page.wait_for_url(GAME_ADDRESS)
    found = GAME_ADDRESS.search(page.url)
    assert found is not None
    return found.group(1)


#: A hand of a test's script: the bids by seat, the tricks by seat.
Hand = tuple[tuple[int, ...], tuple[int, ...]]


def oros_record(hand: Hand) -> HandRecord:
    """A hand of a test's script, oros trumps and no renuncio, as the engine's record."""
    bids, tricks = hand
    return HandRecord(bids=bids, tricks=tricks, trump=Suit.OROS, renuncios=(0,) * len(bids))


#: Four one-card hands of Ana, Bea and Ciro, the deal passing from Ana, oros trumps. In the first three everybody bids
#: 0 and Ciro takes the card: Ana and Bea 10, 20 and 30, no missed bid either: tied. In the fourth (Ana deals, may not
#: bid 0) Bea bids 1 and takes the card (+15), Ana bids 1 (−5): Bea wins. The tie-break tests play it over two or
#: three scheduled hands.
TIED_THEN_BEA: Final[tuple[Hand, ...]] = (
    ((0, 0, 0), (0, 0, 1)),
    ((0, 0, 0), (0, 0, 1)),
    ((0, 0, 0), (0, 0, 1)),
    ((1, 1, 0), (0, 1, 0)),
)
#: The taps of one hand of it: the trump, three bids, two players' tricks (the last filled in), save.
TAPS_A_HAND: Final = 7


def ended_as_played(phone: PhoneAtTable, database_url: str, token: str, expected: ScoreSheet) -> None:
    """Back online, game ``token`` ended on the server as the engine scores the hands the phone played (``expected``,
    the sheet of ``TIED_THEN_BEA``: Bea wins), the extra hands included; the server holds every tap the phone made,
    once, and the page draws what the server keeps."""
    phone.settled()
    expect_chip(phone, "Guardado")
    expect(phone.page.locator("#clasificacion .winner")).to_have_text(f"Gana Bea con {expected.totals[1]} puntos")
    stored = read_game(database_url, token)
    assert [row.record for row in stored.sheet.rows] == [row.record for row in expected.rows]
    assert [row.plan for row in stored.sheet.rows] == [row.plan for row in expected.rows]
    assert [row.totals for row in stored.sheet.rows] == [row.totals for row in expected.rows]
    assert stored.sheet.finished and stored.sheet.winner == expected.winner == 1
    made = phone.note_made()
    assert len(made) == TAPS_A_HAND * len(TIED_THEN_BEA)
    assert sorted(stored.applied) == sorted(made), "the server holds other taps than the phone made"
    assert phone.drawn_parts() == phone.server_parts(), "the phone drew something else than the server"
    assert phone.error_pages == [] and phone.script_errors == []
