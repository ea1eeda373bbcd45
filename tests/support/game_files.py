"""Helpers for the tests of the export blueprint: download a game's files, upload one to import."""

from __future__ import annotations

import io
import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import FileStorage
from werkzeug.test import TestResponse, encode_multipart

from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import Game


def watch_token(app: Flask, token: str) -> str:
    """The watchers' token of the game whose edit token is ``token``."""
    with app.app_context():
        game = store.find_game(token)
        assert game is not None
        return game.watch_token


def download(client: FlaskClient, token: str, name: str, scope: str = "p") -> TestResponse:
    """GET ``/<scope>/<token>/<name>`` (hoja.csv or partida.json), which must work."""
    response = client.get(f"/{scope}/{token}/{name}")
    assert response.status_code == 200, response.status_code
    return response


def game_json(client: FlaskClient, token: str, scope: str = "p") -> bytes:
    """The bytes of the game's JSON file."""
    return download(client, token, "partida.json", scope).data


def game_document(client: FlaskClient, token: str) -> dict[str, Any]:
    """The game's JSON file, read."""
    document: dict[str, Any] = json.loads(game_json(client, token))
    return document


def without_export_date(data: bytes) -> list[bytes]:
    """The file's lines but the one saying when it was exported (the only one two exports may differ in)."""
    return [line for line in data.splitlines() if not line.lstrip().startswith(b'"exported_at"')]


def upload(
    client: FlaskClient, data: bytes | str | dict[str, Any], filename: str = "partida.json", **fields: str
) -> TestResponse:
    """POST a file to the import form (a dict is written as JSON first)."""
    if isinstance(data, dict):
        data = json.dumps(data, ensure_ascii=False)
    if isinstance(data, str):
        data = data.encode("utf-8")
    # Encoded in memory: the test client writes a body over 500 KB to a temporary file it never closes.
    boundary, body = encode_multipart({"file": FileStorage(io.BytesIO(data), filename), **fields})
    return client.post("/partidas/importar", data=body, content_type=f"multipart/form-data; boundary={boundary}")


def imported_token(response: TestResponse) -> str:
    """The edit token of the game an import created (303 to its page)."""
    assert response.status_code == 303, (response.status_code, response.get_data(as_text=True)[-3000:])
    location = response.headers["Location"]
    assert location.startswith("/p/"), location
    return location.removeprefix("/p/")


def game_ids(app: Flask) -> list[int]:
    """The ids of every game stored."""
    with app.app_context():
        return list(db.session.execute(db.select(Game.id).order_by(Game.id)).scalars())
