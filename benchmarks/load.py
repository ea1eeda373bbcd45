"""Load benchmark: N tables of 5 phones against a real Pocha server on 127.0.0.1, for a fixed time.

At each table one scorekeeper plays whole hands at a table's pace: 8 s or so before each tap (the trump,
each bid, each player's tricks, saving), 4 s for each card each player plays out, 40 s to shuffle, deal
and chat (each give or take half), a tap every 20 s or so on average; ``--pace 5`` plays five times as
fast. Its taps go as the game page's script sends them (``--taps outbox``, the default): applied on the
phone's copy of the game and sent at once to ``/p/<token>/anotar``, answered by a small JSON
acknowledgement; or through the forms (``--taps forms``), each tap followed by the page it leads to.
Four watchers follow the watch link, asking for its live part every 2 s as the page's script does. A
probe fetches a static file twice a second, the yardstick. At the end it prints how often each table
tapped, p50/p95/p99 per route, the errors, the share of polls answered 304, and whether the goals hold:
no error; and at a table's pace, taps and polls at p95 within 3x the static file's p95, at least half
the polls 304.

    python benchmarks/load.py --tables 100 --seconds 120 --database sqlite --workers 4 --pace 1
    python benchmarks/load.py --pace 5 --taps forms
    python benchmarks/load.py --database postgresql --workers 1
    python benchmarks/load.py --url http://127.0.0.1:8000   (a server already running)

Without ``--url`` it starts ``pocha-server`` itself (gunicorn, the workers and threads asked for),
on a fresh database (SQLite in a temporary folder, or a throwaway PostgreSQL cluster with fsync on,
as in production), with rate limits off (every table starts from 127.0.0.1), and stops it.
Traffic goes to 127.0.0.1 only; everything stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_phones import Pace, Phone, Tally, outbox_scorekeeper, scorekeeper, static_probe, watcher  # noqa: E402

WATCHERS = 4
RAMP_SECONDS = 10.0
ROUTES = ("tap", "game page", "poll", "watch page", "static probe", "start game", "new game page", "static")


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def database(kind: str, folder: Path) -> Iterator[str]:
    """A fresh database of ``kind`` (sqlite or postgresql) for the server, gone afterwards."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'load.sqlite3'}"
        return
    from support import postgres  # the tests' throwaway cluster (tests/support/postgres.py)

    postgres.SETTINGS.update(fsync="on", synchronous_commit="on", full_page_writes="on", max_connections="200")
    cluster = postgres.Cluster.start()
    try:
        yield cluster.url(cluster.create_database())
    finally:
        cluster.stop()


