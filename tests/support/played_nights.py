"""A peña's night in the database: made with its players, its rounds drawn, and its tables' games played by the engine's
bots (the quick preset), hand by hand or to the end, as the night's pages would find them."""

from __future__ import annotations

from collections.abc import Sequence

from flask import Flask

from scorekeeper.engine import preset_rules
from scorekeeper.extensions import db
from scorekeeper.storage import nights, store
from scorekeeper.storage.groups import MANAGE, group_for
from scorekeeper.storage.models import utcnow
from support.groups import Peña
from support.paper_games import classic_game, stored_hand

#: The preset every table plays, and its rules.
PRESET = nights.DEFAULT_PRESET
RULES = preset_rules(PRESET)
#: Twenty-two players, one with a name of twenty letters.
TWENTY_TWO = (
    "Maximiliano Fernánde",
    "Ana",
    "Bea",
    "Carlos",
    "Dani",
    "Eva",
    "Fermín",
    "Gema",
    "Hugo",
    "Inés",
    "Javi",
    "Koldo",
    "Lucía",
    "Mar",
    "Nerea",
    "Óscar",
    "Paula",
    "Quique",
    "Rosa",
    "Sergio",
    "Teresa",
    "Unai",
)


def make_night(
    app: Flask, peña: Peña, players: Sequence[str], name: str = "Viernes de mus", rounds: int = 3, seed: int = 7
) -> int:
    """Make a night of the peña with ``players`` (tables of 4 or 5, the first round at random): its number."""
    with app.app_context():
        group = group_for(MANAGE, peña.manage, lock=True)
        night = nights.create_night(group, name, players, rounds=rounds, seed=seed)
        db.session.commit()
        return night.number


def draw(app: Flask, peña: Peña, number: int) -> list[str]:
    """Draw the night's next round: each table's scorekeeper's token, the first table first."""
    with app.app_context():
        night = nights.night_for(group_for(MANAGE, peña.manage, lock=True), number)
        made = nights.draw_next(night, peña.manage)
        db.session.commit()
        return [token for _table, token in made]


def play(app: Flask, token: str, hands: int | None = None, seed: int = 1) -> None:
    """Save the next ``hands`` hands of the game ``token`` (``None``: every hand to its end), played by the bots."""
    with app.app_context():
        game = store.find_game(token)
        assert game is not None, "no such game"
        saved = len(store.view_of(game).saved)
        records = classic_game(len(game.players), game.first_dealer, seed=seed, rules=RULES)
        end = len(records) if hands is None else min(len(records), saved + hands)
        for number in range(saved + 1, end + 1):
            game.hands.append(stored_hand(number, records[number - 1]))
        game.version += end - saved
        if store.view_of(game).sheet.finished:
            game.finished_at = utcnow()
        db.session.commit()
