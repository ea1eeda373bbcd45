"""What a stored game's result card says, in the page's language: gathered here for the pure card (result_card/)."""

from __future__ import annotations

import hashlib
from datetime import UTC

from flask_babel import format_date, ngettext
from flask_babel import gettext as _

from scorekeeper.page_parts.game_time import GameTime, duration_words
from scorekeeper.page_parts.standings_panel import tie_broken
from scorekeeper.page_parts.stored_game_time import stored_game_time
from scorekeeper.result_card.facts import CardFacts, Placing
from scorekeeper.storage.store import GameView

#: Hex digits of the peñas' names in the card's ETag.
GROUPS_DIGEST_LENGTH = 8


def length_words(hands: int, time: GameTime | None) -> str:
    """The game's hands and, when known, its time: «28 manos en 1 h 35 min»."""
    if time is None:
        said: str = ngettext("%(num)s mano jugada", "%(num)s manos jugadas", hands)
        return said
    said = ngettext("%(num)s mano en %(time)s", "%(num)s manos en %(time)s", hands, time=duration_words(time.minutes))
    return said


def groups_words(groups: list[str]) -> str | None:
    """The peñas the game counts in, as the card names them: «Peña «Amigos»» (``None``: none)."""
    return " · ".join(_("Peña «%(name)s»", name=name) for name in groups) or None


def groups_tag(groups: list[str]) -> str:
    """A short fingerprint of the peñas' names, for the card's ETag: a game put in a peña later draws a new card."""
    return hashlib.sha256("\n".join(groups).encode()).hexdigest()[:GROUPS_DIGEST_LENGTH]


def card_facts(view: GameView, groups: list[str]) -> CardFacts:
    """What the result card of ``view``'s finished game says; ``groups``: the names of the peñas it counts in."""
    sheet = view.sheet
    winner = sheet.winner
    assert winner is not None, "only a finished game has a result card"
    places = tuple(
        Placing(
            seat=place.seat,
            name=sheet.players[place.seat],
            position=place.position,
            total=place.total,
            points=ngettext("%(num)s punto", "%(num)s puntos", place.total),
        )
        for place in sheet.standings.places
    )
    return CardFacts(
        title="Pocha",
        heading=_("Resultado final"),
        date=format_date(view.game.created_at.replace(tzinfo=UTC), "long"),
        headline=_("Gana %(name)s con %(points)s puntos", name=sheet.players[winner], points=sheet.totals[winner]),
        places=places,
        chart_title=_("Evolución de los puntos"),
        points_caption=_("Puntos"),
        hand_caption=_("Mano"),
        sheet=sheet,
        group=groups_words(groups),
        tie_note=tie_broken(sheet),
        length=length_words(len(sheet.rows), stored_game_time(view.game)),
    )
