"""The sheet as on paper as a fragment (/<p|ver>/<token>/hoja-en-papel): what «Ver como en papel» asks for when opened,
from either address of the game, so that no page carries it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from scorekeeper.engine import score_sheet
from support.paper_games import CLASSIC, classic_game, store_game, with_renuncio

if TYPE_CHECKING:
    from support.table import Page, Table

NAMES = ("Íñigo", "Bea", "Carlos", "Dani")


def paper_part(table: Table, address: str, headers: dict[str, str] | None = None) -> Page:
    """The fragment asked for at ``address`` (``p/<token>`` or ``ver/<token>``), 200 expected."""
    page = table.read(table.client.get(f"/{address}/hoja-en-papel", headers=headers or {}))
    assert page.status == 200, page.status
    return page


@pytest.mark.parametrize("scope", ["p", "ver"])
def test_the_fragment_is_the_paper_sheet_of_the_game(table: Table, scope: str) -> None:
    records = with_renuncio(classic_game(4)[:14], 12, 2)
    token, watch = store_game(table.app, NAMES, records)
    page = paper_part(table, f"{scope}/{token if scope == 'p' else watch}")
    assert not page.html.lstrip().lower().startswith("<!doctype"), "a fragment, not a page"
    assert '<table class="sheet sheet-paper">' in page.html
    sheet = score_sheet(CLASSIC, NAMES, 0, records)
    rows = page.sheet
    assert len(rows) == 14
    missed = 0
    for line, row in zip(rows, sheet.rows, strict=True):
        assert line[0].split()[0] == str(row.plan.number)
        for seat in range(4):
            bid, points, total = line[1 + 3 * seat : 4 + 3 * seat]
            record = row.record
            said = str(record.bids[seat]) if row.made[seat] else f"{record.bids[seat]}({record.tricks[seat]})"
            missed += not row.made[seat]
            assert bid.replace(" ", "").removesuffix("R") == said, "the bid, the tricks in brackets when missed"
            assert (points, total) == (str(row.points[seat]), str(row.totals[seat]))
    assert missed, "some bid was missed: its tricks are shown"
    assert rows[11][1 + 3 * 2].endswith("R"), "the renuncio is marked"
    assert [int(cell) for cell in rows[-1][3::3]] == list(sheet.totals)
    footer = re.search(r"<tfoot>(.*?)</tfoot>", page.html, re.S)
    assert footer and re.findall(r"<td[^>]*>(\d+)</td>", footer.group(1)) == [str(m) for m in sheet.missed]
    corrections = re.findall(r'href="(/p/[^"]+/corregir)"', page.html)
    if scope == "p":
        assert corrections[0] == f"/p/{token}/mano/1/corregir", "the scorekeeper corrects a hand from it"
    else:
        assert corrections == [] and token not in page.html, "the watchers' sheet gives no scorekeeper's address"


def test_a_phone_that_has_it_is_answered_304_until_the_game_or_language_changes(table: Table) -> None:
    token = table.start(list(NAMES), dealer=0)
    table.play_hand(token, "O", [1, 0, 0, 1], [1, 0, 0, 0])
    first = table.client.get(f"/p/{token}/hoja-en-papel")
    etag = first.headers["ETag"]
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-store", "as every answer under /p/"
    watched = table.client.get(f"/ver/{table.watch_token(token)}/hoja-en-papel")
    assert "no-cache" in watched.headers["Cache-Control"], "the watchers' phone keeps it and asks again"
    again = table.client.get(f"/p/{token}/hoja-en-papel", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""
    english = table.client.get(f"/p/{token}/hoja-en-papel", headers={"If-None-Match": etag, "Accept-Language": "en"})
    assert english.status_code == 200 and "Total" in english.get_data(as_text=True)
    table.play_hand(token, "C", [0, 0, 0, 0], [1, 0, 0, 0])
    changed = table.client.get(f"/p/{token}/hoja-en-papel", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert len(table.read(changed).sheet) == 2


@pytest.mark.parametrize("scope", ["p", "ver"])
def test_an_unknown_or_deleted_game_is_refused_as_elsewhere(table: Table, scope: str) -> None:
    assert table.client.get(f"/{scope}/nada-de-nada/hoja-en-papel").status_code == 404
    token, watch = store_game(table.app, NAMES, classic_game(4)[:3])
    wrong = watch if scope == "p" else token
    assert table.client.get(f"/{scope}/{wrong}/hoja-en-papel").status_code == 404, "the other address's token"
    assert table.client.post(f"/p/{token}/borrar").status_code == 303
    gone = table.client.get(f"/{scope}/{token if scope == 'p' else watch}/hoja-en-papel")
    assert gone.status_code == 410 and "Esta partida se ha borrado" in gone.get_data(as_text=True)


@pytest.mark.parametrize("scope", ["p", "ver"])
def test_the_pages_name_the_fragment_and_carry_only_the_print_link(table: Table, scope: str) -> None:
    token, watch = store_game(table.app, NAMES, classic_game(4))
    address = f"/{scope}/{token if scope == 'p' else watch}"
    html = table.read(table.client.get(address)).html
    box = re.search(r'<details class="paper-view" id="hoja-papel">(.*?)</details>', html, re.S)
    assert box and "sheet-paper" not in html, "the page no longer carries the paper sheet"
    assert f'data-paper="{address}/hoja-en-papel"' in box.group(1)
    assert f'href="{address}/imprimir"' in box.group(1), "without the script, the print page shows it"


def test_the_parts_asked_for_again_carry_the_lighter_box_too(table: Table) -> None:
    token, watch = store_game(table.app, NAMES, classic_game(4)[:5])
    parts = table.client.get(f"/p/{token}/hoja").get_data(as_text=True)
    live = table.client.get(f"/ver/{watch}/en-directo").get_data(as_text=True)
    for html, address in ((parts, f"/p/{token}"), (live, f"/ver/{watch}")):
        assert 'id="hoja-papel"' in html and "sheet-paper" not in html
        assert f'data-paper="{address}/hoja-en-papel"' in html
