"""Following a game cheaply: ETags from the game's stored version, a bodiless 304 while nothing changed, and
only the part of the watchers' page that changed."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from flask import Flask, template_rendered
from sqlalchemy import event

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.storage import store

if TYPE_CHECKING:
    from werkzeug.test import TestResponse

    from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]


def live(watch: str) -> str:
    """The address of the live part of the watchers' page."""
    return f"/ver/{watch}/en-directo"


def poll(table: Table, watch: str, etag: str | None, sheet: str | None = None, **headers: str) -> TestResponse:
    """Ask for the live part as the page's script does: with the ETag and the sheet's fingerprint it shows."""
    if etag is not None:
        headers["If-None-Match"] = etag
    query = {"hoja": sheet} if sheet is not None else {}
    return table.client.get(live(watch), headers=headers, query_string=query)


def marker(body: str, name: str) -> str:
    """The value of the first ``data-<name>`` attribute in ``body``."""
    found = re.search(rf'data-{name}="([^"]*)"', body)
    assert found, f"no data-{name}"
    return html.unescape(found.group(1))


def fresh(table: Table, watch: str, etag: str) -> str:
    """Poll once after a change: the live part comes with a new ETag, which is returned."""
    response = poll(table, watch, etag)
    assert response.status_code == 200, "a change was not noticed"
    assert response.headers["ETag"] != etag
    return response.headers["ETag"]


def still(table: Table, watch: str, etag: str) -> None:
    """Poll once while nothing changed: 304, no body."""
    response = poll(table, watch, etag)
    assert response.status_code == 304
    assert response.data == b""


