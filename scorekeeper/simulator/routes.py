"""Views of the simulator blueprint: thin: read the address, ask the engine, show the answer (or redirect, 303 after a POST)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from flask import Response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.engine import (
    CARDS,
    DEFAULT_DEALS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    Card,
    PochaError,
    Practice,
    Suit,
    cards_text,
    practice_hand,
    referee,
    sorted_hand,
    trick_odds,
    trick_winner,
    trump_code,
)
from scorekeeper.labels.engine_messages import engine_message
from scorekeeper.simulator import bp
from scorekeeper.simulator.chart import bar_chart
from scorekeeper.simulator.document import deal_document, dumps
from scorekeeper.simulator.params import (
    DEFAULT_CARDS,
    DEFAULT_PLAYERS,
    DEFAULT_PRESET,
    DealParams,
    ParamError,
    engine_error,
    read_cards,
    read_trump,
    required_number,
    whole_number,
)
from scorekeeper.simulator.walk import first_moment_of, last_moment, moment_of

#: The odds are drawn from a fixed seed, so the same question always gets the same answer.
ODDS_SEED = 2024

Page = tuple[str, int]


@bp.context_processor
def simulator_words() -> dict[str, Any]:
    """What every simulator page needs: card and seat names, the presets, the table sizes, the suits."""
    return {
        "presets": PRESETS,
        "player_counts": range(MIN_PLAYERS, MAX_PLAYERS + 1),
        "suits": tuple(Suit),
        "cards_text": cards_text,
        "sorted_hand": sorted_hand,
        "engine_message": engine_message,
        "cards_by_suit": tuple((suit, sorted_hand([c for c in CARDS if c.suit is suit])) for suit in Suit),
    }


def form_values(args: Mapping[str, str], **defaults: str | int) -> dict[str, str]:
    """What the form shows: each value as typed, else its default."""
    return {name: args.get(name, str(default)) for name, default in defaults.items()}


def deal_form(args: Mapping[str, str]) -> dict[str, str]:
    """The simulator form's values, as typed."""
    return form_values(args, players=DEFAULT_PLAYERS, cards=DEFAULT_CARDS, dealer=0, preset=DEFAULT_PRESET, seed="")


# --- the deal, moment by moment --------------------------------------------------------------


@bp.get("/simulador")
def simulator() -> Page | BaseResponse:
    """A deal from players, cards, dealer, rules and seed, played by the bots; ``paso`` shows one moment of it."""
    form = deal_form(request.args)
    try:
        asked = DealParams.read(request.args)
        params = asked.seeded()
        log = params.simulate()
        number = whole_number(request.args, "paso", _("paso"))
        if number is not None and number > last_moment(log):
            raise ParamError(_("Esta mano va del paso 0 al %(last)s", last=last_moment(log)))
    except ParamError as error:
        return render_template("simulator/simulator.html", form=form, error=str(error), log=None), 400
    if asked.seed is None:
        return redirect(url_for("simulator.simulator", **params.query()), 302)
    form["seed"] = str(params.seed)
    return (
        render_template(
            "simulator/simulator.html",
            form=form,
            error=None,
            params=params,
            log=log,
            moment=moment_of(log, number) if number is not None else None,
            moment_of_deal=moment_of(log, 0),
            first_moment_of=first_moment_of,
            trump_letter=trump_code(log.deal.trump),
        ),
        200,
    )


@bp.get("/simulador/deal.json")
def deal_json() -> Response | BaseResponse:
    """The whole simulated hand as JSON; the same address always gives the same bytes. Bad values: 400 and a message."""
    try:
        asked = DealParams.read(request.args)
        params = asked.seeded()
        log = params.simulate()
    except ParamError as error:
        return Response(dumps({"error": str(error)}), status=400, mimetype="application/json")
    if asked.seed is None:
        return redirect(url_for("simulator.deal_json", **params.query()), 302)
    assert params.seed is not None
    return Response(dumps(deal_document(log, params.seed, params.preset)), mimetype="application/json")


# --- a hand against the bots -------------------------------------------------------------------


def _practice(values: Mapping[str, str], extra: Card | None = None) -> tuple[DealParams, Practice]:
    """The hand the address (or the form) describes, with ``extra`` played on top; refusals raise ``ParamError``."""
    params = DealParams.read(values)
    deal = params.deal()
    seat = required_number(values, "asiento", _("asiento"), 0)
    bid = whole_number(values, "apuesta", _("apuesta"))
    played = read_cards(values.get("jugadas"))
    if extra is not None:
        played = (*played, extra)
    try:
        return params, practice_hand(deal, seat, params.rules, bid, played)
    except PochaError as error:
        raise engine_error(error) from None


def _played(hand: Practice) -> list[Card]:
    """The cards the person has played so far, in order."""
    plays = [play for trick in hand.tricks for play in trick.plays] + list(hand.table)
    return [play.card for play in plays if play.player == hand.seat]


def _play_address(params: DealParams, hand: Practice) -> str:
    """The address of the hand as it stands: the deal, the seat, the bid and the cards played so far."""
    mine = _played(hand)
    query: dict[str, Any] = {**params.query(), "asiento": hand.seat}
    if hand.bids[hand.seat] is not None:
        query["apuesta"] = hand.bids[hand.seat]
    if mine:
        query["jugadas"] = cards_text(mine)
    return url_for("simulator.play", **query)


