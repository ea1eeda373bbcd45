"""Playing a hand against the bots (/simulador/jugar): bid, play only legal cards, every POST a 303 to a GET address."""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Callable
from random import Random
from urllib.parse import parse_qs, urlsplit

import pytest
from flask.testing import FlaskClient

from scorekeeper.engine import Card, deal_cards, parse_cards, practice_hand, preset_rules
from support.pages import get, text_of

START = "/simulador/jugar?players=4&cards=5&seed=7&dealer=0&preset=clasica&asiento={seat}"


def form_of(html: str, kind: str) -> tuple[dict[str, str], dict[str, bool]]:
    """The hidden fields of the bid or play form, and its buttons: value → enabled."""
    match = re.search(rf'<form method="post" action="/simulador/jugar" class="{kind}-form">(.*?)</form>', html, re.S)
    assert match, f"no {kind} form"
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', match.group(1)))
    buttons = {
        value: "disabled" not in rest
        for value, rest in re.findall(
            r'<button type="submit" class="[^"]*" name="\w+" value="([^"]+)"([^>]*)>', match.group(1)
        )
    }
    return {k: html_lib.unescape(v) for k, v in hidden.items()}, buttons


def error_of(html: str) -> str:
    match = re.search(r'<p class="flash flash-error" role="alert" id="sim-error">(.*?)</p>', html, re.S)
    return text_of(match.group(1)) if match else ""


Post = Callable[..., str]


@pytest.fixture
def post(phone: FlaskClient) -> Post:
    """POST a form and follow its 303 (checked) to the new address: the page there."""

    def send(fields: dict[str, str], status: int = 303) -> str:
        response = phone.post("/simulador/jugar", data=fields)
        assert response.status_code == status, response.get_data(as_text=True)[:3000]
        if status != 303:
            return response.get_data(as_text=True)
        location = response.headers["Location"]
        assert location.startswith("/simulador/jugar?")
        return get(phone, location)

    return send


def test_without_a_seed_the_table_gets_one(phone: FlaskClient) -> None:
    response = phone.get("/simulador/jugar")
    assert response.status_code == 302
    query = parse_qs(urlsplit(response.headers["Location"]).query)
    assert query["seed"][0].isdigit() and query["asiento"] == ["0"]


def test_the_bid_page_shows_your_cards_and_the_bots_bids_before_you(phone: FlaskClient) -> None:
    hand = practice_hand(deal_cards(4, 5, 0, Random(7)), 2, preset_rules("clasica"))
    html = get(phone, START.format(seat=2))
    assert "¿Cuántas bazas pides?" in html
    mine = re.search(r'aria-label="Tus cartas">(.*?)</span>\s*<form', html, re.S)
    assert mine
    assert sorted(re.findall(r'data-card="([^"]+)"', mine.group(1))) == sorted(str(c) for c in hand.hands[2])
    seats = text_of(re.search(r'id="apuestas">(.*?)</ul>', html, re.S).group(1))  # type: ignore[union-attr]
    assert (
        f"Jugador 2 pide {hand.bids[1]}" in seats
        and "Tú te toca pedir" in seats
        and "Jugador 4 aún no ha pedido" in seats
    )
    fields, buttons = form_of(html, "bid")
    assert fields["asiento"] == "2" and fields["seed"] == "7" and "apuesta" not in fields
    assert list(buttons) == ["0", "1", "2", "3", "4", "5"] and all(buttons.values())


def test_the_dealer_s_forbidden_bid_is_disabled_with_the_reason(phone: FlaskClient, post: Post) -> None:
    hand = practice_hand(deal_cards(4, 5, 0, Random(7)), 0, preset_rules("clasica"))
    forbidden = hand.forbidden
    assert forbidden is not None
    html = get(phone, START.format(seat=0))
    fields, buttons = form_of(html, "bid")
    assert buttons[str(forbidden)] is False and sum(buttons.values()) == 5
    reason = f"No puedes pedir {forbidden}: repartes tú, y con tu apuesta la suma sería 5 de 5"
    assert text_of(re.search(r'id="forbidden-reason">(.*?)</p>', html, re.S).group(1)) == reason  # type: ignore[union-attr]
    # sent anyway: refused with that reason, nothing changes
    refused = post({**fields, "apuesta": str(forbidden)}, status=422)
    assert error_of(refused) == reason
    assert "¿Cuántas bazas pides?" in refused
    # a bid out of range
    assert "Tu apuesta debe ser de 0 a 5 bazas" in error_of(post({**fields, "apuesta": "6"}, status=422))


def test_a_bid_redirects_to_the_address_of_the_hand(phone: FlaskClient) -> None:
    html = get(phone, START.format(seat=1))
    fields, _buttons = form_of(html, "bid")
    response = phone.post("/simulador/jugar", data={**fields, "apuesta": "2"})
    assert response.status_code == 303
    query = parse_qs(urlsplit(response.headers["Location"]).query)
    assert query["apuesta"] == ["2"] and query["asiento"] == ["1"] and query["seed"] == ["7"] and "jugadas" not in query