def test_the_watch_page_carries_a_weak_etag_of_the_version_and_a_304_has_no_body(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    page = table.client.get(f"/ver/{watch}")
    etag = page.headers["ETag"]
    version = table.snap(token).version
    assert page.status_code == 200 and re.fullmatch(rf'W/"v{version}-es-[0-9a-f]+"', etag), etag
    assert "no-cache" in page.headers["Cache-Control"]
    body = page.get_data(as_text=True)
    assert marker(body, "etag") == etag, "the page's script would send another ETag"
    assert marker(body, "live") == live(watch)

    for address in (f"/ver/{watch}", live(watch)):
        again = table.client.get(address, headers={"If-None-Match": etag})
        assert again.status_code == 304, address
        assert again.data == b"" and again.headers.get("Content-Length") in (None, "0")
        assert again.headers["ETag"] == etag
        assert "no-cache" in again.headers["Cache-Control"]
    bare = etag.removeprefix("W/")
    assert poll(table, watch, bare).status_code == 304, "the strong form matches too"
    assert poll(table, watch, f'"other", {etag}').status_code == 304
    assert poll(table, watch, '"other"').status_code == 200
    assert poll(table, watch, None).status_code == 200


def test_every_tap_changes_the_etag(table: Table) -> None:
    token = table.start(THREE, dealer=0)  # Bea, Carlos, Ana bid
    watch = table.watch_token(token)
    etag = poll(table, watch, None).headers["ETag"]
    taps: list[tuple[str, int | None, Any]] = [
        ("pinta", None, "O"),
        ("apuesta", 1, 1),
        ("apuesta", 2, 0),
        ("renuncio", 2, 1),
        ("deshacer", None, None),  # the renuncio
        ("deshacer", None, None),  # Carlos's bid
        ("apuesta", 2, 1),
        ("apuesta", 0, 1),
        ("bazas", 1, 1),
        ("bazas", 2, 0),
        ("guardar", None, None),
    ]
    for tap, seat, value in taps:
        still(table, watch, etag)
        version = table.snap(token).version
        response = table.client.post(
            f"/p/{token}/{tap}",
            data={
                k: str(v)
                for k, v in (("hand", 1), ("seat", seat), ("value", value), ("version", version))
                if v is not None
            },
        )
        assert response.status_code == 303, tap
        etag = fresh(table, watch, etag)
    still(table, watch, etag)
    assert table.correct(token, 1, {"bids-1": 0, "tricks-1": 0, "tricks-2": 1}).status_code == 303
    etag = fresh(table, watch, etag)
    still(table, watch, etag)


def test_a_refused_tap_keeps_the_etag(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    etag = poll(table, watch, None).headers["ETag"]
    table.refused(token, "pinta", 1, value="Z")
    table.stale(token, "apuesta", 1, 1, 0)  # no trump yet: a message, nothing saved
    still(table, watch, etag)


def test_the_language_changes_the_etag(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    spanish = poll(table, watch, None).headers["ETag"]
    english = poll(table, watch, spanish, **{"Accept-Language": "en"})
    assert english.status_code == 200 and english.headers["ETag"] != spanish
    assert "Accept-Language" in english.headers["Vary"]
    still(table, watch, spanish)


@pytest.fixture
def server_apps(tmp_path: Path, database_url: str) -> Iterator[Callable[..., Flask]]:
    """Build apps on one database (SQLite, then PostgreSQL), as the worker processes of one or more servers."""
    apps: list[Flask] = []

    def build(**overrides: Any) -> Flask:
        settings = {
            "TESTING": True,
            "SECRET_KEY": "test-secret-key",
            "SQLALCHEMY_DATABASE_URI": database_url,
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
            **overrides,
        }
        app = create_app(settings, instance_path=tmp_path / "instance")
        with app.app_context():
            db.create_all()
        apps.append(app)
        return app

    yield build
    for app in apps:
        with app.app_context():
            db.engine.dispose()


def test_every_process_gives_the_same_etag_and_a_new_release_another(
    server_apps: Callable[..., Flask], make_table: type[Table]
) -> None:
    first = make_table(app := server_apps(), app.test_client())
    second = server_apps()  # another worker process on the same database
    token = first.start(THREE)
    watch = first.watch_token(token)
    etag = poll(first, watch, None).headers["ETag"]
    other = make_table(second, second.test_client())
    assert poll(other, watch, etag).status_code == 304, "another process answers the same ETag with a 304"
    assert app.config["POCHA_RELEASE"] == second.config["POCHA_RELEASE"]

    upgraded = server_apps(POCHA_RELEASE="0123456789")
    after = poll(make_table(upgraded, upgraded.test_client()), watch, etag)
    assert after.status_code == 200 and after.headers["ETag"] != etag
    assert marker(after.get_data(as_text=True), "release") == "0123456789", "the page learns it is another release"


def test_the_live_part_is_the_hand_and_the_sheet_without_the_rest_of_the_page(table: Table) -> None:
    token = table.start(THREE, dealer=0)
    watch = table.watch_token(token)
    table.play_hand(token, "O", bids=(1, 1, 1), tricks=(0, 1, 0))  # a hand on the sheet
    table.ok(token, "pinta", 2, value="C")
    page = table.client.get(f"/ver/{watch}").get_data(as_text=True)
    part = poll(table, watch, None).get_data(as_text=True)
    assert part.startswith('<div class="live-part" id="en-vivo"') and part.rstrip().endswith("</div>")
    for inside in ('id="mano"', 'id="hoja"', 'id="clasificacion"', 'id="grafico"'):
        assert inside in part and inside in page, inside
    for outside in ("<html", "<head", "site-header", "site-footer", "watch-link", '<svg class="qr"', "lang="):
        assert outside not in part, outside
    assert "Mis partidas" in page and "Mis partidas" not in part
    assert part in page, "the page draws the same live part"
    assert len(part) < len(page) * 0.8


def test_a_phone_that_shows_the_sheet_is_sent_only_the_hand(table: Table) -> None:
    token = table.start(THREE, dealer=0)  # Bea, Carlos, Ana bid
    watch = table.watch_token(token)
    table.play_hand(token, "O", bids=(1, 1, 1), tricks=(0, 1, 0))
    first = poll(table, watch, None)
    etag, sheet = first.headers["ETag"], marker(first.get_data(as_text=True), "huella")
    assert 'id="hoja"' in first.get_data(as_text=True)

    table.ok(token, "pinta", 2, value="E")  # a tap in the hand: the sheet stays as it is
    only_hand = poll(table, watch, etag, sheet)
    body = only_hand.get_data(as_text=True)
    assert only_hand.status_code == 200 and "Espadas" in body
    assert marker(body, "huella") == sheet and "data-igual" in body
    assert 'id="hoja"' not in body and 'id="grafico"' not in body
    assert len(body) < len(first.get_data(as_text=True)) / 3

    stale_sheet = poll(table, watch, etag, "0" * 12)  # a phone showing another sheet gets the sheet
    assert 'id="hoja"' in stale_sheet.get_data(as_text=True) and "data-igual" not in stale_sheet.get_data(as_text=True)

    etag = only_hand.headers["ETag"]
    table.ok(token, "apuesta", 2, 2, 0)
    table.ok(token, "apuesta", 2, 0, 0)
    table.ok(token, "apuesta", 2, 1, 0)
    table.ok(token, "bazas", 2, 2, 0)
    table.ok(token, "bazas", 2, 0, 0)
    table.ok(token, "guardar", 2)  # a saved hand changes the sheet: it is sent
    saved = poll(table, watch, etag, sheet).get_data(as_text=True)
    assert 'id="hoja"' in saved and "data-igual" not in saved
    assert marker(saved, "huella") != sheet
    assert len(re.findall(r"<tr>", saved.split("<tbody>", 1)[1].split("</tbody>", 1)[0])) == 2


def test_a_correction_sends_the_sheet_again(table: Table) -> None:
    token = table.start(THREE, dealer=0)
    watch = table.watch_token(token)
    table.play_hand(token, "O", bids=(1, 1, 1), tricks=(0, 1, 0))
    first = poll(table, watch, None)
    sheet = marker(first.get_data(as_text=True), "huella")
    assert table.correct(token, 1, {"tricks-0": 1, "tricks-1": 0}).status_code == 303
    after = poll(table, watch, first.headers["ETag"], sheet).get_data(as_text=True)
    assert 'id="hoja"' in after and 'id="correcciones"' in after and marker(after, "huella") != sheet


def test_polls_leave_the_session_cookie_alone(table: Table, make_table: type[Table]) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    watcher = make_table(table.app, table.app.test_client())
    assert "Set-Cookie" in watcher.client.get(f"/ver/{watch}").headers, "the page puts the game in this phone's list"
    cookie = watcher.client.get_cookie("session")
    assert cookie is not None
    first = poll(watcher, watch, None)
    assert first.status_code == 200 and "Set-Cookie" not in first.headers
    table.ok(token, "pinta", 1, value="B")
    changed = poll(watcher, watch, first.headers["ETag"])
    assert changed.status_code == 200 and "Set-Cookie" not in changed.headers
    unchanged = poll(watcher, watch, changed.headers["ETag"])
    assert unchanged.status_code == 304 and "Set-Cookie" not in unchanged.headers
    kept = watcher.client.get_cookie("session")
    assert kept is not None and kept.value == cookie.value, "the phone's list of games is untouched"
    assert watcher.client.get(live("no-such-game")).status_code == 404  # Pocha's page: the session goes on
    home = watcher.client.get("/").get_data(as_text=True)
    assert f"/ver/{watch}" in home, "the watched game is still in the phone's list"


@contextmanager
def counting(app: Flask) -> Iterator[dict[str, list[Any]]]:
    """Record the SQL statements run and the templates rendered meanwhile."""
    seen: dict[str, list[Any]] = {"sql": [], "templates": []}

    def statement(conn: Any, cursor: Any, sql: str, *args: Any) -> None:
        if sql.split(" ", 1)[0] not in ("BEGIN", "COMMIT", "ROLLBACK"):  # the transaction itself is no query
            seen["sql"].append(sql)

    def rendered(sender: Flask, template: Any, context: Any, **extra: Any) -> None:
        seen["templates"].append(template.name)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", statement)
    template_rendered.connect(rendered, app)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        template_rendered.disconnect(rendered, app)


@pytest.mark.parametrize("part", [False, True], ids=["page", "live part"])
def test_a_304_takes_one_query_and_renders_nothing(table: Table, part: bool) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    address = live(watch) if part else f"/ver/{watch}"
    etag = table.client.get(address).headers["ETag"]
    with counting(table.app) as seen:
        assert table.client.get(address, headers={"If-None-Match": etag}).status_code == 304
    assert len(seen["sql"]) == 1, seen["sql"]
    assert re.search(r"SELECT game\.version\s+FROM game\s+WHERE game\.watch_token = (\?|%\(\w+\)s)", seen["sql"][0])
    assert seen["templates"] == []
    with counting(table.app) as seen:
        assert table.client.get(address, headers={"If-None-Match": '"old"'}).status_code == 200
    assert seen["templates"][-1] == ("watch/_live.html" if part else "watch/game.html")


def test_the_watch_token_is_indexed(table: Table) -> None:
    with table.app.app_context():
        if db.engine.dialect.name == "sqlite":
            plan = db.session.execute(db.text("EXPLAIN QUERY PLAN SELECT version FROM game WHERE watch_token = 'x'"))
        else:  # PostgreSQL scans a table this small whole unless told not to: can it use an index?
            db.session.execute(db.text("SET LOCAL enable_seqscan = off"))
            plan = db.session.execute(db.text("EXPLAIN SELECT version FROM game WHERE watch_token = 'x'"))
        rows = [str(row) for row in plan.all()]
        db.session.rollback()
    assert any(re.search(r"USING (COVERING )?INDEX|Index (Only )?Scan", row) for row in rows), rows


def test_a_game_that_is_gone_answers_404_to_its_watchers(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    etag = poll(table, watch, None).headers["ETag"]
    with table.app.app_context():
        db.session.delete(store.find_game(token))
        db.session.commit()
    assert poll(table, watch, etag).status_code == 404
    assert table.client.get(f"/ver/{watch}", headers={"If-None-Match": etag}).status_code == 404
    assert table.client.get(live("x" * 65)).status_code == 404
