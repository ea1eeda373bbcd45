"""What every answer must be, whatever was sent: no 5xx; a refusal a page with a message in the player's language;
the database untouched by a refusal or a GET; redirects to our own pages. And a tally of what was sent and seen."""

from __future__ import annotations

import io
import json
import re
import traceback
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

from babel.messages.pofile import read_po
from fuzz_routes import Call
from fuzz_world import World
from werkzeug.datastructures import MultiDict
from werkzeug.test import TestResponse

from support.pages import text_of

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
TRANSLATIONS = PACKAGE / "translations"
SAFE_METHODS: Final = ("GET", "HEAD", "OPTIONS")
TEST_HOST: Final = "localhost"  # the host the test client sends
#: Redirects not followed: the language switch goes back to whatever page of ours it was sent from.
NOT_FOLLOWED: Final = ("main.set_language",)
#: After a game is made (typed or imported), its files must come out too: they show its names and dates.
GAME_FILES: Final = ("hoja.csv", "partida.json", "hoja.pdf", "imprimir")
FOLLOW_UPS: Final = {"export.import_game": GAME_FILES, "games.new_game": GAME_FILES}
#: Werkzeug's and WTForms' own English, which a Spanish page must never show.
LIBRARY_ENGLISH: Final = (
    "Not a valid",
    "This field is required",
    "Invalid Choice",
    "Number must be",
    "Field must be",
    "The CSRF token",
    "Bad Request",
    "Method Not Allowed",
    "Not Found",
    "Request Entity Too Large",
    "Internal Server Error",
    "Invalid input",
    "The browser (or proxy) sent a request",
    "The method is not allowed",
)
#: A Spanish sentence of the catalogue shorter than this is not looked for on English pages (too likely a name).
MIN_SPANISH = 16
_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")
_MESSAGE = re.compile(
    r'<(p|div|section|output)\b[^>]*(?:role="alert"|class="[^"]*\b(?:error|error-page|flash-error)\b[^"]*")[^>]*>(.*?)</\1>',
    re.S,
)


class RefusalError(AssertionError):
    """An answer that breaks one of the rules every answer keeps."""


