"""FUBA's parts beyond its engine (core.ruleset.PARTS says what each is): imported by
``RULESET.part`` when one is first asked for, never by the engine. A module of the layer above all
but the app (tests/test_layers.py), so it may import the env, the coach by the book, the carry-over
and the training macros; it imports no torch."""

from __future__ import annotations

from ...agents.fuba import ByTheBookCoach
from ...coachkinds import COACH_KINDS
from ...core.ruleset import Academy, Parts
from .carryover import FubaCarryOver
from .invariants import check
from .present import PRESENTER
from .realism import STATS
from .tactics import remaining
from .vocabulary import VOCABULARY


def env_class() -> type:
    """The Gymnasium env class (imported here, when asked for: gymnasium and NumPy load with it)."""
    from ...envs.fuba import FubaEnv

    return FubaEnv


# the academy (docs/academy.md): its env, its place in the listings and its words
ACADEMY = Academy("coachgym/FUBAAcademy-v0", "FubaAcademyEnv", listed=3, margin_scale=1.0, units=("goal", "goals"),
                  score_name="goal difference",
                  values=("margin", "score", "opponent_score", "half", "game_minutes_left", "our_ball"),
                  period_end="the end of the half", final="to the final whistle", draws=True)

PARTS = Parts(
    env=env_class,
    coaches={"by-the-book": ByTheBookCoach},
    coach_kinds=COACH_KINDS,
    presenter=PRESENTER,
    vocabulary=VOCABULARY,
    remaining=remaining,
    carry_over=FubaCarryOver,
    invariants=check,
    realism=STATS,
    academy=ACADEMY,
)
