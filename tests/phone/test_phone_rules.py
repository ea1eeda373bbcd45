"""The phone's copy of the hand (static/js/pocha/hand_rules.js) equals the engine on random games: after every tap,
everything the game page shows is the same on both sides, and a refused tap is refused with the same message.

Hypothesis plays games of 3 to 8 players, every preset and option, the special hands (subastado's auction
included), renuncios, undo, forbidden bids and other taps tried anyway, saved hands and extra hands for a tie; now
and then the phone starts again from the card the server would give it (a reload). ``make test`` plays at least
``LONG_RUN`` taps; ``make test-fast`` a few thousand.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    CUSTOM_PRESET,
    OPTIONS,
    PHONE_OPTIONS,
    PRESETS,
    HandInPlay,
    HandKind,
    Ones,
    PochaError,
    Special,
    hand_sizes,
    max_cards,
    preset_rules,
)
from support.phone_rules import (
    PhoneRules,
    ServerGame,
    Tap,
    game_seen,
    node_program,
    option_values,
    plain,
    refusal_seen,
)

#: Taps ``make test`` plays at least (the slow run); the quick run of ``make test-fast`` plays ``QUICK_RUN``.
LONG_RUN: Final = 100_000
QUICK_RUN: Final = 3_000
#: Taps in one game at most (a long schedule is left unfinished); at least, in a short game that may end tied.
MAX_TAPS: Final = 400
TIE_TAPS: Final = 60
#: Taps the quick run plays in short games that often end tied.
QUICK_TIES: Final = 1_500
NAMES: Final = (
    "Ana", "Bea", "Carlos", "Dani", "Eva", "Fran", "Gema", "Hugo",
    "María Auxiliadora G.", "Maximilianoalejandro", "Encarnación López R.", "Luis",
)  # fmt: skip
TRUMPS: Final = ("O", "C", "E", "B")


@pytest.fixture(scope="module")
def phone() -> Iterator[PhoneRules]:
    """The phone's copy of the hand, in one Node.js process for the module."""
    rules = PhoneRules(node_program())
    yield rules
    rules.close()


# --- games ---------------------------------------------------------------------------------------------------


@st.composite
def phone_options(draw: st.DrawFn) -> dict[str, Any]:
    """Some of the options the card carries for the phone (``phone=True``), each with a value drawn for it: a new
    option is played against the engine without a word here."""
    return {name: draw(option_values(name)) for name in PHONE_OPTIONS if draw(st.booleans())}


@st.composite
def games(draw: st.DrawFn, ties: bool = False) -> ServerGame:
    """A new game: players and names, a preset or rules of its own with every option, special hands placed. With
    ``ties``, a game of a hand or two where a bid made scores nothing, a bid missed costs points and missed bids break
    no tie: first place is often tied at the end, and extra hands follow until one of the tied misses a bid."""
    players = draw(st.integers(3, 8))
    names = tuple(draw(st.permutations(NAMES))[:players])
    preset = draw(st.sampled_from([*sorted(PRESETS), CUSTOM_PRESET]))
    top = max_cards(players)
    changes: dict[str, Any] = {}
    scoring = "flat" if ties else draw(st.sampled_from(("as set", "any", "flat")))
    if scoring != "as set":  # any of the options the phone reads from the card, each with any value it allows
        changes.update(draw(phone_options()))
    if scoring == "flat":  # every hand scores nothing (but renuncios): ties at the end, extra hands to play
        changes.update(exact_base=0, exact_per_trick=0, pocha_points=0, miss_per_trick=draw(st.sampled_from((0, 0, 5))))
    if ties:  # ties between those who made their bids, broken by a bid missed in an extra hand
        changes.update(misses_break_ties=False, miss_per_trick=5)
    shape = "ties" if ties else draw(st.sampled_from(("preset", "sizes", "sizes", "turns")))
    if shape == "ties":
        changes["custom_sizes"] = tuple(draw(st.lists(st.sampled_from((1, 2, top)), min_size=1, max_size=2)))
    elif shape == "sizes":  # short games: the end, ties and extra hands come often
        changes["custom_sizes"] = tuple(draw(st.lists(st.sampled_from((1, 1, 2, 3, top)), min_size=1, max_size=5)))
    elif shape == "turns":
        changes.update(
            opening_ones=draw(st.sampled_from(Ones)),
            climb=draw(st.booleans()),
            max_hands=draw(st.integers(1, 2)),
            descend=False,
        )
    rules = preset_rules(preset, **changes)
    if rules.custom_sizes is None and not (rules.climb or rules.descend) and rules.opening_ones is Ones.NONE:
        rules = replace(rules, max_hands=rules.max_hands or 1)
    sizes = hand_sizes(players, rules)
    specials: list[Special] = []
    for kind in draw(st.lists(st.sampled_from((HandKind.INDIAS, HandKind.SUBASTADO, HandKind.MANO_DE_ORO,
                                               HandKind.SIN_TRIUNFO)), max_size=3)):  # fmt: skip
        fits = (1,) if kind is HandKind.INDIAS else (top,) if kind is HandKind.SUBASTADO else None
        free = [n for n, cards in enumerate(sizes, 1) if (fits is None or cards in fits)]
        free = [n for n in free if all(s.at != n for s in specials)]
        at = draw(st.sampled_from([None, *free])) if free and draw(st.booleans()) else None
        specials.append(Special(kind, at))
    rules = replace(rules, specials=tuple(specials))
    return ServerGame(rules, names, draw(st.integers(0, players - 1)))