@contextmanager
def server(url: str, workers: int, threads: int, folder: Path) -> Iterator[str]:
    """``pocha-server`` on a free port of 127.0.0.1 with ``url`` as its database, until the block ends."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "SECRET_KEY": "load-benchmark",
        "POCHA_INSTANCE": str(folder / "instance"),
        "RATELIMIT_ENABLED": "false",
    }
    command = [sys.executable, "-m", "scorekeeper.server.production", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--workers", str(workers), "--threads", str(threads)]
    log = (folder / "server.log").open("w")
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{base}/salud", timeout=2).read()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"the server did not start: see {folder / 'server.log'}") from None
                time.sleep(0.3)
        yield base
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        log.close()


#: How the scorekeeper sends its taps: as the page's script does (through the outbox), or through the forms.
KEEPERS = {"outbox": outbox_scorekeeper, "forms": scorekeeper}


async def table(
    host: str, port: int, tally: Tally, pace: Pace, taps: str, stop: float, delay: float, seed: int
) -> None:
    """One table: a scorekeeper and four watchers, starting ``delay`` seconds in."""
    await asyncio.sleep(delay)
    rng = random.Random(seed)
    started: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    phones = [Phone(host, port, tally) for _ in range(1 + WATCHERS)]
    keeper = asyncio.create_task(KEEPERS[taps](phones[0], pace, stop, started, rng))
    watch = await started
    if not watch:
        tally.errors.append("a table could not start its game")
    watchers = [asyncio.create_task(watcher(phone, watch, stop, rng)) for phone in phones[1:]] if watch else []
    await asyncio.gather(keeper, *watchers)
    for phone in phones:
        await phone.close()


async def run(base: str, tables: int, seconds: float, pace: Pace, taps: str) -> tuple[Tally, float]:
    """Every table and the probe, for ``seconds``; returns what was seen and how long it took."""
    parts = urlsplit(base)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    tally = Tally()
    probe = Phone(host, port, tally)
    page = await probe.request("new game page", "GET", "/")
    asset = next(iter(re.findall(r'href="(/static/css/[^"]+)"', page.body if page else "")), "/robots.txt")
    start = time.monotonic()
    stop = start + seconds
    jobs = [table(host, port, tally, pace, taps, stop, RAMP_SECONDS * i / tables, i) for i in range(tables)]
    await asyncio.gather(static_probe(probe, asset, stop), *jobs)
    await probe.close()
    return tally, time.monotonic() - start


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (milliseconds)."""
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(tally: Tally, elapsed: float, label: str, tables: int, pace: float) -> bool:
    """Print the figures and whether the goals hold; True when they do. Faster than a table's pace the only goal is
    no error; the rest is printed for the record."""
    taps = len(tally.times.get("tap", ()))
    every = f"a tap every {tables * elapsed / taps:.1f} s at each table" if taps else "no tap"
    print(f"\n{label}: {elapsed:.0f} s, {tally.hands} hands saved, {every}")
    print(f"{'route':>14} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}  statuses")
    for route in ROUTES:
        times = tally.times.get(route)
        if not times:
            continue
        statuses = " ".join(f"{code}:{count}" for code, count in sorted(tally.statuses[route].items()))
        p50, p95, p99 = (percentile(times, share) for share in (0.50, 0.95, 0.99))
        print(f"{route:>14} {len(times):>7} {p50:>8.1f} {p95:>8.1f} {p99:>8.1f}  {statuses}")
    polls = tally.statuses.get("poll", {})
    answered = sum(polls.values())
    share_304 = polls.get(304, 0) / answered if answered else 0.0
    static_p95 = percentile(tally.times["static probe"], 0.95) if tally.times.get("static probe") else float("nan")
    tap_p95 = percentile(tally.times["tap"], 0.95) if tally.times.get("tap") else float("nan")
    poll_p95 = percentile(tally.times["poll"], 0.95) if tally.times.get("poll") else float("nan")
    print(f"errors: {len(tally.errors)}" + (f" (first: {tally.errors[:3]})" if tally.errors else ""))
    print(
        f"polls answered 304: {share_304:.0%}; requests per second: {sum(map(len, tally.times.values())) / elapsed:.0f}"
    )
    goals = {
        "no error": not tally.errors,
        f"tap p95 {tap_p95:.0f} ms <= 3 x static p95 {static_p95:.0f} ms": tap_p95 <= 3 * static_p95,
        f"poll p95 {poll_p95:.0f} ms <= 3 x static p95": poll_p95 <= 3 * static_p95,
        "at least 50 % of polls 304": share_304 >= 0.5,
    }
    at_table_pace = pace <= 1
    for goal, held in goals.items():
        aside = "" if at_table_pace or goal == "no error" else "  (a goal at a table's pace only)"
        print(f"  [{'x' if held else ' '}] {goal}{aside}")
    return all(goals.values()) if at_table_pace else goals["no error"]


def main() -> None:
    """Read the options, run the tables against a server, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--tables", type=int, default=100, help="tables of 5 phones (default 100)")
    parser.add_argument("--seconds", type=float, default=120, help="how long the tables play (default 120)")
    parser.add_argument("--think", type=float, default=Pace.think, help="seconds between a scorekeeper's taps")
    parser.add_argument("--play", type=float, default=Pace.play, help="seconds for each card each player plays out")
    parser.add_argument("--deal", type=float, default=Pace.deal, help="seconds to shuffle and deal a hand")
    parser.add_argument("--pace", type=float, default=1.0, help="how many times a table's pace they play (default 1)")
    parser.add_argument("--taps", choices=tuple(KEEPERS), default="outbox", help="how taps are sent (default outbox)")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--workers", type=int, default=4, help="pocha-server's worker processes (default 4)")
    parser.add_argument("--threads", type=int, default=8, help="threads in each worker (default 8)")
    parser.add_argument("--url", help="a server already running (then --database, --workers, --threads are its own)")
    args = parser.parse_args()
    pace = Pace(args.think, args.play, args.deal).faster(args.pace)
    if not (1 <= args.tables <= 500 and 1 <= args.seconds <= 900):
        raise SystemExit("at most 500 tables and 900 seconds")
    if args.url:
        if urlsplit(args.url).hostname not in ("127.0.0.1", "localhost"):
            raise SystemExit("the load goes to this computer only: --url http://127.0.0.1:PORT")
        tally, elapsed = asyncio.run(run(args.url, args.tables, args.seconds, pace, args.taps))
        label = f"{args.tables} tables x 5 phones at {args.url}, taps by {args.taps}, pace x{args.pace:g}"
        sys.exit(0 if report(tally, elapsed, label, args.tables, args.pace) else 1)
    with tempfile.TemporaryDirectory(prefix="pocha-load-") as scratch:
        folder = Path(scratch)
        with database(args.database, folder) as url, server(url, args.workers, args.threads, folder) as base:
            tally, elapsed = asyncio.run(run(base, args.tables, args.seconds, pace, args.taps))
        label = (
            f"{args.tables} tables x 5 phones, {args.database}, {args.workers} workers x {args.threads} threads, "
            f"taps by {args.taps}, pace x{args.pace:g}"
        )
        held = report(tally, elapsed, label, args.tables, args.pace)
    sys.exit(0 if held else 1)


if __name__ == "__main__":
    main()
