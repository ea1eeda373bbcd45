"""A phone's outbox (``POST /p/<token>/anotar``): every tap applied as the forms apply it, each id once, another phone's
value never overwritten, a body that is not a list of taps refused whole, and every answer JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask, template_rendered
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import AppliedTap
from support.table import NAMES4, Table, queued

AppFactory = Callable[..., Flask]


@pytest.fixture
def other(game_app: Flask) -> Table:
    """A second phone at the same app, with a session of its own."""
    return Table(game_app, game_app.test_client())


def bids_stage(table: Table) -> str:
    """A 4-player game of 3-card hands (Ana deals, Bea is la mano) with hand 1's trump (oros) said."""
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="3 3")
    table.queue_ok(token, queued("trump", 1, value="O", was=""))
    return token


def tricks_stage(table: Table) -> str:
    """As ``bids_stage``, with the bids said: Bea 1, Carlos 0, Dani 0, Ana 1."""
    token = bids_stage(table)
    table.queue_ok(token, *(queued("bid", 1, seat, bid) for seat, bid in ((1, 1), (2, 0), (3, 0), (0, 1))))
    return token


def applied_ids(table: Table, token: str) -> list[tuple[str, int]]:
    """The ids the game remembers, with the hand of each, in the order they were applied."""
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        rows = db.session.execute(
            sa.select(AppliedTap.tap_id, AppliedTap.hand_number).filter_by(game_id=game.id).order_by(AppliedTap.id)
        )
        return [(tap, hand) for tap, hand in rows]


# --- every action, as the forms apply it -----------------------------------------------------

#: A game of a subastado (10 cards) and two 3-card hands, tap by tap: renuncios, changed tricks and undos included.
GAME: list[tuple[str, int, int | None, Any]] = [
    ("offer", 1, 1, 3),
    ("offer", 1, 2, 5),
    ("offer", 1, 3, 4),
    ("offer", 1, 0, 2),
    ("trump", 1, None, "E"),  # Carlos won the auction with 5
    ("bid", 1, 3, 2),
    ("bid", 1, 0, 1),
    ("bid", 1, 1, 3),
    ("renuncios", 1, 0, 1),
    ("tricks", 1, 2, 5),
    ("tricks", 1, 3, 2),
    ("tricks", 1, 3, 1),
    ("undo", 1, None, None),
    ("tricks", 1, 0, 2),
    ("save", 1, None, None),
    ("trump", 2, None, "C"),
    ("trump", 2, None, "B"),  # changed before any bid
    ("bid", 2, 2, 1),
    ("undo", 2, None, None),
    ("bid", 2, 2, 0),
    ("bid", 2, 3, 1),
    ("bid", 2, 0, 1),
    ("bid", 2, 1, 2),
    ("tricks", 2, 2, 0),
    ("tricks", 2, 3, 1),
    ("tricks", 2, 0, 1),
    ("renuncios", 2, 1, 2),
    ("renuncios", 2, 1, 1),
    ("save", 2, None, None),
    ("trump", 3, None, "O"),
    ("bid", 3, 3, 0),
    ("bid", 3, 0, 0),
    ("bid", 3, 1, 3),
    ("bid", 3, 2, 1),
    ("tricks", 3, 3, 0),
    ("tricks", 3, 0, 0),
    ("tricks", 3, 1, 3),
    ("save", 3, None, None),
]
FORMS = {"trump": "pinta", "offer": "subasta", "bid": "apuesta", "tricks": "bazas", "renuncios": "renuncio"}
FORMS.update(undo="deshacer", save="guardar")


def start_the_game(table: Table) -> str:
    """The game ``GAME`` is played in: Ana deals, hand 1 a subastado of 10 cards, then two hands of 3."""
    return table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="10 3 3", subastado="1")


def was_shown(table: Table, token: str, action: str, hand: int, seat: int | None) -> str:
    """What a phone showing the stored game shows for the value ``action`` changes: its ``was``."""
    rows = [row for row in table.snap(token).hands if row[0] == hand]
    if not rows:
        return "0" if action == "renuncios" else ""
    row = dict(zip(("number", "trump", "auction", "bids", "tricks", "renuncios", "complete"), rows[0]))
    value = row["trump"] if action == "trump" else row[action][seat]
    return "" if value is None else str(value)


