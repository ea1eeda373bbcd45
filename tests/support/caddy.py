"""Pocha as a club runs it, for tests: `pocha-server` (gunicorn's workers) in a process of its own, and Caddy in
front of it with HTTPS from its own certificate authority on localhost, both stopped at the end.

    server = ProductionServer(database_url, tmp_path / "server", env={"TRUSTED_PROXIES": "1"}, workers=2)
    server.start()
    proxy = Caddy(server.address, tmp_path / "caddy")
    proxy.start()              # https://localhost:<port>, deploy/Caddyfile with the test's global options
    urlopen(proxy.url, context=proxy.tls_context())

Nothing here is a system service: Caddy runs with `caddy run`, its configuration, certificates and
authority in the test's folder (``HOME`` and ``XDG_*`` point there), no admin endpoint, listening
on 127.0.0.1 only, and it never touches the system's trust store.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import shutil
import signal
import ssl
import subprocess
import sys
import time
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from scorekeeper import PROJECT_DIR
from support.ports import free_port
from support.server import NO_ANSWER, START_TIMEOUT

ROOT = PROJECT_DIR
DEPLOY_CADDYFILE = ROOT / "deploy" / "Caddyfile"
#: The site and upstream deploy/Caddyfile names, replaced by the test's.
DEPLOY_SITE = "pocha.example.org"
DEPLOY_UPSTREAM = "127.0.0.1:8000"
#: Settings that must not leak from the environment of the test run into a server.
POCHA_VARIABLES = (
    "SECRET_KEY",
    "DATABASE_URL",
    "HOST",
    "PORT",
    "WEB_CONCURRENCY",
    "POCHA_THREADS",
    "TRUSTED_PROXIES",
    "GUNICORN_CMD_ARGS",
)
INSTALL_CADDY = "install it with `make caddy` (Debian's caddy package)"


def wait_for(url: str, process: subprocess.Popen[bytes], log: Path, context: ssl.SSLContext | None = None) -> None:
    """Ask ``url`` until it answers 200; fail with the log when the process ends or takes too long."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"{process.args!r} stopped while starting (status {process.returncode}):\n{tail(log)}")
        try:
            with urllib.request.urlopen(url, timeout=2, context=context) as answer:
                if answer.status == 200:
                    return
        except (*NO_ANSWER, ssl.SSLError):
            pass
        time.sleep(0.1)
    stop(process)
    pytest.fail(f"{url} did not answer within {START_TIMEOUT:.0f} s:\n{tail(log)}")


def stop(process: subprocess.Popen[bytes] | None, grace: float = 20.0) -> int | None:
    """SIGTERM, then SIGKILL after ``grace`` seconds; the exit status (``None`` if it was never started)."""
    if process is None:
        return None
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)
    return process.returncode


def tail(log: Path, lines: int = 60) -> str:
    """The last lines a process wrote to ``log``."""
    if not log.exists():
        return "(no log)"
    return "\n".join(log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])


def children(pid: int) -> list[int]:
    """The processes ``pid`` started and that are still running (Linux's /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):  # the task ended meanwhile
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


@dataclass
class ProductionServer:
    """`python -m scorekeeper.server.production` on 127.0.0.1:``port`` with ``workers`` gunicorn workers, its output in
    ``folder / "server.log"``; ``env`` adds settings (TRUSTED_PROXIES, ...)."""

    database_url: str
    folder: Path
    env: Mapping[str, str] = field(default_factory=dict)
    workers: int = 2
    threads: int = 4
    server: str = "gunicorn"
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def address(self) -> str:
        """``127.0.0.1:port``, where it listens."""
        return f"127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        """The address to open it at directly, without a proxy."""
        return f"http://{self.address}"

    @property
    def log(self) -> Path:
        """What it printed (stdout and stderr)."""
        return self.folder / "server.log"

    def environment(self) -> dict[str, str]:
        """This environment without Pocha's settings, then the database, the instance folder and ``env``."""
        environment = {key: value for key, value in os.environ.items() if key not in POCHA_VARIABLES}
        environment.update(
            DATABASE_URL=self.database_url, POCHA_INSTANCE=str(self.folder / "instance"), PYTHONUNBUFFERED="1"
        )
        environment.update(self.env)
        return environment

    def command(self) -> list[str]:
        """The command line that starts it."""
        return [
            sys.executable,
            "-m",
            "scorekeeper.server.production",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--workers",
            str(self.workers),
            "--threads",
            str(self.threads),
            "--server",
            self.server,
        ]

    def start(self) -> None:
        """Start it and wait until it answers its home page."""
        (self.folder / "instance").mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                self.command(), cwd=self.folder, env=self.environment(), stdout=log, stderr=subprocess.STDOUT
            )
        wait_for(f"{self.url}/", self.process, self.log)

    def worker_pids(self, expected: int = 0) -> list[int]:
        """The worker processes gunicorn's master runs, once there are ``expected`` of them (a few seconds at most:
        the first worker may answer before the last has started)."""
        assert self.process is not None
        deadline = time.monotonic() + START_TIMEOUT
        while len(found := children(self.process.pid)) < expected and time.monotonic() < deadline:
            time.sleep(0.1)
        return found

    def output(self) -> str:
        """Everything it printed so far."""
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""

    def stop(self) -> int | None:
        """SIGTERM (gunicorn answers the requests in flight, then stops its workers); the exit status."""
        return stop(self.process)


