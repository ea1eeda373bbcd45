"""The hand in play (docs/rules.md "Bidding", "Special hands"): stages, turns, the forbidden bid, every step and undo."""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorekeeper.engine import (
    AlreadySaidError,
    HandInPlay,
    HandKind,
    PochaError,
    RecordError,
    Rules,
    Step,
    Suit,
    TurnError,
    plan_hand,
    preset_rules,
)
from scorekeeper.engine.bidding import forbidden_bid_for

NAMES = ("Ana", "Bea", "Carlos", "Dani")
RULES = Rules()


def hand(
    cards: int = 3, players: int = 4, dealer: int = 0, kind: HandKind = HandKind.NORMAL, rules: Rules = RULES
) -> HandInPlay:
    """A fresh hand: ``players`` seats (named from NAMES, then by number), ``dealer`` deals ``cards`` each."""
    plan = plan_hand(players, dealer, 1, cards, kind)
    return HandInPlay.start(plan, rules, NAMES[:players])


def bids_of(h: HandInPlay, *bids: int) -> HandInPlay:
    """``h`` with ``bids`` said in bidding order."""
    for seat, bid in zip(h.order, bids):
        h = h.bid(seat, bid)
    return h


# --- stages and turns ------------------------------------------------------------------------


def test_a_normal_hand_waits_for_the_trump_then_bids_from_la_mano_to_the_dealer() -> None:
    h = hand(dealer=0)
    assert (h.stage, h.next_seat, h.leader) == ("trump", None, 1)
    h = h.choose_trump(Suit.COPAS)
    assert (h.stage, h.next_seat, h.order) == ("bids", 1, (1, 2, 3, 0))
    h = bids_of(h, 1, 0, 1)
    assert (h.next_seat, h.bids_said, h.bid_total) == (0, (1, 0, 1), 2)


def test_the_dealer_may_not_make_the_bids_add_up_to_the_cards() -> None:
    # docs/rules.md: 3 players, 8 cards, bids 4 and 3: the dealer may not bid 1.
    h = bids_of(hand(cards=8, players=3, dealer=2).choose_trump(Suit.OROS), 4, 3)
    assert h.forbidden == 1
    assert str(h.forbidden_reason) == "Carlos no puede pedir 1: la suma sería 8 de 8"
    with pytest.raises(PochaError, match="Carlos no puede pedir 1"):
        h.bid(2, 1)
    assert h.bid(2, 0).stage == "tricks"


def test_only_the_last_bidder_has_a_forbidden_bid() -> None:
    h = hand(cards=3).choose_trump(Suit.OROS)
    assert h.forbidden is None and h.forbidden_reason is None
    assert bids_of(h, 1, 1, 0).forbidden == 1


def test_one_card_hands_lift_the_forbidden_bid_where_the_rules_say() -> None:
    h = bids_of(hand(cards=1, rules=preset_rules("ludoteka")).choose_trump(Suit.OROS), 0, 0, 0)
    assert h.forbidden is None


def test_mano_de_oro_and_sin_triunfo_start_with_their_trump() -> None:
    oro = hand(kind=HandKind.MANO_DE_ORO)
    assert (oro.stage, oro.trump, oro.trump_said) == ("bids", Suit.OROS, True)
    sin = hand(kind=HandKind.SIN_TRIUNFO)
    assert (sin.stage, sin.trump, sin.trump_said) == ("bids", None, True)
    with pytest.raises(RecordError, match="la pinta ya está fijada"):
        sin.choose_trump(Suit.OROS)


# --- steps that do not fit -------------------------------------------------------------------


def test_a_bid_before_the_trump_or_out_of_turn_is_a_turn_error() -> None:
    with pytest.raises(TurnError, match="Ahora no se apuesta"):
        hand().bid(1, 1)
    with pytest.raises(TurnError, match="Ahora le toca apostar a Bea"):
        hand().choose_trump(Suit.OROS).bid(3, 1)
    with pytest.raises(TurnError, match="Faltan apuestas antes de apuntar las bazas"):
        hand().choose_trump(Suit.OROS).take_tricks(1, 1)


def test_the_same_step_twice_changes_nothing_and_a_different_value_is_already_said() -> None:
    h = hand().choose_trump(Suit.OROS).bid(1, 2)
    assert h.bid(1, 2) is h
    with pytest.raises(AlreadySaidError, match="Bea ya ha pedido 2"):
        h.bid(1, 3)
    assert h.choose_trump(Suit.OROS) is h


def test_the_trump_may_change_until_the_first_bid() -> None:
    h = hand().choose_trump(Suit.OROS).choose_trump(Suit.BASTOS)
    assert h.trump is Suit.BASTOS
    with pytest.raises(TurnError, match="Ya hay apuestas"):
        h.bid(1, 0).choose_trump(Suit.COPAS)


def test_a_seat_not_at_the_table_and_a_bid_out_of_range_are_refused() -> None:
    h = hand().choose_trump(Suit.OROS)
    with pytest.raises(RecordError, match="Ese jugador no está en la partida"):
        h.bid(4, 0)
    with pytest.raises(PochaError, match="Bea: la apuesta debe ser de 0 a 3 bazas"):
        h.bid(1, 4)


