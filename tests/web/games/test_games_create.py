"""A game a phone made without signal, created on the server (``POST /p/<token>/crear``): from the new-game form's
fields through the page's own checks, its card the engine's, made once however often it is sent, and every refusal
JSON with its reason in the phone's language."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from itsdangerous import TimestampSigner
from phone_creation import Creation, count_games, engine_card, phone_token, post_body, stored

from scorekeeper.engine import CUSTOM_PRESET, OPTIONS, PRESETS, HandKind, Special, preset_rules
from scorekeeper.extensions import db
from scorekeeper.storage import leaving, store
from scorekeeper.storage.phone_games import KNOWN_KEY
from support.groups import make_peña, stored_group
from support.pages import text_of
from support.table import NAMES4, Page, Table, queued

AppFactory = Callable[..., Flask]
FOUR = list(NAMES4)


def card_of(table: Table, token: str) -> dict[str, Any]:
    """The card the server gives of the game at ``token`` now (``GET /p/<token>/carta``)."""
    response = table.client.get(f"/p/{token}/carta")
    assert response.status_code == 200, response.status_code
    card: dict[str, Any] = response.get_json()["card"]
    return card


def html_game(table: Table, sent: Creation) -> str:
    """The same form started through the new-game page: its token."""
    response = table.client.post("/partidas/nueva", data=sent.body["form"])
    assert response.status_code == 303, Page(response).errors
    return str(response.headers["Location"]).removeprefix("/p/")


def created(table: Table, sent: Creation) -> dict[str, Any]:
    """Send ``sent``, which must make its game (201); the answer's body."""
    answer = sent.post(table.client)
    assert answer.status == 201, answer.body
    return answer.body


# --- from the form's fields, as the engine makes the game --------------------------------------


@pytest.mark.parametrize("preset", [*PRESETS, CUSTOM_PRESET])
def test_every_preset_makes_the_engines_game_at_the_phones_address(table: Table, preset: str) -> None:
    sent = Creation.of_form(FOUR, dealer=2, preset=preset)
    games = count_games(table.app)
    body = created(table, sent)
    game = stored(table.app, sent.token)
    assert body == {
        "token": sent.token,
        "play": f"/p/{sent.token}",
        "watch": f"/ver/{game['watch_token']}",
        "card": engine_card(preset_rules(preset), FOUR, 2),
        "version": 0,
    }
    assert game["watch_token"] != sent.token and len(game["watch_token"]) >= 22, "the server makes the watch token"
    assert (game["names"], game["first_dealer"], game["preset"]) == (FOUR, 2, preset)
    assert game["creation_id"] == sent.id
    assert count_games(table.app) == games + 1
    assert card_of(table, sent.token) == body["card"], "the game's card as the page carries it"
    assert table.page(sent.token).role("Reparte") == "Carlos"
    assert table.client.get(body["watch"]).status_code == 200


#: Options as the form sends them, and as the engine's rules hold them.
OPTION_CASES: list[tuple[dict[str, str], dict[str, Any]]] = [
    (
        {"opening_ones": "single", "closing_ones": "none", "renuncio_penalty": "30"},
        {"opening_ones": "single", "closing_ones": "none", "renuncio_penalty": 30},
    ),
    (
        {"multipliers": "copas2_oros3", "pocha_bonus": "1", "tie_break": "one_card", "misses_break_ties": "0"},
        {"multipliers": "copas2_oros3", "pocha_bonus": True, "tie_break": "one_card", "misses_break_ties": False},
    ),
    (
        {"forbidden_in_one_card_hands": "0", "exact_base": "5", "exact_per_trick": "3", "miss_per_trick": "2"},
        {"forbidden_in_one_card_hands": False, "exact_base": 5, "exact_per_trick": 3, "miss_per_trick": 2},
    ),
    ({"max_hands": "2", "descend": "0", "climb": "1"}, {"max_hands": 2, "descend": False, "climb": True}),
]


def engine_value(name: str, value: Any) -> Any:
    """An option's value as the engine's rules hold it (a choice as its enum)."""
    kind = getattr(OPTIONS[name].control, "kind", None)
    return kind(value) if kind is not None and isinstance(value, str) else value


