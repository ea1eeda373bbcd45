"""Refusals where the eye is, and a forbidden bid that looks forbidden: the hand panel on a 390×844 phone, light and
dark, with and without JavaScript."""

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect
from test_hand_panel import LONG, SHORT, low_contrast, no_sideways_scroll

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneFactory, PhoneLog, TableFactory

# Eight players, most with 20-letter names: the rows of the last to play are far down the page.
EIGHT = (*LONG, "Guadalupe Fernández", "Fermín", "Hilario Sánchez Ruiz", "Dani")
IN_VIEW = (
    """el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; }"""
)


@pytest.mark.parametrize(("scheme", "javascript"), [("light", True), ("dark", True), ("light", False)])
def test_a_refused_tap_is_said_by_the_buttons_that_sent_it(
    make_phone: "PhoneFactory", make_table: "TableFactory", phone_log: "PhoneLog", scheme: str, javascript: bool
) -> None:
    page = make_phone(color_scheme=scheme, java_script_enabled=javascript)
    table = make_table(page, javascript=javascript)
    table.start(EIGHT, 0, "a_medida", custom_sizes="5")
    table.choose_trump("O")
    for _ in EIGHT:
        table.bid(1)
    table.tricks(EIGHT[1], 5)  # la mano takes every trick: one more for anybody is refused

    late = EIGHT[6]  # the seventh row, far below the top of the panel
    row = table.seat_row(late)
    table.tap(row.get_by_role("button", name="1", exact=True))
    message = row.locator("#tap-error")
    expect(message).to_have_text("Las bazas suman 6 y en esta mano hay 5")
    expect(message).to_have_attribute("role", "alert")
    expect(page.locator("#tap-error")).to_have_count(1)
    assert message.evaluate(IN_VIEW), "the page is brought to the message"
    assert page.evaluate("document.activeElement && document.activeElement.id") == "tap-error"
    expect(row.locator("button[aria-pressed='true']")).to_have_count(1)  # nothing chosen: 0, filled in
    expect(row.locator("button[aria-pressed='true']")).to_have_text("0")
    no_sideways_scroll(page)
    assert low_contrast(page) == []

    # The next tap is clear: it is taken, and the message goes.
    table.tricks(EIGHT[1], 4)
    table.tricks(late, 1)
    expect(page.locator("#tap-error")).to_have_count(0)
    expect(row.locator("button[aria-pressed='true']")).to_have_text("1")
    assert [e for e in phone_log.errors if "status of 422" not in e] == []


@pytest.mark.parametrize("javascript", [True, False])
def test_a_refused_bid_is_said_by_the_bid_buttons(
    make_phone: "PhoneFactory", make_table: "TableFactory", javascript: bool
) -> None:
    page = make_phone(java_script_enabled=javascript)
    table = make_table(page, javascript=javascript)
    token = table.start(EIGHT, 0, "a_medida", custom_sizes="5")
    table.choose_trump("O")
    stale = make_phone()  # another phone says Maximilianoalejandro's bid first
    stale.goto(f"/p/{token}")
    stale.locator("#mano .bid-row").get_by_role("button", name="2", exact=True).tap()
    stale.wait_for_function("() => document.querySelector('#mano .prompt').textContent.includes('Encarnación')")
    stale.wait_for_function("() => window.PochaGame.settled()")  # stored, not only drawn on that phone

    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # wherever the page was
    table.tap(table.bid_button(3))
    message = table.hand.locator(".bid-row #tap-error")
    if javascript:  # the outbox's words for a tap another phone got in first (games/outbox.py)
        expect(message).to_have_text("Maximilianoalejandro ya había pedido 2 desde otro móvil")
    else:
        expect(message).to_contain_text("Otro móvil se ha adelantado: Maximilianoalejandro ya ha pedido 2.")
    assert message.evaluate(IN_VIEW)
    expect(table.hand.locator(".prompt")).to_have_text("¿Cuántas pide Encarnación López R.?")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_forbidden_bid_looks_forbidden_and_the_count_is_no_advice(
    make_phone: "PhoneFactory", make_table: "TableFactory", scheme: str
) -> None:
    table = make_table(make_phone(color_scheme=scheme))
    page = table.page
    table.start(SHORT, 0, "a_medida", custom_sizes="5")
    table.choose_trump("C")
    for _ in range(3):
        table.bid(1)
    forbidden = table.bid_button(2)
    expect(forbidden).to_be_disabled()
    look = forbidden.evaluate(
        """el => { const s = getComputedStyle(el);
             return {line: s.textDecorationLine, opacity: s.opacity, border: s.borderTopStyle}; }"""
    )
    assert look == {"line": "line-through", "opacity": "1", "border": "dashed"}, look
    reason = page.locator("#forbidden-reason")
    expect(reason).to_have_text("Ana no puede pedir 2: la suma sería 5 de 5")
    under = forbidden.bounding_box(), reason.bounding_box()
    assert under[0] is not None and under[1] is not None
    assert 0 <= under[1]["y"] - (under[0]["y"] + under[0]["height"]) <= 16, "the reason is right by the buttons"
    expect(table.hand.locator(".balance")).to_have_text("Pedidas 3 de 5")
    assert low_contrast(page) == [], "the forbidden number and every text read in both schemes"

    # Tricks: buttons not chosen are neutral (the panel's colour), the chosen one filled, the bid outlined.
    table.bid(0)
    table.tricks("Bea", 1)
    colours = table.hand.locator(".tricks .numbers").evaluate_all(
        """groups => groups.map(g => [...g.querySelectorAll('button')].map(b => [
             b.getAttribute('aria-pressed'), b.classList.contains('is-bid'),
             getComputedStyle(b).backgroundColor, getComputedStyle(b).borderTopStyle]))"""
    )
    panel = table.hand.evaluate("el => getComputedStyle(el).backgroundColor")
    for buttons in colours:
        for pressed, is_bid, background, border in buttons:
            assert (background != panel) == (pressed == "true"), (pressed, background, panel)
            assert (border == "dashed") == is_bid
    assert [sum(pressed == "true" for pressed, *_ in buttons) for buttons in colours] == [1, 0, 0, 0]
    assert low_contrast(page) == []
