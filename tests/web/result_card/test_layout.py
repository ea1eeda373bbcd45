"""The result card's layout (scorekeeper/result_card/layout.py): every text read back from the layout, inside the
canvas, none over another, long names fitted by measuring them."""

from __future__ import annotations

import itertools

import pytest

from scorekeeper.engine import ScoreSheet, score_sheet
from scorekeeper.result_card.facts import CardFacts, Placing
from scorekeeper.result_card.fonts import text_width
from scorekeeper.result_card.layout import ELLIPSIS, HEIGHT, WIDTH, Layout, fitted, result_card, wrapped
from support.paper_games import CLASSIC, classic_game

#: Eight names of 20 letters, the widest letters first: the longest a card must fit.
LONG_NAMES = (
    "Wenceslao Maximiliano",
    "MMMMMMMMMMMMMMMMMMMM",
    "Guadalupe Montserrat",
    "Bartolomé Hernández",
    "Encarnación Gómez Vi",
    "Maximiliano Fernánde",
    "WWWWWWWWWWWWWWWWWWWW",
    "Inmaculada Concepció",
)
TIE_NOTE = "Empate a 120 puntos: gana quien menos apuestas ha fallado (3 fallos)."


def facts_of(sheet: ScoreSheet, group: str | None = "Peña «Los del jueves»", tie: str | None = TIE_NOTE) -> CardFacts:
    """The card's facts of ``sheet``, in Spanish, as the export blueprint gathers them."""
    winner = sheet.winner
    assert winner is not None
    places = tuple(
        Placing(p.seat, sheet.players[p.seat], p.position, p.total, f"{p.total} puntos") for p in sheet.standings.places
    )
    return CardFacts(
        title="Pocha",
        heading="Resultado final",
        date="27 de noviembre de 2026",
        headline=f"Gana {sheet.players[winner]} con {sheet.totals[winner]} puntos",
        places=places,
        chart_title="Evolución de los puntos",
        points_caption="Puntos",
        hand_caption="Mano",
        sheet=sheet,
        group=group,
        tie_note=tie,
        length=f"{len(sheet.rows)} manos en 1 h 35 min",
    )


def card_of(names: tuple[str, ...], **kwargs: str | None) -> tuple[ScoreSheet, Layout]:
    """A classic game of ``names`` played by the engine's bots, and its card laid out."""
    sheet = score_sheet(CLASSIC, names, 0, classic_game(len(names)))
    return sheet, result_card(facts_of(sheet, **kwargs))


def overlapping(layout: Layout) -> list[tuple[str, str]]:
    """The pairs of texts whose boxes overlap."""
    return [(a.text, b.text) for a, b in itertools.combinations(layout.texts, 2) if a.box.overlaps(b.box)]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_every_text_is_inside_the_canvas_and_none_overlaps_another(players: int) -> None:
    _sheet, layout = card_of(LONG_NAMES[:players])
    assert (layout.width, layout.height) == (WIDTH, HEIGHT) == (1080, 1350)
    outside = [text.text for text in layout.texts if not text.box.inside(WIDTH, HEIGHT)]
    assert not outside, outside
    assert not overlapping(layout)
    shapes_outside = [shape for shape in layout.shapes if not shape.box.inside(WIDTH, HEIGHT)]
    assert not shapes_outside
    points = [point for stroke in layout.strokes for point in stroke.points]
    assert all(0 <= x <= WIDTH and 0 <= y <= HEIGHT for x, y in points)


