"""A game's state: stored rows read as engine records, and each step of a hand checked by the engine and applied."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from scorekeeper.engine import (
    NO_TRUMP,
    MAX_RENUNCIOS,
    AuctionResult,
    HandKind,
    HandPlan,
    HandRecord,
    PochaError,
    RecordError,
    Rules,
    ScoreSheet,
    Suit,
    auction_winner,
    bid_order,
    check_auction,
    check_bids,
    check_tricks,
    check_trump,
    fill_tricks,
    forbidden_bid_for,
    score_sheet,
    tricks_left,
    trump_code,
    trump_of,
)
from scorekeeper.engine.errors import N_, Message
from scorekeeper.extensions import db
from scorekeeper.models import Correction, Game, Hand, Player, utcnow

Stage = Literal["auction", "trump", "bids", "tricks"]


class StaleHandError(PochaError):
    """A step sent for a hand that is not the one being played (an old page, or a double tap)."""


class GameFinishedError(StaleHandError):
    """A step sent after the game has ended (from a page left open): nothing to do, like any stale step."""


class ConflictError(StaleHandError):
    """Another phone said a different value for the same step first: that one stays, this one is not saved."""


#: A value step's ``was`` when the page showed nothing said yet; ``None`` means the page did not say.
NOTHING_SAID = ""


# --- tokens ----------------------------------------------------------------------------------


def new_token() -> str:
    """An unguessable token for a game's address (128 bits)."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def find_game(token: str, lock: bool = False) -> Game | None:
    """The game whose scorekeeper's address carries ``token``, or ``None`` (a watch token finds nothing).

    With ``lock`` the game's row stays locked until the transaction ends (PostgreSQL's
    ``FOR UPDATE``; on SQLite, ``database.begin_write`` has already taken the write lock),
    so a tap from another phone waits and then sees what this one saved.
    """
    if not token or len(token) > 64:
        return None
    query = db.select(Game).filter_by(edit_hash=token_hash(token))
    if lock:
        query = query.with_for_update()
    return db.session.execute(query).scalar_one_or_none()


def find_watched_game(token: str) -> Game | None:
    """The game whose watchers' address carries ``token``, or ``None``."""
    if not token or len(token) > 64:
        return None
    return db.session.execute(db.select(Game).filter_by(watch_token=token)).scalar_one_or_none()


# --- rows as engine values -------------------------------------------------------------------


def rules_of(game: Game) -> Rules:
    """The game's agreed rules."""
    return Rules.from_dict(game.rules)


def names_of(game: Game) -> tuple[str, ...]:
    """The players' names by seat."""
    return tuple(player.name for player in game.players)


def record_of(hand: Hand) -> HandRecord:
    """A saved hand as the engine reads it."""
    return HandRecord(
        bids=tuple(int(b) for b in hand.bids if b is not None),
        tricks=tuple(int(t) for t in hand.tricks if t is not None),
        trump=trump_of(hand.trump),
        renuncios=tuple(hand.renuncios),
        auction=tuple(int(o) for o in hand.auction if o is not None) if hand.auction is not None else None,
    )


def sheet_of(game: Game) -> ScoreSheet:
    """The score sheet of every saved hand, computed by the engine."""
    records = [record_of(hand) for hand in game.hands if hand.complete]
    return score_sheet(rules_of(game), names_of(game), game.first_dealer, records)


def create_game(names: list[str], first_dealer: int, preset: str, rules: Rules) -> tuple[Game, str]:
    """Add a new game (not yet committed) and return it with the token of its address."""
    token = new_token()
    game = Game(
        edit_hash=token_hash(token),
        watch_token=new_token(),
        preset=preset,
        rules=rules.to_dict(),
        first_dealer=first_dealer,
    )
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(names)]
    db.session.add(game)
    return game, token


