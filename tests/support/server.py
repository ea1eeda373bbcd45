"""A real Pocha server for tests: `python -m scorekeeper.server.local` (waitress) in a process of its own, phones that
talk to it over HTTP with cookie jars of their own, and the game as the database keeps it.

    def test_a_tap(serve, tmp_path):
        server = serve(f"sqlite:///{tmp_path / 'pocha.sqlite3'}")
        phone = Phone(server.url)
        token = phone.start_game(["Ana", "Bea", "Carlos"])
        phone.open_game(token)
        assert phone.tap("pinta", value="O").status == 303
        assert read_game(server.database_url, token).hand(1).trump == "O"
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.client import HTTPException
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any, TypeVar

import pytest
from sqlalchemy import create_engine, select
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from scorekeeper import resource_dir
from scorekeeper.engine import HandPlan, Rules, ScoreSheet
from scorekeeper.plumbing import assets, modules
from scorekeeper.storage import store
from scorekeeper.storage.models import AppliedTap, Game
from support.pages import text_of
from support.ports import free_port

START_TIMEOUT = 60.0  # seconds for a server to answer after it is started (imports, migrations)
REQUEST_TIMEOUT = 30.0  # seconds a phone waits for an answer
SERVER_THREADS = 8
#: What a phone gets when the server is gone or goes away while it asks.
NO_ANSWER = (ConnectionError, urllib.error.URLError, HTTPException, TimeoutError, OSError)
_ERROR = re.compile(r'<p class="(?:flash flash-error|error)"[^>]*>(.*?)</p>', re.S)
_CARD_BLOCK = re.compile(r'<script type="application/json" id="game-card">(.*?)</script>', re.S)
T = TypeVar("T")


# --- the server process ----------------------------------------------------------------------


def server_environment(database_url: str, instance: Path) -> dict[str, str]:
    """The environment of a server: this one without any Pocha setting, then the database and the instance folder.

    No SECRET_KEY: the server makes one in its instance folder and keeps it across restarts,
    so a phone's session (and the CSRF tokens of its pages) outlive a killed server, as at a table.
    """
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DATABASE_URL", "HOST", "PORT")}
    env.update(DATABASE_URL=database_url, POCHA_INSTANCE=str(instance), PYTHONUNBUFFERED="1")
    return env


@dataclass
class ServerProcess:
    """`python -m scorekeeper.server.local` on ``host``:``port`` (127.0.0.1, or the machine's own address on the local
    network as a table's phones reach it), its output in ``log_path``; start it again after a kill. Phones open
    ``url``: ``http://<address>:<port>``, or ``http://<name>:<port>`` with ``name`` (``localhost``)."""

    database_url: str
    instance: Path
    log_path: Path
    port: int = field(default_factory=free_port)
    host: str = "127.0.0.1"
    name: str | None = None
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0
    start_seconds: list[float] = field(default_factory=list)

    @property
    def url(self) -> str:
        """The address phones open."""
        return f"http://{self.name or self.host}:{self.port}"

    @property
    def running(self) -> bool:
        """True while the process is alive."""
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        """Start the server (on the same port and database as before) and wait until it answers."""
        assert not self.running, "the server is already running"
        self.starts += 1
        began = time.monotonic()
        with self.log_path.open("ab") as log:
            log.write(f"--- start {self.starts} ---\n".encode())
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "scorekeeper.server.local",
                    "--host",
                    self.host,
                    "--port",
                    str(self.port),
                    "--threads",
                    str(SERVER_THREADS),
                ],
                cwd=self.instance.parent,
                env=server_environment(self.database_url, self.instance),
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self.wait_until_answering()
        self.start_seconds.append(time.monotonic() - began)

    def wait_until_answering(self) -> None:
        """Ask for the home page until it answers 200; fail with the log if the process ends or takes too long."""
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if not self.running:
                pytest.fail(f"the server stopped while starting:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}/", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except NO_ANSWER:
                pass
            time.sleep(0.05)
        self.kill()
        pytest.fail(f"the server did not answer within {START_TIMEOUT:.0f} s:\n{self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL: the process ends at once, in the middle of whatever it was doing."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL if it does not end within 10 s)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log_tail(self, lines: int = 60) -> str:
        """The last lines the server printed."""
        if not self.log_path.exists():
            return "(no log)"
        return "\n".join(self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])

    def tracebacks(self) -> int:
        """How many Python tracebacks the server has printed (an error it did not handle)."""
        if not self.log_path.exists():
            return 0
        return self.log_path.read_text(encoding="utf-8", errors="replace").count("Traceback (most recent call last)")


