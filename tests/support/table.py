"""Playing a game through the test client: a table that starts games and taps each step, and page readers.

def test_a_bid(table):
    token = table.start(["Ana", "Bea", "Carlos"], dealer=2)
    table.ok(token, "pinta", 1, value="O")
    assert table.page(token).role("Reparte") == "Carlos"
"""

from __future__ import annotations

import html as html_lib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.engine import HandPlan, ScoreSheet, bid_order
from scorekeeper.extensions import db
from scorekeeper.storage import store
from scorekeeper.storage.models import Game, Hand, utcnow
from support.outbox import new_tap_id
from support.pages import text_of

#: Builds a test app with extra settings (the ``app_factory`` fixture of tests/conftest.py).
AppFactory = Callable[..., Flask]

NAMES4 = ("Ana", "Bea", "Carlos", "Dani")
TAPS = ("pinta", "subasta", "apuesta", "bazas", "renuncio", "deshacer", "guardar")
#: The action a phone's outbox names for each of the page's taps.
ACTIONS = {
    "pinta": "trump",
    "subasta": "offer",
    "apuesta": "bid",
    "bazas": "tricks",
    "renuncio": "renuncios",
    "deshacer": "undo",
    "guardar": "save",
}


# --- reading a page --------------------------------------------------------------------------


