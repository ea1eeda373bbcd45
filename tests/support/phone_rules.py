"""The two sides of the differential tests (tests/phone/): the engine as the server applies a tap, and the phone's
copy of the hand (static/js/pocha/hand_rules.js) in a long-lived Node.js process; each gives what the page shows. The
same for the schedule: the engine's plans and extra hands, and the phone's (static/js/pocha/schedule.js, hand_plan.js).

The server's side is the engine's ``HandInPlay`` and ``score_sheet`` with what games/taps.py adds around them (a tap
for another hand, the game over, a hand saved twice). Both sides answer in the same plain data: the projection of
everything the game page shows (the card's plans, for a schedule), or the refusal's message template and values.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import strategies as st

from scorekeeper.engine import (
    OPTIONS,
    Choice,
    Flag,
    HandInPlay,
    HandList,
    HandRecord,
    Message,
    Number,
    Places,
    PochaError,
    Rules,
    ScoreSheet,
    Special,
    Step,
    extra_hand,
    game_card,
    schedule,
    score_sheet,
    trump_code,
)
from scorekeeper.engine.game_card import fixed_trumps_by_kind, max_cards_by_table, plan_card
from scorekeeper.engine.options import MOST_HANDS
from scorekeeper.engine.rules import DEFAULT_RULES, SPECIAL_KINDS
from scorekeeper.games.taps import GameFinishedError, StaleHandError

DRIVERS = Path(__file__).resolve().parent.parent / "phone"

#: What the page's data carries for the phone to plan hands with (templates/games/_phone_page.html).
PAGE_TABLES: Final = {"max_cards": max_cards_by_table(), "fixed_trumps": fixed_trumps_by_kind()}

#: A tap as the phone sends it (the contract's): action, hand, and seat and value where they apply.
Tap = dict[str, Any]


def node_program() -> str:
    """Node.js, from Debian's ``nodejs`` (``make test`` and ``make test-fast`` install it): a failure when missing."""
    found = shutil.which("node") or shutil.which("nodejs")
    if found:
        return found
    pytest.fail(
        "Node.js is missing: install it with `apt-get install -y nodejs` (or run `make test`, which does)",
        pytrace=False,
    )


