"""Value Add Basketball's parts beyond its engine (core.ruleset.PARTS says what each is): imported by
``RULESET.part`` when one is first asked for, never by the engine. A module of the layer above all
but the app (tests/test_layers.py), so it may import the env, the coach by the book, the carry-over
and the training macros; it imports no torch."""

from __future__ import annotations

from ...agents.valueadd import ByTheBookCoach
from ...coachkinds import COACH_KINDS
from ...core.ruleset import Academy, Parts
from ...training.macros import BOOK_ROTATION_MACROS
from .builder import league_teams
from .carryover import ValueAddCarryOver
from .invariants import check
from .present import PRESENTER
from .realism import STATS
from .tactics import remaining
from .vocabulary import VOCABULARY


def env_class() -> type:
    """The Gymnasium env class (imported here, when asked for: gymnasium and NumPy load with it)."""
    from ...envs.valueadd import ValueAddBasketballEnv

    return ValueAddBasketballEnv


# the academy (docs/academy.md): its env, its place in the listings and its words
ACADEMY = Academy("coachgym/ValueAddAcademy-v0", "ValueAddAcademyEnv", listed=2,
                  values=("margin", "boxes_left", "our_ball", "our_most_fouls"), period_end="the end of regulation")

PARTS = Parts(
    env=env_class,
    coaches={"by-the-book": ByTheBookCoach},
    coach_kinds=COACH_KINDS,
    presenter=PRESENTER,
    vocabulary=VOCABULARY,
    remaining=remaining,
    carry_over=ValueAddCarryOver,
    invariants=check,
    realism=STATS,
    macros=BOOK_ROTATION_MACROS,
    league_builder=league_teams,
    academy=ACADEMY,
)
