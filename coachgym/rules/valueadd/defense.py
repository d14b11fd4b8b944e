"""The defender's card on the 11-66 roll: steal (11-16) and block (21-26) ranges, "Steals (advanced
rules)" and "Blocks (advanced rules)" reaching other players, "Steal and Block Ranges Much Lower if
8-sided Die 6, 7 or 8" (team defense), "Roll of 31 or 32", the stop range, and what a steal or a
block leads to ("Fast break after steal").

A mixin of :class:`~coachgym.rules.valueadd.engine.ValueAddEngine`; section names are the headings
of ``value-add-basketball-instructions.txt`` (see the engine's docstring for the order of the dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .state import BLK, DREB, FGA, STL, TOV, PossessionContext

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object

# "Steals (advanced rules)": extra opposing players a range reaches on a 16 (from the bottom up)
STEAL_EXTRA_ON_16 = {17: 1, 18: 2, 19: 3, 21: 1, 22: 2}
# "Blocks (advanced rules)": extra opposing players a range reaches on a 26 (from the top down)
BLOCK_EXTRA_ON_26 = {27: 1, 28: 2, 29: 3, 31: 1, 32: 2}
# "Steal and Block Ranges Much Lower if 8-sided Die 6, 7 or 8": team defense thresholds
TEAM_STEAL_NEEDS = {11: 13, 12: 16, 13: 19}
TEAM_BLOCK_NEEDS = {21: 23, 22: 26, 23: 29}
FAST_BREAK_ODD_ROLLS = (11, 13, 15, 31)  # forwards may fast break only after these steal rolls


class DefenseMixin(_Engine):
    ctx: PossessionContext  # (the engine's: declared for the type checker)
    def _range_top(self, dside: int, k: int, block: bool) -> int:
        """Top of defender ``k``'s steal (11..) or block (21..) range 'after any adjustments':
        fatigue and avoiding fouls each take numbers off; without the extended-range rule 11-17..19
        and 21-27..29 count as 11-16 and 21-26."""
        card = self.card(dside, k)
        top, base = (card.block, 26) if block else (card.steal, 16)
        if not self.options.extended_ranges and base < top < base + 4:
            top = base
        return top - self.fatigue(dside, k) - (1 if self.avoiding(dside, k) else 0)

    def _steal_by(self, dfn: int, slot: int, ds: int, r: int, team_def: bool) -> int | None:
        """11-16: the defender's steal range; on 8-sided 6-8 the team-defense thresholds."""
        return self._defended_by(dfn, slot, ds, r, team_def, block=False)

    def _block_by(self, dfn: int, slot: int, ds: int, r: int, team_def: bool) -> int | None:
        """21-26: the defender's block range; on 8-sided 6-8 the team-defense thresholds."""
        return self._defended_by(dfn, slot, ds, r, team_def, block=True)

    def _defended_by(self, dfn: int, slot: int, ds: int, r: int, team_def: bool, block: bool) -> int | None:
        """The defender who steals (11-16) or blocks (21-26) on roll ``r``, or None."""
        if team_def:  # "Steal and Block Ranges Much Lower if 8-sided Die 6, 7 or 8"
            need = (TEAM_BLOCK_NEEDS if block else TEAM_STEAL_NEEDS).get(r)
            if need is None:
                return None
            best, best_top = None, need - 1
            for k in range(5):
                top = self._range_top(dfn, k, block)
                if top > best_top:
                    best, best_top = k, top
            return best
        last = 26 if block else 16
        if r <= min(self._range_top(dfn, ds, block), last):
            return ds
        if r == last and self.options.extended_ranges:
            # a range "higher than 11-16 [21-26] after any adjustments" reaches other opposing players:
            # steals "from the bottom and works up", blocks "from the top of the opposing line-up"
            extra_of = BLOCK_EXTRA_ON_26 if block else STEAL_EXTRA_ON_16
            guards = self.team_state[dfn].guards
            for k in range(5):
                if k == ds:
                    continue
                extra = extra_of.get(self._range_top(dfn, k, block), 0)
                if extra:
                    others = [p for p in range(5) if p != guards[k]]
                    if slot in (others[:extra] if block else others[-extra:]):
                        return k
        return None

    def _all_defender(self, dfn: int, ds: int, r: int) -> int | None:
        """31: steal by any defender with '11-16 (31 all)'; 32: block by any with '21-26 (32 all)'.
        Stamina does not take the 31/32 away; an avoiding defender cannot use it on his own man."""
        best = None
        for k in range(5):
            card = self.card(dfn, k)
            value = card.steal if r == 31 else card.block
            if value >= (20 if r == 31 else 30):
                if k == ds and self.avoiding(dfn, k):
                    continue
                if best is None or value > best[1]:
                    best = (k, value)
        return best[0] if best else None

    def _steal(self, off: int, slot: int, k: int, r: int) -> None:
        dfn = 1 - off
        self._stat(dfn, k, STL)
        self._stat(off, slot, TOV)
        if self.recording:
            self.event("steal", dfn, f"  {self.pname(dfn, k)} steals the ball from {self.pname(off, slot)}", r=r)
        # "Fast break after steal": guards always, forwards on 11, 13, 15 or 31, centers never
        can_break = k < 2 or (k < 4 and r in FAST_BREAK_ODD_ROLLS)
        if self.ctx.get("intentional"):
            self._trigger_extra("turnover forced while fouling intentionally")
        if can_break and self._next_possession_possible():
            self.ctx = {"stealer_side": dfn, "stealer": k}
            self.phase = "fast_break"
        else:
            self.ctx = {}
            self.phase = "end"

    def _next_possession_possible(self) -> bool:
        """False only on the home team's bottom-half possession of box 1, the last one a box can hold
        (a fast break there would start a possession that does not exist)."""
        return not (self.box == 1 and self.turn == 1 and self.half == 1)

    def _block(self, off: int, slot: int, k: int) -> None:
        dfn = 1 - off
        self._stat(dfn, k, BLK)
        self._stat(off, slot, FGA)
        if self.recording:
            self.event("block", dfn, f"  {self.pname(dfn, k)} blocks {self.pname(off, slot)}'s shot")
        self._rebound(slot, ft=False)

    def _stop(self, off: int, slot: int | None, ds: int) -> None:
        """Stop range: 'the player automatically misses a shot and the player guarding him gets a rebound'."""
        dfn = 1 - off
        if slot is not None:
            self._stat(off, slot, FGA)
        self._stat(dfn, ds, DREB)
        if self.recording:
            self.event("stop", dfn, f"  stop: missed shot, rebound {self.pname(dfn, ds)}")
        self.phase = "end"
