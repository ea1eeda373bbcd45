"""Each seat's colour: the same for a player in the chart, the strip, the sheet, the big screen and the result card.

Eight colours, one a seat, told apart by people who see colours differently (a palette after Okabe and Ito's),
each with a dash pattern for the chart's line where colours are not told apart at all.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Colour:
    """How one player's line is drawn: a colour for light pages and paper, and a dash pattern.

    The colours for dark pages are in the stylesheet (``.chart .series-N``): the same
    hue, lighter. The dashes tell lines apart where colours do not (grey paper, colour blindness).
    """

    light: str
    dash: str | None = None

    @property
    def rgb(self) -> tuple[int, int, int]:
        """The light colour as red, green, blue (0–255), for the PDF."""
        value = self.light.lstrip("#")
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)

    @property
    def dash_lengths(self) -> tuple[float, ...]:
        """The dash pattern as numbers (empty: a solid line)."""
        return tuple(float(part) for part in self.dash.split()) if self.dash else ()


#: One colour per seat (at most eight players), each with a 3:1 contrast or better on white.
PALETTE: tuple[Colour, ...] = (
    Colour("#0072b2"),  # blue
    Colour("#d55e00"),  # vermilion
    Colour("#009e73"),  # bluish green
    Colour("#aa3377"),  # purple
    Colour("#8c6d00", "7 3"),  # ochre
    Colour("#332288", "2 3"),  # indigo
    Colour("#c0143c", "7 3 2 3"),  # crimson
    Colour("#555555", "4 4"),  # grey
)
