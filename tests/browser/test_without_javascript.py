"""With JavaScript off the game still works: every tap is a real form POST answered with a 303 to the game page."""

import itertools
from typing import TYPE_CHECKING

from playwright.sync_api import Page, Response, expect

from scorekeeper.engine import HandRecord, Suit, preset_rules, score_sheet

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneFactory, PhoneLog, TableFactory

NAMES = ("Ana", "Berto", "Carla", "Dani")


def test_setting_up_and_playing_hands_without_javascript(
    make_phone: "PhoneFactory", make_table: "TableFactory", phone_log: "PhoneLog", live_server: "LiveServer"
) -> None:
    page: Page = make_phone(java_script_enabled=False)
    answers: list[tuple[str, str, int]] = []

    def note(response: Response) -> None:
        path = response.url.removeprefix(live_server.url)
        if response.request.resource_type == "document":  # the pages, not what they show (an image loads eagerly)
            answers.append((response.request.method, path, response.status))

    page.on("response", note)

    # The new-game form: moving a name is a round trip too, and the dealer list then shows the names.
    page.goto("/partidas/nueva")
    for i, name in enumerate(("Berto", "Ana", "Carla", "Dani")):
        page.locator(f"#names-{i}").fill(name)
    with page.expect_navigation():
        page.get_by_role("button", name="Bajar a 1").tap()
    assert [page.locator(f"#names-{i}").input_value() for i in range(4)] == list(NAMES)
    expect(page.locator("#first_dealer option[value='3']")).to_have_text("Dani")
    page.locator("#first_dealer").select_option("3")
    page.locator("details.more-options summary").tap()
    expect(page.locator("#multipliers")).to_be_visible()
    with page.expect_navigation():
        page.get_by_role("button", name="Empezar la partida").tap()
    token = page.url.split("/p/", 1)[1].split("#", 1)[0]
    expect(page.locator(".flashes")).to_contain_text("¡A jugar! Reparte Dani.")

    table = make_table(page, javascript=False)
    answers.clear()

    # Hand 1 (Dani deals): a trump chosen and taken back.
    table.choose_trump("B")
    expect(table.hand.locator(".roles")).to_contain_text("Bastos")
    table.tap(table.hand.get_by_role("button", name="Deshacer"))
    expect(table.hand.locator(".prompt")).to_have_text("¿Qué pinta?")

    # The dealer's forbidden bid is disabled and explained, with no script to do it.
    table.choose_trump("O")
    for bid in (1, 0, 0):
        table.bid(bid)
    expect(table.bid_button(0)).to_be_disabled()
    expect(page.locator("#forbidden-reason")).to_have_text("Dani no puede pedir 0: la suma sería 1 de 1")
    table.bid(1)

    # A renuncio put on from Carla's row (the count stays in sight there), and taken off.
    table.renuncio("Carla")
    row = table.seat_row("Carla")
    expect(row.locator(".penalty")).to_have_text("1 renuncio")
    table.tap(row.get_by_role("button", name="Quitar un renuncio de Carla"))
    expect(table.hand.locator(".penalty")).to_have_count(0)

    # Two tricks in a one-card hand: refused, shown in Berto's row of the page that the POST answered
    # (brought into view with no script), nothing saved.
    table.tricks("Ana", 1)
    with page.expect_navigation():
        table.hand.locator(".tricks").get_by_role("group", name="Berto", exact=True).get_by_role(
            "button", name="1", exact=True
        ).tap()
    expect(table.seat_row("Berto").locator("#tap-error")).to_have_text("Las bazas suman 2 y en esta mano hay 1")
    expect(table.error()).to_be_in_viewport()
    assert answers[-1] == ("POST", f"/p/{token}/bazas", 422)
    # Carry on from that page: its forms still post to the right places.
    table.tricks("Berto", 0)
    table.tricks("Carla", 0)
    expect(table.hand.locator(".tricks .auto")).to_have_text("se rellena: 0")
    table.save()
    expect(page.locator(".flashes")).to_contain_text("Mano 1 guardada.")
    assert page.url.endswith(f"/p/{token}#hoja")

    # Hand 2 (Ana deals) through the same helper as the other tests.
    table.play_hand(2, NAMES, (1, 2, 3, 0), "C", (0, 1, 0, 1), (0, 1, 0, 0))
    records = [
        HandRecord(bids=(1, 0, 0, 1), tricks=(1, 0, 0, 0), trump=Suit.OROS),
        HandRecord(bids=(0, 1, 0, 1), tricks=(0, 1, 0, 0), trump=Suit.COPAS),
    ]
    expected = score_sheet(preset_rules("clasica"), NAMES, 3, records)
    assert table.sheet_totals() == [list(row.totals) for row in expected.rows] == [[15, 10, 10, -5], [25, 25, 20, -10]]

    # Every tap was a POST answered with 303 and followed by a GET of the game page (the one refusal aside).
    posts = [(path, status) for method, path, status in answers if method == "POST"]
    assert [post for post in posts if post[1] != 303] == [(f"/p/{token}/bazas", 422)]
    assert len(posts) == 23
    for before, after in itertools.pairwise(answers):
        if before[0] == "POST" and before[2] == 303:
            assert after == ("GET", f"/p/{token}", 200)
    assert [e for e in phone_log.errors if "status of 422" not in e] == []
    assert phone_log.outside_requests() == []
