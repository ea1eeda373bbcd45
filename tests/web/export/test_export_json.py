"""The whole game as JSON (/<p|ver>/<token>/partida.json): the documented, versioned format, byte-stable, no token."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest

from scorekeeper import PROJECT_DIR
from scorekeeper.export.game_file import VERSION
from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import Correction, Hand, Player
from support.game_files import download, game_document, game_json, watch_token, without_export_date

if TYPE_CHECKING:
    from support.table import Table

GAME_FILE_DOC = PROJECT_DIR / "docs" / "game-file.md"
NAMES = ["Ana", "Begoña", "Carlos"]
TOP_KEYS = [
    "format",
    "version",
    "exported_at",
    "created_at",
    "finished_at",
    "preset",
    "rules",
    "players",
    "first_dealer",
    "hands",
    "corrections",
]
HAND_KEYS = [
    "number",
    "trump",
    "auction",
    "bids",
    "tricks",
    "renuncios",
    "steps",
    "complete",
    "started_at",
    "completed_at",
]
#: What the snapshot of a stored hand holds, in its order.
STORED_KEYS = ["number", "trump", "auction", "bids", "tricks", "renuncios", "complete"]
DATE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def played(table: Table) -> str:
    """Three players, hands of 3, 3 and 1 cards: two saved (one corrected), the third half said."""
    token = table.start(NAMES, dealer=2, preset="a_medida", custom_sizes="3 3 1")
    table.play_hand(token, "O", [1, 1, 0], [1, 2, 0])  # Carlos deals: Ana, Begoña, Carlos bid
    table.play_hand(token, "E", [0, 0, 2], [1, 0, 2])
    assert table.correct(token, 1, {"tricks-0": 0, "tricks-1": 3}).status_code == 303
    table.ok(token, "pinta", 3, value="B")
    table.ok(token, "apuesta", 3, 2, 0)  # Begoña deals hand 3: Carlos is mano
    return token


def test_the_file_holds_the_whole_game_in_the_documented_order(table: Table) -> None:
    token = played(table)
    snap = table.snap(token)
    document = game_document(table.client, token)
    assert list(document) == TOP_KEYS
    assert document["format"] == "pocha-game" and document["version"] == VERSION == 3
    assert document["players"] == NAMES and document["first_dealer"] == 2
    assert document["preset"] == "a_medida"
    assert document["rules"]["custom_sizes"] == [3, 3, 1]
    assert [list(hand) for hand in document["hands"]] == [HAND_KEYS] * 3
    stored = [dict(zip(STORED_KEYS, row)) for row in snap.hands]
    for hand, row in zip(document["hands"], stored):
        for key in STORED_KEYS:
            value = row[key]
            assert hand[key] == (list(value) if isinstance(value, tuple) else value), key
    assert document["hands"][2]["bids"] == [None, None, 0] and document["hands"][2]["complete"] is False
    assert document["hands"][2]["completed_at"] is None
    assert document["hands"][2]["steps"] == [["trump", None, "B"], ["bid", 2, 0]], "the hand being played, as tapped"
    assert document["hands"][0]["steps"] is None, "a saved hand needs no steps"
    assert document["finished_at"] is None
    [correction] = document["corrections"]
    assert correction["hand"] == 1 and list(correction) == ["hand", "made_at", "changes"]
    assert correction["changes"] == [
        {"field": "tricks", "seat": 0, "before": 1, "after": 0},
        {"field": "tricks", "seat": 1, "before": 2, "after": 3},
    ]
    for moment in (
        document["exported_at"],
        document["created_at"],
        correction["made_at"],
        document["hands"][0]["started_at"],
        document["hands"][0]["completed_at"],
        document["hands"][2]["started_at"],  # the hand being played has started
    ):
        assert DATE.match(moment), moment


def test_no_token_no_hash_no_id_and_no_points(table: Table) -> None:
    token = played(table)
    data = game_json(table.client, token)
    watch = watch_token(table.app, token)
    for secret in (token, store.token_hash(token), watch):
        assert secret.encode() not in data
    document = json.loads(data)
    keys = set(document) | {key for hand in document["hands"] for key in hand}
    keys |= {key for correction in document["corrections"] for key in correction}
    assert not {key for key in keys if key == "id" or key.endswith(("_id", "token", "hash"))}
    assert not keys & {"points", "totals", "penalties", "missed"}, "points are the engine's, not the file's"


def test_edit_and_watch_addresses_give_the_same_file(table: Table) -> None:
    token = played(table)
    edit = download(table.client, token, "partida.json")
    watch = download(table.client, watch_token(table.app, token), "partida.json", scope="ver")
    assert without_export_date(edit.data) == without_export_date(watch.data)
    assert edit.headers["Content-Type"] == "application/json; charset=utf-8"
    disposition = edit.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="pocha-') and '-Ana-Begona-Carlos.json"' in disposition
    assert disposition.endswith("-Ana-Bego%C3%B1a-Carlos.json")


def test_two_exports_are_the_same_bytes_but_for_the_export_date(table: Table) -> None:
    token = played(table)
    first, second = game_json(table.client, token), game_json(table.client, token)
    assert without_export_date(first) == without_export_date(second)
    assert len(without_export_date(first)) == len(first.splitlines()) - 1


def test_the_layout_is_stable_and_readable(table: Table) -> None:
    token = played(table)
    data = game_json(table.client, token)
    assert not data.startswith(b"\xef\xbb\xbf") and data.endswith(b"}\n")
    text = data.decode("utf-8")
    assert '"players": ["Ana", "Begoña", "Carlos"],' in text, "UTF-8 as it is, short lists on one line"
    assert '\n    {\n      "number": 1,\n      "trump": "O",\n' in text
    assert '"bids": [1, 1, 0],' in text
    assert '{"field": "tricks", "seat": 0, "before": 1, "after": 0}' in text
    document = json.loads(text)
    assert json.loads(json.dumps(document)) == document


def test_a_hand_not_started_is_left_out_and_a_finished_game_says_when(table: Table) -> None:
    token = table.start(NAMES, dealer=0, preset="a_medida", custom_sizes="1 1")
    assert game_document(table.client, token)["hands"] == []
    table.play_hand(token, "O", [1, 0, 1], [1, 0, 0])
    assert [hand["number"] for hand in game_document(table.client, token)["hands"]] == [1]
    table.play_hand(token, "C", [0, 0, 0], [0, 0, 1])
    document = game_document(table.client, token)
    assert table.snap(token).sheet.finished
    assert DATE.match(document["finished_at"])
    assert [hand["complete"] for hand in document["hands"]] == [True, True]


def test_a_half_hand_left_behind_by_a_correction_is_left_out(table: Table) -> None:
    """A tie-break hand was started, then a correction broke the tie: the game is over and that hand no longer counts."""
    token = table.start(NAMES, dealer=0, preset="a_medida", custom_sizes="1")
    table.play_hand(token, "O", [1, 1, 0], [0, 1, 0])  # Begoña alone in the lead: the game is over
    with table.app.app_context():  # the row of the tie-break hand started before the correction
        game = store.find_game(token)
        assert game is not None
        game.hands.append(Hand(number=2, trump="O", bids=[None] * 3, tricks=[None] * 3, renuncios=[0] * 3))
        db.session.commit()
    assert table.snap(token).plan is None
    assert [hand["number"] for hand in game_document(table.client, token)["hands"]] == [1]


def test_names_with_quotes_and_accents_are_written_as_json(table: Table) -> None:
    token = table.start(['Ana "la Jefa"', "Ñoño", "José\\Mª"], dealer=0)
    document = game_document(table.client, token)
    assert document["players"] == ['Ana "la Jefa"', "Ñoño", "José\\Mª"]


@pytest.mark.parametrize("scope", ["p", "ver"])
def test_an_unknown_address_is_a_404(table: Table, scope: str) -> None:
    assert table.client.get(f"/{scope}/no-such-token/partida.json").status_code == 404


def test_the_readme_documents_every_key() -> None:
    readme = GAME_FILE_DOC.read_text(encoding="utf-8")
    section = readme[readme.index("# The game file (JSON)") :]
    for key in [*TOP_KEYS, *HAND_KEYS, "hand", "made_at", "changes", "field", "seat", "before", "after"]:
        assert f"`{key}`" in section, key
    assert '"format": "pocha-game"' in section


def test_models_hold_nothing_the_file_forgets() -> None:
    """A new column must be exported (or listed here as deliberately left out): keep the format whole."""
    left_out = {"id", "game_id", "edit_hash", "watch_token", "version", "updated_at", "seat", "hand_number"}
    # This server's own marks: its revancha (another game here), put away from a list, left (an imported game is
    # one to play on).
    left_out |= {"rematch_id", "archived_at", "abandoned_at"}
    # The id of the phone's creation that made it here (an imported game is made anew).
    left_out |= {"creation_id"}
    # Its revancha's token sealed for this server's revancha (another game here, as rematch_id).
    left_out |= {"rematch_seal"}
    # How many last hands this server's big screen hides: a choice for the room's screen, not a fact of the game.
    left_out |= {"suspense_hands"}
    from scorekeeper.storage.models import Game

    columns = {c.name for model in (Game, Player, Hand, Correction) for c in model.__table__.columns}
    exported = {
        "name",
        "preset",
        "rules",
        "first_dealer",
        "created_at",
        "finished_at",
        *HAND_KEYS,
        "made_at",
        "changes",
    }
    assert columns - left_out == exported