@pytest.mark.parametrize(("sent_options", "rules"), OPTION_CASES, ids=lambda case: ",".join(case)[:40])
def test_options_make_the_rules_the_engine_makes_of_them(
    table: Table, sent_options: dict[str, str], rules: dict[str, Any]
) -> None:
    sent = Creation.of_form(FOUR, dealer=1, preset="clasica", **sent_options)
    body = created(table, sent)
    expected = preset_rules("clasica", **{name: engine_value(name, value) for name, value in rules.items()})
    assert body["card"] == engine_card(expected, FOUR, 1)
    assert card_of(table, sent.token) == card_of(table, html_game(table, sent)), "the page's path makes the same game"


def test_a_custom_list_with_every_special_hand_is_the_engines_schedule(table: Table) -> None:
    sent = Creation.of_form(
        FOUR, dealer=3, preset="a_medida", custom_sizes="1 2 10 10", indias="1", mano_de_oro="2", subastado="3",
        sin_triunfo="fin",
    )  # fmt: skip
    body = created(table, sent)
    specials = (
        Special(HandKind.INDIAS, 1),
        Special(HandKind.SUBASTADO, 3),
        Special(HandKind.MANO_DE_ORO, 2),
        Special(HandKind.SIN_TRIUNFO, None),
    )
    rules = preset_rules("a_medida", custom_sizes=(1, 2, 10, 10), specials=specials)
    assert body["card"] == engine_card(rules, FOUR, 3)
    assert [(hand["cards"], hand["kind"]) for hand in body["card"]["schedule"]] == [
        (1, "indias"),
        (2, "mano_de_oro"),
        (10, "subastado"),
        (10, "normal"),
        (10, "sin_triunfo"),
    ]
    assert card_of(table, sent.token) == card_of(table, html_game(table, sent))


def test_numbers_may_come_as_numbers_and_eight_players_as_eight_names(table: Table) -> None:
    names = ["Ana", "Bea", "Carlos", "Dani", "Eva", "Fede", "Gema", "Hugo"]
    sent = Creation.of_form(names, dealer=7, preset="corta")
    sent.body["form"].update(first_dealer=7, renuncio_penalty=40)
    body = created(table, sent)
    assert body["card"] == engine_card(preset_rules("corta", renuncio_penalty=40), names, 7)


def test_taps_sent_right_after_the_creation_are_applied(table: Table) -> None:
    sent = Creation.of_form(FOUR, dealer=0, preset="a_medida", custom_sizes="3 3")
    body = created(table, sent)
    taps = [queued("trump", 1, value="O", was=""), *(queued("bid", 1, seat, 0) for seat in (1, 2, 3))]
    answer = table.send(sent.token, taps, version=body["version"])
    assert answer.status == 200 and answer.statuses == ["applied"] * 4, answer.body
    assert answer.card is None, "the phone's copy, from the creation's card, is right"
    snap = table.snap(sent.token)
    assert snap.hand(1)["trump"] == "O" and snap.hand(1)["bids"] == (None, 0, 0, 0)
    assert snap.forbidden == 3, "Ana, the dealer, may not bid 3"


def test_the_game_goes_first_in_this_phones_list(table: Table) -> None:
    earlier = table.start(FOUR)
    sent = Creation.of_form(FOUR)
    answer = sent.post(table.client)
    assert answer.status == 201 and answer.cookie
    with table.client.session_transaction() as session:
        assert session[KNOWN_KEY][:2] == [sent.token, earlier]


# --- exactly once ------------------------------------------------------------------------------


def test_the_same_creation_sent_again_is_answered_the_same_and_makes_nothing(table: Table) -> None:
    sent = Creation.of_form(FOUR, dealer=1)
    first = sent.post(table.client)
    games = count_games(table.app)
    again = sent.post(table.client)
    assert (first.status, again.status) == (201, 200)
    assert again.body == first.body
    assert count_games(table.app) == games
    table.queue_ok(sent.token, queued("trump", 1, value="C", was=""), version=0)
    later = sent.post(table.client)
    assert (later.status, later.body) == (200, first.body), "the answer of the creation, as it was made"
    assert stored(table.app, sent.token)["version"] == 1, "sent again, it changes nothing"
    assert count_games(table.app) == games


def test_sent_again_from_a_session_that_lost_the_answer_puts_the_game_in_its_list(table: Table) -> None:
    sent = Creation.of_form(FOUR)
    first = sent.post(table.client)
    other = table.app.test_client()  # the first answer's cookie never reached this phone
    again = sent.post(other)
    assert (again.status, again.body) == (200, first.body)
    with other.session_transaction() as session:
        assert session[KNOWN_KEY] == [sent.token]


