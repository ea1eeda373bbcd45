"""The odds page (/simulador/cuantas): the chance of taking 0, 1, 2… tricks, as a server-drawn SVG bar chart."""

from __future__ import annotations

import re
import time
from random import Random

import pytest
from flask.testing import FlaskClient

from scorekeeper.engine import DEFAULT_DEALS, Suit, parse_cards, trick_odds
from scorekeeper.simulator.routes import ODDS_SEED
from support.pages import get, text_of

ASK = "/simulador/cuantas?mano=1O+3C+12O+5E+4B&pinta=O&players=4&asiento=1&dealer=0"


def main_of(html: str) -> str:
    """The page's content, without the footer's form (its CSRF token is signed afresh every second)."""
    match = re.search(r"<main[^>]*>(.*)</main>", html, re.S)
    assert match
    return match.group(1)


def test_the_form_alone(phone: FlaskClient) -> None:
    html = get(phone, "/simulador/cuantas")
    assert '<form method="get" action="/simulador/cuantas"' in html
    assert "<svg" not in html


def test_the_chart_the_table_and_the_deals_used(phone: FlaskClient) -> None:
    start = time.perf_counter()
    html = get(phone, ASK)
    assert time.perf_counter() - start < 2.0, "answered within two seconds"
    expected = trick_odds(parse_cards("1O 3C 12O 5E 4B"), Suit.OROS, 1, 4, 0, Random(ODDS_SEED), deals=DEFAULT_DEALS)
    assert expected.deals >= 1000
    svg = re.search(r"<svg [^>]*>(.*?)</svg>", html, re.S)
    assert svg
    bars = re.findall(
        r'<rect class="bar( bar-top)?" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" data-tricks="(\d)"/>',
        svg.group(1),
    )
    assert [int(b[5]) for b in bars] == list(range(6))
    heights = [float(b[4]) for b in bars]
    # taller bars for more deals; the tallest is the most likely count
    tallest = max(range(6), key=lambda k: heights[k])
    assert tallest == expected.most_likely and bars[tallest][0] == " bar-top"
    for k in range(6):
        for j in range(6):
            if expected.counts[k] > expected.counts[j]:
                assert heights[k] > heights[j]
    labels = re.findall(r'<text class="bar-value"[^>]*>([^<]*)</text>', svg.group(1))
    assert len(labels) == 6 and all(label.endswith("%") for label in labels)
    rows = re.findall(r"<tr[^>]*><th scope=\"row\">(\d+)</th><td>(\d+)</td><td>([\d.]+)</td></tr>", html)
    assert [(int(k), int(n)) for k, n, _ in rows] == list(enumerate(expected.counts))
    assert sum(int(n) for _, n, _ in rows) == expected.deals
    assert sum(float(p) for _, _, p in rows) == pytest.approx(100, abs=0.5)
    summary = text_of(re.search(r'id="resumen">(.*?)</p>', html, re.S).group(1))  # type: ignore[union-attr]
    assert f"Con {expected.deals} repartos" in summary and f"hacer {expected.most_likely}" in summary
    assert f"{expected.deals} repartos al azar" in text_of(html)


def test_the_chart_has_no_style_attribute(phone: FlaskClient) -> None:
    html = get(phone, ASK)
    assert " style=" not in html and "<style" not in html
    svg = re.search(r"<svg .*?</svg>", html, re.S)
    assert svg and 'role="img"' in svg.group(0) and "aria-labelledby" in svg.group(0)


def test_the_same_question_gets_the_same_answer(phone: FlaskClient) -> None:
    assert main_of(get(phone, ASK)) == main_of(get(phone, ASK))


def test_sin_triunfo_and_the_turned_card(phone: FlaskClient) -> None:
    html = get(phone, "/simulador/cuantas?mano=3O+2C&pinta=O&muestra=1O&players=4&asiento=2&dealer=0")
    assert re.search(r'<th scope="row">0</th><td>0</td>', html), "with the 1O seen, the 3O always takes a trick"
    html = get(phone, "/simulador/cuantas?mano=1C+3E&pinta=-&players=3&asiento=0&dealer=2")
    assert "Sin triunfo" in text_of(html) and html.count('<rect class="bar') == 3


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("mano=&pinta=O", "Tu mano está vacía"),
        ("mano=8O", "no hay 8 ni 9"),
        ("mano=1O+1O", "El 1O está dos veces en tu mano"),
        ("mano=1O&pinta=X", "no es un palo"),
        ("mano=1O&players=9", "La pocha se juega de 3 a 8 jugadores"),
        ("mano=1O&asiento=6", "Elige tu sitio en la mesa: del 1 al 4"),
        ("mano=1O&dealer=4", "El que reparte debe ser uno de los jugadores"),
        ("mano=1O+5O&muestra=5O", "La muestra, el 5O, no puede estar en tu mano"),
        ("mano=1O&muestra=5C", "tiene que ser del palo de triunfo"),
        ("mano=1O&muestra=5C+6C", "La muestra es una sola carta"),
        ("mano=2O&players=3&asiento=0", "Con 3 jugadores el 2O no se reparte"),
    ],
)
def test_questions_that_make_no_sense_are_refused(phone: FlaskClient, query: str, message: str) -> None:
    html = get(phone, f"/simulador/cuantas?{query}", 400)
    match = re.search(r'id="sim-error">(.*?)</p>', html, re.S)
    assert match and message in text_of(match.group(1))
