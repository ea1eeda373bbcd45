"""kill -9 in the middle of the taps: every tap the server answered 303 is in the database afterwards, the
database is whole, no hand is half-saved, and every page of the game still opens.

A phone plays a game tap by tap against a real server, like a person: it opens the game page, taps
what the page asks for next, and when the server is gone it waits and opens the page again. Ten
times, at a random moment while a tap is on its way, the server is killed with SIGKILL and started
again on the same database. The seed of the random moments is printed; ``POCHA_CRASH_SEED`` replays it.
"""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from support.server import (
    NO_ANSWER,
    Phone,
    Reply,
    ServeFactory,
    ServerProcess,
    StoredGame,
    dialect_of,
    read_game,
    sqlite_file,
)

pytestmark = pytest.mark.slow

KILLS = 10
NAMES = ("Ana", "Bea", "Carlos", "Dani")
WAIT = 120.0  # seconds the test waits for the phone to make progress before it fails
RENUNCIO_CHANCE = 0.3  # hands in which somebody commits a renuncio


@dataclass(frozen=True)
class Tap:
    """One tap the phone sent: for which hand, its name (pinta, apuesta...), what, and the answer (``None``: the
    server died before answering)."""

    hand: int
    name: str
    seat: int | None
    value: str | None
    status: int | None


@dataclass
class Intentions:
    """What the phone means to say in one hand, chosen the first time the page asks."""

    trump: str | None = None
    bids: dict[int, str] = field(default_factory=dict)
    tricks: dict[int, str] = field(default_factory=dict)
    renuncio: int | None = None
    renuncio_decided: bool = False


class Player(threading.Thread):
    """A phone that keeps playing the game, whatever happens to the server, until told to stop."""

    def __init__(self, phone: Phone, token: str, rng: random.Random) -> None:
        super().__init__(daemon=True)
        self.phone = phone
        self.token = token
        self.rng = rng
        self.taps: list[Tap] = []
        self.hands: dict[int, Intentions] = {}
        self.in_flight = threading.Event()
        self.stopping = threading.Event()
        self.progress = threading.Condition()
        self.answered = 0
        self.finished = False
        self.error: BaseException | None = None

    def run(self) -> None:
        """Open the page, tap what it asks for, again and again; wait a moment whenever the server is gone."""
        try:
            while not self.stopping.is_set() and not self.finished:
                self.play_one()
        except BaseException as error:
            self.error = error
        finally:
            with self.progress:
                self.progress.notify_all()

    def play_one(self) -> None:
        """One look at the game page and the tap it asks for."""
        try:
            page = self.phone.request(f"/p/{self.token}")
        except NO_ANSWER:
            time.sleep(0.02)
            return
        assert page.status == 200, (page.status, page.message)
        self.phone.page = page
        tap = self.next_tap(page)
        if tap is None:
            self.finished = True
            return
        hand, name, seat, value = tap
        prepared = self.phone.prepare(name, seat, value)
        self.in_flight.set()
        try:
            status: int | None = self.phone.send(prepared).status
        except NO_ANSWER:
            status = None
        finally:
            self.in_flight.clear()
        with self.progress:
            self.taps.append(Tap(hand, name, seat, value, status))
            self.answered += status is not None
            self.progress.notify_all()

    def next_tap(self, page: Reply) -> tuple[int, str, int | None, str | None] | None:
        """What the page asks for next, with the value the phone means to give (``None`` once the game is over)."""
        offered = {form.tap for form in page.forms()}
        if "guardar" not in offered and not offered & {"pinta", "apuesta", "bazas", "subasta"}:
            return None
        form = next(f for f in page.forms() if f.tap in {"pinta", "apuesta", "bazas", "guardar", "subasta"})
        hand = int(form.hidden["hand"])
        wants = self.hands.setdefault(hand, Intentions())
        if "pinta" in offered:
            wants.trump = wants.trump or self.rng.choice("OCEB")
            return hand, "pinta", None, wants.trump
        if "apuesta" in offered:
            bid = page.form("apuesta")
            seat = int(bid.hidden["seat"])
            allowed = [b.value for b in bid.buttons if b.name == "value" and not b.disabled]
            if wants.bids.get(seat) not in allowed:
                wants.bids[seat] = self.rng.choice(allowed)
            return hand, "apuesta", seat, wants.bids[seat]
        assert "bazas" in offered, f"an unexpected stage: {sorted(offered)}"
        if not wants.renuncio_decided:
            wants.renuncio_decided = True
            wants.renuncio = self.rng.randrange(len(NAMES)) if self.rng.random() < RENUNCIO_CHANCE else None
        if wants.renuncio is not None:
            counts = [int(b.value) for b in page.form("renuncio", wants.renuncio).buttons if b.name == "value"]
            if max(counts) == 1:  # none yet: "+" sends the new count, 1
                return hand, "renuncio", wants.renuncio, "1"
        forms = page.forms("bazas")
        if not wants.tricks:
            cards = len(forms[0].buttons) - 1
            shares = sorted(self.rng.randint(0, cards) for _ in range(len(forms) - 1))
            cuts = [b - a for a, b in zip([0, *shares], [*shares, cards])]
            wants.tricks = {int(f.hidden["seat"]): str(n) for f, n in zip(forms, cuts)}
        for trick_form in forms[:-1]:  # the last player's are filled in by the page
            seat = int(trick_form.hidden["seat"])
            pressed = [b.value for b in trick_form.buttons if b.pressed == "true"]
            if pressed != [wants.tricks[seat]]:
                return hand, "bazas", seat, wants.tricks[seat]
        return hand, "guardar", None, None

    def wait_for(self, answered: int) -> None:
        """Wait until the server has answered ``answered`` taps in all (or the game is over)."""
        deadline = time.monotonic() + WAIT
        with self.progress:
            while self.answered < answered and not self.finished and self.error is None:
                assert time.monotonic() < deadline, f"the phone made no progress: {self.answered} of {answered} answers"
                self.progress.wait(0.5)
        if self.error is not None:
            raise self.error


