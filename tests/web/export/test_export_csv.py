"""The score sheet as CSV (/<p|ver>/<token>/hoja.csv): a row per hand and player, every number the engine's."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

import pytest

from scorekeeper.engine import ScoreSheet
from support.game_files import download, watch_token

if TYPE_CHECKING:
    from support.table import Table

NAMES = ["Ana", "Begoña", "Carlos"]
HEADER_ES = ["mano", "cartas", "pinta", "reparte", "jugador", "apuesta", "bazas", "penalización", "puntos", "total"]
TRUMP_ES = {"O": "Oros", "C": "Copas", "E": "Espadas", "B": "Bastos", None: "Sin triunfo"}


def played(table: Table) -> str:
    """Three players, copas ×2 and oros ×3, four hands of 3, 3, 2, 1 cards: three saved, one a renuncio, the last half said."""
    token = table.start(NAMES, dealer=0, preset="a_medida", custom_sizes="3 3 2 1", multipliers="copas2_oros3")
    table.play_hand(token, "O", [1, 1, 0], [1, 2, 0])  # Ana deals; Begoña, Carlos, Ana bid
    table.play_hand(token, "C", [0, 2, 0], [0, 2, 1], save=False)
    table.ok(token, "renuncio", 2, 1, 1)  # Begoña: one renuncio in hand 2
    table.ok(token, "guardar", 2)
    table.play_hand(token, "B", [1, 0, 0], [1, 0, 1])
    table.ok(token, "pinta", 4, value="E")  # hand 4: only the trump so far
    return token


def read_csv(data: bytes, delimiter: str = ";") -> list[list[str]]:
    """The rows of a CSV file, as a spreadsheet program would read them back."""
    assert data.startswith(b"\xef\xbb\xbf"), "UTF-8 with a BOM"
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=delimiter))


def expected_rows(sheet: ScoreSheet) -> list[list[str]]:
    """Each saved hand and player as the file should say it, every number from the engine's sheet."""
    return [
        [
            str(row.plan.number),
            str(row.plan.cards),
            TRUMP_ES[row.record.trump.value if row.record.trump else None],
            sheet.players[row.plan.dealer],
            name,
            str(row.record.bids[seat]),
            str(row.record.tricks[seat]),
            str(row.penalties[seat]),
            str(row.points[seat]),
            str(row.totals[seat]),
        ]
        for row in sheet.rows
        for seat, name in enumerate(sheet.players)
    ]


def test_the_csv_read_back_matches_the_engines_sheet(table: Table) -> None:
    token = played(table)
    rows = read_csv(download(table.client, token, "hoja.csv").data)
    sheet = table.snap(token).sheet
    assert rows[0] == HEADER_ES
    assert rows[1:] == expected_rows(sheet)
    assert len(rows) == 1 + 3 * 3, "the half-said hand 4 is not on the sheet yet"
    by_hand_and_player = {(r[0], r[4]): r for r in rows[1:]}
    assert by_hand_and_player["2", "Begoña"][7:] == ["50", str(2 * 20 - 50), str(sheet.rows[1].totals[1])]
    assert [int(r[9]) for r in rows[-3:]] == list(sheet.totals)


def test_edit_and_watch_addresses_give_the_same_file(table: Table) -> None:
    token = played(table)
    edit = download(table.client, token, "hoja.csv")
    watch = download(table.client, watch_token(table.app, token), "hoja.csv", scope="ver")
    assert edit.data == watch.data
    assert edit.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert edit.headers["Cache-Control"] == "no-store"


def test_the_file_is_an_attachment_named_after_the_date_and_players(table: Table) -> None:
    token = played(table)
    disposition = download(table.client, token, "hoja.csv").headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="pocha-')
    ascii_name = disposition.split('filename="')[1].split('"')[0]
    assert ascii_name.endswith("-Ana-Begona-Carlos.csv") and ascii_name.isascii()
    assert "filename*=UTF-8''pocha-" in disposition and disposition.endswith("-Ana-Bego%C3%B1a-Carlos.csv")
    day = ascii_name.removeprefix("pocha-")[:10]
    assert day[4] == day[7] == "-" and day.replace("-", "").isdigit()


def test_a_new_game_gives_the_header_alone(table: Table) -> None:
    token = table.start(NAMES)
    assert read_csv(download(table.client, token, "hoja.csv").data) == [HEADER_ES]


def test_in_english_the_list_separator_is_a_comma(table: Table) -> None:
    token = played(table)
    table.client.set_cookie("lang", "en")
    rows = read_csv(download(table.client, token, "hoja.csv").data, delimiter=",")
    assert len(rows) == 10 and all(len(row) == 10 for row in rows)
    assert [row[4] for row in rows[1:4]] == NAMES
    assert rows[1][5:] == expected_rows(table.snap(token).sheet)[0][5:]


def test_a_name_a_spreadsheet_would_run_as_a_formula_stays_text(table: Table) -> None:
    token = table.start(["=SUMA(1)", "Bea", "@Carlos"], dealer=0, preset="a_medida", custom_sizes="1")
    table.play_hand(token, "O", [1, 0, 1], [1, 0, 0])
    rows = read_csv(download(table.client, token, "hoja.csv").data)
    assert [row[4] for row in rows[1:]] == ["'=SUMA(1)", "Bea", "'@Carlos"]
    assert rows[1][3] == "'=SUMA(1)", "the dealer too"


@pytest.mark.parametrize("scope", ["p", "ver"])
def test_an_unknown_address_is_a_404(table: Table, scope: str) -> None:
    assert table.client.get(f"/{scope}/no-such-token/hoja.csv").status_code == 404


def test_each_token_only_works_at_its_own_address(table: Table) -> None:
    token = table.start(NAMES)
    watch = watch_token(table.app, token)
    assert table.client.get(f"/ver/{token}/hoja.csv").status_code == 404
    assert table.client.get(f"/p/{watch}/hoja.csv").status_code == 404
    assert table.client.get(f"/x/{token}/hoja.csv").status_code == 404
