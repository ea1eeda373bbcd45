"""Every route of the app, fuzzed: whatever a phone sends, no 5xx, a readable refusal in its language, nothing changed.

The routes come from ``app.url_map``, so a new one is fuzzed as soon as it exists (and this test
fails until ``fuzz_routes.SPECS`` says what it takes). The requests aim at real games (one being
played, one with a subastado, an auction under way, a finished one, a new one), carry a valid
CSRF token most of the time, and hold the values of ``fuzz_inputs``.

``make test`` sends about 3,000 requests, the same ones every run (``derandomize``); ``make fuzz``
sends ``POCHA_FUZZ_EXAMPLES`` (10,000 by default there), new ones every run. Neither stops at a
failure: every request is sent, each kind of failure is kept with the shortest request that showed
it, and a route's test fails at the end listing them. Both print what was sent and seen.
"""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, Final

import pytest
from fuzz_checks import RefusalError, Tally, check, send
from fuzz_inputs import VALID_GAME
from fuzz_routes import PATH_VALUES, SPECS, Call, Locale, calls
from fuzz_world import World, build_world
from hypothesis import HealthCheck, given, settings
from werkzeug.routing import Rule
from werkzeug.test import TestResponse
from werkzeug.wrappers import Response

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.storage.models import Game

EXAMPLES_VARIABLE: Final = "POCHA_FUZZ_EXAMPLES"
#: Requests sent by ``make test`` over every route together.
CI_EXAMPLES: Final = 3000
#: A route that costs much more per request (a PDF, 2,000 deals of the odds) gets this share of a plain one.
HEAVY: Final = {"paper.sheet_pdf": 0.25, "simulator.odds": 0.25, "simulator.play_turn": 0.6}
#: Routes that take many fields get more tries than those that take few.
RICH: Final = {
    "games.new_game": 2.0,
    "games.correct": 2.0,
    "games.tap_queue": 2.0,
    "export.import_game": 2.0,
    "simulator.play": 1.5,
    "simulator.referee_page": 1.5,
}

#: A request takes milliseconds and a game file can be large: hypothesis need not warn about either.
SLOW_IS_FINE: Final = (
    HealthCheck.too_slow,
    HealthCheck.data_too_large,
    HealthCheck.filter_too_much,
    HealthCheck.large_base_example,
)
for name, fixed in (("pocha-fuzz-ci", True), ("pocha-fuzz-deep", False)):
    settings.register_profile(name, derandomize=fixed, database=None, deadline=None, suppress_health_check=SLOW_IS_FINE)


def total_examples() -> int:
    """How many requests to send over every route: ``POCHA_FUZZ_EXAMPLES``, else the CI amount."""
    return int(os.environ.get(EXAMPLES_VARIABLE) or CI_EXAMPLES)


def profile() -> settings:
    """The same requests every run for CI; new ones every run when a number of examples is asked for."""
    return settings.get_profile("pocha-fuzz-deep" if os.environ.get(EXAMPLES_VARIABLE) else "pocha-fuzz-ci")


def the_rules() -> list[Rule]:
    """Every route of the app, as its URL map has them (read from an app that is then thrown away)."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"}, instance_path=folder
        )
    return sorted(app.url_map.iter_rules(), key=lambda rule: (rule.endpoint, rule.rule))


RULES: Final = the_rules()


def share(rule: Rule) -> float:
    """The weight of a route in the budget."""
    return HEAVY.get(rule.endpoint, 1.0) * RICH.get(rule.endpoint, 1.0)


def budget(rule: Rule) -> int:
    """The requests ``rule`` gets out of the total (rounded up, so that every route together get at least the total; 20 at least)."""
    return max(20, math.ceil(total_examples() * share(rule) / sum(share(r) for r in RULES)))


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """The app and its games, set up once for every route's examples (the database is put back after each change)."""
    built = build_world(tmp_path_factory.mktemp("fuzz"))
    yield built
    built.pristine.close()


class Summary:
    """A pytest plugin that prints the tally in the run's summary, after the test results."""

    def __init__(self, tally: Tally) -> None:
        self.tally = tally

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        """Write what was sent and seen."""
        if self.tally.sent:
            terminalreporter.write_sep("-", "fuzzing every route")
            terminalreporter.write_line(self.tally.report())


@pytest.fixture(scope="module")
def tally(request: pytest.FixtureRequest) -> Tally:
    """Counts of what was sent and seen, printed in the summary at the end of the run."""
    counts = Tally()
    request.config.pluginmanager.register(Summary(counts))
    return counts


