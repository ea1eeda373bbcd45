"""A game begun while the phone says it is online but the server does not answer (docs/offline.md): a Wi-Fi that
reaches no server, or the computer running Pocha stopped. «Empezar la partida» asks the server first, with a few
seconds' patience: unanswered, the game begins on the phone, as without signal, and reaches the server once it
answers; answered, the form posts as it always did, once however often it is tapped. Never the browser's error
page, nothing typed lost."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, Request, Route, expect

from support.phones_offline import GAME_ADDRESS as ADDRESS
from support.phones_offline import PhoneAtTable, games_stored, open_phone
from support.server import read_game
from support.service_worker import controlled

if TYPE_CHECKING:
    from support.lan_server import LanServer
    from support.server import ServeFactory, ServerProcess

NAMES = ("Ana", "Bea", "Ciro")
MADE_PAGE = "/partidas/en-este-movil"  # the made-game page: the new-game form asks it whether the server answers
ON_THE_PHONE = "Esta partida está en este móvil"


def fill_the_form(page: Page) -> None:
    """Open the new-game form with the server answering and type a table: the made-game page is asked for ahead."""
    page.goto("/partidas/nueva")
    for row, name in enumerate(NAMES):
        page.fill(f"#names-{row}", name)
    page.select_option("#first_dealer", "0")
    page.select_option("#preset", "rapida")
    page.wait_for_load_state("networkidle")


def begun_on_the_phone(phone: PhoneAtTable) -> str:
    """«Empezar la partida» tapped while the server does not answer: the game's page, drawn from this phone, at the
    address it made (its token)."""
    page = phone.page
    assert page.evaluate("() => navigator.onLine"), "the phone must believe it is online"
    page.get_by_role("button", name="Empezar la partida").tap()
    expect(page).to_have_url(ADDRESS, timeout=15_000)  # a hung server is given its 3 s first
    expect(page.locator("#solo-en-este-movil")).to_contain_text(ON_THE_PHONE)
    expect(page.locator("#mano .prompt")).to_be_visible()
    found = ADDRESS.search(page.url)
    assert found is not None
    return found.group(1)


def made_once(phone: PhoneAtTable, database: str, before: int, token: str) -> None:
    """Once the server answers again, the page becomes the server's and the server holds the game, once."""
    phone.retry_now()
    expect(phone.page.locator("#solo-en-este-movil")).to_have_count(0, timeout=30_000)
    phone.settled()
    assert games_stored(database) == before + 1
    assert read_game(database, token).names == NAMES
    assert phone.error_pages == [] and phone.script_errors == []


@contextmanager
def server_that_never_answers(host: str, port: int) -> Iterator[None]:
    """The server's address and port taking connections that nothing ever answers (a computer that hangs); on
    leaving, the connections are dropped and the port is free again."""
    hung = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    hung.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        hung.bind((host, port))
        hung.listen(16)
        yield
    finally:
        hung.close()


@pytest.mark.parametrize("hung", [False, True], ids=["stopped", "hung"])
def test_over_the_wifi_a_server_that_does_not_answer_leaves_the_game_to_the_phone(
    chromium: Browser, lan_server: LanServer, hung: bool
) -> None:
    """The computer running Pocha stopped (the connection refused at once), or hung (the connection taken and never
    answered: the game begins after the form's patience), while the phone's Wi-Fi is still there."""
    database = lan_server.app.config["SQLALCHEMY_DATABASE_URI"]
    before = games_stored(database)
    phone = open_phone(chromium, lan_server.url, routed=False)  # the browser's cache, as a phone's, keeps the files
    try:
        fill_the_form(phone.page)
        lan_server.stop()
        with server_that_never_answers(lan_server.host, lan_server.port) if hung else nullcontext():
            token = begun_on_the_phone(phone)
        assert games_stored(database) == before
        lan_server.start()
        made_once(phone, database, before, token)
    finally:
        phone.context.close()


def test_over_the_wifi_a_server_that_answers_gets_the_form_once(chromium: Browser, lan_server: LanServer) -> None:
    """The form asks the server first (held here until the test lets it answer): meanwhile «Empezar la partida» is
    busy and more taps begin nothing; answered, the form posts with its button, and the server makes one game."""
    database = lan_server.app.config["SQLALCHEMY_DATABASE_URI"]
    before = games_stored(database)
    phone = open_phone(chromium, lan_server.url, routed=False)
    page = phone.page
    try:
        fill_the_form(page)
        asked: list[Route] = []

        def hold(route: Route) -> None:
            asked.append(route)  # answered when the test says

        page.route(f"**{MADE_PAGE}", hold)
        posts: list[Request] = []
        page.on("request", lambda request: posts.append(request) if request.method == "POST" else None)

        start = page.get_by_role("button", name="Empezar la partida")
        start.tap()
        expect(start).to_be_disabled()
        start.tap(force=True)  # a second tap on the busy button
        page.locator("#names-0").press("Enter")  # and Enter in a name, the form's other way to start
        page.evaluate("() => document.querySelector('form.new-game').requestSubmit()")
        page.wait_for_timeout(300)  # a second request for the server would be on its way by now
        assert len(asked) == 1, "the server is asked once"
        with page.expect_navigation():
            asked[0].continue_()

        expect(page).to_have_url(ADDRESS)
        expect(page.locator("#compartir")).to_have_count(1)  # the server's page, with its links and QR
        expect(page.locator("#solo-en-este-movil")).to_have_count(0)
        assert [post.url for post in posts] == [f"{lan_server.url}/partidas/nueva"], "one post of the form"
        assert "action=start" in (posts[0].post_data or ""), "posted with the button tapped"
        assert games_stored(database) == before + 1
        found = ADDRESS.search(page.url)
        assert found is not None and read_game(database, found.group(1)).names == NAMES
        assert phone.error_pages == [] and phone.script_errors == []
    finally:
        phone.context.close()


@pytest.fixture
def server(serve: ServeFactory, tmp_path: Path) -> ServerProcess:
    """A real server on this computer, reached at http://localhost:<port> (the service worker runs)."""
    return serve(f"sqlite:///{tmp_path / 'pocha.sqlite3'}", host="127.0.0.1", name="localhost")


@pytest.mark.slow
def test_with_the_service_worker_a_stopped_server_leaves_the_game_to_the_phone(
    chromium: Browser, server: ServerProcess
) -> None:
    before = games_stored(server.database_url)
    phone = open_phone(chromium, server.url)
    try:
        phone.page.goto("/partidas/nueva")
        controlled(phone.page)
        fill_the_form(phone.page)
        server.stop()
        token = begun_on_the_phone(phone)
        server.start()
        made_once(phone, server.database_url, before, token)
    finally:
        phone.context.close()
