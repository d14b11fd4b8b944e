"""Exact clones and determinization of a FUBA match (see coachgym/core/copying.py, docs/search.md).

What a coach knows: the board (every piece, the ball and its value), time, score, cards, condition
points, substitutions, skills, weather, the play-by-play. Hidden: the future dice (the special
events table is a dice table too) and two choices the rules make in secret: the formation card
(and A2 roles) of the coach who chose first, until both cards are revealed (2.1), and the
goalkeeper's side at a penalty kick until the kick is taken (5.5). A resampled copy redraws those
for the coach who must not know them: the hidden formation uniformly among the eight formation
cards of tables.json, without A2 roles; the keeper's side uniformly (left, stay, right).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import AWAY, HOME
from .board import FORMATION_CARDS
from .saved import DECLARATION

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


PLAN = DECLARATION.clone_plan()  # from the declared state (saved.py)


class CopyingMixin(_Engine):
    """Clone hooks of :class:`~coachgym.rules.fuba.engine.FubaEngine`."""

    clone_plan = PLAN
    hidden_information = ("the formation card and A2 roles of the coach who chose first, until both are revealed (2.1)",
                          "the goalkeeper's side at a penalty kick (5.5)", "future dice")

    def _resample_hidden(self, viewer: int | None) -> None:
        if viewer is None:
            return
        if self.phase == "formation" and viewer == AWAY and self.ctx.get("side") == AWAY:
            d, m, f = (int(x) for x in FORMATION_CARDS[self.source.roll(len(FORMATION_CARDS), "hidden formation") - 1].split("-"))
            self.team_state[HOME].formation = [d, m, f]
            self.team_state[HOME].roles = [0] * len(self.team_state[HOME].roles)
        elif self.phase == "penalty" and viewer == self.controlling and self.ctx.get("keeper") is not None:
            self.ctx["keeper"] = self.source.roll(3, "hidden goalkeeper choice") - 1
