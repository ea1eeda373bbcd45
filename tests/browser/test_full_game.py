"""A whole classic game of four on a phone, tapped in hand by hand, checked against the engine's own sheet.

The bids and tricks come from the engine's simulator (seeded), so they are always
lawful; along the way the dealer's forbidden bid is tried (and refused), a renuncio is
entered, and an earlier hand is corrected. The page's totals and winner must then be
exactly what ``score_sheet`` makes of the same facts.
"""

import random
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from itertools import permutations
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.engine import (
    HandPlan,
    HandRecord,
    PochaError,
    Rules,
    check_record,
    forbidden_bid_for,
    preset_rules,
    score_sheet,
    simulate_hand,
)
from scorekeeper.storage import store
from scorekeeper.storage.models import Game

if TYPE_CHECKING:
    from tests.browser.conftest import LiveServer, PhoneLog, Table

pytestmark = pytest.mark.slow  # 28 hands and more, tapped one by one

NAMES = ("Ana", "Berto", "Carla", "Dani")
# Notes in window.pochaTitleTapped when the hand's title (a tap that changes nothing) is tapped.
TITLE_TAP_SEEN = """() => {
  window.pochaTitleTapped = false;
  document.getElementById("hand-title").addEventListener("click", () => { window.pochaTitleTapped = true; }, { once: true });
}"""
FIRST_DEALER = 1
SEED = 2024
RENUNCIO = (12, 2)  # hand 12: a renuncio on Carla
CORRECTED_HAND = 6  # corrected once hand CORRECT_AFTER is saved
CORRECT_AFTER = 10
CLASSIC_HANDS = 28
REFUSED = "Failed to load resource: the server responded with a status of 422"


def plural(count: int, one: str, many: str) -> str:
    """«1 punto», «-5 puntos»: how the page counts."""
    return f"{count} {one if count == 1 else many}"


def simulated(plan: HandPlan, rng: random.Random, rules: Rules) -> HandRecord:
    """A lawful hand for ``plan``: dealt, bid and played by the engine's bots."""
    log = simulate_hand(plan.players, plan.cards, plan.dealer, rng, rules=rules, kind=plan.kind)
    return HandRecord(bids=log.bids, tricks=log.tricks_won, trump=log.deal.trump, renuncios=(0,) * plan.players)


def corrected(plan: HandPlan, record: HandRecord, rules: Rules) -> tuple[HandRecord, int, int]:
    """The record with one trick moved from seat ``a`` to seat ``b`` and ``b``'s bid set to match, still lawful."""
    for a, b in permutations(range(plan.players), 2):
        if record.tricks[a] == 0 or record.bids[b] == record.tricks[b] + 1:
            continue
        tricks = list(record.tricks)
        tricks[a] -= 1
        tricks[b] += 1
        bids = list(record.bids)
        bids[b] = tricks[b]
        candidate = replace(record, bids=tuple(bids), tricks=tuple(tricks))
        try:
            check_record(plan, candidate, rules, NAMES)
        except PochaError:
            continue
        return candidate, a, b
    raise AssertionError(f"no lawful correction of hand {plan.number}")


def stored_game(token: str) -> Game:
    """The game as the database has it (read only; inside an app context)."""
    game = store.find_game(token)
    assert game is not None
    return game


