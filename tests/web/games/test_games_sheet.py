"""The sheet on a phone: a column per player, names told apart, the paper view one tap away, the standings first."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from scorekeeper import PROJECT_DIR
from support.pages import text_of

if TYPE_CHECKING:
    from support.table import Page, Table

FOUR = ["Ana", "Bea", "Carlos", "Dani"]  # Ana deals hand 1: Bea, Carlos, Dani, Ana bid
ANA_MAKES_IT = ("O", [1, 0, 0, 1], [1, 0, 0, 0])  # Ana 15, Bea 10, Carlos 10, Dani −5
ANA_MISSES = ("C", [0, 0, 0, 0], [1, 0, 0, 0])  # Ana −5, everyone else 10


def where(page: Page, element_id: str) -> int:
    """Where the element with that id starts in the page's HTML (it must be there)."""
    found = page.html.find(f'id="{element_id}"')
    assert found >= 0, f"no #{element_id}"
    return found


def header_cells(page: Page) -> list[str]:
    """The HTML of each player's header cell of the phone's sheet."""
    head = re.search(r'<table class="sheet-compact[^"]*">.*?<thead>(.*?)</thead>', page.html, re.S)
    assert head
    return re.findall(r'<th scope="col" class="player[^"]*">.*?</th>', head.group(1), re.S)


def cells(page: Page, row: int) -> list[str]:
    """The HTML of each player's cell of the phone's sheet in hand ``row`` (from 1)."""
    body = re.search(r'<table class="sheet-compact[^"]*">.*?<tbody>(.*?)</tbody>', page.html, re.S)
    assert body
    line = re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)[row - 1]
    return re.findall(r"<td[^>]*>.*?</td>", line, re.S)


def test_a_column_per_player_with_the_running_total_and_the_bid_made_or_missed(table: Table) -> None:
    token = table.start(FOUR, dealer=0)
    table.play_hand(token, "O", bids=[1, 0, 0, 1], tricks=[1, 0, 0, 0])
    page = table.page(token)
    sheet = table.snap(token).sheet
    assert page.column_names == FOUR
    assert page.columns == [list(row.totals) for row in sheet.rows] == [[15, 10, 10, -5]]
    assert page.totals == [15, 10, 10, -5], "the paper view says the same"
    shown = cells(page, 1)
    assert [re.search(r'class="(\w+)', cell).group(1) for cell in shown] == ["made", "made", "made", "missed"]
    assert [text_of(re.search(r'<span class="said">(.*?)</span></td>', cell, re.S).group(1)) for cell in shown] == [
        "1",
        "0",
        "0",
        "1(0)",
    ], "a missed bid says the tricks taken, not only a colour"
    assert all('<span class="said">' in cell for cell in shown), "✓ and ✗ are drawn before every bid"
    drawn = (PROJECT_DIR / "static/css/pocha/score_sheet.css").read_text(encoding="utf-8")
    assert ".made .said::before {" in drawn and ".missed .said::before {" in drawn


def test_long_names_are_cut_to_fit_told_apart_and_whole_a_tap_away(table: Table) -> None:
    names = ["María José Fernández", "María José Fernándes", "Maximilianoalejandro", "Bea"]
    token = table.start(names, dealer=0)
    table.seed(token, ANA_MISSES)
    page = table.page(token)
    shown = page.column_names
    assert shown == ["María …ernández", "María …ernándes", "Maximilia noalejan…", "Bea"]
    assert len({name.casefold() for name in shown}) == len(names), "no two columns read the same"
    heads = header_cells(page)
    for name, head in zip(names[:3], heads):
        box = re.search(r'<details class="whole-name" id="nombre-\d">(.*?)</details>', head, re.S)
        assert box, "a cut name opens to the whole name"
        assert f'<span class="name-shown" aria-hidden="true">{name}</span>' in box.group(1)
        assert f'<span class="visually-hidden">{name}</span>' in box.group(1), "read out whole"
    assert "<details" not in heads[3], "a name that fits has nothing to open"


def test_first_place_alone_has_the_trophy_in_the_sheet_s_header(table: Table) -> None:
    token = table.start(FOUR, dealer=0)
    table.seed(token, ANA_MAKES_IT)
    heads = header_cells(table.page(token))
    assert [(' first-place"' in head) for head in heads] == [True, False, False, False]
    assert 'role="img" aria-label="va ganando"' in heads[0] and "icon-trophy" in heads[0]
    assert not any("icon-trophy" in head or "icon-star" in head for head in heads[1:])

    tied = table.start(FOUR, dealer=0)
    table.seed(tied, ANA_MISSES)  # Bea, Carlos and Dani 10 each, no misses: nobody leads alone
    assert not any("icon-trophy" in head or "first-place" in head for head in header_cells(table.page(tied)))