def as_queued(table: Table, token: str, action: str, hand: int, seat: int | None, value: Any) -> dict[str, Any]:
    """The tap a phone showing the stored game queues: with what it shows (``was``), or the step it takes back."""
    if action == "undo":
        return queued("undo", hand, undoes=table.steps(token, hand)[-1])
    if action in ("trump", "tricks", "renuncios"):
        return queued(action, hand, seat, value, was=was_shown(table, token, action, hand, seat))
    return queued(action, hand, seat, value)


def test_every_action_through_the_outbox_stores_what_the_forms_store(table: Table, other: Table) -> None:
    by_forms, by_outbox = start_the_game(table), start_the_game(other)
    for action, hand, seat, value in GAME:
        table.ok(by_forms, FORMS[action], hand, seat, value)
        answer = other.queue_ok(by_outbox, as_queued(other, by_outbox, action, hand, seat, value))
        assert answer.card is None, "the phone knew the version its tap started from"
        assert table.steps(by_forms, hand) == other.steps(by_outbox, hand)
    forms, outbox = table.snap(by_forms), other.snap(by_outbox)
    assert outbox.hands == forms.hands
    assert outbox.version == forms.version == len(GAME), "every tap changed something"
    assert outbox.sheet.totals == forms.sheet.totals
    assert outbox.finished_at is not None and forms.finished_at is not None
    assert [hand for _, hand in applied_ids(other, by_outbox)] == [hand for _, hand, _, _ in GAME]


def test_a_whole_hand_in_one_request(table: Table) -> None:
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="3 3")
    taps = table.play_hand_queued(token, "O", [1, 1, 0, 0], [1, 1, 1, 0])
    snap = table.snap(token)
    assert snap.hand(1) == {
        "number": 1,
        "trump": "O",
        "auction": None,
        "bids": (1, 1, 0, 0),
        "tricks": (1, 1, 1, 0),
        "renuncios": (0, 0, 0, 0),
        "complete": True,
    }
    assert snap.version == len(taps) and snap.number == 2


# --- each id once ----------------------------------------------------------------------------


def test_the_same_tap_two_and_three_times_in_one_request_is_applied_once(table: Table) -> None:
    token = bids_stage(table)
    before = table.snap(token).version
    bid = queued("bid", 1, 1, 2)
    answer = table.send(token, [bid, bid, bid])
    assert answer.statuses == ["applied", "done", "done"]
    assert answer.version == before + 1 == table.snap(token).version
    assert table.snap(token).hand(1)["bids"] == (None, 2, None, None)
    assert [tap for tap, _ in applied_ids(table, token)].count(bid["id"]) == 1


def test_taps_sent_again_after_a_lost_answer_are_done_and_change_nothing(table: Table) -> None:
    token = bids_stage(table)
    start = table.snap(token).version
    taps = [queued("bid", 1, 1, 2), queued("bid", 1, 2, 0)]
    assert table.send(token, taps, start).statuses == ["applied", "applied"]
    stored = table.snap(token)
    for _ in range(2):  # the answer was lost: the phone sends its queue again, from the version it knew
        again = table.send(token, taps, start)
        assert again.statuses == ["done", "done"]
        assert again.version == stored.version == start + 2
        assert again.card is not None and again.card["version"] == stored.version, "the phone learns the version"
        assert table.snap(token).facts == stored.facts


def test_a_retry_that_brings_new_taps_applies_only_those(table: Table) -> None:
    token = bids_stage(table)
    start = table.snap(token).version
    first = queued("bid", 1, 1, 2)
    table.send(token, [first], start)
    answer = table.send(token, [first, queued("bid", 1, 2, 0)], start)
    assert answer.statuses == ["done", "applied"]
    assert table.snap(token).version == start + 2


