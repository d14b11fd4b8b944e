"""4th Street Basketball's parts beyond its engine (core.ruleset.PARTS says what each is): imported by
``RULESET.part`` when one is first asked for, never by the engine. A module of the layer above all
but the app (tests/test_layers.py), so it may import the env, the coach by the book, the carry-over
and the training macros; it imports no torch."""

from __future__ import annotations

from ...agents.fourthstreet import ByTheBookCoach
from ...coachkinds import COACH_KINDS
from ...core.ruleset import Academy, Parts
from ...training.macros import BOOK_ROTATION_MACROS
from .builder import league_teams
from .carryover import FourthStreetCarryOver
from .invariants import check
from .present import PRESENTER
from .realism import STATS
from .tactics import remaining
from .vocabulary import VOCABULARY


def fit_team_terms(folder, **settings):
    """The team-terms fit of a built league folder (``coachgym leagues build --ruleset fourthstreet
    --team-terms``; teamterms.fit, looked up when called)."""
    from . import teamterms

    return teamterms.fit(folder, **settings)


def env_class() -> type:
    """The Gymnasium env class (imported here, when asked for: gymnasium and NumPy load with it)."""
    from ...envs.fourthstreet import FourthStreetBasketballEnv

    return FourthStreetBasketballEnv


# the academy (docs/academy.md): its env, its place in the listings and its words
ACADEMY = Academy("coachgym/FourthStreetAcademy-v0", "FourthStreetAcademyEnv", listed=4,
                  values=("margin", "period", "game_minutes_left", "minutes_left", "our_ball", "our_most_fouls"))

PARTS = Parts(
    env=env_class,
    coaches={"by-the-book": ByTheBookCoach},
    coach_kinds=COACH_KINDS,
    presenter=PRESENTER,
    vocabulary=VOCABULARY,
    remaining=remaining,
    carry_over=FourthStreetCarryOver,
    invariants=check,
    realism=STATS,
    macros=BOOK_ROTATION_MACROS,
    league_builder=league_teams,
    academy=ACADEMY,
    team_terms=fit_team_terms,
)
