"""A peña: made with its name, reached by its two addresses, its games added by their addresses, its league shown.

Every test runs on SQLite and on PostgreSQL (the ``table`` fixture).
"""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta

import pytest
from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.storage.models import Group
from support.game_times import NINE, play_times
from support.groups import add_game, finished_game, group_rows, make_peña, stored_group
from support.table import AppFactory, Page, Table


def test_a_peña_is_made_with_its_name_and_only_the_hash_of_its_managers_token_is_kept(table: Table) -> None:
    peña = make_peña(table.client, table.app, "  Los   del domingo ")
    with table.app.app_context():
        group = db.session.execute(db.select(Group).filter_by(look_token=peña.look)).scalar_one()
        assert group.name == "Los del domingo"
        assert group.manage_hash == hashlib.sha256(peña.manage.encode()).hexdigest()
        assert peña.manage not in (group.look_token, group.manage_hash)
    assert len(peña.manage) >= 22 and len(peña.look) >= 22 and peña.manage != peña.look
    page = table.read(table.client.get(f"/pena/{peña.manage}"))
    assert page.status == 200 and "Los del domingo" in page.text
    assert "Peña creada" in " ".join(page.flashes)


@pytest.mark.parametrize(("name", "message"), [("", "Ponle un nombre"), ("x" * 41, "Como mucho 40 letras")])
def test_a_peña_without_a_good_name_is_not_made(table: Table, name: str, message: str) -> None:
    before = group_rows(table.app)
    page = table.read(table.client.post("/pena/nueva", data={"name": name}))
    assert page.status == 422 and message in page.errors
    assert group_rows(table.app) == before


