"""4th Street's holds for the search's rollouts (``coachgym.core.holds``; the table in data/holds.json):
a side's coaching settings, and the marks of its periods and halves."""

from __future__ import annotations

from typing import Any

from ...core.holds import HoldRules


def settings(game: Any, side: int) -> dict[Any, Any]:
    """The lineup slot by slot and who plays it safe (foul trouble)."""
    out: dict[Any, Any] = {("lineup", k): p for k, p in enumerate(game.team_state[side].lineup)}
    out.update({("safe", k): bool(v) for k, v in enumerate(game.team_state[side].safe)})
    return out


def period(game: Any) -> int:
    p: int = game.period
    return p


def half(game: Any) -> int:
    """Periods 1-2 and 3-4 are the halves; each overtime a half of its own."""
    p: int = game.period
    return (p + 1) // 2 if p <= 4 else p


HOLDS = HoldRules.load(__package__, settings, period, half)
