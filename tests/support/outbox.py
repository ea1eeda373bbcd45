"""A game as the engine makes it of a phone's outbox of taps, and a phone that makes such taps: the referee the tests
hold the server's answers to, and the scorekeeper the race tests and the load benchmark play.

    game = Referee.new(rules, names, dealer)
    game.take(tap)                    # "applied", "done" or "refused", as /anotar must answer it
    copy = PhoneCopy.of(card, rules)  # the phone's copy of a card the server sent
    tap = copy.next_tap(rng)          # {"id": ..., "action": "bid", "hand": 1, "seat": 2, "value": 1}
    copy.take(tap)                    # the phone's copy goes on at once; the tap waits in the outbox

Both apply taps with the engine (``HandInPlay``, ``score_sheet``) and the rules the page keeps for a tap: a tap for
another hand is refused, ``was`` keeps another phone's value, an undo takes back only the step it names, an id
already applied changes nothing.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.engine import (
    HandInPlay,
    HandPlan,
    HandRecord,
    PochaError,
    Rules,
    Step,
    game_card,
    hand_plan,
    score_sheet,
    trump_code,
    trump_of,
)
from scorekeeper.engine.steps import trump_fixed

TRUMPS = ("O", "C", "E", "B")
APPLIED, DONE, REFUSED = "applied", "done", "refused"


def new_tap_id() -> str:
    """A new tap id, as a phone makes it: 128 random bits in base64url (22 characters)."""
    return secrets.token_urlsafe(16)


def record_of_card(saved: dict[str, Any]) -> HandRecord:
    """A saved hand of the card as the engine reads it."""
    return HandRecord(
        bids=tuple(saved["bids"]),
        tricks=tuple(saved["tricks"]),
        trump=trump_of(saved["trump"]),
        renuncios=tuple(saved["renuncios"]),
        offers=tuple(saved["auction"]) if saved["auction"] is not None else None,
    )


@dataclass
class Referee:
    """A game as the engine makes of the taps applied straight to it: rules, names, first dealer, the saved hands,
    the hand in play (``None`` once over), the ids applied and the version (one more for each change)."""

    rules: Rules
    names: tuple[str, ...]
    first_dealer: int
    records: list[HandRecord] = field(default_factory=list)
    hand: HandInPlay | None = None
    applied: set[str] = field(default_factory=set)
    version: int = 0

    @classmethod
    def new(cls, rules: Rules, names: tuple[str, ...], first_dealer: int) -> Referee:
        """A new game: hand 1, nothing said."""
        return cls(
            rules,
            names,
            first_dealer,
            hand=HandInPlay.start(hand_plan(len(names), first_dealer, rules, 1), rules, names),
        )

    def plan(self, number: int) -> HandPlan:
        """Hand ``number`` of the game."""
        return hand_plan(len(self.names), self.first_dealer, self.rules, number)

    @property
    def card(self) -> dict[str, Any]:
        """The game's card, as ``/carta`` must give it."""
        hand = self.hand
        plan, steps = (hand.plan, hand.steps) if hand is not None else (None, ())
        return game_card(self.rules, self.names, self.first_dealer, self.records, plan, steps, self.version)

    def take(self, tap: dict[str, Any]) -> str:
        """The tap's status (done, applied, refused), applying it when it is applied."""
        if tap["id"] in self.applied:
            return DONE
        try:
            changed = self.apply(tap)
        except PochaError:
            return REFUSED
        self.applied.add(tap["id"])
        self.version += changed
        return APPLIED

    def apply(self, tap: dict[str, Any]) -> bool:
        """Apply one tap; whether it changed the game. ``PochaError`` where it is refused."""
        hand = self.hand
        if hand is None or tap["hand"] != hand.plan.number:
            raise PochaError("a tap for another moment")
        action, seat, value, was = tap["action"], tap.get("seat"), tap.get("value"), tap.get("was")
        if action == "save":
            record = hand.record()
            sheet = score_sheet(self.rules, self.names, self.first_dealer, [*self.records, record])
            self.records.append(record)
            finished = sheet.finished
            self.hand = None if finished else HandInPlay.start(self.plan(len(self.records) + 1), self.rules, self.names)
            return True
        if action == "undo":
            if hand.last is None or hand.last.to_list() != list(tap["undoes"]):
                raise PochaError("another step was noted after it")
            after = hand.undo()
        elif action == "trump":
            stored = trump_code(hand.trump) if hand.trump_said and not trump_fixed(hand.plan) else None
            if stored is not None and stored != value and was is not None and was != stored:
                raise PochaError("another phone chose the trump")
            after = hand.choose_trump(trump_of(value))
        else:
            values = {"tricks": hand.tricks, "renuncios": hand.renuncios}.get(action)
            if values is not None and 0 <= seat < len(values) and values[seat] != value and was is not None:
                shown = "" if values[seat] is None else str(values[seat])
                if was != shown:
                    raise PochaError("another phone said it otherwise")
            after = hand.apply(Step(action, seat, value))
        self.hand = after
        return after is not hand

    def shown(self, action: str, seat: int) -> str:
        """What a phone showing this game shows for the value ``action`` changes (its ``was``)."""
        hand = self.hand
        assert hand is not None
        if action == "trump":
            return trump_code(hand.trump) if hand.trump_said and not trump_fixed(hand.plan) else ""
        if not 0 <= seat < len(self.names):
            return ""
        said = hand.tricks[seat] if action == "tricks" else hand.renuncios[seat]
        return "" if said is None else str(said)


