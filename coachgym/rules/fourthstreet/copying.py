"""Exact clones and determinization of a 4th Street game (see coachgym/core/copying.py, docs/search.md).

What a coach knows: everything. 4th Street is played with dice, printed player cards and location
grids, and every call (defenses, double teams, zone tokens, end-game strategies, players playing
it safe) is announced to the opponent, so the only thing hidden is the future dice: a resampled
copy gets a new dice seed and nothing else changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .saved import DECLARATION

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


# the clone plan, derived from the state's one declaration (saved.DECLARATION): shared data, each field
# copied as it is declared, the bench keys started again
PLAN = DECLARATION.clone_plan()


class CopyingMixin(_Engine):
    """Clone hooks of :class:`~coachgym.rules.fourthstreet.engine.FourthStreetEngine`."""

    clone_plan = PLAN
    hidden_information = ("future dice",)
