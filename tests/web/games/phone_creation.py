"""A phone's creation of a game it made without signal, as its outbox sends it (``POST /p/<token>/crear``), and the
card the engine makes of the same game: what the creation tests send and hold the answers to.

    sent = Creation.of_form(["Ana", "Bea", "Carlos"], dealer=2, preset="corta")
    answer = sent.post(client)          # 201, {"token": ..., "play": ..., "watch": ..., "card": ..., "version": 0}
    sent.post(client).status == 200     # sent again: the same answer
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine import Rules, game_card, hand_plan
from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import Game
from support.table import new_game_form


def phone_token() -> str:
    """A token, or a creation's id, as a phone makes it: 16 random bytes in base64url (22 characters)."""
    return secrets.token_urlsafe(16)


@dataclass
class Answer:
    """What the server answered a creation: its status and JSON body."""

    status: int
    body: dict[str, Any]
    cookie: bool = False

    @property
    def error(self) -> str:
        """A refused creation's reason."""
        return str(self.body["error"])

    @property
    def fields(self) -> dict[str, str]:
        """A refused form's reasons, by field."""
        return dict(self.body["fields"])


@dataclass(frozen=True)
class Creation:
    """One creation a phone made: the game's token (the address), the creation's id and the body's other fields."""

    token: str
    body: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of_form(cls, names: Sequence[str], dealer: int | str = 0, preset: str = "clasica", **options: Any) -> Creation:
        """A new game from the new-game form's fields (``support.table.new_game_form``), with a fresh token and id."""
        return cls(phone_token(), {"creation": phone_token(), "form": new_game_form(names, dealer, preset, **options)})

    @classmethod
    def rematch(cls, old_token: str, dealer: int | None = None) -> Creation:
        """La revancha of the game at ``old_token``, with a fresh token and id (and the first dealer, if chosen)."""
        body: dict[str, Any] = {"creation": phone_token(), "rematch_of": old_token}
        if dealer is not None:
            body["first_dealer"] = dealer
        return cls(phone_token(), body)

    @property
    def id(self) -> str:
        """The creation's id."""
        return str(self.body["creation"])

    def at(self, token: str) -> Creation:
        """The same creation sent to another address."""
        return replace(self, token=token)

    def renamed(self, creation_id: str) -> Creation:
        """The same game with another creation id."""
        return replace(self, body={**self.body, "creation": creation_id})

    def post(self, client: FlaskClient, headers: dict[str, str] | None = None) -> Answer:
        """Send it as a phone's outbox does (JSON); the answer must be JSON."""
        return post_body(client, self.token, json.dumps(self.body).encode(), headers)


def post_body(client: FlaskClient, token: str, body: bytes, headers: dict[str, str] | None = None) -> Answer:
    """POST raw ``body`` to ``/p/<token>/crear`` as JSON; the answer must be JSON."""
    response = client.post(f"/p/{token}/crear", data=body, content_type="application/json", headers=headers or {})
    assert response.mimetype == "application/json", (response.status_code, response.get_data(as_text=True)[:300])
    return Answer(response.status_code, response.get_json(), "Set-Cookie" in response.headers)


def engine_card(rules: Rules, names: Sequence[str], dealer: int) -> dict[str, Any]:
    """The card the engine makes of a game just started: nothing saved, hand 1 with nothing said, version 0."""
    plan = hand_plan(len(names), dealer, rules, 1)
    return game_card(rules, names, dealer, (), plan, (), 0)


def count_games(app: Flask) -> int:
    """How many games are stored."""
    with app.app_context():
        return int(db.session.execute(db.select(db.func.count()).select_from(Game)).scalar_one())


def stored(app: Flask, token: str) -> dict[str, Any]:
    """The game at ``token`` as stored: players, first dealer, preset, rules, creation id, version, its revancha's id."""
    with app.app_context():
        game = store.find_game(token)
        assert game is not None, "no game at that address"
        return {
            "id": game.id,
            "names": [player.name for player in game.players],
            "first_dealer": game.first_dealer,
            "preset": game.preset,
            "rules": game.rules,
            "creation_id": game.creation_id,
            "version": game.version,
            "rematch_id": game.rematch_id,
            "watch_token": game.watch_token,
        }
