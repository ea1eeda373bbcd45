"""A throwaway PostgreSQL cluster for the tests: Debian's initdb in a temporary folder, a unix socket there, stopped at the end.

Registered from tests/conftest.py (``pytest_plugins``). Fixtures:

- ``postgres_cluster`` (session): the cluster, started on first use, stopped when the session ends
  (and by an ``atexit`` guard and a watchdog process if the test run dies first).
- ``pg_url``: a fresh empty database (``CREATE DATABASE … TEMPLATE template0``) and its SQLAlchemy
  URL, ``postgresql+psycopg://postgres@/pocha_test_3?host=/tmp/pocha-pg-…&port=5432``; dropped after
  the test.
- ``database_url``: parametrized ``sqlite`` / ``postgresql``, a fresh database URL of each kind, for
  tests that must hold on both.

Tests using PostgreSQL get the ``postgresql`` mark. If PostgreSQL cannot be found or started they
fail, with the reason; they are never skipped (run ``make postgresql`` to install it).
"""

from __future__ import annotations

import atexit
import glob
import itertools
import os
import pwd
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from sqlalchemy import URL

#: The role the tests connect as (the superuser initdb creates, trusted on the socket).
SUPERUSER = "postgres"
#: The system account that runs the cluster when the tests run as root (PostgreSQL refuses root).
SYSTEM_USER = "postgres"
#: The port number in the socket's name; nothing listens on TCP, so it never clashes.
PORT = 5432
#: Settings for a cluster that lives for one test run: no TCP, no waiting for the disk.
SETTINGS = {
    "listen_addresses": "''",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "100",
}
#: Seconds to wait for the server to start or stop.
WAIT_SECONDS = 60
#: Longest path of a unix socket (sun_path holds 108 bytes, with the terminating zero).
SOCKET_PATH_MAX = 107

INSTALL_HINT = "install it with `make postgresql` (Debian's postgresql package)"

_WATCHDOG = """
import os, shutil, subprocess, sys, time
owner, root, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
while True:
    try:
        os.kill(owner, 0)
    except ProcessLookupError:
        break
    except PermissionError:
        pass
    time.sleep(0.5)
subprocess.run(command, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
shutil.rmtree(root, ignore_errors=True)
"""


class PostgresUnavailableError(RuntimeError):
    """PostgreSQL's server programs are missing or the cluster would not start; the message says why."""


def candidate_bindirs() -> list[Path]:
    """Folders that may hold initdb and pg_ctl: PATH, `pg_config --bindir`, /usr/lib/postgresql/*/bin (newest first)."""
    found: list[Path] = []
    on_path = shutil.which("initdb")
    if on_path:
        found.append(Path(on_path).resolve().parent)
    pg_config = shutil.which("pg_config")
    if pg_config:
        try:
            answer = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, timeout=10, check=True)
            found.append(Path(answer.stdout.strip()))
        except (OSError, subprocess.SubprocessError):
            pass
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    found.extend(Path(p) for p in sorted(versions, key=lambda p: _version_key(Path(p).parent.name), reverse=True))
    return list(dict.fromkeys(found))


def _version_key(name: str) -> tuple[int, ...]:
    """Sort key of a version folder name such as "15" or "9.6" (non-numbers sort first)."""
    try:
        return tuple(int(part) for part in name.split("."))
    except ValueError:
        return ()


def find_bindir() -> Path:
    """Return the first folder holding both initdb and pg_ctl, or raise PostgresUnavailableError."""
    tried = candidate_bindirs()
    for folder in tried:
        if all(os.access(folder / program, os.X_OK) for program in ("initdb", "pg_ctl", "postgres")):
            return folder
    looked = ", ".join(str(p) for p in tried) or "PATH, pg_config --bindir, /usr/lib/postgresql/*/bin"
    raise PostgresUnavailableError(
        f"PostgreSQL's initdb and pg_ctl were not found (looked in {looked}): {INSTALL_HINT}"
    )


def server_version(bindir: Path) -> str:
    """What `postgres --version` says, e.g. "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"."""
    answer = subprocess.run([str(bindir / "postgres"), "--version"], capture_output=True, text=True, timeout=10)
    return answer.stdout.strip() or answer.stderr.strip()