# --- the hand being played -------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """The hand being played, as the page shows it: the plan, what is said so far, and what comes next."""

    plan: HandPlan
    hand: Hand
    stage: Stage
    order: tuple[int, ...]
    next_seat: int | None
    forbidden: int | None
    auction: AuctionResult | None
    fixed_trump: bool

    @property
    def trump(self) -> Suit | None:
        """The hand's trump, once known."""
        return trump_of(self.hand.trump)

    @property
    def bids_in_order(self) -> list[int]:
        """The bids said so far, in bidding order."""
        return [b for b in (self.hand.bids[s] for s in self.order) if b is not None]

    @property
    def tricks_filled(self) -> tuple[int | None, ...]:
        """Tricks by seat, the last one filled in when only one is missing."""
        return fill_tricks(self.plan.cards, self.hand.tricks)

    @property
    def tricks_left(self) -> int:
        """Tricks not yet given to anybody."""
        return tricks_left(self.plan.cards, self.hand.tricks)

    @property
    def ready_to_save(self) -> bool:
        """True when every player's tricks are known (the last one filled in)."""
        return self.stage == "tricks" and None not in self.tricks_filled


def _blank_hand(plan: HandPlan) -> Hand:
    n = plan.players
    fixed = _fixed_trump(plan)
    return Hand(
        number=plan.number,
        trump=fixed,
        auction=[None] * n if plan.kind is HandKind.SUBASTADO else None,
        bids=[None] * n,
        tricks=[None] * n,
        renuncios=[0] * n,
    )


def _fixed_trump(plan: HandPlan) -> str | None:
    """The trump set by the kind of hand (mano de oro, sin triunfo), else ``None``: the table says it."""
    if plan.kind is HandKind.SIN_TRIUNFO:
        return NO_TRUMP
    if plan.kind.fixed_trump is not None:
        return trump_code(plan.kind.fixed_trump)
    return None


def hand_row(game: Game, number: int) -> Hand | None:
    """The stored row of hand ``number``, if anything was said in it."""
    return next((hand for hand in game.hands if hand.number == number), None)


def current_turn(game: Game, sheet: ScoreSheet) -> Turn | None:
    """The hand being played and what it waits for; ``None`` once the game is over."""
    plan = sheet.next_hand
    if plan is None:
        return None
    hand = hand_row(game, plan.number)
    if hand is None:
        hand = _blank_hand(plan)  # not stored until something is said in it
    rules = rules_of(game)
    result: AuctionResult | None = None
    if plan.kind is HandKind.SUBASTADO:
        offers = hand.auction or [None] * plan.players
        missing = [seat for seat in plan.bidding_order if offers[seat] is None]
        if missing:
            return Turn(plan, hand, "auction", plan.bidding_order, missing[0], None, None, False)
        said = [o for o in offers if o is not None]
        result = auction_winner(said, plan.dealer)
    order = bid_order(plan, said if result is not None else None)
    fixed = _fixed_trump(plan) is not None
    if hand.trump is None:
        return Turn(plan, hand, "trump", order, result.winner if result else None, None, result, fixed)
    waiting = [seat for seat in order if hand.bids[seat] is None]
    if waiting:
        seat = waiting[0]
        forbidden = None
        if seat == order[-1]:
            earlier = [b for b in (hand.bids[s] for s in order[:-1]) if b is not None]
            forbidden = forbidden_bid_for(plan.cards, earlier, rules)
        return Turn(plan, hand, "bids", order, seat, forbidden, result, fixed)
    return Turn(plan, hand, "tricks", order, None, None, result, fixed)


# --- steps -----------------------------------------------------------------------------------


def _turn_for(game: Game, number: int) -> Turn:
    """The current turn, checking the step was meant for it."""
    sheet = sheet_of(game)
    turn = current_turn(game, sheet)
    if turn is None:
        raise GameFinishedError(N_("La partida ya ha terminado"))
    if number != turn.plan.number:
        raise StaleHandError(
            N_("Esa pantalla era de la mano %(old)s; ahora se juega la mano %(number)s"),
            old=number,
            number=turn.plan.number,
        )
    if turn.hand.id is None and turn.hand not in game.hands:
        game.hands.append(turn.hand)
    return turn


def _touch(game: Game) -> None:
    game.version += 1
    game.updated_at = utcnow()


def _check_seat(turn: Turn, seat: int) -> None:
    if not 0 <= seat < turn.plan.players:
        raise RecordError(N_("Ese jugador no está en la partida"))


