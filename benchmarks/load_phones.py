"""The phones of the load benchmark: a small HTTP/1.1 client on asyncio, and how each phone at a table behaves.

Every phone keeps one connection open (keep-alive) and its own cookies, asks for compressed
answers as a browser does, and records how long each request took, by route. The scorekeeper
sends its taps as the game page's script does (each applied on its copy of the game, from the
page's card, and sent at once to the outbox's address: a small JSON acknowledgement), or, as a
phone without script, plays whole hands through the real forms (CSRF token, hidden fields,
following each redirect);
a watcher polls the live part of the watch page every 2 s, with the ETag and the sheet's
fingerprint it holds, exactly as static/js/pocha/watching.js does.
"""

from __future__ import annotations

import asyncio
import gzip
import html
import json
import random
import re
import time
import zlib
from collections import defaultdict
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from scorekeeper.engine import preset_rules
from support.outbox import PhoneCopy

#: How long a request may take before it counts as an error.
TIMEOUT_SECONDS = 15.0
POLL_SECONDS = 2.0
NAMES = ("Ana", "Bea", "Carlos", "Dani", "Eva")
PRESET = "clasica"
CARD_BLOCK = re.compile(r'<script type="application/json" id="game-card">(.*?)</script>', re.S)


@dataclass
class Tally:
    """What every phone saw: each request's time by route, the answers' statuses and the errors."""

    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, dict[int, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    errors: list[str] = field(default_factory=list)
    hands: int = 0

    def note(self, route: str, status: int, seconds: float) -> None:
        """Record one answer."""
        self.times[route].append(seconds)
        self.statuses[route][status] += 1


@dataclass
class Answer:
    """One HTTP answer: status, headers (lower-case names) and the body, decompressed."""

    status: int
    headers: dict[str, str]
    body: str


class Phone:
    """A phone: one keep-alive connection to the server, its cookies, its own record of time."""

    def __init__(self, host: str, port: int, tally: Tally) -> None:
        self.host, self.port, self.tally = host, port, tally
        self.cookies: dict[str, str] = {}
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self,
        route: str,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        json_body: bytes | None = None,
    ) -> Answer | None:
        """Send one request (a form, or ``json_body`` as JSON) and read its answer; an error, a timeout or a 5xx is
        recorded and gives ``None``."""
        body = urlencode(form).encode() if form is not None else (json_body or b"")
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: {self.host}:{self.port}",
            "Accept-Encoding: gzip",
            "Connection: keep-alive",
        ]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if form is not None:
            lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
        elif json_body is not None:
            lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        start = time.perf_counter()
        try:
            try:
                answer = await asyncio.wait_for(self._exchange(raw), TIMEOUT_SECONDS)
            except (ConnectionError, asyncio.IncompleteReadError) as closed:
                if isinstance(closed, asyncio.IncompleteReadError) and closed.partial:
                    raise
                # The server closed the kept-alive connection between two requests (its keep-alive time
                # ran out): a browser opens a new one and sends the request again, and so does this.
                await self.close()
                answer = await asyncio.wait_for(self._exchange(raw), TIMEOUT_SECONDS)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as error:
            await self.close()
            self.tally.errors.append(f"{route}: {type(error).__name__} {error}")
            return None
        self.tally.note(route, answer.status, time.perf_counter() - start)
        if answer.status >= 500 or answer.status in (400, 404, 413, 422, 429):
            self.tally.errors.append(f"{route}: {answer.status} {path}")
            return None
        return answer

    async def _exchange(self, raw: bytes) -> Answer:
        """Write a request on the open connection (opening it first if needed) and read the answer."""
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        self.writer.write(raw)
        await self.writer.drain()
        status_line = (await self.reader.readuntil(b"\r\n")).decode("latin-1")
        status = int(status_line.split(" ", 2)[1])
        headers: dict[str, str] = {}
        while line := (await self.reader.readuntil(b"\r\n")).decode("latin-1").strip():
            name, _, value = line.partition(":")
            name = name.strip().lower()
            if name == "set-cookie":
                cookie = value.strip().split(";", 1)[0]
                key, _, cookie_value = cookie.partition("=")
                self.cookies[key] = cookie_value
            headers[name] = value.strip()
        data = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("content-encoding") == "gzip":
            data = gzip.decompress(data)
        elif headers.get("content-encoding") == "deflate":
            data = zlib.decompress(data)
        if headers.get("connection", "").lower() == "close":
            await self.close()
        return Answer(status, headers, data.decode("utf-8", "replace"))

    async def close(self) -> None:
        """Close the connection (the next request opens a new one)."""
        if self.writer is not None:
            self.writer.close()
            self.writer = None


