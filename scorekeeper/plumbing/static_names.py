"""Names of files under static/ (``js/pocha/outbox.js``): where an address written in one of them leads."""

from __future__ import annotations

from pathlib import PurePosixPath


def relative_name(importer: str, address: str) -> str | None:
    """The name under static/ of the file ``address`` names, read from the file ``importer`` (both as names under
    static/): ``../outbox.js`` in ``js/pocha/game/page.js`` -> ``js/pocha/outbox.js``; ``None`` when it leads out
    of static/."""
    parts: list[str] = []
    for part in (*PurePosixPath(importer).parent.parts, *PurePosixPath(address).parts):
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)
