"""Whole games stored straight in the database, for the tests of the paper sheet, the PDF, the chart and the history.

The hands come from the engine's simulator (seeded), so they are always lawful; storing
them skips the hundreds of taps a real game takes.

    token, watch = store_game(app, ("Íñigo", "Bea", "Carlos", "Dani"), classic_game(4))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from flask import Flask

from scorekeeper.engine import (
    HandRecord,
    Rules,
    ScoreSheet,
    preset_rules,
    schedule,
    score_sheet,
    simulate_hand,
    trump_code,
)
from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import Game, Hand, utcnow

CLASSIC = preset_rules("clasica")


def classic_game(players: int, first_dealer: int = 0, seed: int = 1, rules: Rules = CLASSIC) -> tuple[HandRecord, ...]:
    """Every hand of a game with ``rules``, played by the engine's bots, that ends with a single winner."""
    names = tuple(str(seat) for seat in range(players))
    for attempt in range(seed, seed + 50):
        rng = random.Random(attempt)
        records = []
        for plan in schedule(players, first_dealer, rules):
            log = simulate_hand(plan.players, plan.cards, plan.dealer, rng, rules=rules, kind=plan.kind)
            records.append(
                HandRecord(bids=log.bids, tricks=log.tricks_won, trump=log.deal.trump, renuncios=(0,) * players)
            )
        if score_sheet(rules, names, first_dealer, records).finished:
            return tuple(records)
    raise AssertionError("no seed gave a winner")  # pragma: no cover


def with_renuncio(records: Sequence[HandRecord], number: int, seat: int) -> tuple[HandRecord, ...]:
    """The records with one renuncio on ``seat`` in hand ``number``."""
    out = list(records)
    counts = [0] * len(out[number - 1].bids)
    counts[seat] = 1
    out[number - 1] = replace(out[number - 1], renuncios=tuple(counts))
    return tuple(out)


def stored_hand(number: int, record: HandRecord, completed_at: datetime | None = None) -> Hand:
    """The row of a finished hand ``number`` as the game page saves it (saved now, or at ``completed_at``)."""
    return Hand(
        number=number,
        trump=trump_code(record.trump),
        auction=None,
        bids=list(record.bids),
        tricks=list(record.tricks),
        renuncios=list(record.renuncios or (0,) * len(record.bids)),
        complete=True,
        completed_at=completed_at or utcnow(),
    )


def store_game(
    app: Flask, names: Sequence[str], records: Sequence[HandRecord], first_dealer: int = 0, preset: str = "clasica"
) -> tuple[str, str]:
    """Store a game and its finished hands; return its edit token and its watch token."""
    with app.app_context():
        game, token = store.create_game(list(names), first_dealer, preset, preset_rules(preset))
        save_hands(game, records)
        db.session.commit()
        return token, game.watch_token


def save_hands(game: Game, records: Sequence[HandRecord]) -> ScoreSheet:
    """Save ``records`` as the stored ``game``'s next hands, as the game page saves them (not yet committed): the
    version counts each hand, and the game is over when the sheet says so. The engine checks every hand."""
    saved = len(game.hands)
    for number, record in enumerate(records, start=saved + 1):
        game.hands.append(stored_hand(number, record))
    sheet = store.view_of(game).sheet
    game.version += len(records)
    game.finished_at = utcnow() if sheet.finished else None
    return sheet
