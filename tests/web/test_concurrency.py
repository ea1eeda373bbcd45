"""Several phones tapping at the same moment on a real server (waitress, SQLite and PostgreSQL): every tap
answered 303 is stored, of two conflicting taps exactly one lands and the other phone is told what is
stored now, and nothing is ever answered 500.

Each scenario plays ``ROUNDS`` rounds, each on a new game: the phones open the game page, then send
their taps from its forms (hidden fields as the page has them) at once, released by a barrier. The
outcomes of every tap are counted and printed (``pytest -rP`` or ``-s`` shows them).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import pytest

from support.pages import text_of
from support.server import (
    Phone,
    Reply,
    ServeFactory,
    ServerProcess,
    StoredGame,
    StoredHand,
    dialect_of,
    read_game,
    together,
)

pytestmark = pytest.mark.slow

ROUNDS = 30
NAMES = ("Ana", "Bea", "Carlos", "Dani")
DEALER = 0
ORDER = (1, 2, 3, 0)  # the bidding order when seat 0 deals
CARDS = 5
GAME = {"preset": "a_medida", "custom_sizes": "5 5 5"}  # hands of five cards: room for different values
BIDS = (0, 1, 1, 1)  # by seat; the dealer's 0 avoids the forbidden 2
TRICKS = (0, 2, 2, 1)  # by seat
TRUMPS = {"O": "Oros", "C": "Copas", "E": "Espadas", "B": "Bastos"}
STAGES = ("start", "trump", "two bids", "bids", "tricks")  # how far hand 1 is played before a race

LANDED = "landed"
REFUSED = "refused with a message"
SERVER_ERROR = "5xx"


# --- a table of phones -------------------------------------------------------------------------


@dataclass
class Tally:
    """What happened to every tap of a scenario, and what broke the promise (with the round it happened in)."""

    scenario: str
    database: str
    rounds: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def report(self) -> str:
        """One line: rounds and taps by outcome."""
        counts = ", ".join(f"{what}: {n}" for what, n in sorted(self.outcomes.items()))
        return (
            f"{self.scenario} on {self.database}: {self.rounds} rounds, {sum(self.outcomes.values())} taps ({counts})"
        )

    def check(self) -> None:
        """Print the report, then fail with the first problems if there were any."""
        print(self.report())
        assert not self.problems, f"{self.report()}\n" + "\n".join(self.problems[:12])


class Table:
    """A real server, one game per round, and ``count`` phones at it; phone 0 sets each round up."""

    def __init__(self, server: ServerProcess, count: int) -> None:
        self.server = server
        self.phones = [Phone(server.url) for _ in range(count)]
        self.token = ""

    @property
    def setter(self) -> Phone:
        """The phone that starts the game and taps it up to the moment of the race."""
        return self.phones[0]

    def new_game(self) -> None:
        """Start a new game on phone 0 (the others open it at the race)."""
        self.token = self.setter.start_game(NAMES, DEALER, **GAME)

    def trump(self) -> None:
        """Tap the trump of hand 1 (oros)."""
        self.setter.tap_ok("pinta", value="O")

    def bids(self, seats: Sequence[int] = ORDER) -> None:
        """Tap the bids of ``seats`` (in bidding order)."""
        for seat in seats:
            self.setter.tap_ok("apuesta", seat, BIDS[seat])

    def tricks(self, seats: Sequence[int] = ORDER[:-1]) -> None:
        """Tap the tricks of ``seats``."""
        for seat in seats:
            self.setter.tap_ok("bazas", seat, TRICKS[seat])

    def reach(self, stage: str) -> None:
        """Start a new game and tap hand 1 up to ``stage``: "start" (nothing said), "trump", "two bids",
        "bids" (all of them) or "tricks" (all but the last player's)."""
        at = STAGES.index(stage)
        self.new_game()
        if at >= 1:
            self.trump()
        if at == 2:
            self.bids(ORDER[:2])
        if at >= 3:
            self.bids()
        if at >= 4:
            self.tricks()

    def stored(self) -> StoredGame:
        """The game as stored now."""
        return read_game(self.server.database_url, self.token)

    def race(self, taps: Sequence[tuple[str, int | None, str | int | None]]) -> list[Reply]:
        """Every phone looks at the game page, then phone i sends ``taps[i]`` from it, all at once."""
        prepared = []
        for phone, (tap, seat, value) in zip(self.phones, taps):
            phone.open_game(self.token)
            prepared.append(phone.prepare(tap, seat, value))
        return together([partial(phone.send, tap) for phone, tap in zip(self.phones, prepared)])


@pytest.fixture
def tables(serve: ServeFactory, database_url: str) -> Callable[[int], Table]:
    """``tables(n)``: a real server on a fresh database (SQLite, then PostgreSQL) and n phones at it."""
    server = serve(database_url)
    return lambda count: Table(server, count)


# --- reading the answers -----------------------------------------------------------------------


Slot = tuple[str, int | None]  # ("trump", None), ("bids", seat), ("tricks", seat), ("renuncios", seat)


def slot_value(hand: StoredHand | None, slot: Slot) -> object:
    """What hand ``hand`` stores in ``slot`` (``None`` when the hand has no row yet)."""
    if hand is None:
        return None if slot[0] != "renuncios" else 0
    kind, seat = slot
    if kind == "trump":
        return hand.trump
    assert seat is not None
    return getattr(hand, kind)[seat]


def changed_slots(before: StoredHand | None, after: StoredHand | None, players: int) -> list[Slot]:
    """Every slot whose value differs between two versions of a hand's row."""
    slots: list[Slot] = [("trump", None)] + [
        (kind, s) for kind in ("bids", "tricks", "renuncios") for s in range(players)
    ]
    changed = [slot for slot in slots if slot_value(before, slot) != slot_value(after, slot)]
    if (before.complete if before else False) != (after.complete if after else False):
        changed.append(("complete", None))
    return changed


def shows_stored(reply: Reply, slot: Slot, stored: object) -> bool:
    """True when a refused tap's page tells what is stored now: in the hand panel, or in its message."""
    kind, seat = slot
    message = reply.message
    if kind == "trump":
        label = TRUMPS.get(str(stored), str(stored))
        shown = re.search(r"<dt>Pinta</dt>\s*<dd>(.*?)</dd>", reply.html, re.S)
        return label in message or (shown is not None and label in text_of(shown.group(1)))
    assert seat is not None
    name = NAMES[seat]
    in_message = name in message and re.search(rf"\b{stored}\b", message) is not None
    if kind == "bids":
        said = re.search(r'<ul class="said">(.*?)</ul>', reply.html, re.S)
        items = [text_of(li) for li in re.findall(r"<li[^>]*>(.*?)</li>", said.group(1), re.S)] if said else []
        return in_message or f"{name}: {stored}" in items
    if kind == "tricks":
        try:
            form = reply.form("bazas", seat)
        except LookupError:
            return in_message
        pressed = [b.value for b in form.buttons if b.pressed == "true"]
        return in_message or pressed == [str(stored)]
    return in_message


def judge(
    tally: Tally, round_no: int, replies: Sequence[Reply], sent: Sequence[object], slot: Slot, stored: object
) -> None:
    """Count each answer of a race over one slot, and note every broken promise.

    A tap whose value is stored must have been answered 303 by at least one phone (a phone sending
    the same value again may be refused, with a message); a tap whose value is not stored must not
    be answered 303: a 4xx page with a message that shows what is stored.
    """
    where = f"round {round_no}: sent {list(sent)}, stored {stored!r}, answers {[r.status for r in replies]}"
    if not any(r.status == 303 for r, value in zip(replies, sent) if value == stored):
        tally.problems.append(f"{where}: the stored value was not answered 303 to anybody")
    for reply, value in zip(replies, sent):
        if reply.status >= 500:
            tally.outcomes[SERVER_ERROR] += 1
            tally.problems.append(f"{where}: answered {reply.status}")
        elif reply.status == 303:
            if value == stored:
                tally.outcomes[LANDED] += 1
            else:
                tally.outcomes["answered 303, not stored"] += 1
                tally.problems.append(f"{where}: {value!r} was answered 303 and not stored")
        elif 400 <= reply.status < 500:
            if not reply.message:
                tally.outcomes["refused without a message"] += 1
                tally.problems.append(f"{where}: {value!r} refused ({reply.status}) without a message")
            elif value != stored and not shows_stored(reply, slot, stored):
                tally.outcomes["refused without the stored value"] += 1
                tally.problems.append(
                    f"{where}: {value!r} refused ({reply.status}, «{reply.message}») "
                    f"without showing the stored {stored!r}"
                )
            else:
                tally.outcomes[f"{REFUSED} ({reply.status})"] += 1
        else:
            tally.outcomes[f"answered {reply.status}"] += 1
            tally.problems.append(f"{where}: answered {reply.status}")


def check_once(
    tally: Tally, round_no: int, before: StoredGame, after: StoredGame, number: int, slots: Sequence[Slot]
) -> None:
    """The race changed the game exactly once: the version up by one, and only ``slots`` of hand ``number`` changed."""
    if after.version != before.version + 1:
        tally.problems.append(
            f"round {round_no}: the version went from {before.version} to {after.version}, not up by one"
        )
    changed = changed_slots(before.hand(number), after.hand(number), len(NAMES))
    if sorted(changed, key=str) != sorted(slots, key=str):
        tally.problems.append(f"round {round_no}: changed {changed}, expected {list(slots)}")


# --- (a) the same tap from two phones ------------------------------------------------------------


@dataclass(frozen=True)
class SameTap:
    """One kind of tap sent twice at once: how far hand 1 is played first, the tap, and what it stores."""

    stage: str
    tap: tuple[str, int | None, str | int | None]
    changes: tuple[Slot, ...]
    done: Callable[[StoredHand | None], bool]


SAME_TAPS = {
    "pinta": SameTap("start", ("pinta", None, "O"), (("trump", None),), lambda h: h is not None and h.trump == "O"),
    "apuesta": SameTap("trump", ("apuesta", 1, 2), (("bids", 1),), lambda h: h is not None and h.bids[1] == 2),
    "bazas": SameTap("bids", ("bazas", 1, 2), (("tricks", 1),), lambda h: h is not None and h.tricks[1] == 2),
    "renuncio": SameTap(
        "bids", ("renuncio", 2, 1), (("renuncios", 2),), lambda h: h is not None and h.renuncios[2] == 1
    ),
    "deshacer": SameTap(
        "two bids",
        ("deshacer", None, None),
        (("bids", 2),),
        lambda h: h is not None and h.bids[1] == BIDS[1] and h.bids[2] is None,
    ),
    "guardar": SameTap(
        "tricks", ("guardar", None, None), (("tricks", 0), ("complete", None)), lambda h: h is not None and h.complete
    ),
}


def test_the_same_tap_from_two_phones_is_stored_once(tables: Callable[[int], Table], database_url: str) -> None:
    table = tables(2)
    tally = Tally("(a) the same tap twice", dialect_of(database_url))
    kinds = list(SAME_TAPS)
    for round_no in range(ROUNDS):
        kind = kinds[round_no % len(kinds)]
        same = SAME_TAPS[kind]
        table.reach(same.stage)
        before = table.stored()
        replies = table.race([same.tap, same.tap])
        after = table.stored()
        stored = kind if same.done(after.hand(1)) else "nothing"
        judge(tally, round_no, replies, [kind, kind], same.changes[0], stored)
        check_once(tally, round_no, before, after, 1, same.changes)
        if kind == "guardar" and after.hand(2) is not None:
            tally.problems.append(f"round {round_no}: saving hand 1 twice stored something in hand 2")
        tally.rounds += 1
    tally.check()


# --- (b) two different values for one step -------------------------------------------------------


@dataclass(frozen=True)
class Conflict:
    """Two phones giving one slot different values: how far hand 1 is played first, and the two taps."""

    stage: str
    slot: Slot
    tap: str
    values: tuple[str | int, str | int]


CONFLICTS = {
    "two bids for the same turn": Conflict("trump", ("bids", 1), "apuesta", (0, 2)),
    "two tricks for the same player": Conflict("bids", ("tricks", 1), "bazas", (1, 3)),
    "two trumps": Conflict("start", ("trump", None), "pinta", ("O", "C")),
}


def test_of_two_different_values_exactly_one_lands(tables: Callable[[int], Table], database_url: str) -> None:
    table = tables(2)
    tally = Tally("(b) two values for one step", dialect_of(database_url))
    kinds = list(CONFLICTS)
    for round_no in range(ROUNDS):
        conflict = CONFLICTS[kinds[round_no % len(kinds)]]
        values = conflict.values if round_no % 2 == 0 else conflict.values[::-1]
        table.reach(conflict.stage)
        before = table.stored()
        replies = table.race([(conflict.tap, conflict.slot[1], value) for value in values])
        after = table.stored()
        stored = slot_value(after.hand(1), conflict.slot)
        if stored not in values:
            tally.problems.append(f"round {round_no}: stored {stored!r}, sent {list(values)}")
        judge(tally, round_no, replies, values, conflict.slot, stored)
        check_once(tally, round_no, before, after, 1, [conflict.slot])
        tally.rounds += 1
    tally.check()


# --- (c) taps for different players at once -------------------------------------------------------


def split(cards: int, players: int, rng: random.Random) -> list[int]:
    """``cards`` tricks shared at random among ``players``."""
    cuts = sorted(rng.randint(0, cards) for _ in range(players - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, cards])]


