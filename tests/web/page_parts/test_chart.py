"""The score chart: its geometry from the engine's sheet, and the SVG on the game and watch pages (escaped, no style)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from scorekeeper.engine import HandRecord, Rules, Suit, score_sheet
from scorekeeper.page_parts.chart import legend_label, nice_interval, score_chart
from scorekeeper.page_parts.seat_colours import PALETTE
from support.paper_games import classic_game, store_game

if TYPE_CHECKING:
    from support.table import Table

SVG = "{http://www.w3.org/2000/svg}"
THREE = ["Ana", "Bea", "Carlos"]
TAGGED = "<b>x</b>"


def chart_of(html: str) -> ET.Element:
    """The chart's <svg> on a page, parsed as XML (it must be well formed)."""
    match = re.search(r'<svg class="chart".*?</svg>', html, re.S)
    assert match, "no chart on the page"
    return ET.fromstring(match.group(0))


def points_of(line: ET.Element) -> list[tuple[float, float]]:
    """The points a drawn line goes through, read from its path: ``M x y`` then ``l`` and a step to each next one."""
    d = line.get("d", "")
    assert re.fullmatch(r"M[-\d. ]+(l[-\d. ]+)?", d), d
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    points = [(numbers[0], numbers[1])]
    for dx, dy in zip(numbers[2::2], numbers[3::2], strict=True):
        points.append((round(points[-1][0] + dx, 1), round(points[-1][1] + dy, 1)))
    return points


def lines_of(svg: ET.Element) -> list[ET.Element]:
    """The players' lines of a chart (its only paths)."""
    return svg.findall(f".//{SVG}path")


def two_hands() -> tuple[HandRecord, ...]:
    """Ana deals a hand of 2 and then Bea: Ana 15 then 10, Bea 10 then 10, Carlos −5 then −5."""
    return (
        HandRecord(bids=(1, 0, 0), tricks=(1, 0, 1), trump=Suit.OROS),
        HandRecord(bids=(0, 0, 1), tricks=(0, 0, 2), trump=Suit.COPAS),
    )


# --- the geometry ----------------------------------------------------------------------------


def test_round_intervals() -> None:
    assert [nice_interval(span, 5) for span in (0, 4, 30, 45, 100, 240, 900)] == [1, 1, 10, 10, 20, 50, 200]


def test_long_names_are_cut_in_the_legend() -> None:
    assert legend_label("Ana") == "Ana"
    assert legend_label("Maximiliano de las Nieves") == "Maximiliano d…"
    assert len(legend_label("x" * 40)) == 14


def test_each_line_starts_at_zero_and_follows_the_running_totals() -> None:
    sheet = score_sheet(Rules(custom_sizes=(2, 2, 2)), THREE, 0, two_hands())
    chart = score_chart(sheet)
    assert [s.name for s in chart.series] == THREE
    assert [s.total for s in chart.series] == [25, 20, -10]
    assert chart.hands == 3, "the x axis spans the whole game, the lines stop at the last saved hand"
    assert [t.value for t in chart.x_ticks] == [1, 2, 3]
    y_of = {t.value: t.at for t in chart.y_ticks}
    assert min(y_of) <= -10 and max(y_of) >= 25 and 0 in y_of
    assert chart.zero == y_of[0]
    ana = chart.series[0]
    assert len(ana.points) == 3
    assert ana.points[0] == (chart.left, chart.zero)
    assert ana.points[-1][0] == chart.x_ticks[1].at
    # up is more points: Ana (25) above Bea (20) above zero above Carlos (−10)
    assert ana.end[1] < chart.series[1].end[1] < chart.zero < chart.series[2].end[1]
    assert all(chart.top <= y <= chart.bottom for s in chart.series for _x, y in s.points)


def test_a_line_is_drawn_through_its_points() -> None:
    sheet = score_sheet(Rules(), [f"J{i}" for i in range(5)], 0, classic_game(5)[:20])
    for series in score_chart(sheet).series:
        line = ET.fromstring(f'<path xmlns="http://www.w3.org/2000/svg" class="line" d="{series.path}"/>')
        assert points_of(line) == list(series.points)


def test_eight_players_get_eight_colours_and_the_legend_fits() -> None:
    names = [f"J{i}" for i in range(8)]
    sheet = score_sheet(Rules(), names, 0, classic_game(8)[:3])
    chart = score_chart(sheet)
    assert len({s.colour for s in chart.series}) == 8 == len(PALETTE)
    assert all(s.legend_y < chart.height for s in chart.series)
    assert all(0 < s.legend_x < chart.width for s in chart.series)


# --- on the pages ----------------------------------------------------------------------------


def test_no_chart_before_the_first_hand_is_saved(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="a_medida", custom_sizes="2 2 2")
    assert 'id="grafico"' not in table.page(token).html


def test_the_chart_is_an_svg_with_a_line_per_player(table: Table) -> None:
    names = [TAGGED, "Íñigo", "Carlos"]
    token = table.start(names, dealer=0, preset="a_medida", custom_sizes="2 2 2")
    table.seed(token, ("O", [1, 0, 0], [1, 0, 1]), ("C", [0, 0, 1], [0, 0, 2]))
    html = table.page(token).html
    svg = chart_of(html)
    assert svg.get("viewBox", "").startswith("0 0 360 ")
    assert svg.get("width") == "100%"
    lines = lines_of(svg)
    assert len(lines) == 3
    seats = svg.findall(f".//{SVG}g[{SVG}path]")
    assert [group.get("class") for group in seats] == ["seat-0", "seat-1", "seat-2"], "each line in its seat's colour"
    assert not any(e.get(colour, "").startswith("#") for e in svg.iter() for colour in ("stroke", "fill")), (
        "the stylesheet gives the colours, light or dark as the page"
    )
    assert len(points_of(lines[0])) == 3, "the start and two hands"
    legend = [
        " ".join("".join(t.itertext()).split()) for t in svg.findall(f".//{SVG}g[@class='chart-legend']//{SVG}text")
    ]
    assert legend == [f"{TAGGED} 25", "Íñigo 20", "Carlos -10"]
    chart_html = re.search(r'<svg class="chart".*?</svg>', html, re.S).group(0)  # type: ignore[union-attr]
    assert "&lt;b&gt;x&lt;/b&gt;" in chart_html and "<b>" not in chart_html
    assert "style=" not in chart_html and "<script" not in chart_html
    assert not any("style" in element.attrib for element in svg.iter())


def test_the_watchers_see_the_same_chart(table: Table) -> None:
    token, watch = store_game(table.app, ("Ana", "Bea", "Carlos", "Dani"), classic_game(4)[:5])
    kept = chart_of(table.page(token).html)
    watched = chart_of(table.read(table.client.get(f"/ver/{watch}")).html)
    assert ET.tostring(kept) == ET.tostring(watched)
    assert len(lines_of(watched)) == 4


def test_a_finished_classic_game_spans_28_hands(table: Table) -> None:
    token, _watch = store_game(table.app, ("Ana", "Bea", "Carlos", "Dani"), classic_game(4))
    svg = chart_of(table.page(token).html)
    assert [len(points_of(line)) for line in lines_of(svg)] == [29] * 4
    assert [t.text for t in svg.findall(f".//{SVG}g[@class='chart-axis']/{SVG}text")][-5:] == [
        "5",
        "10",
        "15",
        "20",
        "25",
    ]
