"""A hand against the bots on a phone (390×844): bid, play every card to the end, and try a card the rules forbid."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneFactory, PhoneLog

MIN_TAP = 44
# Seat 0 deals (so the forbidden bid is in play); with this seed it also has to follow suit at some point.
START = "/simulador/jugar?players=4&cards=5&seed=7&dealer=0&preset=clasica&asiento=0"


def enabled_cards(page: Page) -> list[str]:
    """The cards the page lets you play now."""
    return list(
        page.locator(".play-form button.card-button:not([disabled])").evaluate_all("els => els.map(e => e.value)")
    )


def disabled_cards(page: Page) -> list[str]:
    """Your cards the rules do not let you play now."""
    return list(page.locator(".play-form button.card-button[disabled]").evaluate_all("els => els.map(e => e.value)"))


def fits_the_phone(page: Page) -> None:
    """No sideways scroll, and every control big enough for a thumb."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    small = page.evaluate(
        """min => [...document.querySelectorAll('#main button, #main input, #main select, #main summary, .sim-nav a, .button')]
                .filter(el => el.type !== 'hidden' && el.offsetParent !== null)
                .map(el => [el.outerHTML.slice(0, 80), el.getBoundingClientRect()])
                .filter(([, r]) => r.width < min || r.height < min)
                .map(([html, r]) => `${html} (${Math.round(r.width)}×${Math.round(r.height)})`)""",
        MIN_TAP,
    )
    assert small == []


def test_a_whole_hand_against_the_bots_and_a_forbidden_card(phone: Page, phone_log: PhoneLog) -> None:
    phone.goto(START)
    expect(phone.get_by_role("heading", name="¿Cuántas bazas pides?")).to_be_visible()
    fits_the_phone(phone)

    # the dealer's forbidden bid is disabled, and says why
    forbidden = phone.locator(".bid-form button[disabled]")
    expect(forbidden).to_have_count(1)
    expect(phone.locator("#forbidden-reason")).to_contain_text("repartes tú, y con tu apuesta la suma sería 5 de 5")
    bid = phone.locator(".bid-form button:not([disabled])").first
    said = bid.inner_text()
    with phone.expect_navigation():
        bid.tap()
    assert f"apuesta={said}" in phone.url

    tried_illegal = False
    for trick in range(1, 6):
        expect(phone.locator("#trick-title")).to_have_text(f"Baza {trick} de 5")
        expect(phone.locator("#turn")).to_contain_text("Te toca:")
        fits_the_phone(phone)
        illegal = disabled_cards(phone)
        if illegal and not tried_illegal:
            # the rules forbid it, so the button is disabled: enable it anyway and tap it
            reason = phone.locator("#play-reason").inner_text()
            address = phone.url
            button = phone.locator(f'.play-form button.card-button[value="{illegal[0]}"]')
            button.evaluate("el => { el.disabled = false; }")
            with phone.expect_navigation():
                button.tap()
            expect(phone.locator("#sim-error")).to_have_text(f"No puedes echar el {illegal[0]}: {reason}")
            assert disabled_cards(phone) == illegal, "nothing was played"
            assert phone.url == address, (
                "the refused page keeps the address of the table as it is (Back resends nothing)"
            )
            tried_illegal = True
        legal = enabled_cards(phone)
        assert legal
        with phone.expect_navigation():
            phone.locator(f'.play-form button.card-button[value="{legal[0]}"]').tap()
        assert "/simulador/jugar?" in phone.url and "jugadas=" in phone.url

    assert tried_illegal, "the hand never asked to follow suit: choose another seed"
    expect(phone.get_by_role("heading", name="Fin de la mano")).to_be_visible()
    expect(phone.locator("#tus-puntos")).to_contain_text(f"Pediste {said} y has hecho")
    expect(phone.locator("#resultado tbody tr")).to_have_count(4)
    fits_the_phone(phone)
    # the finished hand is an address: a reload shows it again
    phone.reload()
    expect(phone.get_by_role("heading", name="Fin de la mano")).to_be_visible()
    assert phone_log.outside_requests() == []
    # the refused card answers 422, which the browser notes; nothing else went wrong
    assert [e for e in phone_log.errors if "status of 422" not in e] == [], (
        "console errors (a CSP violation shows up here)"
    )
    assert len(phone_log.errors) == 1


def test_without_javascript_too(make_phone: PhoneFactory, phone_log: PhoneLog) -> None:
    phone = make_phone(java_script_enabled=False)
    phone.goto(START.replace("asiento=0", "asiento=2"))
    with phone.expect_navigation():
        phone.locator(".bid-form button:not([disabled])").first.click()
    while phone.locator(".play-form").count():
        with phone.expect_navigation():
            phone.locator(".play-form button.card-button:not([disabled])").first.click()
    expect(phone.get_by_role("heading", name="Fin de la mano")).to_be_visible()
    assert phone_log.errors == []


def test_the_simulator_walks_a_deal_on_a_phone(phone: Page, phone_log: PhoneLog) -> None:
    phone.goto("/simulador?players=4&cards=3&seed=5&dealer=1&paso=0")
    fits_the_phone(phone)
    for number in range(1, 14):
        with phone.expect_navigation():
            phone.locator("a.moment-next").first.tap()
        expect(phone.locator(".moment-count").first).to_have_text(f"Paso {number} de 13")
    expect(phone.locator("#resultado")).to_be_visible()
    expect(phone.locator("a.moment-next")).to_have_count(0)
    fits_the_phone(phone)
    assert phone_log.errors == []
