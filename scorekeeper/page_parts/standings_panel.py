"""What the standings (templates/games/_standings.html) say of a tie, decided here so that the template only draws it."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.engine import ScoreSheet


def counted_in_extra_hand(sheet: ScoreSheet, names: Sequence[str]) -> list[str]:
    """The names of the players whose points count in the extra hand played next to break a tie, when that is not
    everybody (the standings then name them); empty otherwise."""
    playing = sheet.playing_for_first
    return [names[seat] for seat in playing] if len(playing) < len(names) else []
