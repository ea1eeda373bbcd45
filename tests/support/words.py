"""The interface's words as a page says them in each language: a Spanish text (the catalogue's msgid) looked up in
the language's catalogue, its values put in."""

from __future__ import annotations

from functools import cache

from babel.support import Translations

from scorekeeper import PACKAGE_DIR


@cache
def page_words(language: str) -> Translations:
    """The catalogue of ``language`` (Spanish: the texts themselves)."""
    return Translations.load(str(PACKAGE_DIR / "translations"), [language])


def say(language: str, text: str, **params: object) -> str:
    """``text`` (a Spanish msgid) as the page says it in ``language``, with ``params`` put in."""
    said = str(page_words(language).gettext(text))
    return said % params if params else said


def say_count(language: str, singular: str, plural: str, num: int) -> str:
    """A count's text (``%(num)s``) as the page says it in ``language``."""
    return str(page_words(language).ngettext(singular, plural, num)) % {"num": num}


class Speaking:
    """A player's helper that reads the page in ``language`` (a field of the class that takes this in)."""

    language: str

    def say(self, text: str, **params: object) -> str:
        """``text`` (a Spanish msgid) as the page says it in ``language``, with ``params`` put in."""
        return say(self.language, text, **params)

    def say_count(self, singular: str, plural: str, num: int) -> str:
        """A count's text (``%(num)s``) as the page says it in ``language``."""
        return say_count(self.language, singular, plural, num)
