"""The server's parts of the game page for the phone's script (``GET /p/<token>/hoja``): the page's own parts as a
fragment, its ETag, and nothing else touched."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from typing import Final

import pytest
from flask import template_rendered
from flask.testing import FlaskClient
from jinja2 import Template
from sqlalchemy import event
from werkzeug.test import TestResponse

from scorekeeper.extensions import db
from support.table import NAMES4, Page, Table, queued

#: Elements that have no end tag.
VOID: Final = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})
#: The phone's parts of #main: the script draws them itself, so they are never sent.
PHONES_PARTS: Final = ("resumen", "mano", "tap-error")
#: A form token in a form: a new request may sign the same secret at another second.
FORM_TOKEN: Final = re.compile(r'(name="csrf_token" value=")[^"]*"')


def name_of(tag: str, attrs: list[tuple[str, str | None]]) -> str:
    """What a part is called here: its id, else its tag and class (``p.game-actions``)."""
    values = dict(attrs)
    return values.get("id") or f"{tag}.{values.get('class') or ''}"


class Children(HTMLParser):
    """The elements directly inside the element whose id is ``root``, each as the HTML source that draws it."""

    def __init__(self, source: str, root: str) -> None:
        super().__init__(convert_charrefs=False)
        self.source, self.root = source, root
        self.line_starts = [0]
        for line in source.splitlines(keepends=True):
            self.line_starts.append(self.line_starts[-1] + len(line))
        self.depth: int | None = None  # inside the root: how many of its elements are open
        self.closed = False
        self.start = 0
        self.found: list[tuple[str, str]] = []  # (the child's name, its source)
        self.name = ""
        self.feed(source)
        self.close()
        assert self.closed, f"no #{root}, or it is never closed"

    def here(self) -> int:
        """Where in the source the parser stands."""
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Open an element: the root, a child of it, or something deeper."""
        if self.closed:
            return
        if self.depth is None:
            if dict(attrs).get("id") == self.root:
                self.depth = 0
            return
        if self.depth == 0:
            self.start, self.name = self.here(), name_of(tag, attrs)
            if tag in VOID:
                self.found.append((self.name, self.source[self.start : self.source.index(">", self.start) + 1]))
                return
        if tag not in VOID:
            self.depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """A self-closed element (the chart's SVG): a child if it stands right in the root."""
        if not self.closed and self.depth == 0:
            start = self.here()
            self.found.append((name_of(tag, attrs), self.source[start : self.source.index(">", start) + 1]))

    def handle_endtag(self, tag: str) -> None:
        """Close an element: the end of a child, or of the root."""
        if self.closed or self.depth is None or tag in VOID:
            return
        if self.depth == 0:
            self.closed = True
            return
        self.depth -= 1
        if self.depth == 0:
            end = self.source.index(">", self.here()) + 1
            self.found.append((self.name, self.source[self.start : end]))

    def parts(self) -> dict[str, str]:
        """The children by name, each with its form tokens blanked."""
        assert len({name for name, _ in self.found}) == len(self.found), [name for name, _ in self.found]
        return {name: FORM_TOKEN.sub(r'\1"', source) for name, source in self.found}


def the_pages_parts(page_html: str) -> dict[str, str]:
    """What the game page draws in #main after its title, but for the phone's parts: the server's parts, in order."""
    children = Children(page_html, "main").found
    title = next(index for index, (name, _) in enumerate(children) if name.startswith("h1."))
    after = [(name, source) for name, source in children[title + 1 :] if name not in PHONES_PARTS]
    return {name: FORM_TOKEN.sub(r'\1"', source) for name, source in after}


def ask(client: FlaskClient, token: str, etag: str | None = None, **headers: str) -> TestResponse:
    """Ask for the server's parts as the phone's script does, with the ETag of the parts it shows."""
    if etag is not None:
        headers["If-None-Match"] = etag
    return client.get(f"/p/{token}/hoja", headers=headers)


def fragment(client: FlaskClient, token: str, **headers: str) -> str:
    """The fragment (200 expected)."""
    response = ask(client, token, **headers)
    assert response.status_code == 200, response.status_code
    assert response.mimetype == "text/html"
    return response.get_data(as_text=True)


def root_of(body: str) -> dict[str, str]:
    """The attributes of the fragment's root element, which must open it."""
    found = re.match(r'<div id="partes" data-version="(\d+)" data-csrf="([^"]+)">', body)
    assert found, body[:200]
    return {"version": found.group(1), "csrf": html.unescape(found.group(2))}


