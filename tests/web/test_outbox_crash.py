"""kill -9 while a phone's outbox is on its way: no tap the server answered is lost, none is applied twice, and a tap
stored just before the kill is answered ``done`` when the phone sends it again.

A phone plays a game through its outbox against a real server (waitress, SQLite and PostgreSQL): it makes a few
taps at once on its own copy, sends what is queued, and when the server is gone keeps the queue and sends it again.
Ten times, at a random moment while a request is on its way, the server is killed with SIGKILL and started again on
the same database. At the end the phone sends what is left, and the stored game must be its copy: every tap applied
once. The seed is printed; ``POCHA_CRASH_SEED`` replays it.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import threading
import time
from collections import Counter
from typing import Any

import pytest
from sqlalchemy import create_engine, select
from sqlalchemy.pool import NullPool

from scorekeeper.storage.models import AppliedTap, Game
from scorekeeper.storage.store import token_hash
from support.outbox import APPLIED, DONE, REFUSED, PhoneCopy
from support.server import NO_ANSWER, Phone, ServeFactory, ServerProcess, dialect_of, read_game, sqlite_file

pytestmark = pytest.mark.slow

KILLS = 10
MOST_KILLS = 40  # after KILLS, the server is killed again until a kill falls between a commit and its answer
NAMES = ("Ana", "Bea", "Carlos", "Dani")
#: Three times the classic game's hands (84), so that the game outlasts the kills, MOST_KILLS too.
GAME = {
    "preset": "a_medida",
    "custom_sizes": " ".join(["1 1 1 1 2 3 4 5 6 7 8 9 10 10 10 10 9 8 7 6 5 4 3 2 1 1 1 1"] * 3),
}
WAIT = 120.0  # seconds the test waits for the phone to make progress before it fails
ANSWER_ON_ITS_WAY = 0.1  # seconds a frozen server's answer, already written, takes at most to reach the phone
QUEUED = 12  # the phone makes no new taps while this many wait (the table plays on slowly while the server is away)


class OutboxPlayer(threading.Thread):
    """A phone that keeps scoring through its outbox, whatever happens to the server, until told to stop."""

    def __init__(self, phone: Phone, copy: PhoneCopy, rng: random.Random) -> None:
        super().__init__(daemon=True)
        self.phone = phone
        self.copy = copy
        self.version = copy.version
        self.rng = rng
        self.queue: list[dict[str, Any]] = []
        self.batch: list[dict[str, Any]] = []
        self.made: list[dict[str, Any]] = []
        #: Every status each id was answered with, in order; ``None`` for a request that got no answer.
        self.answers: dict[str, list[str | None]] = {}
        self.in_flight = threading.Event()
        self.sends = 0  # requests sent so far: which request is the one on its way
        self.stop_tapping = threading.Event()
        self.stopping = threading.Event()
        self.progress = threading.Condition()
        self.answered = 0
        self.error: BaseException | None = None

    def run(self) -> None:
        """Make a few taps, send the queue; again and again; wait a moment whenever the server is gone."""
        try:
            while not self.stopping.is_set():
                if not self.stop_tapping.is_set() and len(self.queue) < QUEUED:
                    self.make(self.rng.randint(1, 6))
                if self.queue:
                    self.send()
                elif self.stop_tapping.is_set() or self.copy.hand is None:
                    break
        except BaseException as error:
            self.error = error
        finally:
            with self.progress:
                self.progress.notify_all()

    def make(self, count: int) -> None:
        """``count`` taps made on the phone's copy at once and queued."""
        for _ in range(count):
            tap = self.copy.next_tap(self.rng, undo_chance=0.05)
            if tap is None:
                return
            assert self.copy.take(tap) == APPLIED, tap
            self.queue.append(tap)
            self.made.append(tap)

    def send(self) -> None:
        """Send the queue (200 taps at most); take the answer, or keep the queue when none comes."""
        batch = self.batch = self.queue[:200]
        self.sends += 1
        self.in_flight.set()
        try:
            reply = self.phone.send_outbox(batch, self.version)
        except NO_ANSWER:
            reply = None
        finally:
            self.in_flight.clear()
        if reply is None:
            for tap in batch:  # one "no answer" for the taps of each request the server never answered
                statuses = self.answers.setdefault(tap["id"], [])
                if not statuses or statuses[-1] is not None:
                    statuses.append(None)
            time.sleep(0.02)
            return
        assert reply.status == 200, (reply.status, reply.body[:300])
        body = reply.json
        for tap, result in zip(batch, body["results"]):
            assert result["id"] == tap["id"]
            self.answers.setdefault(tap["id"], []).append(result["status"])
        del self.queue[: len(batch)]
        self.version = body["version"]
        if body["card"] is not None:  # the server's card wins; the taps still queued go on top of it
            fresh = PhoneCopy.of(body["card"], self.copy.rules)
            fresh.meant, fresh.renuncio_decided = self.copy.meant, self.copy.renuncio_decided
            for tap in self.queue:
                assert fresh.take(tap) == APPLIED, tap
            self.copy = fresh
        with self.progress:
            self.answered += 1
            self.progress.notify_all()

    def done_after_a_kill(self) -> list[str]:
        """The taps stored by a request the server was killed before answering, answered done when sent again."""
        return [tap_id for tap_id, statuses in list(self.answers.items()) if statuses[0] is None and DONE in statuses]

    def wait_for(self, answered: int) -> None:
        """Wait until the server has answered ``answered`` requests in all (or the phone has stopped)."""
        deadline = time.monotonic() + WAIT
        with self.progress:
            while self.answered < answered and self.is_alive() and self.error is None:
                assert time.monotonic() < deadline, f"the phone made no progress: {self.answered} of {answered}"
                self.progress.wait(0.5)
        if self.error is not None:
            raise self.error


