"""Who is who in a peña: names matched as typed (case and spaces aside), and two spellings merged into one player."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


def name_key(name: str) -> str:
    """How names are matched: trimmed, inner spaces squeezed, case ignored («ana » and «Ana» are one player)."""
    return " ".join(name.split()).casefold()


def tidy(name: str) -> str:
    """A name as shown: trimmed, inner spaces squeezed."""
    return " ".join(name.split())


@dataclass(frozen=True, slots=True)
class Merge:
    """The manager's word that ``name`` is the same player as ``into`` («Mª José» counted as «María José»)."""

    name: str
    into: str


class PlayerNames:
    """The players of a peña: each spelling's player (its key), after the merges in force, and each player's name.

    A merge whose target leads back to its own name (a circle) is left out. A player is shown with
    the spelling of the merge that made them (its ``into``), else the spelling of the newest game
    they played (``spellings`` newest first).
    """

    def __init__(self, merges: Sequence[Merge], spellings: Iterable[str] = ()) -> None:
        self._into: dict[str, str] = {}
        self._shown: dict[str, str] = {}
        for merge in merges:
            source, target = name_key(merge.name), name_key(merge.into)
            if not source or not target or source == target or self.player(target) == source:
                continue  # the same name, or a circle: nothing to merge
            if source in self._into:
                continue  # an earlier merge already says who this spelling is
            self._into[source] = target
            self._shown.setdefault(self.player(target), tidy(merge.into))
        for spelling in spellings:
            self._shown.setdefault(self.player(name_key(spelling)), tidy(spelling))

    def player(self, name: str) -> str:
        """The key of the player ``name`` stands for (itself when no merge in force names it)."""
        key = name_key(name)
        seen = {key}
        while key in self._into:
            key = self._into[key]
            if key in seen:  # pragma: no cover (circles are left out when the merges are read)
                break
            seen.add(key)
        return key

    def shown(self, player: str) -> str:
        """How the player whose key is ``player`` is shown."""
        return self._shown.get(player, player)

    def merged(self, name: str) -> bool:
        """Tell whether a merge in force counts ``name`` as another spelling."""
        return name_key(name) in self._into