def a_game(table: Table) -> str:
    """Four players of the short preset: hand 1 saved and corrected, hand 2 with its trump and a bid said."""
    token = table.start(NAMES4, dealer=0, preset="corta")
    table.play_hand(token, "O", [1, 0, 0, 1], [1, 0, 0, 0])
    assert table.correct(token, 1, {"tricks-0": 0, "tricks-1": 1}).status_code == 303
    table.ok(token, "pinta", 2, value="C")
    table.ok(token, "apuesta", 2, 2, 1)
    return token


def a_finished_game(table: Table) -> str:
    """A game of one hand, played."""
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="1")
    table.play_hand(token, "O", [1, 0, 0, 1], [1, 0, 0, 0])
    return token


# --- the fragment is the page's own parts ------------------------------------------------------


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize("game", [a_game, a_finished_game], ids=["being played", "finished"])
def test_the_fragment_holds_exactly_the_pages_server_parts(
    table: Table, game: Callable[[Table], str], language: str
) -> None:
    token = game(table)
    page = table.client.get(f"/p/{token}", headers={"Accept-Language": language}).get_data(as_text=True)
    body = fragment(table.client, token, **{"Accept-Language": language})
    ours, theirs = Children(body, "partes").parts(), the_pages_parts(page)
    assert list(ours) == list(theirs)
    assert ours == theirs
    assert ours["hoja"] == theirs["hoja"] and "<tbody>" in ours["hoja"]
    for part in ("grafico", "compartir", "dejar", "correcciones" if game is a_game else "revancha"):
        assert part in ours, part
    assert not set(PHONES_PARTS) & set(ours), "the phone's parts are the phone's"
    assert "<main" not in body and 'id="game-card"' not in body and "<h1" not in body
    words = Page(table.client.get(f"/p/{token}/hoja", headers={"Accept-Language": language})).text
    assert ("Hoja de puntos" in words) == (language == "es") and ("Mis partidas" in words) == (language == "es")


def test_the_root_carries_the_version_and_a_form_token(table: Table) -> None:
    token = a_game(table)
    root = root_of(fragment(table.client, token))
    assert int(root["version"]) == table.snap(token).version
    assert root["csrf"], "a token to send in X-CSRFToken"
    block = re.search(r'<script type="application/json" id="game-card">(.*?)</script>', table.page(token).html, re.S)
    assert block and json.loads(block.group(1))["parts_url"] == f"/p/{token}/hoja"


def test_the_form_token_of_the_fragment_lets_the_phone_send_its_outbox(
    client: FlaskClient, csrf_token: Callable[..., str]
) -> None:
    form = {f"names-{i}": name for i, name in enumerate(NAMES4)}
    form.update(first_dealer="0", preset="corta", action="start", csrf_token=csrf_token("/partidas/nueva"))
    token = str(client.post("/partidas/nueva", data=form).headers["Location"]).removeprefix("/p/")
    root = root_of(fragment(client, token))
    body = {"version": int(root["version"]), "taps": [queued("trump", 1, value="O", was="")]}
    forged = client.post(f"/p/{token}/anotar", json=body, headers={"X-CSRFToken": "forged"})
    assert forged.status_code == 403, "the app checks form tokens"
    answer = client.post(f"/p/{token}/anotar", json=body, headers={"X-CSRFToken": root["csrf"]})
    assert answer.status_code == 200 and answer.get_json()["results"][0]["status"] == "applied"


def test_a_saved_hand_is_on_the_fragments_sheet(table: Table) -> None:
    token = table.start(NAMES4, dealer=0, preset="corta")
    first = fragment(table.client, token)
    assert "<tbody>" not in first and 'id="grafico"' not in first
    table.play_hand_queued(token, "O", [1, 0, 0, 1], [1, 0, 0, 0])
    after = table.read(ask(table.client, token))
    assert int(root_of(after.html)["version"]) == table.snap(token).version
    assert after.columns == table.page(token).columns and len(after.columns) == 1
    assert after.sheet == table.page(token).sheet and 'id="grafico"' in after.html
    table.play_hand_queued(token, "C", [0, 1, 0, 0], [0, 1, 0, 0])
    assert len(Page(ask(table.client, token)).columns) == 2


# --- asked again: the ETag and the 304 ---------------------------------------------------------


