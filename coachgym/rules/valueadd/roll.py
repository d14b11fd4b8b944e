""""Rolling the dice to determine the result of a possession": "Read the 8-sided die to see which
player gets ball" (rolls of 1-5, of 6, 7 or 8, nobody: roll again, the shot clock), "Read 11-66
Dice Roll" (the offensive card on 41-46, the defender's card on 11-36, the dunk or stop range on
51-56, home court on 36 and 66), "ADVANCED GAME OPTION - Roll 8-sided die first".

A mixin of :class:`~coachgym.rules.valueadd.engine.ValueAddEngine`; section names are the headings
of ``value-add-basketball-instructions.txt`` (see the engine's docstring for the order of the dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import AWAY, HOME
from .cards import FOULED, MADE3
from .state import TOV, PossessionContext

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class RollMixin(_Engine):
    ctx: PossessionContext  # (the engine's: declared for the type checker)
    def _d8_first_roll(self) -> None:
        """'ADVANCED GAME OPTION - Roll 8-sided die first, then others' (last four possessions)."""
        off = self.offense
        d8 = self.source.roll(8, "d8 ballhandler")
        slot = self._ballhandler(off, d8)
        if slot is None:
            # nobody holds that number: the second roll rules apply (6-8 is a shot-clock turnover)
            if self.recording:
                self.event("no_ballhandler", off, f"8-sided die {d8}: nobody holds it; roll again (10 seconds left)")
            self.ctx["second"] = True
            self.phase = "roll"
            return
        self.ctx["d8_value"] = d8
        self.ctx["d8_slot"] = slot
        if self.recording:
            self.event("d8", off, f"8-sided die {d8}: the ball goes to {self.pname(off, slot)}")
        self.phase = "d8_choice"

    def _ballhandler(self, off: int, d8: int) -> int | None:
        """'Read the 8-sided die to see which player gets ball'."""
        if d8 <= 5:
            return d8 - 1
        c = self.ctx
        if c.get("fb") is not None:  # fast break: 6-8 go to the player who stole the ball
            return c["fb"]
        if c.get("sb") is not None:  # stick back: 6-8 go to the rebounder
            return c["sb"]
        if c.get("second") or c.get("passing") or not self.has_point_guard(off):
            return None
        return self.team_state[off].holders[d8 - 6]

    def _roll(self) -> None:  # noqa: C901 - a rule resolution (docs/architecture.md)
        off, dfn = self.offense, 1 - self.offense
        c = self.ctx
        src = self.source
        intentional = c.get("intentional", False)
        fixed = c.pop("d8", None)
        d8 = fixed if fixed is not None else src.roll(8, "d8 ballhandler")
        r = src.roll(6, "d6 tens") * 10 + src.roll(6, "d6 ones")
        d20 = 0 if intentional else src.roll(20, "d20 offensive card")
        slot = d8 - 1 if d8 <= 5 else self._ballhandler(off, d8)
        c["d8_roll"] = d8
        if self.recording:
            self.event("roll", off, f"  dice: 8-sided {d8}, 11-66 {r}" + ("" if intentional else f", 20-sided {d20}"),
                       d8=d8, r=r, d20=d20)
        if slot is None:
            if c.get("second") or c.get("passing"):
                self._shot_clock_violation(off)
                return
            # "The only exception ... the 11-66 roll is in the team's dunk range"
            n = self.dunk_net[off]
            if not intentional and n > 0 and 51 <= r <= 50 + n:
                self.phase = "choose_dunker"
                return
            if not intentional and n < 0 and 51 <= r <= 50 - n:
                self.phase = "choose_stop_rebounder"
                return
            if self.recording:
                self.event("no_ballhandler", off, f"  nobody gets the ball on a {d8}: roll again (10 seconds left)")
            c["second"] = True
            return  # phase stays "roll"
        o = self.options
        team_def = d8 > 5 and o.team_defense
        dts = self.team_state[dfn]
        ds = dts.guards.index(slot)  # the defender at the same position (after switches): defender_of
        if intentional:
            self._intentional_foul(off, slot, ds, r, team_def)
            return
        if o.home_court and r == 36 and off == AWAY:
            if self.recording:
                self.event("turnover", off, f"  {self.pname(off, slot)} is bumped out of bounds, no call (home court)")
            self._stat(off, slot, TOV)
            self.phase = "end"
            return
        avoid = dts.avoiding[dts.lineup[ds]]
        if 11 <= r <= 16:
            k = self._steal_by(dfn, slot, ds, r, team_def)
            if k is not None:
                self._steal(off, slot, k, r)
                return
        elif 21 <= r <= 26:
            k = self._block_by(dfn, slot, ds, r, team_def)
            if k is not None:
                self._block(off, slot, k)
                return
        elif r == 31 or r == 32:
            k = self._all_defender(dfn, ds, r)
            if k is not None:
                if r == 31:
                    self._steal(off, slot, k, r)
                else:
                    self._block(off, slot, k)
                return
            if avoid:
                self._avoid_basket(off, slot, d20, ds)
                return
        elif 33 <= r <= 36:
            card_d = self.card(dfn, ds)
            fouled = min(36, r + self.fatigue(dfn, ds)) >= card_d.foul
            res = self._d20_result(off, slot, d20)
            if avoid:
                # "Avoiding Fouls - Option 2": a foul only when the 20-sided die is also a foul drawn
                if fouled and res == FOULED:
                    self._resolve_shot(off, slot, res, ds, ds)
                else:
                    self._avoid_basket(off, slot, d20, ds)
                return
            if fouled:
                self._resolve_shot(off, slot, res, ds, ds)
                return
        elif 41 <= r <= 46:
            card_o = self.card(off, slot)
            if r - self.fatigue(off, slot) <= card_o.turnover:
                if self.recording:
                    self.event("turnover", off, f"  turnover by {self.pname(off, slot)}")
                self._stat(off, slot, TOV)
                self.phase = "end"
                return
        elif 51 <= r <= 56:
            n = self.dunk_net[off]
            if n > 0 and r <= 50 + n:
                res = self._d20_result(off, slot, d20)
                if res == MADE3 or res == FOULED:
                    c.update({"slot": slot, "d20_result": res, "ds": ds})
                    self.phase = "dunk_choice"
                else:
                    self._dunk(off, slot)
                return
            if n < 0 and r <= 50 - n:
                self._stop(off, slot, ds)
                return
        res = self._d20_result(off, slot, d20)
        if o.home_court and r == 66 and off == HOME and res != FOULED:
            # "66 when home team has ball, false foul called on defender"
            self._resolve_shot(off, slot, res, ds, ds, home_whistle=True)
            return
        self._resolve_shot(off, slot, res, None, ds)

    def _shot_clock_violation(self, off: int) -> None:
        self.team_state[off].team_turnovers += 1
        if self.recording:
            self.event("shot_clock", off, "  shot clock violation (turnover)")
        self.phase = "end"
