"""Serve Pocha for a club (many tables, behind HTTPS): `pocha-server`, or `python -m scorekeeper.server.production`.

It opens the port, applies the migrations once (in the first process, before any worker starts),
then serves with gunicorn's threaded workers on Linux and macOS, or waitress on Windows (gunicorn
does not run there). Settings come from the command line or the environment: HOST (default
127.0.0.1: a proxy on the same machine, such as Caddy, faces the internet), PORT (8000),
WEB_CONCURRENCY (worker processes) and POCHA_THREADS (threads in each).

How it is sized, for 500 phones (100 tables of 5) and more on 2 cores:

- Every phone following a game asks every 2 s: 500 phones are 250 requests a second, most of them
  answered 304 in a few milliseconds, plus the scorekeepers' taps.
- Python runs one thread at a time in a process, so processes use the cores: 2 workers per core
  (WEB_CONCURRENCY), so that a core always has one to run while the other waits on the database
  or a slow phone. More only costs memory (some 60 MB each).
- 8 threads per worker (POCHA_THREADS): requests being answered at once in each. At 250 requests a
  second of ~20 ms, about 5 are in flight across the whole server; 4 workers x 8 threads = 32 leave
  room for bursts and for taps waiting for a game's lock (SQLite waits up to 15 s for it).
- Connections: a gthread worker keeps idle keep-alive connections in a selector, not in a thread,
  up to 1,000 per worker (worker_connections), idle or not: 4,000 on 2 cores. A phone holds one or
  two, so 500 phones need at most 1,000. Behind Caddy far fewer: the proxy reuses its own.
- keepalive 5 s: longer than the 2 s between polls, so a phone's next poll reuses its connection
  (no new TCP or TLS handshake), short enough that a phone put away soon frees its place.
  deploy/Caddyfile closes its idle connections to Pocha after 4 s, before Pocha does, so Caddy never
  sends a tap on a connection Pocha is closing.
- timeout 30 s: a worker silent that long is stuck and is replaced (a tap waits 15 s at most).
  graceful_timeout 20 s: on stop or restart, requests in flight are answered first.
- Waitress (Windows) is one process: workers x threads threads, and 500 connections, the most
  its select() loop can watch there (see ``start.waitress_limits``).
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from flask import Flask

from scorekeeper.server.ports import port_number
from scorekeeper.server.start import WINDOWS, app_for, serve_with_waitress, start

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = "8000"
THREADS = 8
WORKER_CONNECTIONS = 1000
KEEPALIVE_SECONDS = 5
TIMEOUT_SECONDS = 30
GRACEFUL_TIMEOUT_SECONDS = 20
THREADS_VARIABLE = "POCHA_THREADS"


def default_workers() -> int:
    """Worker processes: WEB_CONCURRENCY, else 2 per core (at least 2)."""
    return max(2, 2 * (os.cpu_count() or 1))


def positive(text: str) -> int:
    """Read a count for argparse: a whole number from 1 to 999."""
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 999:
        raise argparse.ArgumentTypeError(f"un número de 1 a 999, no {text!r} / a number from 1 to 999, not {text!r}")
    return int(text)


def parse_args(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> argparse.Namespace:
    """Read --host, --port, --workers, --threads and --server; HOST, PORT, WEB_CONCURRENCY and POCHA_THREADS
    from the environment."""
    env = os.environ if env is None else env
    parser = argparse.ArgumentParser(
        prog="pocha-server",
        description="Serve Pocha for a club: migrations once, then gunicorn's threaded workers (waitress on Windows).",
    )
    parser.add_argument(
        "--host", default=env.get("HOST", DEFAULT_HOST), help=f"address to listen on (HOST; default {DEFAULT_HOST})"
    )
    parser.add_argument(
        "--port", type=port_number, default=env.get("PORT", DEFAULT_PORT), help=f"port (PORT; default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--workers",
        type=positive,
        default=env.get("WEB_CONCURRENCY", str(default_workers())),
        help="worker processes (WEB_CONCURRENCY; default 2 per core)",
    )
    parser.add_argument(
        "--threads",
        type=positive,
        default=env.get(THREADS_VARIABLE, str(THREADS)),
        help=f"threads in each worker ({THREADS_VARIABLE}; default {THREADS})",
    )
    parser.add_argument(
        "--server",
        choices=("gunicorn", "waitress"),
        default="waitress" if WINDOWS else "gunicorn",
        help="gunicorn (default; not on Windows) or waitress (one process)",
    )
    return parser.parse_args(argv)


def gunicorn_settings(listener: socket.socket, workers: int, threads: int) -> dict[str, Any]:
    """gunicorn's settings: the open socket, threaded workers sized as the module says, no forwarded header believed.

    gunicorn would believe X-Forwarded-Proto from 127.0.0.1 on its own; Pocha decides through
    TRUSTED_PROXIES (scorekeeper.plumbing.https) instead, so gunicorn believes none.
    """
    return {
        "bind": [f"fd://{listener.detach()}"],
        "worker_class": "gthread",
        "workers": workers,
        "threads": threads,
        "worker_connections": WORKER_CONNECTIONS,
        "keepalive": KEEPALIVE_SECONDS,
        "timeout": TIMEOUT_SECONDS,
        "graceful_timeout": GRACEFUL_TIMEOUT_SECONDS,
        "forwarded_allow_ips": "",
        "secure_scheme_headers": {},
        "proc_name": "pocha",
        "control_socket_disable": True,  # no control socket in $HOME shared by every gunicorn of the machine
    }


def serve_with_gunicorn(host: str, settings: Mapping[str, Any]) -> None:
    """Run gunicorn's master with ``settings``; each worker builds its own app (no connection crosses a fork)."""
    from gunicorn.app.base import BaseApplication

    class PochaServer(BaseApplication):  # type: ignore[misc]
        """gunicorn serving Pocha, configured here rather than from gunicorn's command line."""

        def load_config(self) -> None:
            """Apply the settings this version of gunicorn knows."""
            for name, value in settings.items():
                if name in self.cfg.settings:
                    self.cfg.set(name, value)

        def load(self) -> Flask:
            """The app of one worker."""
            return app_for(host)

    PochaServer(prog="pocha-server").run()


def main(argv: Sequence[str] | None = None) -> None:
    """Open the port, apply the migrations once, say where Pocha listens, and serve until stopped."""
    args = parse_args(argv)
    if args.server == "gunicorn" and WINDOWS:
        sys.exit(
            "gunicorn no funciona en Windows: usa --server waitress / gunicorn does not run on Windows: use --server waitress"
        )
    app, listener = start(args.host, args.port)
    if args.server == "waitress":
        print(
            f"waitress: 1 proceso, {args.workers * args.threads} hilos / 1 process, {args.workers * args.threads} threads",
            flush=True,
        )
        serve_with_waitress(app, listener, args.workers * args.threads)
    else:
        print(
            f"gunicorn: {args.workers} procesos x {args.threads} hilos / {args.workers} workers x {args.threads} threads",
            flush=True,
        )
        serve_with_gunicorn(args.host, gunicorn_settings(listener, args.workers, args.threads))


if __name__ == "__main__":
    main()
