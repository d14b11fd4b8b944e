"""Coaching readings of a 4th Street game shared by the by-the-book coach and strategy files (plain
rules-level queries: they read the engine and change nothing)."""

from __future__ import annotations

from .court import SEASON
from .engine import FourthStreetEngine


def tired(g: FourthStreetEngine, side: int, i: int) -> bool:
    """Roster player ``i`` of ``side`` is tired: fatigue points, or a stint past his fat rating (with
    the fatigue rule on)."""
    if not g.options.fatigue:
        return False
    p = g.teams[side].players[i]
    return g.team_state[side].fatigue_points[i] > 0 or g.stint[side][i] >= p.fat * 60


def remaining(g: FourthStreetEngine) -> float:
    """The share of the game still to play (the search's value model): the game clock's seconds left
    of regulation (an overtime: its seconds, as a share of a regulation game)."""
    period_s: int = SEASON["period_minutes"] * 60
    periods: int = SEASON["periods"]
    if g.period > periods:
        return min(1.0, g.clock / (periods * period_s))
    return ((periods - g.period) * period_s + g.clock) / (periods * period_s)