def holds(hand: Any, name: str, seat: int | None, value: Any) -> bool:
    """Whether the stored ``hand`` holds what the tap ``name`` said (a save: the hand is saved)."""
    if name == "guardar":
        return bool(hand.complete)
    if name == "pinta":
        return bool(hand.trump == value)
    assert seat is not None
    column = {"apuesta": hand.bids, "bazas": hand.tricks, "renuncio": hand.renuncios}[name]
    return bool(column[seat] == value)


def lost_taps(taps: list[Tap], game: StoredGame) -> list[Tap]:
    """The taps answered 303 whose value is not what the database holds (the phone never changes what it said)."""
    lost = []
    for tap in taps:
        if tap.status != 303:
            continue
        hand = game.hand(tap.hand)
        value = int(tap.value) if tap.value is not None and tap.value.isdigit() else tap.value
        kept = hand is not None and holds(hand, tap.name, tap.seat, value)
        if not kept:
            lost.append(tap)
    return lost


def half_saved(game: StoredGame) -> list[int]:
    """Saved hands that lack a trump, a bid or a player's tricks, or that leave a gap before them."""
    saved = [hand for hand in game.hands if hand.complete]
    wrong = [h.number for h in saved if h.trump is None or None in h.bids or None in h.tricks]
    if [h.number for h in saved] != list(range(1, len(saved) + 1)):
        wrong.append(-1)
    return wrong


def pages_of(token: str, game: StoredGame) -> list[str]:
    """Every page of the game, from both of its addresses, and the correction page of each saved hand."""
    pages = ["/", "/historial"]
    for base in (f"/p/{token}", f"/ver/{game.watch_token}"):
        pages += [base, f"{base}/hoja.csv", f"{base}/partida.json", f"{base}/imprimir", f"{base}/hoja.pdf"]
    pages += [f"/p/{token}/mano/{hand.number}/corregir" for hand in game.hands if hand.complete]
    return pages


def test_no_answered_tap_is_lost_when_the_server_is_killed(serve: ServeFactory, database_url: str) -> None:
    seed = int(os.environ.get("POCHA_CRASH_SEED") or random.SystemRandom().randrange(2**32))
    rng = random.Random(seed)
    server: ServerProcess = serve(database_url)
    phone = Phone(server.url)
    token = phone.start_game(NAMES, dealer=0, preset="clasica")
    player = Player(phone, token, random.Random(rng.random()))
    player.start()
    kills_in_flight = 0
    try:
        for _ in range(KILLS):
            player.wait_for(player.answered + rng.randint(1, 6))
            assert player.in_flight.wait(WAIT), "the phone stopped tapping"
            time.sleep(rng.uniform(0, 0.02))  # somewhere in the tap: reading, checking, committing, answering
            kills_in_flight += player.in_flight.is_set()
            server.kill()
            server.start()
        player.wait_for(player.answered + 5)
    finally:
        player.stopping.set()
        player.join(WAIT)
    assert not player.is_alive(), "the phone never stopped"
    if player.error is not None:
        raise player.error

    game = read_game(database_url, token)  # computes the sheet: raises if the engine refuses a saved hand
    answers = Counter("no answer" if tap.status is None else str(tap.status) for tap in player.taps)
    lost = lost_taps(player.taps, game)
    saved = [hand for hand in game.hands if hand.complete]
    print(
        f"kill -9 on {dialect_of(database_url)} (seed {seed}): {server.starts - 1} kills "
        f"({kills_in_flight} while a tap was on its way), {len(player.taps)} taps "
        f"({', '.join(f'{k}: {n}' for k, n in sorted(answers.items()))}), {len(saved)} hands saved, "
        f"{len(lost)} answered taps lost; a start took {min(server.start_seconds):.1f} to {max(server.start_seconds):.1f} s"
    )

    assert server.starts - 1 == KILLS
    assert not lost, f"seed {seed}: {len(lost)} taps answered 303 and not in the database, the first: {lost[:5]}"
    assert set(answers) <= {"303", "no answer"}, f"seed {seed}: {answers}"
    assert not half_saved(game), f"seed {seed}: half-saved hands {half_saved(game)} in {game.hands}"
    assert len(game.sheet.rows) == len(saved) > 0
    if dialect_of(database_url) == "sqlite":
        with sqlite3.connect(sqlite_file(database_url)) as check:
            assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert check.execute("PRAGMA foreign_key_check").fetchall() == []
    for page in pages_of(token, game):
        assert phone.request(page).status == 200, f"{page} after the kills"
