"""Each seat's colour: the same for a player in the chart, the strip, the sheet, the big screen and the result card.

Eight colours, one a seat, told apart by people who see colours differently (a palette after Okabe and Ito's),
each with a dash pattern for the chart's line where colours are not told apart at all.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Colour:
    """How one seat is drawn: a colour for light pages and paper, the same hue lighter for dark pages, a dash pattern.

    The stylesheet gives pages these values as ``--seat`` on an element of class ``seat-N``
    (static/css/pocha/seat_colours.css, checked against this palette by its test). The dashes tell lines apart
    where colours do not (grey paper, colour blindness).
    """

    light: str
    dark: str
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


#: One colour per seat (at most eight players): each light one with a 3:1 contrast or better on white, each dark one
#: on the dark pages' surface.
PALETTE: tuple[Colour, ...] = (
    Colour(light="#0072b2", dark="#56b4e9"),  # blue
    Colour(light="#d55e00", dark="#ff9a4d"),  # vermilion
    Colour(light="#009e73", dark="#3fd0a0"),  # bluish green
    Colour(light="#aa3377", dark="#e38cc6"),  # purple
    Colour(light="#8c6d00", dark="#f0e442", dash="7 3"),  # ochre
    Colour(light="#332288", dark="#a99bff", dash="2 3"),  # indigo
    Colour(light="#c0143c", dark="#ff7a8a", dash="7 3 2 3"),  # crimson
    Colour(light="#555555", dark="#d0d0d0", dash="4 4"),  # grey
)


def seat_colour(seat: int) -> Colour:
    """The colour of ``seat`` (from 0), as every page and picture gives it: the palette again past its end."""
    return PALETTE[seat % len(PALETTE)]
