"""What both servers do first: open the port, build the app, apply the migrations once and say where Pocha listens;
and waitress, which serves a table (and a club on Windows, where gunicorn does not run)."""

from __future__ import annotations

import logging
import os
import socket
import sys
from typing import Any
from urllib.parse import urlsplit

from flask import Flask
from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.config import ConfigError
from scorekeeper.extensions import db
from scorekeeper.plumbing.addresses import addresses_to_open, is_loopback, is_wildcard
from scorekeeper.server.ports import CannotListenError, open_listener

#: The environment variable that names another instance folder (``instance/`` by default).
INSTANCE_VARIABLE = "POCHA_INSTANCE"
WINDOWS = sys.platform == "win32"


def instance_folder() -> str | None:
    """The instance folder named by POCHA_INSTANCE (secret key, config.py, default database), else Flask's own."""
    return os.environ.get(INSTANCE_VARIABLE) or None


def app_for(host: str) -> Flask:
    """The app, told where the server listens (so share links only name addresses it answers on)."""
    app = create_app(instance_path=instance_folder())
    app.config["SERVER_HOST"] = host
    return app


def apply_migrations(app: Flask) -> None:
    """Bring the database up to the newest migration (nothing to do when it already is), then close its connections."""
    with app.app_context():
        upgrade(directory=app.extensions["migrate"].directory)
        db.engine.dispose()


def announce(host: str, port: int) -> None:
    """Print where to open Pocha: only addresses the server listens on (a phone's first, when it has one)."""
    urls = addresses_to_open(host, port)
    print("Pocha está en marcha. Ábrela en el navegador / Open it in a browser:")
    for url in urls:
        where = (
            "este ordenador / this computer"
            if is_loopback(urlsplit(url).hostname or "")
            else "móviles en la misma Wi-Fi / phones on the same Wi-Fi"
        )
        print(f"  {url}   ({where})")
    if is_wildcard(host) and len(urls) == 1:
        print("  (No se ha encontrado la red local / No local network found.)")
    print("Ctrl+C para parar / to stop.", flush=True)


def bound_port(listener: socket.socket) -> int:
    """The port a listening socket got (the one asked for, or the free one port 0 picked)."""
    return int(listener.getsockname()[1])


def waitress_limits() -> dict[str, Any]:
    """How many connections waitress keeps open, and how it watches them.

    Phones keep their connection open between polls (every 2 s): waitress's default of 100 open
    connections is about 20 tables, after which new phones hang. 1,000 connections, watched with
    poll(); on Windows select() watches at most 512 sockets, 3 of them waitress's own, so 500 there.
    A connection idle for a minute (a phone put away) is closed and its place freed.
    """
    return {
        "connection_limit": 500 if WINDOWS else 1000,
        "asyncore_use_poll": not WINDOWS,
        "channel_timeout": 60,
    }


def raise_open_files_limit(wanted: int = 4096) -> None:
    """Let the process hold ``wanted`` open files (each connection is one) when the system allows it (Unix)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def serve_with_waitress(app: Flask, listener: socket.socket, threads: int) -> None:
    """Serve ``app`` on the open ``listener`` with waitress until Ctrl+C."""
    from waitress import create_server

    logging.basicConfig()  # waitress says when every thread is busy (logger waitress.queue)
    server = create_server(app, sockets=[listener], threads=threads, ident="Pocha", **waitress_limits())
    try:
        server.run()
    except KeyboardInterrupt:
        print("Pocha parada / Pocha stopped.", flush=True)
    finally:
        server.close()


def start(host: str, port: int) -> tuple[Flask, socket.socket]:
    """Open the port, build the app, apply the migrations once and say where Pocha listens (both servers).

    A busy port, an address this computer does not have or a wrong setting ends it at once with one
    line in both languages and exit status 1.
    """
    try:
        listener = open_listener(host, port)
    except CannotListenError as refused:
        sys.exit(refused.line)
    raise_open_files_limit()
    try:
        app = app_for(host)
    except ConfigError as error:
        sys.exit(str(error))
    apply_migrations(app)
    announce(host, bound_port(listener))
    return app, listener
