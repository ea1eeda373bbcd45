"""Starting a game: /partidas/nueva (names, first dealer, presets, "más opciones", the schedule preview)."""

from __future__ import annotations

import hashlib
import random
import re
from typing import TYPE_CHECKING

import pytest
from werkzeug.test import TestResponse

from scorekeeper.extensions import db
from scorekeeper.games import starting
from scorekeeper.storage.models import Game

if TYPE_CHECKING:
    from support.table import Page, Table

FOUR = ["Ana", "Bea", "Carlos", "Dani"]
EIGHT = ["Ana", "Bea", "Carlos", "Dani", "Eva", "Fede", "Gema", "Hugo"]


def after(table: Table, response: TestResponse) -> Page:
    """Where a button that starts nothing leads: a 303 to the new-game page with the form's values in its address."""
    assert response.status_code == 303, response.status_code
    location = response.headers["Location"]
    assert location.startswith("/partidas/nueva?"), location
    return table.read(table.client.get(location))


# --- the empty form --------------------------------------------------------------------------


def test_the_form_has_eight_name_slots_random_dealer_and_the_classic_rules(table: Table) -> None:
    page = table.read(table.client.get("/partidas/nueva"))
    assert page.status == 200
    assert [page.value(f"names-{i}") for i in range(8)] == [""] * 8
    assert 'name="names-8"' not in page.html
    assert page.selected("first_dealer") == "azar"
    assert page.selected("preset") == "clasica"
    assert "28 manos con 4 jugadores" in page.text
    assert page.schedule == [1] * 4 + list(range(2, 10)) + [10] * 4 + list(range(9, 1, -1)) + [1] * 4


def shown_rows(page: Page) -> int:
    """How many name rows the page shows (the others are drawn hidden)."""
    return len(re.findall(r'<li class="name-row">', page.html))


def test_the_form_shows_four_rows_and_add_a_player_shows_one_more_up_to_eight(table: Table) -> None:
    page = table.read(table.client.get("/partidas/nueva"))
    assert shown_rows(page) == 4
    assert page.html.count('<li class="name-row" hidden>') == 4
    assert 'value="add"' in page.html
    for rows in range(5, 9):
        page = after(table, table.new_game(FOUR, action="add", filas=rows - 1))
        assert shown_rows(page) == rows
        assert page.value("filas") == str(rows)
        assert [page.value(f"names-{i}") for i in range(4)] == FOUR
    assert 'value="add"' not in page.html, "eight is the most"
    page = after(table, table.new_game(FOUR, action="add", filas=8))
    assert shown_rows(page) == 8


def test_the_rows_follow_the_names_typed_and_a_refused_form_keeps_them(table: Table) -> None:
    page = table.read(table.new_game(["Ana", "", "", "", "", "Bea"], filas=4))
    assert page.status == 422
    assert shown_rows(page) == 6, "a name typed is never hidden"
    page = after(table, table.new_game(FOUR, action="preview", filas=7))
    assert shown_rows(page) == 7
    assert shown_rows(table.read(table.client.get("/partidas/nueva?filas=99"))) == 8
    assert shown_rows(table.read(table.client.get("/partidas/nueva?filas=²"))) == 4


def test_the_names_come_first_and_importing_is_a_quiet_link_after_the_form(table: Table) -> None:
    html = table.read(table.client.get("/partidas/nueva")).html
    assert html.index('id="names-0"') < html.index('id="first_dealer"') < html.index('id="preset"')
    assert html.index("</form>") < html.index("/partidas/importar")
    assert '<p class="quiet-link"><a href="/partidas/importar">' in html


# --- starting --------------------------------------------------------------------------------


def test_start_redirects_with_303_to_an_unguessable_address(table: Table) -> None:
    response = table.new_game(FOUR)
    assert response.status_code == 303
    token = response.headers["Location"].removeprefix("/p/")
    assert len(token) >= 22 and token.replace("-", "").replace("_", "").isalnum()
    other = table.start(FOUR)
    assert other != token
    hashes = [hashlib.sha256(t.encode()).hexdigest() for t in (token, other)]
    with table.app.app_context():
        games = db.session.execute(db.select(Game).where(Game.edit_hash.in_(hashes))).scalars().all()
        assert len(games) == 2, "only the token's SHA-256 is stored"
        assert all(t not in str(value) for t in (token, other) for g in games for value in vars(g).values())