def _play_page(params: DealParams | None, hand: Practice | None, error: str | None, status: int) -> Page:
    """The practice table's page: the hand so far (or none) and an error, with ``status``."""
    return (
        render_template(
            "simulator/play.html",
            params=params,
            hand=hand,
            error=error,
            address=_play_address(params, hand) if params is not None and hand is not None else None,
            played=cards_text(_played(hand)) if hand is not None else "",
        ),
        status,
    )


@bp.get("/simulador/jugar")
def play() -> Page | BaseResponse:
    """Sit at a simulated table: bid, then play your cards; the bots play the other seats."""
    try:
        asked = DealParams.read(request.args)
        if asked.seed is None:
            seeded = {**request.args.to_dict(), **{k: str(v) for k, v in asked.seeded().query().items()}}
            params, hand = _practice(seeded)
            return redirect(_play_address(params, hand), 302)
        params, hand = _practice(request.args)
    except ParamError as error:
        return _play_page(None, None, str(error), 400)
    return _play_page(params, hand, None, 200)


@bp.post("/simulador/jugar")
def play_turn() -> Page | BaseResponse:
    """A bid (``apuesta``) or a card (``carta``) for the hand in the form: refused with the rule, or 303 to the new address."""
    form = request.form.to_dict()
    card_text = form.pop("carta", None)
    try:
        card: Card | None = None
        if card_text is not None:
            cards = read_cards(card_text)
            if len(cards) != 1:
                raise ParamError(_("Elige una carta"))
            card = cards[0]
        before = {k: v for k, v in form.items() if k != "apuesta" or card is not None}
        params, hand = _practice(before)
    except ParamError as error:
        return _play_page(None, None, str(error), 400)
    try:
        params, after = _practice(form, card)
    except ParamError as error:
        return _play_page(params, hand, str(error), 422)
    return redirect(_play_address(params, after), 303)


# --- the odds ----------------------------------------------------------------------------------


@bp.get("/simulador/cuantas")
def odds() -> Page:
    """The chance of taking 0, 1, 2… tricks with a hand, a trump and a seat, over random deals played by the bots."""
    form = form_values(request.args, players=DEFAULT_PLAYERS, dealer=0, asiento=1, mano="", pinta="O", muestra="")
    if "mano" not in request.args:
        return render_template("simulator/odds.html", form=form, error=None, odds=None), 200
    try:
        players = required_number(request.args, "players", _("número de jugadores"), DEFAULT_PLAYERS)
        dealer = required_number(request.args, "dealer", _("quien reparte"), 0)
        seat = required_number(request.args, "asiento", _("asiento"), 1)
        hand = read_cards(request.args.get("mano"))
        trump = read_trump(request.args)
        turned_cards = read_cards(request.args.get("muestra"))
        if len(turned_cards) > 1:
            raise ParamError(_("La muestra es una sola carta"))
        turned = turned_cards[0] if turned_cards else None
        try:
            answer = trick_odds(
                hand, trump, seat, players, dealer, random.Random(ODDS_SEED), deals=DEFAULT_DEALS, turned=turned
            )
        except PochaError as error:
            raise engine_error(error) from None
    except ParamError as error:
        return render_template("simulator/odds.html", form=form, error=str(error), odds=None), 400
    return (
        render_template(
            "simulator/odds.html",
            form=form,
            error=None,
            odds=answer,
            chart=bar_chart(answer),
            hand=sorted_hand(hand, trump),
            trump=trump,
            turned=turned,
            players=players,
            dealer=dealer,
            seat=seat,
        ),
        200,
    )


# --- the referee -------------------------------------------------------------------------------


@bp.get("/arbitro")
def referee_page() -> Page:
    """Which cards may be played, and why: your hand (typed or tapped), the table in order, the trump and the players."""
    form = form_values(request.args, players=DEFAULT_PLAYERS, mano="", mesa="", pinta="O")
    tapped = request.args.getlist("carta")
    asked = any(name in request.args for name in ("mano", "mesa", "carta"))
    if not asked:
        return render_template("simulator/referee.html", form=form, tapped=tapped, error=None, answer=None), 200
    try:
        players = required_number(request.args, "players", _("número de jugadores"), DEFAULT_PLAYERS)
        typed = read_cards(request.args.get("mano"))
        extra = read_cards(" ".join(tapped))
        hand = (*typed, *(card for card in extra if card not in typed))
        table = read_cards(request.args.get("mesa"))
        trump = read_trump(request.args)
        try:
            answer = referee(hand, table, trump, players)
        except PochaError as error:
            raise engine_error(error) from None
    except ParamError as error:
        return render_template("simulator/referee.html", form=form, tapped=tapped, error=str(error), answer=None), 400
    leading = table[trick_winner(table, trump)] if table else None
    return (
        render_template(
            "simulator/referee.html",
            form=form,
            tapped=tapped,
            error=None,
            answer=answer,
            hand=sorted_hand(hand, trump),
            table=table,
            trump=trump,
            leading=leading,
            players=players,
            reason=engine_message(answer.reason),
            odds_address=url_for(
                "simulator.odds", players=players, dealer=0, asiento=1, mano=cards_text(hand), pinta=trump_code(trump)
            ),
        ),
        200,
    )
