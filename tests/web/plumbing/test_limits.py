"""Rate limits (scorekeeper/plumbing/rate_limits.py): starting and importing games, and wrong game addresses, counted per client address."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import create_app
from scorekeeper.config import DefaultConfig
from scorekeeper.plumbing import rate_limits
from support.game_files import game_json, upload
from support.table import NAMES4, Page, Table, games_in, new_game_form

AppFactory = Callable[..., Flask]
TITLES = {"es": "Demasiadas peticiones", "en": "Too many requests"}
LANGUAGES = sorted(TITLES)
ELSEWHERE = {"REMOTE_ADDR": "198.51.100.7"}  # another client address than the test client's 127.0.0.1


def limited_app(app_factory: AppFactory, **settings: Any) -> Flask:
    """An app with the limits on (CSRF off, to post forms plainly), with ``settings`` over the defaults."""
    return app_factory(WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=True, **settings)


def phone(app: Flask, lang: str = "es", **environ: str) -> FlaskClient:
    """A new phone (its own session) that reads ``lang``, from the test client's address or ``environ``'s."""
    client = app.test_client()
    client.set_cookie("lang", lang)
    if environ:
        client.environ_base.update(environ)
    return client


def assert_refused(response: TestResponse, lang: str) -> None:
    """A 429 with Pocha's page in ``lang`` and a Retry-After within the hour the tests' limits count."""
    page = Page(response)
    assert page.status == 429, (page.status, page.text[:300])
    assert f'<html lang="{lang}">' in page.html
    assert TITLES[lang] in page.text
    assert 0 < int(response.headers["Retry-After"]) <= 3600, response.headers.get("Retry-After")


# --- starting games --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_starting_games_past_the_limit_is_refused_in_the_page_language_and_creates_nothing(
    app_factory: AppFactory, lang: str
) -> None:
    app = limited_app(app_factory, LIMIT_NEW_GAMES="3 per hour")
    table = Table(app, phone(app, lang))
    tokens = [table.start() for _ in range(3)]
    assert len(set(tokens)) == 3

    assert_refused(table.new_game(), lang)
    assert table.games() == 3
    for token in tokens:  # the games already started go on
        table.ok(token, "pinta", 1, value="O")


def test_only_starting_counts_not_the_page_its_preview_or_moving_a_name(app_factory: AppFactory) -> None:
    app = limited_app(app_factory, LIMIT_NEW_GAMES="2 per hour")
    table = Table(app, phone(app))
    for _ in range(5):
        assert table.client.get("/partidas/nueva").status_code == 200
        assert table.new_game(action="preview").status_code == 303  # to the page, its values in the address
        assert table.new_game(action="down-0").status_code == 303
        assert table.new_game(action="add").status_code == 303
    table.start()
    table.start()
    assert table.new_game().status_code == 429
    assert table.games() == 2


def test_a_start_the_form_refuses_still_counts(app_factory: AppFactory) -> None:
    app = limited_app(app_factory, LIMIT_NEW_GAMES="2 per hour")
    table = Table(app, phone(app))
    assert table.new_game(names=["Ana"]).status_code == 422  # one player: the page says why
    table.start()
    assert table.new_game().status_code == 429
    assert table.games() == 1


def test_the_count_is_per_client_address(app_factory: AppFactory) -> None:
    app = limited_app(app_factory, LIMIT_NEW_GAMES="1 per hour")
    Table(app, phone(app)).start()
    assert Table(app, phone(app)).new_game().status_code == 429  # another phone, the same address
    Table(app, phone(app, **ELSEWHERE)).start()
    assert games_in(app) == 2


def test_a_refusal_asked_as_json_is_json_with_retry_after(app_factory: AppFactory) -> None:
    app = limited_app(app_factory, LIMIT_NEW_GAMES="1 per hour")
    client = phone(app, "en")
    Table(app, client).start()
    response = client.post("/partidas/nueva", data=new_game_form(NAMES4), headers={"Accept": "application/json"})
    body = response.get_json()
    assert response.status_code == 429 and set(body) == {"error"} and "Wait a moment" in body["error"]
    assert int(response.headers["Retry-After"]) > 0
    assert games_in(app) == 1


# --- importing games -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_importing_past_the_limit_is_refused_and_creates_nothing(app_factory: AppFactory, lang: str) -> None:
    app = limited_app(app_factory, LIMIT_IMPORTS="2 per hour")
    client = phone(app, lang)
    token = Table(app, client).start()
    saved = game_json(client, token)
    for _ in range(2):
        assert upload(client, saved).status_code == 303
    assert games_in(app) == 3

    assert_refused(upload(client, saved), lang)
    assert games_in(app) == 3
    assert client.get("/partidas/importar").status_code == 200  # the page itself is never limited


# --- wrong addresses -------------------------------------------------------------------------


def misses(client: FlaskClient, count: int, start: int = 0) -> list[int]:
    """Ask ``count`` addresses of games that do not exist (pages, watchers' pages, files) and return the statuses."""
    shapes = ("/p/nope{}", "/ver/nope{}", "/p/nope{}/hoja.csv", "/ver/nope{}/partida.json", "/p/nope{}/imprimir")
    return [client.get(shapes[i % len(shapes)].format(i)).status_code for i in range(start, start + count)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wrong_addresses_past_the_limit_are_refused_even_a_real_one_the_phone_never_opened(
    app_factory: AppFactory, lang: str
) -> None:
    app = limited_app(app_factory, LIMIT_WRONG_TOKENS="3 per hour")
    table = Table(app, phone(app))
    token = table.start()
    watch = table.watch_token(token)
    guesser = phone(app, lang)
    before = table.snap(token).facts

    assert misses(guesser, 3) == [404, 404, 404]
    assert_refused(guesser.get("/p/nope-again"), lang)
    assert_refused(guesser.get(f"/ver/{watch}"), lang)  # a real game: refused before it is looked up
    assert_refused(guesser.post(f"/p/{token}/pinta", data={"hand": "1", "value": "O"}), lang)
    assert table.snap(token).facts == before


def test_a_table_that_opened_its_game_plays_on_while_its_address_is_over_the_limit(app_factory: AppFactory) -> None:
    app = limited_app(app_factory, LIMIT_WRONG_TOKENS="3 per hour")
    table = Table(app, phone(app))
    token = table.start()
    watcher = phone(app)
    watch = table.watch_token(token)
    assert watcher.get(f"/ver/{watch}").status_code == 200

    assert misses(phone(app), 4) == [404, 404, 404, 429]  # someone at the same address guesses
    assert table.page(token).status == 200
    table.play_hand(token, "O", [0, 1, 1, 0], [0, 1, 0, 0])
    assert table.client.get(f"/p/{token}/hoja.csv").status_code == 200
    assert watcher.get(f"/ver/{watch}").status_code == 200
    assert phone(app, **ELSEWHERE).get(f"/ver/{watch}").status_code == 200  # a new phone elsewhere opens the link


def test_a_phone_asking_for_a_game_it_opened_is_never_counted(app_factory: AppFactory) -> None:
    app = limited_app(app_factory, LIMIT_WRONG_TOKENS="3 per hour")
    keeper, other = phone(app), phone(app)
    token = Table(app, keeper).start()
    assert other.get(f"/p/{token}").status_code == 200
    assert keeper.post(f"/p/{token}/nuevo-enlace").status_code == 303  # the old address stops working

    assert [other.get(f"/p/{token}").status_code for _ in range(6)] == [404] * 6
    assert misses(phone(app), 4) == [404, 404, 404, 429]  # the old link's misses were not counted


def test_a_found_game_is_not_a_miss(app_factory: AppFactory) -> None:
    app = limited_app(app_factory, LIMIT_WRONG_TOKENS="2 per hour")
    token = Table(app, phone(app)).start()
    watch = Table(app, phone(app)).watch_token(token)
    for _ in range(5):
        assert phone(app).get(f"/ver/{watch}").status_code == 200
        assert phone(app).get(f"/p/{token}/partida.json").status_code == 200
    assert misses(phone(app), 3) == [404, 404, 429]


# --- settings --------------------------------------------------------------------------------


def test_with_the_limits_off_nothing_is_refused(app_factory: AppFactory) -> None:
    app = app_factory(
        WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=False, LIMIT_NEW_GAMES="1 per hour", LIMIT_WRONG_TOKENS="1 per hour"
    )
    table = Table(app, phone(app))
    for _ in range(3):
        table.start()
    assert set(misses(phone(app), 5)) == {404}
    assert rate_limits.EXTENSION not in app.extensions


def test_the_environment_sets_the_limits_and_a_test_config_ignores_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LIMIT_NEW_GAMES", "7 per hour")
    monkeypatch.setenv("LIMIT_WRONG_TOKENS", "8 per hour")
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "memory://")
    monkeypatch.setenv("RATELIMIT_ENABLED", "off")
    app = create_app(instance_path=tmp_path / "instance")  # no test config: the environment is read
    assert (app.config["LIMIT_NEW_GAMES"], app.config["LIMIT_WRONG_TOKENS"]) == ("7 per hour", "8 per hour")
    assert app.config["LIMIT_IMPORTS"] == DefaultConfig.LIMIT_IMPORTS
    assert app.config["RATELIMIT_ENABLED"] is False and rate_limits.EXTENSION not in app.extensions

    monkeypatch.setenv("RATELIMIT_ENABLED", "true")
    assert rate_limits.EXTENSION in create_app(instance_path=tmp_path / "instance").extensions
    tested = create_app({"TESTING": True, "SECRET_KEY": "k"}, instance_path=tmp_path / "other")
    assert tested.config["LIMIT_NEW_GAMES"] == DefaultConfig.LIMIT_NEW_GAMES


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("203.0.113.5", "203.0.113.5"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:1:2:3", "2001:db8:1:2::/64"),  # the same phone, another address of its /64
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
        ("::ffff:203.0.113.5", "203.0.113.5"),
        ("not an address", "not an address"),
    ],
)
def test_a_client_is_counted_by_its_address_and_an_ipv6_one_by_its_64(app: Flask, address: str, key: str) -> None:
    with app.test_request_context("/", environ_base={"REMOTE_ADDR": address}):
        assert rate_limits.client_key() == key


# --- the defaults ----------------------------------------------------------------------------


def test_a_bar_with_20_tables_behind_one_address_never_meets_the_default_limits(app_factory: AppFactory) -> None:
    """One evening's rush, all from one public address and within a minute: 20 tables start their games, each
    starts again (a name mistyped), each imports a game it brought, 100 phones open the links and a few are
    mistyped. The default limits refuse none of it."""
    app = app_factory(WTF_CSRF_ENABLED=False)
    assert app.config["RATELIMIT_ENABLED"] is True and rate_limits.EXTENSION in app.extensions
    tables = [Table(app, phone(app)) for _ in range(20)]
    tokens = []
    for table in tables:
        table.start()
        tokens.append(table.start())
    saved = game_json(tables[0].client, tokens[0])
    for table in tables:
        assert upload(table.client, saved).status_code == 303
    for table, token in zip(tables, tokens):
        watch = table.watch_token(token)
        for _ in range(4):
            assert phone(app).get(f"/ver/{watch}").status_code == 200
    assert set(misses(phone(app), 20)) == {404}
    assert games_in(app) == 60
