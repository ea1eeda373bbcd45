"""The hand panel on a 390×844 phone, light and dark: a round on one screen, la mano's mark always in sight,
a renuncio in one tap, at most 9 taps for a whole hand, and text that reads in both schemes."""

from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.engine import Suit, points, preset_rules
from scorekeeper.storage import store

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog, TableFactory

SCREEN = {"width": 390, "height": 844}
MIN_TAP = 44
SETTLE_MS = 250  # a panel just drawn takes no touch this long (js/pocha/game/drawing.js): a double tap is one tap
MAX_TAPS_PER_HAND = 9  # trump, four bids, three tricks (the fourth is filled in), save
# The longest names the form takes (20 letters); seat 1 is la mano of hand 1 when seat 0 deals.
LONG = ("María Auxiliadora G.", "Maximilianoalejandro", "Encarnación López R.", "Bartolomé Esteban M.")
SHORT = ("Ana", "Bea", "Carlos", "Dani")
RULES = preset_rules("a_medida")

# A colour's relative luminance (WCAG), in the page's script: rgb("rgb(1, 2, 3)") and lum([r, g, b]).
LUMINANCE = """
  const rgb = text => text.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const f = c => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
"""

# Every piece of text in the hand panel with its contrast against what is behind it (WCAG's ratio).
# Disabled controls are left out (WCAG does not ask it of them), except the forbidden bid, which must read.
CONTRASTS = (
    """() => {"""
    + LUMINANCE
    + """
  const behind = el => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c;
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll('#mano *')]
    .filter(el => [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
    .filter(el => el.getClientRects().length && !el.closest('.visually-hidden'))
    .filter(el => !el.closest(':disabled') || el.closest('.number'))
    .map(el => {
      const a = lum(rgb(getComputedStyle(el).color)), b = lum(behind(el));
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      return [`${el.tagName}.${el.className} «${el.textContent.trim().slice(0, 24)}»`, Math.round(ratio * 100) / 100];
    });
}"""
)

# Where an element is on the page (not the screen): its box with the page scrolled to the top.
PAGE_BOX = """el => { const r = el.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY, width: r.width, height: r.height}; }"""

# A mark that is really seen: in the screen, and what the phone shows at its centre is the mark itself (or, in a
# player's row, the see-through button that lies over the row's line to show a cut name whole).
SEEN = """el => { el.scrollIntoView({block: 'center'}); const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const clear = e => [e, ...e.querySelectorAll('*')].every(x => { const s = getComputedStyle(x);
    return s.backgroundColor === 'rgba(0, 0, 0, 0)' && s.backgroundImage === 'none' && !x.textContent.trim(); });
  const over = !!hit && hit.matches('.row-name > summary') && hit.closest('.seat-who') === el.closest('.seat-who') && clear(hit);
  return {left: r.left, right: r.right, width: r.width, height: r.height, hit: !!hit && (el.contains(hit) || over)}; }"""

COUNT_TAPS = "window.pochaTaps = 0; document.addEventListener('touchstart', () => { window.pochaTaps += 1; }, true);"


def no_sideways_scroll(page: Page) -> None:
    """The page never scrolls sideways."""
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]


def page_box(page: Page, selector: str) -> dict[str, float]:
    """Where the element is on the page (from the top of the page, wherever it is scrolled)."""
    box: dict[str, float] = page.locator(selector).evaluate(PAGE_BOX)
    return box


def number_rows(page: Page, selector: str) -> list[dict[str, Any]]:
    """Each group of number buttons under ``selector``: how many lines they take and the smallest button."""
    rows: list[dict[str, Any]] = page.locator(selector).evaluate_all(
        """groups => groups.map(g => { const boxes = [...g.querySelectorAll('button')].map(b => b.getBoundingClientRect());
             return {lines: new Set(boxes.map(b => Math.round(b.top))).size,
                     width: Math.min(...boxes.map(b => b.width)), height: Math.min(...boxes.map(b => b.height))}; })"""
    )
    return rows


def low_contrast(page: Page) -> list[tuple[str, float]]:
    """The hand panel's text that reads at less than 4.5:1."""
    return [(what, ratio) for what, ratio in page.evaluate(CONTRASTS) if ratio < 4.5]


def stored_hand(live_server: "LiveServer", token: str, number: int) -> tuple[Any, ...]:
    """Hand ``number`` as the database keeps it: bids, tricks, renuncios and whether it is saved."""
    with live_server.app.app_context():
        game = store.find_game(token)
        assert game is not None
        row = store.hand_row(game, number)
        assert row is not None
        return tuple(row.bids), tuple(row.tricks), tuple(row.renuncios), row.complete


