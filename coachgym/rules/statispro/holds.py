"""Statis Pro's holds for the search's rollouts (``coachgym.core.holds``; the table in data/holds.json):
a side's coaching settings, and the marks of its periods and halves."""

from __future__ import annotations

from typing import Any

from ...core.holds import HoldRules


def settings(game: Any, side: int) -> dict[Any, Any]:
    """The lineup slot by slot, the guard assignments, the Double Team and the three-point modes."""
    ts = game.team_state[side]
    out: dict[Any, Any] = {("lineup", k): p for k, p in enumerate(ts.lineup)}
    out.update(guard=tuple(ts.guard), dt=tuple(ts.double_team), tpo=ts.three_point_offense, tpd=ts.three_point_defense)
    return out


def period(game: Any) -> int:
    n: int = game.period
    return n


def half(game: Any) -> int:
    """Periods 1-2 and 3-4 are the halves; each overtime a half of its own."""
    n: int = game.period
    return (n + 1) // 2 if n <= 4 else n


HOLDS = HoldRules.load(__package__, settings, period, half)
