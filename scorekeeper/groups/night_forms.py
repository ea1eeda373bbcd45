"""Forms of a peña's nights: a night made (who came, its tables, its game, its rounds), a round drawn or its draw
undone, someone arriving or leaving. Shape checks only: whether the players can sit, or a round can be drawn, is the night's to say."""

from __future__ import annotations

from typing import Any, Final

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import RadioField, SelectField, SelectMultipleField, StringField, TextAreaField
from wtforms.validators import ValidationError

from scorekeeper.engine import PRESETS
from scorekeeper.groups.night_page import sizes_label
from scorekeeper.labels.game_words import PRESET_NAMES
from scorekeeper.plumbing.form_choices import offered
from scorekeeper.plumbing.form_numbers import whole_number
from scorekeeper.storage.nights import DEFAULT_PRESET, MAX_ROUNDS, MODES, NIGHT_NAME_MAX, SIZES
from scorekeeper.storage.player_names import NAME_MAX, tidy_name

#: The most players a night takes (a hall of a dozen tables), and so the most lines its box of new names reads.
MOST_PLAYERS: Final = 60
#: The rounds a night offers, and how many it plays unless the manager says otherwise.
DEFAULT_ROUNDS: Final = 3
#: How the tables change after the first round, in the form's words.
MODE_LABELS: Final = {
    "random": _l("Al azar"),
    "standings": _l("Por la clasificación de la noche: los primeros juntos"),
}


class NewNightForm(FlaskForm):
    """A new night: its name, who came (the peña's players ticked, new names typed), its tables, game and rounds."""

    name = StringField(_l("Nombre de la noche"), render_kw={"maxlength": NIGHT_NAME_MAX, "autocomplete": "off"})
    players = SelectMultipleField(_l("Quién ha venido"), validate_choice=False)
    new_names = TextAreaField(
        _l("Nombres nuevos, uno por línea"),
        render_kw={"rows": 4, "autocomplete": "off", "autocapitalize": "words", "spellcheck": "false"},
    )
    sizes = SelectField(_l("Jugadores por mesa"), default="4,5", validate_choice=False)
    preset = SelectField(_l("Reglas de cada partida"), default=DEFAULT_PRESET, validate_choice=False)
    rounds = SelectField(_l("Rondas"), default=str(DEFAULT_ROUNDS), validate_choice=False)
    mode = RadioField(_l("Después de la primera ronda, las mesas cambian"), default="random", validate_choice=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sizes.choices = [(key, sizes_label(sizes)) for key, sizes in SIZES.items()]
        self.preset.choices = [(key, PRESET_NAMES[key]) for key in PRESETS]
        self.rounds.choices = [(str(number), str(number)) for number in range(1, MAX_ROUNDS + 1)]
        self.mode.choices = [(mode, MODE_LABELS[mode]) for mode in MODES]

    def offer_players(self, names: list[str]) -> None:
        """Offer a box for each of ``names`` (the peña's players)."""
        self.players.choices = [(name, name) for name in names]

    def chosen_names(self) -> list[str]:
        """Everyone who came: the players ticked, then the new names typed, blanks left out, spaces tidied."""
        ticked = [tidy_name(str(name)) for name in self.players.data or ()]
        typed = [tidy_name(line) for line in (self.new_names.data or "").splitlines()]
        return [name for name in ticked + typed if name]

    def validate_players(self, field: SelectMultipleField) -> None:
        """Not more players than a night seats."""
        if len(field.data or ()) > MOST_PLAYERS:
            raise ValidationError(_("Como mucho %(max)s jugadores en una noche", max=MOST_PLAYERS))

    def validate_new_names(self, field: TextAreaField) -> None:
        """Not more players than a night seats, nor a text longer than their names."""
        text = field.data or ""
        if len(text) > MOST_PLAYERS * (NAME_MAX * 2) or len(self.chosen_names()) > MOST_PLAYERS:
            raise ValidationError(_("Como mucho %(max)s jugadores en una noche", max=MOST_PLAYERS))

    def validate_name(self, field: StringField) -> None:
        """A name not too long (an empty one gets the day's)."""
        field.data = tidy_name(field.data or "")
        if len(field.data) > NIGHT_NAME_MAX:
            raise ValidationError(_("Como mucho %(max)s letras", max=NIGHT_NAME_MAX))

    def validate_sizes(self, field: SelectField) -> None:
        """One of the sizes offered."""
        offered(field)

    def validate_preset(self, field: SelectField) -> None:
        """One of the presets offered."""
        offered(field)

    def validate_rounds(self, field: SelectField) -> None:
        """One of the numbers of rounds offered."""
        offered(field)

    def validate_mode(self, field: RadioField) -> None:
        """One of the ways offered."""
        offered(field)

    @property
    def round_count(self) -> int:
        """The number of rounds chosen (once the form is valid)."""
        return whole_number(str(self.rounds.data), 2) or DEFAULT_ROUNDS


class DrawForm(FlaskForm):
    """«Sortear la ronda N», or «Deshacer el sorteo» of round N: the round the manager saw undrawn, or drawn (a second
    tap finds it drawn, or undone). An undo also names the draw it saw (``nights.draw_name``): a page older than a
    draw made again undoes nothing."""

    round = StringField()
    drawn = StringField()

    @property
    def number(self) -> int | None:
        """The round asked for, or ``None`` when it is no number."""
        return whole_number(self.round.data, 2)


class ArriveForm(FlaskForm):
    """«Llega alguien»: a name, one of the peña's players or a new one."""

    name = StringField(
        _l("Quién llega"), render_kw={"maxlength": NAME_MAX, "autocomplete": "off", "autocapitalize": "words"}
    )

    def validate_name(self, field: StringField) -> None:
        """A name (the night checks its length and that it is not there already)."""
        field.data = tidy_name(field.data or "")
        if not field.data:
            raise ValidationError(_("Escribe el nombre de quien llega"))
        if len(field.data) > NAME_MAX * 2:
            field.data = field.data[: NAME_MAX * 2]


class LeaveForm(FlaskForm):
    """«Se va»: the player who leaves, by name."""

    name = StringField()