class PhoneDriver:
    """One of the phone's modules in a Node.js process, through its driver (tests/phone/): a JSON line in, a JSON
    line out. The tables hands are planned with go with every request (the most cards by the players at the table,
    the trump each kind of hand sets), as the game page's data carries them."""

    driver = "hand_rules_driver.js"

    def __init__(self, node: str) -> None:
        self.process = subprocess.Popen(
            [node, str(DRIVERS / self.driver)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def ask(self, request: dict[str, Any]) -> list[dict[str, Any]]:
        """Send ``request`` (with the tables), and give the answer's ``seen``."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({**request, "tables": PAGE_TABLES}, separators=(",", ":")) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the Node.js process ended")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"{self.driver} failed:\n{answer['error']}")
        seen: list[dict[str, Any]] = answer["seen"]
        return seen

    def close(self) -> None:
        """End the process, and close its pipes."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=10)
        if self.process.stdout is not None:
            self.process.stdout.close()


class PhoneRules(PhoneDriver):
    """The phone's copy of the hand in Node.js: ``play(events)`` gives what the page shows after each event."""

    def play(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Send a card and taps (``{"card": …}`` or ``{"tap": …}`` each); the projection after each, in order."""
        return self.ask({"events": events})


class PhoneSchedule(PhoneDriver):
    """The phone's copy of the schedule in Node.js: ``plan(games)`` gives each game's schedule and extra hands."""

    driver = "schedule_driver.js"

    def plan(self, games: list[ScheduleCase]) -> list[dict[str, Any]]:
        """The schedule of each game (``schedule_seen``'s shape), planned by the phone."""
        return self.ask({"games": [case.plain() for case in games]})


# --- the server's side ---------------------------------------------------------------------------------------


@dataclass
class ServerGame:
    """A game as the server keeps it: the rules, the players, the saved hands, the sheet and the hand being played."""

    rules: Rules
    names: tuple[str, ...]
    first_dealer: int
    records: list[HandRecord] = field(default_factory=list)
    sheet: ScoreSheet | None = None
    hand: HandInPlay | None = None

    def __post_init__(self) -> None:
        self.sheet = score_sheet(self.rules, self.names, self.first_dealer, self.records)
        if self.hand is None and self.sheet.next_hand is not None:
            self.hand = HandInPlay.start(self.sheet.next_hand, self.rules, self.names)

    @property
    def scored(self) -> ScoreSheet:
        """The sheet (always scored)."""
        assert self.sheet is not None
        return self.sheet

    def card(self) -> dict[str, Any]:
        """The game's card, as the server gives it to a phone."""
        hand = self.hand
        steps = hand.steps if hand is not None else ()
        return game_card(self.rules, self.names, self.first_dealer, self.records, hand.plan if hand else None, steps)

    def hand_for(self, number: int) -> HandInPlay:
        """The hand being played, if the tap was meant for it (games/taps.py: hand_for)."""
        if self.hand is None:
            raise GameFinishedError("La partida ya ha terminado")
        if number != self.hand.plan.number:
            raise StaleHandError(
                "Esa pantalla era de la mano %(old)s; ahora se juega la mano %(number)s",
                old=number,
                number=self.hand.plan.number,
            )
        return self.hand

    def apply(self, tap: Tap) -> bool:
        """Apply ``tap`` as a tap of the game page is applied (raising the engine's refusal); True for a save."""
        action, number = tap["action"], tap["hand"]
        if action == "save":
            if 1 <= number <= len(self.records):
                raise StaleHandError("La mano %(number)s ya estaba guardada", number=number)
            record = self.hand_for(number).record()
            self.records.append(record)
            self.sheet = score_sheet(self.rules, self.names, self.first_dealer, self.records)
            nxt = self.sheet.next_hand
            self.hand = HandInPlay.start(nxt, self.rules, self.names) if nxt is not None else None
            return True
        hand = self.hand_for(number)
        if action == "undo":
            self.hand = hand.undo()
        elif action == "trump":
            self.hand = hand.apply(Step("trump", None, tap["value"]))
        else:
            kind = "renuncios" if action == "renuncios" else action
            self.hand = hand.apply(Step(kind, tap["seat"], tap["value"]))
        return False


# --- what the page shows -----------------------------------------------------------------------------------


def message_seen(message: Message) -> dict[str, Any]:
    """A message as plain data: its template and values (a value that is a message, the same way)."""
    return {
        "template": message.template,
        "params": {k: message_seen(v) if isinstance(v, Message) else v for k, v in message.params.items()},
    }


def refusal_seen(error: PochaError) -> dict[str, Any]:
    """A refused tap: the kind of refusal, the seat it is about and its message."""
    return {"refused": {"kind": type(error).__name__, "player": error.player, "message": message_seen(error.message)}}


def hand_seen(hand: HandInPlay) -> dict[str, Any]:
    """Everything the hand panel shows of ``hand``."""
    n = hand.plan.players
    filled = hand.tricks_filled
    won = hand.auction
    reason = hand.forbidden_reason
    return {
        "number": hand.plan.number,
        "stage": hand.stage,
        "next_seat": hand.next_seat,
        "order": list(hand.order),
        "leader": hand.leader,
        "trump": trump_code(hand.trump) if hand.trump_said else None,
        "offers": list(hand.offers) if hand.offers is not None else None,
        "auction": [won.winner, won.bid] if won is not None else None,
        "bids": list(hand.bids),
        "tricks": list(hand.tricks),
        "filled_in": [filled[seat] if hand.tricks[seat] is None else None for seat in range(n)],
        "renuncios": list(hand.renuncios),
        "forbidden": hand.forbidden,
        "forbidden_reason": message_seen(reason) if reason is not None else None,
        "bid_total": hand.bid_total,
        "unbid": hand.unbid,
        "overbid": hand.overbid,
        "tricks_left": hand.tricks_left,
        "would": [hand.would_score(seat) for seat in range(n)],
        "steps": [step.to_list() for step in hand.steps],
    }


def sheet_seen(sheet: ScoreSheet, rows: bool) -> dict[str, Any]:
    """What the page shows of the sheet: totals, missed bids, places, the tie, what comes next (every row's
    figures with ``rows``)."""
    table = sheet.standings
    nxt = sheet.next_hand
    seen: dict[str, Any] = {
        "totals": list(sheet.totals),
        "missed": list(sheet.missed),
        "places": [[p.seat, p.total, p.missed, p.position] for p in table.places],
        "tied_on_points": list(table.tied_on_points),
        "decided_by_misses": table.decided_by_misses,
        "decided_by_extra_hands": table.decided_by_extra_hands,
        "extra_hands": table.extra_hands,
        "finished": sheet.finished,
        "winner": sheet.winner,
        "next": [nxt.number, nxt.is_extra] if nxt is not None else None,
        "playing_for_first": list(sheet.playing_for_first),
        "unneeded": list(sheet.unneeded),
        "hands_total": sheet.hands_total,
    }
    if rows:
        seen["rows"] = [
            [
                row.plan.number,
                row.plan.cards,
                list(row.points),
                list(row.totals),
                [row.scored_by(s) for s in range(len(sheet.players))],
                [row.counts(s) for s in range(len(sheet.players))],
                list(row.penalties),
            ]
            for row in sheet.rows
        ]
    return seen


def game_seen(game: ServerGame, rows: bool) -> dict[str, Any]:
    """Everything the game page shows (every row's figures with ``rows``): the hand being played (an extra hand
    too, which the phone plans itself) and the sheet."""
    return {
        "hand": hand_seen(game.hand) if game.hand is not None else None,
        "sheet": sheet_seen(game.scored, rows),
    }


def plain(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples as lists)."""
    return json.loads(json.dumps(value))


# --- random rules ----------------------------------------------------------------------------------------------

#: More cards than any table deals (3 players hold 12 at most): a hand the engine refuses everywhere.
TOO_MANY_CARDS: Final = 13


def option_values(name: str, hands: int = MOST_HANDS) -> st.SearchStrategy[Any]:
    """Any value option ``name`` may take, as its control allows (engine/options.py, engine/rules.py): on or off,
    any of its choices, a number within its bounds (its default and its bounds more often; none where it may be
    left empty), a list of hand sizes (sizes no table deals too), or special hands of every kind, each appended or
    placed at a hand from 1 to ``hands`` (never two at the same hand)."""
    control, default = OPTIONS[name].control, getattr(DEFAULT_RULES, name)
    if isinstance(control, Flag):
        return st.booleans()
    if isinstance(control, Choice):
        return st.sampled_from(control.values)
    if isinstance(control, Number):
        bounds = st.sampled_from(list(dict.fromkeys((default, control.low, control.high))))
        numbers = st.one_of(bounds, st.integers(control.low, control.high))
        return st.one_of(st.none(), numbers) if control.blank else numbers
    if isinstance(control, HandList):
        short = st.lists(st.integers(1, TOO_MANY_CARDS), min_size=1, max_size=12)
        long = st.lists(st.integers(1, 5), min_size=1, max_size=MOST_HANDS)
        return st.one_of(st.none(), short.map(tuple), long.map(tuple))
    if isinstance(control, Places):
        special = st.builds(Special, st.sampled_from(SPECIAL_KINDS), st.one_of(st.none(), st.integers(1, hands)))
        return st.lists(special, max_size=4).map(_one_a_hand).map(tuple)
    raise NotImplementedError(f"the differential tests cannot draw {name}: teach option_values its control")


def _one_a_hand(specials: list[Special]) -> list[Special]:
    """``specials`` without those placed at a hand an earlier one took."""
    taken: set[int] = set()
    kept = []
    for special in specials:
        if special.at is None or special.at not in taken:
            kept.append(special)
            if special.at is not None:
                taken.add(special.at)
    return kept


# --- the schedule ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScheduleCase:
    """A game to plan: its rules, the players at the table and the first dealer (as a phone might give them: any
    value), and how many extra hands to plan after its schedule."""

    rules: Rules
    players: Any
    first_dealer: Any
    extra_hands: int = 3

    def plain(self) -> dict[str, Any]:
        """The game as the phone's driver takes it: the rules as ``Rules.to_dict`` keeps them."""
        return {
            "rules": self.rules.to_dict(),
            "players": self.players,
            "first_dealer": self.first_dealer,
            "extra_hands": self.extra_hands,
        }


def schedule_seen(case: ScheduleCase) -> dict[str, Any]:
    """The engine's schedule of ``case`` as the card writes it (``plan_card``) with the extra hands after it and the
    schedule from the next seat (a revancha's), or its refusal: the kind of refusal and its message."""
    try:
        plans = schedule(case.players, case.first_dealer, case.rules)
    except PochaError as error:
        return {"refused": {"kind": type(error).__name__, "message": message_seen(error.message)}}
    after = range(len(plans) + 1, len(plans) + 1 + case.extra_hands)
    extra = [extra_hand(case.players, case.first_dealer, number, case.rules) for number in after]
    again = schedule(case.players, (case.first_dealer + 1) % case.players, case.rules)  # a revancha's
    return {
        "schedule": [plan_card(plan) for plan in plans],
        "extra": [plan_card(plan) for plan in extra],
        "again": [plan_card(plan) for plan in again],
    }
