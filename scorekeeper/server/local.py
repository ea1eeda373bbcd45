"""Serve Pocha to the phones on the local network: `python -m scorekeeper.server.local --host 0.0.0.0 --port 5000`.

One process (waitress): the way to serve one table, or a few, from the computer at the table. A club
serving many tables uses ``scorekeeper.server.production`` instead (gunicorn's workers, behind HTTPS).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

from scorekeeper.server.ports import port_number
from scorekeeper.server.start import serve_with_waitress, start

#: Requests a table's server answers at once.
THREADS = 8


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Read --host, --port and --threads from the command line (HOST and PORT from the environment)."""
    parser = argparse.ArgumentParser(
        prog="python -m scorekeeper.server.local", description="Serve Pocha on the local network."
    )
    parser.add_argument(
        "--host",
        default=os.environ.get("HOST", "0.0.0.0"),
        help="address to listen on (default 0.0.0.0: every network)",
    )
    parser.add_argument(
        "--port", type=port_number, default=os.environ.get("PORT", "5000"), help="port to listen on (default 5000)"
    )
    parser.add_argument("--threads", type=int, default=THREADS, help=f"requests served at once (default {THREADS})")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    """Open the port, apply the migrations, print the addresses to open, and serve until Ctrl+C."""
    args = parse_args(argv)
    app, listener = start(args.host, args.port)
    serve_with_waitress(app, listener, args.threads)


if __name__ == "__main__":
    main()
