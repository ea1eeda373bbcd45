"""Tokens kept sealed: a scorekeeper's token stored so that only the holder of another token can read it back.

The token is XORed with a pad that only the key token makes (an HMAC of it, for a label that says
what the seal is for): the database alone cannot open it; whoever holds the key token can. Used for
a revancha's token (the old game's token opens it) and a night's tables (the peña manager's opens them).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from typing import Final

#: The longest token a seal can keep (an HMAC-SHA256's bytes), and what a token opened from a seal must look like.
HMAC_BYTES: Final = 32
TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")


def _pad(key: str, label: str) -> bytes:
    """The 32 bytes that seal a token for ``key`` and ``label``."""
    return hmac.new(key.encode(), label.encode(), hashlib.sha256).digest()


def seal(kept: str, key: str, label: str) -> str:
    """The token ``kept`` as it is stored (hex): only ``key`` (with the same ``label``) opens it."""
    data = kept.encode()
    if len(data) > HMAC_BYTES:
        raise ValueError("a token longer than its seal")
    return bytes(a ^ b for a, b in zip(data, _pad(key, label))).hex()


def unseal(sealed: str, key: str, label: str) -> str | None:
    """The token kept in ``sealed``, opened with ``key`` and ``label``; ``None`` when it is not one (another key, or
    not a seal of ours)."""
    try:
        data = bytes.fromhex(sealed)
    except ValueError:
        return None
    opened = bytes(a ^ b for a, b in zip(data, _pad(key, label)))
    text = opened.decode("ascii", errors="replace")
    return text if len(data) <= HMAC_BYTES and TOKEN.fullmatch(text) else None
