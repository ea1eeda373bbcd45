"""The simulator (/simulador): the deal as docs/rules.md "Dealer, mano and trump" says, the bids, the play trick by trick, moment by moment."""

from __future__ import annotations

import html as html_lib
import re
from random import Random
from urllib.parse import parse_qs, urlsplit

import pytest
from flask.testing import FlaskClient

from scorekeeper.engine import Card, HandLog, preset_rules, ruling, simulate_hand, sorted_hand

ADDRESS = "/simulador?players=4&cards=5&seed=7&dealer=0&preset=clasica"


def text_of(markup: str) -> str:
    """The visible text of some HTML, spaces squeezed (inline tags dropped)."""
    markup = re.sub(r"</?(?:strong|span|small|em|b|a)\b[^>]*>", "", markup)
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def page(client: FlaskClient, address: str, status: int = 200) -> str:
    response = client.get(address)
    assert response.status_code == status, response.get_data(as_text=True)[:2000]
    return response.get_data(as_text=True)


def block(html: str, element_id: str, tag: str = r"\w+") -> str:
    """The HTML inside the element with that id (up to the first closing tag of its kind: ``ol`` holds ``li``s)."""
    if tag == "ol":  # the list's items are li, so the first </ol> after it closes it
        match = re.search(rf'<(ol)[^>]*\bid="{element_id}"[^>]*>(.*?)</ol>', html, re.S)
    else:
        match = re.search(rf'<({tag})[^>]*\bid="{element_id}"[^>]*>(.*?)</\1>', html, re.S)
    assert match, f"no #{element_id}"
    return match.group(2)


def cards_in(markup: str, state: str | None = None) -> list[str]:
    """The cards drawn in some HTML (data-card), only those in ``state`` (legal, out, played) if given."""
    found = re.findall(r'<span class="card suit-\w([^"]*)" data-card="([^"]+)"', markup)
    return [card for classes, card in found if state is None or f"card-{state}" in classes.split()]


def main_of(html: str) -> str:
    """The page's content, without the footer's form (its CSRF token is signed afresh every second)."""
    match = re.search(r"<main[^>]*>(.*)</main>", html, re.S)
    assert match
    return match.group(1)


def the_log(players: int = 4, cards: int = 5, dealer: int = 0, seed: int = 7, preset: str = "clasica") -> HandLog:
    return simulate_hand(players, cards, dealer, Random(seed), rules=preset_rules(preset))


# --- choosing a deal -----------------------------------------------------------------------------


def test_the_first_visit_deals_with_a_random_seed_in_the_address(phone: FlaskClient) -> None:
    response = phone.get("/simulador")
    assert response.status_code == 302
    location = response.headers["Location"]
    query = parse_qs(urlsplit(location).query)
    assert query["players"] == ["4"] and query["preset"] == ["clasica"] and query["seed"][0].isdigit()
    html = page(phone, location)
    assert f"Semilla {query['seed'][0]}" in text_of(html)
    assert main_of(html) == main_of(page(phone, location)), "the address reproduces the deal"


def test_the_form_is_a_get_form_with_every_choice(phone: FlaskClient) -> None:
    html = page(phone, ADDRESS)
    form = re.search(r'<form method="get" action="/simulador"[^>]*>(.*?)</form>', html, re.S)
    assert form, "the choices are a GET form, so the address holds them"
    for name in ("players", "cards", "dealer", "preset", "seed"):
        assert f'name="{name}"' in form.group(1)
    assert re.search(r'<option value="4" selected>4</option>', form.group(1))
    assert 'name="seed" inputmode="numeric" autocomplete="off" value="7"' in form.group(1)
    for key in ("clasica", "corta", "ludoteka", "ludoteka_subir", "ludoteka_maximo"):
        assert f'<option value="{key}"' in form.group(1)


