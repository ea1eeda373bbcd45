"""Rate limits on starting and importing games and on wrong game addresses, counted per client address.

The counts live in memory by default (each process its own), or in Redis, shared by every process
and machine, when ``RATELIMIT_STORAGE_URI`` says so (``redis://127.0.0.1:6379/0``,
``redis+unix:///run/redis/redis.sock``). Each app gets a limiter of its own (``app.extensions``):
nothing is kept in this module.

Behind a proxy every phone reaches Pocha from the proxy's address unless ``ProxyFix`` restores
the phone's (``request.remote_addr``); a bar's Wi-Fi shows the internet one public address for
every table, so the defaults are sized for a club evening behind one address:

- ``LIMIT_NEW_GAMES`` (``60 per minute; 600 per hour``): 20 tables can each start a game twice in
  the same minute (a name mistyped, the wrong rules), and 30 games each in an hour. Only a POST
  that starts (``action=start``) counts, never the page, its preview or moving a name.
- ``LIMIT_IMPORTS`` (``40 per minute; 200 per hour``): 20 tables can each bring a saved game twice
  in the same minute; reading a 1 MB file through the engine costs more than a new game.
- ``LIMIT_WRONG_TOKENS`` (``30 per minute; 300 per hour``): addresses with a token (``/p/``, ``/ver/``,
  ``/pena/``) whose token finds no game or peña (a 404): a link mistyped or cut short, which the 100 phones of 20
  tables do a few times an evening, not 30 times a minute. A phone whose session already opened
  that game is never counted nor refused (its game's address was replaced, say); past the limit
  the client's other addresses of games are refused (429) before the database is asked, so
  guessing stays slow.

``RATELIMIT_ENABLED`` (``true``) turns them all off with ``false``. Each setting can come from
``instance/config.py`` or the environment (``scorekeeper/config.py`` reads them). A refusal is a 429 with Pocha's own page and
``Retry-After``. If Redis stops answering, each process counts in its own memory until it is
back: no request fails for it.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from flask import Flask, Response, current_app, g, request
from flask_limiter import Limiter, RouteLimit

from scorekeeper.storage.phone_games import known_games, known_groups

View = TypeVar("View", bound=Callable[..., Any])

EXTENSION: Final = "pocha_limiter"
#: The view attribute that says which limit a view is under.
MARK: Final = "pocha_limit"
#: A phone on IPv6 usually has a whole /64 to pick addresses from: count the /64.
IPV6_PREFIX: Final = 64


@dataclass(frozen=True)
class Limit:
    """One of Pocha's limits: the setting that holds its rate, and when a request counts (``None``: every POST)."""

    setting: str
    counts: Callable[[], bool] | None = None


def starting_a_game() -> bool:
    """Tell whether the new-game form was sent to start the game (not to preview it or move a name)."""
    return request.form.get("action", "start") == "start"


NEW_GAMES: Final = Limit("LIMIT_NEW_GAMES", starting_a_game)
IMPORTS: Final = Limit("LIMIT_IMPORTS")
#: Peñas made count against the same rate as games started (each route has its own count).
NEW_GROUPS: Final = Limit("LIMIT_NEW_GAMES")
WRONG_TOKENS: Final = Limit("LIMIT_WRONG_TOKENS")


def limited(limit: Limit) -> Callable[[View], View]:
    """Put a view's POSTs under ``limit`` (each app's limiter applies it when the app is made)."""

    def mark(view: View) -> View:
        """Note the limit on the view."""
        setattr(view, MARK, limit)
        return view

    return mark


def client_key() -> str:
    """Who is counted: the client's address (the phone's behind a trusted proxy), an IPv6 one by its /64."""
    address = request.remote_addr or ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address or "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False))
    return str(ip)


def rate(setting: str) -> Callable[[], str]:
    """The rate a setting holds, read from the app at each request."""

    def value() -> str:
        """The setting's current value."""
        return str(current_app.config[setting])

    return value


