"""The referee (/arbitro): your hand, the table and the trump in; the cards you may play and why, in the words of docs/rules.md, "Play"."""

from __future__ import annotations

import html as html_lib
import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from flask.testing import FlaskClient

from support.pages import text_of


def ask(client: FlaskClient, status: int = 200, **fields: str | list[str]) -> str:
    response = client.get("/arbitro?" + urlencode(fields, doseq=True))
    assert response.status_code == status, response.get_data(as_text=True)[:3000]
    return response.get_data(as_text=True)


def answer(html: str) -> tuple[str, str]:
    """(the legal cards as shown, the reason as shown)."""
    legal = re.search(r'id="legales">(.*?)</p>', html, re.S)
    reason = re.search(r'id="porque">(.*?)</p>', html, re.S)
    assert legal and reason, "no answer on the page"
    return " ".join(re.findall(r'data-card="([^"]+)"', legal.group(1))), text_of(reason.group(1))


def refusal(html: str) -> str:
    match = re.search(r'id="sim-error">(.*?)</p>', html, re.S)
    assert match, "no refusal on the page"
    return text_of(match.group(1))


def test_the_empty_form(phone: FlaskClient) -> None:
    html = ask(phone)
    assert '<form method="get" action="/arbitro"' in html
    assert 'id="respuesta"' not in html and 'id="sim-error"' not in html
    assert html.count('type="checkbox" name="carta"') == 40


# The worked cases of docs/rules.md, "Play" (legal cards as shown: trump first, strongest first).
CASES = [
    # hand, table, trump, legal shown, reason
    ("1O 2C 7B", "", "E", "1O 2C 7B", "Porque sales tú: echa la que quieras."),
    ("7E 12E 3E 1O", "5E 11E", "E", "3E 12E", "Porque han arrastrado: debes echar triunfo y superar el 11."),
    ("4O 12O 1C", "1O", "O", "12O 4O", "Porque han arrastrado y no puedes superar el 1: echa cualquier triunfo."),
    ("1C 2E 12B", "5O", "O", "1C 2E 12B", "Porque han arrastrado y no tienes triunfo: echa la que quieras."),
    ("7C 1C 5O", "5C", "O", "1C 7C", "Porque debes asistir y superar el 5."),
    ("4C 6C 1O", "7C", "O", "6C 4C", "Porque debes asistir a copas; no puedes superar el 7: echa cualquiera de copas."),
    ("4C 1C 3O", "5C 2O", "O", "1C 4C", "Porque debes asistir a copas; como han fallado, vale cualquiera de copas."),
    ("3O 2O 7B", "1C 5C", "O", "3O 2O", "Porque no tienes copas: debes fallar."),
    ("3O 4O 7B", "1C 5O", "O", "3O", "Porque no tienes copas y han fallado: debes superar el 5 de triunfo."),
    ("4O 7B", "1C 5O", "O", "4O 7B", "Porque no puedes superar el triunfo: echa la que quieras."),
    ("1E 7B", "5C", "O", "1E 7B", "Porque no tienes copas ni triunfo: echa la que quieras."),
    ("3O 12O 1B", "1C", "-", "3O 12O 1B", "Porque no tienes copas ni triunfo: echa la que quieras."),
]


@pytest.mark.parametrize(("hand", "table", "trump", "legal", "reason"), CASES)
def test_worked_cases_of_the_rules(
    phone: FlaskClient, hand: str, table: str, trump: str, legal: str, reason: str
) -> None:
    html = ask(phone, mano=hand, mesa=table, pinta=trump, players="4")
    assert answer(html) == (legal, reason)


def test_the_whole_hand_is_shown_with_the_legal_cards_marked_and_who_is_winning(phone: FlaskClient) -> None:
    html = ask(phone, mano="7C 1C 5O", mesa="5C 12C", pinta="O")
    mine = re.search(r'aria-label="Tu mano">(.*?)</span>\s*<p', html, re.S)
    assert mine
    states = {
        card: state for state, card in re.findall(r'class="card suit-\w card-(\w+)" data-card="([^"]+)"', mine.group(1))
    }
    assert states == {"5O": "out", "1C": "legal", "7C": "out"}
    assert re.findall(r'data-card="([^"]+)"', re.search(r'id="en-la-mesa">(.*?)</ol>', html, re.S).group(1)) == [
        "5C",
        "12C",
    ]  # type: ignore[union-attr]
    assert text_of(re.search(r'id="va-ganando">(.*?)</p>', html, re.S).group(1)) == "Va ganando la baza el 12C."  # type: ignore[union-attr]
    assert answer(html) == ("1C", "Porque debes asistir y superar el 12.")


