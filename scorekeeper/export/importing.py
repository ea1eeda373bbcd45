"""Importing a game file: a new game, the same as the one exported, with every rule asked of the engine.

The players are checked as the new-game form checks them, the rules by ``Rules.from_dict`` and the
schedule, the saved hands by ``score_sheet`` (which hand it refuses is named); a hand left half
entered is said again through the engine's ``HandInPlay``, as the game page says it, so it can only
be a state the page could have reached. Nothing is committed here: the caller commits, or rolls back on error.
"""

from __future__ import annotations

import bisect
from datetime import datetime
from typing import Final

from scorekeeper.engine import (
    CUSTOM_PRESET,
    NO_TRUMP,
    PRESETS,
    HandRecord,
    PochaError,
    Rules,
    RulesError,
    ScoreSheet,
    schedule,
    score_sheet,
)
from scorekeeper.engine.errors import N_
from scorekeeper.export.file_object import GameFileError
from scorekeeper.export.game_reader import GameEntry, HandEntry
from scorekeeper.storage.models import Correction, Game, Hand, utcnow
from scorekeeper.storage.player_names import NamesError, check_names, tidy_name
from scorekeeper.storage.store import create_game, hand_in_play, record_of, write_hand

#: What is compared between a replayed half hand and the file, in this order.
HAND_FIELDS: Final = ("trump", "auction", "bids", "tricks", "renuncios")


def create_game_from(entry: GameEntry) -> tuple[Game, str]:
    """Add the game ``entry`` describes to the session (new tokens) and return it with its edit token.

    Raises ``GameFileError`` (or another ``PochaError``) when the file does not make a lawful game;
    the caller then rolls back, so nothing is kept.
    """
    names = _players(entry.players)
    rules = _rules(entry, len(names))
    game, token = create_game(names, entry.first_dealer, entry.preset, rules)
    game.created_at = entry.created_at or utcnow()
    saved = [_saved_hand(hand) for hand in entry.hands if hand.complete]
    sheet = _check_saved(rules, names, entry.first_dealer, [record_of(row) for row in saved])
    _check_unneeded(sheet, entry)
    game.hands.extend(saved)
    half = [hand for hand in entry.hands if not hand.complete]
    if half:
        _replay(game, half[0], rules, tuple(names), sheet)
    for correction in entry.corrections:
        game.corrections.append(
            Correction(hand_number=correction.hand, made_at=correction.made_at or utcnow(), changes=correction.changes)
        )
    game.updated_at = utcnow()
    game.finished_at = _finished_at(entry) if sheet.finished else None
    return game, token


def _players(raw: list[str]) -> list[str]:
    """The names, tidied and checked as the new-game form checks them (3 to 8, short, no two alike)."""
    names = [tidy_name(name) for name in raw]
    if not all(names):
        raise GameFileError(N_("Cada jugador necesita un nombre"))
    try:
        check_names(names)
    except NamesError as error:
        raise GameFileError(N_("Jugadores: %(reason)s"), reason=str(error)) from None
    return names


def _rules(entry: GameEntry, players: int) -> Rules:
    """The agreed rules, read by the engine, and the schedule they make for this table and first dealer."""
    if entry.preset != CUSTOM_PRESET and entry.preset not in PRESETS:
        raise RulesError(N_("No hay reglas llamadas «%(name)s»"), name=entry.preset[:40])
    rules = Rules.from_dict(entry.rules)
    schedule(players, entry.first_dealer, rules)
    return rules


def _saved_hand(hand: HandEntry) -> Hand:
    """A saved hand as a row; sin triunfo always written ``-`` (the file may say ``null``)."""
    return Hand(
        number=hand.number,
        trump=NO_TRUMP if hand.trump is None else hand.trump,
        auction=hand.auction,
        bids=hand.bids,
        tricks=hand.tricks,
        renuncios=hand.renuncios,
        complete=True,
        started_at=hand.started_at,
        completed_at=hand.completed_at,
    )


def _check_saved(rules: Rules, names: list[str], first_dealer: int, records: list[HandRecord]) -> ScoreSheet:
    """The sheet of the saved hands; when the engine refuses one, say which (a value not said, ``null``,
    leaves a list short, and the engine says so)."""
    try:
        return score_sheet(rules, names, first_dealer, records)
    except PochaError as error:
        # score_sheet stops at the first hand it refuses: find it, the longest run of hands it accepts plus one.
        bad = bisect.bisect_left(
            range(1, len(records) + 1), True, key=lambda count: _refused(rules, names, first_dealer, records[:count])
        )
        raise GameFileError(N_("Mano %(number)s: %(reason)s"), number=bad + 1, reason=error.message) from None


def _check_unneeded(sheet: ScoreSheet, entry: GameEntry) -> None:
    """Refuse a desempate hand that counts for nobody unless a correction of an earlier hand explains it
    (the correction broke the tie after the hand was saved); a game the page played has no other kind."""
    if not sheet.unneeded:
        return
    first = sheet.unneeded[0]
    if not any(correction.hand < first for correction in entry.corrections):
        raise GameFileError(N_("La partida ya ha terminado: sobra la mano %(number)s"), number=first)


def _refused(rules: Rules, names: list[str], first_dealer: int, records: list[HandRecord]) -> bool:
    """Whether the engine refuses these hands, in this order, as a game."""
    try:
        score_sheet(rules, names, first_dealer, records)
    except PochaError:
        return True
    return False


def _replay(game: Game, hand: HandEntry, rules: Rules, names: tuple[str, ...], sheet: ScoreSheet) -> None:
    """The hand being played, said again through the engine as the game page would (``store.hand_in_play``):
    in the order its steps were tapped when the file has them and they say what the file says, else in the
    order a table says things."""
    plan = sheet.next_hand
    if plan is None:
        raise GameFileError(N_("La partida ya ha terminado: sobra la mano %(number)s"), number=hand.number)
    said = Hand(
        number=plan.number,
        trump=hand.trump,
        auction=hand.auction,
        bids=hand.bids,
        tricks=hand.tricks,
        renuncios=hand.renuncios,
        steps=hand.steps,
    )
    try:
        played = hand_in_play(said, plan, rules, names)
    except PochaError as error:
        raise GameFileError(N_("Mano %(number)s: %(reason)s"), number=plan.number, reason=error.message) from None
    row = write_hand(game, played, None, hand.started_at)
    for key in HAND_FIELDS:
        if getattr(row, key) != getattr(hand, key):
            raise GameFileError(
                N_(
                    "Mano %(number)s: «%(key)s» no puede quedar así a mitad de mano (la pinta, las apuestas y las bazas se dicen en orden)"
                ),
                number=plan.number,
                key=key,
            )


def _finished_at(entry: GameEntry) -> datetime:
    """When a finished game ended: as the file says, else when its last hand was saved, else now."""
    saved = [hand.completed_at for hand in entry.hands if hand.complete and hand.completed_at is not None]
    return entry.finished_at or (saved[-1] if saved else None) or utcnow()
