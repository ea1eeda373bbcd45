"""The hand panel at every table: 3 to 8 players, 1 to 12 cards, names of 3 and of 20 letters, on a 390×844 and
a 360×780 phone, light and dark, on the Wi-Fi address and on localhost. At every step of every hand: the step's
action on screen (the save button kept at the foot), number buttons of at least 44 px, nothing wider than the
phone, names and the bidding order on one line, a cut name a tap away whole (its button a thumb's size), a name in
the hand's head never cut to less than its first letter, the strip's names never cut again by their column; up to
5 players and 10 cards the whole step on the first 844 px screen, 6 to 8 players within one short scroll, from its
first tap to the hand ready to save; the words: a «total», and what the hand gives only as «si la hace» during the
bids or «esta mano» once the player's tricks are known; la mano's star apart from first place's trophy; axe with no
violation while the tricks are entered.

The other languages (Catalan, Galician, Basque, English) each run at one of the tightest tables (eight long names on
the small phone, or five on the Wi-Fi one), their words looked for in their catalogues.

``pytest tests/browser/test_hand_panel_sizes.py -s`` prints where the save button is and how tall the page is
for each size tried."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect
from test_axe import Checker

from scorekeeper.engine import max_cards

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneFactory, TableFactory

MIN_TAP = 44
# A name's button lying over a line of the name and figures that stands alone above two lines of number buttons.
LINE_TAP = 20
# The two that start alike first: they deal and lead the first hand of every table, cut in the hand's head.
LONG = (
    "Francisco Javier Gil",
    "Francisco Javier Paz",
    "María Auxiliadora G.",
    "Maximilianoalejandro",
    "Encarnación López R.",
    "Bartolomé Esteban M.",
    "Inmaculada Concepció",
    "Juan Sebastián Elcan",
)
SHORT = ("Ana", "Bea", "Eva", "Gil", "Lua", "Pau", "Teo", "Uxi")
PHONES = {"390×844": {"width": 390, "height": 844}, "360×780": {"width": 360, "height": 780}}
# One short scroll: the step being entered ends within less than half a screen below the first.
SHORT_SCROLL = 1.45


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
  // Where the step ends: the save button in its own place after the rows (not kept at the foot), or the rows'
  // end while the bids are said.
  const form = save && save.form; if (form) form.style.position = 'static';
  const rows = document.querySelector('#mano .seats');
  const stepEnds = save ? box(save).bottom + scrollY : rows ? box(rows).bottom + scrollY : null;
  if (form) form.style.position = '';
  const numbers = [...document.querySelectorAll('#mano .numbers button, #mano .suits button')].map(box);
  const order = document.querySelector('#mano .order');
  return {
    save: save ? {top: box(save).top, bottom: box(save).bottom} : null,
    stepEnds,
    stripCut: [...document.querySelectorAll('#resumen .strip .name')].filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent),
    totals: [...document.querySelectorAll('#mano .seat-row .stat-total')].map(e => e.textContent),
    would: [...document.querySelectorAll('#mano .seat-row')].map(row => {
      const said = row.querySelector('.stat-would'); const pressed = row.querySelector('.numbers [aria-pressed="true"]');
      return {said: said ? said.textContent : null, tricks: !!pressed}; }),
    manoMarks: [...document.querySelectorAll('#mano .mano-mark svg')].map(svg => svg.getAttribute('class')),
    panelBottom: box(document.querySelector('#mano')).bottom + scrollY,
    pageHeight: document.documentElement.scrollHeight,
    pageWidth: document.documentElement.scrollWidth,
    smallest: numbers.length ? Math.min(...numbers.map(b => Math.min(b.width, b.height))) : null,
    nameLines: [...document.querySelectorAll('#mano .seat-row .who, #mano .roles .who')].filter(el => el.getClientRects().length).map(lines),
    orderLines: order ? lines(order) : null,
    // A name cut short in the hand's head (who deals, la mano) keeps at least its first letter and a whole ellipsis.
    headCut: [...document.querySelectorAll('#mano .roles .who-head, #mano .roles .who:not(:has(> .who-tail))')]
      .filter(el => el.getClientRects().length && el.scrollWidth > el.clientWidth + 1).filter(el => {
        const probe = document.createElement('span'); probe.textContent = el.textContent.trim()[0] + '\u2026';
        probe.style.cssText = 'position: absolute; visibility: hidden; white-space: pre';
        el.appendChild(probe); const need = probe.getBoundingClientRect().width; probe.remove();
        return el.clientWidth + 0.5 < need; }).map(el => el.textContent),
    // A name's button over its row's line: its size, and whether the line stands alone over two lines of buttons.
    nameTargets: [...document.querySelectorAll('#mano .seat-who > .row-name > summary')].map(summary => {
      const tool = summary.closest('.seat-row').querySelector('.seat-tool');
      return {width: box(summary).width, height: box(summary).height, alone: !!tool && getComputedStyle(tool).gridRowStart === '2'}; }),
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


def measure(
    page: Page, players: int, names: str, phone: str, cards: int, step: str, say: Callable[[str], str]
) -> dict[str, Any]:
    """Measure the page with its scroll at the top, and check what holds at every step and size (its words as
    ``say`` gives them in the page's language)."""
    page.evaluate("window.scrollTo(0, 0)")
    facts: dict[str, Any] = page.evaluate(MEASURE)
    MEASURED.append(Measured(players, names, phone, cards, step, facts))
    width = PHONES[phone]["width"]
    where = f"{players} players, {names} names, {phone}, {cards} cards, {step}"
    assert facts["pageWidth"] <= width, f"the page is wider than the phone: {where}"
    assert facts["smallest"] is None or facts["smallest"] >= MIN_TAP, f"a button under 44 px: {where}: {facts}"
    assert all(n == 1 for n in facts["nameLines"]), f"a name takes more than one line: {where}: {facts}"
    for target in facts["nameTargets"]:  # a thumb's size; over a line of its own above two lines of buttons, the
        tall = LINE_TAP if target["alone"] else MIN_TAP  # line's height (so the hand fits the first screen)
        assert target["width"] >= 4 * MIN_TAP and target["height"] >= tall, f"a name's button: {where}: {target}"
    assert facts["orderLines"] in (None, 1), f"the bidding order takes {facts['orderLines']} lines: {where}"
    assert facts["headCut"] == [], f"a name in the hand's head cut to less than a letter: {where}: {facts['headCut']}"
    if players <= 5:
        assert facts["stripLines"] in (None, 1), f"the standings take {facts['stripLines']} lines: {where}"
    assert facts["stripCut"] == [], f"the strip cuts names again: {where}: {facts['stripCut']}"
    assert all(say("total") in total for total in facts["totals"]), f"the running total is a total: {where}"
    assert all(mark == "icon icon-star" for mark in facts["manoMarks"]), f"la mano's mark is the star: {where}"
    for row in facts["would"]:
        if step.startswith("apuesta"):
            assert row["said"] is None or say("si la hace") in row["said"], f"{where}, {step}: {row}"
        elif row["tricks"]:
            assert row["said"] is not None and say("esta mano") in row["said"], f"{where}, {step}: {row}"
        else:
            assert row["said"] is None, f"what the hand gives, before the tricks: {where}, {step}: {row}"
    return facts


def check_the_step_fits(facts: dict[str, Any], players: int, cards: int, phone: str, where: str) -> None:
    """Up to 5 players and 10 cards the whole step on the first 844 px screen; else within one short scroll."""
    height = PHONES[phone]["height"]
    bottom = facts["stepEnds"]
    if players <= 5 and cards <= 10 and height >= 844:
        assert bottom <= height, f"the step ends {bottom:.0f} px down the first {height} px screen: {where}"
    assert bottom <= SHORT_SCROLL * height, f"the step ends {bottom:.0f} px down a {height} px screen: {where}"


# The first row whose name is cut on the screen, else the first whose name a row may cut: where to tap on the name
# as shown, and the whole name.
CUT_NAME = """() => { const names = [...document.querySelectorAll('#mano .seat-row .row-name + .seat-name .who')];
  const cut = el => el.scrollWidth > el.clientWidth + 1;
  const who = names.find(el => cut(el) || [...el.children].some(cut)) || names[0];
  if (!who) return null; const r = who.getBoundingClientRect();
  return {x: r.left + Math.min(r.width, 60) / 2, y: r.top + r.height / 2, text: who.textContent}; }"""


def check_a_cut_name_is_a_tap_away_whole(page: Page, where: str) -> None:
    """A tap on a name its row cuts (or may cut) shows it whole, on the screen; the next tap puts it away and does
    nothing else."""
    page.evaluate("window.scrollTo(0, 0)")
    cut = page.evaluate(CUT_NAME)
    assert cut is not None, f"no 20-letter name is a tap away whole: {where}"
    shown = page.locator("#mano .name-shown").filter(has_text=re.compile(f"^{re.escape(cut['text'])}$"))
    expect(shown).to_be_hidden()
    before = page.locator("#mano").inner_html()
    page.touchscreen.tap(cut["x"], cut["y"])
    expect(shown).to_be_visible()
    box = shown.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], box  # type: ignore[index]
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(shown).to_be_hidden()
    assert page.locator("#mano").inner_html() == before, f"showing a whole name changed the hand: {where}"


