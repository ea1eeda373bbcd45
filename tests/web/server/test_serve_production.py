"""The production command (scorekeeper/server/production.py) for real: gunicorn's threaded workers on 127.0.0.1, migrations
applied once, a tap played, forwarded headers believed only from TRUSTED_PROXIES, and a clean stop."""

from __future__ import annotations

import html
import os
import re
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from scorekeeper.server import production
from scorekeeper.server.ports import open_listener
from support.caddy import ProductionServer
from support.server import Phone, give_kept_scripts, read_game

#: What Alembic prints each time the migrations are run against a database.
MIGRATION_RUN = "[alembic.runtime.migration] Context impl"
THREE = ["Ana", "Bea", "Carlos"]

Start = Callable[..., ProductionServer]


@pytest.fixture
def start_server(tmp_path: Path, kept_scripts: Path) -> Iterator[Start]:
    """Start production servers: ``start_server(database_url, workers=3, env={...})``; each is stopped at the end."""
    servers: list[ProductionServer] = []

    def start(database_url: str, **options: object) -> ProductionServer:
        """One server in a folder of its own (the phone's scripts already kept in it), answering before it is
        returned."""
        server = ProductionServer(database_url, tmp_path / f"server-{len(servers)}", **options)  # type: ignore[arg-type]
        give_kept_scripts(server.folder / "instance", kept_scripts)
        servers.append(server)
        server.start()
        return server

    yield start
    for server in servers:
        server.stop()


def watch_link_of(page_html: str) -> str:
    """The watchers' address the scorekeeper's share panel hands out."""
    found = re.search(r'id="watch-link"[^>]*\bvalue="([^"]+)"', page_html)
    assert found, "no watch link on the game page"
    return html.unescape(found.group(1))


def test_several_workers_apply_the_migrations_once_serve_a_tap_and_stop(start_server: Start, database_url: str) -> None:
    server = start_server(database_url, workers=3)
    workers = server.worker_pids(expected=3)
    assert len(workers) == 3, f"gunicorn runs the workers asked for: {workers}"
    assert "gunicorn: 3 procesos x 4 hilos / 3 workers x 4 threads" in server.output()
    assert "Using worker: gthread" in server.output()

    phone = Phone(server.url)
    token = phone.start_game(THREE)
    phone.open_game(token)
    assert phone.tap("pinta", value="O").status == 303
    stored = read_game(database_url, token)
    hand = stored.hand(1)
    assert hand is not None and hand.trump == "O"
    assert watch_link_of(phone.open_game().html) == f"{server.url}/ver/{stored.watch_token}", (
        "a server on 127.0.0.1 shares 127.0.0.1, where it listens"
    )

    assert server.output().count(MIGRATION_RUN) == 1, "the migrations ran once, before the workers, not in each"
    assert server.stop() == 0, server.output()[-2000:]
    assert not [pid for pid in workers if os.path.exists(f"/proc/{pid}")], "every worker stopped with the server"
    assert "Traceback" not in server.output()


def test_forwarded_headers_are_not_believed_by_default(start_server: Start, tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'pocha.sqlite3'}")
    phone = Phone(server.url)
    token = phone.start_game(THREE)
    forged = urllib.request.Request(
        f"{server.url}/p/{token}",
        headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "pocha.example.org", "X-Forwarded-For": "10.9.9.9"},
    )
    with urllib.request.urlopen(forged, timeout=30) as answer:
        page = answer.read().decode()
        assert "Strict-Transport-Security" not in answer.headers
        assert all("Secure" not in cookie for cookie in answer.headers.get_all("Set-Cookie") or [])
    assert watch_link_of(page).startswith(f"{server.url}/ver/"), "gunicorn and Pocha both ignored the headers"


def test_behind_one_trusted_proxy_links_carry_the_public_address(start_server: Start, tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'pocha.sqlite3'}", env={"TRUSTED_PROXIES": "1"})
    phone = Phone(server.url)
    token = phone.start_game(THREE)
    proxied = urllib.request.Request(
        f"{server.url}/p/{token}", headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "pocha.example.org"}
    )
    with urllib.request.urlopen(proxied, timeout=30) as answer:
        page = answer.read().decode()
        assert answer.headers["Strict-Transport-Security"] == "max-age=31536000"
    assert watch_link_of(page).startswith("https://pocha.example.org/ver/")


def test_the_windows_way_serves_with_waitress_in_one_process(start_server: Start, tmp_path: Path) -> None:
    database_url = f"sqlite:///{tmp_path / 'pocha.sqlite3'}"
    server = start_server(database_url, server="waitress", workers=2, threads=4)
    assert server.worker_pids() == [], "waitress serves from the one process"
    assert "waitress: 1 proceso, 8 hilos / 1 process, 8 threads" in server.output()
    phone = Phone(server.url)
    token = phone.start_game(THREE)
    phone.open_game(token)
    assert phone.tap("pinta", value="C").status == 303
    hand = read_game(database_url, token).hand(1)
    assert hand is not None and hand.trump == "C"


def test_workers_and_threads_come_from_the_environment() -> None:
    args = production.parse_args([], env={"WEB_CONCURRENCY": "5", "POCHA_THREADS": "6", "HOST": "::1", "PORT": "9000"})
    assert (args.workers, args.threads, args.host, args.port) == (5, 6, "::1", 9000)
    defaults = production.parse_args([], env={})
    assert (defaults.host, defaults.port) == ("127.0.0.1", 8000), "behind a proxy on the same machine by default"
    assert defaults.workers == max(2, 2 * (os.cpu_count() or 1)) and defaults.threads == 8


def test_sized_for_five_hundred_phones() -> None:
    listener = open_listener("127.0.0.1", 0)
    settings = production.gunicorn_settings(listener, workers=4, threads=8)
    assert settings["worker_class"] == "gthread"
    assert settings["workers"] * settings["worker_connections"] >= 1000, "500 phones, two connections each"
    assert settings["keepalive"] > 2, "a phone polling every 2 s keeps its connection"
    assert settings["forwarded_allow_ips"] == "" and settings["secure_scheme_headers"] == {}
    fd = int(settings["bind"][0].removeprefix("fd://"))
    os.close(fd)
