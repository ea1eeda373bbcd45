"""The English catalogue: every interface text is translated (scorekeeper/translations/)."""

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from scorekeeper import PROJECT_DIR

CATALOGUE = PROJECT_DIR / "scorekeeper/translations/en/LC_MESSAGES/messages.po"
# Keep the same as I18N_KEYWORDS in the Makefile (these come on top of Babel's defaults).
EXTRA_KEYWORDS = {"_l": None, "lazy_gettext": None, "lazy_ngettext": (1, 2)}


def interface_texts() -> set[str]:
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
    return texts


def test_catalogue_translates_every_interface_text() -> None:
    with open(CATALOGUE, "rb") as po:
        catalogue = read_po(po)
    translated = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogue if m.id and m.string and not m.fuzzy}
    untranslated = sorted(interface_texts() - translated)
    assert not untranslated, (
        f"run `make translations`, then translate these in {CATALOGUE.relative_to(PROJECT_DIR)}: {untranslated}"
    )


def test_compiled_catalogue_is_fresh() -> None:
    compiled = CATALOGUE.with_suffix(".mo")
    assert compiled.exists(), "run `make compile-translations`"
    assert compiled.stat().st_mtime >= CATALOGUE.stat().st_mtime - 1, "run `make compile-translations`"