def test_an_undo_sent_again_after_a_lost_answer_is_done_never_out_of_date(table: Table) -> None:
    token = bids_stage(table)
    table.queue_ok(token, queued("bid", 1, 1, 2), queued("bid", 1, 2, 0))
    start = table.snap(token).version
    undo = queued("undo", 1, undoes=["bid", 2, 0])
    assert table.send(token, [undo], start).statuses == ["applied"]
    stored = table.snap(token)
    again = table.send(token, [undo], start)
    assert again.statuses == ["done"], again.results
    assert table.snap(token).facts == stored.facts
    assert stored.hand(1)["bids"] == (None, 2, None, None), "one undo: Bea's bid stays"


# --- undo and save, as another phone left them ------------------------------------------------


def test_an_undo_takes_back_only_the_step_the_phone_took_back(table: Table, other: Table) -> None:
    token = bids_stage(table)
    table.queue_ok(token, queued("bid", 1, 1, 2))
    other.queue_ok(token, queued("bid", 1, 2, 0))  # noted on another phone after Bea's bid
    before = table.snap(token)
    answer = table.send(token, [queued("undo", 1, undoes=["bid", 1, 2])], before.version - 1)
    assert answer.statuses == ["refused"]
    assert answer.messages == ["No se ha deshecho nada: otro móvil apuntó algo después (la apuesta de Carlos: 0)"]
    assert answer.results[0]["hand"] == 1
    assert answer.card is not None and answer.card["hand"]["steps"] == [
        ["trump", None, "O"],
        ["bid", 1, 2],
        ["bid", 2, 0],
    ]
    assert table.snap(token).facts == before.facts


def test_an_undo_in_a_hand_with_nothing_said_is_refused(table: Table) -> None:
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="3")
    answer = table.send(token, [queued("undo", 1, undoes=["trump", None, "O"])])
    assert answer.messages == ["No se ha deshecho nada: en esta mano no hay nada apuntado"]
    assert table.snap(token).version == 0


def test_a_hand_saved_by_another_tap_is_not_saved_again_and_the_next_taps_go_on(table: Table, other: Table) -> None:
    token = tricks_stage(table)
    table.queue_ok(token, *(queued("tricks", 1, seat, 1, was="") for seat in (1, 2, 3)))
    start = table.snap(token).version
    other.queue_ok(token, queued("save", 1))
    saved = table.snap(token)
    answer = table.send(token, [queued("save", 1), queued("trump", 2, value="C", was="")], start)
    assert answer.statuses == ["refused", "applied"]
    assert answer.messages == ["Otro móvil ya había guardado la mano 1"]
    after = table.snap(token)
    assert after.hand(1) == saved.hand(1) and after.hand(2)["trump"] == "C"
    assert after.version == saved.version + 1


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (1, "La mano 1 ya se había guardado desde otro móvil; ahora se juega la mano 2"),
        (3, "Ese toque era para la mano 3, pero aún se juega la mano 2"),
    ],
)
def test_a_tap_for_another_hand_is_refused_saying_which_is_played(table: Table, hand: int, message: str) -> None:
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="3 3 3")
    table.play_hand_queued(token, "O", [1, 1, 0, 0], [1, 1, 1, 0])
    before = table.snap(token).facts
    answer = table.send(token, [queued("bid", hand, 1, 1)])
    assert answer.messages == [message]
    assert table.snap(token).facts == before


def test_a_tap_after_the_end_is_refused(table: Table) -> None:
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="1")
    table.play_hand_queued(token, "O", [1, 0, 0, 1], [1, 0, 0, 0])
    assert table.snap(token).number is None
    answer = table.send(token, [queued("trump", 2, value="O", was="")], headers={"Accept-Language": "en"})
    assert answer.messages == ["The game is already over"]
    assert answer.card is not None and answer.card["hand"] is None


# --- two phones: another phone's value stays --------------------------------------------------