class Page:
    """A page as a player reads it: its HTML, its text and the parts the tests look at."""

    def __init__(self, response: TestResponse) -> None:
        self.status = response.status_code
        self.html = response.get_data(as_text=True)
        #: The sheet as on paper, which a game's page asks for apart (``Table.page`` and ``Table.watch`` bring it).
        self.paper = ""

    @property
    def text(self) -> str:
        """Everything visible, as one line."""
        main = re.search(r"<main[^>]*>(.*)</main>", self.html, re.S)
        return text_of(main.group(1) if main else self.html)

    def part(self, element_id: str) -> str:
        """The HTML inside the element with that id ('' when absent)."""
        match = re.search(rf'<(section|details|p|ul|div)[^>]*\bid="{element_id}"[^>]*>(.*?)</\1>', self.html, re.S)
        return match.group(2) if match else ""

    def items(self, element_id: str) -> list[str]:
        """The text of each list item inside the element with that id."""
        return [text_of(li) for li in re.findall(r"<li[^>]*>(.*?)</li>", self.part(element_id), re.S)]

    def list_of(self, css_class: str) -> list[str]:
        """The text of each item of the ``<ul class="css_class">`` (empty when there is no such list)."""
        block = re.search(rf'<ul class="{css_class}"[^>]*>(.*?)</ul>', self.html, re.S)
        return [text_of(li) for li in re.findall(r"<li[^>]*>(.*?)</li>", block.group(1), re.S)] if block else []

    def links(self, css_class: str) -> list[str]:
        """The addresses of the links with that class, in order."""
        return [html_lib.unescape(href) for href in re.findall(rf'<a class="{css_class}" href="([^"]*)"', self.html)]

    @property
    def errors(self) -> str:
        """The text of every error on the page (refused taps, field errors), joined by « | »."""
        found = re.findall(r'<p class="(?:flash flash-error|error)"[^>]*>(.*?)</p>', self.html, re.S)
        return " | ".join(text_of(f) for f in found)

    @property
    def flashes(self) -> list[str]:
        """The flashed messages (success and info)."""
        return [
            text_of(f) for f in re.findall(r'<p class="flash flash-(?:info|success)"[^>]*>(.*?)</p>', self.html, re.S)
        ]

    @property
    def title(self) -> str:
        """The hand panel's title, e.g. «Mano 1 de 28 1 carta» ('' when no hand is being played)."""
        match = re.search(r'<h2 id="hand-title">(.*?)</h2>', self.html, re.S)
        return text_of(match.group(1)) if match else ""

    def role(self, label: str) -> str:
        """What the roles list says for ``label`` («Reparte», «Es mano», «Pinta»)."""
        match = re.search(rf"<dt>{label}</dt><dd>(.*?)</dd>", self.html, re.S)
        return text_of(match.group(1)) if match else ""

    @property
    def order(self) -> list[str]:
        """The names in the «Apuestan: …» line, in order; once the bids start, the hand panel's rows (in that order)."""
        match = re.search(r'<p class="order">(.*?)</p>', self.html, re.S)
        if match is None:
            names = [seat.name for seat in self.seats]
            assert names, "no bidding order on the page"
            return names
        return [text_of(name) for name in re.findall(r"<span[^>]*>(.*?)</span>", match.group(1), re.S)]

    @property
    def seats(self) -> list[Seat]:
        """The hand panel's rows, one per player in bidding order, as they read ([] before the bids)."""
        return [Seat.read(row) for row in re.findall(r'<li class="seat-row[^"]*"[^>]*>(.*?)</li>', self.html, re.S)]

    def seat(self, name: str) -> Seat:
        """The hand panel's row of the player called ``name``."""
        found = [seat for seat in self.seats if seat.name == name]
        assert len(found) == 1, f"no single row for {name}: {self.seats}"
        return found[0]

    def line(self, css_class: str) -> str:
        """The text of the first ``<p class="css_class">`` ('' when absent)."""
        match = re.search(rf'<p class="{css_class}"[^>]*>(.*?)</p>', self.html, re.S)
        return text_of(match.group(1)) if match else ""

    def buttons(self, action: str) -> dict[str, bool]:
        """The value buttons of the forms posting to ``…/action``: value -> enabled (the first such form)."""
        match = re.search(rf'<form method="post" action="[^"]*/{action}"[^>]*>(.*?)</form>', self.html, re.S)
        assert match, f"no {action} form on the page"
        found = re.findall(r'<button[^>]*name="value" value="([^"]*)"([^>]*)>', match.group(1))
        return {value: " disabled" not in rest for value, rest in found}

    def forms(self, action: str) -> list[dict[str, str]]:
        """The hidden fields of every form posting to ``…/action``."""
        out = []
        for body in re.findall(rf'<form method="post" action="[^"]*/{action}"[^>]*>(.*?)</form>', self.html, re.S):
            out.append(dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body)))
        return out

    @property
    def sheet(self) -> list[list[str]]:
        """The score sheet's rows as on paper (the game page's paper view, asked for apart, or the print page): the
        hand's cells' text, then bid, points and total for each player."""
        body = re.search(
            r'<table class="(?:sheet sheet-paper|paper)">.*?<tbody>(.*?)</tbody>', self.paper or self.html, re.S
        )
        if not body:
            return []
        rows = re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)
        return [[text_of(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)] for row in rows]

    @property
    def totals(self) -> list[int]:
        """Each player's running total on the sheet's last row: on paper and in the phone's columns alike."""
        rows = self.sheet
        assert rows, "no hand on the sheet"
        paper = [int(cell) for cell in rows[-1][3::3]]
        assert paper == self.columns[-1], ("the two views of the sheet disagree", paper, self.columns[-1])
        return paper

    @property
    def columns(self) -> list[list[int]]:
        """The running totals of every row of the phone's sheet (a column per player), by seat."""
        body = re.search(r'<table class="sheet-compact[^"]*">.*?<tbody>(.*?)</tbody>', self.html, re.S)
        assert body, "no sheet for the phone"
        rows = re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)
        return [[int(total) for total in re.findall(r'<span class="total">(-?\d+)</span>', row)] for row in rows]

    @property
    def column_names(self) -> list[str]:
        """The players' names as the phone's sheet heads its columns, each as a player reads it (lines joined)."""
        head = re.search(r'<table class="sheet-compact[^"]*">.*?<thead>(.*?)</thead>', self.html, re.S)
        assert head, "no sheet for the phone"
        cells = re.findall(r'<th scope="col" class="player[^"]*">(.*?)</th>', head.group(1), re.S)
        return [" ".join(text_of(line) for line in re.findall(r"<span>(.*?)</span>", cell)) for cell in cells]

    def points(self, number: int) -> list[int]:
        """Each player's points in hand ``number``, as the sheet shows them."""
        return [int(cell) for cell in self.sheet[number - 1][2::3]]

    def totals_of(self, number: int) -> list[int]:
        """Each player's running total after hand ``number``."""
        return [int(cell) for cell in self.sheet[number - 1][3::3]]

    @property
    def standings(self) -> list[str]:
        """The standings list, one line of text per place."""
        return self.items("clasificacion")

    @property
    def schedule(self) -> list[int]:
        """The hand sizes of the new-game page's schedule preview."""
        match = re.search(r'<p class="schedule-sizes">(.*?)</p>', self.html, re.S)
        assert match, f"no schedule preview: {self.errors}"
        return [int(n) for n in re.findall(r'<span class="size[^"]*"[^>]*>(\d+)', match.group(1))]

    def value(self, name: str) -> str:
        """The value of the input called ``name`` ('' when it has none)."""
        tag = re.search(rf'<input[^>]*\bname="{re.escape(name)}"[^>]*>', self.html)
        assert tag, f"no input {name}"
        value = re.search(r'\bvalue="([^"]*)"', tag.group(0))
        return html_lib.unescape(value.group(1)) if value else ""

    def selected(self, name: str) -> str:
        """The chosen option of the select called ``name``."""
        select = re.search(rf'<select[^>]*name="{re.escape(name)}"[^>]*>(.*?)</select>', self.html, re.S)
        assert select, f"no select {name}"
        option = re.search(r'<option\b(?=[^>]*\bselected)[^>]*\bvalue="([^"]*)"', select.group(1))
        return html_lib.unescape(option.group(1)) if option else ""


