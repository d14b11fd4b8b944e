"""Exact clones and determinization of a Value Add game (see coachgym/core/copying.py, docs/search.md).

What a coach knows: everything. Value Add is played with dice and printed player cards only, and
every coaching call is announced, so the only thing hidden is the future dice: a resampled copy
gets a new dice seed and nothing else changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import DECLARATION

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object

PLAN = DECLARATION.clone_plan()  # each declared field copied as declared; teams, options and tables shared


class CopyingMixin(_Engine):
    """Clone hooks of :class:`~coachgym.rules.valueadd.engine.ValueAddEngine`."""

    clone_plan = PLAN
    hidden_information = ("future dice",)

    def _after_copy(self) -> None:
        self.recording = self.log.record  # a copy may record events or only count them
