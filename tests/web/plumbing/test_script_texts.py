"""The phone's script speaks the page's language: the game page carries the translations of every text it marks."""

import json
import re

from scorekeeper.plumbing import script_texts
from support.table import Table

TEXTS = re.compile(r'<script type="application/json" id="phone-texts">(.*?)</script>', re.S)


def phone_texts(html: str) -> dict[str, object]:
    found = TEXTS.search(html)
    assert found, "the game page carries no #phone-texts block"
    data = json.loads(found.group(1))
    assert isinstance(data, dict)
    return data


def test_marked_texts_reads_gettext_calls_of_a_script() -> None:
    script = b"""
      var a = _("Guardado");
      var b = ngettext("Sin conexi\xc3\xb3n \xc2\xb7 %(num)s pendiente", "Sin conexi\xc3\xb3n \xc2\xb7 %(num)s pendientes", n);
      var c = N_("%(name)s no puede pedir %(bid)s");
      var d = _("Guardado");
      var e = other("no");
    """
    assert script_texts.marked_texts(script) == (
        "Guardado",
        ("Sin conexión · %(num)s pendiente", "Sin conexión · %(num)s pendientes"),
        "%(name)s no puede pedir %(bid)s",
    )


def test_a_spanish_game_page_carries_no_translation(table: Table) -> None:
    token = table.start()
    data = phone_texts(table.client.get(f"/p/{token}", headers={"Accept-Language": "es"}).get_data(as_text=True))
    assert data["texts"] == {}


def test_an_english_game_page_carries_the_chip_and_the_engines_words(table: Table) -> None:
    token = table.start()
    data = phone_texts(table.client.get(f"/p/{token}", headers={"Accept-Language": "en"}).get_data(as_text=True))
    texts = data["texts"]
    assert isinstance(texts, dict)
    assert texts["Guardado"] == "Saved"
    assert texts["Enviando…"] == "Sending…"
    assert texts["Revisa la mano %(n)s"] == "Check hand %(n)s"
    assert texts["Sin conexión · %(num)s pendiente"] == ["No connection · %(num)s waiting"] * 2
    # The engine's refusals, which the phone's copy of the rules words itself (js/pocha/hand_rules.js).
    assert texts["%(name)s no puede pedir %(bid)s: la suma sería %(cards)s de %(cards)s"].startswith("%(name)s")
    assert set(data["urls"]) == {"trump", "offer", "bid", "tricks", "renuncios", "undo", "save", "correct"}
