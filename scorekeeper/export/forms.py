"""Forms of the export blueprint: the upload of a game file (its content is checked by ``importing``)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField


class ImportForm(FlaskForm):
    """A game file downloaded from Pocha («Descargar partida (JSON)»)."""

    file = FileField(_l("Archivo de la partida (.json)"))
