"""The addresses handed to other phones (page_parts/share_links.py, plumbing/addresses.py): the host used, or the LAN
address for loopback."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from flask import Flask

from scorekeeper.page_parts.share_links import public_root
from scorekeeper.plumbing import addresses


def root_for(app: Flask, base_url: str) -> str:
    """What ``public_root`` says for a request made to ``base_url``."""
    with app.test_request_context("/", base_url=base_url):
        return public_root()


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """This computer's LAN addresses, as the tests set them."""
    found = ["192.168.1.20"]
    monkeypatch.setattr(addresses, "lan_addresses", lambda: list(found))
    return found


@pytest.mark.parametrize(
    ("opened", "shared"),
    [
        ("http://127.0.0.1:5000", "http://192.168.1.20:5000"),
        ("http://localhost:5000", "http://192.168.1.20:5000"),
        ("http://LOCALHOST:8123", "http://192.168.1.20:8123"),
        ("http://[::1]:5000", "http://192.168.1.20:5000"),
        ("http://127.0.1.1:5000", "http://192.168.1.20:5000"),
        ("http://0.0.0.0:5000", "http://192.168.1.20:5000"),
        ("http://localhost", "http://192.168.1.20"),
        ("https://localhost:8443", "https://192.168.1.20:8443"),
    ],
)
def test_a_page_opened_on_this_computer_shares_its_lan_address(
    app: Flask, lan: list[str], opened: str, shared: str
) -> None:
    assert root_for(app, opened) == shared


@pytest.mark.parametrize(
    "opened",
    [
        "http://192.168.1.20:5000",
        "http://10.0.0.7:5000",
        "http://pocha.casa:8080",
        "http://pocha.local",
        "https://pocha.example.org",
    ],
)
def test_a_page_opened_from_another_phone_shares_the_same_host(app: Flask, lan: list[str], opened: str) -> None:
    assert root_for(app, opened) == opened


def test_without_a_network_the_loopback_address_is_kept(app: Flask, lan: list[str]) -> None:
    lan.clear()
    assert root_for(app, "http://127.0.0.1:5000") == "http://127.0.0.1:5000"


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.8.8", True),
        ("localhost", True),
        ("localhost.", True),
        ("app.localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", True),
        ("192.168.1.20", False),
        ("10.0.0.1", False),
        ("pocha.local", False),
        ("fe80::1", False),
        ("", False),
    ],
)
def test_loopback_names_and_addresses(host: str, loopback: bool) -> None:
    assert addresses.is_loopback(host) is loopback


def test_finding_the_lan_address_sends_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    class Probe:
        """A UDP socket that records what is done with it."""

        def __init__(self, *args: Any) -> None:
            calls.append("socket")

        def __enter__(self) -> Probe:
            return self

        def __exit__(self, *args: Any) -> None:
            calls.append("close")

        def connect(self, address: tuple[str, int]) -> None:
            calls.append("connect")

        def getsockname(self) -> tuple[str, int]:
            calls.append("getsockname")
            return ("192.168.1.20", 40000)

        def __getattr__(self, name: str) -> Any:
            raise AssertionError(f"the probe used {name}")

    monkeypatch.setattr(socket, "socket", Probe)
    assert addresses.lan_addresses() == ["192.168.1.20"]
    assert calls == ["socket", "connect", "getsockname", "close"]


def test_no_network_no_lan_address(monkeypatch: pytest.MonkeyPatch) -> None:
    def unreachable(*args: Any) -> Any:
        raise OSError("Network is unreachable")

    monkeypatch.setattr(socket, "socket", unreachable)
    assert addresses.lan_addresses() == []
