"""When each hand started and was saved (``Hand.started_at``, ``completed_at``): the hand's first stored tap starts it,
from the page's forms and from a phone's outbox alike, and no later tap moves it. A tap from a phone's outbox, and a
game the phone made, are stored at the time the phone says (``at``) when it is believable (``games/phone_clock.py``)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from phone_creation import Creation

from scorekeeper.page_parts.stored_game_time import stored_game_time
from scorekeeper.storage import store
from scorekeeper.storage.models import utcnow
from support.game_times import ms
from support.paper_games import classic_game, store_game
from support.table import NAMES4, Page, Table, queued

FIVE = ("Ana", "Bea", "Ciro", "Dani", "Eva")
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


# --- the phone's clock ---------------------------------------------------------------------------


def one_card_hand(number: int, trump: str, bids: list[int], tricks: list[int]) -> list[dict[str, Any]]:
    """The taps of one-card hand ``number`` of ``one_card_game`` (Ana deals the first: Bea, Carlos, Dani, Ana bid)."""
    order = [(number + seat) % 4 for seat in range(4)]
    return [
        queued("trump", number, value=trump, was=""),
        *(queued("bid", number, seat, bids[seat]) for seat in order),
        *(queued("tricks", number, seat, tricks[seat], was="") for seat in order[:-1]),
        queued("save", number),
    ]


def spread(taps: list[dict[str, Any]], first: datetime, last: datetime) -> list[dict[str, Any]]:
    """``taps`` made one after another from ``first`` to ``last`` by the phone's clock."""
    step = (last - first) / (len(taps) - 1)
    return [{**tap, "at": ms(first + step * n)} for n, tap in enumerate(taps)]


def test_a_game_kept_without_signal_keeps_the_hour_it_was_played_in(game_app: Flask, phone: FlaskClient) -> None:
    began = utcnow().replace(microsecond=0) - timedelta(hours=3)  # made on the phone, sent when the signal came
    creation = Creation.of_form(NAMES4, dealer=0, preset="a_medida", custom_sizes="1 1")
    creation.body["at"] = ms(began)
    assert creation.post(phone).status == 201
    table, token = Table(game_app, phone), creation.token
    minute = timedelta(minutes=1)
    first = spread(one_card_hand(1, "O", [0, 1, 0, 1], [0, 1, 0, 0]), began + minute, began + 28 * minute)
    second = spread(one_card_hand(2, "E", [1, 1, 0, 1], [1, 0, 0, 0]), began + 31 * minute, began + 61 * minute)
    table.queue_ok(token, *first, *second)  # all at once, hours later
    assert hand_times(game_app, token) == {
        1: (began + minute, began + 28 * minute),
        2: (began + 31 * minute, began + 61 * minute),
    }
    with game_app.app_context():
        game = store.find_game(token)
        assert game is not None
        assert (game.created_at, game.finished_at) == (began, began + 61 * minute)
        time = stored_game_time(game)  # from its first tap to its last: an hour
        assert time is not None and (time.minutes, time.hands, time.hands_per_hour) == (60, 2, 2.0)
        watch = game.watch_token
    said = "Duración: 1 h · 2 manos · 2,0 manos por hora"
    for address in (f"/p/{token}", f"/ver/{watch}"):  # the scorekeeper's final page, and the watchers'
        assert Page(phone.get(address)).part("duracion") == said, address
    phone.set_cookie("lang", "en")
    english = Page(phone.get(f"/ver/{watch}")).part("duracion")
    assert english == "Length: 1 h · 2 hands · 2.0 hands an hour"


def test_a_phone_s_clock_ahead_counts_as_now_and_one_long_wrong_is_not_believed(table: Table) -> None:
    token = one_card_game(table)
    taps = one_card_hand(1, "O", [0, 1, 0, 1], [0, 1, 0, 0])
    taps[0]["at"] = ms(utcnow() + timedelta(days=2))
    taps[-1]["at"] = ms(utcnow() - timedelta(days=20))
    before = utcnow()
    table.queue_ok(token, *taps)
    started, saved = hand_times(table.app, token)[1]
    assert started is not None and saved is not None
    assert before <= started <= saved <= utcnow()


@pytest.mark.parametrize("at", ["yesterday", None, True, [1], 1e400])
def test_a_tap_or_a_creation_without_a_time_the_server_believes_is_taken_at_its_now(
    game_app: Flask, phone: FlaskClient, at: Any
) -> None:
    creation = Creation.of_form(NAMES4, dealer=0, preset="a_medida", custom_sizes="1 1")
    if at is not None:
        creation.body["at"] = at
    before = utcnow()
    assert creation.post(phone).status == 201
    tap = queued("trump", 1, value="O", was="")
    if at is not None:
        tap["at"] = at
    Table(game_app, phone).queue_ok(creation.token, tap)
    started = hand_times(game_app, creation.token)[1][0]
    with game_app.app_context():
        game = store.find_game(creation.token)
        assert game is not None and started is not None
        assert before <= game.created_at <= started <= utcnow()


def test_a_game_typed_in_all_at_once_says_its_hands_and_no_length(table: Table) -> None:
    token, watch = store_game(table.app, FIVE, classic_game(5))  # every hand saved in the same second
    for address in (f"/p/{token}", f"/ver/{watch}"):
        assert Page(table.client.get(address)).part("duracion") == "27 manos", address
