"""Setting up a game on a phone: names first in four rows (one more per «Añadir jugador»), reordered by drag or ↑↓;
the dealer list follows the names typed, and the table starts as chosen."""

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from tests.browser.conftest import PhoneFactory, PhoneLog, Table


def dealer_labels(page: Page) -> list[str]:
    """The choices of «Reparte primero», in order."""
    return page.locator("#first_dealer option").all_inner_texts()


def test_the_dealer_list_names_the_players_as_they_are_typed(phone: Page, phone_log: "PhoneLog") -> None:
    phone.goto("/partidas/nueva")
    assert dealer_labels(phone)[:4] == ["Al azar", "Jugador 1", "Jugador 2", "Jugador 3"]
    phone.locator("#names-0").fill("Ana")
    phone.locator("#names-2").fill("  Carla   María ")  # a blank slot in between is left out, as the server does
    phone.locator("#names-3").fill("Dani")
    assert dealer_labels(phone) == ["Al azar", "Ana", "Carla María", "Dani"]  # only the players typed
    phone.locator("#names-3").fill("")
    assert dealer_labels(phone) == ["Al azar", "Ana", "Carla María"]

    # After a round trip (moving a name), the list still follows the typing.
    phone.locator("#names-3").fill("Dani")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Bajar a 1").tap()
    assert dealer_labels(phone) == ["Al azar", "Carla María", "Ana", "Dani"]
    phone.locator("#names-2").fill("")
    assert dealer_labels(phone) == ["Al azar", "Carla María", "Ana"]
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


# --- a newcomer: names first, four rows, one more per «Añadir jugador», reordered by drag or ↑↓ ------------


def visible_rows(page: Page) -> int:
    """How many name rows the form shows."""
    return page.locator(".name-row:visible").count()


def names_typed(page: Page) -> list[str]:
    """The name rows' values, in order, shown or not."""
    return [field.input_value() for field in page.locator("input[id^='names-']").all()]


def test_names_come_first_in_four_rows_and_add_a_player_opens_one_more_up_to_eight(
    table: "Table", phone: Page, phone_log: "PhoneLog"
) -> None:
    phone.goto("/partidas/nueva")
    first_field = phone.evaluate("() => document.querySelector('main input:not([type=hidden]), main select').id")
    assert first_field == "names-0", "the names come before anything else"
    assert visible_rows(phone) == 4
    start = phone.get_by_role("button", name="Empezar la partida").bounding_box()
    quiet = phone.get_by_role("link", name="¿Tienes una partida guardada en un archivo? Impórtala").bounding_box()
    assert start is not None and quiet is not None and quiet["y"] > start["y"], "importing comes after the form"
    add = phone.get_by_role("button", name="Añadir jugador")
    for shown in range(5, 9):
        phone.evaluate("() => { window.pochaSamePage = true; }")
        add.tap()
        assert visible_rows(phone) == shown
        expect(phone.locator(f"#names-{shown - 1}")).to_be_focused()
        assert phone.evaluate("() => window.pochaSamePage === true"), "opening a row is no round trip"
    expect(add).to_be_hidden()
    assert phone.locator("#filas").input_value() == "8"
    names = ("Ana", "Bea", "Ciro", "Dani", "Eva", "Fede", "Gema", "Hugo")
    table.start(names, 7)
    expect(phone).to_have_title("Ana, Bea, Ciro, Dani, Eva, Fede, Gema, Hugo · Pocha")
    assert phone_log.errors == []


def test_without_javascript_add_a_player_is_a_round_trip_that_keeps_what_was_typed(
    make_phone: "PhoneFactory", phone_log: "PhoneLog"
) -> None:
    page = make_phone(java_script_enabled=False)
    page.goto("/partidas/nueva")
    for i, name in enumerate(("Ana", "Bea", "Ciro", "Dani")):
        page.locator(f"#names-{i}").fill(name)
    page.locator("#preset").select_option("corta")
    for shown in range(5, 9):
        with page.expect_navigation() as navigation:
            page.get_by_role("button", name="Añadir jugador").tap()
        assert navigation.value is not None and navigation.value.request.method == "GET", (
            "every POST ends in a redirect"
        )
        assert navigation.value.request.redirected_from is not None
        assert visible_rows(page) == shown
    expect(page.get_by_role("button", name="Añadir jugador")).to_have_count(0)
    assert names_typed(page)[:5] == ["Ana", "Bea", "Ciro", "Dani", ""]
    assert page.locator("#preset").input_value() == "corta"
    assert phone_log.errors == []


def test_a_name_is_dragged_by_its_handle_and_the_first_dealer_stays_the_same_player(
    phone: Page, phone_log: "PhoneLog"
) -> None:
    phone.goto("/partidas/nueva")
    for i, name in enumerate(("Ana", "Bea", "Ciro", "Dani")):
        phone.locator(f"#names-{i}").fill(name)
    phone.locator("#first_dealer").select_option(label="Ciro")
    handle = phone.locator(".name-row").nth(2).locator(".drag-handle").bounding_box()
    top = phone.locator(".name-row").nth(0).bounding_box()
    assert handle is not None and top is not None
    phone.mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
    phone.mouse.down()
    phone.mouse.move(handle["x"] + handle["width"] / 2, top["y"] + 4, steps=8)
    phone.mouse.up()
    assert names_typed(phone)[:4] == ["Ciro", "Ana", "Bea", "Dani"]
    assert dealer_labels(phone)[:5] == ["Al azar", "Ciro", "Ana", "Bea", "Dani"]
    expect(phone.locator("#first_dealer option:checked")).to_have_text("Ciro")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Empezar la partida").tap()
    expect(phone.locator(".flashes")).to_contain_text("¡A jugar! Reparte Ciro.")
    expect(phone).to_have_title("Ciro, Ana, Bea, Dani · Pocha")
    assert phone_log.errors == []
