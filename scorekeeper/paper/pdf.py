"""The score sheet as a PDF (fpdf2, DejaVu Sans embedded): the paper sheet, the standings and the chart on one A4 page.

A classic game of four (28 hands) fits one page; a longer game goes on, with the heading
of the table again at the top of the next page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from flask_babel import format_date, ngettext
from flask_babel import gettext as _
from fpdf import FPDF

from scorekeeper.engine import ScoreSheet
from scorekeeper.page_parts.chart import Chart, score_chart
from scorekeeper.page_parts.paper_lines import Line, any_not_counted, paper_lines
from scorekeeper.page_parts.seat_colours import Colour, seat_colour

FONTS = Path(__file__).resolve().parent.parent / "fonts"
FAMILY = "DejaVu"
MARGIN = 10.0  # mm, all round
PAD = 1.0  # mm inside a cell
TITLE_H = 14.0
HEAD_H = 5.0
ROW_MIN, ROW_MAX = 4.3, 6.5  # mm per hand: readable at 8 pt, and never sparse
BOTTOM_H = 70.0  # the standings and the chart under the table
GAP = 4.0
FONT = 8.0  # pt, the table
SMALLEST = 6.5  # pt: a name or number too wide for its cell shrinks down to this, then is cut

INK = (20, 20, 20)
MUTED = (95, 95, 95)
MISSED = (179, 38, 30)
FADED = (150, 150, 150)  # points that do not count
RULE = (190, 190, 190)
SHADE = (242, 242, 238)


def _pdf() -> FPDF:
    """A blank A4 page with DejaVu Sans (regular and bold) loaded from the package's fonts."""
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.set_auto_page_break(False)
    pdf.add_font(FAMILY, "", FONTS / "DejaVuSans.ttf")
    pdf.add_font(FAMILY, "B", FONTS / "DejaVuSans-Bold.ttf")
    pdf.set_creator("Pocha")
    pdf.add_page()
    return pdf


