"""The game page's taps and corrections: the hand in play loaded from its row, the engine's step applied, the row saved.

Every rule of the hand is the engine's (``HandInPlay``); what is left here is the page's side:
a tap meant for another hand, a value another phone changed first (``was``), a page drawn
before the game last changed (``version``), and keeping the rows and the game's version.

A tap comes from a form of the page, or from a phone's outbox (``outbox.py``), perhaps long after
it was made: each refusal of a tap meant for another moment says so in the words each needs
(``StaleHandError.elsewhere``: what another phone had stored by the time the tap arrived).
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
    Step,
    score_sheet,
    trump_code,
    trump_of,
)
from scorekeeper.engine.errors import N_, Message
from scorekeeper.labels.game_words import trump_label
from scorekeeper.storage.models import Correction, Game, utcnow
from scorekeeper.storage.store import GameView, hand_row, mark_changed, record_of, write_hand


class StaleHandError(PochaError):
    """A tap meant for another moment: another hand, another stage, a page drawn before the last change.

    ``message`` tells the page that sent it; ``elsewhere`` tells a phone whose outbox sent it later:
    what another phone had stored by then (the same message when none is given).
    """

    def __init__(
        self,
        template: str,
        player: int | None = None,
        elsewhere: Message | None = None,
        **params: str | int | Message,
    ) -> None:
        super().__init__(template, player, **params)
        self.elsewhere: Final = elsewhere if elsewhere is not None else self.message


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

# What a tap from a phone's outbox is told when another phone said otherwise first: what was stored when it arrived.
BID_ELSEWHERE: Final = N_("%(name)s ya había pedido %(value)s desde otro móvil")
OFFER_ELSEWHERE: Final = N_("%(name)s ya había ofrecido %(value)s desde otro móvil")
TRUMP_ELSEWHERE: Final = N_("Otro móvil ya había elegido la pinta: %(trump)s")
TRICKS_ELSEWHERE: Final = N_("%(name)s ya tenía %(value)s bazas apuntadas desde otro móvil")
ONE_TRICK_ELSEWHERE: Final = N_("%(name)s ya tenía 1 baza apuntada desde otro móvil")
TRICKS_CLEARED_ELSEWHERE: Final = N_("Otro móvil había borrado las bazas de %(name)s")
RENUNCIOS_ELSEWHERE: Final = N_("%(name)s ya tenía %(value)s renuncios en esta mano desde otro móvil")
ONE_RENUNCIO_ELSEWHERE: Final = N_("%(name)s ya tenía 1 renuncio en esta mano desde otro móvil")
NO_RENUNCIOS_ELSEWHERE: Final = N_("Otro móvil había quitado los renuncios de %(name)s en esta mano")
SAVED_ELSEWHERE: Final = N_("Otro móvil ya había guardado la mano %(number)s")
HAND_SAVED_ELSEWHERE: Final = N_(
    "La mano %(old)s ya se había guardado desde otro móvil; ahora se juega la mano %(number)s"
)
HAND_NOT_YET: Final = N_("Ese toque era para la mano %(old)s, pero aún se juega la mano %(number)s")
NOTHING_TO_UNDO: Final = N_("No se ha deshecho nada: en esta mano no hay nada apuntado")
LATER_STEP: Final = N_("No se ha deshecho nada: otro móvil apuntó algo después (%(step)s)")
#: A step in the words of the game, to say which one another phone noted last.
STEP_WORDS: Final = {
    "trump": N_("la pinta: %(value)s"),
    "offer": N_("la subasta de %(name)s: %(value)s"),
    "bid": N_("la apuesta de %(name)s: %(value)s"),
    "tricks": N_("las bazas de %(name)s: %(value)s"),
    "renuncios": N_("los renuncios de %(name)s: %(value)s"),
}


def counted(template: str, one: str, none: str | None, name: str, value: int) -> Message:
    """``name``'s count ``value`` in the words of ``template``, or of ``one`` for 1 (and ``none`` for 0, if given)."""
    if value == 1:
        return Message(one, {"name": name})
    if value == 0 and none is not None:
        return Message(none, {"name": name})
    return Message(template, {"name": name, "value": value})


def step_words(hand: HandInPlay, step: Step) -> Message:
    """``step`` as the game says it: «la apuesta de Bea: 2», «la pinta: Oros»."""
    value = trump_label(str(step.value)) if step.kind == "trump" else step.value
    name = hand.name(step.seat) if step.seat is not None else ""
    return Message(STEP_WORDS[step.kind], {"name": name, "value": value})


def check_version(game: Game, version: int | None) -> None:
    """Refuse a tap sent from a page drawn before the game last changed (a double tap, another phone)."""
    if version is not None and version != game.version:
        raise StaleHandError(N_("Esa pantalla no estaba al día y no se ha cambiado nada: mírala y vuelve a tocar"))


def hand_for(view: GameView, number: int) -> HandInPlay:
    """The hand being played, checking the tap was meant for it (hand ``number``)."""
    hand = view.hand
    if hand is None and view.left:
        raise GameFinishedError(N_("Esta partida se dejó sin terminar: ya no se apunta nada"))
    if hand is None:
        raise GameFinishedError(N_("La partida ya ha terminado"))
    if number != hand.plan.number:
        now = {"old": number, "number": hand.plan.number}
        raise StaleHandError(
            N_("Esa pantalla era de la mano %(old)s; ahora se juega la mano %(number)s"),
            elsewhere=Message(HAND_SAVED_ELSEWHERE if number < hand.plan.number else HAND_NOT_YET, now),
            **now,
        )
    return hand