def test_the_creations_id_at_another_address_is_refused(table: Table) -> None:
    sent = Creation.of_form(FOUR)
    assert sent.post(table.client).status == 201
    games = count_games(table.app)
    elsewhere = sent.at(phone_token()).post(table.client)
    assert elsewhere.status == 409
    assert elsewhere.error == "Esta creación ya hizo su partida, en otra dirección. No se ha creado ninguna más."
    assert count_games(table.app) == games


@pytest.mark.parametrize("address", ["scorekeeper's", "watchers'"])
def test_an_address_that_is_a_games_is_refused_and_the_game_left_alone(table: Table, address: str) -> None:
    token = table.start(FOUR, dealer=1)
    before = stored(table.app, token)
    games = count_games(table.app)
    taken = token if address == "scorekeeper's" else before["watch_token"]
    answer = Creation.of_form(["Eva", "Fede", "Gema"]).at(taken).post(table.client, {"Accept-Language": "en"})
    assert answer.status == 409
    assert answer.error == "That address is, or was, another game's: create it at another. No game was created."
    assert stored(table.app, token) == before and count_games(table.app) == games


def test_a_deleted_games_addresses_are_refused(table: Table) -> None:
    token = table.start(FOUR)
    watch = table.watch_token(token)
    with table.app.app_context():
        game = store.find_game(token)
        assert game is not None
        leaving.delete(game)
        db.session.commit()
    games = count_games(table.app)
    for address in (token, watch):
        answer = Creation.of_form(FOUR).at(address).post(table.client)
        assert answer.status == 409
        assert answer.error.startswith("Esa dirección ya es, o fue, la de otra partida")
    assert count_games(table.app) == games
    assert table.client.get(f"/p/{token}").status_code == 410, "still the deleted game's address"
    assert table.client.get(f"/ver/{watch}").status_code == 410


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "token",
    ["abc", "x" * 21, "x" * 23, "x" * 43, "ñ" * 22, "k3J9sQ0vX2mWb7Lp.aaaaa", "k3J9sQ0vX2mWb7Lp%2Baaaaa", "%20" * 22],
)
def test_an_address_that_is_not_a_phones_token_is_refused(table: Table, token: str) -> None:
    games = count_games(table.app)
    answer = Creation.of_form(FOUR).at(token).post(table.client)
    assert answer.status == 400
    assert answer.error == (
        "La dirección de la partida debe tener 22 letras, cifras, «-» o «_». No se ha creado ninguna partida."
    )
    assert count_games(table.app) == games


NOT_A_CREATION = (
    "Lo enviado no es la creación de una partida: su id, y su formulario o la partida de la que es la revancha. "
    "No se ha creado ninguna partida."
)


def bad_field(name: str) -> str:
    """The refusal of a body whose field ``name`` is wrong."""
    return f"El campo «{name}» de la creación no se entiende. No se ha creado ninguna partida."


FORM = {"names-0": "Ana", "names-1": "Bea", "names-2": "Carlos", "first_dealer": "0"}
ID = "k3J9sQ0vX2mWb7Lp_-aaaa"


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (b"", "Lo enviado no es JSON. No se ha creado ninguna partida."),
        (b"{", "Lo enviado no es JSON. No se ha creado ninguna partida."),
        (b"[" * 5000, "Lo enviado no es JSON. No se ha creado ninguna partida."),
        (b"[]", NOT_A_CREATION),
        (json.dumps({"creation": ID}).encode(), NOT_A_CREATION),
        (json.dumps({"creation": ID, "form": FORM, "rematch_of": "x"}).encode(), NOT_A_CREATION),
        (json.dumps({"form": FORM}).encode(), bad_field("creation")),
        (json.dumps({"creation": ID[:-1], "form": FORM}).encode(), bad_field("creation")),
        (json.dumps({"creation": 12, "form": FORM}).encode(), bad_field("creation")),
        (json.dumps({"creation": ID, "form": ["Ana"]}).encode(), bad_field("form")),
        (json.dumps({"creation": ID, "form": {**FORM, "names-1": ["Bea"]}}).encode(), bad_field("names-1")),
        (json.dumps({"creation": ID, "form": {**FORM, "first_dealer": None}}).encode(), bad_field("first_dealer")),
        (json.dumps({"creation": ID, "form": {**FORM, "pena": True}}).encode(), bad_field("pena")),
        (json.dumps({"creation": ID, "form": {f"x{n}": "" for n in range(101)}}).encode(), bad_field("form")),
        (json.dumps({"creation": ID, "form": {"x" * 60: 1.5}}).encode(), bad_field("x" * 40 + "…")),
        (json.dumps({"creation": ID, "rematch_of": 7}).encode(), bad_field("rematch_of")),
        (json.dumps({"creation": ID, "rematch_of": "x", "first_dealer": "x"}).encode(), bad_field("first_dealer")),
        (json.dumps({"creation": ID, "rematch_of": "x", "first_dealer": 8}).encode(), bad_field("first_dealer")),
        (json.dumps({"creation": ID, "rematch_of": "x", "first_dealer": True}).encode(), bad_field("first_dealer")),
    ],
)
def test_a_body_that_is_not_a_creation_is_refused_whole(table: Table, body: bytes, error: str) -> None:
    games = count_games(table.app)
    answer = post_body(table.client, phone_token(), body)
    assert (answer.status, answer.error) == (400, error)
    assert not answer.cookie
    assert count_games(table.app) == games