def test_an_offline_queue_meets_what_another_phone_stored_and_overwrites_nothing(table: Table, other: Table) -> None:
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="3 3")
    start = table.snap(token).version
    online = [queued("trump", 1, value="O", was=""), queued("bid", 1, 1, 2)]
    table.queue_ok(token, *online, version=start)
    stored = table.snap(token)
    offline = [
        queued("trump", 1, value="C", was=""),  # chosen without signal: oros was chosen meanwhile
        queued("bid", 1, 1, 3),  # Bea's bid, said otherwise
        queued("bid", 1, 2, 0),  # Carlos's turn on both phones: it lands
        queued("bid", 1, 1, 2),  # the same as stored: nothing to change
    ]
    answer = other.send(token, offline, start)
    assert answer.statuses == ["refused", "refused", "applied", "applied"]
    assert answer.messages == ["Otro móvil ya había elegido la pinta: Oros", "Bea ya había pedido 2 desde otro móvil"]
    after = table.snap(token)
    assert after.hand(1)["trump"] == "O" and after.hand(1)["bids"] == (None, 2, 0, None)
    assert after.version == stored.version + 1, "up by the one tap that changed something"
    assert answer.version == after.version
    card = answer.card
    assert card is not None and card["version"] == after.version
    assert card["hand"]["steps"] == [["trump", None, "O"], ["bid", 1, 2], ["bid", 2, 0]]


def test_tricks_and_renuncios_another_phone_changed_stay(table: Table, other: Table) -> None:
    token = tricks_stage(table)
    start = table.snap(token).version
    table.queue_ok(token, queued("tricks", 1, 1, 1, was=""), queued("renuncios", 1, 2, 1, was="0"))
    table.queue_ok(token, queued("tricks", 1, 3, 2, was=""), queued("renuncios", 1, 3, 2, was="0"))
    table.queue_ok(token, queued("tricks", 1, 0, 0, was=""), queued("undo", 1, undoes=["tricks", 0, 0]))
    stored = table.snap(token)
    answer = other.send(
        token,
        [
            queued("tricks", 1, 1, 2, was=""),
            queued("tricks", 1, 3, 0, was=""),
            queued("renuncios", 1, 2, 2, was="0"),
            queued("renuncios", 1, 3, 1, was="0"),
            queued("tricks", 1, 0, 1, was="0"),  # the phone saw Ana's 0, which another phone took back
        ],
        start,
    )
    assert answer.messages == [
        "Bea ya tenía 1 baza apuntada desde otro móvil",
        "Dani ya tenía 2 bazas apuntadas desde otro móvil",
        "Carlos ya tenía 1 renuncio en esta mano desde otro móvil",
        "Dani ya tenía 2 renuncios en esta mano desde otro móvil",
        "Otro móvil había borrado las bazas de Ana",
    ]
    assert table.snap(token).facts == stored.facts


def test_renuncios_another_phone_took_away_stay_away(table: Table, other: Table) -> None:
    token = tricks_stage(table)
    table.queue_ok(token, queued("renuncios", 1, 2, 1, was="0"))
    start = table.snap(token).version
    table.queue_ok(token, queued("renuncios", 1, 2, 0, was="1"))
    answer = other.send(token, [queued("renuncios", 1, 2, 2, was="1")], start)
    assert answer.messages == ["Otro móvil había quitado los renuncios de Carlos en esta mano"]
    assert table.snap(token).hand(1)["renuncios"] == (0, 0, 0, 0)


def test_an_offer_said_otherwise_stays(table: Table, other: Table) -> None:
    token = table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="10", subastado="1")
    table.queue_ok(token, queued("offer", 1, 1, 3))
    answer = other.send(token, [queued("offer", 1, 1, 4)], 0)
    assert answer.messages == ["Bea ya había ofrecido 3 desde otro móvil"]


@pytest.mark.parametrize(
    ("how", "headers", "cookie"),
    [("Accept-Language", {"Accept-Language": "en"}, None), ("the lang cookie", {"Accept-Language": "es"}, "en")],
)
def test_refusals_are_told_in_the_phones_language(
    table: Table, other: Table, how: str, headers: dict[str, str], cookie: str | None
) -> None:
    token = bids_stage(table)
    table.queue_ok(token, queued("bid", 1, 1, 2))
    if cookie is not None:
        other.client.set_cookie("lang", cookie)
    answer = other.send(token, [queued("bid", 1, 1, 3), queued("trump", 1, value="C", was="")], 0, headers)
    assert answer.messages == [
        "Bea had already bid 2 from another phone",
        "Another phone had already chosen the trump: Oros",
    ], how


