"""One creation sent twice at once (two tabs, a retry while the first still runs) makes one game, on SQLite and on
PostgreSQL: the database's unique columns decide, not a look before the insert."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from phone_creation import Answer, Creation, count_games, phone_token

from scorekeeper.extensions import db
from scorekeeper.games import creation
from scorekeeper.storage.models import Game

AppFactory = Callable[..., Flask]
FOUR = ("Ana", "Bea", "Carlos", "Dani")


@pytest.fixture
def race_app(app_factory: AppFactory, database_url: str) -> Iterator[Flask]:
    """An app on a database of its own of each kind (a file for SQLite, so that threads share it), CSRF and limits off."""
    app = app_factory(SQLALCHEMY_DATABASE_URI=database_url, WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=False)
    yield app
    with app.app_context():
        db.engine.dispose()


def at_once(app: Flask, sent: list[Creation]) -> list[Answer]:
    """Send each creation from a phone of its own, all released together; their answers, in order."""
    answers: list[Answer | None] = [None] * len(sent)
    start = threading.Barrier(len(sent))
    failures: list[BaseException] = []

    def phone(index: int) -> None:
        client = app.test_client()
        start.wait(timeout=10)
        try:
            answers[index] = sent[index].post(client)
        except BaseException as error:  # reported by the test, not lost in the thread
            failures.append(error)

    threads = [threading.Thread(target=phone, args=(index,)) for index in range(len(sent))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures
    assert all(answer is not None for answer in answers), "a request never finished"
    return [answer for answer in answers if answer is not None]


def games_of(app: Flask, creation_id: str) -> int:
    """How many games the creation ``creation_id`` made."""
    with app.app_context():
        query = db.select(db.func.count()).select_from(Game).filter_by(creation_id=creation_id)
        return int(db.session.execute(query).scalar_one())


#: Rounds of each race: a twin that commits between two of another's reads is caught only now and then.
ROUNDS = 10


@pytest.mark.parametrize("twins", [2, 4])
def test_the_same_creation_sent_at_once_makes_one_game(race_app: Flask, twins: int) -> None:
    for round_ in range(ROUNDS):
        sent = Creation.of_form(FOUR, dealer=1)
        answers = at_once(race_app, [sent] * twins)
        statuses = sorted(answer.status for answer in answers)
        assert statuses == [200] * (twins - 1) + [201], (round_, [answer.body.get("error") for answer in answers])
        assert all(answer.body == answers[0].body for answer in answers), "every twin is told the same game"
        assert games_of(race_app, sent.id) == 1
    assert count_games(race_app) == ROUNDS


def test_two_revanchas_at_once_make_one(race_app: Flask) -> None:
    client = race_app.test_client()
    first = Creation.of_form(FOUR, dealer=0, preset="a_medida", custom_sizes="1")
    assert first.post(client).status == 201
    assert client.post(f"/p/{first.token}/dejar").status_code == 303
    twins = [Creation.rematch(first.token), Creation.rematch(first.token)]
    answers = at_once(race_app, twins)
    assert sorted(answer.status for answer in answers) == [201, 409]
    made = next(answer for answer in answers if answer.status == 201)
    told = next(answer for answer in answers if answer.status == 409)
    assert told.body["play"] == made.body["play"], "the second phone is sent to the revancha made"
    assert count_games(race_app) == 2


def blind(monkeypatch: pytest.MonkeyPatch) -> None:
    """The look before the insert sees nothing stored, once, as when a twin request commits in between."""
    real = creation.made_before
    calls = {"n": 0}

    def first_sees_nothing(*args: Any) -> Any:
        calls["n"] += 1
        return None if calls["n"] == 1 else real(*args)

    monkeypatch.setattr(creation, "made_before", first_sees_nothing)


def test_a_twin_missed_by_the_look_is_refused_by_the_database_and_answered_as_the_first(
    race_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = race_app.test_client()
    sent = Creation.of_form(FOUR, dealer=2)
    first = sent.post(client)
    assert first.status == 201
    blind(monkeypatch)
    again = sent.post(client)
    assert (again.status, again.body) == (200, first.body)
    assert count_games(race_app) == 1


@pytest.mark.parametrize("twin", ["same id elsewhere", "another id here"])
def test_a_clash_missed_by_the_look_is_a_conflict_and_stores_nothing(
    race_app: Flask, monkeypatch: pytest.MonkeyPatch, twin: str
) -> None:
    client = race_app.test_client()
    sent = Creation.of_form(FOUR)
    assert sent.post(client).status == 201
    blind(monkeypatch)
    clash = sent.at(phone_token()) if twin == "same id elsewhere" else sent.renamed(phone_token())
    answer = clash.post(client)
    assert answer.status == 409, answer.body
    assert count_games(race_app) == 1


@pytest.mark.postgresql
def test_on_postgresql_two_twins_past_the_look_meet_at_the_unique_column(
    app_factory: AppFactory, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both requests look, find nothing and insert (PostgreSQL takes no lock for a look); the second insert waits
    for the first to commit, fails on the creation's unique column and is answered as the first."""
    app = app_factory(SQLALCHEMY_DATABASE_URI=pg_url, WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=False)
    both_looked = threading.Barrier(2)
    real = creation.start_game
    refused: list[bool] = []

    def start_after_both_looked(*args: Any) -> Any:
        both_looked.wait(timeout=10)
        try:
            return real(*args)
        except Exception:
            refused.append(True)
            raise

    monkeypatch.setattr(creation, "start_game", start_after_both_looked)
    sent = Creation.of_form(FOUR, dealer=3)
    try:
        answers = at_once(app, [sent, sent])
        assert sorted(answer.status for answer in answers) == [200, 201]
        assert answers[0].body == answers[1].body
        assert refused == [True], "the database refused the second insert"
        assert count_games(app) == 1
    finally:
        with app.app_context():
            db.engine.dispose()