@pytest.mark.parametrize(("scheme", "cards"), [("light", 5), ("dark", 5), ("light", 6)])
def test_a_round_of_four_fits_the_first_screen(
    make_phone: "PhoneFactory", make_table: "TableFactory", phone_log: "PhoneLog", scheme: str, cards: int
) -> None:
    table = make_table(make_phone(color_scheme=scheme))
    page = table.page
    table.start(LONG, 0, "a_medida", custom_sizes=f"1 {cards}")
    table.play_hand(1, LONG, (1, 2, 3, 0), "O", (0, 0, 0, 0), (1, 0, 0, 0))  # the sheet and standings are drawn
    assert table.hand_title() == f"Mano 2 de 2 {cards} cartas"

    table.choose_trump("C")
    no_sideways_scroll(page)
    assert page_box(page, "#mano .bid-row")["bottom"] <= SCREEN["height"], "the bid buttons on the first screen"
    assert page_box(page, "#mano .seats")["bottom"] <= SCREEN["height"], "every player's row on the first screen"
    [bid_buttons] = number_rows(page, "#mano .bid-row .numbers")
    assert bid_buttons["lines"] == 1, f"0 to {cards} on one line: {bid_buttons}"
    assert bid_buttons["width"] >= MIN_TAP and bid_buttons["height"] >= MIN_TAP, bid_buttons
    for _ in LONG:
        table.bid(2)

    no_sideways_scroll(page)
    rows = number_rows(page, "#mano .tricks .numbers")
    assert len(rows) == 4
    assert all(row["lines"] == 1 for row in rows), f"0 to {cards} on one line: {rows}"
    assert all(row["width"] >= MIN_TAP and row["height"] >= MIN_TAP for row in rows), rows
    save = page_box(page, "#mano button.button-big")
    print(f"{scheme}, {cards} cards: the tricks stage ends with its save button {save['bottom']:.0f} px down the page")
    assert save["bottom"] <= SCREEN["height"], f"the save button ends {save['bottom']:.0f} px down the page"
    totals = page.locator("#mano .seat-row .stat-total")
    assert totals.count() == 4, "each row shows the running total"
    assert all(text.startswith("total ") for text in totals.all_inner_texts()), "called a total"
    assert page.locator("#mano .seat-row .stat-would").count() == 0, "no guess at this hand before the tricks"
    assert phone_log.errors == []


# Each trump button's mark (its suit's dot in a ring of the button's text colour) and text, with their contrast
# against the button: the ring's, the dot's (the better of the two is what the mark reads at), the text's.
SUIT_MARKS = (
    """() => {"""
    + LUMINANCE
    + """
  const ratio = (x, y) => { const a = lum(rgb(x)), b = lum(rgb(y)); return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
  return [...document.querySelectorAll('#mano .suits .suit-button')].map(button => {
    const style = getComputedStyle(button), mark = getComputedStyle(button, '::before');
    const ring = mark.boxShadow.match(/rgba?\\([^)]*\\)/);
    return {suit: button.textContent.trim(), shown: mark.content !== 'none' && parseFloat(mark.width) > 0,
            ring: ring ? ratio(ring[0], style.backgroundColor) : 0, dot: ratio(mark.backgroundColor, style.backgroundColor),
            text: ratio(style.color, style.backgroundColor)};
  });
}"""
)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_suits_mark_reads_on_its_button(
    make_phone: "PhoneFactory", make_table: "TableFactory", scheme: str
) -> None:
    table = make_table(make_phone(color_scheme=scheme))
    table.start(SHORT, 0)
    marks = table.page.evaluate(SUIT_MARKS)
    assert [mark["suit"] for mark in marks][:4] == ["Oros", "Copas", "Espadas", "Bastos"], marks
    for mark in marks:
        assert mark["shown"], f"{mark['suit']} has no mark"
        assert max(mark["ring"], mark["dot"]) >= 3, f"{mark['suit']}'s mark on its button ({scheme}): {mark}"
        assert mark["text"] >= 4.5, f"{mark['suit']}'s word on its button ({scheme}): {mark}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_mano_mark_is_seen_with_a_twenty_letter_name(
    make_phone: "PhoneFactory", make_table: "TableFactory", scheme: str
) -> None:
    table = make_table(make_phone(color_scheme=scheme))
    table.start(LONG, 0)
    mano = LONG[1]
    header = table.hand.locator(".roles dd").filter(has=table.page.locator(".mano-mark"))
    expect(header.locator(".who")).to_have_text(mano)
    table.choose_trump("E")
    row = table.seat_row(mano)
    for where in (header, row.locator(".seat-name")):
        mark = where.locator(".mano-mark")
        expect(mark).to_have_count(1)
        seen = mark.evaluate(SEEN)
        assert seen["hit"], f"the mark is covered or cut off: {seen}"
        assert seen["width"] >= 12 and seen["height"] >= 12, seen
        assert seen["left"] >= 0 and seen["right"] <= SCREEN["width"], seen
        name = where.locator(".who").evaluate("el => el.getBoundingClientRect().left")
        assert seen["right"] <= name, "the mark comes before the name, never under its ellipsis"
    expect(table.hand.locator(".seat-row .mano-mark")).to_have_count(1)
    expect(row.get_by_role("img", name="Es mano")).to_have_count(1)
    no_sideways_scroll(table.page)