@pytest.mark.parametrize("players", [3, 8])
def test_every_players_place_name_and_points_are_read_back(players: int) -> None:
    names = LONG_NAMES[:players]
    sheet, layout = card_of(names)
    by_seat = {text.seat: text for text in layout.with_role("name")}
    assert sorted(by_seat) == list(range(players))
    for seat, text in by_seat.items():
        shown = text.text.removesuffix(ELLIPSIS)
        assert names[seat].startswith(shown) and len(shown) >= 10, (names[seat], text.text)
        assert text.size >= 20
    points = {text.seat: int(text.text) for text in layout.with_role("points")}
    assert points == dict(enumerate(sheet.totals))
    places = {text.seat: int(text.text.rstrip(".")) for text in layout.with_role("place")}
    assert places == {place.seat: place.position for place in sheet.standings.places}
    order = [text.seat for text in layout.with_role("name")]
    assert order == [place.seat for place in sheet.standings.places], "the list goes in the standings' order"


def test_the_podium_holds_the_first_three_with_their_points() -> None:
    sheet, layout = card_of(("Ana", "Bea", "Carlos", "Dani", "Eva"))
    first_three = sheet.standings.places[:3]
    podium = {text.seat: text.text for text in layout.with_role("podium-name")}
    assert podium == {place.seat: sheet.players[place.seat] for place in first_three}
    said = {text.seat: text.text for text in layout.with_role("podium-points")}
    assert said == {place.seat: f"{place.total} puntos" for place in first_three}
    winner = sheet.winner
    assert winner is not None
    (headline,) = layout.with_role("headline")
    assert headline.text == f"Gana {sheet.players[winner]} con {sheet.totals[winner]} puntos"
    winner_step = next(text for text in layout.with_role("podium-place") if text.seat == winner)
    others = [text for text in layout.with_role("podium-place") if text.seat != winner]
    assert winner_step.text == "1" and all(winner_step.box.y < text.box.y for text in others), "the highest step"


def test_the_title_date_peña_tie_and_length_are_on_the_card() -> None:
    _sheet, layout = card_of(("Ana", "Bea", "Carlos"))
    texts = {text.role: text.text for text in layout.texts}
    assert texts["title"] == "Pocha" and texts["date"] == "27 de noviembre de 2026"
    assert texts["group"] == "Peña «Los del jueves»"
    assert " ".join(text.text for text in layout.with_role("tie")) == TIE_NOTE
    assert texts["length"].endswith("manos en 1 h 35 min")
    assert {text.text for text in layout.with_role("caption")} == {"Puntos", "Mano"}


def test_without_a_peña_a_tie_or_a_length_nothing_is_said_of_them() -> None:
    _sheet, layout = card_of(("Ana", "Bea", "Carlos"), group=None, tie=None)
    roles = {text.role for text in layout.texts}
    assert "group" not in roles and "tie" not in roles
    assert not overlapping(layout)


def test_the_chart_draws_a_line_for_every_player_in_their_colour_and_dashes() -> None:
    sheet, layout = card_of(("Ana", "Bea", "Carlos", "Dani", "Eva", "Fermín", "Gloria", "Hugo"))
    lines = [stroke for stroke in layout.strokes if len(stroke.points) == len(sheet.rows) + 1]
    assert [stroke.colour for stroke in lines] == ["#0072b2", "#d55e00", "#009e73", "#aa3377", "#8c6d00", "#332288",
                                                   "#c0143c", "#555555"]  # fmt: skip
    assert [bool(stroke.dash) for stroke in lines] == [False] * 4 + [True] * 4
    assert len(layout.dots) == 8


def test_a_name_too_wide_is_drawn_smaller_then_cut() -> None:
    assert fitted("Ana", 300, 30, 20) == ("Ana", 30)
    text, size = fitted("MMMMMMMMMMMMMMMMMMMM", 300, 30, 20, bold=True)
    assert size == 20 and text.endswith(ELLIPSIS) and text_width(text, size, True) <= 300
    text, size = fitted("Encarnación", 150, 30, 20)
    assert 20 <= size < 30 and text == "Encarnación" and text_width(text, size) <= 150


def test_a_long_note_wraps_between_words() -> None:
    lines = wrapped(TIE_NOTE, 400, 28)
    assert len(lines) > 1 and " ".join(lines) == TIE_NOTE
    assert all(text_width(line, 28) <= 400 for line in lines)