def test_the_engines_refusals_pass_through(table: Table) -> None:
    token = bids_stage(table)
    table.queue_ok(token, queued("bid", 1, 1, 1), queued("bid", 1, 2, 1), queued("bid", 1, 3, 0))
    answer = table.send(token, [queued("bid", 1, 0, 1), queued("bid", 1, 0, 9), queued("tricks", 1, 6, 1, was="")])
    assert answer.messages == [
        "Ana no puede pedir 1: la suma sería 3 de 3",
        "Ana: la apuesta debe ser de 0 a 3 bazas",
        "Ese jugador no está en la partida",
    ]
    assert table.snap(token).hand(1)["bids"] == (None, 1, 1, 0)


# --- the card in the answer -----------------------------------------------------------------


def test_the_card_comes_back_only_when_the_phone_cannot_know_the_game(table: Table, other: Table) -> None:
    token = bids_stage(table)
    start = table.snap(token).version
    assert table.send(token, [queued("bid", 1, 1, 2)], start).card is None, "its own taps, from the stored version"
    assert table.send(token, [], start + 1).card is None, "nothing sent, nothing changed"
    other.queue_ok(token, queued("bid", 1, 2, 0))
    behind = table.send(token, [queued("bid", 1, 3, 1)], start + 1)
    assert behind.statuses == ["applied"]
    card = behind.card
    assert card is not None, "another phone's bid came in between: the phone could not know it"
    assert card["version"] == behind.version == start + 3
    assert card["hand"]["steps"] == [["trump", None, "O"], ["bid", 1, 2], ["bid", 2, 0], ["bid", 3, 1]]
    assert card["players"] == list(NAMES4) and card["hand"]["plan"]["number"] == 1
    refused = table.send(token, [queued("bid", 1, 3, 0)], start + 3)
    assert refused.statuses == ["refused"] and refused.card is not None, "a refusal: the phone's copy is wrong"


# --- what is stored with each tap -------------------------------------------------------------


def test_each_applied_id_is_kept_with_its_hand_and_no_refused_one(table: Table) -> None:
    token = bids_stage(table)
    trump_id = applied_ids(table, token)[0][0]
    good, bad = queued("bid", 1, 1, 2), queued("bid", 1, 3, 1)  # not Dani's turn
    assert table.send(token, [good, bad]).statuses == ["applied", "refused"]
    assert applied_ids(table, token) == [(trump_id, 1), (good["id"], 1)]


def test_an_id_is_applied_once_per_game_but_two_games_may_meet_the_same_id(table: Table) -> None:
    mine, theirs = bids_stage(table), bids_stage(table)
    bid = queued("bid", 1, 1, 2)
    assert table.send(mine, [bid]).statuses == ["applied"]
    assert table.send(theirs, [bid]).statuses == ["applied"]


# --- bodies that are not a list of taps ---------------------------------------------------------

