"""The interface's words the phone's script draws, in the page's language: every text a page's script marks for
translation (js/game.js on the game page, js/pocha.js for the new-game form's copy of the rules).

The script marks its texts as the templates do (``_("…")``, ``ngettext("…", "…", n)``, ``N_("…")`` for the
engine's messages), so that ``make translations`` finds them (babel.cfg) and the catalogue translates them. A game's
page carries their translations (static/js/pocha/phone_texts.js reads them): only those that are not the Spanish
text itself, so a page in Spanish carries none.
"""

from __future__ import annotations

from functools import cache
from io import BytesIO

from babel.messages.extract import extract
from flask_babel import get_translations

from scorekeeper.plumbing.assets import assembled

#: The assembled script whose texts the game page carries translated.
SCRIPT = "js/game.js"
#: The calls that mark a text in the script: gettext's usual names (Babel's JavaScript extractor reads them).
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}

Text = str | tuple[str, str]


@cache
def marked_texts(content: bytes) -> tuple[Text, ...]:
    """Every text ``content`` (a script) marks: a msgid, or a singular and plural pair, each once, in order."""
    found: dict[Text, None] = {}
    for _line, message, _comments, _context in extract("javascript", BytesIO(content), keywords=KEYWORDS):
        if isinstance(message, str):
            found[message] = None
        elif isinstance(message, tuple) and len(message) == 2 and all(isinstance(part, str) for part in message):
            found[(message[0], message[1])] = None
    return tuple(found)


def script_texts(script: str = SCRIPT) -> dict[str, str | list[str]]:
    """The texts of ``script`` (an assembled entry) in the page's language, by msgid (a plural's by its singular:
    its two forms, for 1 and for more), each only where it is not the msgid itself."""
    made = assembled(script)
    if made is None:
        return {}
    translations = get_translations()
    texts: dict[str, str | list[str]] = {}
    for text in marked_texts(made.source):
        if isinstance(text, str):
            said = translations.gettext(text)
            if said != text:
                texts[text] = said
        else:
            forms = [translations.ngettext(text[0], text[1], 1), translations.ngettext(text[0], text[1], 2)]
            if forms != list(text):
                texts[text[0]] = forms
    return texts
