"""The PDF of the score sheet (/<p|ver>/<token>/hoja.pdf): read back with pypdf, its text and its embedded font."""

from __future__ import annotations

import io
import re
import tomllib
from typing import TYPE_CHECKING, Any

import pytest
from babel.support import Translations
from pypdf import PdfReader

from scorekeeper import PACKAGE_DIR, PROJECT_DIR
from scorekeeper.engine import score_sheet
from scorekeeper.page_parts.seat_colours import PALETTE
from scorekeeper.paper.routes import pdf_filename
from scorekeeper.plumbing.languages import SUPPORTED_LOCALES
from support.paper_games import CLASSIC, classic_game, store_game

if TYPE_CHECKING:
    from werkzeug.test import TestResponse

    from support.table import Table

NAMES = ("Íñigo", "Bea", "Carlos", "Peña")


def download(table: Table, scope: str, token: str) -> TestResponse:
    """GET the PDF, which must come as a download."""
    response: TestResponse = table.client.get(f"/{scope}/{token}/hoja.pdf")
    assert response.status_code == 200, response.status_code
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"].startswith("attachment;")
    return response


def pages(response: TestResponse) -> list[str]:
    """The text of each page."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages]


def test_a_classic_game_of_four_on_one_page(table: Table) -> None:
    records = classic_game(4)
    token, _watch = store_game(table.app, NAMES, records)
    sheet = score_sheet(CLASSIC, NAMES, 0, records)
    text = pages(download(table, "p", token))
    assert len(text) == 1
    page = text[0]
    assert "Hoja de puntos" in page
    for name in NAMES:
        assert name in page
    winner = sheet.winner
    assert winner is not None
    assert f"Gana {NAMES[winner]} con {sheet.totals[winner]} puntos" in page
    assert "Resultado final" in page and "Fallos" in page
    lines = page.splitlines()
    last = re.sub(r" \(\d+\)| R\b", "", next(line for line in lines if line.startswith("28 1 ")))
    assert [int(v) for v in last.split()[5::3]] == list(sheet.totals), last
    missed = next(line for line in lines if line.startswith("Fallos"))
    assert missed.split()[1:] == [str(m) for m in sheet.missed]
    for place in sheet.standings.places:
        assert f"{place.position}. {NAMES[place.seat]}" in page


def test_the_font_is_embedded(table: Table) -> None:
    token, _watch = store_game(table.app, NAMES, classic_game(4)[:4])
    reader = PdfReader(io.BytesIO(download(table, "p", token).data))
    resources: Any = reader.pages[0]["/Resources"]
    fonts: dict[str, Any] = {key: ref.get_object() for key, ref in resources["/Font"].items()}
    assert fonts
    for font in fonts.values():
        assert font["/Subtype"] == "/Type0", "a Unicode font, not one of the PDF's 14 standard ones"
        assert "DejaVuSans" in font["/BaseFont"]
        descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, "the TrueType program is in the file"
        assert len(descriptor["/FontFile2"].get_object().get_data()) > 1000
    assert {"Bold" in font["/BaseFont"] for font in fonts.values()} == {True, False}


def test_the_watchers_get_the_same_sheet(table: Table) -> None:
    token, watch = store_game(table.app, NAMES, classic_game(4))
    assert pages(download(table, "ver", watch)) == pages(download(table, "p", token))


def test_the_file_name_is_plain_and_says_whose_game(table: Table) -> None:
    token, _watch = store_game(table.app, NAMES, classic_game(4)[:1])
    disposition = download(table, "p", token).headers["Content-Disposition"]
    assert re.fullmatch(r"attachment; filename=pocha-inigo-bea-carlos-pena-\d{4}-\d\d-\d\d\.pdf", disposition)
    assert pdf_filename(("<b>", "😀"), "2025-01-02") == "pocha-b-2025-01-02.pdf"
    assert pdf_filename(("😀",), "2025-01-02") == "pocha-2025-01-02.pdf"


def test_a_game_without_hands_is_a_blank_sheet(table: Table) -> None:
    token = table.start(list(NAMES), dealer=0)
    text = pages(download(table, "p", token))
    assert len(text) == 1
    assert "Mano 1 de 28" in text[0]
    assert "Resultado final" not in text[0] and "Clasificación" not in text[0]
    assert re.search(r"^28 1$", text[0], re.M), "the hands to come, blank"


def test_a_long_game_goes_on_to_a_second_page_with_the_heading_again(table: Table) -> None:
    token = table.start(["Ana", "Bea", "Carlos"], dealer=0, preset="a_medida", custom_sizes=" ".join(["1"] * 70))
    table.seed(token, ("O", [1, 0, 1], [1, 0, 0]))
    text = pages(download(table, "p", token))
    assert len(text) == 2
    assert all("Mano Cartas Pinta" in page for page in text)
    numbers = [int(line.split()[0]) for page in text for line in page.splitlines() if re.match(r"^\d+ 1\b", line)]
    assert numbers == list(range(1, 71))


def test_each_name_in_the_heading_is_over_its_players_colour(table: Table) -> None:
    token = table.start(["Ana", "Bea", "Carlos"], dealer=0, preset="a_medida", custom_sizes=" ".join(["1"] * 70))
    table.seed(token, ("O", [1, 0, 1], [1, 0, 0]))
    first, last = PdfReader(io.BytesIO(download(table, "p", token).data)).pages  # the chart and standings: on the last
    for page in (first, last):
        contents = page.get_contents()
        assert contents is not None
        drawn = contents.get_data().decode("latin-1")
        strokes = {
            tuple(round(float(v) * 255) for v in rgb) for rgb in re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) RG", drawn)
        }
        assert {colour.rgb for colour in PALETTE[:3]} <= strokes


def test_eight_players_fit_across_the_page(table: Table) -> None:
    names = ("Ana", "Bea", "Carlos", "Dani", "Eva", "Fede", "Gema", "Hugo")
    records = classic_game(8)
    token, _watch = store_game(table.app, names, records)
    text = pages(download(table, "p", token))
    assert len(text) == 1
    for name in names:
        assert name in text[0]


def test_the_fonts_ship_with_their_licence() -> None:
    fonts = PACKAGE_DIR / "fonts"
    assert (fonts / "DejaVuSans.ttf").is_file() and (fonts / "DejaVuSans-Bold.ttf").is_file()
    assert "Bitstream" in (fonts / "LICENSE.DejaVu").read_text(encoding="utf-8")
    data = tomllib.loads((PROJECT_DIR / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = data["tool"]["setuptools"]["package-data"]["scorekeeper"]
    assert {"fonts/*.ttf", "fonts/LICENSE*"} <= set(shipped)


@pytest.mark.parametrize("language", SUPPORTED_LOCALES)
def test_the_sheets_headings_are_in_the_phones_language(table: Table, language: str) -> None:
    token, _watch = store_game(table.app, NAMES, classic_game(4))
    table.client.set_cookie("lang", language)
    page = pages(download(table, "p", token))[0]
    words = Translations.load(str(PACKAGE_DIR / "translations"), [language])
    for heading in ("Hoja de puntos", "Mano", "Cartas", "Resultado final", "Fallos"):
        assert words.gettext(heading) in page, (language, heading)
