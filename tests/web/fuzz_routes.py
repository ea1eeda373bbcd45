"""What to send to each route of the app: one strategy per endpoint, and the request it makes (``Call``).

``SPECS`` maps every endpoint of ``app.url_map`` to what its page reads (query, form, file);
the path's variables (``<token>``, ``<scope>``, ``<int:number>``…) are filled from ``PATH_VALUES``
by name. A route with no entry here, or a variable with no values, makes the fuzz test fail:
a new route must say what it takes before it is fuzzed.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import quote, urlencode

from fuzz_inputs import (
    HUGE,
    JSON_VALUES,
    ascii_numbers,
    cards_text,
    choice,
    fields,
    game_files,
    indexed,
    numbers,
    rarely,
    sometimes,
    tap_bodies,
    tap_lists,
    texts,
)
from fuzz_world import World
from hypothesis import strategies as st
from werkzeug.routing import Rule

from scorekeeper.engine import CUSTOM_PRESET, OPTIONS, PRESETS, Choice, Flag, HandList, Number, Option, Places
from scorekeeper.engine.rules import SPECIAL_KINDS
from scorekeeper.plumbing.languages import SUPPORTED_LOCALES
from scorekeeper.storage.nights import MODES, SIZES

Pairs = list[tuple[str, str]]
LOCALES: Final = SUPPORTED_LOCALES
WRONG_METHODS: Final = ("PUT", "DELETE", "PATCH")
SUITS: Final = ("O", "C", "E", "B", "-")
NAMES: Final = ("Ana", "Begoña", "Carlos", "Dani", "Eva", "Íñigo", "Zoe")
PRESET_KEYS: Final = (*PRESETS, CUSTOM_PRESET)
ODD_URLS: Final = (
    "/",
    "/p/x",
    "//evil.example",
    "http://[",
    "http://[::1",
    "https://example.com/",
    "javascript:alert(1)",
    "\\\\evil",
    "/\x00",
    "/%FF",
    "http://localhost/partidas/nueva",
    "http://localhost:99999/",
    "?a=1",
    "/" + "x" * 5000,
    "[",
    "://",
)
#: Path segments that are not any game's token, put in the path as they are (no quoting).
RAW_SEGMENTS: Final = ("%FF", "%00", "%C0%AF", "%E2%82", "x" * 65, "x" * 5000, "%2F", "..", "%2e%2e")


@dataclass(frozen=True)
class Locale:
    """The language a request asks for (``expected``) and how: the ``lang`` cookie and/or Accept-Language."""

    expected: str
    cookie: str | None
    accept: str | None


@dataclass(frozen=True)
class Call:
    """One request: where, how, with what; and the language its answer must be in."""

    endpoint: str
    method: str
    path: str
    locale: Locale
    query: str = ""
    form: tuple[tuple[str, str], ...] = ()
    files: tuple[tuple[str, str, bytes], ...] = ()
    body: bytes | None = None
    content_type: str | None = None
    csrf: str = "valid"
    headers: tuple[tuple[str, str], ...] = ()

    def __repr__(self) -> str:
        """Short enough to read in a report: long values cut, with their length."""

        def cut(value: str | bytes) -> str:
            """A value as Python writes it, cut when long."""
            text = repr(value)
            return text if len(text) <= 120 else f"{text[:100]}…({len(value)} long)"

        parts = [f"{self.method} {cut(self.path)}"]
        if self.query:
            parts.append(f"?{cut(self.query)}")
        if self.form:
            parts.append("form=" + ", ".join(f"{k}={cut(v)}" for k, v in self.form))
        if self.files:
            parts.append("files=" + ", ".join(f"{k}:{name}={cut(data)}" for k, name, data in self.files))
        if self.body is not None:
            parts.append(f"body[{self.content_type}]={cut(self.body)}")
        if self.csrf != "valid" and self.method not in ("GET", "HEAD", "OPTIONS"):
            parts.append(f"csrf={self.csrf}")
        if self.headers:
            parts.append("headers=" + ", ".join(f"{k}: {cut(v)}" for k, v in self.headers))
        parts.append(f"lang={self.locale.expected}")
        return " ".join(parts)


#: Path values, and the form (or a JSON body) aimed at that game.
Aimed = tuple[dict[str, str], Pairs | bytes]


@dataclass(frozen=True)
class Spec:
    """What a route reads: its query string's fields, its form's fields and uploaded files, or a JSON body.

    ``aimed``, when given, draws half of the requests: path values and form (or body) together,
    aimed at a real game's state (its hand, its players, its version), so that the route gets
    past the first refusal and the fuzzing reaches what comes after.
    """

    query: st.SearchStrategy[Pairs] = field(default_factory=lambda: st.just([]))
    form: st.SearchStrategy[Pairs] = field(default_factory=lambda: st.just([]))
    files: st.SearchStrategy[list[tuple[str, str, bytes]]] = field(default_factory=lambda: st.just([]))
    json: st.SearchStrategy[bytes] | None = None
    aimed: st.SearchStrategy[Aimed] | None = None


# --- shared pieces ---------------------------------------------------------------------------


def locales() -> st.SearchStrategy[Locale]:
    """One of Pocha's languages, asked for by cookie, by the browser's languages, or both (a junk cookie falls
    through)."""
    return st.one_of(
        st.sampled_from(LOCALES).map(lambda code: Locale(code, None, code)),
        st.sampled_from(LOCALES).map(lambda code: Locale(code, code, None)),
        st.sampled_from(LOCALES).map(lambda code: Locale(code, code, "es" if code == "en" else "en")),
        st.sampled_from(LOCALES).map(lambda code: Locale(code, "fr", f"{code}-XX,fr;q=0.9")),
        st.just(Locale("es", None, None)),
        st.sampled_from(("de", "*", "zz-ZZ", "\x00", "en;q=abc")).map(
            lambda junk: Locale("es", junk, junk) if junk != "en;q=abc" else Locale("es", None, junk)
        ),
    )


def with_rows(pairs: st.SearchStrategy[Pairs]) -> st.SearchStrategy[Pairs]:
    """The new-game form's fields, sometimes with the rows it shows (``filas``) and the schedule's check."""
    return st.builds(lambda a, b: a + b, pairs, fields(("filas", "calendario"), numbers(0, 20)))


def junk_query() -> st.SearchStrategy[Pairs]:
    """Fields no page reads, and repeated ones."""
    return fields(("x", "lang", "next", "_", "csrf_token", "\x00", "ñ"), texts(("1",)))


def with_junk(pairs: st.SearchStrategy[Pairs]) -> st.SearchStrategy[Pairs]:
    """Mostly the fields given; sometimes other fields too, or one of them twice."""
    return st.one_of(
        pairs,
        pairs,
        st.builds(lambda a, b: a + b, pairs, junk_query()),
        pairs.map(lambda p: p + p[:1]),
    )


def tokens(world: World, kind: str) -> st.SearchStrategy[str]:
    """A game's token of ``kind`` («edit» or «watch») most of the time, else the other kind or junk (quoted)."""
    mine = world.edit_tokens if kind == "edit" else world.watch_tokens
    other = world.watch_tokens if kind == "edit" else world.edit_tokens
    return st.one_of(
        st.sampled_from(mine),
        st.sampled_from(mine),
        st.sampled_from(mine),
        st.sampled_from(other),
        texts(("abc", mine[0][:-1], mine[0] + "x", mine[0].upper())).filter(bool).map(lambda t: quote(t, safe="")),
        st.sampled_from(RAW_SEGMENTS),
    )


