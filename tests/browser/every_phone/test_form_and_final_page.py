"""The new-game form and a finished game's page on a phone of every engine: the form's refusals in the page's words,
what was typed kept, and again once the language is switched; the result card's link downloads the picture over the
table's Wi-Fi (no engine shares files over plain HTTP), and «Copiar resumen» copies the chat summary the old way
there, and through the clipboard on localhost."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from support.browsers import in_browsers
from support.browsers.phone import LOOK_EVERY, PATIENCE
from support.paper_games import classic_game, store_game
from support.words import say

if TYPE_CHECKING:
    from support.browsers.phone import Phone
    from support.lan_server import LanServer

    from .conftest import Phones

FIVE = ("Ana", "Bea", "Carlos", "Dani", "Elena")
TOO_FEW = "La pocha se juega de 3 a 8 jugadores"
REPEATED = "«%(name)s» está repetido: poned nombres distintos"
#: Which requests the server answered, and how: (path, status, content type).
Answered = list[tuple[str, int, str]]


def answered_by(server: LanServer) -> Answered:
    """Every request ``server`` answers from now on, noted as it is answered."""
    answered: Answered = []
    app = server.app.wsgi_app

    def noting(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        def start(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
            kind = next((value for name, value in headers if name.lower() == "content-type"), "")
            answered.append((environ["PATH_INFO"], int(status.split()[0]), kind))
            return start_response(status, headers, *rest)

        return app(environ, start)

    server.app.wsgi_app = noting  # type: ignore[method-assign]
    return answered


def refused(phone: Phone, language: str, text: str, **values: str) -> None:
    """The form came back with ``text`` as the reason, in ``language``."""
    phone.wait_for_text("#names-error", say(language, text, **values))


@in_browsers()
def test_the_new_game_form_refuses_in_the_language_chosen(lan_server: LanServer, phones: Phones) -> None:
    phone = phones.open(lan_server.url)
    phone.open("/partidas/nueva")
    for row, name in enumerate(("Ana", "Bea")):
        phone.type(f"#names-{row}", name)
    phone.tap_to_load("button.button-big", say("es", "Empezar la partida"))
    refused(phone, "es", TOO_FEW)
    assert [phone.run("(id) => document.getElementById(id).value", f"names-{row}") for row in (0, 1)] == ["Ana", "Bea"]
    phone.type("#names-2", "Ana")
    phone.tap_to_load("button.button-big", say("es", "Empezar la partida"))
    refused(phone, "es", REPEATED, name="Ana")

    phone.tap_to_load(".language-switch button", "English")
    assert phone.run("() => document.documentElement.lang") == "en"
    assert phone.path.startswith("/partidas/nueva"), phone.path
    for row, name in enumerate(("Ane", "Jon", "Ane")):
        phone.type(f"#names-{row}", name)
    phone.tap_to_load("button.button-big", say("en", "Empezar la partida"))
    refused(phone, "en", REPEATED, name="Ane")
    phone.open("/")
    assert phone.run("() => document.documentElement.lang") == "en", "the language chosen is kept"


@in_browsers()
def test_a_finished_game_goes_to_the_chat(table_server: LanServer, phones: Phones) -> None:
    server = table_server
    token, watch = store_game(server.app, FIVE, classic_game(5))
    phone = phones.open(server.url)
    phone.open(f"/p/{token}")
    assert phone.run("() => window.isSecureContext") is server.on_this_computer

    if not server.on_this_computer:  # no file sharing over plain HTTP: the link downloads the picture, the page stays
        assert phone.run("() => document.querySelector('a[data-result-card]').dataset.shares") is None
        answered = answered_by(server)
        phone.tap("a[data-result-card]")
        deadline = time.monotonic() + PATIENCE  # the download is the browser's: seen on the server's side
        while not any(
            path.endswith(".png") and (status, kind) == (200, "image/png") for path, status, kind in answered
        ):
            assert time.monotonic() < deadline, f"the picture was not asked for: {answered}"
            time.sleep(LOOK_EVERY)
        assert phone.path == f"/p/{token}", "the picture opened in place of the page"

    summary = phone.run("() => document.getElementById('resumen-chat-texto').value")
    assert summary.startswith("🏆 ") and summary.endswith(f"/ver/{watch}")
    phone.run(  # what reaches the clipboard, where the page has one
        """() => { window.copied = null; if (!navigator.clipboard) return;
                   const write = navigator.clipboard.writeText.bind(navigator.clipboard);
                   navigator.clipboard.writeText = (text) => { window.copied = text; return write(text); }; }"""
    )
    phone.tap("#resumen-chat .copy-button")
    phone.wait_for_text("#resumen-chat .copy-button", say("es", "Copiado"))
    if server.on_this_computer:
        assert phone.run("() => window.copied") == summary, "not through the clipboard"
    else:
        assert phone.run("() => window.copied") is None
        selected = phone.run(
            """() => { const box = document.getElementById('resumen-chat-texto');
                       return [document.activeElement.id, box.value.slice(box.selectionStart, box.selectionEnd)]; }"""
        )
        assert selected == ["resumen-chat-texto", summary], "the whole summary, selected and copied the old way"