def _expect(turn: Turn, stage: Stage, message: str) -> None:
    if turn.stage != stage:
        raise StaleHandError(message)


def _fixed_bidder(turn: Turn) -> int | None:
    """The seat whose bid is fixed by the auction (subastado), if any."""
    return turn.auction.winner if turn.auction is not None else None


def _said_bids(turn: Turn) -> list[int]:
    """Seats that have bid, in bidding order, leaving out a bid fixed by the auction."""
    fixed = _fixed_bidder(turn)
    return [seat for seat in turn.order if turn.hand.bids[seat] is not None and seat != fixed]


def _expect_shown(stored: int | str | None, was: str | None, conflict: Callable[[], ConflictError]) -> None:
    """Refuse a change made from a page that showed another value than the one stored now.

    ``was`` is what the page showed for this slot (``NOTHING_SAID`` for nothing yet, ``None``
    when the page did not say): when another phone has changed the slot since, this tap
    must not overwrite it unseen.
    """
    if was is None:
        return
    shown = None if was == NOTHING_SAID else was
    if shown != (None if stored is None else str(stored)):
        raise conflict()


def set_trump(game: Game, number: int, letter: str, version: int | None = None, was: str | None = None) -> None:
    """Say the hand's trump (la pinta); in subastado the auction's winner chooses it and keeps the bid.

    ``was`` is the trump the page showed: a different one stored since means another phone
    chose first, and this tap changes nothing. A page showing an older ``version`` of the game
    may not change a trump already said either.
    """
    turn = _turn_for(game, number)
    if turn.hand.trump == letter:
        return  # the same tap twice
    stored = turn.hand.trump
    if stored is not None:
        _expect_shown(stored, was, lambda: _trump_conflict(stored))
        if version is not None and version != game.version:
            raise _trump_conflict(stored)
    if turn.fixed_trump:
        raise RecordError(N_("En esta mano la pinta ya está fijada"))
    if turn.stage == "auction":
        raise StaleHandError(N_("Primero, la subasta"))
    if _said_bids(turn):
        raise StaleHandError(N_("Ya hay apuestas: deshazlas para cambiar la pinta"))
    check_trump(turn.plan, trump_of(letter))
    turn.hand.trump = letter
    winner = _fixed_bidder(turn)
    if turn.auction is not None and winner is not None:
        bids = list(turn.hand.bids)
        bids[winner] = turn.auction.bid
        turn.hand.bids = bids
    _touch(game)


def add_offer(game: Game, number: int, seat: int, offer: int, names: tuple[str, ...] = ()) -> None:
    """Say one player's offer in the subastado auction, in turn (a different offer already said is another phone's)."""
    turn = _turn_for(game, number)
    _check_seat(turn, seat)
    offers = list(turn.hand.auction or [None] * turn.plan.players)
    if offers[seat] == offer:
        return  # the same tap twice
    said = offers[seat]
    if said is not None:
        raise ConflictError(
            N_("Otro móvil se ha adelantado: %(name)s ya ha ofrecido %(value)s. No se ha cambiado nada."),
            name=_name(names, seat),
            value=said,
        )
    _expect(turn, "auction", N_("La subasta ya ha terminado"))
    if seat != turn.next_seat:
        raise StaleHandError(N_("Ahora no le toca a ese jugador"))
    offers[seat] = offer
    check_auction(turn.plan, [o if o is not None else 0 for o in offers])
    turn.hand.auction = offers
    _touch(game)


def add_bid(game: Game, number: int, seat: int, bid: int, names: tuple[str, ...]) -> None:
    """Say one player's bid, in bidding order; the engine checks the range and the forbidden bid."""
    turn = _turn_for(game, number)
    _check_seat(turn, seat)
    stored = turn.hand.bids[seat]
    if stored == bid:
        return  # the same tap twice
    if stored is not None:
        raise ConflictError(
            N_("Otro móvil se ha adelantado: %(name)s ya ha pedido %(value)s. No se ha cambiado nada."),
            name=_name(names, seat),
            value=stored,
        )
    _expect(turn, "bids", N_("Ahora no se apuesta"))
    if seat != turn.next_seat:
        raise StaleHandError(N_("Ahora le toca apostar a %(name)s"), name=names[turn.next_seat or 0])
    bids = list(turn.hand.bids)
    bids[seat] = bid
    said = [int(b) for b in (bids[s] for s in turn.order) if b is not None]
    check_bids(turn.plan.cards, said, turn.order, rules_of(game), names)
    turn.hand.bids = bids
    _touch(game)