# --- tricks ----------------------------------------------------------------------------------


def test_tricks_never_pass_the_cards_and_the_last_player_is_filled_in() -> None:
    h = bids_of(hand(cards=3).choose_trump(Suit.OROS), 1, 1, 0, 0)
    h = h.take_tricks(1, 2)
    with pytest.raises(RecordError, match="Las bazas suman 4 y en esta mano hay 3"):
        h.take_tricks(2, 2)
    h = h.take_tricks(2, 1)
    assert h.tricks_left == 0 and h.stage == "ready"
    assert h.tricks_filled == (0, 2, 1, 0)
    record = h.record()
    assert (record.bids, record.tricks, record.trump) == ((0, 1, 1, 0), (0, 2, 1, 0), Suit.OROS)


def test_what_each_player_would_score_as_the_hand_stands() -> None:
    h = hand(cards=3).choose_trump(Suit.OROS)
    assert h.would_score(1) is None, "no bid yet"
    h = bids_of(h, 2, 1, 0, 1)  # Bea 2, Carlos 1, Dani 0, Ana 1
    assert [h.would_score(seat) for seat in range(4)] == [15, 20, 15, 10], "each as if made"
    h = h.take_tricks(1, 3)
    assert [h.would_score(seat) for seat in range(4)] == [-5, -5, -5, 10], "every trick is Bea's: the rest take 0"
    h = h.take_tricks(1, 2)
    assert [h.would_score(seat) for seat in range(4)] == [15, 20, 15, 10], "one trick still out: the others open"
    h = h.take_tricks(2, 1)  # every trick is out: Ana and Dani are filled in with 0
    assert [h.would_score(seat) for seat in range(4)] == [-5, 20, 15, 10]
    assert h.set_renuncios(3, 1).would_score(3) == 10 - 50


def test_a_hand_is_not_recorded_while_something_is_missing() -> None:
    with pytest.raises(RecordError, match="Faltan la pinta o alguna apuesta"):
        hand().record()
    h = bids_of(hand(cards=3).choose_trump(Suit.OROS), 1, 1, 0, 0).take_tricks(1, 1)
    with pytest.raises(RecordError, match="Faltan las bazas de Ana, Carlos, Dani"):
        h.record()


def test_renuncios_are_counted_by_seat_in_any_stage() -> None:
    h = hand().set_renuncios(2, 1)
    assert h.renuncios == (0, 0, 1, 0) and h.set_renuncios(2, 1) is h
    with pytest.raises(RecordError, match="Los renuncios son de 0 a 20"):
        h.set_renuncios(2, 21)


# --- the subastado ---------------------------------------------------------------------------


def test_the_subastado_auction_picks_who_chooses_the_trump_and_keeps_the_bid() -> None:
    h = hand(cards=10, dealer=0, kind=HandKind.SUBASTADO)
    assert (h.stage, h.next_seat) == ("auction", 1)
    for seat, offer in ((1, 3), (2, 5), (3, 5), (0, 4)):
        h = h.offer(seat, offer)
    assert h.stage == "trump" and h.next_seat == 2, "ties go to the nearest after the dealer"
    h = h.choose_trump(Suit.ESPADAS)
    assert h.bids == (None, None, 5, None) and h.order == (2, 3, 0, 1) and h.leader == 2
    with pytest.raises(AlreadySaidError, match="Carlos ya ha pedido 5"):
        h.bid(2, 4)
    with pytest.raises(TurnError, match="Primero, la subasta"):
        hand(cards=10, kind=HandKind.SUBASTADO).choose_trump(Suit.OROS)


# --- undo and replay -------------------------------------------------------------------------


def test_undo_takes_back_exactly_the_last_step() -> None:
    h = bids_of(hand(cards=3).choose_trump(Suit.OROS), 1, 1, 0, 0)
    one = h.take_tricks(1, 2)
    two = one.take_tricks(3, 1)
    assert two.undo() == one and one.undo() == h
    assert hand().undo() == hand()
    renuncio = two.set_renuncios(0, 1)
    assert renuncio.undo() == two


def test_a_hand_is_replayed_from_its_steps_and_from_what_was_said() -> None:
    h = bids_of(hand(cards=3).choose_trump(Suit.OROS), 1, 1, 0, 0).take_tricks(2, 1).set_renuncios(3, 2)
    assert [step.to_list() for step in h.steps] == [
        ["trump", None, "O"],
        ["bid", 1, 1],
        ["bid", 2, 1],
        ["bid", 3, 0],
        ["bid", 0, 0],
        ["tricks", 2, 1],
        ["renuncios", 3, 2],
    ]
    stored = [Step.from_list(step.to_list()) for step in h.steps]
    assert HandInPlay.replay(h.plan, RULES, stored, NAMES) == h
    said = HandInPlay.from_said(
        h.plan, RULES, trump="O", offers=None, bids=h.bids, tricks=h.tricks, renuncios=h.renuncios, names=NAMES
    )
    assert said == h


