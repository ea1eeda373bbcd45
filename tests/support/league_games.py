"""Random finished games of a peña for the league's tests: lawful hands made with a ``random.Random``, scored by the engine.

Each game draws 3 to 5 players from a small pool (so that they meet often), two to four hands of 1 to 5
cards (with la pocha on in some games, so that some players make it), renuncios now and then, and
extra hands until first place is decided.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from scorekeeper.engine import HandPlan, HandRecord, Rules, ScoreSheet, Suit, score_sheet
from scorekeeper.league import LeagueGame

POOL = ("Ana", "Bea", "Carlos", "Dani", "Eva", "Fermín")
SUITS = tuple(Suit)
START = datetime(2024, 11, 2, 18, 0)


def random_hand(rng: random.Random, plan: HandPlan, rules: Rules) -> HandRecord:
    """A lawful hand of ``plan``: tricks adding up to the cards, bids that do not (the dealer's forbidden bid)."""
    n, cards = plan.players, plan.cards
    tricks = [0] * n
    if cards >= 5 and rng.random() < 0.3:  # one player takes every trick: la pocha, when they bid them all
        tricks[rng.randrange(n)] = cards
    else:
        for _ in range(cards):
            tricks[rng.randrange(n)] += 1
    close = rng.random() < 0.4  # bids close to what happened: more exact bids, and la pocha now and then
    bids = [t if close and rng.random() < 0.6 else rng.randint(0, cards) for t in tricks]
    if rules.forbidden_applies(cards) and sum(bids) == cards:
        dealer = plan.dealer
        bids[dealer] = bids[dealer] + 1 if bids[dealer] < cards else bids[dealer] - 1
    renuncios = tuple(1 if rng.random() < 0.05 else 0 for _ in range(n))
    return HandRecord(bids=tuple(bids), tricks=tuple(tricks), trump=rng.choice(SUITS), renuncios=renuncios)


def random_sheet(rng: random.Random, names: list[str]) -> ScoreSheet:
    """A finished game of ``names``: a short custom schedule, then extra hands until someone is alone in first place."""
    sizes = tuple(rng.randint(1, 6) for _ in range(rng.randint(2, 4)))
    rules = Rules(custom_sizes=sizes, pocha_bonus=rng.random() < 0.5)
    dealer = rng.randrange(len(names))
    records: list[HandRecord] = []
    sheet = score_sheet(rules, names, dealer, records)
    while sheet.next_hand is not None:
        records.append(random_hand(rng, sheet.next_hand, rules))
        sheet = score_sheet(rules, names, dealer, records)
    return sheet


def random_games(rng: random.Random, count: int, pool: tuple[str, ...] = POOL) -> list[LeagueGame]:
    """``count`` finished games of players from ``pool``, a few days apart (over the turn of a year), in no order."""
    games = []
    for key in range(1, count + 1):
        names = rng.sample(pool, rng.randint(3, min(5, len(pool))))
        played_at = START + timedelta(days=rng.randint(0, 120), minutes=rng.randint(0, 600))
        games.append(LeagueGame(key, played_at, random_sheet(rng, names)))
    rng.shuffle(games)
    return games