def test_a_304_while_nothing_changed_and_the_fragment_after_a_change(table: Table) -> None:
    token = a_game(table)
    first = ask(table.client, token)
    etag = first.headers["ETag"]
    assert re.fullmatch(rf'W/"v{table.snap(token).version}-[0-9a-f]{{8}}-es-[^"]+"', etag), etag
    assert first.headers["Cache-Control"] == "no-store"
    assert {"Cookie", "Accept-Language"} <= set(first.vary)
    same = ask(table.client, token, etag)
    assert same.status_code == 304 and same.data == b""
    assert same.headers["ETag"] == etag and same.headers["Cache-Control"] == "no-store"
    table.ok(token, "deshacer", 2)  # the bid taken back
    changed = ask(table.client, token, etag)
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert int(root_of(changed.get_data(as_text=True))["version"]) == table.snap(token).version
    assert ask(table.client, token, changed.headers["ETag"]).status_code == 304


def test_the_language_and_archiving_change_the_etag(table: Table) -> None:
    token = a_finished_game(table)
    etag = ask(table.client, token).headers["ETag"]
    english = ask(table.client, token, etag, **{"Accept-Language": "en"})
    assert english.status_code == 200 and "-en-" in english.headers["ETag"]
    assert "Score sheet" in english.get_data(as_text=True)
    assert table.client.post(f"/p/{token}/archivar").status_code == 303  # the version stays: the watchers see no change
    archived = ask(table.client, token, etag)
    assert archived.status_code == 200, "the leaving panel changed"
    assert f'action="/p/{token}/desarchivar"' in archived.get_data(as_text=True)
    assert ask(table.client, token, archived.headers["ETag"]).status_code == 304


def test_a_phone_whose_session_changed_is_sent_a_form_token_that_works(table: Table) -> None:
    token = a_game(table)
    etag = ask(table.client, token).headers["ETag"]
    other = table.app.test_client()  # a phone that lost its cookie: its old tokens no longer work
    fresh = ask(other, token, etag)
    assert fresh.status_code == 200 and fresh.headers["ETag"] != etag
    assert fresh.headers["ETag"].startswith(etag.split("-", 1)[0]), "the same version"
    assert "Set-Cookie" in fresh.headers, "the secret of its new token"
    assert ask(other, token, fresh.headers["ETag"]).status_code == 304


def test_a_304_takes_one_query_and_draws_nothing(table: Table) -> None:
    token = a_game(table)
    etag = ask(table.client, token).headers["ETag"]
    statements: list[str] = []
    drawn: list[str] = []

    def statement(conn: object, cursor: object, sql: str, *args: object) -> None:
        if sql.split(" ", 1)[0] not in ("BEGIN", "COMMIT", "ROLLBACK"):
            statements.append(sql)

    def rendered(sender: object, template: Template, context: object, **extra: object) -> None:
        drawn.append(str(template.name))

    with table.app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", statement)
    template_rendered.connect(rendered, table.app)
    try:
        assert ask(table.client, token, etag).status_code == 304
        assert len(statements) == 1 and "edit_hash" in statements[0], statements
        assert drawn == []
        assert ask(table.client, token, '"old"').status_code == 200
        assert drawn == ["games/_parts.html"]
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        template_rendered.disconnect(rendered, table.app)


# --- what it is not --------------------------------------------------------------------------


def test_an_unknown_a_watchers_or_a_deleted_games_address_is_refused(table: Table) -> None:
    token = a_game(table)
    for address in ("no-such-game", "x" * 200, table.watch_token(token)):
        refused = table.read(ask(table.client, address))
        assert refused.status == 404 and "Esta página no existe" in refused.text, address
        assert 'id="partes"' not in refused.html
    assert table.client.post(f"/p/{token}/borrar").status_code == 303
    assert ask(table.client, token).status_code == 410


def test_it_takes_no_flash_and_sets_none(table: Table) -> None:
    token = table.start(NAMES4, dealer=0, preset="corta")
    assert table.page(token).flashes == ["¡A jugar! Reparte Ana."]
    table.play_hand(token, "O", [1, 0, 0, 1], [1, 0, 0, 0], save=False)
    table.ok(token, "guardar", 1)  # «Mano 1 guardada.» waits for the next page
    etag = ask(table.client, token).headers["ETag"]
    unchanged = ask(table.client, token, etag)
    unknown = ask(table.client, "no-such-game")
    assert (unchanged.status_code, unknown.status_code) == (304, 404)
    assert "Set-Cookie" not in unchanged.headers and "Set-Cookie" not in unknown.headers
    assert table.page(token).flashes == ["Mano 1 guardada."]
    assert "flash" not in fragment(table.client, token)


def test_asking_puts_no_game_in_the_phones_list(table: Table) -> None:
    token = a_game(table)
    stranger = table.app.test_client()
    assert ask(stranger, token).status_code == 200
    assert f"/p/{token}" not in stranger.get("/").get_data(as_text=True)
    assert table.snap(token).version == int(root_of(fragment(stranger, token))["version"])
