"""When each hand started and was saved (``Hand.started_at``, ``completed_at``): the hand's first stored tap starts it,
from the page's forms and from a phone's outbox alike, and no later tap moves it."""

from __future__ import annotations

from datetime import datetime

from flask import Flask

from scorekeeper.storage import store
from scorekeeper.storage.models import utcnow
from support.table import NAMES4, Table, queued

Times = dict[int, tuple[datetime | None, datetime | None]]


def hand_times(app: Flask, token: str) -> Times:
    """Each stored hand's start and save, by number."""
    with app.app_context():
        game = store.find_game(token)
        assert game is not None
        return {hand.number: (hand.started_at, hand.completed_at) for hand in game.hands}


def one_card_game(table: Table) -> str:
    """Four players, two one-card hands, Ana dealing: Bea is la mano of the first."""
    return table.start(NAMES4, dealer=0, preset="a_medida", custom_sizes="1 1")


def test_a_hand_starts_with_its_first_tap_from_the_page(table: Table) -> None:
    token = one_card_game(table)
    assert hand_times(table.app, token) == {}
    before = utcnow()
    table.ok(token, "pinta", 1, value="O")
    after = utcnow()
    started, saved = hand_times(table.app, token)[1]
    assert started is not None and before <= started <= after
    assert saved is None
    table.play_hand(token, None, bids=[0, 1, 0, 1], tricks=[0, 1, 0, 0])
    times = hand_times(table.app, token)
    assert times[1][0] == started, "the taps after the first leave the start alone"
    assert times[1][1] is not None and started <= times[1][1] <= utcnow()
    assert 2 not in times, "a hand nothing was said in has not started"


def test_a_hand_starts_with_its_first_tap_from_the_outbox(table: Table) -> None:
    token = one_card_game(table)
    before = utcnow()
    table.queue_ok(token, queued("trump", 1, value="C", was=""))
    started = hand_times(table.app, token)[1][0]
    assert started is not None and before <= started <= utcnow()
    table.queue_ok(token, queued("bid", 1, 1, 0), queued("undo", 1, undoes=["bid", 1, 0]))
    assert hand_times(table.app, token)[1] == (started, None)
    table.play_hand_queued(token, None, bids=[0, 1, 0, 1], tricks=[0, 1, 0, 0])
    table.play_hand_queued(token, "E", bids=[1, 1, 0, 1], tricks=[1, 0, 0, 0])
    times = hand_times(table.app, token)
    assert times[1][0] == started
    first_saved, second_started, second_saved = times[1][1], times[2][0], times[2][1]
    assert first_saved is not None and second_started is not None and second_saved is not None
    assert started <= first_saved <= second_started <= second_saved
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None and game.finished_at == second_saved, "the game ends when its last hand is saved"
