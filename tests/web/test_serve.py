"""The LAN server launcher (scorekeeper/serve.py)."""

import ipaddress
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import serve


def test_arguments_default_to_every_network_on_port_5000(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HOST", raising=False)
    monkeypatch.delenv("PORT", raising=False)
    args = serve.parse_args([])
    assert (args.host, args.port) == ("0.0.0.0", 5000)
    args = serve.parse_args(["--host", "127.0.0.1", "--port", "8123"])
    assert (args.host, args.port) == ("127.0.0.1", 8123)


def test_lan_addresses_are_real_ipv4_addresses() -> None:
    for address in serve.lan_addresses():
        ip = ipaddress.ip_address(address)
        assert ip.version == 4 and not ip.is_loopback


def test_a_specific_host_is_announced_as_is() -> None:
    assert serve.addresses_to_open("127.0.0.1", 5000) == ["http://127.0.0.1:5000/"]
    assert serve.addresses_to_open("::1", 80) == ["http://[::1]:80/"]


def test_every_network_announces_the_lan_and_this_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.168.1.20"])
    assert serve.addresses_to_open("0.0.0.0", 5000) == ["http://192.168.1.20:5000/", "http://127.0.0.1:5000/"]


def test_main_applies_migrations_announces_and_serves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "served.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{database}")
    monkeypatch.setenv("SECRET_KEY", "served")
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.168.1.20"])
    served: dict[str, Any] = {}

    def fake_serve(app: Any, **options: Any) -> None:
        """Record what would be served instead of serving."""
        served.update(options, app=app)

    monkeypatch.setattr("waitress.serve", fake_serve)
    serve.main(["--host", "0.0.0.0", "--port", "5123"])

    assert database.exists(), "migrations were applied to the configured database"
    assert served["host"] == "0.0.0.0" and served["port"] == 5123
    assert served["app"].config["SECRET_KEY"] == "served"
    out = capsys.readouterr().out
    assert "http://192.168.1.20:5123/" in out and "http://127.0.0.1:5123/" in out