def tap(
    view: GameView, number: int, change: Callable[[HandInPlay], HandInPlay], said_elsewhere: str = BID_ELSEWHERE
) -> HandInPlay:
    """Apply ``change`` to hand ``number`` and store the result; the same value said twice changes nothing.

    The engine's refusals pass through (a ``TurnError`` is a tap for another moment, like a
    ``StaleHandError``); a value already said differently (by another phone) is a ``ConflictError``
    saying what is stored (to an outbox's tap in the words of ``said_elsewhere``, with the same values).
    """
    hand = hand_for(view, number)
    try:
        after = change(hand)
    except AlreadySaidError as said:
        elsewhere = Message(said_elsewhere, said.message.params)
        raise ConflictError(GOT_THERE_FIRST, elsewhere=elsewhere, what=said.message) from None
    if after is not hand:
        write_hand(view.game, after, view.row, view.now())
        mark_changed(view.game)
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
                N_("Otro móvil ya ha elegido la pinta: %(trump)s. No se ha cambiado nada."),
                elsewhere=Message(TRUMP_ELSEWHERE, {"trump": trump_label(stored)}),
                trump=trump_label(stored),
            )
        return hand.choose_trump(trump_of(letter))

    tap(view, number, change)


def offer(view: GameView, number: int, seat: int, tricks: int) -> None:
    """Say one player's offer in the subastado auction."""
    tap(view, number, lambda hand: hand.offer(seat, tricks), said_elsewhere=OFFER_ELSEWHERE)


def bid(view: GameView, number: int, seat: int, tricks: int) -> None:
    """Say one player's bid."""
    tap(view, number, lambda hand: hand.bid(seat, tricks))


def take_tricks(view: GameView, number: int, seat: int, tricks: int, was: str | None = None) -> None:
    """Say how many tricks one player took; a value another phone changed since the page was drawn stays."""

    def change(hand: HandInPlay) -> HandInPlay:
        """The hand with the player's tricks said, unless another phone changed them since the page was drawn."""
        if 0 <= seat < len(hand.tricks) and hand.tricks[seat] != tricks and not _expect_shown(hand.tricks[seat], was):
            stored, name = hand.tricks[seat], hand.name(seat)
            if stored is None:
                raise ConflictError(
                    TRICKS_CLEARED, elsewhere=Message(TRICKS_CLEARED_ELSEWHERE, {"name": name}), name=name
                )
            raise ConflictError(
                GOT_THERE_FIRST,
                elsewhere=counted(TRICKS_ELSEWHERE, ONE_TRICK_ELSEWHERE, None, name, stored),
                what=Message(TRICKS_TAKEN, {"name": name, "value": stored}),
            )
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
            name, stored = hand.name(seat), hand.renuncios[seat]
            now = Message(RENUNCIOS_NOW, {"name": name, "value": stored})
            elsewhere = counted(RENUNCIOS_ELSEWHERE, ONE_RENUNCIO_ELSEWHERE, NO_RENUNCIOS_ELSEWHERE, name, stored)
            raise ConflictError(GOT_THERE_FIRST, elsewhere=elsewhere, what=now)
        return hand.set_renuncios(seat, count)

    tap(view, number, change)


def undo(view: GameView, number: int, version: int | None = None) -> None:
    """Undo the last tap of this hand (the form's «Deshacer»); ``version`` is the game's version the page showed, so
    a second undo from the same page does nothing."""
    check_version(view.game, version)
    tap(view, number, lambda hand: hand.undo())


def undo_step(view: GameView, number: int, step: Step) -> None:
    """Undo ``step``, the last step of hand ``number`` as the phone saw it (the outbox's «Deshacer»); a step another
    phone noted after it stays (refused, saying which), and so does a hand with nothing said."""

    def change(hand: HandInPlay) -> HandInPlay:
        """The hand before its last step, if that step is the one the phone undid."""
        if hand.last is None:
            raise ConflictError(NOTHING_TO_UNDO)
        if hand.last != step:
            raise ConflictError(LATER_STEP, step=step_words(hand, hand.last))
        return hand.undo()

    tap(view, number, change)


def save_hand(view: GameView, number: int) -> ScoreSheet:
    """Close the hand: the last player's tricks filled in, the record checked with the whole sheet (scored once)."""
    saved = hand_row(view.game, number)
    if saved is not None and saved.complete:
        raise ConflictError(
            N_("La mano %(number)s ya estaba guardada"),
            elsewhere=Message(SAVED_ELSEWHERE, {"number": number}),
            number=number,
        )
    hand = hand_for(view, number)
    record = hand.record()
    sheet = score_sheet(view.rules, view.names, view.game.first_dealer, [*view.records, record])
    now = view.now()
    row = write_hand(view.game, hand, view.row, now)
    row.tricks = list(record.tricks)
    row.complete = True
    row.completed_at = now
    mark_changed(view.game)
    view.game.finished_at = now if sheet.finished else None
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
    hand.auction = list(record.offers) if record.offers is not None else None
    game.corrections.append(Correction(hand_number=number, changes=changes))
    mark_changed(game)
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
        ("offer", before.offers or (), after.offers or ()),
    ):
        for seat, (a, b) in enumerate(zip(old, new)):
            if a != b:
                changes.append({"field": name, "seat": seat, "before": a, "after": b})
    return changes
