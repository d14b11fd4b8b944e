"""Value Add's holds for the search's rollouts (``coachgym.core.holds``; the table in data/holds.json):
a side's coaching settings, and the marks of its periods and halves."""

from __future__ import annotations

from typing import Any

from ...core.holds import HoldRules


def settings(game: Any, side: int) -> dict[Any, Any]:
    """The lineup slot by slot, the players avoiding fouls, the guards and the three-point mode."""
    ts = game.team_state[side]
    out: dict[Any, Any] = {("lineup", k): p for k, p in enumerate(ts.lineup)}
    out.update({("avoid", p): True for p, v in enumerate(ts.avoiding) if v})
    out.update(guards=tuple(ts.guards), three=ts.three_mode)
    return out


def period(game: Any) -> int:
    """Regulation (one period of 44 boxes) or an overtime."""
    p: int = game.period
    return p


def half(game: Any) -> tuple[int, int]:
    """Regulation's boxes 1-22 and 23-44; each overtime a half of its own."""
    return (game.period, 0 if game.period == 0 and game.box > 22 else 1)


HOLDS = HoldRules.load(__package__, settings, period, half)