def test_a_body_over_16_kb_is_too_big_and_a_get_is_not_taken(table: Table) -> None:
    sent = Creation.of_form(FOUR)
    sent.body["form"]["x"] = "a" * 17_000
    answer = sent.post(table.client)
    assert answer.status == 413 and "16 KB" in answer.error
    response = table.client.get(f"/p/{sent.token}/crear", headers={"Accept": "text/html"})
    assert response.status_code == 405 and response.mimetype == "application/json"
    assert "POST" in response.headers["Allow"]
    assert table.client.get(f"/p/{sent.token}").status_code == 404, "nothing was made at that address"


#: Forms the page refuses, each with the field whose reason the page shows.
REFUSED_FORMS: list[tuple[dict[str, Any], str]] = [
    ({"names": ["Ana", "Bea"]}, "names"),
    ({"names": ["Ana", "Bea", "ana"]}, "names"),
    ({"names": ["Ana", "Bea", "x" * 41]}, "names"),
    ({"dealer": "5"}, "first_dealer"),
    ({"preset": "tute"}, "preset"),
    ({"renuncio_penalty": "mucho"}, "renuncio_penalty"),
    ({"renuncio_penalty": "5000"}, "renuncio_penalty"),
    ({"preset": "a_medida", "custom_sizes": "1 x 3"}, "custom_sizes"),
    ({"multipliers": "todo"}, "multipliers"),
]


def refused_page(table: Table, form: dict[str, Any], language: str) -> Page:
    """The new-game page the same form is refused with."""
    page = table.read(table.client.post("/partidas/nueva", data=form, headers={"Accept-Language": language}))
    assert page.status == 422, page.status
    return page


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize(("change", "field"), REFUSED_FORMS, ids=[field for _, field in REFUSED_FORMS])
def test_a_refused_form_says_what_the_page_says_in_the_phones_language(
    table: Table, language: str, change: dict[str, Any], field: str
) -> None:
    options = {key: value for key, value in change.items() if key not in ("names", "dealer", "preset")}
    sent = Creation.of_form(
        change.get("names", FOUR), change.get("dealer", 0), change.get("preset", "clasica"), **options
    )
    games = count_games(table.app)
    answer = sent.post(table.client, {"Accept-Language": language})
    assert answer.status == 422, answer.body
    assert not answer.cookie and count_games(table.app) == games
    page = refused_page(table, sent.body["form"], language)
    shown = re.search(rf'<p class="error"[^>]*id="{field}-error">(.*?)</p>', page.html, re.S)
    assert shown, page.errors
    assert answer.fields == {field: text_of(shown.group(1))}
    assert answer.error == answer.fields[field]


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("es", "Con 4 jugadores se reparten como mucho 10 cartas, no 11"),
        ("en", "With 4 players at most 10 cards are dealt, not 11"),
    ],
)
def test_rules_that_make_no_game_are_refused_with_the_engines_reason(table: Table, language: str, message: str) -> None:
    sent = Creation.of_form(FOUR, preset="a_medida", custom_sizes="1 11")
    answer = sent.post(table.client, {"Accept-Language": language})
    assert answer.status == 422
    assert (answer.error, answer.fields) == (message, {})
    assert message in refused_page(table, sent.body["form"], language).errors


