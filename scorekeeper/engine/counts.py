"""Whole numbers: the one check that a number said or stored is an ``int`` (``True`` is not one), and in range."""

from __future__ import annotations

from typing import TypeGuard


def is_whole(value: object) -> TypeGuard[int]:
    """True for a whole number: an ``int``, but not ``True`` or ``False`` (nor ``2.0``)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_count(value: object, top: int | None = None) -> TypeGuard[int]:
    """True for a whole number from 0, up to ``top`` when given."""
    return is_whole(value) and value >= 0 and (top is None or value <= top)
