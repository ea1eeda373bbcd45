"""A peña's night driven through its pages with the test client: made with its form, its rounds drawn with «Sortear»,
its page read back (its tables, their scorekeepers' links) and its rows compared before and after a request. Its
tables' games are played by support/played_nights.py (``finish_round``: every table of a round, by its links)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.extensions import db
from scorekeeper.storage.models import Night
from support.groups import Peña
from support.pages import text_of
from support.played_nights import play
from support.table import Page, Table

#: Every table of a night, to tell that a refused request changed none of them.
NIGHT_TABLES = ("night", "night_player", "night_table", "player_group", "player_group_game", "game")


def post_new_night(
    client: FlaskClient, peña: Peña, typed: Sequence[str] = (), ticked: Sequence[str] = (), **fields: Any
) -> TestResponse:
    """POST the new-night form: ``ticked`` among the peña's players, ``typed`` one per line, other fields as given."""
    data: dict[str, Any] = {"name": "", "sizes": "4,5", "preset": "rapida", "rounds": "3", "mode": "random"}
    data.update({key: str(value) for key, value in fields.items()})
    data["players"] = list(ticked)
    data["new_names"] = "\n".join(typed)
    return client.post(f"/pena/{peña.manage}/noche/nueva", data=data)


def make_night_with_form(client: FlaskClient, peña: Peña, names: Sequence[str], **fields: Any) -> int:
    """Make a night of ``names`` (typed) with the form (303 to its page expected): its number."""
    response = post_new_night(client, peña, names, **fields)
    assert response.status_code == 303, Page(response).errors
    match = re.fullmatch(rf"/pena/{peña.manage}/noche/(\d+)", response.headers["Location"])
    assert match, response.headers["Location"]
    return int(match.group(1))


def post_draw(client: FlaskClient, peña: Peña, night: int, round_number: int) -> TestResponse:
    """POST «Sortear la ronda N»."""
    return client.post(f"/pena/{peña.manage}/noche/{night}/sorteo", data={"round": str(round_number)})


def night_page(client: FlaskClient, peña: Peña, night: int, looking: bool = False) -> Page:
    """The night's page, the manager's or the lookers' (200 expected)."""
    address = f"/pena/ver/{peña.look}/noche/{night}" if looking else f"/pena/{peña.manage}/noche/{night}"
    page = Page(client.get(address))
    assert page.status == 200, page.html[:2000]
    return page


def round_section(page: Page, number: int) -> str:
    """The HTML of round ``number``'s section of the night's page."""
    section = re.search(rf'<section class="night-round" id="ronda-{number}".*?</section>', page.html, re.S)
    assert section, f"no round {number} on the page"
    return section.group(0)


def round_tables(page: Page, number: int) -> list[list[str]]:
    """The players of each table of round ``number`` as the page lists them, in seat order (the dealer's mark left out)."""
    tables = re.findall(r'<ol class="night-seats">(.*?)</ol>', round_section(page, number), re.S)
    return [
        [
            text_of(re.sub(r'<span class="dealer-mark">.*?</span>', "", seat))
            for seat in re.findall(r"<li>(.*?)</li>", t, re.S)
        ]
        for t in tables
    ]


def keeper_tokens(page: Page, number: int) -> list[str]:
    """The scorekeepers' tokens of round ``number``'s tables, from their «Llevar la cuenta» links."""
    return re.findall(r'<a class="button table-keep" href="/p/([^"]+)"', round_section(page, number))


def finish_round(table: Table, peña: Peña, night: int, number: int) -> list[str]:
    """Play every table of round ``number`` to its end, as their «Llevar la cuenta» links open them: their tokens."""
    tokens = keeper_tokens(night_page(table.client, peña, night), number)
    for seed, token in enumerate(tokens, start=1):
        play(table.app, token, seed=seed)
    return tokens


def night_rows(app: Flask) -> tuple[Any, ...]:
    """Every row of the nights' tables and the games', to compare before and after a request."""
    with app.app_context():
        return tuple(
            tuple(tuple(row) for row in db.session.execute(db.text(f"SELECT * FROM {name} ORDER BY id")))
            for name in NIGHT_TABLES
        )


def stored_night(app: Flask, peña: Peña, number: int) -> dict[str, Any]:
    """A night as stored: its version, its players (name, first round, round left) and its tables (round, number)."""
    with app.app_context():
        night = db.session.execute(
            db.select(Night).join(Night.group).filter_by(look_token=peña.look).filter(Night.number == number)
        ).scalar_one()
        return {
            "version": night.version,
            "name": night.name,
            "players": [(p.name, p.first_round, p.left_round) for p in night.players],
            "tables": [(t.round, t.number) for t in night.tables],
            "preset": night.preset,
            "rounds": night.rounds,
            "mode": night.mode,
            "sizes": night.sizes,
        }