@dataclass(frozen=True)
class Seat:
    """A player's row in the hand panel: the name, the figures it shows ('' when it shows none) and the rest it says
    (whose turn, tricks filled in or said, renuncios), e.g. ``Seat("Bea", bid="4", total="0", would="+20")``."""

    name: str
    bid: str = ""
    total: str = ""
    would: str = ""
    note: str = ""

    @classmethod
    def read(cls, row: str) -> Seat:
        """The row from its HTML (inside its ``<li>``)."""
        name = re.search(r'<span class="who"[^>]*>(.*?)</span></div>', row, re.S)
        figures = re.search(r'<span class="seat-figures">(.*?)</span>\s*</div>', row, re.S)
        assert name and figures, row

        def figure(kind: str) -> str:
            found = re.search(rf'<span class="stat stat-{kind}"[^>]*>.*?<b>(.*?)</b>', figures.group(1), re.S)
            return text_of(found.group(1)) if found else ""

        rest = re.sub(r'<span class="stat stat-(?:bid|total|would)"[^>]*>.*?</span>', "", figures.group(1), flags=re.S)
        penalty = re.search(r'<form[^>]*class="[^"]*renuncio-line[^"]*"[^>]*>.*?(<strong.*?</strong>)', row, re.S)
        note = " ".join(part for part in (text_of(rest), text_of(penalty.group(1)) if penalty else "") if part)
        return cls(text_of(name.group(1)), figure("bid"), figure("total"), figure("would"), note)


# --- a phone's outbox (POST /p/<token>/anotar) -----------------------------------------------


def queued(
    action: str,
    hand: int,
    seat: int | None = None,
    value: Any = None,
    *,
    was: Any = None,
    undoes: Sequence[Any] | None = None,
    tap_id: str | None = None,
) -> dict[str, Any]:
    """One tap of a phone's outbox as JSON: ``queued("bid", 1, 2, 3, was="")``; a new id unless one is given.

    ``action`` is the outbox's (trump, offer, bid, tricks, renuncios, undo, save) or the page's tap name."""
    tap: dict[str, Any] = {"id": tap_id or new_tap_id(), "action": ACTIONS.get(action, action), "hand": hand}
    for key, given in (("seat", seat), ("value", value), ("was", was), ("undoes", undoes)):
        if given is not None:
            tap[key] = list(given) if key == "undoes" else given
    return tap


@dataclass
class Synced:
    """The outbox's answer: its HTTP status, and (a 200) the stored version, each tap's result and the card, or
    (a refusal) the error."""

    status: int
    body: dict[str, Any] = field(default_factory=dict)
    size: int = 0

    @property
    def version(self) -> int:
        """The stored version after the taps."""
        return int(self.body["version"])

    @property
    def results(self) -> list[dict[str, Any]]:
        """Each tap's result, in the order sent."""
        return list(self.body["results"])

    @property
    def statuses(self) -> list[str]:
        """Each tap's status: applied, done or refused."""
        return [result["status"] for result in self.results]

    @property
    def messages(self) -> list[str]:
        """The message of each refused tap, in order."""
        return [result["message"] for result in self.results if result["status"] == "refused"]

    @property
    def card(self) -> dict[str, Any] | None:
        """The card the answer carries (``None``: the phone's own copy is right)."""
        card: dict[str, Any] | None = self.body["card"]
        return card

    @property
    def error(self) -> str:
        """A refused request's reason."""
        return str(self.body["error"])