def check_the_save_button_is_in_reach(page: Page, where: str) -> None:
    """«Guardar la mano» on screen and tappable, wherever the page is scrolled while the rows are in sight."""
    for scroll in ("0", "document.querySelector('#mano .seats').getBoundingClientRect().top + scrollY - 80"):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        assert page.evaluate(SAVE_SEEN), f"«Guardar la mano» out of reach (scrolled to {scroll}): {where}"


# Every table size with 20-letter names on both phones, one light and one dark, and 3-letter names (never cut: the
# long ones find the panel's limits) at the smallest table, the largest that fits the first screen and the largest,
# on a phone in the other scheme; the light 390×844 phones reach Pocha as at a table, on this machine's Wi-Fi address
# (plain HTTP), the others on localhost.
PLAYERS = (3, 4, 5, 6, 8)
SHORT_NAMES_AT = (3, 5, 8)
#: The other languages, each in a scheme.
OTHER_LANGUAGES = (("ca", "light"), ("gl", "dark"), ("eu", "light"), ("en", "dark"))
SIZES = [(players, "long", "390×844", "light", "wifi", "es") for players in PLAYERS]
SIZES += [(players, "long", "360×780", "dark", "localhost", "es") for players in PLAYERS]
SIZES += [
    (players, "short", *(("390×844", "dark") if players % 2 else ("360×780", "light")), "localhost", "es")
    for players in SHORT_NAMES_AT
]
# Every other language at one of the tightest tables: eight long names on the small phone, or five on the Wi-Fi one.
SIZES += [(8, "long", "360×780", scheme, "localhost", lang) for lang, scheme in OTHER_LANGUAGES[::2]]
SIZES += [(5, "long", "390×844", "light", "wifi", lang) for lang, _scheme in OTHER_LANGUAGES[1::2]]


