"""GET /simulador/deal.json: the whole simulated hand, checked seat by seat and trick by trick against the engine."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from flask.testing import FlaskClient

from scorekeeper import PROJECT_DIR
from scorekeeper.engine import (
    Card,
    Suit,
    deck,
    forbidden_bid_for,
    legal_plays,
    max_cards,
    parse_cards,
    points,
    preset_rules,
    sorted_hand,
    trick_winner,
)

CASES = [
    # players, cards, dealer, seed, preset
    (3, 12, 0, 1, "clasica"),
    (3, 4, 2, 99, "corta"),
    (4, 10, 0, 7, "clasica"),
    (4, 1, 3, 5, "ludoteka"),
    (5, 8, 4, 123456, "clasica"),
    (6, 6, 1, 42, "ludoteka_subir"),
    (7, 5, 6, 2024, "clasica"),
    (8, 5, 7, 31337, "ludoteka_maximo"),
    (8, 2, 0, 0, "clasica"),
]


def deal_json(client: FlaskClient, **params: Any) -> dict[str, Any]:
    response = client.get("/simulador/deal.json", query_string=params)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    data: dict[str, Any] = json.loads(response.get_data(as_text=True))
    return data


def cards(notation: list[str]) -> list[Card]:
    return list(parse_cards(notation))


@pytest.mark.parametrize(("players", "cards_each", "dealer", "seed", "preset"), CASES)
def test_every_play_and_every_trick_agrees_with_the_engine(
    phone: FlaskClient, players: int, cards_each: int, dealer: int, seed: int, preset: str
) -> None:
    doc = deal_json(phone, players=players, cards=cards_each, seed=seed, dealer=dealer, preset=preset)
    rules = preset_rules(preset)
    assert (doc["players"], doc["cards"], doc["dealer"], doc["seed"], doc["preset"]) == (
        players,
        cards_each,
        dealer,
        seed,
        preset,
    )
    trump = Suit(doc["trump"]) if doc["trump"] is not None else None

    # the deal: N hands of the right size from the table's deck, no card twice, the turned card as docs/rules.md "Dealer, mano and trump" says
    hands = [cards(hand) for hand in doc["hands"]]
    assert len(hands) == players and all(len(hand) == cards_each for hand in hands)
    dealt = [card for hand in hands for card in hand]
    assert len(set(dealt)) == len(dealt) and set(dealt) <= set(deck(players))
    for hand in hands:
        assert hand == sorted_hand(hand, trump), "each hand is sorted by suit (trump first) and strength"
    every_card = players * cards_each == len(deck(players))
    assert doc["turned_from_dealer"] is every_card
    turned = Card.parse(doc["turned"])
    assert trump is turned.suit
    if every_card:
        assert turned in hands[dealer]
    else:
        assert turned not in dealt and turned in deck(players)

    # the bids: la mano to the dealer, never the forbidden bid
    order = [bid["player"] for bid in doc["bids"]]
    assert order == [(dealer + 1 + i) % players for i in range(players)]
    said = [bid["bid"] for bid in doc["bids"]]
    assert all(0 <= bid <= cards_each for bid in said)
    assert doc["forbidden"] == forbidden_bid_for(cards_each, said[:-1], rules)
    assert said[-1] != doc["forbidden"]
    bids = {bid["player"]: bid["bid"] for bid in doc["bids"]}

    # the play: every card legal in its moment, every trick to its winner
    left = [list(hand) for hand in hands]
    played: list[Card] = []
    leader = order[0]
    assert len(doc["tricks"]) == cards_each
    for trick in doc["tricks"]:
        assert trick["leader"] == leader
        assert [play["player"] for play in trick["plays"]] == [(leader + i) % players for i in range(players)]
        table: list[Card] = []
        for play in trick["plays"]:
            seat, card = play["player"], Card.parse(play["card"])
            legal = legal_plays(left[seat], table, trump)
            assert cards(play["legal"]) == sorted_hand(legal, trump), "the legal list is the engine's, in a fixed order"
            assert card in legal and card in left[seat]
            left[seat].remove(card)
            table.append(card)
        assert trick["winner"] == trick["plays"][trick_winner(table, trump)]["player"]
        leader = trick["winner"]
        played += table
    assert not any(left)
    assert len(played) == len(set(played)) == players * cards_each, "every card is played once"

    # tricks add up to the cards; points are the engine's
    won = Counter(trick["winner"] for trick in doc["tricks"])
    assert doc["tricks_won"] == [won[seat] for seat in range(players)]
    assert sum(doc["tricks_won"]) == cards_each
    assert doc["points"] == [points(rules, cards_each, trump, bids[s], doc["tricks_won"][s]) for s in range(players)]


def test_same_parameters_same_bytes(phone: FlaskClient, client: FlaskClient) -> None:
    address = "/simulador/deal.json?players=5&cards=8&seed=7&dealer=2&preset=clasica"
    first = phone.get(address).data
    assert phone.get(address).data == first
    assert client.get(address).data == first, "another app, another client: the same bytes"
    # the order of the parameters does not matter
    assert phone.get("/simulador/deal.json?seed=7&dealer=2&preset=clasica&cards=8&players=5").data == first
    # and the keys are sorted
    text = first.decode()
    assert text.startswith('{"bids":[') and text.endswith("}\n")
    assert json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n" == text
    assert phone.get("/simulador/deal.json?players=5&cards=8&seed=8&dealer=2").data != first


def test_the_example_of_the_readme(phone: FlaskClient) -> None:
    doc = deal_json(phone, players=4, cards=10, seed=7, dealer=0)
    assert sorted(doc) == [
        "bids", "cards", "dealer", "forbidden", "hands", "players", "points", "preset", "seed", "tricks",
        "tricks_won", "trump", "turned", "turned_from_dealer",
    ]  # fmt: skip
    assert doc["preset"] == "clasica" and len(doc["tricks"]) == 10
    assert sorted(doc["tricks"][0]) == ["leader", "plays", "winner"]
    assert sorted(doc["tricks"][0]["plays"][0]) == ["card", "legal", "player"]


def test_one_card_hands_of_ludoteka_have_no_forbidden_bid(phone: FlaskClient) -> None:
    assert deal_json(phone, players=4, cards=1, seed=3, dealer=0, preset="ludoteka")["forbidden"] is None
    assert deal_json(phone, players=4, cards=1, seed=3, dealer=0, preset="clasica")["forbidden"] is not None


def test_the_json_is_the_page_s_deal(phone: FlaskClient) -> None:
    doc = deal_json(phone, players=4, cards=5, seed=11, dealer=1)
    page = phone.get("/simulador?players=4&cards=5&seed=11&dealer=1").get_data(as_text=True)
    for seat, hand in enumerate(doc["hands"]):
        block = re.search(rf'id="asiento-{seat}">(.*?)</li>', page, re.S)
        assert block, f"no seat {seat} on the page"
        assert re.findall(r'data-card="([^"]+)"', block.group(1)) == hand
    assert f'data-card="{doc["turned"]}"' in page


def test_without_a_seed_the_address_gets_one(phone: FlaskClient) -> None:
    response = phone.get("/simulador/deal.json?players=4&cards=3")
    assert response.status_code == 302
    query = parse_qs(urlsplit(response.headers["Location"]).query)
    assert query["seed"][0].isdigit() and query["players"] == ["4"] and query["cards"] == ["3"]
    assert phone.get(response.headers["Location"]).status_code == 200


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("players=2&cards=3&seed=1", "La pocha se juega de 3 a 8 jugadores"),
        ("players=9&cards=3&seed=1", "La pocha se juega de 3 a 8 jugadores"),
        ("players=four&cards=3&seed=1", "no vale como número de jugadores"),
        ("players=4&cards=11&seed=1", "Con 4 jugadores se reparten de 1 a 10 cartas"),
        ("players=8&cards=6&seed=1", "Con 8 jugadores se reparten de 1 a 5 cartas"),
        ("players=4&cards=0&seed=1", "Con 4 jugadores se reparten de 1 a 10 cartas"),
        ("players=4&cards=3&seed=abc", "no vale como semilla"),
        ("players=4&cards=3&seed=-5", "no vale como semilla"),
        ("players=4&cards=3&seed=1.5", "no vale como semilla"),
        ("players=4&cards=3&seed=1&dealer=4", "El que reparte debe ser uno de los jugadores"),
        ("players=4&cards=3&seed=1&dealer=-1", "no vale como quien reparte"),
        ("players=4&cards=3&seed=1&preset=nope", "No hay reglas llamadas «nope»"),
    ],
)
def test_bad_parameters_are_a_400_with_a_message(phone: FlaskClient, query: str, message: str) -> None:
    response = phone.get(f"/simulador/deal.json?{query}")
    assert response.status_code == 400
    assert response.mimetype == "application/json"
    error = json.loads(response.get_data(as_text=True))
    assert list(error) == ["error"]
    assert message in error["error"]


def test_the_error_is_in_the_player_s_language(phone: FlaskClient) -> None:
    response = phone.get("/simulador/deal.json?players=9&seed=1", headers={"Accept-Language": "en"})
    assert response.status_code == 400
    assert "error" in json.loads(response.get_data(as_text=True))


def test_every_table_size_at_its_most_cards(phone: FlaskClient) -> None:
    for players in range(3, 9):
        doc = deal_json(phone, players=players, cards=max_cards(players), seed=players, dealer=players - 1)
        assert sum(doc["tricks_won"]) == max_cards(players)


def test_the_readme_example_is_what_the_address_gives(phone: FlaskClient) -> None:
    readme = (PROJECT_DIR / "docs" / "simulator.md").read_text(encoding="utf-8")
    section = readme[readme.index("## The simulator's deal.json") :]
    example = re.search(r"```json\n(.*?)```", section, re.S)
    assert example, "the README shows an example"
    assert json.loads(example.group(1)) == deal_json(phone, players=3, cards=2, seed=7, dealer=0)