@dataclass
class PhoneCopy(Referee):
    """A phone's copy of a game, read from a card, and the taps its scorekeeper makes next."""

    #: The tricks the phone means to give in each hand, chosen when the tricks are first asked for.
    meant: dict[int, list[int]] = field(default_factory=dict)
    renuncio_decided: set[int] = field(default_factory=set)

    @classmethod
    def of(cls, card: dict[str, Any], rules: Rules) -> PhoneCopy:
        """The copy a phone makes of ``card`` (the rules of its game are ``rules``)."""
        names = tuple(card["players"])
        records = [record_of_card(saved) for saved in card["saved"]]
        hand = None
        if card["hand"] is not None:
            plan = hand_plan(len(names), card["first_dealer"], rules, len(records) + 1)
            assert plan.number == card["hand"]["plan"]["number"], (plan, card["hand"]["plan"])
            steps = [Step.from_list(step) for step in card["hand"]["steps"]]
            hand = HandInPlay.replay(plan, rules, steps, names)
        return cls(rules, names, card["first_dealer"], records, hand, version=card["version"])

    def tap(self, action: str, seat: int | None = None, value: Any = None, **extra: Any) -> dict[str, Any]:
        """A new tap for the hand being played, with ``was`` as the phone shows it where the action has one."""
        assert self.hand is not None
        tap: dict[str, Any] = {"id": new_tap_id(), "action": action, "hand": self.hand.plan.number}
        if seat is not None:
            tap["seat"] = seat
        if value is not None:
            tap["value"] = value
        if action in ("trump", "tricks", "renuncios"):
            tap["was"] = self.shown(action, seat or 0)
        tap.update(extra)
        return tap

    def next_tap(
        self, rng: random.Random, undo_chance: float = 0.0, renuncio_chance: float = 0.2
    ) -> dict[str, Any] | None:
        """What a scorekeeper taps next on this copy (a tap the engine takes); ``None`` once the game is over.

        Offers and bids go in turn at random (never the forbidden bid), the trump at random, the tricks shared at
        random among all but the last player, a renuncio now and then, an undo of the last step now and then.
        """
        hand = self.hand
        if hand is None:
            return None
        if hand.last is not None and rng.random() < undo_chance:
            return self.tap("undo", undoes=hand.last.to_list())
        stage, number, cards = hand.stage, hand.plan.number, hand.plan.cards
        if stage in ("auction", "bids"):
            seat = hand.next_seat
            assert seat is not None
            action = "offer" if stage == "auction" else "bid"
            values = list(range(cards + 1))
            rng.shuffle(values)
            for value in values:
                if takes(hand, action, seat, value):
                    return self.tap(action, seat, value)
            raise AssertionError(f"no {action} fits {hand}")
        if stage == "trump":
            return self.tap("trump", value=rng.choice(TRUMPS))
        if number not in self.renuncio_decided:
            self.renuncio_decided.add(number)
            if rng.random() < renuncio_chance:
                seat = rng.randrange(len(self.names))
                return self.tap("renuncios", seat, hand.renuncios[seat] + 1)
        if stage == "tricks":
            order = hand.order
            if number not in self.meant:  # what is said already stays (another phone's, on a copy read from a card)
                said = [hand.tricks[seat] for seat in order]
                free = [tricks for tricks in said if tricks is None]
                shares = iter(split(cards - sum(t for t in said if t is not None), len(free), rng) if free else [])
                self.meant[number] = [next(shares) if tricks is None else tricks for tricks in said]
            meant = self.meant[number]
            for seat, tricks in zip(order[:-1], meant):
                if hand.tricks[seat] != tricks:
                    return self.tap("tricks", seat, tricks)
        return self.tap("save")


def takes(hand: HandInPlay, action: str, seat: int, value: int) -> bool:
    """Whether the engine takes ``value`` for ``seat`` now (the hand is left as it was)."""
    try:
        hand.apply(Step(action, seat, value))  # type: ignore[arg-type]
    except PochaError:
        return False
    return True


def split(cards: int, players: int, rng: random.Random) -> list[int]:
    """``cards`` tricks shared at random among ``players`` (by position)."""
    cuts = sorted(rng.randint(0, cards) for _ in range(players - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, cards])]