# --- the stored game -------------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """A game as stored, and what the engine makes of it, as plain values."""

    names: tuple[str, ...]
    first_dealer: int
    version: int
    hands: tuple[tuple[Any, ...], ...]
    corrections: tuple[tuple[int, Any], ...]
    finished_at: Any
    sheet: ScoreSheet
    plan: HandPlan | None
    stage: str | None
    order: tuple[int, ...]
    next_seat: int | None
    forbidden: int | None

    @property
    def facts(self) -> tuple[Any, ...]:
        """Everything stored about the game's play: equal before and after a refused tap."""
        return (self.version, self.hands, self.corrections, self.finished_at)

    @property
    def number(self) -> int | None:
        """The hand being played (``None`` once the game is over)."""
        return self.plan.number if self.plan is not None else None

    def hand(self, number: int) -> dict[str, Any]:
        """The stored row of hand ``number`` as a dict (trump, auction, bids, tricks, renuncios, complete)."""
        for row in self.hands:
            if row[0] == number:
                return dict(zip(("number", "trump", "auction", "bids", "tricks", "renuncios", "complete"), row))
        raise AssertionError(f"hand {number} not stored")


#: A saved hand with renuncios, as ``Table.seed`` takes it: trump, bids, tricks and renuncios by seat.
Renuncios = tuple[str, Sequence[int], Sequence[int], Sequence[int]]


def games_in(app: Flask) -> int:
    """How many games the database holds."""
    with app.app_context():
        return int(db.session.execute(db.select(db.func.count()).select_from(Game)).scalar_one())