def test_the_game_page_greets_the_first_dealer(table: Table) -> None:
    response = table.new_game(FOUR, dealer=1)
    page = table.read(table.client.get(response.headers["Location"]))
    assert "¡A jugar! Reparte Bea." in page.flashes


def test_players_are_kept_in_order_blanks_ignored_spaces_tidied(table: Table) -> None:
    token = table.start(["  Ana ", "", "Bea   Luz", "   ", "Carlos", "", "", ""])
    assert table.snap(token).names == ("Ana", "Bea Luz", "Carlos")


@pytest.mark.parametrize("names", [FOUR[:3], EIGHT], ids=["3 players", "8 players"])
def test_three_to_eight_players_can_play(table: Table, names: list[str]) -> None:
    token = table.start(names)
    assert table.snap(token).names == tuple(names)


@pytest.mark.parametrize(
    "names",
    [[], ["Ana"], ["Ana", "Bea"], ["Ana", "", "", "", "", "", "", "Bea"], ["", "  ", "Ana", "", "Bea"]],
    ids=["none", "one", "two", "two far apart", "two among blanks"],
)
def test_fewer_than_three_players_are_refused(table: Table, names: list[str]) -> None:
    games = table.games()
    page = table.read(table.new_game(names))
    assert page.status == 422
    assert "La pocha se juega de 3 a 8 jugadores" in page.errors
    assert table.games() == games


def test_a_ninth_name_is_refused_not_dropped(table: Table) -> None:
    games = table.games()
    data = {f"names-{i}": name for i, name in enumerate(EIGHT)}
    data.update({"names-8": "Iker", "first_dealer": "0", "preset": "clasica", "action": "start"})
    page = table.read(table.client.post("/partidas/nueva", data=data))
    assert page.status == 422
    assert "La pocha se juega de 3 a 8 jugadores" in page.errors
    assert page.value("names-8") == "Iker", "the name typed is shown again, not lost"
    assert table.games() == games


@pytest.mark.parametrize("twin", ["Ana", "ANA", "ana", "  aNa  "])
def test_duplicate_names_are_refused_whatever_the_case(table: Table, twin: str) -> None:
    games = table.games()
    page = table.read(table.new_game(["Ana", "Bea", twin]))
    assert page.status == 422
    assert f"«{twin.strip()}» está repetido" in page.errors
    assert table.games() == games


def test_names_up_to_twenty_letters(table: Table) -> None:
    games = table.games()
    assert table.snap(table.start(["A" * 20, "Bea", "Carlos"])).names[0] == "A" * 20
    page = table.read(table.new_game(["B" * 21, "Bea", "Carlos"]))
    assert page.status == 422
    assert "es muy largo: como mucho 20 letras" in page.errors
    assert table.games() == games + 1


def test_a_refused_form_shows_again_everything_typed(table: Table) -> None:
    page = table.read(
        table.new_game(
            ["Ana", "Bea", "ana", "<b>x</b>"],
            dealer=3,
            preset="corta",
            max_hands=2,
            renuncio_penalty=30,
            sin_triunfo="fin",
        )
    )
    assert page.status == 422
    assert [page.value(f"names-{i}") for i in range(4)] == ["Ana", "Bea", "ana", "<b>x</b>"]
    assert 'value="&lt;b&gt;x&lt;/b&gt;"' in page.html and "<b>x</b>" not in page.html
    assert page.selected("first_dealer") == "3"
    assert page.selected("preset") == "corta"
    assert page.value("max_hands") == "2"
    assert page.value("renuncio_penalty") == "30"
    assert page.value("sin_triunfo") == "fin"
    assert "«ana» está repetido" in page.errors


# --- moving names ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ("up-1", ["Bea", "Ana", "Carlos", "Dani"]),
        ("down-0", ["Bea", "Ana", "Carlos", "Dani"]),
        ("up-3", ["Ana", "Bea", "Dani", "Carlos"]),
        ("down-2", ["Ana", "Bea", "Dani", "Carlos"]),
        ("up-0", FOUR),
        ("down-3", FOUR),
        ("up-7", FOUR),
        ("up-x", FOUR),
    ],
)
def test_moving_a_name_up_or_down(table: Table, action: str, expected: list[str]) -> None:
    games = table.games()
    page = after(table, table.new_game(FOUR, action=action))
    assert page.status == 200
    assert [page.value(f"names-{i}") for i in range(8)] == expected + [""] * 4
    assert table.games() == games, "moving a name starts nothing"