def test_the_lookers_page_shows_the_league_and_no_form_nor_the_managers_address(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    assert add_game(table.client, peña, f"/p/{finished_game(table)}").status_code == 303
    looked = table.read(table.app.test_client().get(f"/pena/ver/{peña.look}"))
    assert looked.status == 200
    assert "Los del domingo" in looked.text and "Bea" in looked.text
    assert peña.manage not in looked.html
    forms = re.findall(r'<form[^>]*method="post"[^>]*action="([^"]*)"', looked.html)
    assert forms == ["/idioma"], "the lookers' page changes nothing"
    managed = table.read(table.client.get(f"/pena/{peña.manage}"))
    assert f"/pena/ver/{peña.look}" in managed.html and f"/pena/{peña.manage}" in managed.html


def test_the_managers_page_is_kept_by_no_cache_and_both_are_kept_out_of_search_engines(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    manager = table.client.get(f"/pena/{peña.manage}")
    looker = table.client.get(f"/pena/ver/{peña.look}")
    assert manager.headers["Cache-Control"] == "no-store"
    assert "no-store" not in looker.headers.get("Cache-Control", "")
    assert manager.headers["X-Robots-Tag"] == looker.headers["X-Robots-Tag"] == "noindex, nofollow"


def test_a_game_is_added_by_either_of_its_addresses_or_its_token_once(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    games = [finished_game(table) for _ in range(3)]
    watch = table.watch_token(games[1])
    for address in (f"http://localhost/p/{games[0]}", f"https://pocha.example/ver/{watch}#hoja", games[2]):
        response = add_game(table.client, peña, address)
        assert response.status_code == 303 and response.headers["Location"].endswith("#partidas")
    again = add_game(table.client, peña, f"/p/{games[0]}")
    assert again.status_code == 303
    assert "ya estaba" in " ".join(table.read(table.client.get(again.headers["Location"])).flashes)
    stored = stored_group(table.app, peña)
    assert len(stored["games"]) == 3 and stored["version"] == 3


@pytest.mark.parametrize(
    "address", ["", "https://pocha.example/p/no-such-game-at-all", "hola", "/pena/ver/abcdefghijk", "http://[::1"]
)
def test_an_address_of_no_game_is_refused_and_nothing_is_saved(table: Table, address: str) -> None:
    peña = make_peña(table.client, table.app)
    before = group_rows(table.app)
    page = table.read(add_game(table.client, peña, address))
    assert page.status == 422 and page.errors
    assert group_rows(table.app) == before


def test_a_game_taken_out_of_the_league_stays_as_it_was(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    game = finished_game(table)
    add_game(table.client, peña, f"/p/{game}")
    facts = table.snap(game).facts
    response = table.client.post(f"/pena/{peña.manage}/quitar", data={"item": table.watch_token(game)})
    assert response.status_code == 303
    assert stored_group(table.app, peña)["games"] == []
    assert table.snap(game).facts == facts
    before = group_rows(table.app)
    refused = table.read(table.client.post(f"/pena/{peña.manage}/quitar", data={"item": table.watch_token(game)}))
    assert refused.status == 422 and "no está en la liga" in refused.errors
    assert group_rows(table.app) == before


def test_from_a_games_page_it_goes_into_a_peña_this_phone_manages_or_one_whose_address_is_pasted(table: Table) -> None:
    first, second = make_peña(table.client, table.app, "Familia"), make_peña(table.app.test_client(), table.app, "Club")
    game = finished_game(table)
    assert f"/p/{game}/pena" in table.page(game).html
    offered = table.read(table.client.get(f"/p/{game}/pena"))
    assert offered.status == 200 and "Familia" in offered.text and "Club" not in offered.text
    response = table.client.post(f"/p/{game}/pena", data={"address": first.manage})
    assert response.status_code == 303 and response.headers["Location"] == f"/pena/{first.manage}#partidas"
    response = table.client.post(f"/p/{game}/pena", data={"address": f"http://localhost/pena/{second.manage}"})
    assert response.status_code == 303
    assert len(stored_group(table.app, first)["games"]) == len(stored_group(table.app, second)["games"]) == 1
    assert "Ya cuenta en: Familia, Club" in table.read(table.client.get(f"/p/{game}/pena")).text


@pytest.mark.parametrize(
    ("address", "message"),
    [("look", "el enlace para mirar la peña"), ("nothing", "no es de ninguna peña"), ("", "Pega el enlace")],
)
def test_a_games_page_refuses_a_lookers_address_or_no_peña_and_saves_nothing(
    table: Table, address: str, message: str
) -> None:
    peña = make_peña(table.client, table.app)
    game = finished_game(table)
    sent = {"look": f"/pena/ver/{peña.look}", "nothing": "/pena/abcdefghijklmnop"}.get(address, address)
    before = group_rows(table.app)
    page = table.read(table.client.post(f"/p/{game}/pena", data={"address": sent}))
    assert page.status == 422 and message in page.errors
    assert group_rows(table.app) == before


def test_a_game_started_from_the_peña_counts_in_its_league_with_its_newest_players_offered(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    add_game(table.client, peña, f"/p/{finished_game(table, ('Eva', 'Fermín', 'Gema'))}")
    managed = table.read(table.client.get(f"/pena/{peña.manage}"))
    link = next(link for link in re.findall(r'href="(/partidas/nueva\?[^"]*)"', managed.html))
    form = table.read(table.client.get(link.replace("&amp;", "&")))
    assert "Partida de la peña «Los del domingo»" in form.text
    assert [form.value(f"names-{i}") for i in range(3)] == ["Eva", "Fermín", "Gema"]
    assert form.value("pena") == peña.manage
    token = table.start(["Eva", "Fermín", "Gema"], pena=peña.manage)
    with table.app.app_context():
        assert len(stored_group(table.app, peña)["games"]) == 2
    assert table.snap(token).names == ("Eva", "Fermín", "Gema")


def test_a_game_is_not_started_for_a_peña_its_address_finds_not(table: Table) -> None:
    games = table.games()
    page = table.read(table.new_game(["Ana", "Bea", "Carlos"], pena="no-such-peña"))
    assert page.status == 422 and "El enlace de la peña no sirve" in page.errors
    assert table.games() == games


def test_the_home_page_lists_this_phones_peñas_managed_and_looked_at(table: Table) -> None:
    mine = make_peña(table.client, table.app, "Familia")
    theirs = make_peña(table.app.test_client(), table.app, "Club")
    table.client.get(f"/pena/ver/{theirs.look}")
    home = table.read(table.client.get("/"))
    assert home.links("game-link")[:2] == [f"/pena/ver/{theirs.look}", f"/pena/{mine.manage}"]
    assert "Familia" in home.text and "Club solo mirar" in home.text


def test_the_league_on_the_page_follows_a_correction(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    game = finished_game(table)  # Bea wins with 25, Carlos 20, Ana −10
    add_game(table.client, peña, f"/p/{game}")

    def first() -> str:
        html = table.client.get(f"/pena/ver/{peña.look}").get_data(as_text=True)
        match = re.search(r'<li class="league-player" id="jugador-1">.*?<span class="name">(.*?)</span>', html, re.S)
        assert match
        return match.group(1)

    assert first() == "Bea"
    # Hand 2 put right: bids 0 1 1, Carlos took the trick: Ana 5, Bea 10, Carlos 25.
    response = table.correct(game, 2, {"bids-1": 1, "bids-2": 1, "tricks-0": 0, "tricks-2": 1})
    assert response.status_code == 303, table.read(response).errors
    assert first() == "Carlos"


def test_every_write_of_a_peña_refuses_its_lookers_address(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    game = finished_game(table)
    add_game(table.client, peña, f"/p/{game}")
    writes = [rule for rule in table.app.url_map.iter_rules() if rule.endpoint.startswith("groups.")]
    posts = [rule.rule for rule in writes if "POST" in (rule.methods or ()) and rule.rule.startswith("/pena/<token>")]
    assert len(posts) >= 2
    before = group_rows(table.app)
    form = {"item": table.watch_token(game), "game-address": f"/p/{game}", "merge-name": "Ana", "merge-into": "Bea"}
    for rule in posts:
        response = table.client.post(rule.replace("<token>", peña.look), data=form)
        assert response.status_code == 404, rule
    assert group_rows(table.app) == before


def test_a_wrong_peña_address_counts_against_the_wrong_tokens_limit_a_known_one_never(
    app_factory: AppFactory,
) -> None:
    app = app_factory(WTF_CSRF_ENABLED=False, LIMIT_WRONG_TOKENS="3 per minute")
    client = app.test_client()
    peña = make_peña(client, app)
    for _ in range(6):
        assert client.get(f"/pena/{peña.manage}").status_code == 200
    other = app.test_client()
    answers = [other.get(f"/pena/ver/nope{i}abcdefgh").status_code for i in range(3)]
    assert answers == [404, 404, 404]
    assert other.get(f"/pena/ver/{peña.look}").status_code == 429, "past the limit the client's addresses are refused"
    assert client.get(f"/pena/{peña.manage}").status_code == 200, "a peña this phone opened is never refused"


def test_the_peñas_addresses_are_kept_from_search_engines(app: Flask) -> None:
    assert "Disallow: /pena/" in app.test_client().get("/robots.txt").get_data(as_text=True)


def test_a_peña_page_of_no_peña_is_a_404_page(table: Table) -> None:
    page = Page(table.client.get("/pena/ver/no-such-peña"))
    assert page.status == 404 and "no existe" in page.text


def test_each_game_says_how_long_it_took_and_the_league_how_long_one_usually_takes(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    lengths = [(20, "20 min"), (90, "1 h 30 min"), (50, "50 min")]
    for day, (minutes, _words) in enumerate(lengths):
        token = finished_game(table)
        play_times(table.app, token, [(1, 9), (10, minutes + 1)], made=NINE + timedelta(days=day))
        assert add_game(table.client, peña, f"/p/{token}").status_code == 303
    playing = table.start(["Ana", "Bea", "Carlos"], dealer=0, preset="a_medida", custom_sizes="1 1")
    table.seed(playing, ("O", [1, 1, 0], [0, 1, 0]))
    assert add_game(table.client, peña, f"/p/{playing}").status_code == 303
    page = table.read(table.client.get(f"/pena/ver/{peña.look}"))
    games = page.list_of("game-list")
    assert "Duración" not in games[0], "a game being played has no length yet"
    said = [re.search(r"Duración: ([\w ]+? min)", game) for game in games[1:]]
    assert [found.group(1) if found else None for found in said] == [words for _minutes, words in reversed(lengths)]
    assert "Una partida suele durar 50 min." in page.text  # the median