def test_every_route_says_what_it_takes() -> None:
    """A route without a strategy would go unfuzzed: name every endpoint, and every path variable, in fuzz_routes."""
    endpoints = {rule.endpoint for rule in RULES}
    assert endpoints - set(SPECS) == set(), "routes with nothing to send them in fuzz_routes.SPECS"
    assert set(SPECS) - endpoints == set(), "fuzz_routes.SPECS names endpoints the app does not have"
    variables = {name for rule in RULES for name in rule.arguments}
    assert variables - set(PATH_VALUES) == set(), "path variables with no values in fuzz_routes.PATH_VALUES"


def test_the_world_has_games_in_every_state(world: World) -> None:
    """The games aimed at are there, each answering its pages (or the fuzz test would only aim at 404s)."""
    assert set(world.states) == {"playing", "special", "auction", "finished", "fresh"}
    for name, token in world.games.items():
        assert world.client.get(f"/p/{token}").status_code == 200, name
        assert world.client.get(f"/ver/{world.watch[name]}").status_code == 200, name


def run(world: World, tally: Tally, call: Call) -> None:
    """Send one request and check its answer; count it, and what failed (an exception from the app is a 500)."""
    before = world.dump()
    response: TestResponse | None = None
    try:
        response = send(world, call)
        check(world, call, response, before)
    except Exception as error:
        if world.dump() != before:
            world.restore()
        tally.record(call, error, response.status_code if response is not None else None)
    else:
        tally.record(call, None, response.status_code)


def failures_of(tally: Tally, endpoint: str) -> str:
    """What failed at ``endpoint``, each kind with its shortest request, to read in the test's failure."""
    return "\n".join(f"{site}\n  e.g. {example}" for site, example in tally.failures.get(endpoint, {}).items())


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.endpoint)
def test_no_request_gets_a_5xx_an_unreadable_refusal_or_a_change_it_should_not(
    rule: Rule, world: World, tally: Tally
) -> None:
    """Whatever is sent to ``rule``: status below 500; a 4xx says why, in the language asked for; a refused request, and
    any GET, leave every table as it was; a redirect stays on our pages."""

    @settings(profile(), max_examples=budget(rule))
    @given(call=calls(world, rule))
    def explore(call: Call) -> None:
        run(world, tally, call)

    explore()
    assert tally.sent[rule.endpoint] >= budget(rule), "fewer requests sent than asked for"
    if rule.endpoint in tally.failures:
        pytest.fail(failures_of(tally, rule.endpoint), pytrace=False)


# --- requests that once failed ---------------------------------------------------------------


def game_file(**changes: object) -> bytes:
    """The valid game file of ``fuzz_inputs`` with top-level keys changed."""
    return json.dumps({**VALID_GAME, **changes}).encode()


def import_call(data: bytes) -> Call:
    """An import of ``data`` as a game file."""
    return Call("export.import_game", "POST", "/partidas/importar", SPANISH, files=(("file", "partida.json", data),))


SPANISH: Final = Locale("es", None, "es")
ENGLISH: Final = Locale("en", "en", None)
ONCE_FAILED: Final = {
    "a broken address as the Referer of the language switch": Call(
        "main.set_language", "POST", "/idioma", SPANISH, form=(("lang", "en"),), headers=(("Referer", "http://["),)
    ),
    "a broken address as the page to go back to": Call(
        "main.set_language",
        "POST",
        "/idioma",
        ENGLISH,
        form=(("lang", "es"), ("next", "//[")),
    ),
    "a broken address as the Referer of a missing page": Call(
        "main.index", "GET", "/no-existe", ENGLISH, headers=(("Referer", "http://["),)
    ),
    "a date that UTC puts before year 1": import_call(game_file(created_at="0001-01-01T00:00:00+14:00")),
    "a date the table's timezone puts after year 9999": import_call(game_file(created_at="9999-12-31T23:59:59Z")),
    "a saved hand's date near the calendar's start": import_call(
        game_file(hands=[{**VALID_GAME["hands"][0], "completed_at": "0001-01-01T00:00:00Z"}], corrections=[])
    ),
    "digits that are not ASCII in the simulator": Call(
        "simulator.simulator", "GET", "/simulador", ENGLISH, query="players=%C2%B2&seed=%D9%A3"
    ),
}


@pytest.mark.parametrize("call", ONCE_FAILED.values(), ids=ONCE_FAILED.keys())
def test_requests_that_once_failed_are_answered(call: Call, world: World) -> None:
    """Each of these once got a 500 (or would have, a page later): now a page that says why, and nothing changed."""
    counts = Tally()
    run(world, counts, call)
    assert counts.sent[call.endpoint] == 1
    assert call.endpoint not in counts.failures, failures_of(counts, call.endpoint)


def test_an_accepted_import_is_followed_to_the_new_games_files(world: World) -> None:
    """An import that works leads to the game's page, and its CSV, JSON, PDF and print page all come out."""
    call = import_call(game_file(created_at="1970-01-01T00:00:00Z"))
    before = world.dump()
    response = send(world, call)
    assert response.status_code == 303
    check(world, call, response, before)
    assert world.dump() == before, "the new game is taken away again, so the next example starts from the same games"


