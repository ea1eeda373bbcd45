"""The LAN server launcher (scorekeeper/server/local.py): its arguments, the addresses it prints, and what main does in order."""

import ipaddress
import socket
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.plumbing import addresses
from scorekeeper.server import local, start


def test_arguments_default_to_every_network_on_port_5000(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HOST", raising=False)
    monkeypatch.delenv("PORT", raising=False)
    args = local.parse_args([])
    assert (args.host, args.port) == ("0.0.0.0", 5000)
    args = local.parse_args(["--host", "127.0.0.1", "--port", "8123"])
    assert (args.host, args.port) == ("127.0.0.1", 8123)


def test_host_and_port_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOST", "127.0.0.1")
    monkeypatch.setenv("PORT", "8080")
    args = local.parse_args([])
    assert (args.host, args.port) == ("127.0.0.1", 8080)


@pytest.mark.parametrize("port", ["99999", "-1", "http", "5０00"])
def test_a_port_that_is_no_port_is_refused_in_both_languages(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        local.parse_args(["--port", port])
    assert exit_.value.code != 0
    error = capsys.readouterr().err
    assert "el puerto es un número de 0 a 65535" in error and "the port is a number from 0 to 65535" in error


def test_lan_addresses_are_real_ipv4_addresses() -> None:
    for address in addresses.lan_addresses():
        ip = ipaddress.ip_address(address)
        assert ip.version == 4 and not ip.is_loopback


def test_a_specific_host_is_announced_as_is() -> None:
    assert addresses.addresses_to_open("127.0.0.1", 5000) == ["http://127.0.0.1:5000/"]
    assert addresses.addresses_to_open("::1", 80) == ["http://[::1]:80/"]
    assert addresses.addresses_to_open("192.168.1.20", 5000) == ["http://192.168.1.20:5000/"]


def test_every_network_announces_the_lan_and_this_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(addresses, "lan_addresses", lambda: ["192.168.1.20"])
    assert addresses.addresses_to_open("0.0.0.0", 5000) == ["http://192.168.1.20:5000/", "http://127.0.0.1:5000/"]
    assert addresses.addresses_to_open("::", 5000) == ["http://192.168.1.20:5000/", "http://127.0.0.1:5000/"]


def test_loopback_only_announces_this_computer_and_never_the_lan(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(addresses, "lan_addresses", lambda: ["192.168.1.20"])
    start.announce("127.0.0.1", 5000)
    out = capsys.readouterr().out
    assert "http://127.0.0.1:5000/   (este ordenador / this computer)" in out
    assert "192.168.1.20" not in out


def test_without_a_network_every_network_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(addresses, "lan_addresses", lambda: [])
    start.announce("0.0.0.0", 5000)
    out = capsys.readouterr().out
    assert "http://127.0.0.1:5000/" in out and "No se ha encontrado la red local / No local network found." in out


def test_main_opens_the_port_applies_migrations_announces_and_serves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "served.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{database}")
    monkeypatch.setenv("SECRET_KEY", "served")
    monkeypatch.setenv("POCHA_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setattr(addresses, "lan_addresses", lambda: ["192.168.1.20"])
    served: dict[str, Any] = {}

    def fake_serve(app: Any, listener: socket.socket, threads: int) -> None:
        """Record what would be served instead of serving."""
        served.update(app=app, address=listener.getsockname(), threads=threads, listening=listener.fileno() >= 0)
        listener.close()

    monkeypatch.setattr(local, "serve_with_waitress", fake_serve)
    local.main(["--host", "127.0.0.1", "--port", "0", "--threads", "3"])

    assert database.exists(), "migrations were applied to the configured database"
    host, port = served["address"]
    assert host == "127.0.0.1" and port > 0 and served["threads"] == 3 and served["listening"]
    assert served["app"].config["SECRET_KEY"] == "served"
    assert served["app"].config["SERVER_HOST"] == "127.0.0.1", "the app knows where the server listens"
    out = capsys.readouterr().out
    assert f"http://127.0.0.1:{port}/" in out, "the port announced is the one the server got"
    assert "192.168.1.20" not in out


def test_waitress_keeps_enough_connections_for_many_phones() -> None:
    limits = start.waitress_limits()
    assert limits["connection_limit"] >= 500, "waitress's default of 100 is about 20 tables"
    assert limits["channel_timeout"] <= 120