def test_tricks_for_different_players_at_once_are_all_kept(tables: Callable[[int], Table], database_url: str) -> None:
    table = tables(len(NAMES))
    tally = Tally("(c) tricks of different players at once", dialect_of(database_url))
    rng = random.Random(20261122)
    for round_no in range(ROUNDS):
        table.reach("bids")
        tricks = split(CARDS, len(NAMES), rng)
        before = table.stored()
        replies = table.race([("bazas", seat, tricks[seat]) for seat in range(len(NAMES))])
        after = table.stored()
        hand = after.hand(1)
        assert hand is not None
        landed = 0
        for seat, reply in enumerate(replies):
            where = f"round {round_no}: {NAMES[seat]} {tricks[seat]}, stored {hand.tricks}, answers {[r.status for r in replies]}"
            if reply.status >= 500:
                tally.outcomes[SERVER_ERROR] += 1
                tally.problems.append(f"{where}: answered {reply.status}")
            elif reply.status == 303 and hand.tricks[seat] == tricks[seat]:
                tally.outcomes[LANDED] += 1
                landed += 1
            elif reply.status == 303:
                tally.outcomes["answered 303, not stored"] += 1
                tally.problems.append(f"{where}: answered 303 and not stored")
            else:  # these taps never conflict: every one of them must land
                tally.outcomes[f"answered {reply.status}"] += 1
                tally.problems.append(f"{where}: answered {reply.status} «{reply.message}»")
        if after.version != before.version + landed:
            tally.problems.append(
                f"round {round_no}: {landed} taps landed, the version went from {before.version} to {after.version}"
            )
        tally.rounds += 1
    tally.check()


# --- (d) the first tap of a new hand from three phones --------------------------------------------


def test_the_first_tap_of_a_new_hand_from_three_phones_is_stored_once(
    tables: Callable[[int], Table], database_url: str
) -> None:
    table = tables(3)
    tally = Tally("(d) the first tap of a hand from 3 phones", dialect_of(database_url))
    slot: Slot = ("trump", None)
    for round_no in range(ROUNDS):
        table.reach("tricks")
        table.setter.tap_ok("guardar")
        trumps = ["E", "E", "E"] if round_no % 2 == 0 else ["O", "C", "B"]
        before = table.stored()
        assert before.hand(2) is None and before.plan is not None and before.plan.number == 2
        replies = table.race([("pinta", None, suit) for suit in trumps])
        after = table.stored()
        stored = slot_value(after.hand(2), slot)
        if stored not in trumps:
            tally.problems.append(f"round {round_no}: stored {stored!r}, sent {trumps}")
        judge(tally, round_no, replies, trumps, slot, stored)
        check_once(tally, round_no, before, after, 2, [slot])
        tally.rounds += 1
    tally.check()