def exempt_unless(counts: Callable[[], bool] | None) -> Callable[[], bool] | None:
    """The limiter's ``exempt_when`` for a limit that counts only when ``counts`` says so."""
    if counts is None:
        return None
    return lambda: not counts()


def known_address() -> bool:
    """Tell whether this phone has already opened the game (or the peña) whose token the address carries."""
    token = (request.view_args or {}).get("token")
    return isinstance(token, str) and any(known.token == token for known in (*known_games(), *known_groups()))


def not_found(response: Response) -> bool:
    """Tell whether the address found no game."""
    return response.status_code == 404


#: Where a view that reads a list of tokens (a moving link, main/moving.py) notes that one of them found nothing.
WRONG_TOKEN_LIST: Final = "pocha_wrong_token_list"
#: The view attribute that puts a view reading a list of tokens under the wrong-tokens limit.
LIST_MARK: Final = "pocha_token_list"


def counts_wrong_tokens(view: View) -> View:
    """Put a view that reads a list of tokens under the wrong-tokens limit: a request counts when the view notes
    (``g.pocha_wrong_token_list``) that a token found nothing."""
    setattr(view, LIST_MARK, True)
    return view


def wrong_token_in_list(response: Response) -> bool:
    """Tell whether the request's list of tokens had one that found nothing (or its address found no game)."""
    return not_found(response) or bool(g.get(WRONG_TOKEN_LIST))


def limiter_of(app: Flask) -> Limiter | None:
    """The app's limiter (``None`` when the limits are off)."""
    limiter: Limiter | None = app.extensions.get(EXTENSION)
    return limiter


def retry_after(response: Response) -> Response:
    """Tell a refused client when to come back: ``Retry-After``, in seconds, on a 429 that has none."""
    limiter = limiter_of(current_app)
    if response.status_code != 429 or "Retry-After" in response.headers or limiter is None:
        return response
    breached = limiter.current_limit
    if breached is not None:
        try:
            response.headers["Retry-After"] = str(max(1, math.ceil(breached.window.reset_time - time.time())))
        except Exception:  # the storage went away since: a minute is a fair guess
            response.headers["Retry-After"] = "60"
    return response


def put_under(app: Flask, endpoint: str, limit: RouteLimit) -> None:
    """Have the view of ``endpoint`` checked against ``limit`` before it runs."""
    view: Callable[..., Any] = app.view_functions[endpoint]
    app.view_functions[endpoint] = limit(view)


def make_limiter(app: Flask) -> Limiter | None:
    """Give the app a limiter of its own, counting where ``RATELIMIT_STORAGE_URI`` says (none when the limits are off)."""
    if not app.config["RATELIMIT_ENABLED"]:
        return None
    limiter = Limiter(client_key)
    limiter.init_app(app)
    app.extensions[EXTENSION] = limiter
    return limiter


def limit_views(app: Flask) -> None:
    """Put the app's views under their limits: a view marked ``limited`` under its own, every view of a game's
    address under the wrong-tokens limit. Flask-Limiter wraps each view it limits, so call this once every
    blueprint is registered."""
    limiter = limiter_of(app)
    if limiter is None:
        return
    for endpoint, view in list(app.view_functions.items()):
        limit: Limit | None = getattr(view, MARK, None)
        if limit is not None:
            put_under(
                app,
                endpoint,
                limiter.limit(rate(limit.setting), methods=["POST"], exempt_when=exempt_unless(limit.counts)),
            )
    lists = sorted(endpoint for endpoint, view in app.view_functions.items() if getattr(view, LIST_MARK, False))
    for endpoint in lists:
        put_under(
            app,
            endpoint,
            limiter.shared_limit(rate(WRONG_TOKENS.setting), scope="wrong-tokens", deduct_when=wrong_token_in_list),
        )
    for endpoint in sorted({rule.endpoint for rule in app.url_map.iter_rules() if "token" in rule.arguments}):
        wrong_tokens = limiter.shared_limit(
            rate(WRONG_TOKENS.setting), scope="wrong-tokens", exempt_when=known_address, deduct_when=not_found
        )
        put_under(app, endpoint, wrong_tokens)