def set_tricks(
    game: Game, number: int, seat: int, tricks: int, was: str | None = None, names: tuple[str, ...] = ()
) -> None:
    """Say how many tricks one player took; the total may not pass the cards.

    ``was`` is what the page showed for that player: if another phone has changed it since,
    that value stays and this tap changes nothing.
    """
    turn = _turn_for(game, number)
    _check_seat(turn, seat)
    _expect(turn, "tricks", N_("Faltan apuestas antes de apuntar las bazas"))
    stored = turn.hand.tricks[seat]
    if stored == tricks:
        return
    _expect_shown(stored, was, lambda: _slot_conflict(names, seat, stored, TRICKS_TAKEN, TRICKS_CLEARED))
    said = list(turn.hand.tricks)
    said[seat] = tricks
    check_tricks(turn.plan.cards, said)
    turn.hand.tricks = said
    _touch(game)


def set_renuncios(
    game: Game, number: int, seat: int, count: int, was: str | None = None, names: tuple[str, ...] = ()
) -> None:
    """Set how many renuncios a player has committed in this hand (the tap says the new count,
    so sending it twice changes nothing; ``was``, the count the page showed, guards against
    another phone's change meanwhile)."""
    turn = _turn_for(game, number)
    _check_seat(turn, seat)
    if not 0 <= count <= MAX_RENUNCIOS:
        raise RecordError(N_("Los renuncios son de 0 a %(top)s por jugador y mano"), top=MAX_RENUNCIOS)
    stored = turn.hand.renuncios[seat]
    if stored == count:
        return
    _expect_shown(stored, was, lambda: _slot_conflict(names, seat, stored, RENUNCIOS_NOW, RENUNCIOS_NOW))
    counts = list(turn.hand.renuncios)
    counts[seat] = count
    turn.hand.renuncios = counts
    _touch(game)


TRICKS_TAKEN = N_("Otro móvil se ha adelantado: %(name)s ya tiene %(value)s bazas apuntadas. No se ha cambiado nada.")
TRICKS_CLEARED = N_("Otro móvil ha borrado las bazas de %(name)s mientras tanto. No se ha cambiado nada.")
RENUNCIOS_NOW = N_("Otro móvil se ha adelantado: %(name)s tiene ahora %(value)s renuncios en esta mano. No se ha cambiado nada.")
TRUMP_WORDS = {"O": N_("Oros"), "C": N_("Copas"), "E": N_("Espadas"), "B": N_("Bastos"), NO_TRUMP: N_("Sin triunfo")}


def _trump_conflict(stored: str) -> ConflictError:
    """The refusal of a trump tap when another phone chose a different one first."""
    return ConflictError(
        N_("Otro móvil ya ha elegido la pinta: %(trump)s. No se ha cambiado nada."),
        trump=Message(TRUMP_WORDS.get(stored, stored)),
    )


def _name(names: tuple[str, ...], seat: int) -> str:
    """The name at ``seat``, or the seat's number when the names were not given."""
    return names[seat] if 0 <= seat < len(names) else str(seat + 1)


def _slot_conflict(names: tuple[str, ...], seat: int, stored: int | None, taken: str, cleared: str) -> ConflictError:
    """The refusal of a tap whose player's value another phone changed first: what is stored now."""
    if stored is None:
        return ConflictError(cleared, name=_name(names, seat))
    return ConflictError(taken, name=_name(names, seat), value=stored)


def check_version(game: Game, version: int | None) -> None:
    """Refuse a tap sent from a page drawn before the game last changed (a double tap, another phone)."""
    if version is not None and version != game.version:
        raise StaleHandError(N_("Esa pantalla no estaba al día y no se ha cambiado nada: mírala y vuelve a tocar"))


