"""The coach kinds every bundled ruleset offers beyond its own coaches, as one typed registration
(``core.ruleset.CoachKinds``) that each ruleset's ``parts.py`` names (``Parts(coach_kinds=COACH_KINDS)``):

* ``strategy:FILE.yaml``: a situational strategy file (docs/strategy.md);
* ``search`` and ``search:...``: rollouts from resampled copies (docs/search.md);
* ``trained`` and a model file (``.npz``: NumPy only; ``.zip``: stable-baselines3, the train extra):
  training's coach, imported when one is made (NumPy, and torch for a ``.zip``, load with it).

A module of the parts layer (tests/test_layers.py): core reads it through the registrations, never
imports it, and every kind is reached here by a plain import that the layer test follows.
"""

from __future__ import annotations

from typing import Any

from .core.coach import Coach
from .core.ruleset import CoachKinds
from .search.coach import search_coach
from .strategy.coach import strategy_coach


def trained_coach(model: Any, ruleset: str, seed: int | None = None) -> Coach:
    """``training.coach.TrainedCoach`` (the shipped model where ``model`` is None, else that model file)."""
    from .training.coach import TrainedCoach

    coach: Coach = TrainedCoach(model, ruleset, seed=seed)
    return coach


COACH_KINDS = CoachKinds(kinds={"strategy": strategy_coach, "search": search_coach}, bare=("search",),
                         trained=trained_coach)
