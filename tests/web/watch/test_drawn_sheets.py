"""The watchers' sheet part is drawn once while the sheet stays the same, and is never one drawn before a change.

After each moment of a game (taps in the hand being played, a saved hand, a correction, the end) the live parts
of the watchers' page and of the big screen, in both languages, are asked for with every sheet part drawn before
still remembered, then again with nothing remembered: the two answers must be the same.
"""

from __future__ import annotations

import difflib
import re
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from flask import template_rendered

from scorekeeper.storage import store
from scorekeeper.watch import drawn_sheets
from scorekeeper.watch.drawn_sheets import MAX_DRAWN, drawn_sheet, forget_drawn
from support.table import Table

THREE = ["Ana", "Bea", "Carlos"]
LIVE_PARTS = ("/ver/{watch}/en-directo", "/ver/{watch}/pantalla/en-directo", "/ver/{watch}", "/ver/{watch}/pantalla")
CSRF = re.compile(r'name="csrf_token" value="[^"]*"')
SHEET_PARTS = ("watch/_sheet_part.html", "watch/_screen_sheet.html")


@contextmanager
def sheets_drawn(table: Table) -> Iterator[list[str]]:
    """The sheet part templates drawn inside the block, in order."""
    drawn: list[str] = []

    def record(sender: object, template: object, context: object, **extra: object) -> None:
        """Note a sheet part drawn."""
        name = getattr(template, "name", "")
        if name in SHEET_PARTS:
            drawn.append(name)

    template_rendered.connect(record, table.app)
    try:
        yield drawn
    finally:
        template_rendered.disconnect(record, table.app)


def answers(table: Table, watch: str) -> list[str]:
    """Every live part and watchers' page, in Spanish and in English (the language form's CSRF token left out)."""
    bodies = []
    watcher = table.app.test_client()  # a phone of its own: no flashed message of the scorekeeper's
    for language in ("es", "en"):
        for address in LIVE_PARTS:
            response = watcher.get(address.format(watch=watch), headers={"Accept-Language": language})
            assert response.status_code == 200
            bodies.append(CSRF.sub("", response.get_data(as_text=True)))  # signed with the time: differs each second
    return bodies


def same_as_drawn_afresh(table: Table, watch: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The answers with every sheet part drawn before remembered are those drawn with nothing remembered."""
    remembered = answers(table, watch)
    with monkeypatch.context() as afresh:
        afresh.setattr(drawn_sheets, "_drawn", OrderedDict())
        drawn = answers(table, watch)
    for one, other in zip(remembered, drawn):
        assert one == other, "\n".join(difflib.unified_diff(one.splitlines(), other.splitlines(), lineterm="", n=1))


def test_a_sheet_remembered_is_never_one_drawn_before_a_change(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    token = table.start(THREE, dealer=2, preset="a_medida", custom_sizes="1 2 1")
    watch = table.watch_token(token)
    moments: list[Callable[[], object]] = [
        lambda: table.ok(token, "pinta", 1, value="O"),
        lambda: table.ok(token, "apuesta", 1, 0, 1),
        lambda: table.play_hand(token, None, [1, 0, 1], [1, 0, 0], save=False),
        lambda: table.ok(token, "guardar", 1),
        lambda: table.correct(token, 1, {"bids-1": 1}),
        lambda: table.correct(token, 1, {"bids-1": 0}),  # the sheet of before, but two corrections listed
        lambda: table.play_hand(token, "C", [1, 0, 0], [1, 1, 0]),
        lambda: table.correct(token, 2, {"tricks-0": 2, "tricks-1": 0}),
        lambda: table.play_hand(token, "E", [0, 0, 0], [0, 0, 1]),
    ]
    answers(table, watch)
    for moment in moments:
        moment()
        same_as_drawn_afresh(table, watch, monkeypatch)
    assert table.snap(token).plan is None, "the game did not end"


def test_taps_in_the_hand_being_played_draw_no_sheet_again(table: Table) -> None:
    token = table.start(THREE, dealer=2, preset="a_medida", custom_sizes="2 2 2")
    watch = table.watch_token(token)
    table.play_hand(token, "O", [1, 0, 0], [1, 1, 0])
    answers(table, watch)
    with sheets_drawn(table) as drawn:
        table.ok(token, "pinta", 2, value="C")
        table.ok(token, "apuesta", 2, 1, 0)
        answers(table, watch)
    assert drawn == []
    with sheets_drawn(table) as drawn:
        table.play_hand(token, None, [0, 0, 1], [0, 1, 1])
        answers(table, watch)
    assert sorted(set(drawn)) == sorted(SHEET_PARTS), "a saved hand draws the sheet again"


def test_each_game_and_language_has_its_own_sheet(table: Table) -> None:
    one = table.start(THREE, dealer=2, preset="a_medida", custom_sizes="1 1 1")
    two = table.start(["Ana", "Bea", "Dani"], dealer=2, preset="a_medida", custom_sizes="1 1 1")
    bodies = [answers(table, table.watch_token(token)) for token in (one, two)]
    assert bodies[0] != bodies[1]
    forget_drawn()
    assert bodies == [answers(table, table.watch_token(token)) for token in (one, two)]


def test_only_the_last_sheets_drawn_are_kept(table: Table) -> None:
    token = table.start(THREE, dealer=2)
    with table.app.test_request_context():
        game = store.find_game(token)
        assert game is not None
        view = store.view_of(game)
        for n in range(MAX_DRAWN + 5):
            assert drawn_sheet(view, f"part {n}", "t", lambda n=n: f"<p>{n}</p>") == f"<p>{n}</p>"  # type: ignore[misc]
        assert drawn_sheet(view, f"part {MAX_DRAWN + 4}", "t", lambda: "again") == f"<p>{MAX_DRAWN + 4}</p>"
        assert drawn_sheet(view, "part 0", "t", lambda: "again") == "again"


@pytest.fixture(autouse=True)
def nothing_remembered() -> Iterator[None]:
    """Each test starts and ends with no sheet part remembered."""
    forget_drawn()
    yield
    forget_drawn()
