"""Exact clones and determinization of a Value Add game (see coachgym/core/copying.py, docs/search.md).

What a coach knows: everything. Value Add is played with dice and printed player cards only, and
every coaching call is announced, so the only thing hidden is the future dice: a resampled copy
gets a new dice seed and nothing else changes.
"""

from __future__ import annotations

from ...core.copying import ENGINE_PLAN, ClonePlan, deep, is_immutable
from .state import TeamState


def copy_team_state(ts: TeamState) -> TeamState:
    """A TeamState's copy: the statistics row by row, other lists shallow, anything else deep."""
    new = TeamState.__new__(TeamState)
    for name in TeamState.__slots__:
        v = getattr(ts, name)
        if name == "stats":
            v = [row.copy() for row in v]
        elif v.__class__ is list:
            v = v.copy()
        elif not is_immutable(v):
            v = deep(v)
        setattr(new, name, v)
    return new


PLAN = ClonePlan(
    base=ENGINE_PLAN,
    # the options, the teams and what _build_tables derives from them never change during a game
    share=("options", "teams", "tables", "three_tables", "dunk_net", "pre86_extra", "reserve_slots", "_extras",
           "_assist20", "_stamina"),
    custom={"ts": lambda ts: [copy_team_state(t) for t in ts]},
    nested=("ctx",),
)


class CopyingMixin:
    """Clone hooks of :class:`~coachgym.rules.valueadd.engine.ValueAddEngine`."""

    clone_plan = PLAN
    hidden_information = ("future dice",)

    def _after_copy(self) -> None:
        self.rec = self.log.record  # a copy may record events or only count them
