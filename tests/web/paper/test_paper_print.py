"""The printable score sheet (/<p|ver>/<token>/imprimir): laid out like the paper one, from either address of the game."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pytest

from scorekeeper.engine import HandKind, HandRecord, Rules, ScoreSheet, Special, score_sheet
from scorekeeper.page_parts.paper_lines import paper_lines
from support.paper_games import CLASSIC, classic_game, store_game, with_renuncio

if TYPE_CHECKING:
    from support.table import Page, Table

NAMES = ("Íñigo", "Bea", "Carlos", "Dani")


def sheet_of(records: Sequence[HandRecord], names: tuple[str, ...] = NAMES) -> ScoreSheet:
    """What the engine makes of the stored hands."""
    return score_sheet(CLASSIC, names, 0, records)


def print_page(table: Table, scope: str, token: str) -> Page:
    """The print page (200 expected)."""
    page = table.read(table.client.get(f"/{scope}/{token}/imprimir"))
    assert page.status == 200, page.status
    return page


def test_a_finished_classic_game_on_the_paper_sheet(table: Table) -> None:
    records = with_renuncio(classic_game(4), 12, 2)
    token, _watch = store_game(table.app, NAMES, records)
    sheet = sheet_of(records)
    page = print_page(table, "p", token)
    rows = page.sheet
    assert len(rows) == 28
    for line, row in zip(rows, sheet.rows):
        assert line[0] == str(row.plan.number)
        assert line[1] == str(row.plan.cards)
        for seat in range(4):
            bid, points, total = line[3 + 3 * seat : 6 + 3 * seat]
            record = row.record
            expected_bid = str(record.bids[seat]) if row.made[seat] else f"{record.bids[seat]} ({record.tricks[seat]})"
            assert bid.removesuffix(" R") == expected_bid
            assert (points, total) == (str(row.points[seat]), str(row.totals[seat]))
    assert rows[11][3 + 3 * 2].endswith(" R"), "the renuncio is marked"
    assert [row[0] for row in rows] == [str(n) for n in range(1, 29)]
    text = page.text
    assert "Hoja de puntos" in text
    assert "Íñigo · Bea · Carlos · Dani" in text
    assert "Clásica (Wikipedia)" in text
    winner = sheet.winner
    assert winner is not None
    assert f"Terminada: gana {NAMES[winner]}" in text
    assert f"Gana {NAMES[winner]} con {sheet.totals[winner]} puntos" in text
    assert "Resultado final" in text
    places = re.findall(r'<ol class="paper-places">(.*?)</ol>', page.html, re.S)[0]
    first = sheet.standings.places[0]
    assert f"1. {NAMES[first.seat]} {sheet.totals[first.seat]} puntos" in " ".join(
        re.sub(r"<[^>]+>", " ", places).split()
    )
    footer = re.search(r"<tfoot>(.*?)</tfoot>", page.html, re.S)
    assert footer and re.findall(r"<td[^>]*>(\d+)</td>", footer.group(1)) == [str(m) for m in sheet.missed]
    assert len(re.findall(r'<path d="M', page.html)) == 4, "the chart is under the sheet"


def test_the_watchers_print_the_same_sheet_without_the_scorekeepers_address(table: Table) -> None:
    token, watch = store_game(table.app, NAMES, classic_game(4))
    kept, watched = print_page(table, "p", token), print_page(table, "ver", watch)
    assert watched.sheet == kept.sheet
    assert token not in watched.html
    assert f'href="/ver/{watch}"' in watched.html, "back to the watchers' page"
    assert f'href="/ver/{watch}/hoja.pdf"' in watched.html
    assert f'href="/p/{token}"' in kept.html
    assert f'href="/p/{token}/hoja.pdf"' in kept.html


def test_a_game_being_played_prints_the_hands_to_come_blank(table: Table) -> None:
    records = classic_game(4)[:5]
    token, _watch = store_game(table.app, NAMES, records)
    page = print_page(table, "p", token)
    assert "Mano 6 de 28" in page.text
    assert "Clasificación" in page.text and "Resultado final" not in page.text
    blank = re.findall(r'<tr class="blank">(.*?)</tr>', page.html, re.S)
    assert len(blank) == 23
    cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", blank[0], re.S)
    assert re.sub(r"<[^>]+>", "", cells[0]) == "6"
    assert all(re.sub(r"<[^>]+>", "", cell).strip() == "" for cell in cells[3:])


def test_a_game_without_hands_is_a_blank_sheet(table: Table) -> None:
    token = table.start(list(NAMES), dealer=0)
    page = print_page(table, "p", token)
    assert len(re.findall(r'<tr class="blank">', page.html)) == 28
    assert "<svg" not in page.html, "no chart before the first hand"
    assert "Mano 1 de 28" in page.text


def test_blank_special_hands_say_what_they_are(table: Table) -> None:
    specials = (Special(HandKind.INDIAS, 1), Special(HandKind.MANO_DE_ORO, 2), Special(HandKind.SIN_TRIUNFO, 3))
    sheet = score_sheet(Rules(custom_sizes=(1, 3, 3, 3), specials=specials), NAMES[:3], 0, [])
    with table.app.test_request_context():
        assert [line.trump_text for line in paper_lines(sheet)] == ["Indias", "Oros · Mano de oro", "Sin triunfo", ""]


def test_the_game_page_links_to_the_paper_sheet(table: Table) -> None:
    token, watch = store_game(table.app, NAMES, classic_game(4)[:3])
    links = re.search(r'<p class="paper-links">(.*?)</p>', table.page(token).html, re.S)
    assert links
    assert re.findall(r'<a class="button[^"]*" href="([^"]+)"', links.group(1)) == [
        f"/p/{token}/imprimir",
        f"/p/{token}/hoja.pdf",
    ]
    assert "Imprimir la hoja" in links.group(1) and "Descargar PDF" in links.group(1)
    watched = table.read(table.client.get(f"/ver/{watch}")).html
    links = re.search(r'<p class="paper-links">(.*?)</p>', watched, re.S)
    assert links
    assert re.findall(r'href="([^"]+)"', links.group(1)) == [f"/ver/{watch}/imprimir", f"/ver/{watch}/hoja.pdf"]


def test_the_print_page_keeps_to_the_content_security_policy(table: Table) -> None:
    token, _watch = store_game(table.app, NAMES, classic_game(4))
    html = print_page(table, "p", token).html
    assert "style=" not in html
    assert all('src="/static/' in tag for tag in re.findall(r"<script[^>]*>", html))
    assert re.search(r'<button type="button" class="button" data-print hidden>Imprimir</button>', html)


@pytest.mark.parametrize("path", ["imprimir", "hoja.pdf"])
def test_unknown_addresses_are_not_found(table: Table, path: str) -> None:
    token, watch = store_game(table.app, NAMES, classic_game(4)[:2])
    for url in (
        f"/p/no-such-token/{path}",
        f"/ver/no-such-token/{path}",
        f"/p/{watch}/{path}",  # a watch token is no scorekeeper's address
        f"/ver/{token}/{path}",  # nor the other way round
        f"/x/{token}/{path}",
        f"/p/{'a' * 100}/{path}",
    ):
        assert table.client.get(url).status_code == 404, url