def _fit(pdf: FPDF, text: str, width: float, size: float) -> str:
    """Set the font size that lets ``text`` fit ``width`` (down to SMALLEST), and cut it with «…» if even that is too wide."""
    pdf.set_font_size(size)
    while size > SMALLEST and pdf.get_string_width(text) > width:
        size = max(SMALLEST, size - 0.5)
        pdf.set_font_size(size)
    if pdf.get_string_width(text) <= width:
        return text
    while text and pdf.get_string_width(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _cell(
    pdf: FPDF,
    w: float,
    h: float,
    text: str,
    *,
    align: str = "C",
    bold: bool = False,
    colour: tuple[int, int, int] = INK,
    fill: bool = False,
    size: float = FONT,
) -> None:
    """One table cell at the current position, the text fitted to it; the position moves right."""
    pdf.set_font(FAMILY, "B" if bold else "", size)
    pdf.set_text_color(*colour)
    fitted = _fit(pdf, text, w - 2 * PAD, size)
    pdf.cell(w, h, fitted, border="B", align=align, fill=fill)
    pdf.set_font_size(size)


class _Columns:
    """The widths of the table: hand, cards and trump, then bid, points and total for each player."""

    def __init__(self, pdf: FPDF, lines: Sequence[Line], players: int) -> None:
        pdf.set_font(FAMILY, "", FONT)

        def widest(texts: Sequence[str], low: float, high: float) -> float:
            """The width of the widest of ``texts`` with its padding, kept between ``low`` and ``high``."""
            return min(high, max(low, *(pdf.get_string_width(t) + 2 * PAD + 0.5 for t in texts)))

        self.hand = widest([_("Mano"), *(str(line.number) for line in lines)], 8, 12)
        self.cards = widest([_("Cartas")], 9, 14)
        self.trump = widest([_("Pinta"), *(line.trump_text for line in lines)], 14, 34)
        player = (pdf.epw - self.hand - self.cards - self.trump) / players
        self.bid, self.points = player * 0.36, player * 0.29
        self.total = player - self.bid - self.points
        self.player = player
        self.players = players

    @property
    def fixed(self) -> float:
        """The width before the first player."""
        return self.hand + self.cards + self.trump

    def separators(self) -> list[float]:
        """Where the thick lines between players go, from the left margin."""
        return [MARGIN + self.fixed + self.player * seat for seat in range(self.players)]


def _header(pdf: FPDF, cols: _Columns, names: Sequence[str]) -> float:
    """The two heading rows of the table, each name over its player's colour; returns where they start."""
    top = pdf.get_y()
    pdf.set_draw_color(*RULE)
    pdf.set_x(MARGIN)
    _cell(pdf, cols.fixed, HEAD_H, "")
    for name in names:
        _cell(pdf, cols.player, HEAD_H, name, bold=True)
    for seat, x in enumerate(cols.separators()):  # under each name, a stretch of the player's line in the chart
        _swatch(pdf, seat_colour(seat), x + cols.player / 4, top + HEAD_H - 0.7, cols.player / 2)
    pdf.set_draw_color(*RULE)
    pdf.ln(HEAD_H)
    pdf.set_x(MARGIN)
    for width, text, align in (
        (cols.hand, _("Mano"), "C"),
        (cols.cards, _("Cartas"), "C"),
        (cols.trump, _("Pinta"), "L"),
    ):
        _cell(pdf, width, HEAD_H, text, colour=MUTED, align=align)
    for _name in names:
        for width, text in ((cols.bid, _("Ap.")), (cols.points, _("Pts")), (cols.total, _("Total"))):
            _cell(pdf, width, HEAD_H, text, colour=MUTED, align="R")
    pdf.ln(HEAD_H)
    return top


def _separators(pdf: FPDF, cols: _Columns, top: float, bottom: float) -> None:
    """The thick lines that part the players' columns, from ``top`` to ``bottom``."""
    pdf.set_draw_color(*MUTED)
    pdf.set_line_width(0.3)
    for x in cols.separators():
        pdf.line(x, top, x, bottom)
    pdf.set_line_width(0.2)


def _table(pdf: FPDF, sheet: ScoreSheet, lines: Sequence[Line], row_h: float) -> None:
    """The paper sheet: a row per hand, the missed bids under it; a new page (heading again) when it runs out."""
    names = sheet.players
    cols = _Columns(pdf, lines, len(names))
    top = _header(pdf, cols, names)
    for index, line in enumerate(lines):
        if pdf.get_y() + row_h > pdf.h - MARGIN:
            _separators(pdf, cols, top, pdf.get_y())
            pdf.add_page()
            top = _header(pdf, cols, names)
        shade = index % 2 == 1
        pdf.set_fill_color(*SHADE)
        pdf.set_x(MARGIN)
        _cell(pdf, cols.hand, row_h, str(line.number), bold=True, fill=shade)
        _cell(pdf, cols.cards, row_h, str(line.plan.cards), fill=shade)
        _cell(pdf, cols.trump, row_h, line.trump_text, align="L", fill=shade)
        for seat in range(len(names)):
            colour = INK if line.made(seat) or line.row is None else MISSED
            colour = colour if line.counts(seat) else FADED
            bid = line.bid_text(seat) + (" R" * min(line.renuncios(seat), 1))
            _cell(pdf, cols.bid, row_h, bid, align="R", colour=colour, fill=shade)
            _cell(pdf, cols.points, row_h, line.points_text(seat), align="R", colour=colour, fill=shade)
            _cell(pdf, cols.total, row_h, line.total_text(seat), align="R", bold=True, fill=shade)
        pdf.ln(row_h)
    pdf.set_x(MARGIN)
    _cell(pdf, cols.fixed, HEAD_H, _("Fallos"), align="L", bold=True)
    for seat in range(len(names)):
        _cell(pdf, cols.player, HEAD_H, str(sheet.missed[seat]), align="R")
    pdf.ln(HEAD_H)
    _separators(pdf, cols, top, pdf.get_y())


def _swatch(pdf: FPDF, colour: Colour, x: float, y: float, width: float) -> None:
    """A short stretch of a player's line, as in the chart: the standings double as its legend."""
    pdf.set_draw_color(*colour.rgb)
    pdf.set_line_width(0.6)
    dash = colour.dash_lengths
    if dash:
        pdf.set_dash_pattern(dash[0] * 0.35, dash[1] * 0.35)
    pdf.line(x, y, x + width, y)
    pdf.set_dash_pattern()
    pdf.set_line_width(0.2)


def _standings(pdf: FPDF, sheet: ScoreSheet, chart: Chart, x: float, y: float, width: float) -> None:
    """Who won (or leads), and every player's place, total and missed bids, each beside their line's colour."""
    names = sheet.players
    pdf.set_xy(x, y)
    pdf.set_font(FAMILY, "B", 11)
    pdf.set_text_color(*INK)
    title = _("Resultado final") if sheet.finished else _("Clasificación")
    pdf.cell(width, 6, title, new_x="LEFT", new_y="NEXT")
    if sheet.winner is not None:
        pdf.set_font(FAMILY, "B", 9)
        winner = _("Gana %(name)s con %(points)s puntos", name=names[sheet.winner], points=sheet.totals[sheet.winner])
        pdf.cell(width, 5.5, _fit(pdf, winner, width, 9), new_x="LEFT", new_y="NEXT")
    pdf.ln(1)
    for place in sheet.standings.places:
        row_y = pdf.get_y()
        _swatch(pdf, chart.series[place.seat].colour, x, row_y + 2.6, 7)
        pdf.set_xy(x + 8.5, row_y)
        pdf.set_font(FAMILY, "B", 9)
        pdf.set_text_color(*INK)
        label = f"{place.position}. {names[place.seat]}"
        pdf.cell(width - 8.5, 5.2, _fit(pdf, label, width - 8.5, 9), new_x="LEFT", new_y="NEXT")
        pdf.set_font(FAMILY, "", 8)
        pdf.set_text_color(*MUTED)
        detail = (
            ngettext("%(num)s punto", "%(num)s puntos", place.total)
            + " · "
            + ngettext("%(num)s fallo", "%(num)s fallos", place.missed)
        )
        pdf.cell(width - 8.5, 4.2, detail, new_x="LEFT", new_y="NEXT")
        pdf.set_x(x)


def _chart(pdf: FPDF, chart: Chart, x0: float, y0: float, width: float, height: float) -> None:
    """The score chart (without its legend: the standings beside it say whose line is whose)."""
    px, py = x0 + 11, y0 + 5
    pw, ph = width - 13, height - 12
    sx = pw / (chart.right - chart.left)
    sy = ph / (chart.bottom - chart.top)

    def at(point: tuple[float, float]) -> tuple[float, float]:
        """A point of the chart's drawing, on the page."""
        return px + (point[0] - chart.left) * sx, py + (point[1] - chart.top) * sy

    def label(x: float, y: float, w: float, text: str, align: str) -> None:
        """Write ``text`` at ``x``, ``y`` in a cell ``w`` wide, aligned ``align``."""
        pdf.set_xy(x, y)
        pdf.cell(w, 3, text, align=align)

    pdf.set_font(FAMILY, "", 7)
    pdf.set_text_color(*MUTED)
    label(x0, y0, 30, _("Puntos"), "L")
    label(px + pw - 30, py + ph + 4.5, 30, _("Mano"), "R")
    pdf.set_line_width(0.15)
    for tick in chart.y_ticks:
        y = at((chart.left, tick.at))[1]
        pdf.set_draw_color(*(RULE if tick.value else MUTED))
        pdf.set_line_width(0.15 if tick.value else 0.4)
        pdf.line(px, y, px + pw, y)
        label(px - 21, y - 1.5, 20, str(tick.value), "R")
    for tick in chart.x_ticks:
        x = at((tick.at, chart.bottom))[0]
        pdf.set_draw_color(*MUTED)
        pdf.set_line_width(0.2)
        pdf.line(x, py + ph, x, py + ph + 1)
        label(x - 5, py + ph + 1.2, 10, str(tick.value), "C")
    pdf.line(px, py, px, py + ph)
    for series in chart.series:
        points = [at(point) for point in series.points]
        pdf.set_draw_color(*series.colour.rgb)
        pdf.set_fill_color(*series.colour.rgb)
        pdf.set_line_width(0.5)
        dash = series.colour.dash_lengths
        if dash:
            pdf.set_dash_pattern(dash[0] * 0.3, dash[1] * 0.3)
        if len(points) > 1:
            pdf.polyline(points)
        pdf.set_dash_pattern()
        pdf.circle(points[-1][0], points[-1][1], 0.8, style="F")
    pdf.set_line_width(0.2)


def sheet_pdf(sheet: ScoreSheet, started: datetime) -> bytes:
    """The PDF of ``sheet``, in the page's language: title, the paper sheet, the standings and the chart."""
    pdf = _pdf()
    names = sheet.players
    title = _("Hoja de puntos")
    pdf.set_title(f"{title} · {', '.join(names)}")
    pdf.set_font(FAMILY, "B", 15)
    pdf.set_text_color(*INK)
    pdf.cell(pdf.epw * 0.6, 7, f"{title} · Pocha")
    pdf.set_font(FAMILY, "", 9)
    pdf.set_text_color(*MUTED)
    pdf.cell(pdf.epw * 0.4, 7, format_date(started, "long"), align="R", new_x="LMARGIN", new_y="NEXT")
    played = len(sheet.rows)
    progress = (
        _("Terminada: gana %(name)s", name=names[sheet.winner])
        if sheet.winner is not None
        else _("Mano %(n)s de %(total)s", n=played + 1, total=sheet.hands_total)
    )
    pdf.cell(pdf.epw, 5, _fit(pdf, f"{' · '.join(names)} — {progress}", pdf.epw, 9), new_x="LMARGIN", new_y="NEXT")
    pdf.set_y(MARGIN + TITLE_H)
    lines = paper_lines(sheet)
    room = pdf.h - 2 * MARGIN - TITLE_H - 3 * HEAD_H - GAP - BOTTOM_H
    row_h = max(ROW_MIN, min(ROW_MAX, math.floor(room / max(len(lines), 1) * 20) / 20))  # a multiple of 0.05 mm
    _table(pdf, sheet, lines, row_h)
    if any_not_counted(lines):
        pdf.set_x(MARGIN)
        pdf.set_font(FAMILY, "", SMALLEST)
        note = _("Entre paréntesis, los puntos que no cuentan: en una mano de desempate solo cuentan los empatados.")
        pdf.cell(pdf.epw, 4, _fit(pdf, note, pdf.epw, SMALLEST), new_x="LMARGIN", new_y="NEXT")
    if sheet.rows:
        if pdf.get_y() + GAP + BOTTOM_H > pdf.h - MARGIN:
            pdf.add_page()
        top = pdf.get_y() + GAP
        chart = score_chart(sheet)
        left = 68.0
        _standings(pdf, sheet, chart, MARGIN, top, left - 4)
        _chart(pdf, chart, MARGIN + left, top, pdf.epw - left, BOTTOM_H)
    return bytes(pdf.output())