def as_cluster_owner() -> list[str]:
    """The command prefix that runs a program as the cluster's owner: `runuser -u postgres --` when root, else nothing."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        raise PostgresUnavailableError(
            f"running as root, but there is no {SYSTEM_USER!r} user to run PostgreSQL as: {INSTALL_HINT}"
        ) from None
    runuser = shutil.which("runuser") or next(
        (p for p in ("/usr/sbin/runuser", "/sbin/runuser") if os.access(p, os.X_OK)), None
    )
    if runuser is None:
        raise PostgresUnavailableError(
            "running as root, but runuser (util-linux) is missing to run PostgreSQL as postgres"
        )
    return [runuser, "-u", SYSTEM_USER, "--"]


def open_to_others(folder: str) -> bool:
    """Whether every folder on the way to ``folder`` lets other users through (the postgres user must reach it)."""
    path = Path(folder).resolve()
    return all(os.stat(part).st_mode & stat.S_IXOTH for part in (path, *path.parents))


def make_root() -> Path:
    """A new private folder for the cluster, short enough for a unix socket path, owned by the cluster's owner."""
    parent = tempfile.gettempdir()
    too_long = len(parent) + len("/pocha-pg-xxxxxxxx/.s.PGSQL.5432") > SOCKET_PATH_MAX
    if too_long or (os.geteuid() == 0 and not open_to_others(parent)):
        parent = "/tmp"
    root = Path(tempfile.mkdtemp(prefix="pocha-pg-", dir=parent))
    if os.geteuid() == 0:
        owner = pwd.getpwnam(SYSTEM_USER)
        os.chown(root, owner.pw_uid, owner.pw_gid)
    return root


