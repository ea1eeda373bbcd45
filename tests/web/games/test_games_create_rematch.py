"""La revancha a phone made without signal (``POST /p/<token>/crear`` with ``rematch_of``): the old game's players,
seats and rules at the phone's address, linked from the old game, made once, and reached by every phone that keeps
the old game's score."""

from __future__ import annotations

import pytest
from phone_creation import Creation, count_games, engine_card, phone_token, stored

from scorekeeper.engine import Rules
from scorekeeper.extensions import db
from scorekeeper.storage import leaving, rematch, store
from scorekeeper.storage.seals import unseal
from support.groups import add_game, finished_game, make_peña, stored_group
from support.table import Table

THREE = ("Ana", "Bea", "Carlos")


def finished(table: Table, dealer: int = 0) -> str:
    """A game of three over after two one-card hands, ``dealer`` dealing first: its token."""
    token = table.start(list(THREE), dealer=dealer, preset="a_medida", custom_sizes="1 1", renuncio_penalty="30")
    table.seed(token, ("O", [1, 1, 0], [0, 1, 0]), ("C", [0, 0, 0], [1, 0, 0]))
    assert table.snap(token).finished_at is not None
    return token


def test_la_revancha_of_a_game_over_is_made_at_the_phones_address_and_linked(table: Table) -> None:
    old = finished(table, dealer=2)
    before = stored(table.app, old)
    sent = Creation.rematch(old)
    answer = sent.post(table.client)
    assert answer.status == 201, answer.body
    new = stored(table.app, sent.token)
    after = stored(table.app, old)
    assert after["rematch_id"] == new["id"], "the old game points at its revancha"
    assert after["version"] == before["version"] + 1, "its watchers' pages are offered the revancha"
    assert (new["names"], new["rules"], new["preset"]) == (list(THREE), before["rules"], before["preset"])
    assert new["first_dealer"] == 0, "the seat after the old game's first dealer"
    assert new["creation_id"] == sent.id
    assert answer.body == {
        "token": sent.token,
        "play": f"/p/{sent.token}",
        "watch": f"/ver/{new['watch_token']}",
        "card": engine_card(Rules.from_dict(before["rules"]), THREE, 0),
        "version": 0,
    }
    assert table.page(sent.token).role("Reparte") == "Ana"


def test_the_phone_may_choose_the_first_dealer_as_the_page_lets_it(table: Table) -> None:
    old = finished(table, dealer=0)
    answer = Creation.rematch(old, dealer=0).post(table.client)
    assert answer.status == 201
    assert answer.body["card"]["first_dealer"] == 0
    games = count_games(table.app)
    refused = Creation.rematch(finished(table), dealer=3).post(table.client, {"Accept-Language": "en"})
    assert refused.status == 422
    assert refused.fields == {"first_dealer": "Choose who deals first"}
    assert count_games(table.app) == games + 1, "only the second old game was made"


def test_la_revancha_of_a_game_left_is_made(table: Table) -> None:
    old = table.start(list(THREE), dealer=1)
    assert table.client.post(f"/p/{old}/dejar").status_code == 303
    answer = Creation.rematch(old).post(table.client)
    assert answer.status == 201
    assert answer.body["card"]["first_dealer"] == 2


@pytest.mark.parametrize("language", ["es", "en"])
def test_a_game_still_played_has_no_revancha_yet(table: Table, language: str) -> None:
    old = table.start(list(THREE))
    table.play_hand(old, "O", [1, 1, 0], [0, 1, 0])
    before = stored(table.app, old)
    games = count_games(table.app)
    answer = Creation.rematch(old).post(table.client, {"Accept-Language": language})
    assert answer.status == 409
    assert (
        answer.error
        == {
            "es": "La partida aún se está jugando: la revancha empieza cuando termina o la dejáis. "
            "No se ha creado ninguna partida.",
            "en": "The game is still being played: the revancha starts once it ends or you leave it. No game was created.",
        }[language]
    )
    assert stored(table.app, old) == before and count_games(table.app) == games


