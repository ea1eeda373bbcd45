"""The game page at a table of eight with long names: it fits the phone, thumbs can hit it, the sheet scrolls in its box, dark mode."""

from typing import TYPE_CHECKING

from playwright.sync_api import Locator, Page, expect

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneFactory, PhoneLog, Table, TableFactory

MIN_TAP = 44
PHONE_WIDTH = 390
# Eight players, some with the longest names the form takes (20 letters), one with no space to break at.
NAMES = (
    "María Auxiliadora G.",
    "Bartolomé Esteban M.",
    "Maximilianoalejandro",
    "Dani",
    "Encarnación López R.",
    "Fermín",
    "Guadalupe Fernández",
    "Hilario",
)

SMALL_CONTROLS = """min => [...document.querySelectorAll('a, button, summary, input:not([type=hidden]), select')]
    .filter(el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
    .map(el => [el.outerHTML.slice(0, 90), el.getBoundingClientRect()])
    .filter(([, r]) => r.width < min || r.height < min)
    .map(([html, r]) => `${html} (${Math.round(r.width)}×${Math.round(r.height)})`)"""

WIDE_ELEMENTS = """width => [...document.querySelectorAll('body *')]
    .filter(el => el.getClientRects().length > 0 && !el.closest('.sheet-scroll, .strip, .order span'))
    .map(el => [el.tagName + '.' + el.className + ' ' + (el.textContent || '').trim().slice(0, 30), el.getBoundingClientRect()])
    .filter(([, r]) => r.right > width + 0.5)
    .map(([what, r]) => `${what} (right edge ${Math.round(r.right)})`)"""


def edges(element: Locator) -> tuple[float, float]:
    """The left and right edges of an element on the screen."""
    box = element.bounding_box()
    assert box is not None
    return box["x"], box["x"] + box["width"]


