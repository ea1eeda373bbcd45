"""Views of the groups blueprint: a night's round on one sheet to print or show, a card per table with the QR code of
its game's scorekeeper's address, so that each table scans its own and keeps its score on a phone."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from flask import abort, render_template, request

from scorekeeper.groups import bp
from scorekeeper.page_parts.share_links import Link, edit_link, watch_link
from scorekeeper.storage.groups import MANAGE, group_for
from scorekeeper.storage.models import Night, NightTable
from scorekeeper.storage.nights import drawn_rounds, night_for, table_token, tables_of

#: The query argument that asks for another drawn round than the latest: ``?ronda=2``.
ROUND_ARG: Final = "ronda"
_ROUND: Final = re.compile(r"[0-9]{1,3}")


@dataclass(frozen=True)
class TableCard:
    """A table as its card shows it: its number, its players in seat order, who deals first, and its game's two
    addresses (``None`` once the game is deleted, or when the manager's token does not open its seal)."""

    number: int
    players: tuple[str, ...]
    first_dealer: int
    edit: Link | None
    watch: Link | None


def table_card(table: NightTable, manager_token: str) -> TableCard:
    """The card of ``table``; its scorekeeper's address opened with the peña manager's token."""
    game = table.game
    if game is None:
        return TableCard(table.number, (), -1, None, None)
    token = table_token(table, manager_token)
    return TableCard(
        table.number,
        tuple(player.name for player in game.players),
        game.first_dealer,
        edit_link(token) if token else None,
        watch_link(game),
    )


def chosen_round(night: Night) -> int:
    """The round the address asks for (``?ronda=N``, a drawn round), else the latest drawn (0 before the first draw).
    A round not drawn, or not a number, is the app's 404 page: the sheet links only the drawn rounds."""
    drawn = drawn_rounds(night)
    asked = request.args.get(ROUND_ARG, "")
    if not asked:
        return drawn
    if not _ROUND.fullmatch(asked) or not 1 <= int(asked) <= drawn:
        abort(404)
    return int(asked)


@bp.get("/pena/<token>/noche/<int:number>/mesas")
def night_sheet(token: str, number: int) -> str:
    """A round's tables on one sheet (the manager's address only): a card each with the QR code of its game, to print
    or to show; before the first draw, a page that says the sheet comes with it."""
    group = group_for(MANAGE, token)
    night = night_for(group, number)
    shown = chosen_round(night)
    return render_template(
        "groups/nights/sheet.html",
        group=group,
        night=night,
        token=token,
        shown=shown,
        rounds=range(1, drawn_rounds(night) + 1),
        cards=[table_card(table, token) for table in tables_of(night, shown)],
        round_arg=ROUND_ARG,
    )