@pytest.mark.parametrize(("players", "names", "phone", "scheme", "address", "language"), SIZES)
def test_every_step_of_every_size_fits_the_phone(
    request: pytest.FixtureRequest,
    make_table: TableFactory,
    players: int,
    names: str,
    phone: str,
    scheme: str,
    address: str,
    language: str,
) -> None:
    viewport = PHONES[phone]
    phones: PhoneFactory = request.getfixturevalue("make_lan_phone" if address == "wifi" else "make_phone")
    page = phones(viewport=viewport, screen=viewport, color_scheme=scheme, locale=f"{language}-ES")
    table = make_table(page, language=language)  # the phone's language, as its browser says it
    say = table.say
    axe = Checker(table.page, say("Idioma"))
    who = (LONG if names == "long" else SHORT)[:players]
    hands = sizes(players)
    seen = len(MEASURED)
    table.start(who, 0, "a_medida", custom_sizes=" ".join(map(str, hands)))
    assert table.page.evaluate("window.isSecureContext") is (address == "localhost"), f"{address}: {table.page.url}"
    for number, cards in enumerate(hands, start=1):
        where = f"{players} players, {names} names, {phone}, {cards} cards"
        order = [(number + i) % players for i in range(players)]  # seat 0 deals the first hand
        measure(table.page, players, names, phone, cards, "pinta", say)
        table.choose_trump("E")  # the longest suit's name, beside la mano's once the tricks are taken
        for i, _seat in enumerate(order):
            facts = measure(table.page, players, names, phone, cards, f"apuesta {i + 1}", say)
            check_the_step_fits(facts, players, cards, phone, f"{where}, bid {i + 1}")
            if i == players - 1:  # the dealer, after bids of 0: may not bid every card, and the page says why
                expect(table.page.locator("#forbidden-reason")).to_have_text(forbidden(say, cards))
            table.bid(0)
        facts = measure(table.page, players, names, phone, cards, "bazas", say)
        check_the_step_fits(facts, players, cards, phone, f"{where}, tricks")
        if cards == hands[-1]:
            axe.check(f"{where}, tricks")
        check_the_save_button_is_in_reach(table.page, f"{where}, tricks")
        if names == "long":
            check_a_cut_name_is_a_tap_away_whole(table.page, f"{where}, tricks")
        for i, seat in enumerate(order[:-1]):
            table.tricks(who[seat], cards if i == 0 else 0)
            check_the_save_button_is_in_reach(table.page, f"{where}, tricks of {i + 1}")
        facts = measure(table.page, players, names, phone, cards, "guardar", say)
        check_the_step_fits(facts, players, cards, phone, f"{where}, ready to save")
        check_the_save_button_is_in_reach(table.page, f"{where}, ready to save")
        if number > 1:  # a hand is saved: first place, if anybody leads alone, has the trophy, never the star
            assert table.page.locator("#hoja .sheet-compact thead .icon-star").count() == 0
            leader = table.page.locator("#hoja .sheet-compact thead th.first-place")
            assert leader.count() == leader.locator(".icon-trophy").count() <= 1
        expect(table.hand.get_by_role("button", name=say("Guardar la mano"))).to_be_enabled()
        table.save()
    print(f"\n{scheme} scheme, {address}", end="")
    print_table(MEASURED[seen:])
    assert axe.found == {}, axe.report()


def forbidden(say: Callable[..., str], cards: int) -> re.Pattern[str]:
    """The dealer's forbidden bid's reason when nobody bid a trick, as the page says it (the name cut or not)."""
    template = "%(name)s no puede pedir %(bid)s: la suma sería %(cards)s de %(cards)s"
    said = say(template, name="NAME", bid=cards, cards=cards)
    return re.compile("^" + re.escape(said).replace("NAME", ".+") + "$")


def print_table(measured: list[Measured]) -> None:
    """Where the save button was and how tall the page, for each step tried (``-s`` shows it)."""
    print("\nplayers names phone    cards step       save top-bottom  step ends  page height")
    for m in measured:
        save = m.facts["save"]
        place = f"{save['top']:4.0f}-{save['bottom']:4.0f}" if save else "-"
        seats = f"{m.facts['stepEnds']:.0f}" if m.facts["stepEnds"] is not None else "-"
        print(
            f"{m.players:7} {m.names:5} {m.phone} {m.cards:5} {m.step:10} {place:>16}  {seats:>9}  {m.facts['pageHeight']:11}"
        )
