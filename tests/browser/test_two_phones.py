"""Two phones on the same game (the link shared at the table): a tap from a page left behind changes nothing and brings it up to date."""

from typing import TYPE_CHECKING

from playwright.sync_api import expect

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneFactory, PhoneLog, Table, TableFactory

NAMES = ("Ana", "Bea", "Ciro", "Dora")


def test_a_tap_from_a_page_left_behind_is_not_taken(
    table: "Table", make_phone: "PhoneFactory", make_table: "TableFactory", phone_log: "PhoneLog"
) -> None:
    token = table.start(NAMES, 0)  # Ana deals hand 1: Bea, Ciro, Dora, Ana bid
    other = make_table(make_phone())
    other.page.goto(f"/p/{token}")
    table.choose_trump("C")
    other.page.reload()
    expect(other.hand.locator(".prompt")).to_have_text("¿Cuántas pide Bea?")

    # Bea's bid is said on the first phone; the second, still asking for Bea's, taps another number.
    table.bid(1)
    other.bid(0)
    expect(other.page.locator("#tap-error")).to_have_text("Bea ya había pedido 1 desde otro móvil")
    expect(other.seat_row("Bea").locator(".stat-bid b")).to_have_text("1")
    expect(other.hand.locator(".prompt")).to_have_text("¿Cuántas pide Ciro?")

    # The hand is saved on the second phone; the first, still on hand 1's tricks, taps one.
    for bid in (0, 0):
        other.bid(bid)
    other.bid(1)
    table.page.reload()
    other.tricks("Bea", 1)
    other.tricks("Ciro", 0)
    other.tricks("Dora", 0)
    other.save()
    table.tricks("Bea", 0)
    expect(table.page.locator("#tap-error")).to_have_text(
        "La mano 1 ya se había guardado desde otro móvil; ahora se juega la mano 2"
    )
    assert table.hand_title() == "Mano 2 de 28 1 carta"
    assert table.sheet_totals() == [[-5, 15, 10, 10]]
    # The two refused taps came back in the outbox's answers (200), and nothing went wrong.
    assert phone_log.errors == [], phone_log.errors
