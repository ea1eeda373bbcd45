"""The score sheet as a CSV file for spreadsheets: a row per hand and player, every number from the engine.

The headers and the trump's name are in the page's language, and so is the list separator that
spreadsheet programs in that language expect when the file is opened with a double tap
(Spanish: ``;``, English: ``,``). UTF-8 with a BOM, so that ñ and accents show as they are.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Final

from flask_babel import pgettext

from scorekeeper.engine import ScoreSheet
from scorekeeper.labels.game_words import trump_label
from scorekeeper.plumbing.languages import list_separator

ENCODING: Final = "utf-8-sig"  # UTF-8 with the BOM spreadsheet programs look for
MEDIA_TYPE: Final = "text/csv; charset=utf-8"
#: A cell starting with one of these is taken for a formula by spreadsheet programs.
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def text_cell(text: str) -> str:
    """A name as a cell: one that a spreadsheet would run as a formula gets a leading ``'`` (shown as text)."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def columns() -> list[str]:
    """The header row in the page's language: hand, cards, trump, dealer, player, bid, tricks, penalty, points, total."""
    return [
        pgettext("columna CSV", "mano"),
        pgettext("columna CSV", "cartas"),
        pgettext("columna CSV", "pinta"),
        pgettext("columna CSV", "reparte"),
        pgettext("columna CSV", "jugador"),
        pgettext("columna CSV", "apuesta"),
        pgettext("columna CSV", "bazas"),
        pgettext("columna CSV", "penalización"),
        pgettext("columna CSV", "puntos"),
        pgettext("columna CSV", "total"),
    ]


def sheet_rows(sheet: ScoreSheet) -> Iterator[list[str | int]]:
    """One row per saved hand and player, in seat order: what was said, and the engine's points and total."""
    names = [text_cell(name) for name in sheet.players]
    for row in sheet.rows:
        for seat, name in enumerate(names):
            yield [
                row.plan.number,
                row.plan.cards,
                trump_label(row.record.trump),
                names[row.plan.dealer],
                name,
                row.record.bids[seat],
                row.record.tricks[seat],
                row.penalties[seat],
                row.points[seat],
                row.totals[seat],
            ]


def sheet_csv(sheet: ScoreSheet, locale: str) -> bytes:
    """The whole file: the header row, then every row of ``sheet``, encoded for spreadsheet programs."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=list_separator(locale), lineterminator="\r\n")
    writer.writerow(columns())
    writer.writerows(sheet_rows(sheet))
    return out.getvalue().encode(ENCODING)
