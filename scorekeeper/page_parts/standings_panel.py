"""What the standings (templates/games/_standings.html) say of a tie, decided here so that the template only draws it."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _
from flask_babel import ngettext

from scorekeeper.engine import ScoreSheet


def counted_in_extra_hand(sheet: ScoreSheet, names: Sequence[str]) -> list[str]:
    """The names of the players whose points count in the extra hand played next to break a tie, when that is not
    everybody (the standings then name them); empty otherwise."""
    playing = sheet.playing_for_first
    return [names[seat] for seat in playing] if len(playing) < len(names) else []


def tie_broken(sheet: ScoreSheet) -> str | None:
    """How a tie for first was broken in a finished game, in the page's language (the standings and the result card
    say it alike): by fewer missed bids, or by extra hands; ``None`` when first place was never tied."""
    winner = sheet.winner
    if winner is None:
        return None
    if sheet.standings.decided_by_misses:
        said: str = _(
            "Empate a %(points)s puntos: gana quien menos apuestas ha fallado (%(misses)s fallos).",
            points=sheet.totals[winner],
            misses=sheet.missed[winner],
        )
        return said
    if sheet.standings.decided_by_extra_hands:
        said = ngettext(
            "Empate en cabeza al terminar las manos: lo ha deshecho la mano de desempate.",
            "Empate en cabeza al terminar las manos: lo han deshecho %(num)s manos de desempate.",
            sheet.standings.extra_hands,
        )
        return said
    return None
