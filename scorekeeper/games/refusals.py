"""Where the game page draws a refused tap's message: next to the buttons that sent it, else at the top of the hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from scorekeeper.engine import HandInPlay

#: The places of the hand panel (games/_hand.html) that can hold the message: by the bid or offer buttons, by the
#: trump buttons, in a player's row, by «Guardar la mano», by «Deshacer», or at the top of the panel.
Place = Literal["numbers", "suits", "seat", "save", "undo", "top"]


@dataclass(frozen=True)
class Refused:
    """Which tap was refused: its name (the view's: ``bid``, ``tricks``, ``save``...) and, if it was for
    one player, their seat."""

    tap: str
    seat: int | None = None


@dataclass(frozen=True)
class Refusal:
    """A refused tap's message and where the hand panel draws it: at ``place`` (for ``seat``, in that player's row)."""

    message: str
    place: Place = "top"
    seat: int | None = None

    def shown_at(self, place: Place, seat: int | None = None) -> bool:
        """Whether the message is drawn at ``place`` (and, for a player's row, in the row of ``seat``)."""
        return self.place == place and (place != "seat" or self.seat == seat)


def refusal(message: str, refused: Refused | None, hand: HandInPlay | None, players: int) -> Refusal:
    """Where ``message`` goes: by the buttons of the ``refused`` tap while ``hand`` still shows them, else at the top.

    By the bid (or offer) buttons while bids (or offers) are asked for, by the trump buttons while
    the trump is, in the row of the player whose tricks or renuncios were tapped while tricks are
    noted, by «Guardar la mano» while it is shown, by «Deshacer» (always shown). ``players``: how
    many rows the hand has. Without a hand (the game is over) the page has only its top.
    """
    if refused is None or hand is None:
        return Refusal(message)
    tap, seat = refused.tap, refused.seat
    if tap in ("bid", "offer") and hand.stage in ("bids", "auction"):
        return Refusal(message, "numbers")
    if tap == "trump" and hand.stage == "trump":
        return Refusal(message, "suits")
    if tap in ("tricks", "renuncio") and hand.taking_tricks and seat is not None and 0 <= seat < players:
        return Refusal(message, "seat", seat)
    if tap == "save" and hand.taking_tricks:
        return Refusal(message, "save")
    if tap == "undo":
        return Refusal(message, "undo")
    return Refusal(message)