def test_a_blank_seed_draws_one(phone: FlaskClient) -> None:
    response = phone.get("/simulador?players=5&cards=3&dealer=2&preset=corta&seed=")
    assert response.status_code == 302
    query = parse_qs(urlsplit(response.headers["Location"]).query)
    assert (
        query["players"] == ["5"]
        and query["cards"] == ["3"]
        and query["dealer"] == ["2"]
        and query["preset"] == ["corta"]
    )
    assert query["seed"][0].isdigit()


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("players=2&cards=3&seed=1", "La pocha se juega de 3 a 8 jugadores"),
        ("players=9&cards=3&seed=1", "La pocha se juega de 3 a 8 jugadores"),
        ("players=4&cards=11&seed=1", "Con 4 jugadores se reparten de 1 a 10 cartas"),
        ("players=4&cards=0&seed=1", "Con 4 jugadores se reparten de 1 a 10 cartas"),
        (
            "players=4&cards=3&seed=siete",
            "«siete» no vale como semilla: tiene que ser un número entero de 0 en adelante",
        ),
        ("players=4&cards=3&seed=1&dealer=5", "El que reparte debe ser uno de los jugadores"),
        ("players=4&cards=3&seed=1&preset=nope", "No hay reglas llamadas «nope»"),
        ("players=4&cards=3&seed=1&paso=14", "Esta mano va del paso 0 al 13"),
        ("players=4&cards=3&seed=1&paso=x", "no vale como paso"),
    ],
)
def test_bad_choices_are_refused_with_the_reason(phone: FlaskClient, query: str, message: str) -> None:
    html = page(phone, f"/simulador?{query}", 400)
    assert message in text_of(block(html, "sim-error", "p"))
    assert 'name="players"' in html, "the form is still there to fix the choice"
    assert 'details class="sim-settings" open' in html


# --- the whole hand ------------------------------------------------------------------------------


def test_the_deal_the_trump_and_every_hand_sorted(phone: FlaskClient) -> None:
    log = the_log()
    html = page(phone, ADDRESS)
    deal = log.deal
    assert deal.turned is not None and not deal.from_dealer
    trump_line = re.search(r'<p class="trump-line">(.*?)</p>', html, re.S)
    assert trump_line and "muestra" in trump_line.group(1)
    assert cards_in(trump_line.group(1)) == [str(deal.turned)]
    for seat, hand in enumerate(deal.hands):
        assert cards_in(block(html, f"asiento-{seat}", "li")) == [str(c) for c in sorted_hand(hand, deal.trump)]
    seat_0 = text_of(block(html, "asiento-0", "li"))
    assert "Jugador 1" in seat_0 and "reparte" in seat_0
    assert "es mano" in text_of(block(html, "asiento-1", "li"))


def test_when_every_card_is_dealt_the_dealer_shows_the_last_card(phone: FlaskClient) -> None:
    log = the_log(players=4, cards=10, dealer=2, seed=3)
    html = page(phone, "/simulador?players=4&cards=10&seed=3&dealer=2")
    trump_line = re.search(r'<p class="trump-line">(.*?)</p>', html, re.S)
    assert trump_line and "última carta de quien reparte" in trump_line.group(1)
    assert log.deal.turned in log.deal.hands[2]
    assert cards_in(trump_line.group(1)) == [str(log.deal.turned)]


def test_the_bids_in_order_and_the_forbidden_number(phone: FlaskClient) -> None:
    log = the_log()
    html = page(phone, ADDRESS)
    said = [text_of(item) for item in re.findall(r"<li>(.*?)</li>", block(html, "apuestas", "ol"), re.S)]
    assert said == [f"Jugador {seat + 1}: {log.bids[seat]}" for seat in log.bid_order]
    assert log.forbidden is not None and log.bids[log.deal.dealer] != log.forbidden
    assert text_of(block(html, "prohibida", "p")) == f"Jugador 1 no puede pedir {log.forbidden}: la suma sería 5 de 5"