def caddy_binary() -> str:
    """Debian's caddy; the test fails (never skips) when it is missing."""
    found = shutil.which("caddy") or ("/usr/bin/caddy" if os.access("/usr/bin/caddy", os.X_OK) else None)
    if found is None:
        pytest.fail(f"Caddy is missing: {INSTALL_CADDY}. Tests through Caddy never skip.", pytrace=False)
    return found


def caddyfile(site_port: int, http_port: int, upstream: str, storage: Path) -> str:
    """deploy/Caddyfile for a test: the site on localhost:``site_port`` (127.0.0.1 only) in front of ``upstream``,
    certificates from Caddy's own authority, no admin endpoint, the system's trust store left alone."""
    deployed = DEPLOY_CADDYFILE.read_text(encoding="utf-8")
    assert deployed.count(f"{DEPLOY_SITE} {{") == 1 and deployed.count(DEPLOY_UPSTREAM) >= 1, (
        "deploy/Caddyfile no longer names the site and upstream the tests replace"
    )
    site = deployed.replace(f"{DEPLOY_SITE} {{", f"localhost:{site_port} {{\n\tbind 127.0.0.1")
    site = site.replace(DEPLOY_UPSTREAM, upstream)
    settings = "\n".join(
        [
            "{",
            "\tadmin off",
            "\tlocal_certs",
            "\tskip_install_trust",
            "\tauto_https disable_redirects",
            f"\thttp_port {http_port}",
            f"\thttps_port {site_port}",
            f"\tstorage file_system {storage}",
            "}",
        ]
    )
    return f"{settings}\n\n{site}"


@dataclass
class Caddy:
    """Caddy serving https://localhost:``port`` in front of ``upstream`` (``host:port``), from ``folder``."""

    upstream: str
    folder: Path
    port: int = field(default_factory=free_port)
    http_port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The address phones open: HTTPS, the name the certificate is for."""
        return f"https://localhost:{self.port}"

    @property
    def log(self) -> Path:
        """What Caddy printed."""
        return self.folder / "caddy.log"

    @property
    def root_certificate(self) -> Path:
        """The root of Caddy's own authority (created on its first start), which signs the site's certificate."""
        return self.folder / "data" / "pki" / "authorities" / "local" / "root.crt"

    def start(self) -> None:
        """Write the Caddyfile, start `caddy run` and wait until the site answers over HTTPS with a valid certificate."""
        self.folder.mkdir(parents=True, exist_ok=True)
        config = self.folder / "Caddyfile"
        config.write_text(caddyfile(self.port, self.http_port, self.upstream, self.folder / "data"), encoding="utf-8")
        home = self.folder / "home"
        home.mkdir(exist_ok=True)
        environment = {
            **os.environ,
            "HOME": str(home),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"),
        }
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [caddy_binary(), "run", "--config", str(config), "--adapter", "caddyfile"],
                cwd=self.folder,
                env=environment,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while not self.root_certificate.exists():
            if self.process.poll() is not None or time.monotonic() > deadline:
                stop(self.process)
                pytest.fail(f"Caddy made no certificate authority:\n{tail(self.log)}")
            time.sleep(0.1)
        wait_for(f"{self.url}/", self.process, self.log, self.tls_context())

    def tls_context(self) -> ssl.SSLContext:
        """A client context that trusts Caddy's authority and nothing else, checking names as browsers do."""
        return ssl.create_default_context(cafile=str(self.root_certificate))

    def stop(self) -> int | None:
        """Stop Caddy (SIGTERM); the exit status."""
        return stop(self.process, grace=10.0)


# --- the certificate's key, for Chromium --------------------------------------------------------


def _element(der: bytes, at: int) -> tuple[int, int, int]:
    """The DER element at ``at``: (start of its contents, end of its contents, end of the element)."""
    length, start = der[at + 1], at + 2
    if length & 0x80:
        size = length & 0x7F
        length, start = int.from_bytes(der[start : start + size], "big"), start + size
    return start, start + length, start + length


def spki_sha256(pem: str) -> str:
    """The base64 SHA-256 of a certificate's SubjectPublicKeyInfo: what Chromium's
    ``--ignore-certificate-errors-spki-list`` takes to trust the keys that certificate names."""
    der = ssl.PEM_cert_to_DER_cert(pem)
    certificate, _, _ = _element(der, 0)
    at, _, _ = _element(der, certificate)  # tbsCertificate's contents
    if der[at] == 0xA0:  # [0] version
        at = _element(der, at)[2]
    for _ in range(5):  # serialNumber, signature, issuer, validity, subject
        at = _element(der, at)[2]
    end = _element(der, at)[2]
    return base64.b64encode(hashlib.sha256(der[at:end]).digest()).decode()


def authority_keys(caddy: Caddy) -> list[str]:
    """The SPKI hashes of Caddy's root and intermediate certificates."""
    folder = caddy.root_certificate.parent
    return [spki_sha256((folder / name).read_text(encoding="ascii")) for name in ("root.crt", "intermediate.crt")]
