"""FUBA's holds for the search's rollouts (``coachgym.core.holds``; the table in data/holds.json):
a side's coaching settings, and the marks of its halves (a half is its period too)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.holds import HoldRules

if TYPE_CHECKING:
    from .engine import FubaEngine


def settings(game: Any, side: int) -> dict[Any, Any]:
    """The formation card."""
    return {"formation": tuple(game.team_state[side].formation or ())}


def half(game: FubaEngine) -> int:
    return game.half


HOLDS = HoldRules.load(__package__, settings, half, half)