def test_a_whole_hand_takes_nine_taps(
    make_phone: "PhoneFactory", make_table: "TableFactory", live_server: "LiveServer"
) -> None:
    page = make_phone()
    page.add_init_script(COUNT_TAPS)
    table = make_table(page)
    token = table.start(SHORT, 0, "a_medida", custom_sizes="5 5")
    posts: list[str] = []
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    page.evaluate("() => { window.pochaTaps = 0; }")

    bids, tricks = (1, 2, 0, 1), (2, 2, 0, 1)  # by seat; Ana deals: Bea, Carlos, Dani, Ana
    table.choose_trump("O")
    for seat in (1, 2, 3, 0):
        table.bid(bids[seat])
    for seat in (1, 2, 3):  # Ana's tricks are filled in
        table.tricks(SHORT[seat], tricks[seat])
    table.save()

    taps = page.evaluate("window.pochaTaps")
    print(f"taps for a whole hand of 4 players: {taps} (posts {len(posts)})")
    assert stored_hand(live_server, token, 1) == (bids, tricks, (0, 0, 0, 0), True), "the hand was saved"
    assert taps <= MAX_TAPS_PER_HAND
    assert len(posts) == taps, "every tap was one request"


def test_a_double_tap_on_a_bid_says_one_bid(
    make_phone: "PhoneFactory", make_table: "TableFactory", live_server: "LiveServer"
) -> None:
    page = make_phone()
    page.clock.install()  # the phone's time runs on as ever, until it is held below
    table = make_table(page)
    token = table.start(SHORT, 0, "a_medida", custom_sizes="5")  # Ana deals: Bea bids first, then Carlos
    table.choose_trump("O")
    page.wait_for_function("() => !document.querySelector('#mano.settling')")
    now = page.evaluate("() => Date.now()")
    page.clock.pause_at(now + 1_000)  # time held: a panel just drawn stays deaf to touches until it moves on
    box = table.bid_button(2).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    drawn = page.evaluate("() => +document.body.dataset.drawn")

    page.touchscreen.tap(x, y)  # Bea 2
    page.wait_for_function("(drawn) => +document.body.dataset.drawn > drawn", arg=drawn)
    expect(table.hand.locator(".prompt")).to_have_text("¿Cuántas pide Carlos?")
    expect(table.bid_button(2)).to_be_enabled()  # Carlos's 2 where Bea's was
    assert table.bid_button(2).bounding_box() == box
    page.touchscreen.tap(x, y)  # the same thumb again at once: lands on nothing
    assert page.evaluate("() => +document.body.dataset.drawn") == drawn + 1
    expect(table.hand.locator(".prompt")).to_have_text("¿Cuántas pide Carlos?")

    page.clock.fast_forward(SETTLE_MS)  # the moment over, the same tap counts
    page.clock.resume()
    table.tap(table.bid_button(2))  # Carlos 2
    expect(table.hand.locator(".prompt")).to_have_text("¿Cuántas pide Dani?")
    assert stored_hand(live_server, token, 1)[0][1:3] == (2, 2)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_renuncio_in_one_tap_from_the_players_row_and_its_undo(
    make_phone: "PhoneFactory", make_table: "TableFactory", live_server: "LiveServer", scheme: str
) -> None:
    page = make_phone(color_scheme=scheme)
    page.add_init_script(COUNT_TAPS)
    table = make_table(page)
    token = table.start(SHORT, 0, "a_medida", custom_sizes="5")
    table.choose_trump("B")
    for _ in SHORT:
        table.bid(1)
    row = table.seat_row("Carlos")
    expect(row.locator(".stat-would")).to_have_count(0)
    table.tricks("Carlos", 1)
    fair = points(RULES, 5, Suit.BASTOS, 1, 1)
    expect(row.locator(".stat-would")).to_have_text(f"esta mano +{fair}")

    page.evaluate("() => { window.pochaTaps = 0; }")
    table.renuncio("Carlos")
    assert page.evaluate("window.pochaTaps") == 1
    expect(row.locator(".penalty")).to_have_text("1 renuncio")
    penalised = points(RULES, 5, Suit.BASTOS, 1, 1, renuncios=1)
    expect(row.locator(".stat-would b")).to_have_text(f"−{-penalised}" if penalised < 0 else f"+{penalised}")
    assert stored_hand(live_server, token, 1)[2] == (0, 0, 1, 0)
    no_sideways_scroll(page)
    assert low_contrast(page) == []

    table.tap(table.hand.get_by_role("button", name="Deshacer"))  # undo takes back the last tap: the renuncio
    expect(table.hand.locator(".penalty")).to_have_count(0)
    assert stored_hand(live_server, token, 1)[2] == (0, 0, 0, 0)
    table.renuncio("Carlos")
    table.tap(row.get_by_role("button", name="Quitar un renuncio de Carlos"))
    expect(table.hand.locator(".penalty")).to_have_count(0)
    assert stored_hand(live_server, token, 1)[2] == (0, 0, 0, 0)
    assert stored_hand(live_server, token, 1)[0] == (1, 1, 1, 1), "the bids are still there"