# --- the checks catch what they must catch ----------------------------------------------------


def page(body: str, status: int = 400, mimetype: str = "text/html") -> Response:
    """A response with ``body``, as a route could answer."""
    return Response(body, status=status, mimetype=mimetype)


def pocha_page(message: str, lang: str = "es") -> str:
    """A page shaped like Pocha's, with ``message`` as its error."""
    return (
        f'<html lang="{lang}"><body><main><p class="flash flash-error" role="alert">{message}</p></main></body></html>'
    )


GET_HOME: Final = Call("main.index", "GET", "/", SPANISH)


@pytest.mark.parametrize(
    ("call", "response", "complaint"),
    [
        (
            GET_HOME,
            page("<!doctype html>\n<html lang=en>\n<title>400 Bad Request</title>\n<h1>Bad Request</h1>"),
            "no text in <main>",
        ),
        (GET_HOME, page('<html lang="es"><main><h1>Pocha</h1></main></html>'), "no message"),
        (GET_HOME, page(pocha_page("Algo no cuadra", lang="en")), "asked for 'es'"),
        (GET_HOME, page(pocha_page("Not a valid integer value.")), "shows 'Not a valid'"),
        (
            replace(GET_HOME, locale=ENGLISH),
            page(pocha_page("Elige el archivo de una partida (.json)", lang="en")),
            "shows 'Elige el archivo",
        ),
        (GET_HOME, page('{"error": ""}', mimetype="application/json"), "without an error message"),
        (GET_HOME, page("", status=500), "answered 500"),
        (GET_HOME, Response(status=303, headers={"Location": "https://example.com/"}), "not one of our pages"),
        (GET_HOME, Response(status=302, headers={"Location": "//example.com/p/x"}), "not one of our pages"),
    ],
    ids=[
        "werkzeug's page",
        "no message",
        "wrong language",
        "library english",
        "spanish in english",
        "empty json error",
        "500",
        "other host",
        "protocol-relative",
    ],
)
def test_the_checks_refuse_what_no_answer_may_be(world: World, call: Call, response: Response, complaint: str) -> None:
    """The rules are real: each of these answers breaks one, and the check says which."""
    with pytest.raises(RefusalError, match=re.escape(complaint)):
        check(world, call, response, world.dump())  # type: ignore[arg-type]


def test_the_checks_pass_answers_that_keep_the_rules(world: World) -> None:
    """A readable Spanish refusal, a JSON error and a redirect home pass (so the checks are not refusing everything)."""
    before = world.dump()
    check(world, GET_HOME, page(pocha_page("Algo no cuadra")), before)  # type: ignore[arg-type]
    check(world, GET_HOME, page('{"error": "Falta la semilla"}', mimetype="application/json"), before)  # type: ignore[arg-type]
    check(world, GET_HOME, Response(status=302, headers={"Location": "http://localhost/simulador?seed=1"}), before)  # type: ignore[arg-type]


def change_a_game(world: World) -> None:
    """Change a stored game behind the app's back."""
    with world.app.app_context():
        db.session.execute(db.update(Game).values(version=Game.version + 100))
        db.session.commit()


@pytest.mark.parametrize(
    ("call", "status"), [(replace(GET_HOME, method="POST"), 422), (GET_HOME, 200)], ids=["refused POST", "GET"]
)
def test_a_change_where_none_may_be_is_caught_and_undone(world: World, call: Call, status: int) -> None:
    """A refused request, or a GET, that changed a table fails the check; the database is put back all the same."""
    before = world.dump()
    change_a_game(world)
    with pytest.raises(RefusalError, match="changed the database"):
        check(world, call, page(pocha_page("No"), status=status), before)  # type: ignore[arg-type]
    assert world.dump() == before


def test_a_crash_is_counted_as_a_5xx_and_fails(world: World) -> None:
    """A view that raises is a failure of its route, counted with where it came from."""

    def crash() -> str:
        """Fail the way a bad int() does."""
        return str(int("²"))

    real = world.app.view_functions["main.robots_txt"]
    world.app.view_functions["main.robots_txt"] = crash
    counts = Tally()
    try:
        run(world, counts, Call("main.robots_txt", "GET", "/robots.txt", SPANISH))
    finally:
        world.app.view_functions["main.robots_txt"] = real
    assert counts.server_errors["main.robots_txt"] == 1
    assert list(counts.failures["main.robots_txt"]) == [
        "ValueError at outside Pocha's code: invalid literal for int() with base 10: '²'"
    ]
    run(world, counts, Call("main.robots_txt", "GET", "/robots.txt", SPANISH))
    assert counts.sent["main.robots_txt"] == 2 and counts.server_errors["main.robots_txt"] == 1, "the real view is back"