@cache
def spanish_sentences(locale: str) -> tuple[str, ...]:
    """The Spanish text of every entry of ``locale``'s catalogue whose translation differs, cut at its placeholders,
    long pieces only (none found in any translation of that catalogue)."""
    with (TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalog = read_po(po)
    pieces: set[str] = set()
    translated: set[str] = set()
    for message in catalog:
        ids = [str(text) for text in (message.id if isinstance(message.id, (tuple, list)) else (message.id,))]
        strings = [
            str(text)
            for text in (message.string if isinstance(message.string, (tuple, list)) else (message.string,))
            if text
        ]
        translated.update(strings)
        if not ids[0] or ids[0] in strings:
            continue
        for text in ids:
            pieces.update(piece.strip() for piece in _PLACEHOLDER.split(text) if len(piece.strip()) >= MIN_SPANISH)
    return tuple(sorted(piece for piece in pieces if not any(piece in text for text in translated)))


# --- sending ---------------------------------------------------------------------------------


def send(world: World, call: Call) -> TestResponse:
    """Send ``call`` from the world's phone: its cookie jar (session, CSRF token), the language asked for."""
    client = world.client
    if call.locale.cookie is not None:
        client.set_cookie("lang", call.locale.cookie)
    headers = list(call.headers)
    if call.locale.accept is not None:
        headers.append(("Accept-Language", call.locale.accept))
    token = {"valid": world.csrf, "wrong": world.foreign_csrf, "missing": None}[call.csrf]
    data: Any
    if call.body is not None:
        data = call.body
        if token and call.content_type == "application/x-www-form-urlencoded":
            data += b"&csrf_token=" + token.encode()
        if token and call.content_type == "application/json":
            headers.append(("X-CSRFToken", token))  # as a phone's script sends it
    else:
        form: MultiDict[str, Any] = MultiDict(call.form)
        if token and call.method not in SAFE_METHODS:
            form.add("csrf_token", token)
        for name, filename, content in call.files:
            form.add(name, (io.BytesIO(content), filename))
        data = form if form else None
    try:
        response = client.open(
            call.path,
            method=call.method,
            query_string=call.query,
            data=data,
            content_type=call.content_type,
            headers=headers,
        )
    finally:
        client.delete_cookie("lang")
    return response


# --- checking --------------------------------------------------------------------------------


def check_language(text: str, locale: str) -> None:
    """Spanish pages show no library English; a page in another language shows no Spanish sentence of its
    catalogue."""
    if locale == "es":
        found = [words for words in LIBRARY_ENGLISH if words in text]
    else:
        found = [sentence for sentence in spanish_sentences(locale) if sentence in text]
    if found:
        raise RefusalError(f"a page in {locale!r} shows {found[0]!r}: {text[:300]!r}")


def check_refusal_page(call: Call, response: TestResponse) -> None:
    """A 4xx says what was wrong, readably, in the page's language: JSON with an ``error``, or a page with a message."""
    if call.method == "HEAD":
        return  # no body to read
    body = response.get_data(as_text=True)
    if response.mimetype == "application/json":
        try:
            error = json.loads(body).get("error")
        except (ValueError, AttributeError):
            error = None
        if not isinstance(error, str) or not error.strip():
            raise RefusalError(f"{response.status_code} as JSON without an error message: {body[:200]!r}")
        check_language(error, call.locale.expected)
        return
    main = re.search(r"<main\b[^>]*>(.*)</main>", body, re.S)
    if main is None or not text_of(main.group(1)):
        raise RefusalError(f"{response.status_code} without a page to read (no text in <main>): {body[:300]!r}")
    lang = re.search(r'<html lang="([^"]*)"', body)
    if lang is None or lang.group(1) != call.locale.expected:
        raise RefusalError(
            f"{response.status_code} in {lang.group(1) if lang else 'no language'}, asked for {call.locale.expected!r}"
        )
    messages = [text_of(found[1]) for found in _MESSAGE.findall(main.group(1))]
    if not any(messages):
        raise RefusalError(
            f"{response.status_code} page with no message saying what was wrong: {text_of(main.group(1))[:300]!r}"
        )
    check_language(text_of(main.group(1)), call.locale.expected)


def check_redirect(response: TestResponse) -> None:
    """A redirect goes to one of our own pages (a path, or a full address on the host asked: Werkzeug's slash fixes)."""
    location = response.headers.get("Location", "")
    parts = urlsplit(location)
    ours = parts.netloc == TEST_HOST and parts.scheme == "http" if parts.netloc else not parts.scheme
    if not ours or not parts.path.startswith("/") or parts.path.startswith("//") or "\\" in location:
        raise RefusalError(f"{response.status_code} to {location!r}, not one of our pages")


def follow(world: World, call: Call, response: TestResponse) -> None:
    """What a POST was accepted with must show: the page it sends the phone to (and an imported game's files) answer 200."""
    location = urlsplit(response.headers["Location"])
    # A game was made when the phone is sent to its page; the new-game form's other buttons lead back to the form.
    files = FOLLOW_UPS.get(call.endpoint, ()) if location.path.startswith("/p/") else ()
    pages = [location.path, *(f"{location.path}/{name}" for name in files)]
    for index, path in enumerate(pages):
        query = location.query if index == 0 else ""
        page = send(world, Call(endpoint=call.endpoint, method="GET", path=path, locale=call.locale, query=query))
        if page.status_code != 200:
            raise RefusalError(f"accepted, but {path}?{query} then answered {page.status_code}")


def check(world: World, call: Call, response: TestResponse, before: Any) -> None:
    """Every rule an answer keeps; the database is put back after an accepted change, so examples stay independent."""
    status = response.status_code
    try:
        if status >= 500:
            raise RefusalError(f"answered {status}: {response.get_data(as_text=True)[:300]!r}")
        if 400 <= status < 500:
            check_refusal_page(call, response)
        elif 300 <= status < 400 and status != 304:
            check_redirect(response)
            if status == 303 and call.method == "POST" and call.endpoint not in NOT_FOLLOWED:
                follow(world, call, response)
    finally:
        changed = world.dump() != before
        if changed:
            world.restore()
    if changed and status >= 400:
        raise RefusalError(f"refused with {status}, yet it changed the database")
    if changed and call.method in SAFE_METHODS:
        raise RefusalError(f"a {call.method} ({status}) changed the database")


# --- counting --------------------------------------------------------------------------------


def failure_site(error: BaseException) -> str:
    """Where a failure comes from: the innermost frame of Pocha's own code (or the check that failed), and what."""
    if isinstance(error, RefusalError):
        return f"check: {str(error).split(':')[0]}"
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f"{PACKAGE}" in f.filename]
    where = (
        f"{Path(frames[-1].filename).relative_to(PACKAGE.parent)}:{frames[-1].lineno}"
        if frames
        else "outside Pocha's code"
    )
    return f"{type(error).__name__} at {where}: {str(error)[:120]}"


@dataclass
class Tally:
    """Requests sent and failures seen, by endpoint; for each kind of failure the shortest request that showed it."""

    sent: Counter[str] = field(default_factory=Counter)
    answers: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    server_errors: Counter[str] = field(default_factory=Counter)
    failures: dict[str, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))

    def record(self, call: Call, error: BaseException | None, status: int | None) -> None:
        """Count one request and, when it failed, where (keeping the shortest example of each failure)."""
        self.sent[call.endpoint] += 1
        self.answers[call.endpoint][f"{status // 100}xx" if status is not None else "5xx"] += 1
        if status is None or status >= 500:
            self.server_errors[call.endpoint] += 1
        if error is not None:
            site = failure_site(error)
            example = repr(call)
            known = self.failures[call.endpoint].get(site)
            if known is None or len(example) < len(known):
                self.failures[call.endpoint][site] = example

    def report(self) -> str:
        """The summary printed after the fuzz test: totals, 5xx by route, each failure with its shortest example."""
        lines = [
            f"fuzz: {sum(self.sent.values())} requests to {len(self.sent)} routes, "
            f"{sum(self.server_errors.values())} answered 5xx, "
            f"{sum(len(f) for f in self.failures.values())} kinds of failure"
        ]
        for endpoint in sorted(self.sent):
            answers = ", ".join(f"{kind} {count}" for kind, count in sorted(self.answers[endpoint].items()))
            lines.append(f"  {endpoint}: {self.sent[endpoint]} sent ({answers}), {self.server_errors[endpoint]} 5xx")
            for site, example in sorted(self.failures.get(endpoint, {}).items()):
                lines.append(f"      {site}\n        e.g. {example}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        """Totals only (the whole tally is ``report``)."""
        return f"Tally({sum(self.sent.values())} sent, {sum(self.server_errors.values())} 5xx)"
