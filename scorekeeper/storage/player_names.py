"""The players' names: tidied one way everywhere (the new-game form, a game file), and checked the same."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Final

from flask_babel import gettext as _

from scorekeeper.engine import PochaError, check_players
from scorekeeper.engine.errors import N_
from scorekeeper.labels.engine_messages import engine_message

#: The longest name, in letters: long enough for «María José», short enough for a column.
NAME_MAX: Final = 20
#: What the check of the names says (message templates: the phone's copy of the new-game form reads them too).
TOO_LONG: Final = N_("«%(name)s…» es muy largo: como mucho %(max)s letras")
REPEATED: Final = N_("«%(name)s» está repetido: poned nombres distintos")


class NamesError(ValueError):
    """The names cannot make a game; ``str()`` says why, in the page's language."""


def tidy_name(text: str | None) -> str:
    """A typed name with its spaces tidied (none at either end, one between words) and no control characters."""
    words = ("".join(c for c in word if unicodedata.category(c) != "Cc") for word in (text or "").split())
    return " ".join(word for word in words if word)


def plain_key(name: str) -> str:
    """How a typed name is matched against names used before: tidied, without accents, case ignored
    («maria jose» and «María José» are the same key)."""
    decomposed = unicodedata.normalize("NFD", tidy_name(name))
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn").casefold()


def check_names(names: Sequence[str]) -> None:
    """Raise ``NamesError`` unless ``names`` (tidied, by seat) are 3 to 8, none too long, no two alike."""
    for name in names:
        if len(name) > NAME_MAX:
            raise NamesError(_(TOO_LONG, name=name[:NAME_MAX], max=NAME_MAX))
    try:
        check_players(len(names))
    except PochaError as error:
        raise NamesError(engine_message(error.message)) from None
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise NamesError(_(REPEATED, name=name))
        seen.add(name.casefold())