def segment(valid: tuple[str, ...], odd: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """A path segment: a valid value most of the time, else an odd one (quoted)."""
    return st.one_of(
        *(st.sampled_from(valid) for _ in range(3)),
        odd.filter(bool).map(lambda t: quote(t, safe="")),
        st.sampled_from(RAW_SEGMENTS),
    )


#: The values of each path variable, by name: ``(world, rule) -> strategy`` of the text to put in the path.
def peña_tokens(world: World, looking: bool) -> st.SearchStrategy[str]:
    """The peña's manager's token (or its lookers') most of the time, else the other, a game's, or junk."""
    manage, look = world.peña
    mine, other = (look, manage) if looking else (manage, look)
    return st.one_of(
        st.just(mine),
        st.just(mine),
        st.just(other),
        st.sampled_from(world.edit_tokens + world.watch_tokens),
        texts((mine[:-1], mine + "x", mine.upper())).filter(bool).map(lambda t: quote(t, safe="")),
        st.sampled_from(RAW_SEGMENTS),
    )


def token_values(world: World, rule: Rule) -> st.SearchStrategy[str]:
    """The tokens to put in ``rule``'s path: a peña's under /pena/, a game's watchers' under /ver/, else a scorekeeper's."""
    if rule.rule.startswith("/pena/"):
        return peña_tokens(world, looking=rule.rule.startswith("/pena/ver/"))
    return tokens(world, "watch" if rule.rule.startswith("/ver/") else "edit")


PATH_VALUES: dict[str, Callable[[World, Rule], st.SearchStrategy[str]]] = {
    "token": token_values,
    "scope": lambda world, rule: segment(("p", "ver"), texts(("x",))),
    "number": lambda world, rule: segment(("1", "2", "3", "4"), numbers(0, 30)),
    "filename": lambda world, rule: segment(
        ("css/pocha.css", "js/pocha.js", "icons/pocha.svg"), texts(("x.css", "../x"))
    ),
}
_VARIABLE = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")


def path_of(rule: Rule, values: dict[str, str]) -> str:
    """The rule's path with each variable replaced by its value."""
    return _VARIABLE.sub(lambda match: values[match.group(1)], rule.rule)


def path_values(world: World, rule: Rule) -> st.SearchStrategy[dict[str, str]]:
    """A value for every variable of ``rule``; an edit token goes with ``p``, a watch token with ``ver``."""
    for name in rule.arguments:
        if name not in PATH_VALUES:
            raise LookupError(f"no values for <{name}> of {rule.rule}: add them to PATH_VALUES in fuzz_routes.py")
    strategies = {name: PATH_VALUES[name](world, rule) for name in sorted(rule.arguments)}
    watch = tokens(world, "watch")

    @st.composite
    def draw_values(draw: st.DrawFn) -> dict[str, str]:
        """One value per variable."""
        values = {name: draw(strategy) for name, strategy in strategies.items()}
        if values.get("scope") == "ver" and "token" in values:
            values["token"] = draw(watch)
        return values

    return draw_values()


# --- each route ------------------------------------------------------------------------------


@st.composite
def lawful_deal(draw: st.DrawFn) -> Pairs:
    """A deal the simulator takes: 3 to 8 players, a few cards each, a dealer at the table, a preset, a small seed."""
    players = draw(st.integers(3, 8))
    return [
        ("players", str(players)),
        ("cards", str(draw(st.integers(1, 5)))),
        ("dealer", str(draw(st.integers(0, players - 1)))),
        ("preset", draw(st.sampled_from(tuple(PRESETS)))),
        ("seed", str(draw(st.integers(0, 50)))),
    ]


def deal_fields() -> st.SearchStrategy[Pairs]:
    """The simulator's deal: players, cards, dealer, preset, seed; lawful half of the time, else each field odd or not."""
    odd = fields(
        ("players", "cards", "dealer", "preset", "seed"),
        st.one_of(
            numbers(0, 12), st.sampled_from(PRESET_KEYS), texts(("clasica",)), st.just("9" * 18), st.just("9" * 19)
        ),
    )
    return st.one_of(lawful_deal(), odd)


def simulator_fields(*names: str) -> st.SearchStrategy[Pairs]:
    """The deal's fields and ``names`` (seat, bid, cards played, trump…): small numbers and real cards often, odd ones too."""
    value = st.one_of(ascii_numbers(0, 5), cards_text(), numbers(0, 10), choice(SUITS))
    extra = fields(names, value) if names else st.just([])
    return with_junk(st.builds(lambda a, b: a + b, deal_fields(), extra))


def tapped_cards() -> st.SearchStrategy[Pairs]:
    """The referee's card buttons: ``carta`` once per card tapped, any number of times."""
    return st.lists(cards_text().map(lambda card: ("carta", card)), max_size=12)


def option_pairs(name: str, about: Option) -> st.SearchStrategy[tuple[str, str]]:
    """A field of option ``name`` on the new-game form and what it is sent, as the option's control asks (the rules'
    description, engine/rules.py): every option the form shows is sent, a new one too."""
    control = about.control
    if isinstance(control, Flag):
        return st.tuples(st.just(name), choice(("", "1", "0")))
    if isinstance(control, Choice):
        return st.tuples(st.just(name), choice(("", *(value.value for value in control.values))))
    if isinstance(control, Number):
        return st.tuples(st.just(name), numbers(0, 100))
    if isinstance(control, HandList):
        return st.tuples(
            st.just(name),
            st.one_of(
                st.lists(numbers(1, 10), max_size=12).map(" ".join),
                st.sampled_from(("1 2 3 3 2 1", "1 ²", "1,2,3", "٣ ٣", "0", "99", "1 " * 500, HUGE)),
                texts(("1 2",)),
            ),
        )
    assert isinstance(control, Places), f"the fuzzer cannot send {name}: teach option_pairs its control"
    return st.tuples(
        st.sampled_from([kind.value for kind in SPECIAL_KINDS]),
        st.one_of(numbers(0, 30), choice(("fin", "final", "end", ""))),
    )


def new_game_form() -> st.SearchStrategy[Pairs]:
    """The new-game form: up to 20 names, the first dealer, the preset, every option, the button pressed."""
    options = st.one_of(*(option_pairs(name, about) for name, about in OPTIONS.items() if about.form is not None))
    head = st.tuples(
        choice(("azar", *map(str, range(8)))),
        choice(PRESET_KEYS),
        choice(
            (
                "start",
                "preview",
                "add",
                "nombre:Ana",
                "nombre:",
                "nombre:" + HUGE,
                "up-0",
                "down-0",
                "up-3",
                "down-7",
                "up-²",
                "down-٣",
                "up-" + HUGE,
                "up--1",
                "up-",
                "up-x",
                "down-99",
            )
        ),
    ).map(lambda t: [("first_dealer", t[0]), ("preset", t[1]), ("action", t[2])])
    drop_some = st.lists(st.sampled_from(("first_dealer", "preset", "action")), unique=True, max_size=3)
    form = st.builds(
        lambda names, head, dropped, opts: names + [p for p in head if p[0] not in dropped] + opts,
        indexed("names", texts(NAMES), most=20),
        head,
        drop_some,
        st.lists(options, max_size=8),
    )
    lawful = st.builds(
        lambda names, dealer, preset, opts: (
            [(f"names-{i}", name) for i, name in enumerate(names)]
            + [("first_dealer", dealer), ("preset", preset), ("action", "start")]
            + opts
        ),
        st.lists(st.sampled_from(NAMES), min_size=3, max_size=8, unique=True),
        st.sampled_from(("azar", "0", "1", "2")),
        st.sampled_from(PRESET_KEYS),
        st.lists(options, max_size=3),
    )
    return with_junk(st.one_of(lawful, form))


def tap_form(world: World, values: st.SearchStrategy[str]) -> st.SearchStrategy[Pairs]:
    """A tap on the game page: hand, seat, value, the game's version the page showed, what it showed (``was``)."""
    versions = tuple(str(v) for v in world.versions)
    return with_junk(
        fields(
            ("hand", "seat", "value", "version", "was"),
            st.one_of(numbers(0, 8), values, st.sampled_from(versions), choice(("", *SUITS))),
        ).map(lambda pairs: sorted(pairs, key=lambda p: p[0] != "hand"))
    )


def aimed_tap(world: World, values: st.SearchStrategy[str]) -> st.SearchStrategy[Aimed]:
    """A tap the page of a game being played could send: its hand, a seat at its table, a value, maybe its version."""
    playing = [state for state in world.states.values() if state.hand is not None]

    @st.composite
    def tap(draw: st.DrawFn) -> Aimed:
        """One tap on one game's page."""
        state = draw(st.sampled_from(playing))
        form = [
            ("hand", str(state.hand)),
            ("seat", str(draw(st.integers(0, state.players - 1)))),
            ("value", draw(values)),
        ]
        if draw(st.booleans()):
            form.append(("version", str(state.version)))
        return {"token": state.token}, form

    return tap()


def outbox_body(world: World) -> st.SearchStrategy[bytes]:
    """An outbox's JSON body for any game: hands and seats near those of the games, versions they have."""
    return tap_bodies(st.integers(1, 5), st.integers(0, 7), world.versions)


def aimed_outbox(world: World) -> st.SearchStrategy[Aimed]:
    """An outbox aimed at a game being played: its hand, seats at its table, most often its version."""
    playing = [state for state in world.states.values() if state.hand is not None]

    @st.composite
    def outbox(draw: st.DrawFn) -> Aimed:
        """A few taps for one game's hand."""
        state = draw(st.sampled_from(playing))
        hands = st.one_of(st.just(state.hand), st.just(state.hand), st.integers(1, 5))
        body = tap_lists(hands, st.integers(0, state.players - 1), (state.version,))
        return {"token": state.token}, json.dumps(draw(body)).encode()

    return outbox()


#: What a phone's token or creation id is made of (base64url), and odd ones: a character short or over, not base64url.
PHONE_ALPHABET: Final = string.ascii_letters + string.digits + "-_"
ODD_PHONE_TOKENS: Final = ("", "x" * 21, "x" * 23, "ñ" * 22, "k3J9sQ0vX2mWb7Lp+/==aa", "x" * 43, "%FF" * 7 + "x")


def phone_tokens() -> st.SearchStrategy[str]:
    """A token or a creation's id as a phone makes it: 22 characters of base64url."""
    return st.text(alphabet=PHONE_ALPHABET, min_size=22, max_size=22)


def creation_ids() -> st.SearchStrategy[Any]:
    """A creation's id: a phone's most of the time, else one of the wrong shape or anything JSON can say."""
    return st.one_of(phone_tokens(), phone_tokens(), st.sampled_from(ODD_PHONE_TOKENS), JSON_VALUES)


def creation_form() -> st.SearchStrategy[dict[str, Any]]:
    """The new-game form's fields as a creation sends them: the form's own fields (text), numbers sometimes sent as
    numbers, and now and then a value that is no field's (a list, null, a float)."""
    odd_value = st.tuples(st.sampled_from(("names-0", "first_dealer", "preset", "pena", "x")), JSON_VALUES)
    return st.builds(
        lambda pairs, numeric, odd: {
            **dict(pairs),
            **({"first_dealer": numeric} if numeric is not None else {}),
            **dict(odd),
        },
        new_game_form(),
        st.one_of(st.none(), st.integers(-1, 9)),
        st.lists(odd_value, max_size=1),
    )


def creation_bodies(world: World) -> st.SearchStrategy[bytes]:
    """A creation's JSON body: a form or a revancha (of any of the games, a watch token, junk), else a body that is
    not a creation (both or neither, wrong types), else bytes that are not JSON, too deep or too large."""
    old_games = st.one_of(
        st.sampled_from(world.edit_tokens), st.sampled_from(world.watch_tokens), phone_tokens(), JSON_VALUES
    )
    dealers = st.one_of(st.just({}), st.integers(-1, 9).map(lambda n: {"first_dealer": n}))
    shaped = st.one_of(
        st.builds(lambda c, f: {"creation": c, "form": f}, creation_ids(), creation_form()),
        st.builds(lambda c, o, d: {"creation": c, "rematch_of": o, **d}, creation_ids(), old_games, dealers),
    )
    odd = st.one_of(
        JSON_VALUES,
        st.builds(lambda c, f: {"creation": c, "form": f}, creation_ids(), JSON_VALUES),
        st.builds(
            lambda c, f, o: {"creation": c, "form": f, "rematch_of": o}, creation_ids(), creation_form(), old_games
        ),
        st.builds(
            lambda o, d: {"rematch_of": o, **d},
            old_games,
            st.one_of(st.just({}), JSON_VALUES.map(lambda v: {"first_dealer": v})),
        ),
    )
    damaged = st.sampled_from((b"", b"{", b"null", b"NaN", b'{"creation": 1e999}', b"[" * 70_000, b"x" * 20_000))
    documents = rarely(odd, shaped, 4).map(lambda body: json.dumps(body, ensure_ascii=False).encode())
    return rarely(damaged, documents, 8)


def aimed_creation(world: World) -> st.SearchStrategy[Aimed]:
    """A creation a phone could send: a new address, and a form with a seat as first dealer, or the revancha of one of
    the games (the finished one can have it; the others are refused)."""
    old_games = st.sampled_from(world.edit_tokens)
    seats = st.sampled_from(("0", "1", "2"))
    form = st.builds(lambda pairs, seat: {**dict(pairs), "first_dealer": seat}, new_game_form(), seats)
    body = st.one_of(
        st.builds(lambda c, f: {"creation": c, "form": f}, phone_tokens(), form),
        st.builds(lambda c, o: {"creation": c, "rematch_of": o}, phone_tokens(), old_games),
        st.builds(
            lambda c, seat: {"creation": c, "rematch_of": world.games["finished"], "first_dealer": seat},
            phone_tokens(),
            st.integers(0, 3),
        ),
    )
    return st.builds(
        lambda token, sent: ({"token": token}, json.dumps(sent, ensure_ascii=False).encode()), phone_tokens(), body
    )


def aimed_correction(world: World) -> st.SearchStrategy[Aimed]:
    """A saved hand's correction form as its page fills it, with a value or two changed (often to an odd one)."""
    forms = [
        ({"token": state.token, "number": str(number)}, form)
        for state in world.states.values()
        for number, form in state.corrections.items()
    ]

    @st.composite
    def correction(draw: st.DrawFn) -> Aimed:
        """One correction sent from one saved hand's form."""
        path, form = draw(st.sampled_from(forms))
        changed = dict(form)
        for name in draw(st.lists(st.sampled_from(sorted(form)), max_size=2, unique=True)):
            changed[name] = draw(choice(SUITS) if name == "trump" else st.one_of(ascii_numbers(0, 10), numbers(0, 10)))
        return path, list(changed.items())

    return correction()


def correction_form() -> st.SearchStrategy[Pairs]:
    """The correction form: the trump, and bids, tricks, renuncios, offers for any number of players (3 for 4, 20…)."""
    return with_junk(
        st.builds(
            lambda trump, bids, tricks, renuncios, offers: trump + bids + tricks + renuncios + offers,
            st.one_of(st.just([]), choice(SUITS).map(lambda t: [("trump", t)])),
            indexed("bids", numbers(0, 10), most=10),
            indexed("tricks", numbers(0, 10), most=10),
            indexed("renuncios", numbers(0, 3), most=10),
            st.one_of(st.just([]), indexed("offers", numbers(0, 10), most=10)),
        )
    )


def import_files() -> st.SearchStrategy[list[tuple[str, str, bytes]]]:
    """The upload of the import form: a game file, good or damaged; no file; two files; an odd name."""
    filenames = st.one_of(
        st.just("partida.json"),
        st.sampled_from(("", "x.csv", "a\x00b.json", "ñ.json", "../../p.json")),
        texts(("p.json",)),
    )
    one = st.tuples(st.just("file"), filenames, game_files())
    return st.one_of(
        one.map(lambda f: [f]),
        one.map(lambda f: [f]),
        one.map(lambda f: [f]),
        st.just([]),
        st.lists(one, min_size=2, max_size=2),
    )


def language_form() -> st.SearchStrategy[Pairs]:
    """The language switch: ``lang`` (es, en, or not), ``next`` (our pages, other hosts, broken addresses)."""
    return with_junk(fields(("lang", "next"), st.one_of(choice(LOCALES), st.sampled_from(ODD_URLS), texts(("/",)))))


def addresses(world: World) -> st.SearchStrategy[str]:
    """What is pasted into a peña's forms: a game's or a peña's address or token, as a link or not, or junk."""
    manage, look = world.peña
    known = (
        *world.edit_tokens,
        *world.watch_tokens,
        manage,
        look,
        *(f"http://localhost/p/{t}" for t in world.edit_tokens[:2]),
        *(f"https://pocha.example/ver/{t}#hoja" for t in world.watch_tokens[:2]),
        f"/pena/{manage}",
        f"/pena/ver/{look}",
    )
    return st.one_of(st.sampled_from(known), st.sampled_from(ODD_URLS), texts(("/p/",)))


def league_query() -> st.SearchStrategy[Pairs]:
    """A peña's page address: the season (a year, a manager's season, junk) and two players for head to head."""
    return with_junk(
        fields(
            ("temporada", "a", "b"),
            st.one_of(
                st.sampled_from(("", "2026", "2025", "t1", "t2", "t999", "carlos", "dani", "ana")),
                choice(NAMES),
                texts(("t1",)),
            ),
        )
    )


def season_form() -> st.SearchStrategy[Pairs]:
    """The manager's season: a name and two days, as a date field sends them, or not."""
    days = st.one_of(
        st.dates().map(lambda day: day.isoformat()),
        st.sampled_from(("", "2025-02-31", "14/03/2025", "٢٠٢٥-٠٣-٠١", "2025-3-1", "9999-12-31")),
        texts(("2025-01-01",)),
    )
    return with_junk(
        st.builds(
            lambda name, first, last: [("season-name", name), ("season-starts_on", first), ("season-ends_on", last)],
            st.one_of(choice(("Invierno", "")), texts(("Otoño",))),
            days,
            days,
        )
    )


def merge_form() -> st.SearchStrategy[Pairs]:
    """The manager's merge: two names of the peña's games, or others."""
    names = st.one_of(choice((*NAMES, "Begoña", "carlos")), texts(("Ana",)))
    return with_junk(fields(("merge-name", "merge-into"), names))


def items(world: World) -> st.SearchStrategy[Pairs]:
    """The one value a peña's taking-away buttons send: a game's watch token, a merge's or a season's number."""
    return with_junk(fields(("item",), st.one_of(st.sampled_from(world.watch_tokens), numbers(0, 5), texts(("1",)))))


def moving_fields(world: World) -> st.SearchStrategy[Pairs]:
    """A moving link's fields: games' and peñas' tokens joined by dots, some watched (``~``), some junk."""
    manage, look = world.peña
    token = st.one_of(
        st.sampled_from((*world.edit_tokens, *(f"~{t}" for t in world.watch_tokens), manage, f"~{look}")),
        texts(("abc", "~", ".")),
    )
    joined = st.lists(token, max_size=60).map(".".join)
    return with_junk(fields(("p", "n"), st.one_of(joined, texts(("x.y",)))))


def dealer_form() -> st.SearchStrategy[Pairs]:
    """La revancha's first dealer: a seat, often at the table, sometimes odd."""
    return with_junk(fields(("dealer",), st.one_of(numbers(0, 9), choice(("0", "1", "2", "3")), texts(("1",)))))


def suspense_form() -> st.SearchStrategy[Pairs]:
    """The big screen's suspense: how many hands at the end to hide, often a number the game has, sometimes odd."""
    return with_junk(fields(("manos",), st.one_of(numbers(0, 40), choice(("0", "1", "3", "5")), texts(("3",)))))


def night_form() -> st.SearchStrategy[Pairs]:
    """A new night: a name, the peña's players ticked (``players`` again and again), new names one per line, its
    tables' sizes, game, rounds and how the tables change; each often as the form offers it, sometimes odd."""
    spelled = st.sampled_from((*NAMES, "ana ", "", "Maximiliano Fernández"))
    ticked = st.one_of(
        st.lists(spelled, max_size=8).map(lambda names: [("players", name) for name in names]),
        fields(("players",), texts(("Ana",))),
    )
    typed = fields(("new_names",), st.one_of(st.lists(spelled, max_size=10).map("\n".join), texts(("Ana\nZoe",))))
    offered = (*SIZES, *PRESET_KEYS, *MODES, "1", "3", "12", "13", "0", "-1", "²")
    value = st.one_of(st.sampled_from(offered), st.sampled_from(offered), texts(("Viernes",)))
    rest = fields(("name", "sizes", "preset", "rounds", "mode"), value)
    return with_junk(st.builds(lambda a, b, c: a + b + c, ticked, typed, rest))


def night_round() -> st.SearchStrategy[Pairs]:
    """The round a night's draw, or its undoing, sends: often one the night has, sometimes odd."""
    return with_junk(fields(("round",), numbers(0, 4)))


def night_names() -> st.SearchStrategy[Pairs]:
    """Who arrives at a night or leaves it: a name at the night, of the peña, new, or odd."""
    return with_junk(fields(("name",), st.one_of(choice(NAMES), texts(("Zoe",)))))


#: Every endpoint and what its page reads. A new route needs an entry (the fuzz test fails without one).
SPECS: dict[str, Callable[[World], Spec]] = {
    "static": lambda world: Spec(query=junk_query()),
    "main.index": lambda world: Spec(query=junk_query()),
    "main.set_language": lambda world: Spec(query=junk_query(), form=language_form()),
    "main.robots_txt": lambda world: Spec(query=junk_query()),
    "main.health": lambda world: Spec(query=junk_query()),
    "main.manifest": lambda world: Spec(query=junk_query()),
    "main.service_worker": lambda world: Spec(query=junk_query()),
    "main.offline": lambda world: Spec(query=junk_query()),
    "games.phone_game": lambda world: Spec(query=junk_query()),
    "main.install_offer": lambda world: Spec(query=junk_query()),
    # The form's buttons that start nothing come back as a GET with the form's values in the address.
    "games.new_game": lambda world: Spec(
        query=st.one_of(
            junk_query(), with_rows(new_game_form()), with_junk(fields(("filas", "calendario"), numbers(0, 20)))
        ),
        form=with_rows(new_game_form()),
    ),
    "games.play": lambda world: Spec(query=junk_query()),
    "games.schedule_preview": lambda world: Spec(query=st.one_of(junk_query(), new_game_form())),
    "games.rematch": lambda world: Spec(query=junk_query(), form=dealer_form()),
    "games.leave": lambda world: Spec(form=with_junk(st.just([]))),
    "games.archive": lambda world: Spec(form=with_junk(st.just([]))),
    "games.unarchive": lambda world: Spec(form=with_junk(st.just([]))),
    "games.delete": lambda world: Spec(query=junk_query(), form=with_junk(st.just([]))),
    "games.suspense": lambda world: Spec(query=junk_query(), form=suspense_form()),
    "main.give": lambda world: Spec(query=junk_query()),
    "main.receive": lambda world: Spec(query=moving_fields(world), form=moving_fields(world)),
    "games.trump": lambda world: Spec(form=tap_form(world, choice(SUITS)), aimed=aimed_tap(world, choice(SUITS))),
    "games.offer": lambda world: Spec(form=tap_form(world, numbers(0, 10)), aimed=aimed_tap(world, numbers(0, 10))),
    "games.bid": lambda world: Spec(form=tap_form(world, numbers(0, 10)), aimed=aimed_tap(world, numbers(0, 10))),
    "games.tricks": lambda world: Spec(form=tap_form(world, numbers(0, 10)), aimed=aimed_tap(world, numbers(0, 10))),
    "games.renuncio": lambda world: Spec(form=tap_form(world, numbers(0, 5)), aimed=aimed_tap(world, numbers(0, 5))),
    "games.undo": lambda world: Spec(form=tap_form(world, numbers(0, 5)), aimed=aimed_tap(world, numbers(0, 5))),
    "games.save": lambda world: Spec(form=tap_form(world, numbers(0, 5)), aimed=aimed_tap(world, numbers(0, 5))),
    "games.tap_queue": lambda world: Spec(json=outbox_body(world), aimed=aimed_outbox(world)),
    "games.create": lambda world: Spec(json=creation_bodies(world), aimed=aimed_creation(world)),
    "games.card": lambda world: Spec(query=junk_query()),
    "games.parts": lambda world: Spec(query=junk_query()),
    "games.correct": lambda world: Spec(query=junk_query(), form=correction_form(), aimed=aimed_correction(world)),
    "watch.page": lambda world: Spec(query=junk_query()),
    "watch.page_live": lambda world: Spec(query=with_junk(fields(("hoja",), texts(("0" * 12,))))),
    "share.new_edit_link": lambda world: Spec(form=with_junk(st.just([]))),
    "share.edit_link_qr": lambda world: Spec(query=junk_query()),
    "export.csv": lambda world: Spec(query=junk_query()),
    "export.json": lambda world: Spec(query=junk_query()),
    "export.result_card": lambda world: Spec(query=junk_query()),
    "export.summary_to_whatsapp": lambda world: Spec(query=junk_query()),
    "export.play_to_bg_stats": lambda world: Spec(query=junk_query()),
    "export.import_game": lambda world: Spec(query=junk_query(), form=with_junk(st.just([])), files=import_files()),
    "paper.print_sheet": lambda world: Spec(query=junk_query()),
    "paper.paper_part": lambda world: Spec(query=junk_query()),
    "paper.sheet_pdf": lambda world: Spec(query=junk_query()),
    "history.index": lambda world: Spec(query=junk_query()),
    "watch.screen": lambda world: Spec(query=junk_query()),
    "watch.screen_live": lambda world: Spec(query=with_junk(fields(("hoja",), texts(("0" * 12,))))),
    "groups.new_group": lambda world: Spec(
        query=junk_query(), form=with_junk(fields(("name",), st.one_of(choice(("Amigos", "")), texts(("Peña",)))))
    ),
    "groups.manage": lambda world: Spec(query=league_query()),
    "groups.look": lambda world: Spec(query=league_query()),
    "groups.add_game_to_group": lambda world: Spec(form=with_junk(fields(("game-address",), addresses(world)))),
    "groups.remove_game": lambda world: Spec(form=items(world)),
    "groups.add_to_group": lambda world: Spec(
        query=junk_query(), form=with_junk(fields(("address",), addresses(world)))
    ),
    "groups.merge": lambda world: Spec(form=merge_form()),
    "groups.unmerge": lambda world: Spec(form=items(world)),
    "groups.add_season": lambda world: Spec(form=season_form()),
    "groups.remove_season": lambda world: Spec(form=items(world)),
    "groups.league_csv": lambda world: Spec(query=league_query()),
    "groups.league_json": lambda world: Spec(query=league_query()),
    "groups.screen": lambda world: Spec(query=junk_query()),
    "groups.screen_live": lambda world: Spec(query=with_junk(fields(("hoja",), texts(("0" * 12,))))),
    "groups.night_sheet": lambda world: Spec(query=with_junk(fields(("ronda",), numbers(0, 4)))),
    "groups.night_screen": lambda world: Spec(query=junk_query()),
    "groups.night_screen_live": lambda world: Spec(query=with_junk(fields(("hoja",), texts(("0" * 12,))))),
    "groups.new_night": lambda world: Spec(query=junk_query(), form=night_form()),
    "groups.night": lambda world: Spec(query=junk_query()),
    "groups.night_look": lambda world: Spec(query=junk_query()),
    "groups.night_draw": lambda world: Spec(form=night_round()),
    "groups.night_undo": lambda world: Spec(form=night_round()),
    "groups.night_arrive": lambda world: Spec(form=night_names()),
    "groups.night_leave": lambda world: Spec(form=night_names()),
    "simulator.simulator": lambda world: Spec(query=simulator_fields("paso")),
    "simulator.deal_json": lambda world: Spec(query=simulator_fields()),
    "simulator.play": lambda world: Spec(query=simulator_fields("asiento", "apuesta", "jugadas")),
    "simulator.play_turn": lambda world: Spec(form=simulator_fields("asiento", "apuesta", "jugadas", "carta")),
    "simulator.odds": lambda world: Spec(query=simulator_fields("asiento", "mano", "pinta", "muestra")),
    "simulator.referee_page": lambda world: Spec(
        query=st.builds(lambda a, b: a + b, simulator_fields("mano", "mesa", "pinta"), tapped_cards())
    ),
}


# --- the request -----------------------------------------------------------------------------

RAW_BODIES: Final = (
    ("application/x-www-form-urlencoded", b"hand=%FF%FE&value=%C0%AF&seat=1"),
    ("application/x-www-form-urlencoded", b"&&&==&=%"),
    ("multipart/form-data; boundary=x", b'--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nbroken'),
    ("multipart/form-data", b"no boundary"),
    ("multipart/form-data; boundary=x", b""),
    ("application/json", b'{"hand": 1}'),
    ("text/plain", b"\x00\xff" * 10),
    ("application/x-www-form-urlencoded", b"x=" + b"a" * (1200 * 1024)),  # over the largest request
)
ODD_HEADERS: Final = (
    ("Referer", "http://["),
    ("Referer", "http://localhost/p/x"),
    ("Referer", "https://example.com/"),
    ("Referer", "\\\\x"),
    ("If-None-Match", '"v1-es-x", W/"junk"'),
    ("If-None-Match", '"3", W/"0"'),
    ("If-None-Match", "*"),
    ("If-None-Match", '"' + "x" * 2000),
    ("Accept", "application/json"),
    ("X-Requested-With", "XMLHttpRequest"),
    ("Origin", "https://example.com"),
)


ODD_QUERIES: Final = ("%FF", "a", "=", "&&", ";", "a=%", "%00=%00", "players=%FF")


def query_text(pairs: Pairs, odd: str | None) -> str:
    """The query string: the pairs encoded, and maybe odd raw text after them."""
    encoded = urlencode(pairs)
    if odd is None:
        return encoded
    return f"{encoded}&{odd}" if encoded else odd


def methods_of(rule: Rule) -> tuple[str, ...]:
    """The methods the rule answers, but the automatic ones."""
    return tuple(sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}))


