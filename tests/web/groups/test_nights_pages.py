"""A peña's night through its pages: made with who came, each round drawn into tables whose games count in the peña's
league, people arriving and leaving between rounds, the standings from the finished games, and the lookers' address
that changes nothing.

Every test runs on SQLite and on PostgreSQL (the ``table`` fixture).
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.storage import groups, store
from support.groups import add_game, finished_game, make_peña
from support.night_pages import (
    finish_round,
    keeper_tokens,
    make_night_with_form,
    night_page,
    night_rows,
    post_draw,
    post_new_night,
    round_section,
    round_tables,
    stored_night,
)
from support.pages import addresses_of
from support.played_nights import LONG_NAMES, THIRTEEN, play
from support.table import Page, Table

#: Three names of 20 letters, the longest a game takes, and a short one.
LONG = (*LONG_NAMES, "Ana")


# --- a new night -----------------------------------------------------------------------------------


def test_the_new_night_offers_the_peñas_players_as_its_league_shows_them_and_todays_name(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    add_game(table.client, peña, f"/p/{finished_game(table, ('Íñigo', 'Bea', 'Carlos'))}")
    add_game(table.client, peña, f"/p/{finished_game(table, ('Dani', 'bea ', 'Eva'))}")
    merged = table.client.post(f"/pena/{peña.manage}/unir", data={"merge-name": "Íñigo", "merge-into": "Dani"})
    assert merged.status_code == 303
    page = Page(table.client.get(f"/pena/{peña.manage}/noche/nueva"))
    assert page.status == 200
    boxes = re.findall(r'<input type="checkbox" name="players" value="([^"]+)"', page.html)
    assert boxes == ["bea", "Carlos", "Dani", "Eva"], "once each, merged, the newest spelling, by name"
    name = re.search(r'id="name"[^>]*value="([^"]*)"', page.html)
    assert name and re.fullmatch(r"Noche del \d{1,2} de [a-z]+", name.group(1))
    assert re.findall(r'<option[^>]*value="rapida"[^>]*selected|<option selected[^>]*value="rapida"', page.html)
    assert "4 o 5" in page.text and "Por la clasificación de la noche" in page.text


def test_a_night_is_made_with_the_players_ticked_and_typed_and_its_page_says_its_tables(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    add_game(table.client, peña, f"/p/{finished_game(table, ('Ana', 'Bea', 'Carlos'))}")
    response = post_new_night(
        table.client,
        peña,
        typed=THIRTEEN[3:],
        ticked=THIRTEEN[:3],
        name="  Viernes   de club ",
        preset="corta",
        rounds="4",
        mode="standings",
        sizes="4",
    )
    assert response.status_code == 303 and response.headers["Location"] == f"/pena/{peña.manage}/noche/1"
    page = Page(table.client.get(response.headers["Location"]))
    assert "Noche creada: 13 jugadores, mesas de 5, 4 y 4." in page.flashes
    assert "Viernes de club" in page.text and "Sin sortear" in page.text and "Corta" in page.text
    stored = stored_night(table.app, peña, 1)
    assert stored["players"] == [(name, 1, None) for name in THIRTEEN]
    assert (stored["preset"], stored["rounds"], stored["mode"], stored["sizes"]) == ("corta", 4, "standings", "4")
    assert stored["name"] == "Viernes de club" and stored["tables"] == []


def test_a_night_with_no_name_gets_the_days_and_names_of_20_letters_sit(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, LONG, rounds="1")
    assert re.fullmatch(r"Noche del \d{1,2} de [a-z]+", stored_night(table.app, peña, number)["name"])
    assert post_draw(table.client, peña, number, 1).status_code == 303
    for looking in (False, True):
        assert sorted(round_tables(night_page(table.client, peña, number, looking), 1)[0]) == sorted(LONG)


@pytest.mark.parametrize(
    ("typed", "ticked", "fields", "message"),
    [
        (("Ana", "Bea"), (), {}, "Hacen falta al menos 3 jugadores para una mesa"),
        ((), (), {}, "Hacen falta al menos 3 jugadores para una mesa"),
        (("Ana", "Bea", " ana "), (), {}, "«ana» está dos veces en la noche"),
        (("Bea", "Carlos", "Ana"), ("Ana",), {}, "«Ana» está dos veces en la noche"),
        (("Ana", "Bea", "Maximiliano Fernández"), (), {}, "«Maximiliano Fernánde…» es muy largo: como mucho 20 letras"),
        (("Ana", "Bea", "Carlos"), (), {"rounds": "13"}, "Rondas: elige una de las opciones de la lista"),
        (("Ana", "Bea", "Carlos"), (), {"preset": "a_medida"}, "elige una de las opciones de la lista"),
        (("Ana", "Bea", "Carlos"), (), {"mode": "liga"}, "elige una de las opciones de la lista"),
        (("Ana", "Bea", "Carlos"), (), {"sizes": "7"}, "Jugadores por mesa: elige una de las opciones de la lista"),
        (("Ana", "Bea", "Carlos"), (), {"name": "x" * 41}, "Como mucho 40 letras"),
        (tuple(f"Jugador {n}" for n in range(61)), (), {}, "Como mucho 60 jugadores en una noche"),
    ],
)
def test_a_night_that_cannot_be_made_is_refused_with_the_reason_and_the_form_kept(
    table: Table, typed: tuple[str, ...], ticked: tuple[str, ...], fields: dict[str, str], message: str
) -> None:
    peña = make_peña(table.client, table.app)
    add_game(table.client, peña, f"/p/{finished_game(table, ('Ana', 'Bea', 'Carlos'))}")
    before = night_rows(table.app)
    page = Page(post_new_night(table.client, peña, typed, ticked, **fields))
    assert page.status == 422 and message in page.errors, page.errors
    assert night_rows(table.app) == before
    for name in ticked:
        assert f'value="{name}" checked' in page.html
    box = re.search(r"<textarea[^>]*>(.*?)</textarea>", page.html, re.S)
    assert box is not None and box.group(1).split() == " ".join(typed).split()
    assert 'data-address="/pena/' in page.html, "Back does not send the form again"


def test_a_refused_night_speaks_the_players_language(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    client = table.app.test_client()
    client.set_cookie("lang", "en")
    page = Page(client.post(f"/pena/{peña.manage}/noche/nueva", data={"new_names": "Ana\nBea", "rounds": "3"}))
    assert page.status == 422 and "A table needs at least 3 players" in page.errors


# --- the draw ---------------------------------------------------------------------------------------


def test_a_round_is_drawn_into_tables_whose_games_count_in_the_peña_and_open_from_the_managers_page(
    table: Table,
) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN)
    response = post_draw(table.client, peña, number, 1)
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/noche/{number}#ronda-1")
    page = night_page(table.client, peña, number)
    assert "Ronda 1 de 3" in page.text and "Ronda 1 sorteada: 3 mesas." in " ".join(page.flashes)
    seats = round_tables(page, 1)
    assert sorted(len(players) for players in seats) == [4, 4, 5]
    assert sorted(name for players in seats for name in players) == sorted(THIRTEEN)
    assert page.html.count('<span class="dealer-mark">') == 3
    tokens = keeper_tokens(page, 1)
    assert len(tokens) == 3
    with table.app.app_context():
        group = groups.find_group(peña.manage)
        assert group is not None
        for token, players in zip(tokens, seats):
            game = store.find_game(token)
            assert game is not None and groups.contains(group, game)
            assert [player.name for player in game.players] == players and game.preset == "rapida"
    for token in tokens:
        assert table.page(token).status == 200
    assert len(re.findall(r'class="button button-secondary table-watch" href="/ver/', page.html)) == 3


def test_the_lookers_page_shows_the_tables_but_no_scorekeepers_link_nor_form(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN)
    post_draw(table.client, peña, number, 1)
    tokens = keeper_tokens(night_page(table.client, peña, number), 1)
    looked = night_page(table.app.test_client(), peña, number, looking=True)
    assert round_tables(looked, 1) == round_tables(night_page(table.client, peña, number), 1)
    assert not any(token in looked.html for token in tokens) and peña.manage not in looked.html
    assert "/p/" not in looked.html and "Sortear" not in looked.text and "Se va" not in looked.text
    forms = re.findall(r'<form[^>]*method="post"[^>]*action="([^"]*)"', looked.html)
    assert forms == ["/idioma"], "the lookers' page changes nothing"
    assert len(re.findall(r'class="button button-secondary table-watch"', looked.html)) == 3


def test_the_nights_pages_lead_to_the_latest_rounds_sheet_and_the_rooms_screen(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:8], rounds="2")
    screen = f"/pena/ver/{peña.look}/noche/{number}/pantalla"
    sheet = f"/pena/{peña.manage}/noche/{number}/mesas"
    page = night_page(table.client, peña, number)
    assert addresses_of(page.html, "Pantalla de la sala") == [screen], "through the lookers' address"
    assert addresses_of(page.html, "Hoja de mesas para imprimir") == [], "no sheet before the first draw"
    post_draw(table.client, peña, number, 1)
    page = night_page(table.client, peña, number)
    assert addresses_of(round_section(page, 1), "Hoja de mesas para imprimir") == [sheet]
    finish_round(table, peña, number, 1)
    post_draw(table.client, peña, number, 2)
    page = night_page(table.client, peña, number)
    assert addresses_of(page.html, "Hoja de mesas para imprimir") == [sheet], "once, with the latest round"
    assert addresses_of(round_section(page, 2), "Hoja de mesas para imprimir") == [sheet]
    assert addresses_of(page.html, "Pantalla de la sala") == [screen]
    looked = night_page(table.app.test_client(), peña, number, looking=True)
    assert addresses_of(looked.html, "Pantalla de la sala") == [screen]
    assert addresses_of(looked.html, "Hoja de mesas para imprimir") == [] and "/mesas" not in looked.html
    for address in (screen, sheet):
        assert table.client.get(address).status_code == 200, address


def test_a_second_tap_on_the_draw_finds_it_drawn_and_changes_nothing(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN)
    assert post_draw(table.client, peña, number, 1).status_code == 303
    before = night_rows(table.app)
    other = table.app.test_client()  # a second phone, or the same one tapping twice
    again = post_draw(other, peña, number, 1)
    assert again.status_code == 303 and again.headers["Location"].endswith("#ronda-1")
    assert night_rows(table.app) == before
    page = Page(other.get(again.headers["Location"]))
    assert "La ronda 1 ya estaba sorteada." in page.flashes


@pytest.mark.parametrize("asked", ["2", "3", "0", "", "x", "99999999"])
def test_a_round_that_is_not_next_or_whose_round_before_is_not_over_is_refused(table: Table, asked: str) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN)
    post_draw(table.client, peña, number, 1)
    before = night_rows(table.app)
    page = Page(table.client.post(f"/pena/{peña.manage}/noche/{number}/sorteo", data={"round": asked}))
    assert page.status == 422 and page.errors
    if asked == "2":
        assert "La ronda 1 no ha terminado: cada mesa acaba su partida antes" in page.errors
    assert night_rows(table.app) == before


def test_the_next_round_is_drawn_once_every_table_is_over_and_none_after_the_last(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:8], rounds="2")
    post_draw(table.client, peña, number, 1)
    page = night_page(table.client, peña, number)
    assert "La ronda 1 no ha terminado" in page.text and "Sortear la ronda 2" not in page.text
    first = finish_round(table, peña, number, 1)
    page = night_page(table.client, peña, number)
    assert "Sortear la ronda 2" in page.text and "8 jugadores: mesas de 4 y 4." in page.text
    assert post_draw(table.client, peña, number, 2).status_code == 303
    page = night_page(table.client, peña, number)
    assert "Ronda 2 de 2" in page.text
    assert page.html.index('id="ronda-2"') < page.html.index('id="ronda-1"'), "the latest round first"
    assert not set(keeper_tokens(page, 2)) & set(first)
    finish_round(table, peña, number, 2)
    page = night_page(table.client, peña, number)
    assert "Noche terminada" in page.text and "Sortear" not in page.text
    before = night_rows(table.app)
    refused = Page(post_draw(table.client, peña, number, 3))
    assert refused.status == 422 and "Ya se han sorteado todas las rondas de la noche" in refused.errors
    assert night_rows(table.app) == before


def test_the_pairs_that_meet_again_are_said(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, ("Ana", "Bea", "Carlos", "Dani"), rounds="2")
    post_draw(table.client, peña, number, 1)
    assert "vuelve" not in night_page(table.client, peña, number).text
    finish_round(table, peña, number, 1)
    post_draw(table.client, peña, number, 2)
    assert "6 parejas vuelven a coincidir en una mesa" in night_page(table.client, peña, number).text


# --- arrivals and leavers -----------------------------------------------------------------------------


def test_a_late_arrival_plays_the_next_round_and_one_who_left_does_not(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:8])
    post_draw(table.client, peña, number, 1)
    arrived = table.client.post(f"/pena/{peña.manage}/noche/{number}/llega", data={"name": "  Zoe "})
    assert arrived.status_code == 303 and arrived.headers["Location"].endswith("#quien-juega")
    left = table.client.post(f"/pena/{peña.manage}/noche/{number}/se-va", data={"name": "ana"})
    assert left.status_code == 303
    page = Page(table.client.get(left.headers["Location"]))
    assert "«Ana» se va: no juega la ronda 2." in page.flashes
    present = re.findall(r'<input type="hidden" name="name" value="([^"]+)">', page.html)
    assert present == [*THIRTEEN[1:8], "Zoe"]
    assert "8 jugadores: mesas de 4 y 4." in page.text
    assert stored_night(table.app, peña, number)["players"][0] == ("Ana", 1, 2)
    finish_round(table, peña, number, 1)
    post_draw(table.client, peña, number, 2)
    second = [name for players in round_tables(night_page(table.client, peña, number), 2) for name in players]
    assert "Zoe" in second and "Ana" not in second and len(second) == 8
    page = night_page(table.client, peña, number)
    ana = re.search(
        r'<li class="night-player">(?:(?!</li>\s*<li class="night-player).)*?Ana.*?</details>', page.html, re.S
    )
    assert ana and "Ronda 1, mesa" in ana.group(0) and "Ronda 2" not in ana.group(0), "her round played still counts"


def test_someone_who_never_played_and_leaves_is_no_longer_at_the_night_and_can_come_back(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:5])
    assert table.client.post(f"/pena/{peña.manage}/noche/{number}/se-va", data={"name": "Eva"}).status_code == 303
    assert [p[0] for p in stored_night(table.app, peña, number)["players"]] == list(THIRTEEN[:4])
    refused = Page(table.client.post(f"/pena/{peña.manage}/noche/{number}/se-va", data={"name": "Eva"}))
    assert refused.status == 422 and "«Eva» no está en la noche" in refused.errors
    assert table.client.post(f"/pena/{peña.manage}/noche/{number}/llega", data={"name": "Eva"}).status_code == 303
    assert [p[0] for p in stored_night(table.app, peña, number)["players"]] == list(THIRTEEN[:5])


def test_leaving_twice_changes_nothing_and_coming_back_is_arriving(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:6])
    post_draw(table.client, peña, number, 1)
    table.client.post(f"/pena/{peña.manage}/noche/{number}/se-va", data={"name": "Bea"})
    before = night_rows(table.app)
    again = table.client.post(f"/pena/{peña.manage}/noche/{number}/se-va", data={"name": "Bea"})
    assert again.status_code == 303 and night_rows(table.app) == before
    assert "«Bea» ya no estaba en la noche." in Page(table.client.get(again.headers["Location"])).flashes
    back = table.client.post(f"/pena/{peña.manage}/noche/{number}/llega", data={"name": "BEA"})
    assert back.status_code == 303
    assert stored_night(table.app, peña, number)["players"][1] == ("Bea", 1, None)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("carlos", "«Carlos» ya está en la noche"),
        ("", "Escribe el nombre de quien llega"),
        ("Maximiliano Fernández", "es muy largo: como mucho 20 letras"),
    ],
)
def test_an_arrival_already_there_or_without_a_good_name_is_refused(table: Table, name: str, message: str) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:6])
    before = night_rows(table.app)
    page = Page(table.client.post(f"/pena/{peña.manage}/noche/{number}/llega", data={"name": name}))
    assert page.status == 422 and message in page.errors
    assert night_rows(table.app) == before
    assert f'value="{name}"' in page.html if name else True


def test_nobody_arrives_or_leaves_once_the_last_round_is_drawn(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:6], rounds="1")
    post_draw(table.client, peña, number, 1)
    page = night_page(table.client, peña, number)
    assert "Llega alguien" not in page.text and "Se va" not in page.text
    before = night_rows(table.app)
    for action, name in (("llega", "Zoe"), ("se-va", "Ana")):
        refused = Page(table.client.post(f"/pena/{peña.manage}/noche/{number}/{action}", data={"name": name}))
        assert refused.status == 422 and "Ya se han sorteado todas las rondas de la noche" in refused.errors
    assert night_rows(table.app) == before


def test_the_newcomers_offered_are_the_peñas_players_not_at_the_night(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    add_game(table.client, peña, f"/p/{finished_game(table, ('Ana', 'Zoe', 'Yago'))}")
    number = make_night_with_form(table.client, peña, THIRTEEN[:4])
    offered = re.findall(r'<option value="([^"]+)">', night_page(table.client, peña, number).part("quien-juega"))
    assert offered == ["Yago", "Zoe"]


# --- the standings ------------------------------------------------------------------------------------


def test_the_standings_come_with_the_first_finished_table_in_the_pages_language(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:9])
    post_draw(table.client, peña, number, 1)
    assert "La clasificación sale cuando termine la primera mesa." in night_page(table.client, peña, number).text
    tokens = keeper_tokens(night_page(table.client, peña, number), 1)
    play(table.app, tokens[0])
    page = night_page(table.client, peña, number, looking=True)
    first_table = round_tables(page, 1)[0]
    names = re.findall(r'<li class="night-player">.*?<span class="name">(.*?)</span>', page.html, re.S)
    assert sorted(names) == sorted(first_table), "only the finished table counts"
    assert "Terminada: gana" in page.text and "Mano 1 de 10" in page.text
    scores = re.findall(r'<span class="score"><span class="visually-hidden">[^<]*</span>(.*?)</span>', page.html)
    assert scores[0] == "1,00" and scores[-1] == "0,00"
    relative = re.findall(r'<span class="relative"><span class="visually-hidden">[^<]*</span>(.*?)</span>', page.html)
    assert relative[0].startswith("+") and re.fullmatch(r"[+-]\d+,\d", relative[0])
    assert "puesto 1 de 5" in page.text
    english = table.app.test_client()
    english.set_cookie("lang", "en")
    page = night_page(english, peña, number, looking=True)
    assert (
        re.findall(r'<span class="score"><span class="visually-hidden">[^<]*</span>(.*?)</span>', page.html)[0]
        == "1.00"
    )


def test_a_correction_in_a_tables_game_changes_the_standings(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:3], rounds="1")
    post_draw(table.client, peña, number, 1)
    (token,) = keeper_tokens(night_page(table.client, peña, number), 1)
    play(table.app, token)
    before = re.findall(
        r'<span class="relative"><span class="visually-hidden">[^<]*</span>(.*?)</span>',
        night_page(table.client, peña, number).html,
    )
    form = table.correction_form(token, 1)
    tricks = [int(form[f"tricks-{seat}"]) for seat in range(3)]
    winner = tricks.index(max(tricks))
    other = (winner + 1) % 3  # a trick of hand 1 taken by the next player instead
    moved = {f"tricks-{winner}": tricks[winner] - 1, f"tricks-{other}": tricks[other] + 1}
    response = table.correct(token, 1, moved)
    assert response.status_code == 303, table.read(response).errors
    after = re.findall(
        r'<span class="relative"><span class="visually-hidden">[^<]*</span>(.*?)</span>',
        night_page(table.client, peña, number).html,
    )
    assert after != before


# --- the peña's page and the capabilities ---------------------------------------------------------------


def test_the_peñas_page_lists_its_nights_for_the_manager_and_the_lookers(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    managed = Page(table.client.get(f"/pena/{peña.manage}"))
    assert f'href="/pena/{peña.manage}/noche/nueva"' in managed.html
    assert 'id="noches"' not in Page(table.client.get(f"/pena/ver/{peña.look}")).html, "no nights: nothing to look at"
    first = make_night_with_form(table.client, peña, THIRTEEN[:4], name="Primera", rounds="1")
    second = make_night_with_form(table.client, peña, THIRTEEN[:4], name="Segunda", rounds="2")
    post_draw(table.client, peña, first, 1)
    finish_round(table, peña, first, 1)
    managed = Page(table.client.get(f"/pena/{peña.manage}"))
    assert managed.items("noches")[:2] == [
        f"Segunda Sin sortear {managed.items('noches')[0].split()[-1]}",
        f"Primera Noche terminada {managed.items('noches')[1].split()[-1]}",
    ]
    assert f'href="/pena/{peña.manage}/noche/{second}"' in managed.html
    looked = Page(table.client.get(f"/pena/ver/{peña.look}"))
    assert f'href="/pena/ver/{peña.look}/noche/{first}"' in looked.html and "/noche/nueva" not in looked.html
    assert peña.manage not in looked.html


def test_no_write_takes_the_lookers_address_and_nothing_changes(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:6])
    before = night_rows(table.app)
    writes = {
        f"/pena/{peña.look}/noche/nueva": {"new_names": "Ana\nBea\nCarlos"},
        f"/pena/ver/{peña.look}/noche/nueva": {"new_names": "Ana\nBea\nCarlos"},
        f"/pena/{peña.look}/noche/{number}/sorteo": {"round": "1"},
        f"/pena/ver/{peña.look}/noche/{number}/sorteo": {"round": "1"},
        f"/pena/{peña.look}/noche/{number}/llega": {"name": "Zoe"},
        f"/pena/ver/{peña.look}/noche/{number}/llega": {"name": "Zoe"},
        f"/pena/{peña.look}/noche/{number}/se-va": {"name": "Ana"},
        f"/pena/ver/{peña.look}/noche/{number}/se-va": {"name": "Ana"},
    }
    for address, data in writes.items():
        status = table.client.post(address, data=data).status_code
        assert status in (404, 405), (address, status)
    assert night_rows(table.app) == before
    assert table.client.get(f"/pena/{peña.look}/noche/{number}").status_code == 404
    assert table.client.get(f"/pena/{peña.look}/noche/nueva").status_code == 404
    assert table.client.get(f"/pena/ver/{peña.manage}/noche/{number}").status_code == 404


def test_a_tables_scorekeeper_token_opens_neither_the_peña_nor_the_night(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:6])
    post_draw(table.client, peña, number, 1)
    token = keeper_tokens(night_page(table.client, peña, number), 1)[0]
    before = night_rows(table.app)
    for address in (f"/pena/{token}", f"/pena/ver/{token}", f"/pena/{token}/noche/{number}"):
        assert table.client.get(address).status_code == 404
    assert table.client.post(f"/pena/{token}/noche/{number}/sorteo", data={"round": "2"}).status_code == 404
    assert night_rows(table.app) == before


def test_an_unknown_night_is_the_apps_404_page(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    other = make_peña(table.app.test_client(), table.app, "Otra")
    make_night_with_form(table.client, peña, THIRTEEN[:4])
    for address in (
        f"/pena/{peña.manage}/noche/2",
        f"/pena/ver/{peña.look}/noche/0",
        f"/pena/{other.manage}/noche/1",
        f"/pena/ver/{other.look}/noche/1",
    ):
        page = Page(table.client.get(address))
        assert page.status == 404 and "Pocha" in page.html
    assert table.client.post(f"/pena/{other.manage}/noche/1/sorteo", data={"round": "1"}).status_code == 404


def test_a_deleted_tables_game_is_said_and_counts_nothing(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    number = make_night_with_form(table.client, peña, THIRTEEN[:8], rounds="2")
    post_draw(table.client, peña, number, 1)
    first, second = keeper_tokens(night_page(table.client, peña, number), 1)
    play(table.app, first)
    assert table.client.post(f"/p/{second}/borrar").status_code == 303
    page = night_page(table.client, peña, number)
    assert "Partida borrada: no cuenta" in page.text and "Sortear la ronda 2" in page.text
    assert len(re.findall(r'<li class="night-player">', page.html)) == 4
