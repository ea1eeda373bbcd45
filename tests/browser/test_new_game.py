"""Setting up a game on a phone: the dealer list follows the names typed, and the table starts as chosen."""

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneLog, Table


def dealer_labels(page: Page) -> list[str]:
    """The choices of «Reparte primero», in order."""
    return page.locator("#first_dealer option").all_inner_texts()


def test_the_dealer_list_names_the_players_as_they_are_typed(phone: Page, phone_log: "PhoneLog") -> None:
    phone.goto("/partidas/nueva")
    assert dealer_labels(phone)[:4] == ["Al azar", "Jugador 1", "Jugador 2", "Jugador 3"]
    phone.locator("#names-0").fill("Ana")
    phone.locator("#names-2").fill("  Carla   María ")  # a blank slot in between is left out, as the server does
    phone.locator("#names-3").fill("Dani")
    assert dealer_labels(phone)[:5] == ["Al azar", "Ana", "Carla María", "Dani", "Jugador 4"]
    phone.locator("#names-3").fill("")
    assert dealer_labels(phone)[:4] == ["Al azar", "Ana", "Carla María", "Jugador 3"]

    # After a round trip (moving a name), the list still follows the typing.
    phone.locator("#names-3").fill("Dani")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Bajar a 1").tap()
    assert dealer_labels(phone)[:5] == ["Al azar", "Carla María", "Ana", "Dani", "Jugador 4"]
    phone.locator("#names-2").fill("")
    assert dealer_labels(phone)[:4] == ["Al azar", "Carla María", "Ana", "Jugador 3"]
    phone.locator("#names-2").fill("Dani")
    phone.locator("#first_dealer").select_option(label="Carla María")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Empezar la partida").tap()
    expect(phone.locator(".flashes")).to_contain_text("¡A jugar! Reparte Carla María.")
    expect(phone.locator("#mano .roles dd").first).to_have_text("Carla María")
    assert phone_log.errors == []


def test_options_under_mas_opciones_make_the_schedule(table: "Table", phone: Page) -> None:
    table.start(("Ana", "Bea", "Ciro"), 2, "clasica", custom_sizes="2 3", multipliers="oros2")
    assert table.hand_title() == "Mano 1 de 2 2 cartas"
    expect(table.hand.locator(".roles dd").first).to_have_text("Ciro")
    expect(table.hand.locator("button.suit-O")).to_have_text("Oros ×2")
