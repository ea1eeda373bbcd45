"""Every catalogue is whole (scorekeeper/translations/): each language Pocha offers translates every interface text,
none of them fuzzy, each with the same placeholders as its Spanish text, and is compiled."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from scorekeeper import PROJECT_DIR
from scorekeeper.plumbing.languages import DEFAULT_LOCALE, LANGUAGE_NAMES, SUPPORTED_LOCALES

TRANSLATIONS = PROJECT_DIR / "scorekeeper/translations"
#: Every language but Spanish, whose texts are the code's own.
TRANSLATED = [language for language in SUPPORTED_LOCALES if language != DEFAULT_LOCALE]
# Keep the same as I18N_KEYWORDS in the Makefile (these come on top of Babel's defaults).
EXTRA_KEYWORDS = {"_l": None, "lazy_gettext": None, "lazy_ngettext": (1, 2)}
#: A gettext placeholder: «%(name)s».
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]")


def catalogue_path(language: str) -> Path:
    """The catalogue of ``language``, as `make translations` keeps it."""
    return TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"


@cache
def catalogue(language: str) -> Catalog:
    """The catalogue of ``language``, read."""
    with open(catalogue_path(language), "rb") as po:
        return read_po(po)


@cache
def interface_texts() -> frozenset[str]:
    """Extract the marked Spanish texts from scorekeeper/, templates/ and static/js/ as `make translations` does."""
    keywords = {**DEFAULT_KEYWORDS, **EXTRA_KEYWORDS}
    with open(PROJECT_DIR / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call]
    texts: set[str] = set()
    for folder in ("scorekeeper", "templates", "static/js"):
        for _file, _line, message, _comments, _context in extract_from_dir(
            PROJECT_DIR / folder, method_map, options_map, keywords=keywords
        ):
            texts.add(message[0] if isinstance(message, tuple) else message)
    return frozenset(texts)


def test_every_language_offered_is_named_in_itself_and_has_a_catalogue() -> None:
    assert set(LANGUAGE_NAMES) == set(SUPPORTED_LOCALES) and DEFAULT_LOCALE in SUPPORTED_LOCALES
    kept = {path.name for path in TRANSLATIONS.iterdir() if path.is_dir()}
    assert kept == set(TRANSLATED), "a catalogue for each language offered, and no other"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogue_translates_every_interface_text(language: str) -> None:
    messages = [message for message in catalogue(language) if message.id]
    translated = {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in messages
        if message.string and all(message.string) and not message.fuzzy
    }
    untranslated = sorted(interface_texts() - translated)
    path = catalogue_path(language).relative_to(PROJECT_DIR)
    assert not untranslated, f"run `make translations`, then translate these in {path}: {untranslated}"
    assert not [message.id for message in messages if message.fuzzy], f"check the fuzzy texts in {path}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_translation_keeps_the_placeholders_of_its_text(language: str) -> None:
    differ = []
    for message in catalogue(language):
        if not message.id or not message.string:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        strings = (message.string,) if isinstance(message.string, str) else message.string
        wanted = {placeholder for text in ids for placeholder in PLACEHOLDER.findall(text)}
        found = [set(PLACEHOLDER.findall(string)) for string in strings]
        # A plural's form for one may leave the count out, as Spanish «una mano» does: all forms together say them.
        if set().union(*found) != wanted or any(not placeholders <= wanted for placeholders in found):
            differ.append((ids[0], strings))
        if len(ids) == 1 and found[0] != wanted:
            differ.append((ids[0], strings))
    assert not differ, f"{language}: the placeholders differ: {differ}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalogue_is_fresh(language: str) -> None:
    path = catalogue_path(language)
    compiled = path.with_suffix(".mo")
    assert compiled.exists(), "run `make compile-translations`"
    assert compiled.stat().st_mtime >= path.stat().st_mtime - 1, "run `make compile-translations`"
