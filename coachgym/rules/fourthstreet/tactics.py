"""Coaching readings of a 4th Street game shared by the by-the-book coach and strategy files (plain
rules-level queries: they read the engine and change nothing)."""

from __future__ import annotations

from .engine import FourthStreetEngine


def tired(g: FourthStreetEngine, side: int, i: int) -> bool:
    """Roster player ``i`` of ``side`` is tired: fatigue points, or a stint past his fat rating (with
    the fatigue rule on)."""
    if not g.opts.fatigue:
        return False
    p = g.teams[side].players[i]
    return g.fpts[side][i] > 0 or g.stint[side][i] >= p.fat * 60