def test_every_trick_every_card_with_its_legal_cards_and_the_winner(phone: FlaskClient) -> None:
    log = the_log()
    html = page(phone, ADDRESS)
    section = html[html.index('id="bazas"') : html.index('id="result-title"')]
    tricks = section.split('<li class="trick"')[1:]  # each trick's own markup
    assert len(tricks) == 5
    for number, trick in enumerate(log.tricks, start=1):
        markup = tricks[number - 1]
        assert f"Baza {number}" in text_of(markup) and f"sale Jugador {trick.leader + 1}" in text_of(markup)
        plays = re.findall(r'<li class="play[^"]*" data-card="([^"]+)">(.*?)</li>', markup, re.S)
        assert [card for card, _ in plays] == [str(play.card) for play in trick.plays]
        for (_card, row), play in zip(plays, trick.plays):
            assert f"Jugador {play.player + 1}" in text_of(row)
            assert cards_in(row) == [str(c) for c in sorted_hand(play.legal, log.deal.trump)]
            assert cards_in(row, "played") == [str(play.card)]
        assert f"Se la lleva Jugador {trick.winner + 1}" in text_of(markup)


def test_the_result_tricks_against_bids_and_points(phone: FlaskClient) -> None:
    log = the_log()
    html = page(phone, ADDRESS)
    rows = re.findall(r"<tr class=\"(made|missed)\">(.*?)</tr>", block(html, "resultado", "table"), re.S)
    assert len(rows) == 4
    for seat, (made, row) in enumerate(rows):
        cells = [text_of(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
        assert cells == [f"Jugador {seat + 1}", str(log.bids[seat]), str(log.tricks_won[seat]), str(log.points[seat])]
        assert (made == "made") is (log.bids[seat] == log.tricks_won[seat])


def test_each_seat_links_to_its_odds_and_to_playing_it(phone: FlaskClient) -> None:
    log = the_log()
    html = page(phone, ADDRESS)
    odds = [html_lib.unescape(href) for href in re.findall(r'<a class="odds-link" href="([^"]+)"', html)]
    plays = [html_lib.unescape(href) for href in re.findall(r'<a class="play-link" href="([^"]+)"', html)]
    assert len(odds) == len(plays) == 4
    for seat, (odds_address, play_address) in enumerate(zip(odds, plays)):
        query = parse_qs(urlsplit(odds_address).query)
        assert query["asiento"] == [str(seat)] and query["players"] == ["4"] and query["dealer"] == ["0"]
        assert query["mano"] == [" ".join(str(c) for c in sorted_hand(log.deal.hands[seat], log.deal.trump))]
        assert query["muestra"] == [str(log.deal.turned)]
        assert page(phone, odds_address).count('class="bar') >= 6
        play = parse_qs(urlsplit(play_address).query)
        assert play["asiento"] == [str(seat)] and play["seed"] == ["7"]
    assert "/simulador/deal.json?" in html


# --- moment by moment ---------------------------------------------------------------------------


def moment_address(number: int) -> str:
    """The deal of ``ADDRESS`` at moment ``number`` (the address's «paso»)."""
    return f"{ADDRESS}&paso={number}"


def test_every_moment_has_its_address_and_the_links_walk_the_hand(phone: FlaskClient) -> None:
    log = the_log()
    last = 4 * 5 + 1
    seen = []
    address: str | None = "/simulador?players=4&cards=5&dealer=0&preset=clasica&seed=7&paso=0"
    while address:
        html = page(phone, address)
        number = int(parse_qs(urlsplit(address).query)["paso"][0])
        seen.append(number)
        assert f"Paso {number} de {last}" in text_of(html)
        previous = re.search(r'<a class="button moment-prev" rel="prev" href="([^"]+)"', html)
        assert (previous is None) is (number == 0)
        following = re.search(r'<a class="button moment-next" rel="next" href="([^"]+)"', html)
        address = html_lib.unescape(following.group(1)).split("#")[0] if following else None
    assert seen == list(range(last + 1))
    assert len(log.moves) == last - 1


def test_moment_zero_is_the_deal_and_the_bids(phone: FlaskClient) -> None:
    log = the_log()
    html = page(phone, moment_address(0))
    for seat, hand in enumerate(log.deal.hands):
        assert cards_in(block(html, f"asiento-{seat}", "li")) == [str(c) for c in sorted_hand(hand, log.deal.trump)]
    assert block(html, "apuestas", "ol")
    assert f"Sale Jugador {log.bid_order[0] + 1}, que es mano." in text_of(html)


def test_each_card_moment_shows_the_legal_cards_highlighted_and_the_rule(phone: FlaskClient) -> None:
    log = the_log()
    trump = log.deal.trump
    hands = [list(hand) for hand in log.deal.hands]
    number = 0
    for trick in log.tricks:
        table: list[Card] = []
        for play in trick.plays:
            number += 1
            html = page(phone, moment_address(number))
            seat = block(html, f"asiento-{play.player}", "li")
            assert 'class="seat seat-playing"' in html
            assert cards_in(seat) == [str(c) for c in sorted_hand(hands[play.player], trump)], "the hand before playing"
            assert set(cards_in(seat, "legal")) | set(cards_in(seat, "played")) == {str(c) for c in play.legal}
            assert cards_in(seat, "played") == [str(play.card)]
            assert set(cards_in(seat, "out")) == {str(c) for c in hands[play.player]} - {str(c) for c in play.legal}
            assert cards_in(block(html, "jugada", "p")) == [str(play.card)]
            reason = str(ruling(hands[play.player], table, trump).reason)
            assert text_of(block(html, "regla", "p")) == f"La regla: {reason}"
            hands[play.player].remove(play.card)
            table.append(play.card)
            assert cards_in(block(html, "en-la-mesa", "ol")) == [str(c) for c in table]
            if len(table) == 4:
                assert text_of(block(html, "ganador", "p")) == f"Se la lleva Jugador {trick.winner + 1}"
            else:
                assert 'id="ganador"' not in html


def test_the_last_moment_is_the_result(phone: FlaskClient) -> None:
    html = page(phone, moment_address(21))
    assert block(html, "resultado", "table")
    assert "moment-next" not in html and "moment-prev" in html


def test_a_moment_links_to_the_referee_for_it(phone: FlaskClient) -> None:
    log = the_log()
    html = page(phone, moment_address(2))  # the second card of the first trick
    link = re.search(r'<a href="(/arbitro\?[^"]+)"', html)
    assert link
    query = parse_qs(urlsplit(html_lib.unescape(link.group(1))).query)
    play = log.tricks[0].plays[1]
    assert query["mesa"] == [str(log.tricks[0].plays[0].card)]
    assert str(play.card) in query["mano"][0].split()
    answer = page(phone, html_lib.unescape(link.group(1)))
    assert set(cards_in(block(answer, "legales", "p"))) == {str(c) for c in play.legal}


# --- the page keeps the house rules ---------------------------------------------------------------


@pytest.mark.parametrize("address", [ADDRESS, moment_address(3), "/simulador?players=9"])
def test_no_inline_style_or_script(phone: FlaskClient, address: str) -> None:
    html = phone.get(address).get_data(as_text=True)
    assert " style=" not in html and "<style" not in html
    assert not re.search(r"<script(?![^>]*\ssrc=)[^>]*>", html)
    assert re.search(r'"/static/css/simulator\.[0-9a-f]{10}\.css"', html), (
        "the simulator's stylesheet, at its hashed address"
    )


def test_the_simulator_stylesheet_uses_nothing_from_outside(phone: FlaskClient) -> None:
    css = phone.get("/static/css/simulator.css").get_data(as_text=True)
    assert "@import" not in css and "url(" not in css and "@font-face" not in css


def test_the_page_in_english(phone: FlaskClient) -> None:
    html = phone.get(ADDRESS, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="en">' in html
