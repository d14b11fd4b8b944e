"""Statis Pro Basketball's parts beyond its engine (core.ruleset.PARTS says what each is): imported by
``RULESET.part`` when one is first asked for, never by the engine. A module of the layer above all
but the app (tests/test_layers.py), so it may import the env, the coach by the book, the carry-over
and the training macros; it imports no torch."""

from __future__ import annotations

from ...agents.statispro import ByTheBookCoach
from ...coachkinds import COACH_KINDS
from ...core.ruleset import Academy, Parts, Tabletop
from ...training.macros import BookChoice, BookSubstitution, Macro
from . import cards
from .builder import build_league
from .carryover import StatisProCarryOver
from .extractor import FacExtractor, time_card_note
from .invariants import check
from .options import LEAGUES
from .present import PRESENTER
from .realism import STATS
from .tactics import remaining, star_double_team
from .vocabulary import VOCABULARY

# training macros (name -> training.macros.Macro): one policy output that stands for a choice
MACROS = {
    "double_team_best_scorer": Macro(
        "double_team_best_scorer",
        "Double Team their best scorer with our man guarding their weakest shooter (5.5)",
        star_double_team, frozenset({"menu"})),
    # the book's shot selection (shoot now or work the ball) as one output: the fixed policy "this macro
    # where it applies, else the first legal action" is worth 0.81-1.12 of the book on the academy's
    # scenarios, first-legal 0.21-1.03 (docs/academy.md, "Where a book's worth lies")
    "book_shot": Macro(
        "book_shot",
        "Shoot or work the ball as the book would now (its shot selection, as one action)",
        BookChoice(frozenset({"advance", "shoot", "shoot_two", "shoot_three"}))),
    # the book's substitutions as one output: in the fourth quarter "the book's substitutions, else the
    # first legal action" is worth 1.23 of the book on the curves' 100 episodes, "the book's shots, else
    # first-legal" 0.80 (docs/academy.md, the fifth round)
    "book_substitution": Macro(
        "book_substitution",
        "Substitute as the book would now (its rotation, as one action)",
        BookSubstitution(frozenset({"substitute"}))),
}


def fit_team_terms(folder, **settings):
    """The team-terms fit of a built league folder (``coachgym leagues build --team-terms``; teamterms.fit,
    looked up when called)."""
    from . import teamterms

    return teamterms.fit(folder, **settings)


def env_class() -> type:
    """The Gymnasium env class (imported here, when asked for: gymnasium and NumPy load with it)."""
    from ...envs.statispro import StatisProBasketballEnv

    return StatisProBasketballEnv


# the academy (docs/academy.md): its env, its place in the listings and its words
ACADEMY = Academy("coachgym/StatisProAcademy-v0", "StatisProAcademyEnv", listed=1,
                  values=("margin", "period", "game_minutes_left", "minutes_left", "our_ball", "our_most_fouls"))
# the FAC Extractor for a game played on the table (coachgym fac, the web's FAC page)
TABLETOP = Tabletop(FacExtractor, tuple(LEAGUES), time_card_note, cards)

PARTS = Parts(
    env=env_class,
    coaches={"by-the-book": ByTheBookCoach},
    coach_kinds=COACH_KINDS,
    presenter=PRESENTER,
    vocabulary=VOCABULARY,
    remaining=remaining,
    carry_over=StatisProCarryOver,
    invariants=check,
    realism=STATS,
    macros=MACROS,
    league_builder=build_league,
    tabletop=TABLETOP,
    academy=ACADEMY,
    team_terms=fit_team_terms,
)