def snapshot(app: Flask, token: str) -> Snapshot:
    """Read game ``token`` from the database, in a fresh session."""
    with app.app_context():
        game = store.find_game(token)
        assert game is not None, "no such game"
        view = store.view_of(game)
        sheet, hand = view.sheet, view.hand
        hands = tuple(
            (
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
        return Snapshot(
            names=view.names,
            first_dealer=game.first_dealer,
            version=game.version,
            hands=hands,
            corrections=tuple((c.hand_number, c.changes) for c in game.corrections),
            finished_at=game.finished_at,
            sheet=sheet,
            plan=hand.plan if hand else None,
            stage=("tricks" if hand.taking_tricks else hand.stage) if hand else None,
            order=hand.order if hand else (),
            next_seat=hand.next_seat if hand else None,
            forbidden=hand.forbidden if hand else None,
        )


# --- the table -------------------------------------------------------------------------------


def new_game_form(
    names: Sequence[str], dealer: int | str = 0, preset: str = "clasica", action: str = "start", **options: Any
) -> dict[str, str]:
    """The fields of the new-game form: ``names-i``, ``first_dealer``, ``preset``, ``action`` and any option."""
    data = {f"names-{i}": name for i, name in enumerate(names)}
    data.update(first_dealer=str(dealer), preset=preset, action=action)
    data.update({key: str(value) for key, value in options.items()})
    return data


class Table:
    """A phone at the table: starts games, taps the steps of each hand, reads the pages and the database."""

    def __init__(self, app: Flask, client: FlaskClient) -> None:
        self.app = app
        self.client = client

    # starting

    def new_game(
        self,
        names: Sequence[str] = NAMES4,
        dealer: int | str = 0,
        preset: str = "clasica",
        action: str = "start",
        **options: Any,
    ) -> TestResponse:
        """POST the new-game form."""
        return self.client.post("/partidas/nueva", data=new_game_form(names, dealer, preset, action, **options))

    def start(
        self, names: Sequence[str] = NAMES4, dealer: int | str = 0, preset: str = "clasica", **options: Any
    ) -> str:
        """Start a game through the form (303 expected) and return the token of its address."""
        response = self.new_game(names, dealer, preset, "start", **options)
        assert response.status_code == 303, Page(response).errors
        location = response.headers["Location"]
        assert location.startswith("/p/"), location
        return location.removeprefix("/p/")

    # tapping

    def tap(
        self, token: str, tap: str, hand: int | str | None, seat: int | str | None = None, value: Any = None
    ) -> TestResponse:
        """POST one tap of the game page (``tap``: pinta, subasta, apuesta, bazas, renuncio, deshacer, guardar)."""
        assert tap in TAPS, tap
        data = {k: str(v) for k, v in (("hand", hand), ("seat", seat), ("value", value)) if v is not None}
        return self.client.post(f"/p/{token}/{tap}", data=data)

    def ok(self, token: str, tap: str, hand: int, seat: int | None = None, value: Any = None) -> TestResponse:
        """A tap that must work: 303 back to the game page."""
        response = self.tap(token, tap, hand, seat, value)
        assert response.status_code == 303, (tap, hand, seat, value, response.status_code, Page(response).errors)
        assert response.headers["Location"].startswith(f"/p/{token}#")
        return response

    def stale(
        self, token: str, tap: str, hand: int | str | None, seat: Any = None, value: Any = None, **extra: Any
    ) -> Page:
        """A tap meant for another moment (an old page, a double tap, another phone first): 409 with the
        page as it is now and a message, saving nothing."""
        before = self.snap(token).facts
        data = {
            k: str(v) for k, v in (("hand", hand), ("seat", seat), ("value", value), *extra.items()) if v is not None
        }
        page = self.read(self.client.post(f"/p/{token}/{tap}", data=data))
        assert page.status == 409, (page.status, tap, hand, seat, value, page.errors)
        assert page.errors, "a stale tap says why"
        assert self.snap(token).facts == before, "a stale tap saved something"
        return page

    def refused(self, token: str, tap: str, hand: int | str | None, seat: Any = None, value: Any = None) -> Page:
        """A tap that must be refused with the game page and a message (400 or 422), saving nothing."""
        before = self.snap(token).facts
        page = self.read(self.tap(token, tap, hand, seat, value))
        assert page.status in (400, 422), (page.status, tap, hand, seat, value)
        assert page.errors, "a refused tap says why"
        assert self.snap(token).facts == before, "a refused tap saved something"
        return page

    # sending taps from a phone's outbox

    def send(
        self,
        token: str,
        taps: Sequence[dict[str, Any]],
        version: int | None = None,
        headers: dict[str, str] | None = None,
    ) -> Synced:
        """POST ``taps`` (made with ``queued``) to the outbox's address as a phone's script sends them, with
        ``version`` (the stored one when not given) as the version they start from."""
        start = self.snap(token).version if version is None else version
        return self.send_body(token, json.dumps({"version": start, "taps": list(taps)}).encode(), headers)

    def send_body(self, token: str, body: bytes, headers: dict[str, str] | None = None) -> Synced:
        """POST raw ``body`` to the outbox's address, as JSON."""
        response = self.client.post(
            f"/p/{token}/anotar", data=body, content_type="application/json", headers=headers or {}
        )
        assert response.mimetype == "application/json", (response.status_code, response.get_data(as_text=True)[:300])
        return Synced(response.status_code, response.get_json(), len(response.get_data()))

    def queue_ok(self, token: str, *taps: dict[str, Any], version: int | None = None) -> Synced:
        """Send ``taps``, each of which must be applied (the answer's card ``None`` when ``version`` was right)."""
        answer = self.send(token, taps, version)
        assert answer.status == 200, answer.body
        assert answer.statuses == ["applied"] * len(taps), answer.results
        return answer

    def play_hand_queued(
        self,
        token: str,
        trump: str | None,
        bids: Sequence[int],
        tricks: Sequence[int],
        offers: Sequence[int] | None = None,
        save: bool = True,
    ) -> list[dict[str, Any]]:
        """``play_hand`` through the outbox: every tap of the hand queued in one request; returns the taps sent."""
        snap = self.snap(token)
        assert snap.plan is not None, "the game is over"
        number, plan = snap.plan.number, snap.plan
        taps = []
        if offers is not None:
            taps += [queued("offer", number, seat, offers[seat]) for seat in plan.bidding_order]
        if trump is not None:
            taps.append(queued("trump", number, value=trump, was=""))
        order = bid_order(plan, tuple(offers) if offers is not None else None)
        winner = order[0] if offers is not None else None
        taps += [queued("bid", number, seat, bids[seat]) for seat in order if seat != winner]
        taps += [queued("tricks", number, seat, tricks[seat], was="") for seat in order[:-1]]
        if save:
            taps.append(queued("save", number))
        self.queue_ok(token, *taps)
        return taps

    # correcting

    def correction_form(self, token: str, number: int) -> dict[str, str]:
        """The correction form of saved hand ``number`` as the page fills it: trump, bids-i, tricks-i, …"""
        page = Page(self.client.get(f"/p/{token}/mano/{number}/corregir"))
        assert page.status == 200, page.status
        fields = dict.fromkeys(re.findall(r'<input[^>]*\bname="((?:bids|tricks|renuncios|offers)-\d+)"', page.html), "")
        data = {name: page.value(name) for name in fields}
        data["trump"] = page.selected("trump")
        data["version"] = page.value("version")
        return data

    def correct(self, token: str, number: int, changes: dict[str, Any]) -> TestResponse:
        """POST the correction form of hand ``number`` with ``changes`` (e.g. ``{"bids-0": 2}``) over the saved values."""
        data = self.correction_form(token, number)
        data.update({key: str(value) for key, value in changes.items()})
        return self.client.post(f"/p/{token}/mano/{number}/corregir", data=data)

    # reading

    def read(self, response: TestResponse) -> Page:
        """Any response as a page, with the sheet as on paper it names."""
        return self.with_paper(Page(response))

    def games(self) -> int:
        """How many games the database holds."""
        return games_in(self.app)

    def page(self, token: str) -> Page:
        """The game page (200 expected), with its sheet as on paper."""
        page = self.read(self.client.get(f"/p/{token}"))
        assert page.status == 200
        return page

    def with_paper(self, page: Page) -> Page:
        """``page`` with the sheet as on paper it names (``data-paper``), asked for as its script does when «Ver como
        en papel» is opened (200 expected); a page with no hand saved names none."""
        found = re.search(r'data-paper="([^"]+)"', page.html)
        if found:
            answer = self.client.get(html_lib.unescape(found.group(1)))
            assert answer.status_code == 200, answer.status_code
            page.paper = answer.get_data(as_text=True)
        return page

    def steps(self, token: str, number: int) -> list[list[Any]]:
        """The steps stored for hand ``number`` of game ``token``, in the order they were said ([] with no row)."""
        with self.app.app_context():
            game = store.find_game(token)
            assert game is not None, "no such game"
            row = store.hand_row(game, number)
            return [list(step) for step in (row.steps or [])] if row is not None else []

    def watch_token(self, token: str) -> str:
        """The token of the watchers' address of game ``token`` (its edit token)."""
        with self.app.app_context():
            game = store.find_game(token)
            assert game is not None, "no such game"
            return game.watch_token

    def watch(self, watch_token: str) -> Page:
        """The watchers' page (200 expected)."""
        page = self.read(self.client.get(f"/ver/{watch_token}"))
        assert page.status == 200
        return page

    def snap(self, token: str) -> Snapshot:
        """The stored game."""
        return snapshot(self.app, token)

    # playing

    def play_hand(
        self,
        token: str,
        trump: str | None,
        bids: Sequence[int],
        tricks: Sequence[int],
        offers: Sequence[int] | None = None,
        save: bool = True,
    ) -> int:
        """Play the current hand tap by tap, as the table would, and return its number.

        ``bids``, ``tricks`` and ``offers`` (subastado) are by seat; offers and bids are
        tapped in the order the page asks for them. ``trump`` ``None`` taps no trump
        (a hand whose trump is fixed). Tricks are tapped for every player but the
        last in bidding order (the page fills that one in); then the hand is saved.
        """
        snap = self.snap(token)
        assert snap.plan is not None, "the game is over"
        number = snap.plan.number
        if offers is not None:
            for seat in snap.plan.bidding_order:
                self.ok(token, "subasta", number, seat, offers[seat])
        if trump is not None:
            self.ok(token, "pinta", number, value=trump)
        snap = self.snap(token)
        assert snap.stage in ("bids", "tricks"), snap.stage
        stored = [row for row in snap.hands if row[0] == number]
        said = stored[0][3] if stored else (None,) * snap.plan.players  # the subastado's winner already has a bid
        for seat in snap.order:
            if said[seat] is None:
                self.ok(token, "apuesta", number, seat, bids[seat])
        for seat in snap.order[:-1]:
            self.ok(token, "bazas", number, seat, tricks[seat])
        if save:
            self.ok(token, "guardar", number)
        return number

    def seed(self, token: str, *hands: tuple[str, Sequence[int], Sequence[int]] | Renuncios) -> None:
        """Store finished hands straight in the database, quicker than tapping: each (trump, bids, tricks) by seat,
        and the renuncios by seat after them when there are any.

        For tests about what comes after (corrections, the end, the home page); the
        engine checks them when the sheet is read, so they must be lawful.
        """
        with self.app.app_context():
            game = store.find_game(token)
            assert game is not None
            number = len([h for h in game.hands if h.complete])
            for trump, bids, tricks, *renuncios in hands:
                number += 1
                game.hands.append(
                    Hand(
                        number=number,
                        trump=trump,
                        bids=list(bids),
                        tricks=list(tricks),
                        renuncios=list(renuncios[0]) if renuncios else [0] * len(bids),
                        complete=True,
                        completed_at=utcnow(),
                    )
                )
            sheet = store.view_of(game).sheet  # raises if a seeded hand breaks a rule
            game.version += 1
            game.finished_at = utcnow() if sheet.finished else None
            db.session.commit()