def test_moving_names_closes_the_gaps_and_moves_the_name_next_to_the_arrow(table: Table) -> None:
    names = ["Ana", "", "Bea", "Carlos"]
    page = after(table, table.new_game(names, action="up-2"))  # the ↑ beside Bea
    assert [page.value(f"names-{i}") for i in range(4)] == ["Bea", "Ana", "Carlos", ""]
    page = after(table, table.new_game(names, action="down-2"))  # the ↓ beside Bea
    assert [page.value(f"names-{i}") for i in range(4)] == ["Ana", "Carlos", "Bea", ""]
    page = after(table, table.new_game(names, action="up-1"))  # the ↑ beside the empty slot
    assert [page.value(f"names-{i}") for i in range(4)] == ["Ana", "Bea", "Carlos", ""]


@pytest.mark.parametrize(("action", "dealer"), [("up-1", "0"), ("down-1", "2"), ("up-3", "1"), ("down-0", "0")])
def test_the_chosen_first_dealer_moves_with_the_name(table: Table, action: str, dealer: str) -> None:
    page = after(table, table.new_game(FOUR, dealer=1, action=action))  # Bea deals first, wherever she sits
    assert page.value(f"names-{dealer}") == "Bea"
    assert page.selected("first_dealer") == dealer


def test_moving_names_keeps_the_rest_of_the_form(table: Table) -> None:
    page = after(table, table.new_game(FOUR, dealer=2, preset="ludoteka", action="up-1", renuncio_penalty=20))
    assert page.selected("preset") == "ludoteka"
    assert page.value("renuncio_penalty") == "20"
    assert page.errors == ""


# --- the first dealer ------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_chosen_first_dealer_deals_hand_one_and_the_next_is_mano(table: Table, dealer: int) -> None:
    token = table.start(FOUR, dealer=dealer)
    assert table.snap(token).first_dealer == dealer
    page = table.page(token)
    assert page.role("Reparte") == FOUR[dealer]
    assert page.role("Es mano") == FOUR[(dealer + 1) % 4]
    assert page.order == [FOUR[(dealer + i) % 4] for i in range(1, 5)]


