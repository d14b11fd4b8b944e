"""Statis Pro's holds for the search's rollouts (``coachgym.core.holds``; the table in data/holds.json):
a side's coaching settings, and the marks of its periods and halves."""

from __future__ import annotations

from typing import Any

from ...core.holds import HoldRules


def settings(game: Any, side: int) -> dict[Any, Any]:
    """The lineup slot by slot, the guard assignments, the Double Team and the three-point modes."""
    out: dict[Any, Any] = {("lineup", k): p for k, p in enumerate(game.team_state[side].lineup)}
    out.update(guard=tuple(game.team_state[side].guard), dt=tuple(game.team_state[side].double_team), tpo=game.team_state[side].three_point_offense,
               tpd=game.team_state[side].three_point_defense)
    return out


def period(game: Any) -> int:
    return game.period


def half(game: Any) -> int:
    """Periods 1-2 and 3-4 are the halves; each overtime a half of its own."""
    return (game.period + 1) // 2 if game.period <= 4 else game.period


HOLDS = HoldRules.load(__package__, settings, period, half)
