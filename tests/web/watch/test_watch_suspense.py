"""The big screen's suspense: for the last hands it is sent nothing of points (not hidden, absent), a tie-break hand
included; at the end it reveals the standings once, and a correction that reopens the game hides them again. The
watchers' phones see everything all along."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import TYPE_CHECKING

from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import utcnow
from support.pages import text_of

if TYPE_CHECKING:
    from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]  # Ana deals hand 1: Bea, Carlos, Ana bid; then Bea deals, then Carlos
HIDDEN = "Puntos ocultos hasta el final"
#: Two one-card hands, with renuncios that cost 997 points each: totals no other number on the screen could be.
#:   hand 1 (Ana deals): Ana 0 but took 1 (−5) and 1 renuncio; Bea 0 (+10) and 2; Carlos 0 (+10) and 3
#:   hand 2 (Bea deals): Ana 0 (+10), Bea 0 (+10), Carlos 0 but took 1 (−5)
ODD_HANDS = (("O", [0, 0, 0], [1, 0, 0], [1, 2, 3]), ("C", [0, 0, 0], [0, 0, 1], [0, 0, 0]))
AFTER_ONE = ["-1002", "-1984", "-2981"]
AFTER_TWO = ["-992", "-1974", "-2986"]


def odd_game(table: Table, hidden: int | None) -> tuple[str, str]:
    """Four one-card hands, renuncios at 997 points, ``hidden`` hands of suspense: the game's two tokens."""
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1 1 1 1", renuncio_penalty=997)
    if hidden:
        assert table.client.post(f"/p/{token}/suspense", data={"manos": hidden}).status_code == 303
    return token, table.watch_token(token)


def screen(table: Table, watch: str) -> tuple[str, str]:
    """The big screen's page and its live part (asked for afresh), as sent."""
    page = table.client.get(f"/ver/{watch}/pantalla")
    live = table.client.get(f"/ver/{watch}/pantalla/en-directo")
    assert page.status_code == live.status_code == 200
    return page.get_data(as_text=True), live.get_data(as_text=True)


def test_a_hidden_hand_sends_the_screen_nothing_of_points(table: Table) -> None:
    token, watch = odd_game(table, hidden=2)  # hands 3 and 4
    table.seed(token, ODD_HANDS[0])
    for html in screen(table, watch):  # hand 2: not hidden yet
        assert all(total in html for total in AFTER_ONE), "the totals are there to be hidden"
        assert HIDDEN not in html
    table.seed(token, ODD_HANDS[1])
    table.ok(token, "pinta", 3, value="E")
    for seat in (0, 1, 2):  # Carlos deals: Ana, Bea, Carlos
        table.ok(token, "apuesta", 3, seat, 0)
    table.ok(token, "bazas", 3, 0, 1)
    for html in screen(table, watch):
        assert HIDDEN in html
        for shown in ("Mano 3 de 4", "Espadas", "Reparte: <strong>Carlos</strong>", "pide 0", "Ana", "Bea"):
            assert shown in html, shown
        for absent in (*AFTER_ONE, *AFTER_TWO, "hace", 'class="points', 'class="position', "screen-last", "<svg"):
            assert absent not in html, absent
    watchers = table.client.get(f"/ver/{watch}").get_data(as_text=True)
    assert all(total in watchers for total in AFTER_TWO), "the watchers' phones see the points all along"


def test_the_screen_hides_nothing_without_suspense_or_before_its_hands(table: Table) -> None:
    token, watch = odd_game(table, hidden=None)
    table.seed(token, *ODD_HANDS)
    html = screen(table, watch)[0]
    assert HIDDEN not in html and all(total in html for total in AFTER_TWO)
    assert table.client.post(f"/p/{token}/suspense", data={"manos": 1}).status_code == 303  # hand 4 only
    html = screen(table, watch)[0]
    assert HIDDEN not in html and all(total in html for total in AFTER_TWO), "hand 3 is not one of the hidden"
    assert table.client.post(f"/p/{token}/suspense", data={"manos": 4}).status_code == 303  # the whole game
    html = screen(table, watch)[0]
    assert HIDDEN in html and not any(total in html for total in AFTER_TWO)


