""""Roll 20-sided and one 6-sided die for Rebound Chart" (shaded boxes), the scoresheet's defender
on non-shaded boxes, "Offensive Players who cannot get free throw rebound", and choosing among
tied rebounders.

A mixin of :class:`~coachgym.rules.valueadd.engine.ValueAddEngine`; section names are the headings
of ``value-add-basketball-instructions.txt`` (see the engine's docstring for the order of the dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .scoresheet import REBOUND_CHART, is_shaded, nonshaded_rebounder
from .state import DREB, OREB, PossessionContext

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class ReboundMixin(_Engine):
    ctx: PossessionContext  # (the engine's: declared for the type checker)

    def _reb_value(self, side: int, slot: int, offensive: bool) -> int:
        card = self.card(side, slot)
        v = card.off_reb if offensive else card.def_reb
        v -= self.fatigue(side, slot)
        if not offensive and self.avoiding(side, slot):
            v -= 1
        return v

    def _rebound(self, shooter: int, ft: bool) -> None:
        """'Roll 20-sided and one 6-sided die for Rebound Chart', or the scoresheet's defender."""
        off, dfn = self.offense, 1 - self.offense
        box = self.box
        if not is_shaded(box):
            pos = nonshaded_rebounder(box) - 1
            self._take_rebound(dfn, self.defender_of(dfn, pos), offensive=False)
            return
        d20 = self.source.roll(20, "d20 rebound chart")
        d6 = self.source.roll(6, "d6 rebound")
        kind, pos = REBOUND_CHART[d20]
        if kind == "highest":
            # "the high player on the court ... gets the rebound. In this case, the offense wins a tie"
            ov = [self._reb_value(off, s, True) for s in range(5)]
            dv = [self._reb_value(dfn, s, False) for s in range(5)]
            if max(ov) >= max(dv):
                side, vals, offensive = off, ov, True
            else:
                side, vals, offensive = dfn, dv, False
            top = max(vals)
            cands = [s for s in range(5) if vals[s] == top]
            if len(cands) > 1:
                self.ctx.update({"reb_side": side, "reb_candidates": cands, "reb_offensive": offensive})
                self.phase = "choose_rebounder"
                return
            self._take_rebound(side, cands[0], offensive)
            return
        s = pos - 1
        if kind == "offense":
            if d6 <= self._reb_value(off, s, True):
                side, slot, offensive = off, s, True
            else:
                side, slot, offensive = dfn, self.defender_of(dfn, s), False
        else:
            if d6 <= self._reb_value(dfn, s, False):
                side, slot, offensive = dfn, s, False
            else:  # "the player he is guarding gets the offensive rebound"
                side, slot, offensive = off, self.team_state[dfn].guards[s], True
        if offensive and ft:
            # "Offensive Players who cannot get free throw rebound"
            if slot <= 1:
                side, slot, offensive = dfn, 4, False
            elif slot == 2 and shooter not in (3, 4):
                side, slot, offensive = dfn, 3, False
            elif slot >= 3 and slot == shooter:
                side, slot, offensive = dfn, self.defender_of(dfn, slot), False
        self._take_rebound(side, slot, offensive)

    def _take_rebound(self, side: int, slot: int, offensive: bool) -> None:
        self._stat(side, slot, OREB if offensive else DREB)
        if self.recording:
            self.event("rebound", side, f"  {'offensive' if offensive else 'defensive'} rebound {self.pname(side, slot)}",
                       offensive=offensive)
        if offensive:
            self.ctx = {"rebounder": slot}
            self.phase = "stick_back"
        else:
            self.ctx = {}
            self.phase = "end"
