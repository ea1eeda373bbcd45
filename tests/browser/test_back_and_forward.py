"""Back and Forward never meet a form sent again («Confirm Form Resubmission», ERR_CACHE_MISS): every POST ends in a
redirect, and a refused form's page (a 4xx that shows what was typed) puts its GET address in the history."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog

FOUR = ("Ana", "Bea", "Ciro", "Dani")


def travel(page: Page, way: str) -> str:
    """Go back (or forward) one page: it must be a page of Pocha, never the browser's error; returns its title."""
    (page.go_back if way == "back" else page.go_forward)()  # raises on net::ERR_CACHE_MISS
    expect(page.locator("main#main")).to_be_visible()
    return page.title().removesuffix(" · Pocha")


def reload_asks_again(page: Page) -> None:
    """A reload of the page gets it again with a GET: the history no longer holds the POST that drew it."""
    with page.expect_request(lambda request: request.resource_type == "document") as reloaded:
        page.reload()
    assert reloaded.value.method == "GET", f"the reload sent the form again to {reloaded.value.url}"


def other_errors(log: PhoneLog) -> list[str]:
    """The console's errors but the refused forms' own (Chromium notes every 4xx answer as a failed load)."""
    return [error for error in log.errors if "status of 422" not in error]


def type_names(page: Page, names: tuple[str, ...]) -> None:
    """Type the names in the first rows of the new-game form."""
    for i, name in enumerate(names):
        page.locator(f"#names-{i}").fill(name)


def test_back_after_starting_a_game_lands_on_pages_with_or_without_javascript(
    make_phone: PhoneFactory, phone_log: PhoneLog
) -> None:
    for javascript in (True, False):
        page = make_phone(java_script_enabled=javascript)
        page.goto("/")
        with page.expect_navigation():
            page.get_by_role("link", name="Nueva partida").tap()
        type_names(page, ("Bea", "Ana", "Ciro"))
        with page.expect_navigation():
            page.get_by_role("button", name="Bajar a 1").tap()  # Ana first
        page.locator("#names-3").fill("Dani")
        with page.expect_navigation():
            page.get_by_role("button", name="Ver calendario").tap()
        expect(page.locator(".preview")).to_contain_text("28 manos con 4 jugadores")
        with page.expect_navigation():
            page.get_by_role("button", name="Empezar la partida").tap()
        assert "/p/" in page.url
        game = page.url

        titles = [travel(page, "back") for _ in range(3)]
        assert titles == ["Nueva partida", "Nueva partida", "Nueva partida"], javascript
        assert travel(page, "back") == "Pocha"  # home
        for _ in range(3):
            assert travel(page, "forward") == "Nueva partida"
        assert [page.locator(f"#names-{i}").input_value() for i in range(4)] == ["Ana", "Bea", "Ciro", "Dani"]
        travel(page, "forward")
        assert page.url == game
        page.context.close()
    assert phone_log.errors == []


def test_back_and_forward_around_a_refused_new_game(phone: Page, phone_log: PhoneLog) -> None:
    phone.goto("/partidas/nueva")
    type_names(phone, ("Ana", "Bea", "ana"))
    with phone.expect_navigation() as refused:
        phone.get_by_role("button", name="Empezar la partida").tap()
    assert refused.value is not None and refused.value.status == 422
    expect(phone.locator("#names-error")).to_contain_text("«ana» está repetido")
    assert "names-2=ana" in phone.url, "the history holds a GET of the form as it was typed, not the POST"
    type_names(phone, FOUR)
    with phone.expect_navigation():
        phone.get_by_role("button", name="Empezar la partida").tap()
    assert travel(phone, "back") == "Nueva partida"
    assert "names-2=ana" in phone.url
    assert travel(phone, "back") == "Nueva partida"
    assert travel(phone, "forward") == "Nueva partida"
    reload_asks_again(phone)
    expect(phone.locator("h1")).to_have_text("Nueva partida")
    travel(phone, "forward")
    assert "/p/" in phone.url
    assert other_errors(phone_log) == []


def test_back_and_forward_around_a_refused_correction_and_import(
    phone: Page, phone_log: PhoneLog, live_server: LiveServer
) -> None:
    token, _watch = store_game(live_server.app, FOUR, classic_game(4)[:2])
    phone.goto(f"/p/{token}/mano/1/corregir")
    phone.get_by_label("Bazas de Ana").fill("5")  # a one-card hand
    with phone.expect_navigation() as refused:
        phone.get_by_role("button", name="Guardar la corrección").tap()
    assert refused.value is not None and refused.value.status == 422
    expect(phone.locator(".flash-error")).to_be_visible()
    reload_asks_again(phone)
    with phone.expect_navigation():
        phone.get_by_role("link", name="Volver sin cambiar nada").tap()
    assert travel(phone, "back") == "Corregir la mano 1"
    assert travel(phone, "forward") == "Ana, Bea, Ciro, Dani"

    phone.goto("/partidas/importar")
    phone.set_input_files("#file", files=[{"name": "nada.json", "mimeType": "application/json", "buffer": b"{}"}])
    with phone.expect_navigation() as refused:
        phone.get_by_role("button", name="Importar la partida").tap()
    assert refused.value is not None and refused.value.status == 422
    expect(phone.locator("#file-error")).to_be_visible()
    reload_asks_again(phone)
    with phone.expect_navigation():
        phone.get_by_role("link", name="Mis partidas").tap()
    assert travel(phone, "back") == "Importar una partida"
    assert travel(phone, "forward") == "Pocha"
    assert other_errors(phone_log) == []