def test_the_live_part_of_a_screen_follows_the_setting(table: Table) -> None:
    token, watch = odd_game(table, hidden=None)
    table.seed(token, *ODD_HANDS)
    first = table.client.get(f"/ver/{watch}/pantalla/en-directo")
    etag = first.headers["ETag"]
    table.client.post(f"/p/{token}/suspense", data={"manos": 4})
    news = table.client.get(f"/ver/{watch}/pantalla/en-directo", headers={"If-None-Match": etag})
    assert news.status_code == 200, "the screen hears of the change"
    assert HIDDEN in news.get_data(as_text=True)


# A game of two one-card hands whose end is tied: Bea and Carlos on 20 points, no bid missed; an extra hand of all
# the cards (twelve each) breaks it: Bea bids 0 and takes all twelve (−60), Carlos 0 (+10) wins.
TIED = (("O", [0, 0, 0], [1, 0, 0], [0, 0, 0]), ("C", [0, 0, 0], [1, 0, 0], [0, 0, 0]))
TIE_BROKEN = ("B", [0, 0, 0], [0, 12, 0], [0, 0, 0])


def tied_game(table: Table) -> tuple[str, str]:
    """Two one-card hands, the last one hidden, played to a tie: the game's two tokens."""
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="1 1")
    table.client.post(f"/p/{token}/suspense", data={"manos": 1})
    table.seed(token, *TIED)
    return token, table.watch_token(token)


def test_a_tie_break_hand_is_hidden_too_and_the_end_reveals_the_places(table: Table) -> None:
    token, watch = tied_game(table)
    html = screen(table, watch)[0]
    assert "Mano de desempate 3" in html and HIDDEN in html
    shown = text_of(html.split('id="en-vivo"')[1])  # what the screen says: not its addresses, which are random
    assert not re.search(r"\b20\b", shown), shown
    table.seed(token, TIE_BROKEN)
    for html in screen(table, watch):
        assert HIDDEN not in html
        assert '<div class="screen-reveal reveal-places-3 reveal-at-0">' in html, "the reveal starts now"
        assert 'id="podio"' in html and 'class="podium-place podium-1"' in html
        standings = html.split('id="clasificacion"')[1].split("</section>")[0]
        assert [name for name in ("Carlos", "Ana", "Bea") if name in standings] == ["Carlos", "Ana", "Bea"]
        assert "Resultado final" in standings and 'class="points"' in standings


def finished_ago(table: Table, watch: str, seconds: int) -> None:
    """Say that the game watched with ``watch`` ended ``seconds`` ago."""
    with table.app.app_context():
        game = store.find_watched_game(watch)
        assert game is not None and game.finished_at is not None
        game.finished_at = utcnow() - timedelta(seconds=seconds)
        db.session.commit()


def test_a_screen_drawn_during_the_reveal_picks_it_up_and_after_it_shows_the_result_at_once(table: Table) -> None:
    token, watch = tied_game(table)
    table.seed(token, TIE_BROKEN)
    finished_ago(table, watch, 13)  # 6 seconds to hear of it, then 3 a step: the third place is being revealed
    assert '<div class="screen-reveal reveal-places-3 reveal-at-2">' in screen(table, watch)[0]
    finished_ago(table, watch, 20)  # the podium's step: over
    html = screen(table, watch)[0]
    assert "screen-reveal" not in html, "no replay: the final result at once"
    assert 'id="podio"' in html and "Resultado final" in html and 'id="grafico"' in html


def test_a_correction_that_reopens_the_game_hides_the_points_again(table: Table) -> None:
    token, watch = tied_game(table)
    table.seed(token, TIE_BROKEN)
    assert HIDDEN not in screen(table, watch)[0]
    response = table.correct(token, 3, {"tricks-0": 12, "tricks-1": 0})  # Ana took them all: still tied
    assert response.status_code == 303
    assert table.snap(token).plan is not None, "the game is open again: another extra hand"
    for html in screen(table, watch):
        assert HIDDEN in html and "Mano de desempate 4" in html
        assert 'id="podio"' not in html and "screen-reveal" not in html
