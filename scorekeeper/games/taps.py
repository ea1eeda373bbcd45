"""The game page's taps and corrections: the hand in play loaded from its row, the engine's step applied, the row saved.

Every rule of the hand is the engine's (``HandInPlay``); what is left here is the page's side:
a tap meant for another hand, a value another phone changed first (``was``), a page drawn
before the game last changed (``version``), and keeping the rows and the game's version.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from scorekeeper.engine import (
    AlreadySaidError,
    HandInPlay,
    HandRecord,
    PochaError,
    RecordError,
    ScoreSheet,
    score_sheet,
    trump_code,
    trump_of,
)
from scorekeeper.engine.errors import N_, Message
from scorekeeper.labels.game_words import trump_label
from scorekeeper.storage.models import Correction, Game, utcnow
from scorekeeper.storage.store import GameView, hand_row, record_of, write_hand


class StaleHandError(PochaError):
    """A tap meant for another moment: another hand, another stage, a page drawn before the last change."""


class GameFinishedError(StaleHandError):
    """A tap sent after the game has ended (from a page left open): nothing to do, like any stale tap."""


class ConflictError(StaleHandError):
    """Another phone said a different value for the same thing first: that one stays, this one is not saved."""


#: A value tap's ``was`` when the page showed nothing said yet; ``None`` means the page did not say.
NOTHING_SAID: Final = ""
GOT_THERE_FIRST: Final = N_("Otro móvil se ha adelantado: %(what)s. No se ha cambiado nada.")
TRICKS_TAKEN: Final = N_("%(name)s ya tiene %(value)s bazas apuntadas")
TRICKS_CLEARED: Final = N_("Otro móvil ha borrado las bazas de %(name)s mientras tanto. No se ha cambiado nada.")
RENUNCIOS_NOW: Final = N_("%(name)s tiene ahora %(value)s renuncios en esta mano")


def touch(game: Game) -> None:
    """Note that the game changed: its version goes up (pages drawn before are stale) and its time is now."""
    game.version += 1
    game.updated_at = utcnow()


def check_version(game: Game, version: int | None) -> None:
    """Refuse a tap sent from a page drawn before the game last changed (a double tap, another phone)."""
    if version is not None and version != game.version:
        raise StaleHandError(N_("Esa pantalla no estaba al día y no se ha cambiado nada: mírala y vuelve a tocar"))


def hand_for(view: GameView, number: int) -> HandInPlay:
    """The hand being played, checking the tap was meant for it (hand ``number``)."""
    hand = view.hand
    if hand is None and view.abandoned:
        raise GameFinishedError(N_("Esta partida se dejó sin terminar: ya no se apunta nada"))
    if hand is None:
        raise GameFinishedError(N_("La partida ya ha terminado"))
    if number != hand.plan.number:
        raise StaleHandError(
            N_("Esa pantalla era de la mano %(old)s; ahora se juega la mano %(number)s"),
            old=number,
            number=hand.plan.number,
        )
    return hand


def tap(view: GameView, number: int, change: Callable[[HandInPlay], HandInPlay]) -> HandInPlay:
    """Apply ``change`` to hand ``number`` and store the result; the same value said twice changes nothing.

    The engine's refusals pass through (a ``TurnError`` is a tap for another moment, like a
    ``StaleHandError``); a value already said differently (by another phone) is a ``ConflictError``
    saying what is stored.
    """
    hand = hand_for(view, number)
    try:
        after = change(hand)
    except AlreadySaidError as said:
        raise ConflictError(GOT_THERE_FIRST, what=said.message) from None
    if after is not hand:
        write_hand(view.game, after, view.row)
        touch(view.game)
    return after


def _expect_shown(stored: int | str | None, was: str | None) -> bool:
    """True unless the page showed (``was``) another value than the one stored now (``None``: the page did not say)."""
    if was is None:
        return True
    shown = None if was == NOTHING_SAID else was
    return shown == (None if stored is None else str(stored))


# --- the taps --------------------------------------------------------------------------------


def choose_trump(view: GameView, number: int, letter: str, version: int | None = None, was: str | None = None) -> None:
    """Say the hand's trump (la pinta): ``letter`` in notation. A trump another phone chose since the page
    was drawn (``was``, ``version``) stays."""

    def change(hand: HandInPlay) -> HandInPlay:
        """The hand with its trump said, unless another phone chose a different one since the page was drawn."""
        stored = trump_code(hand.trump) if hand.trump_said and not hand.trump_fixed else None
        if (
            stored is not None
            and stored != letter
            and (not _expect_shown(stored, was) or version not in (None, view.game.version))
        ):
            raise ConflictError(
                N_("Otro móvil ya ha elegido la pinta: %(trump)s. No se ha cambiado nada."), trump=trump_label(stored)
            )
        return hand.choose_trump(trump_of(letter))

    tap(view, number, change)


def offer(view: GameView, number: int, seat: int, tricks: int) -> None:
    """Say one player's offer in the subastado auction."""
    tap(view, number, lambda hand: hand.offer(seat, tricks))