ServeFactory = Callable[..., ServerProcess]


@pytest.fixture(scope="session")
def kept_scripts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The phone's scripts minified as a server keeps them in its instance folder (modules.put_together), made once
    for the whole run in a folder the test workers share: a test server given them starts without minifying again,
    as a server restarted on its instance folder does (minifying takes seconds of CPU a start)."""
    folder = tmp_path_factory.getbasetemp().parent / "kept-scripts"
    static = Path(resource_dir("static"))
    for entry in assets.SCRIPTS:
        modules.put_together(static, entry, folder)
    return folder


def give_kept_scripts(instance: Path, kept: Path) -> None:
    """Put the ``kept`` scripts in the new ``instance`` folder, where its server looks for them: the whole ones only
    (another worker may be writing one meanwhile, under a name of its own that it then renames)."""
    folder = instance / assets.KEPT_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for script in kept.glob("*.js"):
        shutil.copyfile(script, folder / script.name)


@pytest.fixture
def serve(tmp_path: Path, kept_scripts: Path) -> Iterator[ServeFactory]:
    """Start real servers: ``serve(database_url)`` returns a running ``ServerProcess`` (``host=`` and ``name=`` say
    where it listens and how phones call it); each is stopped at the end."""
    started: list[ServerProcess] = []

    def start(database_url: str, host: str = "127.0.0.1", name: str | None = None) -> ServerProcess:
        """One server on ``database_url``, in an instance folder of its own under tmp_path."""
        folder = tmp_path / f"server-{len(started)}"
        (folder / "instance").mkdir(parents=True)
        give_kept_scripts(folder / "instance", kept_scripts)
        server = ServerProcess(database_url, folder / "instance", folder / "server.log", host=host, name=name)
        started.append(server)
        server.start()
        assert (server.instance / "secret_key").is_file(), (
            "the server keeps its key in the instance folder it was given"
        )
        return server

    yield start
    for server in started:
        server.stop()
        if server.tracebacks():
            print(f"server on port {server.port} printed tracebacks:\n{server.log_tail(120)}")


# --- pages as a browser reads them -----------------------------------------------------------


@dataclass
class Button:
    """A submit button: its name and value (what it sends), whether it is disabled and its aria-pressed."""

    name: str | None
    value: str
    disabled: bool
    pressed: str | None


@dataclass
class Form:
    """A form of a page: where it posts, its hidden fields as the page has them, and its buttons."""

    action: str
    method: str
    hidden: dict[str, str] = field(default_factory=dict)
    buttons: list[Button] = field(default_factory=list)

    @property
    def tap(self) -> str:
        """The tap it sends: the last part of the address it posts to (``pinta``, ``apuesta``, ...)."""
        return urllib.parse.urlsplit(self.action).path.rstrip("/").rsplit("/", 1)[-1]

    def button(self, value: str | None) -> Button:
        """The button that sends ``value`` (``None``: the form's only unnamed button, like «Guardar la mano»)."""
        for button in self.buttons:
            if (value is None and button.name is None) or (
                value is not None and button.name == "value" and button.value == value
            ):
                return button
        raise LookupError(f"no button {value!r} in the form of {self.action}: {self.buttons}")


class _FormReader(HTMLParser):
    """Collect every form of a page with its hidden inputs and buttons."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Open a form, or add a hidden input or a button to the open one."""
        a = dict(attrs)
        if tag == "form":
            self._form = Form(a.get("action") or "", (a.get("method") or "get").lower())
        elif self._form is None:
            return
        elif tag == "input" and (a.get("type") or "").lower() == "hidden" and a.get("name"):
            self._form.hidden[a["name"] or ""] = a.get("value") or ""
        elif tag == "button" and (a.get("type") or "submit").lower() == "submit":
            self._form.buttons.append(
                Button(a.get("name"), a.get("value") or "", "disabled" in a, a.get("aria-pressed"))
            )

    def handle_endtag(self, tag: str) -> None:
        """Close the open form."""
        if tag == "form" and self._form is not None:
            self.forms.append(self._form)
            self._form = None


@dataclass
class Reply:
    """A server's answer: status, headers and body (redirects are not followed)."""

    status: int
    headers: Mapping[str, str]
    body: bytes

    @property
    def html(self) -> str:
        """The body as text."""
        return self.body.decode("utf-8", errors="replace")

    @property
    def location(self) -> str:
        """Where a redirect sends the phone ('' for none)."""
        return self.headers.get("Location", "")

    @property
    def json(self) -> Any:
        """The body read as JSON."""
        return json.loads(self.body)

    @property
    def card_block(self) -> dict[str, Any]:
        """The game page's data block for the phone's script: the card, the outbox's and the card's addresses,
        the CSRF token."""
        found = _CARD_BLOCK.search(self.html)
        assert found, "no card block on the page"
        block: dict[str, Any] = json.loads(found.group(1))
        return block

    @property
    def message(self) -> str:
        """The text of every error message on the page (a refused tap says why), joined by « | »."""
        return " | ".join(text_of(found) for found in _ERROR.findall(self.html))

    @property
    def text(self) -> str:
        """Everything visible in the page's <main>."""
        main = re.search(r"<main[^>]*>(.*)</main>", self.html, re.S)
        return text_of(main.group(1) if main else self.html)

    def forms(self, tap: str | None = None) -> list[Form]:
        """The page's POST forms (only those posting to ``…/<tap>`` when given)."""
        reader = _FormReader()
        reader.feed(self.html)
        return [f for f in reader.forms if f.method == "post" and (tap is None or f.tap == tap)]

    def form(self, tap: str, seat: int | None = None) -> Form:
        """The form posting to ``…/<tap>`` (for ``seat`` when given); ``LookupError`` when the page has none."""
        for candidate in self.forms(tap):
            if seat is None or candidate.hidden.get("seat") == str(seat):
                return candidate
        raise LookupError(f"no {tap} form{'' if seat is None else f' for seat {seat}'} on the page")


class _KeepRedirects(urllib.request.HTTPRedirectHandler):
    """Hand redirects back to the caller instead of following them."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        """Never follow."""
        return None


# --- phones ----------------------------------------------------------------------------------


def new_game_form(names: Sequence[str], dealer: int, preset: str, **options: Any) -> dict[str, str]:
    """The fields a phone fills on the new-game page to start a game."""
    data = {f"names-{i}": name for i, name in enumerate(names)}
    data.update(first_dealer=str(dealer), preset=preset, action="start")
    data.update({key: str(value) for key, value in options.items()})
    return data


class Phone:
    """One phone at the table: its own cookie jar, the last game page it saw, and taps sent from that page's forms."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.cookies = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), _KeepRedirects())
        self.page: Reply | None = None
        self.token = ""

    def request(
        self,
        path: str,
        data: Mapping[str, str] | None = None,
        json_body: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> Reply:
        """GET ``path``, or POST ``data`` to it as a form (or ``json_body`` as JSON); any status comes back as a
        ``Reply``."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        sent = dict(headers or {})
        if json_body is not None:
            body = json.dumps(json_body).encode()
            sent["Content-Type"] = "application/json"
        method = "POST" if body is not None else "GET"
        asked = urllib.request.Request(self.base_url + path, data=body, method=method, headers=sent)
        try:
            with self.opener.open(asked, timeout=REQUEST_TIMEOUT) as answer:
                return Reply(answer.status, dict(answer.headers.items()), answer.read())
        except urllib.error.HTTPError as answer:
            with answer:
                return Reply(answer.code, dict(answer.headers.items()), answer.read())

    def start_game(self, names: Sequence[str], dealer: int = 0, preset: str = "clasica", **options: Any) -> str:
        """Fill the new-game form as a player would (its CSRF token included), start, and return the game's token."""
        page = self.request("/partidas/nueva")
        assert page.status == 200, page.status
        data = {**page.form("nueva").hidden, **new_game_form(names, dealer, preset, **options)}
        answer = self.request("/partidas/nueva", data)
        assert answer.status == 303, (answer.status, answer.message)
        path = urllib.parse.urlsplit(answer.location).path
        assert path.startswith("/p/"), answer.location
        self.token = path.removeprefix("/p/")
        return self.token

    def open_game(self, token: str | None = None) -> Reply:
        """Open the game page (what the phone shows from now on); 200 expected."""
        if token is not None:
            self.token = token
        page = self.request(f"/p/{self.token}")
        assert page.status == 200, (page.status, page.message)
        self.page = page
        return page

    def prepare(self, tap: str, seat: int | None = None, value: str | int | None = None) -> tuple[str, dict[str, str]]:
        """The address and fields a tap on the page last seen sends: its form's hidden fields (CSRF token,
        hand, version, was, ...) exactly as the page has them, and the tapped button's value."""
        assert self.page is not None, "open the game page first"
        form = self.page.form(tap, seat)
        button = form.button(None if value is None else str(value))
        assert not button.disabled, f"the {tap} button {value!r} is disabled on the page"
        data = dict(form.hidden)
        if button.name:
            data[button.name] = button.value
        return urllib.parse.urlsplit(form.action).path, data

    def send(self, prepared: tuple[str, dict[str, str]]) -> Reply:
        """Send a prepared tap; a refused tap's page (4xx) becomes the page the phone shows, as in a browser."""
        reply = self.request(*prepared)
        if 400 <= reply.status < 500 and reply.forms():
            self.page = reply
        return reply

    def tap(self, tap: str, seat: int | None = None, value: str | int | None = None) -> Reply:
        """Tap a button of the page last seen (no redirect followed)."""
        return self.send(self.prepare(tap, seat, value))

    def send_outbox(self, taps: Sequence[Mapping[str, Any]], version: int) -> Reply:
        """POST ``taps`` to the outbox's address of the page last seen, as its script does (the CSRF token of the
        page's data block in ``X-CSRFToken``), starting from ``version``."""
        assert self.page is not None, "open the game page first"
        block = self.page.card_block
        body = {"version": version, "taps": list(taps)}
        return self.request(block["taps"], json_body=body, headers={"X-CSRFToken": block["csrf"]})

    def tap_ok(self, tap: str, seat: int | None = None, value: str | int | None = None) -> None:
        """Open the game page, tap, and check the tap was answered 303 (for setting a game up)."""
        self.open_game()
        reply = self.tap(tap, seat, value)
        assert reply.status == 303, (tap, seat, value, reply.status, reply.message)


def together(calls: Sequence[Callable[[], T]], timeout: float = 60.0) -> list[T]:
    """Run each call in a thread of its own, released at the same moment by a barrier; their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        """Wait for the others, then make the call."""
        try:
            barrier.wait(timeout=timeout)
            results[index] = calls[index]()
        except BaseException as error:
            results[index] = error

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    assert not any(thread.is_alive() for thread in threads), "a phone never got an answer"
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results


# --- the stored game -------------------------------------------------------------------------


@dataclass(frozen=True)
class StoredHand:
    """A hand's row as stored: lists by seat, ``None`` where nothing was said."""

    number: int
    trump: str | None
    auction: tuple[int | None, ...] | None
    bids: tuple[int | None, ...]
    tricks: tuple[int | None, ...]
    renuncios: tuple[int, ...]
    complete: bool


@dataclass(frozen=True)
class StoredGame:
    """A game as the database holds it, and what the engine makes of it."""

    version: int
    watch_token: str
    names: tuple[str, ...]
    hands: tuple[StoredHand, ...]
    sheet: ScoreSheet
    plan: HandPlan | None
    stage: str | None
    order: tuple[int, ...]
    next_seat: int | None
    #: The ids of the taps applied from phones' outboxes, each kept once.
    applied: tuple[str, ...] = ()
    rules: Rules | None = None

    def hand(self, number: int) -> StoredHand | None:
        """Hand ``number``'s row, or ``None`` when nothing is stored for it."""
        return next((hand for hand in self.hands if hand.number == number), None)


def read_game(database_url: str, token: str) -> StoredGame:
    """Read game ``token`` from the database in a connection of its own (the sheet is computed, so a
    hand the engine refuses raises)."""
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with Session(engine) as session:
            game = session.execute(select(Game).filter_by(edit_hash=store.token_hash(token))).scalar_one()
            view = store.view_of(game)
            sheet, hand = view.sheet, view.hand
            hands = tuple(
                StoredHand(
                    h.number,
                    h.trump,
                    tuple(h.auction) if h.auction is not None else None,
                    tuple(h.bids),
                    tuple(h.tricks),
                    tuple(h.renuncios),
                    h.complete,
                )
                for h in game.hands
            )
            return StoredGame(
                version=game.version,
                watch_token=game.watch_token,
                names=view.names,
                hands=hands,
                sheet=sheet,
                plan=hand.plan if hand else None,
                stage=("tricks" if hand.taking_tricks else hand.stage) if hand else None,
                order=hand.order if hand else (),
                next_seat=hand.next_seat if hand else None,
                applied=tuple(session.execute(select(AppliedTap.tap_id).filter_by(game_id=game.id)).scalars()),
                rules=view.rules,
            )
    finally:
        engine.dispose()


def dialect_of(database_url: str) -> str:
    """``sqlite`` or ``postgresql``: the kind of database a URL names."""
    return make_url(database_url).get_backend_name()


def sqlite_file(database_url: str) -> Path:
    """The file of a SQLite URL."""
    database = make_url(database_url).database
    assert database, database_url
    return Path(database)