def calls(world: World, rule: Rule) -> st.SearchStrategy[Call]:
    """Requests to ``rule``: its own method most of the time (else HEAD, OPTIONS or a wrong one), its path variables,
    its fields (odd ones often), a CSRF token (valid most of the time), a language, sometimes an odd header or body."""
    spec = SPECS[rule.endpoint](world)
    own = methods_of(rule)
    other = tuple(m for m in ("GET", "POST") if m not in own)
    method = sometimes(st.sampled_from(("HEAD", "OPTIONS", *WRONG_METHODS, *other)), st.sampled_from(own), one_in=9)
    paths = path_values(world, rule)
    odd_query = sometimes(st.sampled_from(ODD_QUERIES), st.none(), one_in=3)
    raw_body: st.SearchStrategy[tuple[str, bytes] | None] = sometimes(st.sampled_from(RAW_BODIES), st.none(), one_in=20)
    csrf = st.sampled_from(("valid",) * 8 + ("missing", "wrong"))
    no_headers: list[tuple[str, str]] = []
    headers = sometimes(
        st.lists(st.sampled_from(ODD_HEADERS), min_size=1, max_size=2, unique_by=lambda h: h[0]),
        st.just(no_headers),
        one_in=4,
    )
    languages = locales()

    aimed = spec.aimed if spec.aimed is not None else st.none()

    @st.composite
    def draw_call(draw: st.DrawFn) -> Call:
        """One request."""
        chosen = draw(method)
        at = draw(sometimes(aimed, st.none(), one_in=2))
        values = {**draw(paths), **(at[0] if at else {})}
        form: Pairs = []
        files: list[tuple[str, str, bytes]] = []
        body: tuple[str, bytes] | None = None
        if chosen not in ("GET", "HEAD", "OPTIONS"):
            body = draw(raw_body)
            if body is None and at is not None and isinstance(at[1], bytes):
                body = ("application/json", at[1])
            elif body is None and spec.json is not None and at is None:
                body = ("application/json", draw(spec.json))
            elif body is None:
                form = at[1] if at is not None and not isinstance(at[1], bytes) else draw(spec.form)
                files = draw(spec.files)
        return Call(
            endpoint=rule.endpoint,
            method=chosen,
            path=path_of(rule, values),
            locale=draw(languages),
            query=query_text(draw(spec.query), draw(odd_query)),
            form=tuple(form),
            files=tuple(files),
            body=body[1] if body else None,
            content_type=body[0] if body else None,
            csrf=draw(csrf),
            headers=tuple(draw(headers)),
        )

    return draw_call()
