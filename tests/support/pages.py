"""Reading pages in tests: the visible text of some HTML, and a GET that must answer a given status."""

from __future__ import annotations

import html as html_lib
import re

from flask.testing import FlaskClient

INLINE_TAGS = re.compile(r"</?(?:strong|span|small|em|b|i|a|time|abbr)\b[^>]*>")


def text_of(markup: str) -> str:
    """The visible text of some HTML: inline tags dropped, other tags a space, entities decoded, spaces squeezed."""
    text = re.sub(r"<[^>]+>", " ", INLINE_TAGS.sub("", markup))
    return " ".join(html_lib.unescape(text).split())


def addresses_of(markup: str, label: str) -> list[str]:
    """The addresses of the links in ``markup`` that read ``label``, in order."""
    links = re.findall(r'<a\b[^>]*\bhref="([^"]*)"[^>]*>(.*?)</a>', markup, re.S)
    return [html_lib.unescape(href) for href, text in links if text_of(text) == label]


def get(client: FlaskClient, address: str, status: int = 200) -> str:
    """The page at ``address``, checking it answers ``status``."""
    response = client.get(address)
    assert response.status_code == status, response.get_data(as_text=True)[:3000]
    return response.get_data(as_text=True)