def check_forbidden_bid_is_refused(
    table: "Table", phone_log: "PhoneLog", live_server: "LiveServer", token: str, plan: HandPlan, forbidden: int
) -> None:
    """The dealer's forbidden number: disabled, explained, and refused by the server when forced."""
    page = table.page
    dealer = NAMES[plan.dealer]
    reason = f"{dealer} no puede pedir {forbidden}: la suma sería {plan.cards} de {plan.cards}"
    button = table.bid_button(forbidden)
    expect(button).to_be_disabled()
    expect(page.locator("#forbidden-reason")).to_have_text(reason)
    assert button.get_attribute("aria-describedby") == "forbidden-reason"
    enabled = [n for n in range(plan.cards + 1) if n != forbidden]
    for n in enabled:
        expect(table.bid_button(n)).to_be_enabled()

    # A thumb on the disabled button sends nothing.
    sent, drawn = len(phone_log.requests), page.evaluate("() => document.body.dataset.drawn")
    button.tap(force=True)
    # Taps are dealt with in turn: once a later tap on the hand's title is seen, this one was dealt with too; a tap
    # taken would have been drawn and put in the outbox by then.
    page.evaluate(TITLE_TAP_SEEN)
    page.locator("#hand-title").tap()
    page.wait_for_function("() => window.pochaTitleTapped")
    assert page.evaluate("() => [document.body.dataset.drawn, window.PochaGame.outbox.pending()]") == [drawn, 0]
    assert len(phone_log.requests) == sent
    expect(table.hand.locator(".prompt")).to_have_text(f"¿Cuántas pide {dealer}?")

    # Forced anyway (the attribute taken off): the phone refuses it with the reason, and nothing reaches the server.
    button.evaluate("b => b.removeAttribute('disabled')")
    table.tap(button)
    expect(table.error()).to_have_text(reason)
    expect(table.hand.locator(".prompt")).to_have_text(f"¿Cuántas pide {dealer}?")
    expect(table.bid_button(forbidden)).to_be_disabled()
    with live_server.app.app_context():
        hand = store.hand_row(stored_game(token), plan.number)
        assert hand is not None and hand.bids[plan.dealer] is None and not hand.complete
    page.reload()
    expect(table.error()).to_have_count(0)
    expect(table.hand.locator(".prompt")).to_have_text(f"¿Cuántas pide {dealer}?")


def correct_hand(
    table: "Table", live_server: "LiveServer", token: str, plan: HandPlan, record: HandRecord
) -> HandRecord:
    """Put hand ``plan.number`` right through its correction page; return the corrected record."""
    page = table.page
    fixed, a, b = corrected(plan, record, preset_rules("clasica"))
    with page.expect_navigation():
        page.get_by_role("link", name=f"Corregir la mano {plan.number}", exact=True).tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Corregir la mano {plan.number}")
    for seat in range(plan.players):
        expect(page.locator(f"#bids-{seat}")).to_have_value(str(record.bids[seat]))
        expect(page.locator(f"#tricks-{seat}")).to_have_value(str(record.tricks[seat]))

    # First the tricks of b only: they add up to one too many, and nothing is saved.
    page.locator(f"#bids-{b}").fill(str(fixed.bids[b]))
    page.locator(f"#tricks-{b}").fill(str(fixed.tricks[b]))
    with page.expect_navigation():
        page.get_by_role("button", name="Guardar la corrección").tap()
    expect(page.get_by_role("alert")).to_have_text(f"Las bazas suman {plan.cards + 1} y en esta mano hay {plan.cards}")
    with live_server.app.app_context():
        assert stored_game(token).corrections == []

    # Then a's tricks too: the record is lawful again.
    expect(page.locator(f"#tricks-{b}")).to_have_value(str(fixed.tricks[b]))
    page.locator(f"#tricks-{a}").fill(str(fixed.tricks[a]))
    with page.expect_navigation():
        page.get_by_role("button", name="Guardar la corrección").tap()
    assert page.url.split("#")[0].endswith(f"/p/{token}")
    expect(page.locator(".flashes")).to_contain_text(
        f"Mano {plan.number} corregida: los totales siguientes se han recalculado."
    )

    corrections = page.locator("#correcciones")
    expect(corrections.locator("summary")).to_have_text("1 corrección")
    corrections.locator("summary").tap()
    entry = corrections.locator("li")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text(f"Mano {plan.number}:")
    changes = [
        f"bazas de {NAMES[a]}: {record.tricks[a]} → {fixed.tricks[a]}",
        f"bazas de {NAMES[b]}: {record.tricks[b]} → {fixed.tricks[b]}",
    ]
    if fixed.bids[b] != record.bids[b]:
        changes.append(f"apuesta de {NAMES[b]}: {record.bids[b]} → {fixed.bids[b]}")
    for change in changes:
        expect(entry).to_contain_text(change)
    return fixed