def undo(game: Game, number: int, version: int | None = None) -> None:
    """Take back the last thing said in this hand: the tricks, else the last bid, else the trump, else an offer.

    ``version`` is the game's version the page showed: a second undo from the same page does nothing.
    """
    check_version(game, version)
    turn = _turn_for(game, number)
    hand = turn.hand
    said = _said_bids(turn)
    if any(t is not None for t in hand.tricks):
        hand.tricks = [None] * turn.plan.players
    elif said:
        bids = list(hand.bids)
        bids[said[-1]] = None
        hand.bids = bids
    elif hand.trump is not None and not turn.fixed_trump:
        hand.trump = None
        hand.bids = [None] * turn.plan.players
    elif hand.auction is not None and any(o is not None for o in hand.auction):
        offers = list(hand.auction)
        offers[[s for s in turn.plan.bidding_order if offers[s] is not None][-1]] = None
        hand.auction = offers
    else:
        return
    _touch(game)


def save_hand(game: Game, number: int) -> ScoreSheet:
    """Close the hand: the last player's tricks filled in, the whole record checked, the sheet recomputed."""
    sheet = sheet_of(game)
    saved = hand_row(game, number)
    if saved is not None and saved.complete:
        raise StaleHandError(N_("La mano %(number)s ya estaba guardada"), number=number)
    turn = _turn_for(game, number)
    if turn.stage != "tricks":
        raise RecordError(N_("Faltan la pinta o alguna apuesta"))
    filled = turn.tricks_filled
    if None in filled:
        names = names_of(game)
        missing = ", ".join(names[s] for s, t in enumerate(filled) if t is None)
        raise RecordError(N_("Faltan las bazas de %(names)s"), names=missing)
    turn.hand.tricks = list(filled)
    turn.hand.complete = True
    turn.hand.completed_at = utcnow()
    records = [record_of(h) for h in game.hands if h.complete]
    sheet = score_sheet(rules_of(game), names_of(game), game.first_dealer, records)
    _touch(game)
    game.finished_at = utcnow() if sheet.finished else None
    return sheet


# --- corrections -----------------------------------------------------------------------------


def correct_hand(game: Game, number: int, record: HandRecord) -> list[dict[str, Any]]:
    """Replace saved hand ``number`` with ``record``: every hand is checked again; the change is kept in the history."""
    hand = hand_row(game, number)
    if hand is None or not hand.complete:
        raise RecordError(N_("La mano %(number)s aún no se ha guardado"), number=number)
    before = record_of(hand)
    records = [record if h.number == number else record_of(h) for h in game.hands if h.complete]
    sheet = score_sheet(rules_of(game), names_of(game), game.first_dealer, records)
    changes = describe_changes(before, record)
    if not changes:
        return []
    hand.trump = trump_code(record.trump)
    hand.bids = list(record.bids)
    hand.tricks = list(record.tricks)
    hand.renuncios = list(record.renuncios) if record.renuncios else [0] * len(record.bids)
    hand.auction = list(record.auction) if record.auction is not None else None
    game.corrections.append(Correction(hand_number=number, changes=changes))
    _touch(game)
    game.finished_at = (game.finished_at or utcnow()) if sheet.finished else None
    return changes


def describe_changes(before: HandRecord, after: HandRecord) -> list[dict[str, Any]]:
    """Each value that differs between two records: field, seat (or ``None``), before and after."""
    changes: list[dict[str, Any]] = []
    if before.trump != after.trump:
        changes.append({"field": "trump", "seat": None, "before": trump_code(before.trump), "after": trump_code(after.trump)})
    fields = (("bid", before.bids, after.bids), ("tricks", before.tricks, after.tricks))
    ren_before = before.renuncios or (0,) * len(before.bids)
    ren_after = after.renuncios or (0,) * len(after.bids)
    for name, old, new in (*fields, ("renuncios", ren_before, ren_after), ("offer", before.auction or (), after.auction or ())):
        for seat, (a, b) in enumerate(zip(old, new)):
            if a != b:
                changes.append({"field": name, "seat": seat, "before": a, "after": b})
    return changes
