"""FUBA's parts beyond its engine (core.ruleset.PARTS says what each is): imported by
``RULESET.part`` when one is first asked for, never by the engine. A module of the layer above all
but the app (tests/test_layers.py), so it may import the env, the coach by the book, the carry-over
and the training macros; it imports no torch."""

from __future__ import annotations

from ...agents.fuba import ByTheBookCoach
from ...coachkinds import COACH_KINDS
from ...core.ruleset import Academy, Parts
from ...training.macros import BookChoice, Macro
from .carryover import FubaCarryOver
from .invariants import check
from .present import PRESENTER
from .realism import STATS
from .tactics import remaining
from .vocabulary import VOCABULARY

# training macros (name -> training.macros.Macro): the book's positioning (which man moves where, and when
# the moves are done) as one output; "this macro where it applies, else the first legal action" is worth
# 1.06 of the book protecting a 1-0 lead (docs/academy.md, "Where a book's worth lies")
MACROS = {
    "book_positioning": Macro(
        "book_positioning",
        "Move and place the men as the book would now (its positioning, as one action)",
        BookChoice(frozenset({"move_from", "move_to", "place", "done"}))),
}


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
    macros=MACROS,
    academy=ACADEMY,
)
