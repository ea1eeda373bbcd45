"""Random taps sent through a phone's outbox store exactly what the engine makes of the same taps applied directly.

Hypothesis draws taps a scorekeeper might send (mostly what the hand asks for, often something else: another
hand, another player, a value another phone would have shown, an undo of another step, a retry of a tap already
sent) and sends them to ``/anotar`` in random batches. The same taps are applied straight to the engine
(``HandInPlay``, ``score_sheet``) with the rules the page keeps: a tap for another hand is refused, ``was`` keeps
another phone's value, an undo takes back only the step it names, a retried id changes nothing. Every answer, and
the stored game at the end, must be the engine's.
"""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Rules, trump_code
from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import AppliedTap
from support.outbox import Referee, new_tap_id, takes
from support.table import Table

#: Games small enough to finish in a few dozen taps: names, first dealer and the new-game form's options.
GAMES = {
    "three, one and two cards": (("Ana", "Bea", "Carlos"), 2, {"custom_sizes": "1 2 1"}),
    "four, a subastado and sin triunfo": (
        ("Ana", "Bea", "Carlos", "Dani"),
        0,
        {"custom_sizes": "2 10 1", "subastado": "2", "sin_triunfo": "3"},
    ),
}
NATURAL = {"auction": "offer", "trump": "trump", "bids": "bid", "tricks": "tricks", "ready": "save"}
ACTIONS = ("trump", "offer", "bid", "tricks", "renuncios", "undo", "save")
SUITS = ("O", "C", "E", "B", "-")


@st.composite
def asked_for(draw: st.DrawFn, engine: Referee) -> dict[str, Any] | None:
    """The tap the hand asks for, with a value the engine takes (``None`` once the game is over)."""
    hand = engine.hand
    if hand is None:
        return None
    number, cards, stage = hand.plan.number, hand.plan.cards, hand.stage
    tap: dict[str, Any] = {"id": new_tap_id(), "action": NATURAL[stage], "hand": number}
    if stage == "trump":
        tap.update(value=draw(st.sampled_from(SUITS[:4])), was=engine.shown("trump", 0))
    elif stage in ("auction", "bids"):
        seat = hand.next_seat
        assert seat is not None
        fits = [value for value in range(cards + 1) if takes(hand, tap["action"], seat, value)]
        tap.update(seat=seat, value=draw(st.sampled_from(fits)))
    elif stage == "tricks":
        seat = draw(st.sampled_from([seat for seat in hand.order if hand.tricks[seat] is None]))
        tap.update(seat=seat, value=draw(st.integers(0, hand.tricks_left)), was="")
    return tap


@st.composite
def a_tap(draw: st.DrawFn, engine: Referee, sent: list[dict[str, Any]]) -> dict[str, Any]:
    """A tap a scorekeeper might send now: mostly what the hand asks for, often anything else, at times a retry."""
    kind = draw(st.integers(0, 9))
    if sent and kind == 0:
        return draw(st.sampled_from(sent))
    if kind <= 6 and (natural := draw(asked_for(engine))) is not None:
        return natural
    hand = engine.hand
    if hand is None:
        number, cards, next_seat = len(engine.records) + 1, 1, None
    else:
        number, cards, next_seat = hand.plan.number, hand.plan.cards, hand.next_seat
    players = len(engine.names)
    action = draw(st.sampled_from(ACTIONS))
    tap: dict[str, Any] = {"id": new_tap_id(), "action": action, "hand": number}
    if draw(st.integers(0, 9)) == 0:
        tap["hand"] = draw(st.sampled_from((number - 1, number + 1))) or 1
    if action == "save":
        return tap
    if action == "undo":
        last = hand.last.to_list() if hand is not None and hand.last is not None else None
        other = st.tuples(st.sampled_from(ACTIONS[1:5]), st.integers(0, players - 1), st.integers(0, cards)).map(list)
        tap["undoes"] = draw(other) if last is None or draw(st.integers(0, 4)) == 0 else last
        return tap
    if action == "trump":
        tap["value"] = draw(st.sampled_from(SUITS))
    else:
        usual = next_seat if next_seat is not None and action in ("offer", "bid") else None
        seats = st.integers(0, players - 1) if usual is None else st.sampled_from((usual,) * 4 + tuple(range(players)))
        tap["seat"] = draw(st.one_of(seats, st.just(players)) if draw(st.integers(0, 19)) == 0 else seats)
        tap["value"] = draw(st.integers(0, 3) if action == "renuncios" else st.integers(0, cards + 1))
    if action in ("trump", "tricks", "renuncios") and hand is not None:
        shown = engine.shown(action, tap.get("seat", 0))
        odd = st.sampled_from(("", "0", "1", "2", "O", "C", None))
        tap["was"] = draw(odd) if draw(st.integers(0, 5)) == 0 else shown
        if tap["was"] is None:
            del tap["was"]
    return tap


def stored_game(table: Table, token: str) -> tuple[list[Any], Any, list[list[Any]], bool, int, set[str]]:
    """What the database holds: the saved hands as records, the hand in play's row (said values), its steps,
    whether the game is over, the version and the applied ids."""
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        view = store.view_of(game)
        saved = [store.record_of(row) for row in view.saved]
        row = view.row
        said = (row.trump, row.auction, row.bids, row.tricks, row.renuncios) if row is not None else None
        steps = [list(step) for step in (row.steps or [])] if row is not None else []
        ids = set(db.session.execute(sa.select(AppliedTap.tap_id).filter_by(game_id=game.id)).scalars())
        return saved, said, steps, game.finished_at is not None, game.version, ids


