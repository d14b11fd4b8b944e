"""Exact clones and determinization of a Statis Pro game (see coachgym/core/copying.py, docs/search.md).

What a coach knows: everything on the table - scores, the box score, lineups, fouls, fatigue and
rest, timeouts, Index Points, the FAC discard pile (every card drawn this period), and where the
Time cards lie (3.1 counts them into the deck at fixed places: the scoreboard's "FAC left" tells
how far the next one is). Hidden: the order of the undrawn Fast Action Cards, and which of the
unseen cards are in the FAC pile and which in the Dead Ball Deck (3.1 sets the Dead Ball Deck
aside face down). Once 8.3 has rebuilt the Dead Ball Deck from the discard pile, its cards are
known (they were seen) but not their order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.copying import ClonePlan, register_immutable
from . import cards as K
from .saved import DECLARATION

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


register_immutable(K.Card)  # cards are never changed once the deck is read

# the clone plan, derived from the state's one declaration (saved.DECLARATION: shared data, each field as
# it declares, the memos a copy starts again), plus what the declaration leaves to the engine: the card
# piles (saved by key) and the per-team change counter ``rev`` the coaches' caches key on (not saved)
PLAN = ClonePlan(base=DECLARATION.clone_plan(), flat=("fac", "dead", "discard", "rev"))


class CopyingMixin(_Engine):
    """Clone hooks of :class:`~coachgym.rules.statispro.engine.StatisProEngine`."""

    clone_plan = PLAN
    hidden_information = ("the order of the undrawn Fast Action Cards (Time cards stay where 3.1 put them)",
                          "which unseen cards are in the FAC pile and which in the Dead Ball Deck",
                          "future dice")

    def _after_copy(self) -> None:
        from .engine import _GAME_IDS

        self.uid = next(_GAME_IDS)  # a copy is another game for coaches' caches (they key on uid and rev)

    def _resample_hidden(self, viewer: int | None) -> None:
        fac = self.fac
        places = [i for i, c in enumerate(fac) if not c.time]
        pool = [fac[i] for i in places]
        pooled_dead = not self.dead_from_discard
        if pooled_dead:
            pool += self.dead
        self.source.shuffle(pool, "resample the unseen Fast Action Cards")
        for i, c in zip(places, pool):
            fac[i] = c
        if pooled_dead:
            self.dead[:] = pool[len(places):]
        else:
            self.source.shuffle(self.dead, "resample the order of the Dead Ball Deck")
