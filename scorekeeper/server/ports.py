"""The port Pocha serves on: a bound, listening socket, or one line in both languages saying why not (no traceback).

Both ways to serve (``scorekeeper.server.local`` for a table, ``scorekeeper.server.production`` for a club) open
their socket here before anything else, so a busy port or an address this computer does not have
stops the start with a clear reason and a non-zero exit, before "Pocha está en marcha" is printed.
"""

from __future__ import annotations

import argparse
import errno
import socket

from scorekeeper.plumbing.addresses import display_host, is_wildcard

#: Connections the kernel keeps waiting while every worker is busy (a burst of phones opening the page).
BACKLOG = 2048


def _codes(*names: str) -> frozenset[int]:
    """The error numbers called ``names`` on this system (Windows has its own WSA numbers for sockets)."""
    return frozenset(getattr(errno, name) for name in names if hasattr(errno, name))


PORT_BUSY = _codes("EADDRINUSE", "WSAEADDRINUSE")
ADDRESS_NOT_HERE = _codes("EADDRNOTAVAIL", "WSAEADDRNOTAVAIL")
NOT_ALLOWED = _codes("EACCES", "EPERM", "WSAEACCES")


class CannotListenError(SystemExit):
    """The server cannot listen where it was asked to: the line to print, in Spanish and English.

    Left uncaught, Python prints that line on stderr and exits with status 1, without a traceback.
    """

    def __init__(self, line: str) -> None:
        super().__init__(line)
        self.line = line

    def __str__(self) -> str:
        return self.line


def port_number(text: str) -> int:
    """Read a TCP port for argparse: a whole number from 0 (any free port) to 65535."""
    if not (text.isascii() and text.isdigit()) or int(text) > 65535:
        raise argparse.ArgumentTypeError(
            f"el puerto es un número de 0 a 65535, no {text!r} / the port is a number from 0 to 65535, not {text!r}"
        )
    return int(text)


def where(host: str, port: int) -> str:
    """``host:port`` as people write it (``[::1]:5000`` for IPv6)."""
    return f"{display_host(host)}:{port}"


def refusal(error: OSError, host: str, port: int) -> str:
    """The one line that says, in Spanish then English, why the server cannot listen on host:port."""
    place = where(host, port)
    head = f"Pocha no puede escuchar en {place}"
    head_en = f"Pocha cannot listen on {place}"
    if isinstance(error, socket.gaierror) or error.errno in ADDRESS_NOT_HERE:
        return (
            f"{head}: este ordenador no tiene la dirección {host}; usa HOST=0.0.0.0 (todas sus redes) o una de "
            f"sus direcciones / {head_en}: this computer has no address {host}; use HOST=0.0.0.0 (all its "
            "networks) or one of its addresses."
        )
    if error.errno in PORT_BUSY:
        return (
            f"{head}: el puerto {port} ya está en uso (¿otra Pocha en marcha?); elige otro, como PORT={port + 1} "
            f"/ {head_en}: port {port} is already in use (another Pocha running?); choose another, like "
            f"PORT={port + 1}."
        )
    if error.errno in NOT_ALLOWED:
        return (
            f"{head}: falta permiso para el puerto {port} (los menores de 1024 son del sistema); usa uno como "
            f"PORT=8000 / {head_en}: no permission for port {port} (those below 1024 belong to the system); "
            "use one like PORT=8000."
        )
    reason = error.strerror or str(error)
    return f"{head}: {reason} / {head_en}: {reason}."


def open_listener(host: str, port: int, backlog: int = BACKLOG) -> socket.socket:
    """Bind and listen on host:port (``0.0.0.0``/``::``: every network) and return the socket.

    Raises ``CannotListenError`` (a ``SystemExit``) with the line to print when the port is
    taken, the address is not this computer's, or the system refuses it.
    """
    try:
        found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, _, _, _, address = found[0]
        dual_stack = family == socket.AF_INET6 and is_wildcard(host) and socket.has_dualstack_ipv6()
        # create_server sets SO_REUSEADDR on POSIX only: on Windows that option would let two servers
        # share a port, so a busy port is reported there too.
        return socket.create_server(address[:2], family=family, backlog=backlog, dualstack_ipv6=dual_stack)
    except OSError as error:
        raise CannotListenError(refusal(error, host, port)) from None