def test_what_could_not_have_been_said_is_refused() -> None:
    plan = plan_hand(4, 0, 1, 3)
    with pytest.raises(PochaError):
        HandInPlay.from_said(
            plan, RULES, trump="O", offers=None, bids=(1, None, 1, 1), tricks=(None,) * 4, renuncios=(0,) * 4
        )
    with pytest.raises(PochaError):
        HandInPlay.from_said(
            plan, RULES, trump=None, offers=None, bids=(None, 1, None, None), tricks=(None,) * 4, renuncios=(0,) * 4
        )
    oro = plan_hand(4, 0, 1, 3, HandKind.MANO_DE_ORO)
    with pytest.raises(RecordError, match="mano de oro"):
        HandInPlay.from_said(
            oro, RULES, trump="C", offers=None, bids=(None,) * 4, tricks=(None,) * 4, renuncios=(0,) * 4
        )
    for broken in ([], ["bid", 1], ["deal", 1, 2], ["bid", "x", 2], ["bid", 1, None], ["bid", True, 1]):
        with pytest.raises(RecordError):
            Step.from_list(broken)


# --- any sequence of steps -------------------------------------------------------------------


class Recording(RuleBasedStateMachine):
    """Random taps on a random hand: whatever is accepted keeps the hand lawful, and undo is always the inverse."""

    def __init__(self) -> None:
        super().__init__()
        self.hand: HandInPlay | None = None

    @rule(
        players=st.integers(3, 8),
        dealer=st.integers(0, 7),
        cards=st.integers(1, 5),
        kind=st.sampled_from([HandKind.NORMAL, HandKind.SUBASTADO, HandKind.MANO_DE_ORO, HandKind.SIN_TRIUNFO]),
        preset=st.sampled_from(["clasica", "ludoteka"]),
    )
    @precondition(lambda self: self.hand is None)
    def deal(self, players: int, dealer: int, cards: int, kind: HandKind, preset: str) -> None:
        """Start a hand."""
        self.hand = HandInPlay.start(plan_hand(players, dealer % players, 1, cards, kind), preset_rules(preset))

    def _try(self, step: Step) -> None:
        """Apply ``step``: accepted, it is the last step; refused, nothing changes."""
        assert self.hand is not None
        before = self.hand
        try:
            after = before.apply(step)
        except PochaError:
            return
        if after is not before:
            assert after.last == step and after.undo() is before, "undo is the inverse of the last step"
        self.hand = after

    @precondition(lambda self: self.hand is not None)
    @rule(
        kind=st.sampled_from(["offer", "bid", "tricks", "renuncios"]), seat=st.integers(-1, 8), value=st.integers(-1, 6)
    )
    def tap(self, kind: str, seat: int, value: int) -> None:
        """An offer, a bid, tricks or renuncios for any seat, any number."""
        self._try(Step(kind, seat, value))  # type: ignore[arg-type]

    @precondition(lambda self: self.hand is not None and self.hand.stage in ("auction", "bids"))
    @rule(value=st.integers(0, 5))
    def in_turn(self, value: int) -> None:
        """An offer or a bid from the player whose turn it is (so that hands get to their tricks)."""
        assert self.hand is not None and self.hand.next_seat is not None
        self._try(Step("offer" if self.hand.stage == "auction" else "bid", self.hand.next_seat, value))

    @precondition(lambda self: self.hand is not None and self.hand.taking_tricks)
    @rule(seat=st.integers(0, 7), value=st.integers(0, 2))
    def tricks(self, seat: int, value: int) -> None:
        """A few tricks for a player at the table."""
        assert self.hand is not None
        self._try(Step("tricks", seat % self.hand.plan.players, value))

    @precondition(lambda self: self.hand is not None)
    @rule(trump=st.sampled_from(["O", "C", "E", "B", "-"]))
    def trump(self, trump: str) -> None:
        """Any trump, or none."""
        self._try(Step("trump", None, trump))

    @precondition(lambda self: self.hand is not None)
    @rule()
    def undo(self) -> None:
        """Take back the last step."""
        assert self.hand is not None
        before = self.hand
        self.hand = before.undo()
        if before.last is not None:
            assert self.hand.steps == before.steps[:-1]

    @invariant()
    def lawful(self) -> None:
        """Never the forbidden bid, never more tricks than cards, and the steps replay to the same hand."""
        h = self.hand
        if h is None:
            return
        cards = h.plan.cards
        if None not in h.bids and h.rules.forbidden_applies(cards):
            assert sum(b for b in h.bids if b is not None) != cards, "the dealer's forbidden bid was taken"
        said = [t for t in h.tricks if t is not None]
        assert sum(said) <= cards and all(0 <= t <= cards for t in said)
        assert h.tricks_left >= 0
        if h.stage in ("tricks", "ready"):
            assert None not in h.bids and h.trump_said
        if h.forbidden is not None:
            assert h.forbidden == forbidden_bid_for(cards, h.bids_said, h.rules)
        assert HandInPlay.replay(h.plan, h.rules, h.steps, h.names) == h


TestRecording = Recording.TestCase
TestRecording.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)
