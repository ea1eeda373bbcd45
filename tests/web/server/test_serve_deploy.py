"""The files of deploy/ hold together: systemd accepts the units, they start the command the package installs, and
every setting of pocha.env is one Pocha reads. (deploy/Caddyfile runs in tests/browser/test_through_caddy.py.)"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from scorekeeper import PROJECT_DIR
from scorekeeper.server import production

ROOT = PROJECT_DIR
DEPLOY = ROOT / "deploy"
PACKAGE = ROOT / "scorekeeper"
UNITS = ("pocha.service", "pocha-backup.service", "pocha-backup.timer")
INSTALLED_SERVER = "/srv/pocha/.venv/bin/pocha-server"


def env_file() -> dict[str, str]:
    """The settings deploy/pocha.env gives (comments and commented-out settings left out)."""
    lines = (DEPLOY / "pocha.env").read_text(encoding="utf-8").splitlines()
    pairs = [line.split("=", 1) for line in lines if line.strip() and not line.lstrip().startswith("#")]
    return {name.strip(): value.strip() for name, value in pairs}


def commented_settings() -> list[str]:
    """The settings deploy/pocha.env shows commented out (``#NAME=value``)."""
    text = (DEPLOY / "pocha.env").read_text(encoding="utf-8")
    return re.findall(r"^#([A-Z_]+)=", text, re.M)


def test_systemd_accepts_the_units(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    assert analyze, "systemd-analyze (Debian's systemd package) checks the units"
    for unit in UNITS:
        text = (DEPLOY / unit).read_text(encoding="utf-8")
        # The unit as installed on the server, pointing at this checkout's pocha-server instead.
        (tmp_path / unit).write_text(text.replace(INSTALLED_SERVER, str(Path(sys.prefix) / "bin" / "pocha-server")))
    answer = subprocess.run(
        [analyze, "verify", "--man=no", *(str(tmp_path / unit) for unit in UNITS)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert answer.returncode == 0 and not (answer.stdout + answer.stderr).strip(), answer.stdout + answer.stderr


def test_the_service_starts_the_installed_production_command() -> None:
    service = (DEPLOY / "pocha.service").read_text(encoding="utf-8")
    assert f"ExecStart={INSTALLED_SERVER}\n" in service
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["pocha-server"] == "scorekeeper.server.production:main"
    assert "EnvironmentFile=/etc/pocha/pocha.env" in service


@pytest.mark.parametrize("name", [*env_file(), *commented_settings()])
def test_every_setting_of_the_env_file_is_read_by_pocha(name: str) -> None:
    sources = "\n".join(path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py"))
    assert f'"{name}"' in sources, f"{name} is in deploy/pocha.env but nothing in scorekeeper/ reads it"


def test_the_env_file_puts_pocha_behind_one_proxy_on_this_machine() -> None:
    settings = env_file()
    assert settings["TRUSTED_PROXIES"] == "1"
    assert settings["DATABASE_URL"].startswith("postgresql+psycopg://")
    args = production.parse_args([], env=settings)
    assert (args.host, args.port) == ("127.0.0.1", 8000)
    caddyfile = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    assert f"reverse_proxy {args.host}:{args.port}" in caddyfile, "Caddy sends requests where pocha-server listens"