# --- reading a game page ---------------------------------------------------------------------

FORM = re.compile(r'<form method="post" action="(/p/[^"]+/(\w+))"[^>]*>(.*?)</form>', re.S)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')
BUTTON = re.compile(r'<button[^>]*name="value" value="([^"]*)"([^>]*)>')
ANY_BUTTON = re.compile(r"<button([^>]*)>")
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def tap_forms(page: str) -> list[tuple[str, str, dict[str, str], list[str], bool]]:
    """The taps a game page offers: (address, tap, hidden fields, enabled button values, any button enabled)."""
    out = []
    for action, tap, inner in FORM.findall(page):
        fields = {name: html.unescape(value) for name, value in HIDDEN.findall(inner)}
        buttons = [value for value, rest in BUTTON.findall(inner) if " disabled" not in rest]
        enabled = any(" disabled" not in attributes for attributes in ANY_BUTTON.findall(inner))
        out.append((html.unescape(action), tap, fields, buttons, enabled))
    return out


def next_tap(page: str) -> tuple[str, dict[str, str]] | None:
    """The tap a quick scorekeeper makes next: oros; the lowest bid allowed; every trick to la mano; save."""
    forms = tap_forms(page)
    for action, tap, fields, buttons, _enabled in forms:
        if tap == "pinta" and buttons:
            return action, {**fields, "value": "O"}
    for action, tap, fields, buttons, _enabled in forms:
        if tap in ("apuesta", "subasta") and buttons:
            return action, {**fields, "value": buttons[0]}
    tricks = [(action, fields, buttons) for action, tap, fields, buttons, _ in forms if tap == "bazas"]
    if tricks and all(fields.get("was") == "" for _, fields, _ in tricks):
        action, fields, buttons = tricks[0]
        return action, {**fields, "value": buttons[-1]}
    for action, tap, fields, _buttons, enabled in forms:
        if tap == "guardar" and enabled:
            return action, fields
    return None


# --- the phones at a table -------------------------------------------------------------------


def cards_in_play(page: str) -> int:
    """The cards each player plays out when the page waits for the first tricks (the table is playing), else 0."""
    tricks = [(fields, buttons) for _, tap, fields, buttons, _ in tap_forms(page) if tap == "bazas"]
    if tricks and all(fields.get("was") == "" for fields, _ in tricks):
        return (len(tricks[0][1]) - 1) * len(tricks)
    return 0


def dealing(page: str) -> bool:
    """True when the page waits for a new hand's trump: the cards are being shuffled and dealt."""
    return any(tap == "pinta" for _, tap, _, _, _ in tap_forms(page))


@dataclass(frozen=True)
class Pace:
    """How fast a table plays: seconds between taps, per card played (each player's), to shuffle and deal."""

    think: float = 8.0
    play: float = 4.0
    deal: float = 40.0

    def faster(self, times: float) -> Pace:
        """This pace ``times`` as fast."""
        return Pace(self.think / times, self.play / times, self.deal / times)

    def pause(self, page: str, rng: random.Random) -> float:
        """How long the scorekeeper waits before the next tap on ``page`` (each part give or take half)."""
        return self.wait(cards_in_play(page), dealing(page), rng)

    def wait(self, cards: int, deal: bool, rng: random.Random) -> float:
        """How long the scorekeeper waits before the next tap when ``cards`` are played out first (every player's),
        and the hand is shuffled and dealt first when ``deal``; each part give or take half."""
        return (self.think + self.play * cards + (self.deal if deal else 0.0)) * rng.uniform(0.5, 1.5)


def copy_pause(pace: Pace, copy: PhoneCopy, rng: random.Random) -> float:
    """How long the scorekeeper waits before the next tap on the phone's ``copy`` of the game: the deal before a
    new hand's trump, the cards played out before the first tricks."""
    hand = copy.hand
    if hand is None:
        return 0.0
    playing = hand.stage == "tricks" and all(tricks is None for tricks in hand.tricks)
    return pace.wait(hand.plan.cards * len(copy.names) if playing else 0, hand.stage == "trump", rng)