def test_only_the_legal_cards_can_be_chosen_and_an_illegal_one_is_refused_with_the_rule(
    phone: FlaskClient, post: Post
) -> None:
    deal = deal_cards(4, 5, 0, Random(7))
    for seat in range(4):
        # find a moment where this seat has cards it may not play
        waiting = practice_hand(deal, seat, preset_rules("clasica"))
        bid = 1 if not (waiting.last_bidder and waiting.forbidden == 1) else 2
        hand = practice_hand(deal, seat, preset_rules("clasica"), bid=bid)
        played: list[Card] = []
        while hand.stage == "play" and hand.ruling().legal == frozenset(hand.hands[seat]):
            played.append(min(hand.ruling().legal))
            hand = practice_hand(deal, seat, preset_rules("clasica"), bid=bid, played=played)
        if hand.stage != "play":
            continue
        address = (
            START.format(seat=seat)
            + f"&apuesta={bid}"
            + ("&jugadas=" + "+".join(str(c) for c in played) if played else "")
        )
        html = get(phone, address)
        fields, buttons = form_of(html, "play")
        legal = {str(c) for c in hand.ruling().legal}
        assert {card for card, enabled in buttons.items() if enabled} == legal
        assert set(buttons) == {str(c) for c in hand.hands[seat]}
        reason = str(hand.ruling().reason)
        assert f"Te toca: {reason}" in text_of(html)
        illegal = next(card for card, enabled in buttons.items() if not enabled)
        refused = post({**fields, "carta": illegal}, status=422)
        assert error_of(refused) == f"No puedes echar el {illegal}: {reason}"
        same = {k: v for k, v in form_of(refused, "play")[0].items() if k != "csrf_token"}
        assert same == {k: v for k, v in fields.items() if k != "csrf_token"}, "the hand is as it was"
        return
    pytest.fail("no seat ever had a card it could not play")


def test_a_whole_hand_against_the_bots(phone: FlaskClient, post: Post) -> None:
    html = get(phone, START.format(seat=3))
    fields, buttons = form_of(html, "bid")
    bid = next(value for value, enabled in buttons.items() if enabled)
    html = post({**fields, "apuesta": bid})
    cards_played = []
    for _ in range(5):
        fields, buttons = form_of(html, "play")
        assert fields["apuesta"] == bid
        card = next(value for value, enabled in buttons.items() if enabled)
        cards_played.append(card)
        html = post({**fields, "carta": card})
    assert "Fin de la mano" in html and 'class="play-form"' not in html
    hand = practice_hand(
        deal_cards(4, 5, 0, Random(7)), 3, preset_rules("clasica"), int(bid), parse_cards(" ".join(cards_played))
    )
    score = hand.points()[3]
    assert text_of(re.search(r'id="tus-puntos">(.*?)</p>', html, re.S).group(1)) == (  # type: ignore[union-attr]
        f"Pediste {bid} y has hecho {hand.won[3]}: {score} punto{'s' if abs(score) != 1 else ''}"
    )
    rows = re.findall(r"<tr class=\"(?:made|missed)\">(.*?)</tr>", html, re.S)
    assert [text_of(row).split()[-1] for row in rows] == [str(p) for p in hand.points()]
    # the finished hand survives a reload: its address holds it
    again = get(phone, START.format(seat=3) + f"&apuesta={bid}&jugadas=" + "+".join(cards_played))
    assert "Fin de la mano" in again


def test_a_tampered_address_is_refused_with_the_rule(phone: FlaskClient) -> None:
    deal = deal_cards(4, 5, 0, Random(7))
    hand = practice_hand(deal, 1, preset_rules("clasica"), bid=1)
    illegal = next((c for c in hand.hands[1] if c not in hand.ruling().legal), None)
    if illegal is not None:
        html = get(phone, START.format(seat=1) + f"&apuesta=1&jugadas={illegal}", 400)
        assert error_of(html).startswith(f"No puedes echar el {illegal}: ")
    html = get(phone, START.format(seat=1) + "&apuesta=1&jugadas=8O", 400)
    assert "no hay 8 ni 9" in error_of(html)
    html = get(phone, START.format(seat=1) + "&apuesta=9", 400)
    assert "Tu apuesta debe ser de 0 a 5 bazas" in error_of(html)
    html = get(phone, START.format(seat=7), 400)
    assert "Elige tu sitio en la mesa: del 1 al 4" in error_of(html)


def test_a_card_you_do_not_hold_is_refused(phone: FlaskClient, post: Post) -> None:
    html = get(phone, START.format(seat=1) + "&apuesta=1")
    fields, buttons = form_of(html, "play")
    stranger = next(str(c) for c in deal_cards(4, 5, 0, Random(7)).hands[2])
    assert stranger not in buttons
    assert error_of(post({**fields, "carta": stranger}, status=422)) == f"No tienes el {stranger}"
    assert error_of(post({**fields, "carta": "7C 1C"}, status=400)) == "Elige una carta"


def test_posting_needs_the_form_s_csrf_token(client: FlaskClient) -> None:
    html = client.get(START.format(seat=1)).get_data(as_text=True)
    fields, _buttons = form_of(html, "bid")
    assert fields["csrf_token"]
    assert client.post("/simulador/jugar", data={**fields, "csrf_token": "nope", "apuesta": "1"}).status_code == 400
    assert client.post("/simulador/jugar", data={**fields, "apuesta": "1"}).status_code == 303
