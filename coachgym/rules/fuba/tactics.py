"""Readings of a FUBA match shared by coachgym's parts (plain rules-level queries: they read the
engine and change nothing)."""

from __future__ import annotations

from .engine import FubaEngine


def remaining(g: FubaEngine) -> float:
    """The share of the match still to play (the search's value model): minutes left of 90; all of
    it before the kick-off."""
    if g.phase in ("formation", "kickoff_roll", "kickoff_choice"):
        return 1.0
    return max(0.0, (90 - g.minute) / 90)
