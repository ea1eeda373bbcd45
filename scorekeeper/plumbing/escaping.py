"""Typed text is text: Flask-Babel's lazy strings are escaped like any other string when a page draws them.

Flask-Babel's ``LazyString`` has an ``__html__`` that returns its text as it is, which tells
Jinja, WTForms and MarkupSafe that it is already safe markup. With a value typed by a player
in it (``_l("«%(name)s» está repetido", name=name)``, a form's error message) a name such as
``<b>x</b>`` came out as live HTML. Here ``__html__`` escapes instead: the catalogue's texts
hold no markup, so they read the same, and every value put into them is escaped.
"""

from __future__ import annotations

from flask_babel.speaklater import LazyString
from markupsafe import Markup, escape


def _escaped(self: LazyString) -> Markup:
    """The lazy string's text, escaped like any other string."""
    return escape(str(self))


def lazy_strings_are_text() -> None:
    """Make every ``LazyString`` escape its text when drawn (idempotent)."""
    LazyString.__html__ = _escaped
