"""A choice a form offers, read strictly: a value the list did not offer is a field error in the player's language.

WTForms' own «Not a valid choice» is not in Pocha's catalogues; every form says this instead.
"""

from __future__ import annotations

from typing import Any, Final

from flask_babel import lazy_gettext as _l
from wtforms.validators import ValidationError

from scorekeeper.engine.errors import N_

#: What a form says of a choice it did not offer (a message template: the phone's copy of the new-game form reads it).
NOT_OFFERED: Final = N_("%(label)s: elige una de las opciones de la lista")


def offered(field: Any) -> str:
    """The value chosen in ``field`` (a select or radio field), refused with a field error unless the field offers it."""
    value = str(field.data or "")
    if value not in {choice[0] if isinstance(choice, tuple) else choice.value for choice in field.choices or ()}:
        raise ValidationError(_l(NOT_OFFERED, label=field.label.text))
    return value