def rules_of(table: Table, token: str) -> Rules:
    """The rules the game was started with, as stored."""
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        return store.view_of(game).rules


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
@settings(
    max_examples=20,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=(HealthCheck.function_scoped_fixture, HealthCheck.too_slow),
)
@given(data=st.data())
def test_random_taps_through_the_outbox_store_what_the_engine_makes_of_them(
    table: Table, game: tuple[tuple[str, ...], int, dict[str, str]], data: st.DataObject
) -> None:
    names, dealer, options = game
    token = table.start(names, dealer=dealer, preset="a_medida", **options)
    engine = Referee.new(rules_of(table, token), names, dealer)
    sent: list[dict[str, Any]] = []
    for _ in range(data.draw(st.integers(1, 25), label="requests")):
        batch = [data.draw(a_tap(engine, sent), label="tap") for _ in range(data.draw(st.integers(1, 6)))]
        version = engine.version if data.draw(st.integers(0, 4)) else data.draw(st.integers(0, 40))
        known = version == engine.version
        expected = [engine.take(tap) for tap in batch]
        answer = table.send(token, batch, version)
        assert answer.status == 200, answer.body
        assert answer.statuses == expected, (batch, answer.results)
        assert answer.version == engine.version
        if known and "refused" not in expected:
            assert answer.card is None
        else:
            assert answer.card is not None and answer.card["version"] == engine.version
        sent += batch

    assert_stored_is_the_engines(table, token, engine)


def assert_stored_is_the_engines(table: Table, token: str, engine: Referee) -> None:
    """The stored game (saved hands, the hand in play's values and steps, the version, the applied ids, the card)
    is what the engine made of the taps."""
    saved, said, steps, finished, version, ids = stored_game(table, token)
    hand = engine.hand
    assert saved == engine.records
    assert finished == (hand is None)
    if hand is not None:
        expected_said = (
            trump_code(hand.trump) if hand.trump_said else None,
            list(hand.offers) if hand.offers is not None else None,
            list(hand.bids),
            list(hand.tricks),
            list(hand.renuncios),
        )
        if said is None:
            assert not hand.steps, "nothing stored for a hand with steps"
        else:
            assert said == expected_said
        assert steps == [step.to_list() for step in hand.steps]
    assert version == engine.version
    assert ids == engine.applied
    assert table.client.get(f"/p/{token}/carta").get_json()["card"] == engine.card


@st.composite
def a_game_of_taps(draw: st.DrawFn, engine: Referee, most: int) -> list[dict[str, Any]]:
    """Up to ``most`` taps a phone makes and shows as made, each one the engine takes (what the hand asks for, now
    and then an undo of the last step), applied to ``engine`` as they are drawn."""
    made: list[dict[str, Any]] = []
    while len(made) < most:
        hand = engine.hand
        if hand is not None and hand.last is not None and draw(st.integers(0, 7)) == 0:
            tap: dict[str, Any] | None = {
                "id": new_tap_id(),
                "action": "undo",
                "hand": hand.plan.number,
                "undoes": hand.last.to_list(),
            }
        else:
            tap = draw(asked_for(engine))
        if tap is None:
            break
        assert engine.take(tap) == "applied", tap
        made.append(tap)
    return made


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
@settings(
    max_examples=15,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=(HealthCheck.function_scoped_fixture, HealthCheck.too_slow),
)
@given(data=st.data())
def test_a_queue_split_retried_and_sent_twice_lands_each_tap_once(
    table: Table, game: tuple[tuple[str, ...], int, dict[str, str]], data: st.DataObject
) -> None:
    """A phone's queue sent in random pieces, each piece starting anywhere from a few taps before the last answer it
    got (answers lost at random, so it sends those again), then the whole queue once more: every tap is applied
    exactly once, the first time it arrives, and the game is the engine's."""
    names, dealer, options = game
    token = table.start(names, dealer=dealer, preset="a_medida", **options)
    engine = Referee.new(rules_of(table, token), names, dealer)
    made = data.draw(a_game_of_taps(engine, most=60), label="taps")
    answered = arrived = version = 0  # taps the phone knows arrived; taps the server has seen; the phone's version
    while answered < len(made):
        start = data.draw(st.integers(max(0, answered - 5), answered), label="from")
        end = data.draw(st.integers(answered + 1, min(len(made), answered + 12)), label="to")
        answer = table.send(token, made[start:end], version)
        assert answer.status == 200, answer.body
        assert answer.statuses == ["done" if i < arrived else "applied" for i in range(start, end)], answer.results
        arrived = max(arrived, end)
        if data.draw(st.booleans(), label="answer lost"):
            continue
        answered, version = end, answer.version

    for start in range(0, len(made), 200):
        again = table.send(token, made[start : start + 200], version)
        assert again.statuses == ["done"] * len(made[start : start + 200]), again.results
        assert again.card is None and again.version == engine.version

    assert_stored_is_the_engines(table, token, engine)
