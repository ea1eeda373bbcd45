"""Languages: Spanish by default; Catalan, Galician, Basque and English on request (the `lang` cookie, else the
phone's language, Accept-Language). Adding one: README, "Adding a language"."""

from collections.abc import Iterable
from typing import Final

from babel.numbers import get_decimal_symbol
from flask import has_request_context, request
from flask_babel import get_locale

#: The languages Pocha speaks, in the language switch's order: Spain's, then English.
SUPPORTED_LOCALES: Final = ("es", "ca", "gl", "eu", "en")
DEFAULT_LOCALE: Final = "es"
LOCALE_COOKIE: Final = "lang"
LOCALE_COOKIE_MAX_AGE: Final = 365 * 24 * 3600
# How each language names itself, for the language switch (never translated).
LANGUAGE_NAMES: Final = {"es": "Español", "ca": "Català", "gl": "Galego", "eu": "Euskara", "en": "English"}


def select_locale() -> str:
    """Pick the page's language: the `lang` cookie, else Accept-Language among Pocha's languages, else Spanish."""
    if not has_request_context():
        return DEFAULT_LOCALE  # flask shell, CLI commands
    chosen = request.cookies.get(LOCALE_COOKIE)
    if chosen in SUPPORTED_LOCALES:
        return chosen
    return phone_language(value for value, _quality in request.accept_languages)


def phone_language(asked: Iterable[str]) -> str:
    """The first of Pocha's languages among the phone's, ``asked`` most wanted first (Accept-Language's ranges, by
    their primary tag: «eu-ES» is Basque even when Spanish comes next), else Spanish."""
    for value in asked:
        primary = value.replace("_", "-").split("-")[0].lower()
        if primary in SUPPORTED_LOCALES:
            return primary
    return DEFAULT_LOCALE


def current_locale() -> str:
    """Return the language code of the page being rendered (one of ``SUPPORTED_LOCALES``)."""
    locale = get_locale()
    return locale.language if locale is not None else DEFAULT_LOCALE


def list_separator(locale: str) -> str:
    """The separator of a CSV file for ``locale``'s spreadsheet programs: a semicolon where numbers take a decimal
    comma (Spanish, Catalan, Galician, Basque), a comma where they take a point (English)."""
    return ";" if get_decimal_symbol(locale) == "," else ","
