"""Fouls and free throws: "Fouled, roll 20-sided for free throws", missed 2- and 3-pointers with a
foul, the foul limit, "ADVANCED GAME OPTION - Roll only 3 dice (skip 20-sided)" to foul
intentionally, and the one-and-one.

A mixin of :class:`~coachgym.rules.valueadd.engine.ValueAddEngine`; section names are the headings
of ``value-add-basketball-instructions.txt`` (see the engine's docstring for the order of the dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import FTA, FTM, PF, TOV

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class FoulMixin(_Engine):
    def _foul(self, dfn: int, k: int, off: int, slot: int, home_whistle: bool = False) -> None:
        ts = self.team_state[dfn]
        i = ts.lineup[k]
        ts.fouls[i] += 1
        ts.stats[i][PF] += 1
        n = ts.fouls[i]
        if n == self.options.foul_limit:
            ts.fouled_out += 1  # counted with the foul, before it is reported
        if self.recording:
            self.event("foul", dfn, f"  foul on {self.pname(dfn, k)} ({n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'})"
                       + (" - a home whistle" if home_whistle else ""), fouls=n)
        if n == self.options.foul_limit:
            if self.recording:
                self.event("fouled_out", dfn, f"  {self.pname(dfn, k)} fouls out")
        self._trigger_extra("foul")

    def _intentional_foul(self, off: int, slot: int, ds: int, r: int, team_def: bool) -> None:
        """'Roll only 3 dice (skip 20-sided) to intentionally foul'."""
        dfn = 1 - off
        k = None
        if 11 <= r <= 16:
            k = self._steal_by(dfn, slot, ds, r, team_def)
        elif r == 31:
            k = self._all_defender(dfn, ds, 31)
        if k is not None:
            self._steal(off, slot, k, r)
            return
        if 41 <= r <= 46 and r - self.fatigue(off, slot) <= self.card(off, slot).turnover:
            self._stat(off, slot, TOV)
            if self.recording:
                self.event("turnover", off, f"  turnover by {self.pname(off, slot)} against the intentional foul")
            self._trigger_extra("turnover forced while fouling intentionally")
            self.phase = "end"
            return
        self._foul(dfn, ds, off, slot)
        if self.recording:
            self.event("intentional_foul", dfn, f"  {self.pname(dfn, ds)} fouls {self.pname(off, slot)} intentionally")
        self._free_throws(off, slot, 2)

    def _free_throws(self, off: int, slot: int, n: int, one_and_one: bool = False) -> None:
        """'Roll 20-sided die only for each free throw'."""
        card = self.card(off, slot)
        pen = self.fatigue(off, slot)
        ts = self.team_state[off]
        st = ts.stats[ts.lineup[slot]]
        for k in range(n):
            d20 = self.source.roll(20, "d20 free throw")
            good = d20 + pen <= card.free_throw
            st[FTA] += 1
            if good:
                self._score(off, slot, 1)
                st[FTM] += 1
            if self.recording:
                self.event("free_throw", off, f"  free throw {k + 1}{' (one-and-one)' if one_and_one and k == 0 else ''}: "
                           f"{'good' if good else 'missed'} (20-sided {d20}) [{self._score_text()}]", made=good)
            if not good and one_and_one and k == 0:
                self._rebound(slot, ft=True)
                return
        if good:
            self.phase = "end"
        else:
            self._rebound(slot, ft=True)