def test_sent_again_it_is_answered_the_same_and_another_phones_finds_it_started(table: Table) -> None:
    old = finished(table)
    sent = Creation.rematch(old)
    first = sent.post(table.client)
    again = sent.post(table.client)
    assert (first.status, again.status) == (201, 200) and again.body == first.body
    games = count_games(table.app)
    other_phone = Creation.rematch(old).post(table.app.test_client())
    assert other_phone.status == 409
    assert other_phone.error == "Esta partida ya tiene su revancha: seguid en ella. No se ha creado ninguna partida."
    assert {key: other_phone.body[key] for key in ("token", "play", "watch")} == {
        key: first.body[key] for key in ("token", "play", "watch")
    }, "whoever holds the old game's token keeps the revancha's score too"
    assert count_games(table.app) == games


def test_the_pages_revancha_leads_every_scorekeeper_to_the_phones(table: Table) -> None:
    old = finished(table)
    sent = Creation.rematch(old)
    assert sent.post(table.client).status == 201
    other = table.app.test_client()
    for method in ("GET", "POST"):
        response = other.open(f"/p/{old}/revancha", method=method, data={"dealer": "1"})
        assert response.status_code == 303 and response.headers["Location"] == f"/p/{sent.token}", method


def test_a_revancha_started_on_the_page_is_the_one_a_phone_is_sent_to(table: Table) -> None:
    old = finished(table)
    started = table.client.post(f"/p/{old}/revancha", data={"dealer": "1"})
    assert started.status_code == 303
    answer = Creation.rematch(old).post(table.client)
    assert answer.status == 409 and answer.body["play"] == started.headers["Location"]


def test_once_the_old_address_is_replaced_only_the_revanchas_watchers_address_is_given(table: Table) -> None:
    old = finished(table)
    first = Creation.rematch(old).post(table.client)
    assert first.status == 201
    replaced = table.client.post(f"/p/{old}/nuevo-enlace")
    fresh = replaced.headers["Location"].removeprefix("/p/")
    answer = Creation.rematch(fresh).post(table.client)
    assert answer.status == 409
    assert answer.body == {"error": answer.error, "watch": first.body["watch"]}


def test_the_old_game_keeps_the_revanchas_token_sealed_with_its_own(table: Table) -> None:
    old = finished(table)
    sent = Creation.rematch(old)
    assert sent.post(table.client).status == 201
    with table.app.app_context():
        game = store.find_game(old)
        assert game is not None and game.rematch_seal and game.rematch_id is not None
        assert sent.token not in game.rematch_seal and sent.token.encode().hex() not in game.rematch_seal
        assert unseal(game.rematch_seal, old, rematch.seal_label(game.rematch_id)) == sent.token
        assert unseal(game.rematch_seal, phone_token(), rematch.seal_label(game.rematch_id)) is None, (
            "no other token opens it"
        )
        assert unseal(game.rematch_seal, old, rematch.seal_label(game.rematch_id + 1)) is None
        assert unseal("zz", old, rematch.seal_label(game.rematch_id)) is None


def test_an_unknown_old_game_is_a_404_and_a_deleted_one_a_410(table: Table) -> None:
    games = count_games(table.app)
    for unknown in (phone_token(), "", "x" * 70, table.watch_token(finished(table))):
        answer = Creation.rematch(unknown).post(table.client)
        assert answer.status == 404, unknown
        assert answer.error == "No hay ninguna partida en la dirección de la que sería la revancha."
    old = finished(table)
    with table.app.app_context():
        game = store.find_game(old)
        assert game is not None
        leaving.delete(game)
        db.session.commit()
    gone = Creation.rematch(old).post(table.client)
    assert gone.status == 410 and gone.error
    assert count_games(table.app) == games + 1, "only the game watched was made"


def test_la_revancha_counts_in_every_peña_the_old_game_counts_in(table: Table) -> None:
    peña = make_peña(table.client, table.app)
    old = finished_game(table)
    assert add_game(table.client, peña, f"/p/{old}").status_code == 303
    before = stored_group(table.app, peña)
    sent = Creation.rematch(old)
    assert sent.post(table.client).status == 201
    assert stored_group(table.app, peña)["games"] == [*before["games"], stored(table.app, sent.token)["id"]]


def test_a_revancha_at_an_address_in_use_is_refused(table: Table) -> None:
    old = finished(table)
    taken = table.start(list(THREE))
    answer = Creation.rematch(old).at(taken).post(table.client)
    assert answer.status == 409 and answer.error.startswith("Esa dirección ya es, o fue, la de otra partida")
    assert stored(table.app, old)["rematch_id"] is None