@pytest.mark.parametrize("dealer", ["azar", ""])
def test_the_first_dealer_must_be_drawn_by_the_phone(table: Table, dealer: str) -> None:
    sent = Creation.of_form(FOUR, dealer=dealer)
    answer = sent.post(table.client, {"Accept-Language": "en"})
    assert answer.status == 422
    assert answer.fields == {"first_dealer": "Choose who deals first"}
    assert table.client.get(f"/p/{sent.token}").status_code == 404


# --- a peña's new game -------------------------------------------------------------------------


def test_a_game_started_from_a_peñas_form_counts_in_its_league(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    before = stored_group(table.app, peña)
    sent = Creation.of_form(["Eva", "Fede", "Gema"], dealer=1, pena=peña.manage)
    created(table, sent)
    after = stored_group(table.app, peña)
    assert after["games"] == [*before["games"], stored(table.app, sent.token)["id"]]
    assert after["version"] == before["version"] + 1


@pytest.mark.parametrize("language", ["es", "en"])
def test_a_peña_token_that_finds_no_peña_is_refused_as_the_page_refuses_it(table: Table, language: str) -> None:
    sent = Creation.of_form(["Eva", "Fede", "Gema"], pena=phone_token())
    answer = sent.post(table.client, {"Accept-Language": language})
    assert answer.status == 422
    page = refused_page(table, sent.body["form"], language)
    shown = re.search(r'<p class="error"[^>]*id="pena-error">(.*?)</p>', page.html, re.S)
    assert shown
    assert answer.fields == {"pena": text_of(shown.group(1))} and answer.error == answer.fields["pena"]
    assert table.client.get(f"/p/{sent.token}").status_code == 404


# --- CSRF, offline for a day, and the limit on new games ---------------------------------------


def test_without_this_phones_csrf_token_the_creation_is_refused_as_json(
    app: Flask, client: FlaskClient, csrf_token: Callable[..., str]
) -> None:
    sent = Creation.of_form(FOUR)
    good = csrf_token("/partidas/nueva")
    for headers in ({}, {"X-CSRFToken": "forged"}, {"X-CSRFToken": ""}):
        answer = sent.post(client, headers)
        assert answer.status == 403 and "No se ha guardado nada" in answer.error, headers
    stolen = sent.post(app.test_client(), {"X-CSRFToken": good})
    assert stolen.status == 403, "another phone's session: the token is not its own"
    assert count_games(app) == 0
    assert sent.post(client, {"X-CSRFToken": good}).status == 201


def days_old_token(client: FlaskClient, csrf_token: Callable[..., str], days: int) -> str:
    """The form token a phone read from the new-game page ``days`` days ago (its signature's time that far back)."""
    now = time.time()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TimestampSigner, "get_timestamp", lambda self: int(now - days * 24 * 3600))
        return csrf_token("/partidas/nueva")


@pytest.mark.parametrize("days", [1, 30])
def test_a_creation_made_offline_days_ago_is_taken_with_the_token_the_phone_kept(
    client: FlaskClient, csrf_token: Callable[..., str], days: int
) -> None:
    token = days_old_token(client, csrf_token, days)
    answer = Creation.of_form(FOUR).post(client, {"X-CSRFToken": token})
    assert answer.status == 201, answer.body


def test_a_form_token_with_a_time_limit_would_refuse_it(
    app_factory: AppFactory, csrf_token: Callable[..., str], client: FlaskClient
) -> None:
    """What the test above guards against: with an hour's limit (Flask-WTF's own default) yesterday's token fails."""
    token = days_old_token(client, csrf_token, 1)
    strict = app_factory(WTF_CSRF_TIME_LIMIT=3600)
    strict_client = strict.test_client()
    with client.session_transaction() as session:
        kept = dict(session)
    with strict_client.session_transaction() as session:
        session.update(kept)
    assert Creation.of_form(FOUR).post(strict_client, {"X-CSRFToken": token}).status == 403


def test_creations_count_against_the_limit_on_new_games(app_factory: AppFactory) -> None:
    app = app_factory(WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=True, LIMIT_NEW_GAMES="2 per hour")
    client = app.test_client()
    answers = [Creation.of_form(FOUR).post(client) for _ in range(3)]
    assert [answer.status for answer in answers] == [201, 201, 429]
    assert answers[-1].error
    assert count_games(app) == 2