def check_fits(page: Page, stage: str) -> None:
    """No sideways scroll of the page, nothing poking out, every control big enough for a thumb."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH, stage
    assert page.evaluate("document.body.scrollWidth") <= PHONE_WIDTH, stage
    assert page.evaluate(WIDE_ELEMENTS, PHONE_WIDTH) == [], stage
    assert page.evaluate(SMALL_CONTROLS, MIN_TAP) == [], stage


def luminance(css_color: str) -> float:
    """Relative luminance (0 black … 1 white) of an ``rgb(…)``/``rgba(…)`` colour."""
    inside = css_color[css_color.index("(") + 1 : css_color.index(")")]
    red, green, blue = (float(part) / 255 for part in inside.replace("/", ",").split(",")[:3])

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def play_a_one_card_hand(table: "Table", page: Page, number: int, first_dealer: int) -> None:
    """Everybody bids 0, the first to bid takes the card; the page is checked at every stage on the way."""
    dealer = (first_dealer + number - 1) % len(NAMES)
    order = [(dealer + 1 + i) % len(NAMES) for i in range(len(NAMES))]
    check_fits(page, f"hand {number}: trump")
    table.choose_trump("E")
    for seat in order:
        if seat == dealer:
            expect(table.bid_button(1)).to_be_disabled()
            check_fits(page, f"hand {number}: the dealer's forbidden bid")
        table.bid(0)
    check_fits(page, f"hand {number}: tricks")
    table.renuncio(NAMES[dealer])
    check_fits(page, f"hand {number}: a renuncio in the dealer's row")
    table.tap(table.seat_row(NAMES[dealer]).get_by_role("button", name=f"Quitar un renuncio de {NAMES[dealer]}"))
    table.tricks(NAMES[order[0]], 1)
    for seat in order[1:-1]:
        table.tricks(NAMES[seat], 0)
    table.save()
    check_fits(page, f"hand {number}: saved")


def test_a_table_of_eight_with_long_names_fits_the_phone(table: "Table", phone: Page, phone_log: "PhoneLog") -> None:
    table.start(NAMES, 0)
    assert table.hand_title() == "Mano 1 de 30 1 carta"
    for number in (1, 2):
        play_a_one_card_hand(table, phone, number, 0)
    expect(phone.locator("#hoja .sheet-compact tbody tr")).to_have_count(2)
    assert phone_log.errors == []
    assert phone_log.outside_requests() == []


def test_the_sheet_scrolls_sideways_in_its_box_with_the_hand_column_fixed(table: "Table", phone: Page) -> None:
    table.start(NAMES, 0)
    play_a_one_card_hand(table, phone, 1, 0)
    box = phone.locator("#hoja .compact-scroll")
    sizes = box.evaluate("el => [el.scrollWidth, el.clientWidth, el.getBoundingClientRect().right]")
    assert sizes[0] > sizes[1], "eight players' columns are wider than the phone"
    assert sizes[2] <= PHONE_WIDTH
    assert box.evaluate("el => getComputedStyle(el).overflowX") in ("auto", "scroll")

    fixed = phone.locator("#hoja .sheet-compact tbody th.fixed").first
    header = phone.locator("#hoja .sheet-compact thead th.fixed").first
    last_total = phone.locator("#hoja .sheet-compact tbody .total").last
    for cell in (fixed, header):
        assert cell.evaluate("el => getComputedStyle(el).position") == "sticky"
        assert cell.evaluate("el => getComputedStyle(el).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")
    before = [edges(cell) for cell in (fixed, header, last_total)]

    # A sideways swipe over the sheet moves the players' columns, not the page and not the first column.
    area = box.bounding_box()
    assert area is not None
    phone.mouse.move(area["x"] + area["width"] / 2, area["y"] + area["height"] / 2)
    phone.mouse.wheel(2000, 0)
    phone.wait_for_function(
        "() => { const el = document.querySelector('#hoja .compact-scroll');"
        " return el.scrollLeft > 0 && el.scrollLeft >= el.scrollWidth - el.clientWidth - 1; }"
    )
    after = [edges(cell) for cell in (fixed, header, last_total)]
    assert after[0] == before[0] and after[1] == before[1], "the hand column stays put"
    assert after[2][0] < before[2][0], "the players' columns moved"
    assert after[2][1] <= PHONE_WIDTH, "the last total can be scrolled into view"
    assert phone.evaluate("window.scrollX") == 0
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH

    # The hand's number stays a link to its correction, still tappable over the scrolled cells.
    link = fixed.get_by_role("link", name="Corregir la mano 1")
    with phone.expect_navigation():
        link.tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Corregir la mano 1")
    check_fits(phone, "correction page")


def test_dark_mode(make_phone: "PhoneFactory", make_table: "TableFactory", phone_log: "PhoneLog") -> None:
    light, dark = make_phone(), make_phone(color_scheme="dark")
    for page in (light, dark):
        table = make_table(page)
        table.start(NAMES[:4], 0)
        table.play_hand(1, NAMES[:4], (1, 2, 3, 0), "O", (0, 0, 0, 0), (1, 0, 0, 0))

    def colours(page: Page) -> dict[str, float]:
        return {
            what: luminance(page.evaluate(f"getComputedStyle(document.querySelector('{where}')).{prop}"))
            for what, where, prop in (
                ("body", "body", "backgroundColor"),
                ("text", "body", "color"),
                ("panel", "#mano", "backgroundColor"),
                ("sheet", "#hoja .compact-scroll", "backgroundColor"),
                ("fixed column", "#hoja .sheet-compact tbody th.fixed", "backgroundColor"),
            )
        }

    bright, night = colours(light), colours(dark)
    assert bright["body"] > 0.7 and bright["text"] < 0.1
    assert night["body"] < 0.05, "the page is dark in dark mode"
    assert night["panel"] < 0.05 and night["sheet"] < 0.05 and night["fixed column"] < 0.05
    assert night["text"] > 0.7, "the text is light on the dark page"
    assert dark.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    assert phone_log.errors == []
