"""Serve Pocha to the phones on the local network: `python -m scorekeeper.serve --host 0.0.0.0 --port 5000`."""

import argparse
import os
from collections.abc import Sequence

from flask import Flask
from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.network import lan_addresses

WILDCARD_HOSTS = ("0.0.0.0", "::", "")
#: The environment variable that names another instance folder (``instance/`` by default).
INSTANCE_VARIABLE = "POCHA_INSTANCE"


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Read --host, --port and --threads from the command line (HOST and PORT from the environment)."""
    parser = argparse.ArgumentParser(
        prog="python -m scorekeeper.serve", description="Serve Pocha on the local network."
    )
    parser.add_argument(
        "--host",
        default=os.environ.get("HOST", "0.0.0.0"),
        help="address to listen on (default 0.0.0.0: every network)",
    )
    parser.add_argument(
        "--port", type=int, default=int(os.environ.get("PORT", "5000")), help="port to listen on (default 5000)"
    )
    parser.add_argument("--threads", type=int, default=8, help="requests served at once (default 8)")
    return parser.parse_args(argv)


def addresses_to_open(host: str, port: int) -> list[str]:
    """Return the URLs a browser can open for a server listening on host:port."""
    hosts = [*lan_addresses(), "127.0.0.1"] if host in WILDCARD_HOSTS else [host]
    return [f"http://{f'[{h}]' if ':' in h else h}:{port}/" for h in hosts]


def instance_folder() -> str | None:
    """The instance folder named by POCHA_INSTANCE (secret key, config.py, default database), else Flask's own."""
    return os.environ.get(INSTANCE_VARIABLE) or None


def apply_migrations(app: Flask) -> None:
    """Bring the database up to the newest migration (nothing to do when it already is)."""
    with app.app_context():
        upgrade(directory=app.extensions["migrate"].directory)


def announce(host: str, port: int) -> None:
    """Print where to open Pocha: from this computer and from a phone on the same Wi-Fi."""
    urls = addresses_to_open(host, port)
    print("Pocha está en marcha. Ábrela en el navegador / Open it in a browser:")
    for url in urls:
        where = (
            "este ordenador / this computer"
            if "127.0.0.1" in url
            else "móviles en la misma Wi-Fi / phones on the same Wi-Fi"
        )
        print(f"  {url}   ({where})")
    if host in WILDCARD_HOSTS and len(urls) == 1:
        print("  (No se ha encontrado la red local / No local network found.)")
    print("Ctrl+C para parar / to stop.", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    """Apply the migrations, print the addresses to open, and serve until Ctrl+C."""
    from waitress import serve

    args = parse_args(argv)
    app = create_app(instance_path=instance_folder())
    apply_migrations(app)
    announce(args.host, args.port)
    serve(app, host=args.host, port=args.port, threads=args.threads, ident="Pocha")


if __name__ == "__main__":
    main()
