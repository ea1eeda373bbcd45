"""The watchers' address sent where the table talks: a plain WhatsApp link with the words and the address, on the
scorekeeper's page, the watchers' page and the peña's; never for an address that can change anything."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

from support.groups import make_peña
from support.table import Page, Table

THREE = ["Ana", "Bea", "Carlos"]


def chat_texts(page: Page) -> list[str]:
    """The text each WhatsApp link of the page would put in the chat, in order."""
    found = re.findall(r'<a class="[^"]*\bwhatsapp-link\b[^"]*" href="([^"]*)"([^>]*)>', page.html)
    texts = []
    for href, rest in found:
        address = urlsplit(html.unescape(href))
        assert (address.scheme, address.netloc, address.path) == ("https", "wa.me", "/"), href
        assert "noreferrer" in rest, "the page's own address would go along with the tap"
        texts.append(parse_qs(address.query)["text"][0])
    return texts


def field(page: Page, field_id: str) -> str:
    """The address shown in the text box ``field_id``."""
    match = re.search(rf'id="{field_id}" type="url" value="([^"]*)"', page.html)
    assert match, field_id
    return html.unescape(match.group(1))


def test_the_scorekeeper_sends_the_watch_address_and_never_its_own(table: Table) -> None:
    token = table.start(THREE)
    page = table.page(token)
    watch = field(page, "watch-link")
    assert chat_texts(page) == [f"Sigue la partida de pocha desde el móvil: {watch}"]
    assert token not in " ".join(chat_texts(page))


def test_the_watchers_page_passes_itself_on(table: Table) -> None:
    watch_token = table.watch_token(table.start(THREE))
    page = table.watch(watch_token)
    [text] = chat_texts(page)
    assert text.endswith(f"/ver/{watch_token}") and text.startswith("Sigue la partida de pocha")


def test_the_words_are_in_the_phones_language(table: Table) -> None:
    token = table.start(THREE)
    page = table.read(table.client.get(f"/p/{token}", headers={"Accept-Language": "en"}))
    [text] = chat_texts(page)
    assert text.startswith("Follow the pocha game on your phone: http")


def test_the_peña_sends_its_look_address_with_its_name(table: Table) -> None:
    peña = make_peña(table.client, table.app, "Los del domingo")
    page = table.read(table.client.get(f"/pena/{peña.manage}"))
    [text] = chat_texts(page)
    assert text.startswith("La liga de la peña Los del domingo: http") and text.endswith(f"/pena/ver/{peña.look}")
    assert peña.manage not in text