def test_the_first_dealer_at_random_is_drawn_among_the_players(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    class Loaded(random.Random):
        def randrange(self, *args: int, **kwargs: int) -> int:
            assert args == (4,)
            return 2

    monkeypatch.setattr(starting.random, "SystemRandom", Loaded)
    token = table.start(FOUR, dealer="azar")
    assert table.snap(token).first_dealer == 2
    assert table.page(token).role("Reparte") == "Carlos"


def test_the_first_dealer_at_random_is_always_a_player(table: Table) -> None:
    for _ in range(8):
        token = table.start(FOUR[:3], dealer="azar")
        snap = table.snap(token)
        assert 0 <= snap.first_dealer < 3
        assert table.page(token).role("Reparte") == FOUR[snap.first_dealer]


@pytest.mark.parametrize("dealer", ["3", "7", "-1", "x", ""])
def test_a_first_dealer_who_is_not_playing_is_refused(table: Table, dealer: str) -> None:
    games = table.games()
    page = table.read(table.new_game(FOUR[:3], dealer=dealer))
    assert page.status == 422
    assert page.errors
    assert table.games() == games


# --- presets and the schedule preview --------------------------------------------------------

UP_4 = list(range(2, 10))
DOWN_4 = list(range(9, 1, -1))


@pytest.mark.parametrize(
    ("preset", "sizes"),
    [
        ("clasica", [1] * 4 + UP_4 + [10] * 4 + DOWN_4 + [1] * 4),
        ("corta", [1] + UP_4 + [10] * 4 + DOWN_4 + [1]),
        ("ludoteka", [1] + UP_4 + [10] * 4 + DOWN_4 + [1]),
        ("ludoteka_subir", [1] + UP_4 + [10] * 4),
        ("ludoteka_maximo", [10] * 4),
        ("a_medida", [1] * 4 + UP_4 + [10] * 4 + DOWN_4 + [1] * 4),
    ],
)
def test_each_preset_shows_its_schedule_for_four(table: Table, preset: str, sizes: list[int]) -> None:
    page = after(table, table.new_game(FOUR, preset=preset, action="preview"))
    assert page.status == 200
    assert page.schedule == sizes
    assert f"{len(sizes)} manos con 4 jugadores" in page.text
    token = table.start(FOUR, preset=preset)
    assert [plan.cards for plan in table.snap(token).sheet.plans] == sizes
    assert table.page(token).title.startswith(f"Mano 1 de {len(sizes)} ")


def test_the_classic_game_has_28_hands_with_four(table: Table) -> None:
    assert "28 manos con 4 jugadores" in after(table, table.new_game(FOUR, action="preview")).text


@pytest.mark.parametrize(
    ("names", "sizes"),
    [
        (FOUR[:3], [1] * 3 + list(range(2, 12)) + [12] * 3 + list(range(11, 1, -1)) + [1] * 3),
        (EIGHT[:5], [1] * 5 + list(range(2, 8)) + [8] * 5 + list(range(7, 1, -1)) + [1] * 5),
        (EIGHT[:6], [1] * 6 + list(range(2, 6)) + [6] * 6 + list(range(5, 1, -1)) + [1] * 6),
        (EIGHT, [1] * 8 + list(range(2, 5)) + [5] * 8 + list(range(4, 1, -1)) + [1] * 8),
    ],
)
def test_the_preview_follows_the_number_of_players(table: Table, names: list[str], sizes: list[int]) -> None:
    page = after(table, table.new_game(names, action="preview"))
    assert page.schedule == sizes
    assert f"{len(sizes)} manos con {len(names)} jugadores" in page.text


def test_the_preview_with_too_few_names_shows_four_players(table: Table) -> None:
    page = after(table, table.new_game(["Ana"], preset="ludoteka_maximo", action="preview"))
    assert page.status == 200
    assert "4 manos con 4 jugadores" in page.text


@pytest.mark.parametrize(
    ("options", "sizes"),
    [
        ({"max_hands": 2}, [1] * 4 + UP_4 + [10] * 2 + DOWN_4 + [1] * 4),
        ({"descend": "0"}, [1] * 4 + UP_4 + [10] * 4),
        ({"opening_ones": "none", "closing_ones": "single"}, UP_4 + [10] * 4 + DOWN_4 + [1]),
        ({"climb": "0"}, [1] * 4 + [10] * 4 + DOWN_4 + [1] * 4),
        ({"custom_sizes": "1 2 3 3 2 1"}, [1, 2, 3, 3, 2, 1]),
        ({"custom_sizes": "5, 5,10"}, [5, 5, 10]),
    ],
)
def test_more_options_change_the_schedule(table: Table, options: dict[str, object], sizes: list[int]) -> None:
    page = after(table, table.new_game(FOUR, preset="a_medida", action="preview", **options))
    assert page.schedule == sizes
    token = table.start(FOUR, preset="a_medida", **options)
    assert [plan.cards for plan in table.snap(token).sheet.plans] == sizes


def test_options_left_empty_follow_the_preset(table: Table) -> None:
    token = table.start(FOUR, preset="ludoteka", max_hands="", renuncio_penalty="", tie_break="")
    rules = table.snap(token).sheet.rules
    assert rules.forbidden_in_one_card_hands is False
    assert rules.renuncio_penalty == 50
    assert rules.tie_break.value == "one_card"


def test_special_hands_show_in_the_preview(table: Table) -> None:
    page = after(table, table.new_game(FOUR, preset="corta", action="preview", indias="1", subastado="fin"))
    assert page.schedule == [1] + UP_4 + [10] * 4 + DOWN_4 + [1] + [10]
    assert "Indias" in page.text and "Subastado" in page.text
    assert page.html.count("size-special") == 2


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"preset": "a_medida", "custom_sizes": "1 2 99"}, "Con 4 jugadores se reparten como mucho 10 cartas, no 99"),
        ({"preset": "a_medida", "custom_sizes": "1 dos 3"}, "Escribe solo números separados por espacios"),
        ({"preset": "a_medida", "custom_sizes": "1 0 1"}, "Cada mano de la lista debe tener al menos una carta"),
        ({"indias": "5"}, "Las indias se juegan con una carta: la mano 5 tiene 2"),
        ({"subastado": "1"}, "El subastado se juega con todas las cartas: la mano 1 tiene 1"),
        ({"mano_de_oro": "99"}, "La partida solo tiene 28 manos: no hay mano 99"),
        ({"sin_triunfo": "pronto"}, "Sin triunfo: escribe el número de la mano, o «fin»"),
        ({"indias": "1", "sin_triunfo": "1"}, "Dos manos especiales no pueden ocupar la misma mano"),
        ({"renuncio_penalty": "5000"}, "entre 0 y 1000"),
        ({"max_hands": "0"}, "entre 1 y 40"),
        ({"max_hands": "muchas"}, "Escribe un número entero, como 3"),
        ({"exact_base": "diez"}, "Escribe un número entero, como 3"),
        (
            {"opening_ones": "none", "climb": "0", "descend": "0", "closing_ones": "none", "max_hands": "0"},
            "entre 1 y 40",
        ),
        ({"opening_ones": "x"}, "Manos de una carta al empezar: elige una de las opciones de la lista"),
        ({"tie_break": "x"}, "Mano de desempate: elige una de las opciones de la lista"),
        ({"multipliers": "x"}, "Multiplicar por el palo de triunfo: elige una de las opciones de la lista"),
        ({"climb": "2"}, "Subir de dos cartas al máximo: elige una de las opciones de la lista"),
        ({"max_hands": "²"}, "Escribe un número entero, como 3"),
        ({"renuncio_penalty": "５0"}, "Escribe un número entero, como 3"),
        ({"exact_base": "9" * 5000}, "Escribe un número entero, como 3"),
        ({"max_hands": "-3"}, "Escribe un número entero, como 3"),
        ({"preset": "a_medida", "custom_sizes": "1 ²"}, "Escribe solo números separados por espacios"),
        ({"preset": "a_medida", "custom_sizes": "1 " + "9" * 5000}, "Escribe solo números separados por espacios"),
        ({"preset": "a_medida", "custom_sizes": "1 " * 101}, "Como mucho 100 manos"),
        ({"indias": "³"}, "Indias: escribe el número de la mano, o «fin»"),
    ],
)
def test_invalid_options_give_a_clear_message_and_create_nothing(
    table: Table, options: dict[str, str], message: str
) -> None:
    games = table.games()
    options = dict(options)
    preset = options.pop("preset", "clasica")
    page = table.read(table.new_game(FOUR, preset=preset, **options))
    assert page.status == 422
    assert message in page.errors
    assert '<details class="more-options" open' in page.html, "the refused option is in sight"
    assert table.games() == games