# --- taps ----------------------------------------------------------------------------------------------------


def tap_for(game: ServerGame, roll: int, pick: random.Random) -> Tap:
    """A tap a table might make now: mostly what the hand waits for, now and then anything at all (another
    player's turn, a number out of range, the forbidden bid, undo, renuncios, a save too early, another hand)."""
    hand = game.hand
    if hand is None:  # the game is over: a page left open taps anyway
        return {"action": pick.choice(("bid", "save", "undo")), "hand": len(game.records) + pick.choice((0, 1)),
                "seat": 0, "value": 0}  # fmt: skip
    number, cards, n = hand.plan.number, hand.plan.cards, hand.plan.players
    seat = pick.randrange(n)
    if roll < 5:
        return {"action": "undo", "hand": number}
    if roll < 9:
        count = hand.renuncios[seat] + pick.choice((1, 1, -1, 0))
        return {"action": "renuncios", "hand": number, "seat": pick.choice((seat, seat, n)),
                "value": pick.choice((count, count, 21, 0))}  # fmt: skip
    if roll < 11:
        return {"action": "save", "hand": pick.choice((number, number, number - 1, number + 1))}
    if roll < 13:
        action = pick.choice(("offer", "trump", "bid", "tricks"))
        value: int | str = pick.choice(("-", *TRUMPS)) if action == "trump" else pick.randrange(cards + 2)
        return {"action": action, "hand": pick.choice((number, number + 1)), "seat": seat, "value": value}
    return _what_it_waits_for(hand, pick)


def _what_it_waits_for(hand: HandInPlay, pick: random.Random) -> Tap:
    """The tap the hand waits for, with the number a table might say (the forbidden one now and then)."""
    number, cards = hand.plan.number, hand.plan.cards
    stage, nxt = hand.stage, hand.next_seat
    if stage == "auction":
        assert nxt is not None
        seat = nxt if pick.random() < 0.9 else pick.randrange(hand.plan.players)
        offer = pick.randrange(3) if pick.random() < 0.7 else pick.randrange(cards + 2)  # ties in the auction
        return {"action": "offer", "hand": number, "seat": seat, "value": offer}
    if stage == "trump":
        return {"action": "trump", "hand": number, "value": pick.choice(TRUMPS) if pick.random() < 0.95 else "-"}
    if stage == "bids":
        assert nxt is not None
        seat = nxt if pick.random() < 0.9 else pick.randrange(hand.plan.players)
        bid = pick.randrange(min(cards, 3) + 1) if pick.random() < 0.7 else pick.randrange(cards + 2)
        if pick.random() < 0.1:
            bid = cards  # la pocha, now and then
        if hand.forbidden is not None and pick.random() < 0.3:
            bid = hand.forbidden
        return {"action": "bid", "hand": number, "seat": seat, "value": bid}
    if stage == "ready" and pick.random() < 0.75:
        return {"action": "save", "hand": number}
    open_seats = [s for s in hand.order if hand.tricks[s] is None] or list(hand.order)
    seat = pick.choice(open_seats)
    left = hand.tricks_left
    if pick.random() < 0.85:
        value = min(hand.bids[seat] or 0, left) if pick.random() < 0.6 else pick.randrange(max(left, 0) + 1)
    else:
        value = pick.randrange(cards + 2)
    return {"action": "tricks", "hand": number, "seat": seat, "value": value}


