"""A player at the table, on a phone of any engine: the new-game form filled in, then one tap per trump, bid and
trick on the game page, each drawn in place by the phone's script (``body[data-drawn]`` counts the drawings) and,
with signal, answered by the server before the next."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from support.browsers.phone import Phone
from support.phones_offline import NOTE_TAPS
from support.words import Speaking

#: Before a tap on the game page: mark the window (a reload would lose the mark), note how many drawings the page has
#: made, and let a panel just drawn take touches at once (a panel takes none for a moment, so that a double tap's
#: second half lands on nothing; a player's next tap comes later).
BEFORE_A_TAP = """() => {
  window.pochaSamePage = true;
  window.pochaDrawn = +(document.body.dataset.drawn || 0);
  const panel = document.querySelector("#mano.settling");
  if (panel) panel.classList.remove("settling");
}"""
DRAWN = "() => +(document.body.dataset.drawn || 0) > window.pochaDrawn"
SAME_PAGE = "() => window.pochaSamePage === true"
#: Nothing waits to be sent and the sheet shows every hand saved (js/pocha/game/page.js).
SETTLED = "() => !!window.PochaGame && window.PochaGame.settled()"
GAME_TOKEN = re.compile(r"/p/([A-Za-z0-9_-]{22})")
#: The page can open a game made on the phone without the server (js/pocha/made_shell.js: shellReady): a service
#: worker controls it, or the page of a game made here, its script and its stylesheet have come.
READY_WITHOUT_SERVER = """() => {
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return true;
  const came = performance.getEntriesByType('resource').filter(e => e.responseEnd > 0).map(e => new URL(e.name).pathname);
  return came.includes('/partidas/en-este-movil') && came.some(p => p.startsWith('/static/js/phone_game.'))
    && came.some(p => p.startsWith('/static/css/pocha.'));
}"""
#: From now on, on this page: every tap id the page writes to its outbox noted (``NOTE_TAPS``), and every uncaught
#: script error kept in the tab's sessionStorage (``phone-errors``), which outlives the page.
WATCH_THE_PAGE = f"""() => {{
  const note = (said) => {{
    const errors = JSON.parse(sessionStorage.getItem("phone-errors") || "[]");
    errors.push(String(said));
    sessionStorage.setItem("phone-errors", JSON.stringify(errors));
  }};
  window.addEventListener("error", (event) => note(event.message));
  window.addEventListener("unhandledrejection", (event) => note(event.reason));
  {NOTE_TAPS}
}}"""


@dataclass
class PhoneTable(Speaking):
    """Drive Pocha's pages on ``phone`` like a player, in ``language``; without signal (``answered=False``) no tap
    waits for the server."""

    phone: Phone
    language: str = "es"
    answered: bool = True

    # --- the new-game form ---------------------------------------------------------------------------

    def fill_in(self, names: Sequence[str], first_dealer: int, preset: str = "clasica", **options: str) -> None:
        """On the new-game form: the names (rows opened as needed), the first dealer, the preset, more options."""
        phone = self.phone
        for row, name in enumerate(names):
            if not phone.shows(f"#names-{row}"):  # four rows to start: «Añadir jugador» opens the next one
                phone.tap(".add-player")
            phone.type(f"#names-{row}", name)
        phone.choose("#first_dealer", str(first_dealer))
        phone.choose("#preset", preset)
        if options:
            if not phone.run("() => document.querySelector('details.more-options').open"):
                phone.tap("details.more-options summary")
            for field, value in options.items():
                if phone.run("(id) => document.getElementById(id).tagName", field) == "SELECT":
                    phone.choose(f"#{field}", value)
                else:
                    phone.type(f"#{field}", value)

    def begin(self) -> str:
        """Tap «Empezar la partida» and wait for the game's page; its token."""
        self.phone.tap_to_load("button.button-big", self.say("Empezar la partida"))
        found = GAME_TOKEN.search(self.phone.url)
        assert found, f"the game did not start: {self.phone.url} {self.phone.texts('.error')}"
        self.phone.wait("() => !!document.querySelector('#mano')", why="the hand panel")
        return found.group(1)

    def ready_without_server(self) -> None:
        """Wait until the page can open a game's page with no server: the service worker controls it (on this
        computer, or over HTTPS), or (plain HTTP) the page of a game made on the phone, its script and stylesheet
        have been asked for ahead and have come."""
        self.phone.wait(READY_WITHOUT_SERVER, timeout=20, why="the page of a game made here, kept or asked for ahead")

    def begin_here(self) -> str:
        """With no server to answer, tap «Empezar la partida»: the phone begins the game and shows its page at the
        game's address (drawn in place over plain HTTP, given by the service worker elsewhere); its token."""
        self.phone.tap("button.button-big", self.say("Empezar la partida"))
        return self.made_game_shown()

    def made_game_shown(self) -> str:
        """Wait for the page of a game made on the phone at its address, its hand panel drawn; its token."""
        self.phone.wait(
            "() => /^\\/p\\/[A-Za-z0-9_-]{22}$/.test(location.pathname) && !!document.querySelector('#mano')"
            " && document.readyState === 'complete'",
            why="the page of a game made on this phone",
        )
        found = GAME_TOKEN.search(self.phone.url)
        assert found, self.phone.url
        return found.group(1)

    def start(self, names: Sequence[str], first_dealer: int, preset: str = "clasica", **options: str) -> str:
        """From the new-game form, set up and start a game; its token."""
        self.phone.open("/partidas/nueva")
        self.fill_in(names, first_dealer, preset, **options)
        return self.begin()

    # --- taps --------------------------------------------------------------------------------------

    def tap(self, selector: str, text: str | None = None) -> None:
        """Tap a button of the hand panel: drawn in place at once, then (with signal) answered by the server."""
        phone = self.phone
        phone.run(BEFORE_A_TAP)
        phone.tap(selector, text)
        phone.wait(DRAWN, why=f"the tap on {selector} drawn")
        if self.answered:
            self.settle()
        assert phone.run(SAME_PAGE), "the tap loaded a page instead of drawing it"

    def back_online(self) -> None:
        """The phone notices its network is back (the ``online`` event a phone fires), as when the server answers
        again: it sends what waits at once rather than at its next try."""
        self.phone.run("() => window.dispatchEvent(new Event('online'))")

    def settle(self, timeout: float = 30) -> None:
        """Wait until nothing waits to be sent and the sheet shows every hand saved."""
        self.phone.wait(SETTLED, timeout=timeout, why="every tap answered")

    def hand_title(self) -> str:
        """The hand panel's title, blanks tidied: «Mano 3 de 28 1 carta»."""
        return self.phone.text("#hand-title")

    def prompt(self) -> str:
        """What the hand panel asks."""
        return self.phone.text("#mano .prompt")

    def choose_trump(self, letter: str) -> None:
        """Tap the trump (O, C, E or B)."""
        self.tap(f"#mano .suits button.suit-{letter}")

    def forbidden(self) -> tuple[list[str], str]:
        """The bid buttons that are disabled, and the reason the page gives."""
        disabled = self.phone.run(
            "() => [...document.querySelectorAll('#mano .bid-row .numbers button')].filter(b => b.disabled).map(b => b.value)"
        )
        return list(disabled), self.phone.text("#forbidden-reason")

    def bid(self, bid: int) -> None:
        """Tap the bid of the player whose turn it is."""
        self.tap(f'#mano .bid-row .numbers button[value="{bid}"]')

    def tricks(self, seat: int, tricks: int) -> None:
        """Tap how many tricks the player in ``seat`` took."""
        self.tap(f'#mano .seat-row[data-seat="{seat}"] .seat-numbers button[value="{tricks}"]')

    def filled_in(self) -> str:
        """What the page fills in for the last player's tricks («se rellena: 2»)."""
        return self.phone.text("#mano .tricks .auto")

    def save(self) -> None:
        """Tap «Guardar la mano»."""
        self.tap("#mano button.button-big", self.say("Guardar la mano"))

    def play_hand(
        self,
        order: Sequence[int],
        trump: str,
        bids: Sequence[int],
        tricks: Sequence[int],
        before_last_bid: Callable[[], None] | None = None,
    ) -> None:
        """Play the hand on the panel: the trump, the bids in ``order`` (seats; ``before_last_bid`` is called when the
        dealer is about to bid), every player's tricks but the last one's (filled in), the save."""
        self.choose_trump(trump)
        for seat in order:
            if seat == order[-1] and before_last_bid is not None:
                before_last_bid()
            self.bid(bids[seat])
        for seat in order[:-1]:
            self.tricks(seat, tricks[seat])
        assert self.filled_in() == self.say("se rellena: %(n)s", n=tricks[order[-1]]), self.filled_in()
        self.save()

    # --- what the phone did ---------------------------------------------------------------------------

    def watch(self) -> None:
        """Note, on the page shown now, every tap the phone puts in its outbox and every script error (again on each
        page the phone loads)."""
        self.phone.run(WATCH_THE_PAGE)

    def made(self) -> list[str]:
        """The id of every tap the phone put in its outbox since ``watch``, oldest first."""
        return list(self.phone.run("() => JSON.parse(sessionStorage.getItem('made-taps') || '[]')"))

    def script_errors(self) -> list[str]:
        """The uncaught script errors of the pages watched (``watch``) in this tab."""
        return list(self.phone.run("() => JSON.parse(sessionStorage.getItem('phone-errors') || '[]')"))

    def chip(self) -> str:
        """What the chip says."""
        return self.phone.text("#estado")

    # --- the sheet ---------------------------------------------------------------------------------

    def sheet_totals(self) -> list[list[int]]:
        """The running totals of every row of the sheet, by seat."""
        rows = self.phone.run(
            """() => [...document.querySelectorAll('#hoja .sheet-compact tbody tr')]
                      .map(tr => [...tr.querySelectorAll('td .total')].map(total => total.textContent.trim()))"""
        )
        return [[int(value) for value in row] for row in rows]

    def standings(self) -> list[str]:
        """The standings' names as shown, first place first."""
        return self.phone.texts("#clasificacion .place .name")
