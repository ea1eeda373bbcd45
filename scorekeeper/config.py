"""Configuration: defaults here, then instance/config.py, then the environment."""

import os
import secrets
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask

SECRET_KEY_FILE = "secret_key"
DATABASE_FILE = "pocha.sqlite3"


class DefaultConfig:
    """Settings that hold unless instance/config.py, the environment or a test overrides them."""

    # SECRET_KEY: unset here on purpose; see ensure_secret_key.
    # SQLALCHEMY_DATABASE_URI: unset here; defaults to instance/pocha.sqlite3 (see load_config).
    SQLALCHEMY_ENGINE_OPTIONS: Mapping[str, Any] = {"pool_pre_ping": True}

    # A game can last an evening and a page can stay open on a phone for hours:
    # a form's CSRF token lasts as long as the session cookie that carries it.
    WTF_CSRF_TIME_LIMIT: int | None = None
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_HTTPONLY = True
    # The session also remembers the games this phone started or opened: keep it for a year.
    PERMANENT_SESSION_LIFETIME = timedelta(days=365)

    BABEL_DEFAULT_LOCALE = "es"
    BABEL_DEFAULT_TIMEZONE = "Europe/Madrid"

    # Where the server listens: scorekeeper.server.local and scorekeeper.server.production set it. A page opened on this
    # computer (127.0.0.1) shares the LAN address only when the server listens on every network.
    SERVER_HOST = "0.0.0.0"
    # Proxies in front of Pocha (Caddy, nginx) whose X-Forwarded-For, -Proto and -Host headers are believed:
    # 1 for one proxy on the same machine. 0, the default, believes none: anyone could write those headers.
    TRUSTED_PROXIES = 0
    # Over HTTPS (directly or through a trusted proxy) browsers are told to come back only over HTTPS for this
    # many seconds (Strict-Transport-Security); 0 sends no such header.
    HSTS_MAX_AGE = 365 * 24 * 3600

    # Seconds a browser may keep a file Pocha sends (static/ sets its own: scorekeeper/plumbing/assets.py).
    SEND_FILE_MAX_AGE_DEFAULT = 3600
    # The session cookie is sent again only when it changes (a game opened, a language chosen): a
    # static file or a poll never carries one, so caches may keep them; using Pocha keeps it a year.
    SESSION_REFRESH_EACH_REQUEST = False

    # The largest game file that can be imported (bytes), and the largest request of any kind:
    # that file and the rest of its form. A bigger upload is refused before it is read.
    GAME_FILE_MAX_BYTES = 1024 * 1024
    MAX_CONTENT_LENGTH = GAME_FILE_MAX_BYTES + 64 * 1024

    # Rate limits per client address (scorekeeper/plumbing/rate_limits.py says why each is this size):
    # off with RATELIMIT_ENABLED=false; counted in this process's memory, or in Redis shared by every
    # process with RATELIMIT_STORAGE_URI=redis://...
    RATELIMIT_ENABLED = True
    RATELIMIT_STORAGE_URI = "memory://"
    RATELIMIT_STRATEGY = "fixed-window"  # one counter a key (cheapest in Redis), and an exact Retry-After
    RATELIMIT_KEY_PREFIX = "pocha"
    RATELIMIT_IN_MEMORY_FALLBACK_ENABLED = True  # Redis gone: count in memory rather than refuse or fail
    RATELIMIT_SWALLOW_ERRORS = True
    LIMIT_NEW_GAMES = "60 per minute; 600 per hour"
    LIMIT_IMPORTS = "40 per minute; 200 per hour"
    LIMIT_WRONG_TOKENS = "30 per minute; 300 per hour"


class ConfigError(ValueError):
    """A setting Pocha cannot use; the message names it and says what it takes."""


def default_database_uri(instance_path: str | os.PathLike[str]) -> str:
    """Return the SQLite URI of the database file in the instance folder."""
    return f"sqlite:///{Path(instance_path) / DATABASE_FILE}"


def load_config(app: Flask, test_config: Mapping[str, Any] | None) -> None:
    """Fill app.config from the defaults, then instance/config.py and the environment, or a test's mapping."""
    app.config.from_object(DefaultConfig)
    app.config["SQLALCHEMY_DATABASE_URI"] = default_database_uri(app.instance_path)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        load_environment(app)
    else:
        app.config.from_mapping(test_config)
    ensure_secret_key(app)
    limit_connect_wait(app)
    app.config["RATELIMIT_ENABLED"] = switched_on(app.config["RATELIMIT_ENABLED"])


#: Seconds a new connection to PostgreSQL may take before it fails (instead of hanging a tap or /salud).
CONNECT_TIMEOUT = 5


def limit_connect_wait(app: Flask) -> None:
    """Give PostgreSQL connections a connect timeout (the URL's own ``connect_timeout`` wins)."""
    uri = str(app.config["SQLALCHEMY_DATABASE_URI"])
    if not uri.startswith("postgresql") or "connect_timeout" in uri:
        return
    options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
    options["connect_args"] = {"connect_timeout": CONNECT_TIMEOUT, **options.get("connect_args", {})}
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options


#: The rate limits' settings a deployment can give in the environment, as they are.
RATE_LIMIT_VARIABLES = (
    "RATELIMIT_ENABLED",
    "RATELIMIT_STORAGE_URI",
    "LIMIT_NEW_GAMES",
    "LIMIT_IMPORTS",
    "LIMIT_WRONG_TOKENS",
)
#: What turns a setting off when it is written as text (the environment, say).
OFF = ("0", "false", "no", "off")


def switched_on(value: object) -> bool:
    """A switch's setting as a bool: text is on unless it says 0, false, no or off."""
    if isinstance(value, str):
        return value.strip().lower() not in OFF
    return bool(value)


def load_environment(app: Flask) -> None:
    """Let the SECRET_KEY, DATABASE_URL, TRUSTED_PROXIES and rate-limit environment variables override the files."""
    if secret_key := os.environ.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key
    if database_url := os.environ.get("DATABASE_URL"):
        app.config["SQLALCHEMY_DATABASE_URI"] = database_url
    if (proxies := os.environ.get("TRUSTED_PROXIES", "").strip()) != "":
        app.config["TRUSTED_PROXIES"] = proxy_count(proxies)
    for name in RATE_LIMIT_VARIABLES:
        if name in os.environ:
            app.config[name] = os.environ[name]


def proxy_count(text: str) -> int:
    """Read TRUSTED_PROXIES: how many proxies stand in front of Pocha, a whole number from 0 to 9."""
    if not (text.isascii() and text.isdigit() and len(text) == 1):
        raise ConfigError(
            f"TRUSTED_PROXIES es un número de 0 a 9 (proxies delante de Pocha), no {text!r} / "
            f"TRUSTED_PROXIES is a number from 0 to 9 (proxies in front of Pocha), not {text!r}"
        )
    return int(text)


def ensure_secret_key(app: Flask) -> None:
    """Use the configured SECRET_KEY, or one generated once and kept in instance/secret_key."""
    if app.config.get("SECRET_KEY"):
        return
    key_file = Path(app.instance_path) / SECRET_KEY_FILE
    key_file.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass  # made by an earlier start: keep it, so sessions survive restarts
    else:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(secrets.token_hex(32) + "\n")
    app.config["SECRET_KEY"] = key_file.read_text(encoding="utf-8").strip()
