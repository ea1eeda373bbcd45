"""The watch link can change nothing: every POST route of the app, sent the watch token instead of the edit token, is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from werkzeug.routing import Rule
from werkzeug.test import TestResponse

from scorekeeper.extensions import db
from scorekeeper.storage.models import Game
from support.table import queued

if TYPE_CHECKING:
    from support.table import Table

FOUR = ["Ana", "Bea", "Carlos", "Dani"]
#: POST routes that take no game address: they cannot be given a watch token. A new one must be
#: added here on purpose, after checking it cannot change an existing game.
NO_GAME = {
    "games.new_game",  # starts a new game
    "main.set_language",  # a cookie
    "export.import_game",  # a new game from a file
    "simulator.play_turn",  # a simulated hand, carried in the form: no stored game
    "groups.new_group",  # makes a new peña
    "main.receive",  # adds games to this phone's list (its session): changes no game
}
#: POST routes whose token is a peña's, not a game's: tests/web/groups sends each the peña's lookers' token.
PEÑA_PREFIX = "/pena/"
#: Routes of a game that need more than a game to be taken: here only refused with the watch token.
NEEDS_MORE = {"groups.add_to_group"}  # a peña's address too (tests/web/groups)
#: What a form of each tap sends, so every route would accept the tap with the edit token.
VALUES = {"pinta": "B", "subasta": "1", "apuesta": "1", "bazas": "1", "renuncio": "1"}


def post_rules(table: Table) -> list[Rule]:
    """Every rule of the app that takes a POST (but a peña's own)."""
    return [
        rule
        for rule in table.app.url_map.iter_rules()
        if "POST" in (rule.methods or ()) and not rule.rule.startswith(PEÑA_PREFIX)
    ]


def url_of(rule: Rule, token: str, scope: str = "p") -> str:
    """The rule's address with ``token`` for the game, ``scope`` for its kind of address and hand 1."""
    values: dict[str, Any] = {}
    for name in rule.arguments:
        converter = type(rule._converters[name]).__name__  # type: ignore[attr-defined]
        if name == "token":
            values[name] = token
        elif name == "scope":
            values[name] = scope
        elif converter in ("IntegerConverter", "NumberConverter"):
            values[name] = 1
        else:
            values[name] = "x"
    built = rule.build(values, append_unknown=False)
    assert built is not None, rule.rule
    return built[1]


def form_data(table: Table, token: str, rule: Rule) -> dict[str, str]:
    """A form that would be taken with the edit token: the tap's value, the hand, a seat, the version, a corrected hand."""
    snap = table.snap(token)
    tap = rule.rule.rsplit("/", 1)[-1]
    data = {
        "hand": str(snap.number),
        "seat": str(snap.next_seat if snap.next_seat is not None else 0),
        "value": VALUES.get(tap, "1"),
        "version": str(snap.version),
        "trump": "O",
        "manos": "1",  # the big screen's suspense
    }
    if "corregir" in rule.rule:
        data.update(table.correction_form(token, 1))
        data["bids-1"] = "0" if data["bids-1"] != "0" else "1"
    return data


#: Routes a phone's script sends JSON to, rather than a form: what each takes.
JSON_BODIES = {"games.tap_queue": lambda snap: {"version": snap.version, "taps": [queued("save", snap.number)]}}
#: Routes whose token is the address of a game still to be made (a phone's creation): any game's address, the
#: watchers' too, is refused there as taken (409; tests/web/games/test_games_create.py), so there is no control.
NEW_ADDRESS = {
    "games.create": {
        "creation": "k3J9sQ0vX2mWb7Lp_-aaaa",
        "form": {**{f"names-{i}": name for i, name in enumerate(FOUR)}, "first_dealer": "0"},
    }
}


def send(table: Table, url: str, token: str, rule: Rule) -> TestResponse:
    """POST to ``url`` what ``rule`` takes with the edit token: its form, or its JSON body."""
    if rule.endpoint in NEW_ADDRESS:
        return table.client.post(url, json=NEW_ADDRESS[rule.endpoint])
    if rule.endpoint in JSON_BODIES:
        return table.client.post(url, json=JSON_BODIES[rule.endpoint](table.snap(token)))
    return table.client.post(url, data=form_data(table, token, rule))


def everything(table: Table) -> tuple[Any, ...]:
    """What the database holds of every game."""
    with table.app.app_context():
        games = db.session.execute(db.select(Game).order_by(Game.id)).scalars().all()
        return tuple(
            (
                g.edit_hash,
                g.watch_token,
                g.version,
                g.rules,
                g.first_dealer,
                g.finished_at,
                g.suspense_hands,
                [(p.seat, p.name) for p in g.players],
                [(h.number, h.trump, h.auction, h.bids, h.tricks, h.renuncios, h.complete) for h in g.hands],
                [(c.hand_number, c.changes) for c in g.corrections],
            )
            for g in games
        )


def a_game_in_play(table: Table) -> str:
    """Hand 1 saved (so it can be corrected); hand 2 ready to save (so every tap has something to do)."""
    token = table.start(FOUR, dealer=0, preset="a_medida", custom_sizes="2 2 2")
    table.play_hand(token, "O", bids=[0, 1, 0, 0], tricks=[0, 1, 1, 0])
    table.play_hand(token, "C", bids=[0, 0, 1, 0], tricks=[0, 1, 1, 0], save=False)
    return token


def test_the_watch_token_is_refused_by_every_post_route(table: Table) -> None:
    token = a_game_in_play(table)
    watch = table.watch_token(token)
    rules = post_rules(table)
    with_game = [rule for rule in rules if "token" in rule.arguments]
    assert {rule.endpoint for rule in rules if "token" not in rule.arguments} <= NO_GAME, (
        "a POST route without the game's token: check it cannot change a game, then add it to NO_GAME"
    )
    assert {"games.trump", "games.bid", "games.save", "games.correct", "share.new_edit_link"} <= {
        r.endpoint for r in with_game
    }

    before = everything(table)
    tried = []
    for rule in with_game:
        scopes = ("p", "ver") if "scope" in rule.arguments else ("p",)
        for scope in scopes:
            url = url_of(rule, watch, scope)
            response = send(table, url, token, rule)
            refused = (409,) if rule.endpoint in NEW_ADDRESS else (403, 404)
            assert response.status_code in refused, (url, response.status_code)
            assert everything(table) == before, f"{url} changed something"
            tried.append(url)
    assert len(tried) >= 9  # seven taps, the correction, the new edit link (and any added since)


def test_every_post_route_takes_the_same_form_with_the_edit_token(table: Table) -> None:
    """The control: the forms above are ones the routes take, so the watch token's refusal is the token's."""
    for rule in post_rules(table):
        if "token" not in rule.arguments or rule.endpoint in NEEDS_MORE or rule.endpoint in NEW_ADDRESS:
            continue
        token = a_game_in_play(table)
        response = send(table, url_of(rule, token), token, rule)
        if rule.endpoint in JSON_BODIES:
            assert response.status_code == 200, (rule.rule, response.status_code, response.get_data(as_text=True))
            assert [result["status"] for result in response.get_json()["results"]] == ["applied"]
            continue
        # 303 back to the game, or 409 with the game as it is now (a tap the game is past): the form was taken.
        assert response.status_code in (303, 409), (rule.rule, response.status_code, table.read(response).errors)
        if response.status_code == 303:
            # back to the game; archiving and deleting go back to the home page's list they change
            home = rule.endpoint in ("games.archive", "games.unarchive", "games.delete")
            assert response.headers["Location"] == "/" if home else response.headers["Location"].startswith("/p/")
        elif rule.endpoint == "games.rematch":  # a game in play has no revancha yet: its page says so
            assert "La revancha se juega cuando la partida termina o se deja." in table.read(response).text
        else:
            assert table.read(response).title, "the game page, brought up to date"
