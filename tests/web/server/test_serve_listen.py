"""A busy port or an address this computer does not have: one line in both languages, a non-zero exit and no
traceback, from `make run`'s command and from the production command alike (scorekeeper/server/ports.py)."""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.server.ports import CannotListenError, open_listener, refusal

#: TEST-NET-1 (RFC 5737): documentation only, never an address of this computer. Binding to it sends nothing.
NOT_HERE = "192.0.2.1"
COMMANDS = {
    "make run": ["-m", "scorekeeper.server.local"],
    "pocha-server": ["-m", "scorekeeper.server.production", "--workers", "2"],
}


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port on 127.0.0.1 that another program listens on."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        yield int(taken.getsockname()[1])


def start(command: str, host: str, port: int, tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """Run a server command on host:port (``settings`` in its environment) as a person would, and wait for it to
    end (it should not start)."""
    env = {key: value for key, value in os.environ.items() if key not in ("HOST", "PORT", "DATABASE_URL")}
    env.update(POCHA_INSTANCE=str(tmp_path / "instance"), SECRET_KEY="listen-test", **settings)
    return subprocess.run(
        [sys.executable, *COMMANDS[command], "--host", host, "--port", str(port)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )


def check_one_line_refusal(answer: subprocess.CompletedProcess[str], spanish: str, english: str) -> None:
    """Exit status non-zero, nothing announced, one line on stderr saying why in Spanish and English."""
    assert answer.returncode != 0
    assert "Traceback" not in answer.stderr + answer.stdout
    assert "está en marcha" not in answer.stdout, "nothing may say Pocha is running"
    lines = answer.stderr.strip().splitlines()
    assert len(lines) == 1, answer.stderr
    assert spanish in lines[0] and english in lines[0]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_busy_port_is_one_line_in_both_languages(command: str, busy_port: int, tmp_path: Path) -> None:
    answer = start(command, "127.0.0.1", busy_port, tmp_path)
    check_one_line_refusal(
        answer,
        f"Pocha no puede escuchar en 127.0.0.1:{busy_port}: el puerto {busy_port} ya está en uso",
        f"Pocha cannot listen on 127.0.0.1:{busy_port}: port {busy_port} is already in use",
    )
    assert f"PORT={busy_port + 1}" in answer.stderr
    assert not (tmp_path / "instance" / "pocha.sqlite3").exists(), "refused before touching the database"


@pytest.mark.parametrize("command", COMMANDS)
def test_an_address_this_computer_does_not_have_is_one_line_in_both_languages(command: str, tmp_path: Path) -> None:
    answer = start(command, NOT_HERE, 5000, tmp_path)
    check_one_line_refusal(
        answer,
        f"este ordenador no tiene la dirección {NOT_HERE}; usa HOST=0.0.0.0",
        f"this computer has no address {NOT_HERE}; use HOST=0.0.0.0",
    )


def test_open_listener_listens_where_asked() -> None:
    listener = open_listener("127.0.0.1", 0)
    with listener, socket.create_connection(listener.getsockname(), timeout=5):
        assert listener.getsockname()[0] == "127.0.0.1"


def test_open_listener_refuses_a_busy_port(busy_port: int) -> None:
    with pytest.raises(CannotListenError) as refused:
        open_listener("127.0.0.1", busy_port)
    assert refused.value.code != 0 and str(refused.value) == refused.value.line


def test_a_port_the_system_keeps_says_so_in_both_languages() -> None:
    line = refusal(PermissionError(errno.EACCES, "Permission denied"), "0.0.0.0", 80)
    assert "falta permiso para el puerto 80" in line and "no permission for port 80" in line
    assert "\n" not in line


def test_any_other_reason_is_given_in_both_languages() -> None:
    line = refusal(OSError(errno.EMFILE, "Too many open files"), "0.0.0.0", 5000)
    assert line == (
        "Pocha no puede escuchar en 0.0.0.0:5000: Too many open files / "
        "Pocha cannot listen on 0.0.0.0:5000: Too many open files."
    )


def test_ipv6_addresses_are_written_in_brackets() -> None:
    line = refusal(OSError(errno.EADDRINUSE, "Address in use"), "::1", 5000)
    assert line.startswith("Pocha no puede escuchar en [::1]:5000:")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_wrong_setting_is_one_line_in_both_languages(command: str, tmp_path: Path) -> None:
    answer = start(command, "127.0.0.1", 0, tmp_path, TRUSTED_PROXIES="uno")
    check_one_line_refusal(
        answer,
        "TRUSTED_PROXIES es un número de 0 a 9 (proxies delante de Pocha), no 'uno'",
        "TRUSTED_PROXIES is a number from 0 to 9 (proxies in front of Pocha), not 'uno'",
    )
