"""The forms of a hand: one tap of the game page, and the correction of a saved hand (shape only)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from scorekeeper.engine import MAX_PLAYERS
from scorekeeper.plumbing.form_numbers import NumberedFields, WholeNumberField


class InputError(Exception):
    """A value that is not what the tap needs (not a number, missing); ``str()`` says why, translated."""


class CorrectionForm(FlaskForm):
    """Every value of a saved hand, to put right: trump, and per player bid, tricks, renuncios (and auction offer)."""

    trump = SelectField(_l("Pinta"))
    bids = NumberedFields(
        WholeNumberField(validators=[Optional()], signed=True), min_entries=3, max_entries=MAX_PLAYERS
    )
    tricks = NumberedFields(
        WholeNumberField(validators=[Optional()], signed=True), min_entries=3, max_entries=MAX_PLAYERS
    )
    renuncios = NumberedFields(
        WholeNumberField(validators=[Optional()], signed=True), min_entries=3, max_entries=MAX_PLAYERS
    )
    offers = NumberedFields(
        WholeNumberField(validators=[Optional()], signed=True), min_entries=0, max_entries=MAX_PLAYERS
    )
    #: The game's version the form was drawn from: a correction over another phone's change is refused.
    version = WholeNumberField(validators=[Optional()], max_digits=9)

    def fits(self, players: int, auction: bool) -> bool:
        """True when the form has one value of each kind per player (and offers only in a subastado hand)."""
        lists = (self.bids, self.tricks, self.renuncios)
        return all(len(field.entries) == players for field in lists) and len(self.offers.entries) == (
            players if auction else 0
        )


class TapForm(FlaskForm):
    """One tap on the game page: which hand it was for, which player, which value."""

    hand = WholeNumberField(validators=[InputRequired(), NumberRange(1, 999)])
    seat = WholeNumberField(validators=[Optional(), NumberRange(0, MAX_PLAYERS - 1)])
    value = StringField(validators=[Optional(), Length(max=8)])
    version = WholeNumberField(validators=[Optional()], max_digits=9)
    #: What the page showed for the value being changed ("" for nothing yet); absent on older pages.
    was = StringField(validators=[Optional(), Length(max=8)])
