"""Counts in words: ``counted(1, "game")`` is "1 game", ``counted(2, "game")`` "2 games"."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for one (``plural`` where adding an s is wrong)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
