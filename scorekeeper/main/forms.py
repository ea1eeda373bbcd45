"""Forms of the main blueprint: the language switch."""

from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField
from wtforms.validators import AnyOf, InputRequired

from scorekeeper.plumbing.languages import SUPPORTED_LOCALES


class LanguageForm(FlaskForm):
    """Choose the interface language; `next` is the page to go back to."""

    lang = StringField(validators=[InputRequired(), AnyOf(SUPPORTED_LOCALES)])
    next = HiddenField()
