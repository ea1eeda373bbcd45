"""The paper sheet line by line, for the printable page and the PDF alike: every hand of the game, played or still blank."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from scorekeeper.engine import HandKind, HandPlan, ScoreSheet, SheetRow, Suit, trump_code
from scorekeeper.labels.game_words import kind_label, trump_label


@dataclass(frozen=True, slots=True)
class Line:
    """One hand on the paper sheet: its plan, and what the engine made of it once played (``None``: still blank)."""

    plan: HandPlan
    row: SheetRow | None

    @property
    def number(self) -> int:
        """The hand's number."""
        return self.plan.number

    @property
    def trump_text(self) -> str:
        """The trump as the sheet writes it («Oros», «Sin triunfo», «Copas ×2»), with the kind of a special hand.

        A hand not yet played shows only a trump its kind fixes (mano de oro, sin triunfo).
        """
        if self.row is not None:
            text = trump_label(self.row.record.trump)
            if self.row.multiplier != 1:
                text += f" ×{self.row.multiplier}"
        elif self.plan.kind is HandKind.SIN_TRIUNFO:
            text = trump_label(None)
        elif self.plan.kind is HandKind.MANO_DE_ORO:
            text = trump_label(Suit.OROS)
        else:
            text = ""
        if self.plan.kind is not HandKind.NORMAL and self.plan.kind is not HandKind.SIN_TRIUNFO:
            text = f"{text} · {kind_label(self.plan.kind)}" if text else kind_label(self.plan.kind)
        if self.row is not None and not self.row.needed:
            text = f"{text} · {_('no cuenta')}"
        return text

    @property
    def trump_code(self) -> str:
        """The trump's letter for the suit's colour mark (``-``: none or not yet known)."""
        return trump_code(self.row.record.trump if self.row is not None else None)

    def made(self, seat: int) -> bool:
        """Whether ``seat`` took exactly the tricks bid (``False`` on a blank line)."""
        return self.row is not None and self.row.made[seat]

    def bid_text(self, seat: int) -> str:
        """The bid, with the tricks taken in brackets when they differ: «2», «2 (1)»."""
        if self.row is None:
            return ""
        bid, tricks = self.row.record.bids[seat], self.row.record.tricks[seat]
        return f"{bid}" if self.row.made[seat] else f"{bid} ({tricks})"

    def renuncios(self, seat: int) -> int:
        """How many renuncios ``seat`` committed in this hand."""
        return self.row.record.renuncios_of(seat) if self.row is not None else 0

    def counts(self, seat: int) -> bool:
        """Whether this hand's points count for ``seat`` (not in an extra hand played by others, nor in one no
        longer needed); a blank line counts."""
        return self.row is None or self.row.counts(seat)

    def points_text(self, seat: int) -> str:
        """The points ``seat`` scored in this hand, in brackets when they do not count ('' on a blank line)."""
        if self.row is None:
            return ""
        return str(self.row.points[seat]) if self.row.counts(seat) else f"({self.row.scored_by(seat)})"

    def total_text(self, seat: int) -> str:
        """``seat``'s running total after this hand ('' on a blank line)."""
        return str(self.row.totals[seat]) if self.row is not None else ""


def any_not_counted(lines: tuple[Line, ...]) -> bool:
    """True when some points on the sheet do not count (the sheet then says what the brackets mean)."""
    return any(not line.counts(seat) for line in lines if line.row is not None for seat in range(line.plan.players))


def paper_lines(sheet: ScoreSheet) -> tuple[Line, ...]:
    """Every hand of the game in order: the saved ones, then the rest of the schedule (and a tie-break hand being played) blank."""
    played = [Line(row.plan, row) for row in sheet.rows]
    upcoming = [Line(plan, None) for plan in sheet.plans[len(sheet.rows) :]]
    if sheet.next_hand is not None and sheet.next_hand.number > len(sheet.plans):
        upcoming.append(Line(sheet.next_hand, None))
    return (*played, *upcoming)