def test_the_paper_view_is_folded_under_the_phone_s_sheet_title(table: Table) -> None:
    token = table.start(FOUR, dealer=0)
    table.seed(token, ANA_MAKES_IT)
    page = table.page(token)
    sheet = page.part("hoja")
    paper = re.search(
        r'<details class="paper-view" id="hoja-papel">\s*<summary>(.*?)</summary>(.*?)</details>', sheet, re.S
    )
    assert paper, "the paper view is a box to open, no script needed"
    assert re.findall(r'<span class="when-(?:closed|open)">(.*?)</span>', paper.group(1)) == [
        "Ver como en papel",
        "Volver a una columna por jugador",
    ]
    assert "<table" not in paper.group(2), "the sheet as on paper is asked for when opened, not carried"
    assert f'data-paper="/p/{token}/hoja-en-papel"' in paper.group(2)
    assert re.search(
        rf'<a class="button button-secondary" href="/p/{token}/imprimir">Abrir la hoja para imprimir</a>',
        paper.group(2),
    ), "no script"
    assert re.search(r"<p class=\"hint\" hidden>La hoja como en papel llegará con la conexión.</p>", paper.group(2))
    assert sheet.index("hoja-papel") < sheet.index("sheet-compact"), "opening it can hide the phone's sheet (pocha.css)"
    assert page.sheet[0][1:4] == ["1", "15", "15"], "bid, points and total, as on paper"


def test_the_standings_strip_sits_above_the_hand_once_a_hand_is_saved(table: Table) -> None:
    token = table.start(FOUR, dealer=0)
    assert 'id="resumen"' not in table.page(token).html, "nothing to rank before the first hand"
    table.seed(token, ANA_MAKES_IT)
    page = table.page(token)
    assert where(page, "resumen") < where(page, "mano") < where(page, "hoja")
    assert page.items("resumen") == ["1 Ana 15", "2 Bea 10", "2 Carlos 10", "4 Dani -5"]
    places = table.snap(token).sheet.standings.places
    assert [item.split()[1] for item in page.items("resumen")] == [FOUR[place.seat] for place in places]


def test_a_finished_game_opens_on_its_result_with_the_sheet_below(table: Table) -> None:
    token = table.start(FOUR, dealer=0, preset="a_medida", custom_sizes="1")
    table.seed(token, ANA_MAKES_IT)
    page = table.page(token)
    assert table.snap(token).sheet.finished
    assert 'id="resumen"' not in page.html and 'id="mano"' not in page.html
    assert where(page, "clasificacion") < where(page, "hoja"), "the winner comes first"
    assert 'class="sheet-panel sheet-final"' in page.html, "the way back to the sheet stops on the result"
    winner = re.search(r'<p class="winner"[^>]*>(.*?)</p>', page.html, re.S)
    assert winner and text_of(winner.group(1)) == "Gana Ana con 15 puntos"
    drawn = re.sub(r"<textarea[^>]*>.*?</textarea>", "", page.html, flags=re.S)  # the summary for the chat aside
    assert "icon-trophy" in winner.group(1) and "🏆" not in drawn, "the trophy is drawn, not an emoji"


def test_the_game_and_watch_pages_have_a_top_heading(table: Table) -> None:
    token = table.start(FOUR, dealer=0)
    for page in (table.page(token), table.watch(table.watch_token(token))):
        heading = re.findall(r"<h1[^>]*>(.*?)</h1>", page.html, re.S)
        assert [text_of(h) for h in heading] == ["Partida de Ana, Bea, Carlos, Dani"]


def test_the_watchers_get_the_strip_with_each_new_sheet_only(table: Table) -> None:
    token = table.start(FOUR, dealer=0)
    table.seed(token, ANA_MAKES_IT)
    watch = table.watch_token(token)
    page = table.watch(watch)
    assert where(page, "en-vivo") < where(page, "resumen") < where(page, "mano") < where(page, "partida")
    assert page.items("resumen")[0] == "1 Ana 15"
    fingerprint = re.search(r'id="partida" data-huella="([^"]*)"', page.html)
    assert fingerprint
    same = table.client.get(f"/ver/{watch}/en-directo", query_string={"hoja": fingerprint.group(1)})
    body = same.get_data(as_text=True)
    assert "data-igual" in body and 'id="resumen"' not in body, "the sheet is shown already: no strip either"
    table.seed(token, ANA_MISSES)
    body = table.client.get(f"/ver/{watch}/en-directo", query_string={"hoja": fingerprint.group(1)}).get_data(True)
    assert "data-igual" not in body and 'id="resumen"' in body
