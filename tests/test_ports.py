"""The test harness's ports: each parallel worker takes its servers' ports from a block no other worker, and no
port the kernel hands out by itself, can reach."""

import itertools
import socket
from pathlib import Path

import pytest

from support import ports

LOCAL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")


@pytest.mark.parametrize("name", ["gw0", "gw1", "gw7", "gw24"])
def test_a_worker_is_numbered_by_its_name(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER", name)
    assert ports.worker_index() == int(name.removeprefix("gw"))


def test_without_workers_the_one_process_is_worker_0(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    assert ports.worker_index() == 0


def test_the_workers_blocks_never_meet_and_end_below_the_kernels_own_ports() -> None:
    blocks = [set(ports.worker_block(index)) for index in range(25)]
    assert all(len(block) == ports.BLOCK for block in blocks)
    assert sum(len(block) for block in blocks) == len(set().union(*blocks)), "two workers share a port"
    first_ephemeral = int(LOCAL_RANGE.read_text().split()[0])
    assert max(max(block) for block in blocks) < first_ephemeral


def test_a_free_port_is_in_this_workers_block_and_can_be_listened_on() -> None:
    block = ports.worker_block(ports.worker_index())
    port = ports.free_port()
    assert port in block
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", port))
        server.listen()


def test_a_port_in_use_is_passed_over_and_the_others_are_handed_out_in_turn() -> None:
    block = ports.worker_block(ports.worker_index())
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", ports.free_port()))
        busy.listen()
        taken = busy.getsockname()[1]
        handed = [ports.free_port() for _ in range(ports.BLOCK)]
    assert taken not in handed
    assert set(handed) <= set(block)
    # Other tests of this worker may hold a port or two, or leave one lingering; the rest come round in turn.
    assert all(first != second for first, second in itertools.pairwise(handed))
    assert len(set(handed)) > ports.BLOCK // 2