# --- the test ------------------------------------------------------------------------------------------------


class Tally:
    """How many taps both sides were given, how many of them the engine refused, and how many were for extra hands."""

    taps = 0
    refused = 0
    saves = 0
    extra_hands = 0
    extra_taps = 0
    won_in_extra_hands = 0


def play_both(phone: PhoneRules, game: ServerGame, taps: int, seed: int) -> None:
    """Play ``taps`` random taps on the server's side, then give the phone the same card and taps: every projection
    the same."""
    pick = random.Random(seed)
    events: list[dict[str, Any]] = [{"card": game.card()}]
    expected: list[Any] = [game_seen(game, rows=True)]
    for _ in range(taps):
        if game.hand is None and pick.random() < 0.3:
            break  # the game is over: a tap or two from a page left open, then no more
        roll = pick.randrange(100)
        if roll >= 98:  # the phone loads the game's page again: the card as the server gives it
            events.append({"card": game.card()})
            expected.append(game_seen(game, rows=True))
            continue
        tap = tap_for(game, roll, pick)
        events.append({"tap": tap})
        Tally.taps += 1
        if game.hand is not None and game.hand.plan.is_extra:
            Tally.extra_taps += 1
        try:
            saved = game.apply(tap)
        except PochaError as error:
            expected.append(refusal_seen(error))
            Tally.refused += 1
            continue
        expected.append(game_seen(game, rows=saved))
        if saved:
            Tally.saves += 1
            if game.hand is not None and game.hand.plan.is_extra:  # the phone plans it and plays it, tap by tap
                Tally.extra_hands += 1
            Tally.won_in_extra_hands += game.scored.finished and game.scored.standings.decided_by_extra_hands
    seen = phone.play(events)
    assert len(seen) == len(expected)
    for index, (event, phone_saw, engine_saw) in enumerate(zip(events, seen, plain(expected), strict=True)):
        assert phone_saw == engine_saw, f"after event {index} ({event.get('tap') or 'a card'}): the phone differs"


def run(phone: PhoneRules, taps: int, examples: int, ties: bool = False) -> None:
    """Play random games until ``taps`` taps were played on both sides (``examples`` games at most); with ``ties``,
    short games that often end tied, and check the phone played extra hands."""
    Tally.taps = Tally.refused = Tally.saves = Tally.extra_hands = Tally.extra_taps = Tally.won_in_extra_hands = 0

    @settings(
        max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), print_blob=True, database=None
    )
    @given(
        game=games(ties=ties),
        length=st.integers(TIE_TAPS if ties else 1, MAX_TAPS),
        seed=st.integers(0, 2**32 - 1),
    )
    def check(game: ServerGame, length: int, seed: int) -> None:
        if Tally.taps >= taps:
            return
        play_both(phone, game, length, seed)

    check()
    print(
        f"\nphone vs engine: {Tally.taps} taps ({Tally.refused} refused, {Tally.saves} hands saved, "
        f"{Tally.extra_hands} extra hands planned by the phone, {Tally.extra_taps} taps in them, "
        f"{Tally.won_in_extra_hands} games won in one), 0 differences"
    )
    assert Tally.taps >= taps, f"only {Tally.taps} taps were played; {taps} wanted"
    if ties:
        assert Tally.extra_hands and Tally.extra_taps, "no tie led to an extra hand: the phone's were not played"
        assert Tally.won_in_extra_hands, "no extra hand broke a tie"


@pytest.mark.parametrize("name", OPTIONS)
def test_every_option_is_drawn_within_what_the_rules_allow(name: str) -> None:
    @settings(max_examples=25, deadline=None, database=None)
    @given(value=option_values(name))
    def check(value: Any) -> None:
        assert getattr(preset_rules(CUSTOM_PRESET, **{name: value}), name) == value

    check()


def test_the_phone_shows_what_the_engine_says(phone: PhoneRules) -> None:
    run(phone, QUICK_RUN, examples=300)


def test_the_phone_plans_and_plays_the_extra_hands_of_a_tie_as_the_engine(phone: PhoneRules) -> None:
    run(phone, QUICK_TIES, examples=100, ties=True)


@pytest.mark.slow
def test_the_phone_equals_the_engine_on_a_hundred_thousand_taps(phone: PhoneRules) -> None:
    run(phone, LONG_RUN, examples=5_000)