def test_a_whole_classic_game_of_four(
    table: "Table", phone: Page, phone_log: "PhoneLog", live_server: "LiveServer"
) -> None:
    rules = preset_rules("clasica")
    rng = random.Random(SEED)
    token = table.start(NAMES, FIRST_DEALER, "clasica")
    expect(phone.locator(".flashes")).to_contain_text(f"¡A jugar! Reparte {NAMES[FIRST_DEALER]}.")
    assert table.hand_title() == f"Mano 1 de {CLASSIC_HANDS} 1 carta"

    records: list[HandRecord] = []
    forbidden_hand = 0  # the hand where the dealer's forbidden bid is tried
    while (plan := score_sheet(rules, NAMES, FIRST_DEALER, records).next_hand) is not None:
        record = simulated(plan, rng, rules)
        if plan.number == RENUNCIO[0]:
            renuncios = [0] * plan.players
            renuncios[RENUNCIO[1]] = 1
            record = replace(record, renuncios=tuple(renuncios))
        earlier = [record.bids[seat] for seat in plan.bidding_order[:-1]]
        forbidden = forbidden_bid_for(plan.cards, earlier, rules)
        try_forbidden: Callable[[], None] | None = None
        if not forbidden_hand and plan.cards >= 4 and forbidden is not None:
            forbidden_hand = plan.number
            try_forbidden = partial(
                check_forbidden_bid_is_refused, table, phone_log, live_server, token, plan, forbidden
            )
        assert record.trump is not None
        table.play_hand(
            plan.number,
            NAMES,
            plan.bidding_order,
            record.trump.value,
            record.bids,
            record.tricks,
            record.renuncios,
            before_last_bid=try_forbidden,
        )
        records.append(record)

        if plan.number == CORRECT_AFTER:
            saved = score_sheet(rules, NAMES, FIRST_DEALER, records).rows[CORRECTED_HAND - 1]
            records[CORRECTED_HAND - 1] = correct_hand(table, live_server, token, saved.plan, saved.record)

    assert forbidden_hand and len(records) > max(RENUNCIO[0], CORRECT_AFTER)
    expected = score_sheet(rules, NAMES, FIRST_DEALER, records)
    assert expected.finished and len(expected.rows) >= CLASSIC_HANDS

    # The sheet: every running total, the renuncio marked, no hand left to play.
    assert table.sheet_totals() == [list(row.totals) for row in expected.rows]
    renuncio_row = phone.locator("#hoja .sheet-compact tbody tr").nth(RENUNCIO[0] - 1)
    expect(renuncio_row.locator("td").nth(RENUNCIO[1]).locator(".penalty")).to_have_text("R")
    expect(table.hand).to_have_count(0)
    expect(phone.locator(".flashes")).to_contain_text("¡Fin de la partida!")

    # The result: the winner and the standings, as the engine has them.
    winner = expected.winner
    assert winner is not None
    expect(phone.locator("#standings-title")).to_have_text("Resultado final")
    expect(phone.locator("#clasificacion .winner")).to_have_text(
        f"Gana {NAMES[winner]} con {expected.totals[winner]} puntos"
    )
    assert table.standings() == [
        (NAMES[p.seat], plural(p.total, "punto", "puntos"), plural(p.missed, "fallo", "fallos"))
        for p in expected.standings.places
    ]
    footer = phone.locator("#hoja .sheet-compact tfoot td")
    assert footer.all_inner_texts() == [str(m) for m in expected.missed]

    # The phone's list of games has it, finished, with its winner.
    with phone.expect_navigation():
        phone.get_by_role("link", name="Mis partidas").tap()
    game = phone.locator(f".game-link[href='/p/{token}']")
    expect(game.locator(".game-state")).to_have_text(f"Terminada: gana {NAMES[winner]}")

    # The only console line is Chromium's note on the bad correction's refusal: the forced bid was refused on the
    # phone itself, without asking the server.
    assert [e for e in phone_log.errors if not e.startswith(REFUSED)] == []
    assert len(phone_log.errors) == 1
    assert phone_log.outside_requests() == []
