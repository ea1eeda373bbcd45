"""Following a game cheaply: the watchers' page's ETag, and a bodiless 304 while nothing changed."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from flask import Flask, template_rendered
from sqlalchemy import event

from scorekeeper import store
from scorekeeper.extensions import db

if TYPE_CHECKING:
    from werkzeug.test import TestResponse

    from conftest import Table

THREE = ["Ana", "Bea", "Carlos"]


def poll(table: Table, watch: str, etag: str | None, **headers: str) -> TestResponse:
    """Ask for the watchers' page as its script does: with the ETag of the page shown."""
    if etag is not None:
        headers["If-None-Match"] = etag
    return table.client.get(f"/ver/{watch}", headers=headers)


def fresh(table: Table, watch: str, etag: str) -> str:
    """Poll once after a change: the page comes whole with a new ETag, which is returned."""
    response = poll(table, watch, etag)
    assert response.status_code == 200, "a change was not noticed"
    assert response.headers["ETag"] != etag
    return response.headers["ETag"]


def still(table: Table, watch: str, etag: str) -> None:
    """Poll once while nothing changed: 304, no body."""
    response = poll(table, watch, etag)
    assert response.status_code == 304
    assert response.data == b""


def test_the_watch_page_carries_an_etag_and_a_304_has_no_body(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    first = poll(table, watch, None)
    etag = first.headers["ETag"]
    assert first.status_code == 200 and re.fullmatch(r'"[^"]+"', etag)
    assert "no-cache" in first.headers["Cache-Control"]
    marker = re.search(r'data-etag="([^"]*)"', first.get_data(as_text=True))
    assert marker and html.unescape(marker.group(1)) == etag, "the page's script would send another ETag"

    again = poll(table, watch, etag)
    assert again.status_code == 304
    assert again.data == b"" and again.headers.get("Content-Length") in (None, "0")
    assert again.headers["ETag"] == etag
    assert "no-cache" in again.headers["Cache-Control"]
    assert poll(table, watch, f"W/{etag}").status_code == 304, "a weak ETag (from a proxy) matches"
    assert poll(table, watch, f'"other", {etag}').status_code == 304
    assert poll(table, watch, '"other"').status_code == 200


def test_every_tap_changes_the_etag(table: Table) -> None:
    token = table.start(THREE, dealer=0)  # Bea, Carlos, Ana bid
    watch = table.watch_token(token)
    etag = poll(table, watch, None).headers["ETag"]
    steps: list[tuple[str, int | None, Any]] = [
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
    for step, seat, value in steps:
        still(table, watch, etag)
        version = table.snap(token).version
        response = table.client.post(
            f"/p/{token}/{step}",
            data={
                k: str(v)
                for k, v in (("hand", 1), ("seat", seat), ("value", value), ("version", version))
                if v is not None
            },
        )
        assert response.status_code == 303, step
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


def test_a_304_takes_one_query_and_renders_nothing(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    etag = poll(table, watch, None).headers["ETag"]
    with counting(table.app) as seen:
        assert poll(table, watch, etag).status_code == 304
    assert len(seen["sql"]) == 1, seen["sql"]
    assert re.search(r"SELECT game\.version\s+FROM game\s+WHERE game\.watch_token = \?", seen["sql"][0])
    assert seen["templates"] == []
    with counting(table.app) as seen:
        assert poll(table, watch, '"old"').status_code == 200
    assert seen["templates"] and seen["templates"][0] == "share/watch.html"


def test_the_watch_token_is_indexed(table: Table) -> None:
    with table.app.app_context():
        plan = db.session.execute(db.text("EXPLAIN QUERY PLAN SELECT version FROM game WHERE watch_token = 'x'")).all()
    assert any("USING INDEX" in str(row) or "USING COVERING INDEX" in str(row) for row in plan), plan


def test_a_game_that_is_gone_answers_404_to_its_watchers(table: Table) -> None:
    token = table.start(THREE)
    watch = table.watch_token(token)
    etag = poll(table, watch, None).headers["ETag"]
    with table.app.app_context():
        db.session.delete(store.find_game(token))
        db.session.commit()
    assert poll(table, watch, etag).status_code == 404