def bid(view: GameView, number: int, seat: int, tricks: int) -> None:
    """Say one player's bid."""
    tap(view, number, lambda hand: hand.bid(seat, tricks))


def take_tricks(view: GameView, number: int, seat: int, tricks: int, was: str | None = None) -> None:
    """Say how many tricks one player took; a value another phone changed since the page was drawn stays."""

    def change(hand: HandInPlay) -> HandInPlay:
        """The hand with the player's tricks said, unless another phone changed them since the page was drawn."""
        if 0 <= seat < len(hand.tricks) and hand.tricks[seat] != tricks and not _expect_shown(hand.tricks[seat], was):
            stored = hand.tricks[seat]
            if stored is None:
                raise ConflictError(TRICKS_CLEARED, name=hand.name(seat))
            raise ConflictError(GOT_THERE_FIRST, what=Message(TRICKS_TAKEN, {"name": hand.name(seat), "value": stored}))
        return hand.take_tricks(seat, tricks)

    tap(view, number, change)


def set_renuncios(view: GameView, number: int, seat: int, count: int, was: str | None = None) -> None:
    """Set a player's renuncios in this hand (the tap says the new count); another phone's change since stays."""

    def change(hand: HandInPlay) -> HandInPlay:
        """The hand with the player's renuncios set, unless another phone changed them since the page was drawn."""
        if (
            0 <= seat < len(hand.renuncios)
            and hand.renuncios[seat] != count
            and not _expect_shown(hand.renuncios[seat], was)
        ):
            now = Message(RENUNCIOS_NOW, {"name": hand.name(seat), "value": hand.renuncios[seat]})
            raise ConflictError(GOT_THERE_FIRST, what=now)
        return hand.set_renuncios(seat, count)

    tap(view, number, change)


def undo(view: GameView, number: int, version: int | None = None) -> None:
    """Take back the last tap of this hand; ``version`` is the game's version the page showed, so a
    second undo from the same page does nothing."""
    check_version(view.game, version)
    tap(view, number, lambda hand: hand.undo())


def save_hand(view: GameView, number: int) -> ScoreSheet:
    """Close the hand: the last player's tricks filled in, the record checked with the whole sheet (scored once)."""
    saved = hand_row(view.game, number)
    if saved is not None and saved.complete:
        raise StaleHandError(N_("La mano %(number)s ya estaba guardada"), number=number)
    hand = hand_for(view, number)
    record = hand.record()
    sheet = score_sheet(view.rules, view.names, view.game.first_dealer, [*map(record_of, view.saved), record])
    row = write_hand(view.game, hand, view.row)
    row.tricks = list(record.tricks)
    row.complete = True
    row.completed_at = utcnow()
    touch(view.game)
    view.game.finished_at = utcnow() if sheet.finished else None
    return sheet


# --- corrections -----------------------------------------------------------------------------


def correct_hand(view: GameView, number: int, record: HandRecord) -> list[dict[str, Any]]:
    """Replace saved hand ``number`` with ``record``: every hand is checked again; the change is kept in the list of corrections.

    A correction that ends the game (it broke the tie an extra hand was being played for) drops
    that half-said extra hand: it is no longer needed.
    """
    game = view.game
    hand = hand_row(game, number)
    if hand is None or not hand.complete:
        raise RecordError(N_("La mano %(number)s aún no se ha guardado"), number=number)
    before = record_of(hand)
    records = [record if h.number == number else record_of(h) for h in view.saved]
    sheet = score_sheet(view.rules, view.names, game.first_dealer, records)
    changes = describe_changes(before, record)
    if not changes:
        return []
    hand.trump = trump_code(record.trump)
    hand.bids = list(record.bids)
    hand.tricks = list(record.tricks)
    hand.renuncios = list(record.renuncios) if record.renuncios else [0] * len(record.bids)
    hand.auction = list(record.auction) if record.auction is not None else None
    game.corrections.append(Correction(hand_number=number, changes=changes))
    touch(game)
    game.finished_at = (game.finished_at or utcnow()) if sheet.finished else None
    if sheet.finished:
        game.hands[:] = [h for h in game.hands if h.complete]
    return changes


def describe_changes(before: HandRecord, after: HandRecord) -> list[dict[str, Any]]:
    """Each value that differs between two records: field, seat (or ``None``), before and after."""
    changes: list[dict[str, Any]] = []
    if before.trump != after.trump:
        changes.append(
            {"field": "trump", "seat": None, "before": trump_code(before.trump), "after": trump_code(after.trump)}
        )
    fields = (("bid", before.bids, after.bids), ("tricks", before.tricks, after.tricks))
    ren_before = before.renuncios or (0,) * len(before.bids)
    ren_after = after.renuncios or (0,) * len(after.bids)
    for name, old, new in (
        *fields,
        ("renuncios", ren_before, ren_after),
        ("offer", before.auction or (), after.auction or ()),
    ):
        for seat, (a, b) in enumerate(zip(old, new)):
            if a != b:
                changes.append({"field": name, "seat": seat, "before": a, "after": b})
    return changes
