"""Ports for the servers the tests start, each test worker from a block of its own.

With pytest-xdist several workers start servers at once. A port asked of the kernel (``bind(0)``)
and closed again may be handed to another worker before the server that wanted it listens; and a
server killed and started again on its port (a laptop that sleeps mid-game) may find it taken. So
each worker takes its ports from its own block, below the kernel's range for outgoing connections
and ``bind(0)`` (``/proc/sys/net/ipv4/ip_local_port_range``, 32768 and up on Linux): no other
worker, and no ephemeral port, ever gets one of them. Within the block the ports are taken in turn,
so a port a test has just closed rests while the others are used.
"""

from __future__ import annotations

import itertools
import os
import socket
from collections.abc import Iterator

#: Where Linux's range for outgoing connections and ``bind(0)`` starts by default; the blocks end below it.
KERNEL_RANGE_START = 32_768
#: The first port of worker 0's block.
FIRST_PORT = 20_000
#: Ports in each worker's block: 25 workers fit below 32768.
BLOCK = 500


def worker_index(name: str | None = None) -> int:
    """This worker's number: 3 for pytest-xdist's ``gw3`` (``PYTEST_XDIST_WORKER``), 0 without workers."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "") if name is None else name
    digits = name.removeprefix("gw")
    return int(digits) if digits.isdigit() else 0


def worker_block(index: int) -> range:
    """The ports of worker ``index``."""
    first = FIRST_PORT + (index % ((KERNEL_RANGE_START - FIRST_PORT) // BLOCK)) * BLOCK
    return range(first, first + BLOCK)


_turn: Iterator[int] = itertools.cycle(worker_block(worker_index()))


def free_port(host: str = "127.0.0.1") -> int:
    """A port of this worker's block that nothing on ``host`` listens on (or lingers on) right now."""
    for _ in range(BLOCK):
        port = next(_turn)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"every port of this worker's block ({worker_block(worker_index())}) on {host} is taken")