def test_an_invalid_option_in_the_preview_says_why(table: Table) -> None:
    games = table.games()
    page = after(table, table.new_game(FOUR, preset="a_medida", custom_sizes="1 2 99", action="preview"))
    assert page.status == 200
    assert "no 99" in page.errors
    assert 'class="schedule-sizes"' not in page.html
    assert table.games() == games


def test_the_value_refused_is_shown_back(table: Table) -> None:
    page = table.read(table.new_game(FOUR, max_hands="²"))
    assert page.status == 422
    assert page.value("max_hands") == "²", "what was typed stays in the field"


def test_control_characters_are_taken_out_of_names(table: Table) -> None:
    token = table.start(["An\x00a", "Be\x07a", "Car\tlos"])
    assert table.snap(token).names == ("Ana", "Bea", "Car los")


def test_an_unknown_preset_is_refused(table: Table) -> None:
    games = table.games()
    page = table.read(table.new_game(FOUR, preset="inventada"))
    assert page.status == 422
    assert page.errors
    assert table.games() == games


def test_the_chosen_rules_are_stored_with_the_game(table: Table) -> None:
    token = table.start(
        FOUR, preset="corta", renuncio_penalty=30, multipliers="oros2", pocha_bonus="1", tie_break="one_card"
    )
    rules = table.snap(token).sheet.rules
    assert (rules.renuncio_penalty, rules.multipliers.value, rules.pocha_bonus, rules.tie_break.value) == (
        30,
        "oros2",
        True,
        "one_card",
    )
    assert rules.opening_ones.value == "single"