GOOD = {"id": "k3J9sQ0vX2mWb7Lp", "action": "bid", "hand": 1, "seat": 1, "value": 2}
BAD_TAPS = {
    "no id": {k: v for k, v in GOOD.items() if k != "id"},
    "a short id": {**GOOD, "id": "k3J9sQ0vX2mWb7L"},
    "a long id": {**GOOD, "id": "k" * 41},
    "an id with +": {**GOOD, "id": "k3J9sQ0vX2mWb7L+"},
    "an unknown action": {**GOOD, "action": "apuesta"},
    "hand 0": {**GOOD, "hand": 0},
    "hand as text": {**GOOD, "hand": "1"},
    "no seat": {k: v for k, v in GOOD.items() if k != "seat"},
    "seat 8": {**GOOD, "seat": 8},
    "a value as text": {**GOOD, "value": "2"},
    "a value true": {**GOOD, "value": True},
    "a value 2.0": {**GOOD, "value": 2.0},
    "a value of 100": {**GOOD, "value": 100},
    "a negative value": {**GOOD, "value": -1},
    "a trump X": {"id": GOOD["id"], "action": "trump", "hand": 1, "value": "X", "was": ""},
    "a trump as a number": {"id": GOOD["id"], "action": "trump", "hand": 1, "value": 1},
    "was as a list": {**GOOD, "action": "tricks", "was": ["1"]},
    "was too long": {**GOOD, "action": "tricks", "was": "123456789"},
    "an undo without its step": {"id": GOOD["id"], "action": "undo", "hand": 1},
    "an undo of an unknown step": {"id": GOOD["id"], "action": "undo", "hand": 1, "undoes": ["jugada", 1, 2]},
    "an undo of a short step": {"id": GOOD["id"], "action": "undo", "hand": 1, "undoes": ["bid", 1]},
    "a tap that is a list": ["bid", 1, 2],
}


@pytest.mark.parametrize("bad", BAD_TAPS.values(), ids=BAD_TAPS.keys())
def test_a_list_with_a_tap_that_is_not_one_is_refused_whole(table: Table, bad: Any) -> None:
    token = bids_stage(table)
    before = table.snap(token).facts
    answer = table.send(token, [queued("bid", 1, 1, 2), bad])
    assert answer.status == 400
    assert answer.error.startswith("El toque 2 no se entiende (") and answer.error.endswith("No se ha apuntado nada.")
    assert table.snap(token).facts == before, "the good tap before it is not applied either"
    assert len(applied_ids(table, token)) == 1


BAD_BODIES = {
    "empty": b"",
    "not JSON": b"{version: 1}",
    "cut short": b'{"version": 1, "taps": [',
    "not UTF-8": b'{"version": 1, "taps": [], "x": "\xff"}',
    "too deep": b"[" * 30_000 + b"]" * 30_000,
    "a list": b"[]",
    "no version": b'{"taps": []}',
    "a version as text": b'{"version": "1", "taps": []}',
    "a negative version": b'{"version": -1, "taps": []}',
    "a version too large": b'{"version": 1e999, "taps": []}',
    "taps as an object": b'{"version": 1, "taps": {}}',
    "no taps": b'{"version": 1}',
    "null": b"null",
}


@pytest.mark.parametrize("body", BAD_BODIES.values(), ids=BAD_BODIES.keys())
def test_a_body_that_is_not_a_list_of_taps_is_refused_as_json(table: Table, body: bytes) -> None:
    token = bids_stage(table)
    before = table.snap(token).facts
    answer = table.send_body(token, body)
    assert answer.status == 400, answer.body
    assert answer.error.startswith("Lo enviado no es") and answer.error.endswith("No se ha apuntado nada.")
    assert table.snap(token).facts == before


def test_a_refusal_of_the_body_speaks_english_to_an_english_phone(table: Table) -> None:
    token = bids_stage(table)
    answer = table.send_body(token, b"[]", {"Accept-Language": "en"})
    assert answer.error == "What was sent is not a list of taps with its version. Nothing was written down."
    bad = table.send(token, [{"id": "x"}], headers={"Accept-Language": "en"})
    assert bad.error == "Tap 1 cannot be read (id). Nothing was written down."


def test_more_than_200_taps_or_64_kb_are_too_big(table: Table) -> None:
    token = bids_stage(table)
    before = table.snap(token).facts
    many = table.send(token, [queued("bid", 1, 1, 2) for _ in range(201)])
    assert many.status == 413
    assert many.error == "Son 201 toques: se envían 200 como mucho cada vez. No se ha apuntado nada."
    large = table.send_body(token, json.dumps({"version": 0, "taps": [], "x": "a" * 70_000}).encode())
    assert large.status == 413 and "64 KB" in large.error, large.body
    assert table.snap(token).facts == before
    assert table.send(token, [queued("bid", 1, 1, 2) for _ in range(200)]).status == 200, "200 is not too many"


