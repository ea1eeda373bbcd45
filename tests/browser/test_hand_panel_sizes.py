"""The hand panel at every table: 3 to 8 players, 1 to 12 cards, names of 3 and of 20 letters, on a 390×844 and
a 360×780 phone. At every step of every hand: the step's action on screen (the save button kept at the foot),
number buttons of at least 44 px, nothing wider than the phone, names and the bidding order on one line; for up
to 8 players at most one short scroll to the end of the step.

``pytest tests/browser/test_hand_panel_sizes.py -s`` prints where the save button is and how tall the page is
for each size tried."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.engine import max_cards

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneFactory, TableFactory

MIN_TAP = 44
LONG = (
    "María Auxiliadora G.",
    "Maximilianoalejandro",
    "Encarnación López R.",
    "Bartolomé Esteban M.",
    "Francisco Javier Gil",
    "Francisco Javier Paz",
    "Inmaculada Concepció",
    "Juan Sebastián Elcan",
)
SHORT = ("Ana", "Bea", "Eva", "Gil", "Lua", "Pau", "Teo", "Uxi")
PHONES = {"390×844": {"width": 390, "height": 844}, "360×780": {"width": 360, "height": 780}}
# One short scroll: the step being entered ends within half a screen below the first.
SHORT_SCROLL = 1.6


def sizes(players: int) -> list[int]:
    """The hands tried with ``players``: 1, 6, 10 and 12 cards as the deck allows, and the most it allows."""
    most = max_cards(players)
    return sorted({cards for cards in (1, 6, 10, 12) if cards <= most} | {most})


# Where the save button is, on the screen as the phone shows it, with the page scrolled to its top.
MEASURE = """() => {
  const box = el => el && el.getBoundingClientRect();
  const lines = el => { const style = getComputedStyle(el); const line = parseFloat(style.lineHeight) || 1.3 * parseFloat(style.fontSize);
                         return Math.round(el.getBoundingClientRect().height / line); };
  const save = document.querySelector('#mano button.button-big');
  const seats = document.querySelector('#mano .seats');
  const numbers = [...document.querySelectorAll('#mano .numbers button, #mano .suits button')].map(box);
  const order = document.querySelector('#mano .order');
  return {
    save: save ? {top: box(save).top, bottom: box(save).bottom} : null,
    seatsBottom: seats ? box(seats).bottom + scrollY : null,
    panelBottom: box(document.querySelector('#mano')).bottom + scrollY,
    pageHeight: document.documentElement.scrollHeight,
    pageWidth: document.documentElement.scrollWidth,
    smallest: numbers.length ? Math.min(...numbers.map(b => Math.min(b.width, b.height))) : null,
    nameLines: [...document.querySelectorAll('#mano .seat-row .who, #mano .roles .who')].map(lines),
    orderLines: order ? lines(order) : null,
    stripLines: (() => { const items = [...document.querySelectorAll('#resumen .strip li')];
                         return items.length ? new Set(items.map(li => Math.round(li.getBoundingClientRect().top))).size : null; })(),
  };
}"""

# Whether the save button is seen and tappable on the screen: in the viewport, not under anything.
SAVE_SEEN = """() => { const save = document.querySelector('#mano button.button-big'); const r = save.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.bottom <= innerHeight && !!hit && (save.contains(hit) || hit === save.form); }"""


@dataclass
class Measured:
    """What one step of one hand looked like."""

    players: int
    names: str
    phone: str
    cards: int
    step: str
    facts: dict[str, Any]


MEASURED: list[Measured] = []


def measure(page: Page, players: int, names: str, phone: str, cards: int, step: str) -> dict[str, Any]:
    """Measure the page with its scroll at the top, and check what holds at every step and size."""
    page.evaluate("window.scrollTo(0, 0)")
    facts: dict[str, Any] = page.evaluate(MEASURE)
    MEASURED.append(Measured(players, names, phone, cards, step, facts))
    width = PHONES[phone]["width"]
    where = f"{players} players, {names} names, {phone}, {cards} cards, {step}"
    assert facts["pageWidth"] <= width, f"the page is wider than the phone: {where}"
    assert facts["smallest"] is None or facts["smallest"] >= MIN_TAP, f"a button under 44 px: {where}: {facts}"
    assert all(n == 1 for n in facts["nameLines"]), f"a name takes more than one line: {where}: {facts}"
    assert facts["orderLines"] in (None, 1), f"the bidding order takes {facts['orderLines']} lines: {where}"
    if players <= 5:
        assert facts["stripLines"] in (None, 1), f"the standings take {facts['stripLines']} lines: {where}"
    return facts


def check_the_step_fits(facts: dict[str, Any], players: int, cards: int, phone: str, where: str) -> None:
    """The whole step within one short scroll."""
    height = PHONES[phone]["height"]
    bottom = facts["seatsBottom"]
    assert bottom <= SHORT_SCROLL * height, f"the step ends {bottom:.0f} px down a {height} px screen: {where}"


def check_the_save_button_is_in_reach(page: Page, where: str) -> None:
    """«Guardar la mano» on screen and tappable, wherever the page is scrolled while the rows are in sight."""
    for scroll in ("0", "document.querySelector('#mano .seats').getBoundingClientRect().top + scrollY - 80"):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        assert page.evaluate(SAVE_SEEN), f"«Guardar la mano» out of reach (scrolled to {scroll}): {where}"


# Every table size with 20-letter names on both phones; short names where the strip is tightest.
SIZES = [(players, "long", phone) for players in (3, 4, 5, 6, 8) for phone in PHONES] + [(5, "short", "390×844")]


@pytest.mark.parametrize(("players", "names", "phone"), SIZES)
def test_every_step_of_every_size_fits_the_phone(
    make_phone: PhoneFactory, make_table: TableFactory, players: int, names: str, phone: str
) -> None:
    viewport = PHONES[phone]
    table = make_table(make_phone(viewport=viewport, screen=viewport))
    who = (LONG if names == "long" else SHORT)[:players]
    hands = sizes(players)
    table.start(who, 0, "a_medida", custom_sizes=" ".join(map(str, hands)))
    for number, cards in enumerate(hands, start=1):
        where = f"{players} players, {names} names, {phone}, {cards} cards"
        order = [(number + i) % players for i in range(players)]  # seat 0 deals the first hand
        measure(table.page, players, names, phone, cards, "pinta")
        table.choose_trump("O")
        for i, _seat in enumerate(order):
            facts = measure(table.page, players, names, phone, cards, f"apuesta {i + 1}")
            check_the_step_fits(facts, players, cards, phone, f"{where}, bid {i + 1}")
            table.bid(0)
        facts = measure(table.page, players, names, phone, cards, "bazas")
        check_the_step_fits(facts, players, cards, phone, f"{where}, tricks")
        check_the_save_button_is_in_reach(table.page, f"{where}, tricks")
        for i, seat in enumerate(order[:-1]):
            table.tricks(who[seat], cards if i == 0 else 0)
            check_the_save_button_is_in_reach(table.page, f"{where}, tricks of {i + 1}")
        facts = measure(table.page, players, names, phone, cards, "guardar")
        check_the_save_button_is_in_reach(table.page, f"{where}, ready to save")
        expect(table.hand.get_by_role("button", name="Guardar la mano")).to_be_enabled()
        table.save()
    print_table([m for m in MEASURED if (m.players, m.names, m.phone) == (players, names, phone)])


def print_table(measured: list[Measured]) -> None:
    """Where the save button was and how tall the page, for each step tried (``-s`` shows it)."""
    print("\nplayers names phone    cards step       save top-bottom  step ends  page height")
    for m in measured:
        save = m.facts["save"]
        place = f"{save['top']:4.0f}-{save['bottom']:4.0f}" if save else "-"
        seats = f"{m.facts['seatsBottom']:.0f}" if m.facts["seatsBottom"] is not None else "-"
        print(
            f"{m.players:7} {m.names:5} {m.phone} {m.cards:5} {m.step:10} {place:>16}  {seats:>9}  {m.facts['pageHeight']:11}"
        )
