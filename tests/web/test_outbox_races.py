"""Two phones send their outboxes to a real server at the same moment (waitress, SQLite and PostgreSQL): each queue
twice at once (the phone's timer and its ``online`` event both fire), so the requests carry the same ids, and the two
queues say different things about the same moment (another trump, another bid, other tricks, a save).

Each of ``ROUNDS`` rounds starts a new game, plays it a random way through the outbox, then lets both phones make
a queue of their own from the same card and releases the four requests together. The answers must be those of the
four requests taken one after the other in some order (the game's lock): the referee (``support.outbox``) replays
every order and one must give exactly the statuses, versions and cards answered, and the stored game. So each id is
applied at most once, every ``applied`` answer is stored, and nothing is answered 500. The counts are printed
(``pytest -rP`` or ``-s`` shows them).
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter
from collections.abc import Sequence
from functools import partial
from typing import Any

import pytest

from support.outbox import APPLIED, DONE, REFUSED, PhoneCopy, Referee
from support.server import Phone, Reply, ServeFactory, dialect_of, read_game, together

pytestmark = pytest.mark.slow

ROUNDS = 20
NAMES = ("Ana", "Bea", "Carlos", "Dani")
GAME = {"preset": "a_medida", "custom_sizes": "2 3 5 3"}


def make_taps(phone: PhoneCopy, rng: random.Random, count: int) -> list[dict[str, Any]]:
    """Up to ``count`` taps the phone's scorekeeper makes one after the other, each taken on its copy at once."""
    taps = []
    for _ in range(count):
        tap = phone.next_tap(rng)
        if tap is None:
            break
        assert phone.take(tap) == APPLIED, tap
        taps.append(tap)
    return taps


def replay(
    referee: Referee, requests: Sequence[tuple[int, list[dict[str, Any]]]], answers: Sequence[Reply]
) -> Referee | None:
    """The referee after ``requests`` (version, taps) taken in this order, when that gives exactly ``answers``
    (statuses, versions, a card exactly when the phone cannot know the game); else ``None``."""
    referee = copy.deepcopy(referee)
    for (version, taps), answer in zip(requests, answers):
        known = version == referee.version
        statuses = [referee.take(tap) for tap in taps]
        body = answer.json
        if [result["status"] for result in body["results"]] != statuses or body["version"] != referee.version:
            return None
        if (body["card"] is None) != (known and REFUSED not in statuses):
            return None
        if body["card"] is not None and body["card"] != referee.card:
            return None
    return referee


def test_two_phones_racing_their_queues_apply_each_tap_once(serve: ServeFactory, database_url: str) -> None:
    seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    server = serve(database_url)
    one, two = Phone(server.url), Phone(server.url)
    outcomes: Counter[str] = Counter()
    orders: Counter[str] = Counter()
    sent = duplicated = lost = 0
    for _ in range(ROUNDS):
        token = one.start_game(NAMES, 0, **GAME)
        card = one.open_game(token).card_block["card"]
        rules = read_game(database_url, token).rules
        assert rules is not None
        referee = Referee.new(rules, NAMES, 0)
        setter = PhoneCopy.of(card, rules)
        setup = make_taps(setter, rng, rng.randint(0, 25))
        if setup:
            answer = one.send_outbox(setup, card["version"])
            assert answer.status == 200 and {r["status"] for r in answer.json["results"]} == {APPLIED}, answer.body
            assert [referee.take(tap) for tap in setup] == [APPLIED] * len(setup)

        queues = []
        for phone in (one, two):
            card = phone.open_game(token).card_block["card"]
            mine = PhoneCopy.of(card, rules)
            queue = make_taps(mine, rng, rng.randint(1, 8))
            start = rng.randrange(len(queue))
            for taps in (queue, queue[start : rng.randint(start + 1, len(queue))]):
                queues.append((phone, card["version"], taps))
        answers = together([partial(phone.send_outbox, taps, version) for phone, version, taps in queues])

        assert [answer.status for answer in answers] == [200] * 4, [answer.body[:300] for answer in answers]
        requests = [(version, taps) for _, version, taps in queues]
        found = None
        for order in itertools.permutations(range(4)):
            found = replay(referee, [requests[i] for i in order], [answers[i] for i in order])
            if found is not None:
                orders["".join("AaBb"[i] for i in order)] += 1
                break
        stored = read_game(database_url, token)
        applied = Counter(
            tap["id"]
            for (_, taps), answer in zip(requests, answers)
            for tap, result in zip(taps, answer.json["results"])
            if result["status"] == APPLIED
        )
        for answer in answers:
            outcomes.update(result["status"] for result in answer.json["results"])
            assert all(r["message"] and r["hand"] for r in answer.json["results"] if r["status"] == REFUSED)
        sent += sum(len(taps) for _, taps in requests)
        duplicated += sum(count - 1 for count in applied.values())
        lost += len(set(applied) - set(stored.applied))
        assert found is not None, (
            f"seed {seed}: no order of the four requests gives these answers: {requests} {[a.json for a in answers]}"
        )
        assert sorted(stored.applied) == sorted(found.applied)
        assert one.request(f"/p/{token}/carta").json["card"] == found.card

    print(
        f"two phones racing their outboxes on {dialect_of(database_url)} (seed {seed}): {ROUNDS} rounds, "
        f"{sent} taps sent ({outcomes[APPLIED]} applied, {outcomes[DONE]} done, {outcomes[REFUSED]} refused), "
        f"{lost} answered applied and not stored, {duplicated} applied twice; orders seen: {dict(orders)}"
    )
    assert not server.tracebacks(), server.log_tail()
    assert duplicated == lost == 0
    assert outcomes[REFUSED] > 0 and outcomes[DONE] > 0, "the races never met"