# --- every answer JSON -------------------------------------------------------------------------


def test_an_unknown_game_is_a_json_404(table: Table) -> None:
    answer = table.send_body("no-existe", b'{"version": 0, "taps": []}')
    assert answer.status == 404 and answer.error


@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE", "PATCH"])
def test_a_method_it_does_not_take_is_a_json_405(table: Table, method: str) -> None:
    token = bids_stage(table)
    response = table.client.open(f"/p/{token}/anotar", method=method, headers={"Accept": "text/html"})
    assert response.status_code == 405 and response.mimetype == "application/json"
    assert response.get_json()["error"]
    assert "POST" in response.headers["Allow"]


def test_the_acknowledgement_draws_no_page_and_sets_no_cookie(table: Table) -> None:
    token = bids_stage(table)
    drawn: list[str] = []

    def note(sender: Flask, template: Any, context: dict[str, Any], **extra: Any) -> None:
        drawn.append(template.name)

    fresh = table.app.test_client()  # no session yet: an answer that kept one would send its cookie
    with template_rendered.connected_to(note, table.app):
        response = fresh.post(
            f"/p/{token}/anotar",
            data=json.dumps({"version": 1, "taps": [queued("bid", 1, 1, 2)]}),
            content_type="application/json",
        )
    assert response.status_code == 200 and response.get_json()["results"][0]["status"] == "applied"
    assert drawn == [], "no template for an acknowledgement"
    assert "Set-Cookie" not in response.headers
    assert len(response.get_data()) < 200, response.get_data()
    assert response.headers["Cache-Control"] == "no-store"


# --- CSRF and rate limits ----------------------------------------------------------------------


def started_with_csrf(client: FlaskClient, csrf_token: Callable[..., str]) -> str:
    """A game started with the new-game form's CSRF token on an app that checks it; its token."""
    form = {"names-0": "Ana", "names-1": "Bea", "names-2": "Carlos", "first_dealer": "0", "preset": "a_medida"}
    form.update(custom_sizes="2 2", action="start", csrf_token=csrf_token("/partidas/nueva"))
    response = client.post("/partidas/nueva", data=form)
    assert response.status_code == 303
    return str(response.headers["Location"]).removeprefix("/p/")


def test_without_the_pages_csrf_token_in_its_header_the_outbox_is_refused_as_json(
    app: Flask, client: FlaskClient, csrf_token: Callable[..., str]
) -> None:
    token = started_with_csrf(client, csrf_token)
    body = json.dumps({"version": 0, "taps": [queued("trump", 1, value="O", was="")]})
    good = csrf_token(f"/p/{token}")
    for headers in ({}, {"X-CSRFToken": "forged"}, {"X-CSRFToken": ""}):
        response = client.post(f"/p/{token}/anotar", data=body, content_type="application/json", headers=headers)
        assert response.status_code == 403 and response.mimetype == "application/json", headers
        assert "No se ha guardado nada" in response.get_json()["error"]
    other = app.test_client()
    stolen = other.post(f"/p/{token}/anotar", data=body, content_type="application/json", headers={"X-CSRFToken": good})
    assert stolen.status_code == 403, "another phone's session: the token is not its own"
    response = client.post(
        f"/p/{token}/anotar", data=body, content_type="application/json", headers={"X-CSRFToken": good}
    )
    assert response.status_code == 200 and response.get_json()["results"][0]["status"] == "applied"


def test_wrong_addresses_past_the_limit_are_refused_as_json_with_retry_after(app_factory: AppFactory) -> None:
    app = app_factory(WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=True, LIMIT_WRONG_TOKENS="2 per hour")
    client = app.test_client()
    body = b'{"version": 0, "taps": []}'
    statuses = []
    for n in range(3):
        response = client.post(f"/p/nope{n}/anotar", data=body, content_type="application/json")
        assert response.mimetype == "application/json" and response.get_json()["error"]
        statuses.append(response.status_code)
    assert statuses == [404, 404, 429]
    assert 0 < int(response.headers["Retry-After"]) <= 3600
