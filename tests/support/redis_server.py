"""A throwaway Redis for the tests: Debian's redis-server on a unix socket in a temporary folder, stopped at the end.

Registered from tests/conftest.py (``pytest_plugins``). Fixtures:

- ``redis_server``: a new redis-server for this test (no TCP port, nothing saved to disk), stopped
  afterwards (and by the kernel if the test run dies first: it goes with its parent).
- ``redis_url``: its address for Flask-Limiter, ``redis+unix:///tmp/pocha-redis-…/redis.sock``.

Tests using it get the ``redis`` mark. If redis-server is missing they fail with the reason; they
are never skipped (run ``make redis`` to install it).
"""

from __future__ import annotations

import contextlib
import ctypes
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

#: Seconds to wait for the server to answer after it is started, or to end after it is told to.
WAIT_SECONDS = 20
INSTALL_HINT = "install it with `make redis` (Debian's redis-server package)"
_PR_SET_PDEATHSIG = 1


def _end_with_parent() -> None:
    """In the child, before redis-server starts: ask the kernel to stop it when the test run ends, however it ends."""
    with contextlib.suppress(OSError):  # not Linux's libc: stop() still ends it
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


@dataclass
class RedisServer:
    """A running redis-server listening only on ``socket`` (in ``folder``), its output in ``folder/redis.log``."""

    folder: Path
    process: subprocess.Popen[bytes]

    @property
    def socket(self) -> Path:
        """The unix socket it listens on."""
        return self.folder / "redis.sock"

    @property
    def url(self) -> str:
        """Its address as Flask-Limiter's ``RATELIMIT_STORAGE_URI`` takes it."""
        return f"redis+unix://{self.socket}"

    @classmethod
    def start(cls) -> RedisServer:
        """Start a new redis-server in a temporary folder and wait until it answers; fail the test if it cannot."""
        program = shutil.which("redis-server")
        if program is None:
            pytest.fail(f"redis-server is needed for this test and was not found: {INSTALL_HINT}", pytrace=False)
        folder = Path(tempfile.mkdtemp(prefix="pocha-redis-", dir="/tmp"))  # short: a socket path holds 107 bytes
        settings = {
            "port": "0",  # no TCP at all
            "unixsocket": str(folder / "redis.sock"),
            "unixsocketperm": "700",
            "save": "",
            "appendonly": "no",
            "dir": str(folder),
            "daemonize": "no",
            "logfile": str(folder / "redis.log"),
        }
        arguments = [item for name, value in settings.items() for item in (f"--{name}", value)]
        process = subprocess.Popen(
            [program, *arguments], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, preexec_fn=_end_with_parent
        )
        server = cls(folder, process)
        server.wait_until_answering()
        return server

    def wait_until_answering(self) -> None:
        """Wait for PONG; fail with the server's log if it does not come."""
        import redis

        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline and self.process.poll() is None:
            if self.socket.exists():
                try:
                    if redis.Redis(unix_socket_path=str(self.socket), socket_timeout=1).ping():
                        return
                except redis.RedisError:
                    pass
            time.sleep(0.02)
        log = self.log()
        self.stop()
        pytest.fail(f"redis-server did not answer within {WAIT_SECONDS} s:\n{log}", pytrace=False)

    def log(self) -> str:
        """What the server wrote to its log."""
        path = self.folder / "redis.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else "(no log)"

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL) and remove its folder; safe to call twice."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=WAIT_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=WAIT_SECONDS)
        shutil.rmtree(self.folder, ignore_errors=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that starts a redis-server `redis`, so `-m redis` selects them."""
    for item in items:
        if {"redis_server", "redis_url"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.redis)


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A redis-server of this test's own, stopped at its end."""
    server = RedisServer.start()
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The address of this test's redis-server, for ``RATELIMIT_STORAGE_URI``."""
    return redis_server.url
