"""Draw the phone app's PNG icons from static/icons/pocha.svg with Debian's Chromium: `make icons`.

The PNGs are kept in git (static/icons/); run this again only after changing the SVG.
- ``pocha-192.png``, ``pocha-512.png``: the icon as drawn, its corners transparent (manifest, purpose "any");
- ``pocha-maskable-512.png``: the green filling the whole square and the card inside the safe circle
  (80% of the side), for launchers that cut the icon to their own shape (purpose "maskable");
- ``apple-touch-icon.png`` (180 px): the same full square, as iPhones round it themselves.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ICONS = Path(__file__).resolve().parents[2] / "static" / "icons"
SOURCE = ICONS / "pocha.svg"
#: The card fits the maskable icon's safe circle once the drawing is scaled down this much about its centre.
SAFE_SCALE = 0.8


def full_bleed(svg: str) -> str:
    """The icon with its green square filling the whole picture, the drawing scaled into the safe circle."""
    inner = svg.split(">", 1)[1].rsplit("</svg>", 1)[0]
    inner = re.sub(r'<rect x="4" y="4" width="56" height="56" rx="12" fill="(#[0-9a-f]+)"/>', "", inner, count=1)
    offset = 32 * (1 - SAFE_SCALE)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
        '<rect width="64" height="64" fill="#1d6b45"/>'
        f'<g transform="translate({offset} {offset}) scale({SAFE_SCALE})">{inner}</g></svg>'
    )


def draw(svg: str, size: int, target: Path) -> None:
    """Render ``svg`` to a ``size``-pixel square PNG at ``target``, with a transparent background."""
    sized = svg.replace("<svg ", f"<svg width={size} height={size} ", 1)
    page = f'<html><body style="margin:0;background:transparent"><div style="width:{size}px;height:{size}px">{sized}</div></body></html>'
    with tempfile.TemporaryDirectory() as folder:
        html = Path(folder) / "icon.html"
        html.write_text(page, encoding="utf-8")
        subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                f"--user-data-dir={folder}/profile",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
                "--default-background-color=00000000",
                f"--window-size={size},{size}",
                f"--screenshot={target}",
                html.as_uri(),
            ],
            check=True,
            capture_output=True,
        )


def main() -> int:
    """Draw every icon the manifest and the pages name."""
    svg = SOURCE.read_text(encoding="utf-8")
    square = full_bleed(svg)
    for name, drawing, size in (
        ("pocha-192.png", svg, 192),
        ("pocha-512.png", svg, 512),
        ("pocha-maskable-512.png", square, 512),
        ("apple-touch-icon.png", square, 180),
    ):
        draw(drawing, size, ICONS / name)
        print(f"{ICONS / name}: {size}x{size}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
