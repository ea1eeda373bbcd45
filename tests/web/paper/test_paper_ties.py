"""The paper pages follow the sheet in a desempate: points that do not count are in brackets, and stay out of the history."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from pypdf import PdfReader

from support.pages import text_of

if TYPE_CHECKING:
    from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]
# One hand of one card: Ana takes the trick nobody bid, Bea and Carlos tie on 10. In the desempate
# (Bea deals; Carlos, Ana, Bea) only Bea's and Carlos's points count: Ana's 70 is in brackets.
TIE_THEN_DESEMPATE = (("C", [0, 0, 0], [1, 0, 0]), ("B", [12, 1, 0], [12, 0, 0]))
NOTE = "Entre paréntesis, los puntos que no cuentan: en una mano de desempate solo cuentan los empatados."


def desempate_game(table: Table) -> str:
    """A finished game decided by a desempate in which Ana's points did not count."""
    token = table.start(THREE, dealer=0, preset="clasica", custom_sizes="1")
    table.seed(token, *TIE_THEN_DESEMPATE)
    return token


def test_the_print_page_puts_points_that_do_not_count_in_brackets(table: Table) -> None:
    token = desempate_game(table)
    html = table.client.get(f"/p/{token}/imprimir").get_data(as_text=True)
    assert '<td class="points not-counted">(70)<span class="visually-hidden"> no cuenta</span></td>' in html
    assert NOTE in text_of(html)


def test_the_print_page_says_nothing_of_brackets_when_every_point_counts(table: Table) -> None:
    token = table.start(THREE, dealer=0, preset="clasica", custom_sizes="1")
    table.seed(token, ("C", [1, 0, 1], [1, 0, 0]))
    html = table.client.get(f"/p/{token}/imprimir").get_data(as_text=True)
    assert "not-counted" not in html and NOTE not in text_of(html)


def test_the_pdf_puts_them_in_brackets_too(table: Table) -> None:
    token = desempate_game(table)
    response = table.client.get(f"/p/{token}/hoja.pdf")
    assert response.status_code == 200
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    assert "(70)" in text and "Entre paréntesis" in text


def test_the_history_counts_only_the_hands_that_count_for_each_player(table: Table) -> None:
    desempate_game(table)
    page = table.read(table.client.get("/historial"))
    assert page.status == 200
    # One hand counted for Ana (the first, missed: −5); two for Bea and Carlos.
    cards = {text_of(card.split("</h3>")[0]): text_of(card) for card in page.html.split('<h3 class="player-name">')[1:]}
    assert "Apuestas cumplidas 0 de 1" in cards["Ana"] and "Puntos por mano -5,0" in cards["Ana"], cards["Ana"]
    assert "Apuestas cumplidas 2 de 2" in cards["Carlos"], cards["Carlos"]