@dataclass
class Cluster:
    """A running PostgreSQL cluster in ``root``: data in ``root/data``, the socket in ``root`` itself."""

    bindir: Path
    root: Path
    version: str
    prefix: list[str]
    port: int = PORT
    watchdog: subprocess.Popen[bytes] | None = None
    stopped: bool = False
    _names: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def data(self) -> Path:
        """The cluster's data folder."""
        return self.root / "data"

    @property
    def log(self) -> Path:
        """The server's log file."""
        return self.root / "server.log"

    @classmethod
    def start(cls) -> Cluster:
        """initdb a new cluster in a temporary folder and start it; raise PostgresUnavailableError with the reason."""
        bindir = find_bindir()
        prefix = as_cluster_owner()
        try:
            import psycopg  # noqa: F401  (the driver the tests connect with)
        except ImportError as error:
            raise PostgresUnavailableError(
                f"the psycopg driver is missing ({error}): run `make test` or `.venv/bin/pip install -e '.[test]'`"
            ) from None
        cluster = cls(bindir=bindir, root=make_root(), version=server_version(bindir), prefix=prefix)
        atexit.register(cluster.stop)
        try:
            cluster._initdb()
            cluster._start_server()
            cluster._start_watchdog()
        except BaseException:
            cluster.stop()
            raise
        return cluster

    def _run(self, *args: str, what: str) -> None:
        """Run a server program as the cluster's owner; raise PostgresUnavailableError with its output if it fails."""
        command = [*self.prefix, str(self.bindir / args[0]), *args[1:]]
        try:
            done = subprocess.run(command, cwd=self.root, capture_output=True, text=True, timeout=WAIT_SECONDS + 30)
        except (OSError, subprocess.SubprocessError) as error:
            raise PostgresUnavailableError(f"{what} failed: {error}") from error
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise PostgresUnavailableError(
                f"{what} failed (exit {done.returncode}): {' '.join(command)}\n{done.stdout}{done.stderr}{log}"
            )

    def _initdb(self) -> None:
        """Make the cluster: UTF-8, the C locale, trust on the socket (the folder is private), no disk syncs."""
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
            what="initdb",
        )
        settings = dict(SETTINGS, unix_socket_directories=f"'{self.root}'", port=str(self.port))
        with open(self.data / "postgresql.conf", "a", encoding="utf-8") as conf:
            conf.write("\n# Pocha's tests: a throwaway cluster\n")
            conf.writelines(f"{name} = {value}\n" for name, value in settings.items())

    def _start_server(self) -> None:
        """pg_ctl start, waiting until the server accepts connections."""
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-w",
            "-t",
            str(WAIT_SECONDS),
            "start",
            what="pg_ctl start",
        )

    def _stop_command(self) -> list[str]:
        """The command that stops the server at once (the data is thrown away anyway)."""
        return [
            *self.prefix,
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-m",
            "immediate",
            "-w",
            "-t",
            str(WAIT_SECONDS),
            "stop",
        ]

    def _start_watchdog(self) -> None:
        """A small process that stops the server and removes the folder if this test run dies without cleaning up."""
        self.watchdog = subprocess.Popen(
            [sys.executable, "-c", _WATCHDOG, str(os.getpid()), str(self.root), *self._stop_command()],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def stop(self) -> None:
        """Stop the server (if it runs), end the watchdog and remove the folder; safe to call twice."""
        if self.stopped:
            return
        self.stopped = True
        if (self.data / "postmaster.pid").exists():
            subprocess.run(self._stop_command(), cwd=self.root, capture_output=True, timeout=WAIT_SECONDS + 30)
        if self.watchdog is not None:
            self.watchdog.terminate()
            self.watchdog.wait(timeout=10)
        shutil.rmtree(self.root, ignore_errors=True)

    def conninfo(self, dbname: str = "postgres") -> str:
        """The libpq connection string of a database of this cluster, for psycopg.connect()."""
        from psycopg.conninfo import make_conninfo

        return make_conninfo(host=str(self.root), port=self.port, user=SUPERUSER, dbname=dbname)

    def url(self, dbname: str) -> str:
        """The SQLAlchemy URL of a database of this cluster (psycopg 3, through the socket)."""
        url = URL.create(
            "postgresql+psycopg",
            username=SUPERUSER,
            database=dbname,
            query={"host": str(self.root), "port": str(self.port)},
        )
        return url.render_as_string(hide_password=False)

    def _admin(self, statement: str) -> None:
        """Run one statement outside a transaction in the maintenance database (CREATE/DROP DATABASE)."""
        import psycopg

        with psycopg.connect(self.conninfo(), autocommit=True) as connection:
            connection.execute(statement.encode())

    def create_database(self) -> str:
        """Create a new empty database (from template0) and return its name."""
        name = f"pocha_test_{next(self._names)}"
        self._admin(f'CREATE DATABASE "{name}" TEMPLATE template0')
        return name

    def drop_database(self, name: str) -> None:
        """Drop a database, ending any connection a test left open to it."""
        self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def sqlite_url(folder: Path) -> str:
    """The SQLAlchemy URL of a new SQLite database file in ``folder``."""
    return f"sqlite:///{folder / 'database-url.sqlite3'}"


# --- pytest -----------------------------------------------------------------------------------


def pytest_report_header() -> str:
    """Say which PostgreSQL the database tests will start, or that none was found."""
    try:
        bindir = find_bindir()
    except PostgresUnavailableError:
        return f"postgresql: not found (tests that need it will fail): {INSTALL_HINT}"
    return f"postgresql: {server_version(bindir)} from {bindir}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that asks for the cluster `postgresql`, so `-m postgresql` selects them."""
    for item in items:
        if {"pg_url", "postgres_cluster"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgresql)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """One throwaway PostgreSQL cluster for the whole test session; the test fails if it cannot start."""
    try:
        cluster = Cluster.start()
    except PostgresUnavailableError as error:
        pytest.fail(f"PostgreSQL is needed for this test and could not be started: {error}", pytrace=False)
    yield cluster
    cluster.stop()


@pytest.fixture
def pg_url(postgres_cluster: Cluster) -> Iterator[str]:
    """A fresh empty PostgreSQL database for this test: its SQLAlchemy URL (dropped afterwards)."""
    name = postgres_cluster.create_database()
    yield postgres_cluster.url(name)
    postgres_cluster.drop_database(name)


@pytest.fixture(
    params=[
        pytest.param("sqlite", id="sqlite"),
        pytest.param("postgresql", id="postgresql", marks=pytest.mark.postgresql),
    ]
)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh empty database URL of each kind in turn: a SQLite file in tmp_path, then a PostgreSQL database."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path)
    url: str = request.getfixturevalue("pg_url")
    return url
