"""Exact clones and determinization of a 4th Street game (see coachgym/core/copying.py, docs/search.md).

What a coach knows: everything. 4th Street is played with dice, printed player cards and location
grids, and every call (defenses, double teams, zone tokens, end-game strategies, players playing
it safe) is announced to the opponent, so the only thing hidden is the future dice: a resampled
copy gets a new dice seed and nothing else changes.
"""

from __future__ import annotations

from ...core.copying import ENGINE_PLAN, ClonePlan

PLAN = ClonePlan(
    base=ENGINE_PLAN,
    share=("opts", "teams"),
    flat=("pts", "team_fouls", "late_fouls", "team_tov", "timeouts", "dmode", "align", "double", "helper", "press_ban",
          "kick_used", "kick_until", "lane", "windows", "subs_open", "poss_changes", "jumpers"),
    rows=("lineup", "avail", "_stint", "fpts", "on_at", "benched", "req", "safe", "played", "tokens", "replace"),
    cube=("stats",),
    nested=("ctx", "injuries"),
    fresh={"_bench_keys": lambda: [None, None]},  # derived from the lineups on demand
)


class CopyingMixin:
    """Clone hooks of :class:`~coachgym.rules.fourthstreet.engine.FourthStreetEngine`."""

    clone_plan = PLAN
    hidden_information = ("future dice",)