async def start_game(phone: Phone, started: asyncio.Future[str]) -> tuple[str, Answer | None]:
    """Start a game of five (classic schedule), hand its watch address to the table; its address and page."""
    page = await phone.request("new game page", "GET", "/partidas/nueva")
    if page is None or not (token := CSRF.search(page.body)):
        started.set_result("")
        return "", None
    form = {f"names-{i}": name for i, name in enumerate(NAMES)}
    form.update(csrf_token=token.group(1), first_dealer="0", preset=PRESET, action="start")
    answer = await phone.request("start game", "POST", "/partidas/nueva", form)
    location = urlsplit(answer.headers.get("location", "")).path if answer is not None else ""
    if not location.startswith("/p/"):
        started.set_result("")
        return "", None
    game = await phone.request("game page", "GET", location)
    watch = re.search(r"/ver/([\w-]+)", game.body) if game is not None else None
    started.set_result(watch.group(1) if watch else "")
    return location, game


async def wait_until(pause: float, stop: float) -> bool:
    """Wait ``pause`` seconds, or until ``stop`` if that comes first; True when there is still time for a tap."""
    left = stop - time.monotonic()
    await asyncio.sleep(max(0.0, min(pause, left)))
    return pause < left


async def scorekeeper(phone: Phone, pace: Pace, stop: float, started: asyncio.Future[str], rng: random.Random) -> None:
    """Start a game, then tap whole hands through the page's forms at the table's ``pace`` until ``stop``: each tap
    a POST answered by a redirect, and the game page it leads to (a phone without script)."""
    location, game = await start_game(phone, started)
    while game is not None and await wait_until(pace.pause(game.body, rng), stop):
        tap = next_tap(game.body)
        if tap is None:
            return  # the game is over
        action, fields = tap
        answer = await phone.request("tap", "POST", action, fields)
        if answer is None:
            return
        if action.endswith("/guardar"):
            phone.tally.hands += 1
        game = await phone.request("game page", "GET", urlsplit(answer.headers.get("location", location)).path)


async def outbox_scorekeeper(
    phone: Phone, pace: Pace, stop: float, started: asyncio.Future[str], rng: random.Random
) -> None:
    """Start a game, then tap whole hands as the page's script does at the table's ``pace`` until ``stop``: each tap
    applied on the phone's copy of the game (read once from the page's card) and sent at once to the outbox's
    address, answered by a small acknowledgement; the page is never drawn again."""
    _, game = await start_game(phone, started)
    block = CARD_BLOCK.search(game.body) if game is not None else None
    if block is None:
        if game is not None:
            phone.tally.errors.append("game page: no card")
        return
    data = json.loads(block.group(1))
    copy = PhoneCopy.of(data["card"], preset_rules(PRESET))
    headers = {"X-CSRFToken": data["csrf"]}
    while await wait_until(copy_pause(pace, copy, rng), stop):
        tap = copy.next_tap(rng)
        if tap is None:
            return  # the game is over
        version = copy.version
        copy.take(tap)
        body = json.dumps({"version": version, "taps": [tap]}).encode()
        answer = await phone.request("tap", "POST", data["taps"], headers=headers, json_body=body)
        if answer is None:
            return
        sent = json.loads(answer.body)
        if sent["results"][0]["status"] != "applied":
            phone.tally.errors.append(f"tap: {sent['results'][0]}")
            return
        if tap["action"] == "save":
            phone.tally.hands += 1


LIVE = re.compile(r'id="en-vivo" data-live="([^"]+)" data-etag="([^"]*)"')
PRINT = re.compile(r'id="partida" data-huella="([^"]*)"')
ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')


async def watcher(phone: Phone, watch: str, stop: float, rng: random.Random) -> None:
    """Open the watch page (and its files, once), then ask for its live part every 2 s until ``stop``."""
    page = await phone.request("watch page", "GET", f"/ver/{watch}")
    if page is None:
        return
    for asset in ASSET.findall(page.body):
        await phone.request("static", "GET", html.unescape(asset))
    live = LIVE.search(page.body)
    sheet = PRINT.search(page.body)
    if live is None:
        phone.tally.errors.append("watch page: no live part")
        return
    address, etag = html.unescape(live.group(1)), html.unescape(live.group(2))
    digest = sheet.group(1) if sheet else ""
    await asyncio.sleep(rng.uniform(0, POLL_SECONDS))
    while time.monotonic() < stop:
        answer = await phone.request("poll", "GET", f"{address}?hoja={digest}", headers={"If-None-Match": etag})
        if answer is not None and answer.status == 200:
            etag = answer.headers.get("etag", etag)
            fresh = PRINT.search(answer.body)
            digest = fresh.group(1) if fresh else digest
        await asyncio.sleep(POLL_SECONDS)


async def static_probe(phone: Phone, asset: str, stop: float) -> None:
    """Fetch one static file twice a second, as a yardstick for everything else."""
    while time.monotonic() < stop:
        await phone.request("static probe", "GET", asset)
        await asyncio.sleep(0.5)