def game_id_of(database_url: str, token: str) -> int:
    """The database's id of game ``token``."""
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return int(connection.execute(select(Game.id).filter_by(edit_hash=token_hash(token))).scalar_one())
    finally:
        engine.dispose()


def stored_now(database_url: str, game_id: int, player: OutboxPlayer, server: ServerProcess) -> bool:
    """Wait (a few seconds at most) until the last tap of the request on its way is stored, then freeze the server
    (SIGSTOP) so that no answer can leave it before the kill; whether that same request is still unanswered."""
    sent = player.sends  # read before the batch: a request sent in between makes the two disagree, never agree
    engine = create_engine(database_url, poolclass=NullPool)
    query = select(AppliedTap.id).filter_by(game_id=game_id, tap_id=player.batch[-1]["id"])
    deadline = time.monotonic() + 5
    try:
        with engine.connect() as connection:
            while player.in_flight.is_set() and player.sends == sent and time.monotonic() < deadline:
                if connection.execute(query).first() is not None:
                    assert server.process is not None
                    server.process.send_signal(signal.SIGSTOP)
                    time.sleep(ANSWER_ON_ITS_WAY)  # an answer already written reaches the phone meanwhile
                    return player.in_flight.is_set() and player.sends == sent
                connection.rollback()
    finally:
        engine.dispose()
    return False


def test_no_answered_tap_of_an_outbox_is_lost_when_the_server_is_killed(serve: ServeFactory, database_url: str) -> None:
    seed = int(os.environ.get("POCHA_CRASH_SEED") or random.SystemRandom().randrange(2**32))
    rng = random.Random(seed)
    server = serve(database_url)
    phone = Phone(server.url)
    token = phone.start_game(NAMES, dealer=0, **GAME)
    card = phone.open_game(token).card_block["card"]
    rules = read_game(database_url, token).rules
    assert rules is not None
    player = OutboxPlayer(phone, PhoneCopy.of(card, rules), random.Random(rng.random()))
    player.start()
    kills_in_flight = after_commit = 0
    game_id = game_id_of(database_url, token)
    try:
        kill = 0
        while kill < KILLS or (not player.done_after_a_kill() and kill < MOST_KILLS):
            kill += 1
            player.wait_for(player.answered + rng.randint(1, 4))
            if not player.is_alive():
                break
            assert player.in_flight.wait(WAIT), "the phone stopped sending"
            if kill % 2 == 0:  # as soon as the request's taps are stored, the server frozen before it answers
                after_commit += stored_now(database_url, game_id, player, server)
            else:  # somewhere in the request: reading, applying, committing, answering
                time.sleep(rng.uniform(0, 0.02))
            kills_in_flight += player.in_flight.is_set()
            server.kill()
            server.start()
        player.wait_for(player.answered + 3)
        player.stop_tapping.set()
        player.join(WAIT)
    finally:
        player.stopping.set()
        player.join(WAIT)
    assert not player.is_alive(), "the phone never stopped"
    if player.error is not None:
        raise player.error
    assert not player.queue, "taps left unsent"

    stored = read_game(database_url, token)
    answers = player.answers
    firsts = Counter(statuses[0] or "no answer" for statuses in answers.values())
    applied = Counter(tap_id for tap_id, statuses in answers.items() for status in statuses if status == APPLIED)
    answered = {tap_id for tap_id, statuses in answers.items() if {APPLIED, DONE} & set(statuses)}
    done_after_kill = player.done_after_a_kill()
    refused = [tap_id for tap_id, statuses in answers.items() if REFUSED in statuses]
    duplicated = sum(count - 1 for count in applied.values()) + len(stored.applied) - len(set(stored.applied))
    lost = answered - set(stored.applied)
    dropped = {tap["id"] for tap in player.made} - set(stored.applied)
    print(
        f"kill -9 of an outbox on {dialect_of(database_url)} (seed {seed}): {server.starts - 1} kills "
        f"({kills_in_flight} while a request was on its way, {after_commit} of them just after its commit), "
        f"{len(player.made)} taps made, {player.answered} requests answered; first answers "
        f"{dict(firsts)}; {sum(applied.values())} applied, {len(done_after_kill)} stored before a kill and "
        f"answered done when sent again, {len(refused)} refused, {len(lost)} answered and lost, "
        f"{len(dropped)} never stored, {duplicated} applied twice; {len(stored.sheet.rows)} hands saved"
    )

    assert server.starts - 1 >= KILLS
    assert not lost and not dropped and not duplicated and not refused, f"seed {seed}"
    assert all(count == 1 for count in applied.values()) and answered == set(stored.applied)
    assert done_after_kill, "no kill fell between a commit and its answer"
    assert phone.request(f"/p/{token}/carta").json["card"] == player.copy.card
    if dialect_of(database_url) == "sqlite":
        with sqlite3.connect(sqlite_file(database_url)) as check:
            assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert phone.request(f"/p/{token}").status == 200
