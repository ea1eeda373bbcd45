"""A player at the table, on a phone of any engine: the new-game form filled in, then one tap per trump, bid and
trick on the game page, each drawn in place by the phone's script (``body[data-drawn]`` counts the drawings) and,
with signal, answered by the server before the next."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from support.browsers.phone import Phone
from support.words import say, say_count

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


@dataclass
class PhoneTable:
    """Drive Pocha's pages on ``phone`` like a player, in ``language``; without signal (``answered=False``) no tap
    waits for the server."""

    phone: Phone
    language: str = "es"
    answered: bool = True

    def say(self, text: str, **params: object) -> str:
        """``text`` as the page says it in the phone's language."""
        return say(self.language, text, **params)

    def say_count(self, singular: str, plural: str, num: int) -> str:
        """A count as the page says it."""
        return say_count(self.language, singular, plural, num)

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
