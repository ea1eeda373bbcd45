"""The app served on this machine's own network address, as the phones at a table reach it over the Wi-Fi: plain HTTP
to an address that is not the loopback, so the browser gives the page no secure context (no service worker, no Wake
Lock). It can be stopped and started again on the same port, like a laptop that sleeps mid-game.

    server = LanServer(app)
    server.start()   # server.url == "http://192.168.1.20:40123"
    server.stop()
"""

from __future__ import annotations

import ipaddress
import subprocess
import threading
from dataclasses import dataclass, field

import pytest
from flask import Flask
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from support.ports import free_port

#: Seconds between a test server's looks for its stop (socketserver's default, half a second, at every stop).
SHUTDOWN_POLL = 0.02


def lan_address() -> str:
    """This machine's first IPv4 address that is not a loopback one (``hostname -I``); fails the test if none."""
    try:
        words = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, check=True, timeout=10
        ).stdout.split()
    except (OSError, subprocess.SubprocessError):
        words = []
    for word in words:
        try:
            address = ipaddress.ip_address(word)
        except ValueError:
            continue
        if address.version == 4 and not address.is_loopback:
            return word
    pytest.fail(f"no network address besides the loopback on this machine (hostname -I: {words})", pytrace=False)


class OneRequestHandler(WSGIRequestHandler):
    """Answers one request a connection (HTTP/1.0): a stopped server leaves no open connection that still answers."""

    protocol_version = "HTTP/1.0"


@dataclass
class LanServer:
    """``app`` served in a background thread on this machine's network address; ``stop`` and ``start`` again keep
    the port, so a page open on it finds the server where it was."""

    app: Flask
    host: str = field(default_factory=lan_address)
    port: int = 0
    server: BaseWSGIServer | None = None
    thread: threading.Thread | None = None

    def __post_init__(self) -> None:
        if not self.port:
            self.port = free_port(self.host)

    @property
    def url(self) -> str:
        """The address the phones open."""
        return f"http://{self.host}:{self.port}"

    @property
    def on_this_computer(self) -> bool:
        """Whether it listens on the loopback (phones on this computer: a secure context) rather than the network."""
        return ipaddress.ip_address(self.host).is_loopback

    @property
    def running(self) -> bool:
        """True while the server answers."""
        return self.server is not None

    def start(self) -> None:
        """Listen on the address and port and answer in a background thread."""
        assert self.server is None, "the server is already running"
        self.server = make_server(self.host, self.port, self.app, threaded=True, request_handler=OneRequestHandler)
        self.thread = threading.Thread(
            target=self.server.serve_forever, args=(SHUTDOWN_POLL,), name="lan-server", daemon=True
        )
        self.thread.start()

    def stop(self) -> None:
        """Stop answering and close the port: a phone asking now gets no connection."""
        if self.server is None:
            return
        self.server.shutdown()
        if self.thread is not None:
            self.thread.join(timeout=5)
        self.server.server_close()
        self.server, self.thread = None, None