def test_the_form_keeps_what_was_typed(phone: FlaskClient) -> None:
    html = ask(phone, mano="7c 1c 5o", mesa="5c", pinta="O", players="5")
    assert 'name="mano" value="7c 1c 5o"' in html and 'name="mesa" value="5c"' in html
    assert '<option value="5" selected>5</option>' in html
    assert answer(html)[0] == "1C 7C"


def test_tapping_cards_works_like_typing_them(phone: FlaskClient) -> None:
    html = ask(phone, carta=["7C", "1C", "5O"], mesa="5C", pinta="O")
    assert answer(html) == ("1C 7C", "Porque debes asistir y superar el 5.")
    for card in ("7C", "1C", "5O"):
        assert f'name="carta" value="{card}" checked' in html
    assert 'name="carta" value="3C" checked' not in html
    # typed and tapped together: the same card once
    assert answer(ask(phone, mano="7C 1C", carta=["1C", "5O"], mesa="5C", pinta="O"))[0] == "1C 7C"


def test_the_answer_links_to_the_odds_of_that_hand(phone: FlaskClient) -> None:
    html = ask(phone, mano="7C 1C 5O", pinta="C", players="5")
    link = re.search(r'<a class="odds-link" href="([^"]+)"', html)
    assert link
    query = parse_qs(urlsplit(html_lib.unescape(link.group(1))).query)
    assert query["mano"] == ["7C 1C 5O"] and query["pinta"] == ["C"] and query["players"] == ["5"]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"mano": "", "mesa": "5C"}, "Tu mano está vacía: escribe al menos una carta"),
        ({"mano": "7C 1C 7C"}, "El 7C está dos veces en tu mano"),
        ({"mano": "7C", "mesa": "5C 5C"}, "El 5C está dos veces en la mesa"),
        ({"mano": "7C 1C", "mesa": "5C 1C"}, "El 1C no puede estar a la vez en tu mano y en la mesa"),
        ({"mano": "8O 1C"}, "«8O» no es una carta de la baraja española (no hay 8 ni 9)"),
        ({"mano": "1C", "mesa": "1X"}, "«1X» no es una carta: escribe número y palo, como 7C o 12E"),
        (
            {"mano": "1C", "mesa": "5C 7C 3C 4C"},
            "Con 4 jugadores hay como mucho 3 cartas en la mesa antes de tu turno, y has puesto 4",
        ),
        ({"mano": "1C", "mesa": "5C 7C 3C", "players": "3"}, "Con 3 jugadores hay como mucho 2 cartas en la mesa"),
        ({"mano": "1C 2C", "players": "3"}, "Con 3 jugadores el 2C no se reparte (la baraja es de 36 cartas)"),
        (
            {"mano": "1O 3O 12O 11O 10O 7O", "players": "8"},
            "Con 8 jugadores nadie tiene más de 5 cartas, y en tu mano hay 6",
        ),
        ({"mano": "1C", "players": "2"}, "La pocha se juega de 3 a 8 jugadores"),
        ({"mano": "1C", "players": "tres"}, "no vale como número de jugadores"),
        ({"mano": "1C", "pinta": "Z"}, "«Z» no es un palo"),
    ],
)
def test_nonsense_is_refused_clearly(phone: FlaskClient, fields: dict[str, str], message: str) -> None:
    html = ask(phone, 400, **fields)
    assert message in refusal(html)
    assert 'id="respuesta"' not in html


def test_the_refusal_in_english(phone: FlaskClient) -> None:
    response = phone.get("/arbitro?mano=7C+7C", headers={"Accept-Language": "en"})
    assert response.status_code == 400
    assert '<html lang="en">' in response.get_data(as_text=True)


def test_no_inline_style(phone: FlaskClient) -> None:
    html = ask(phone, carta=["7C"], mesa="5C")
    assert " style=" not in html and "<style" not in html
