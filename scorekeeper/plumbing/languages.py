"""Languages: Spanish by default, English on request (the `lang` cookie, else the browser's choice)."""

from typing import Final

from flask import has_request_context, request
from flask_babel import get_locale

SUPPORTED_LOCALES: Final = ("es", "en")
DEFAULT_LOCALE: Final = "es"
LOCALE_COOKIE: Final = "lang"
LOCALE_COOKIE_MAX_AGE: Final = 365 * 24 * 3600
# How each language names itself, for the language switch (never translated).
LANGUAGE_NAMES: Final = {"es": "Español", "en": "English"}


def select_locale() -> str:
    """Pick the page's language: the `lang` cookie, else Accept-Language among es/en, else Spanish."""
    if not has_request_context():
        return DEFAULT_LOCALE  # flask shell, CLI commands
    chosen = request.cookies.get(LOCALE_COOKIE)
    if chosen in SUPPORTED_LOCALES:
        return chosen
    return request.accept_languages.best_match(SUPPORTED_LOCALES) or DEFAULT_LOCALE


def current_locale() -> str:
    """Return the language code of the page being rendered ("es" or "en")."""
    locale = get_locale()
    return locale.language if locale is not None else DEFAULT_LOCALE
