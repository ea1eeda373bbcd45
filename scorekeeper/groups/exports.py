"""A peña's league as files: a CSV with a row per player for a spreadsheet, and JSON with every figure, game by game.

From either address, for the season the page shows (``?temporada=``). Like the page, both are
counted from the games as stored at the moment they are asked for. No token is written in them.
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any, Final

from flask import Response
from flask_babel import pgettext

from scorekeeper.groups import bp
from scorekeeper.groups.league_page import LeaguePage
from scorekeeper.groups.pages import LOOK, MANAGE, page_of
from scorekeeper.plumbing.languages import current_locale, list_separator
from scorekeeper.storage.groups import GroupScope

#: A cell starting with one of these is taken for a formula by spreadsheet programs: it gets a leading «'».
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")
#: The version of the JSON's shape.
FORMAT: Final = "pocha-liga/1"


def league_rows(page: LeaguePage) -> list[list[str | int | float]]:
    """The header and a row per player, the highest rating first."""
    header = [
        pgettext("columna CSV", "puesto"),
        pgettext("columna CSV", "jugador"),
        pgettext("columna CSV", "valoración"),
        pgettext("columna CSV", "partidas"),
        pgettext("columna CSV", "ganadas"),
        pgettext("columna CSV", "puesto medio"),
        pgettext("columna CSV", "puntos por partida"),
        pgettext("columna CSV", "manos"),
        pgettext("columna CSV", "exactas"),
        pgettext("columna CSV", "de más"),
        pgettext("columna CSV", "de menos"),
        pgettext("columna CSV", "la pocha"),
        pgettext("columna CSV", "renuncios"),
        pgettext("columna CSV", "mejor racha"),
    ]
    rows: list[list[str | int | float]] = [header]
    for place, r in enumerate(page.league.players, start=1):
        name = f"'{r.name}" if r.name.startswith(FORMULA_STARTS) else r.name
        rows.append(
            [
                place,
                name,
                round(r.rating.shown, 2),
                r.games,
                r.wins,
                round(r.average_place, 2),
                round(r.points_per_game, 2),
                r.hands,
                r.exact,
                r.over,
                r.under,
                r.pochas,
                r.renuncios,
                r.streak,
            ]
        )
    return rows


def league_csv_text(page: LeaguePage) -> str:
    """The CSV file's text (decimal numbers written with a point)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=list_separator(current_locale()), lineterminator="\r\n")
    writer.writerows(league_rows(page))
    return out.getvalue()


def league_document(page: LeaguePage) -> dict[str, Any]:
    """Everything the page shows, as plain values: the season, each player's figures and rating, each game in order."""
    league = page.league
    season = page.season
    return {
        "format": FORMAT,
        "pena": page.group.name,
        "season": {
            "key": season.key,
            "name": season.label,
            "first_day": season.first.isoformat() if season.first else None,
            "last_day": season.last.isoformat() if season.last else None,
        },
        "merges": [{"name": m.name, "into": m.into} for m in page.group.merges if m.undone_at is None],
        "players": [
            {
                "name": r.name,
                "rating": round(r.rating.shown, 4),
                "mu": round(r.rating.mu, 4),
                "sigma": round(r.rating.sigma, 4),
                "games": r.games,
                "wins": r.wins,
                "average_place": round(r.average_place, 4),
                "points": r.points,
                "hands": r.hands,
                "exact": r.exact,
                "over": r.over,
                "under": r.under,
                "pochas": r.pochas,
                "renuncios": r.renuncios,
                "longest_streak": r.streak,
                "rating_history": [round(value, 4) for value in league.ratings.line(r.player)],
            }
            for r in league.players
        ],
        "games": [
            {
                "played_at": game.played_at.isoformat() + "Z",
                "players": [
                    {"name": league.names.shown(f.player), "place": f.position, "points": f.points, "won": f.won}
                    for f in finishes
                ],
            }
            for game, finishes in zip(league.games, league.finishes)
        ],
    }


def file_name(page: LeaguePage, extension: str) -> str:
    """``pocha-liga-<peña>[-<season>].<extension>``, without characters a file name may not have."""
    parts = ["pocha-liga", page.group.name, page.season.label if page.season.key else ""]
    stem = "-".join(part for part in parts if part)
    return re.sub(r'[\s/\\:*?"<>|\x00-\x1f\x7f]+', "-", stem).strip("-") + f".{extension}"


def attachment(body: str, name: str, content_type: str) -> Response:
    """A response the browser saves as ``name`` (the name in UTF-8 as RFC 6266 says), never cached."""
    response = Response(body.encode("utf-8-sig" if content_type.startswith("text/csv") else "utf-8"))
    response.content_type = content_type
    response.headers.set("Content-Disposition", "attachment", filename=name)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/pena/<token>/liga.csv", defaults={"scope": MANAGE}, endpoint="league_csv")
@bp.get("/pena/ver/<token>/liga.csv", defaults={"scope": LOOK}, endpoint="league_csv")
def league_csv(token: str, scope: GroupScope) -> Response:
    """The league table for a spreadsheet, from either address."""
    page = page_of(scope, token)
    return attachment(league_csv_text(page), file_name(page, "csv"), "text/csv; charset=utf-8")


@bp.get("/pena/<token>/liga.json", defaults={"scope": MANAGE}, endpoint="league_json")
@bp.get("/pena/ver/<token>/liga.json", defaults={"scope": LOOK}, endpoint="league_json")
def league_json(token: str, scope: GroupScope) -> Response:
    """The league with every figure and game, from either address."""
    page = page_of(scope, token)
    body = json.dumps(league_document(page), ensure_ascii=False, indent=1)
    return attachment(body, file_name(page, "json"), "application/json")
