"""The defending team's actions: positioning (4.5) and pressing (4.6, A6 aggressive pressing).

A mixin of :class:`coachgym.rules.fuba.engine.FubaEngine`; section numbers refer to the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.phases import continuation, phase
from .board import HALF_OWNER, KIND, ZONE

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
    from .saved import PhaseContext
else:
    _Engine = object


class DefendingMixin(_Engine):
    # ================================================================== 4.5 positioning
    def _positioning(self, side: int) -> None:
        d1, d2 = self._dice2("positioning")
        if self._fans(side, "positioning", [d1, d2], {}):
            return
        self._positioning_dice(side, d1, d2)

    def _positioning_dice(self, side: int, d1: int, d2: int) -> None:
        inc = (d1 > self.ball_value) + (d2 > self.ball_value)
        if self.raw_count(side, self.ball) == 0:
            inc = max(0, inc - 1)
        self.team_state[side].stats["positionings"] += 1
        self.resolving = {"what": "positioning", "dice": [d1, d2], "inc": inc}
        self.event("positioning", side, f"{self._name(side)} positioning: {d1} and {d2}", dice=[d1, d2])
        if (self.ball_value + inc < 6 and self.cp_available(side)
                and not self.count(self.controlling, self.ball) > self.count(side, self.ball)):  # A1.2 positioning
            self.phase = "use_cp"
            self.ctx = {"side": side, "for": "positioning"}
            return
        self._finish_positioning(side, inc)

    def _finish_positioning(self, side: int, inc: int) -> None:
        old = self.ball_value
        self.ball_value = min(6, self.ball_value + inc)
        if self.log.record:  # the play-by-play line is only built when events are kept
            self.event("ball_value", side, f"ball value {old} -> {self.ball_value}", old=old, new=self.ball_value)
        else:
            self.log.count += 1
        self._action_done()

    # ================================================================== 4.6 pressing, A6 aggressive pressing
    def _pressing(self, side: int, aggressive: bool = False, forced: bool = False, counter: bool = False) -> None:
        if aggressive:
            self._spend_cp(side, "aggressive pressing")
        if self.options.skills and not forced:
            self._clear_active()
            self._offer(side, "midfield_pressing")  # A12: at the beginning of the pressing action
            if self.offers:
                self.phase = "press_prep"
                self.ctx = {"side": side, "aggressive": aggressive, "counter": counter}
                return
        self._press_roll(side, aggressive, forced, counter)

    @phase("press_prep")
    def _phase_press_prep(self) -> None:
        c = self.ctx
        if "midfield_pressing" in self.team_state[c["side"]].active:
            self._begin_moves("into_target", c["side"], cont="_cont_press", target=self.ball, press=c)
        else:
            self._press_roll(c["side"], c["aggressive"], False, c["counter"])
        return None

    @continuation("press")
    def _cont_press(self, ctx: PhaseContext) -> None:
        c = ctx["press"]
        self._press_roll(c["side"], c["aggressive"], False, c["counter"])

    def _press_roll(self, side: int, aggressive: bool, forced: bool, counter: bool) -> None:
        mine, theirs = self.count(side, self.ball), self.count(self.controlling, self.ball)
        thr = self.ball_value
        if mine > theirs and not forced:
            thr += 1
        if aggressive:
            thr += 1
        thr = min(6, thr)  # the raised ball value (4.6, A6); capped at 6 like every ball value
        d1, d2 = self._dice2("pressing")
        if not forced and self._fans(side, "pressing", [d1, d2], {"aggressive": aggressive, "thr": thr, "counter": counter}):
            return
        self._press_dice(side, aggressive, thr, counter, d1, d2)

    def _press_dice(self, side: int, aggressive: bool, thr: int, counter: bool, d1: int, d2: int) -> None:
        st = self.team_state[side].stats
        st["pressings"] += 1
        low = [d for d in (d1, d2) if d < thr]
        label = "aggressive pressing" if aggressive else "pressing"
        if low:
            old_ct = self.controlling
            self.controlling = side
            self.ball_value = min(d1, d2) if len(low) == 2 else max(d1, d2)
            st["pressings_won"] += 1
            self.event("pressing_won", side, f"{self._name(side)} {label}: {d1} and {d2} against {thr} - ball won, ball value {self.ball_value}",
                       dice=[d1, d2], threshold=thr)
            if self.options.var and KIND[self.ball] == "penalty" and self._var_check():  # A11
                self.event("var", old_ct, "V.A.R.: foul in the pressing - free kick")
                self._yellow_test(side)
                self._award_free_kick(old_ct, self.ball)
                return
            self._action_done()
            # A12 gegenpressing: the pressed team counter-presses at once (area fully in the presser's half)
            if (self.options.skills and HALF_OWNER[self.ball] == side and not counter
                    and self.count(old_ct, self.ball) >= self.count(side, self.ball)):
                self._clear_active()
                self._offer(old_ct, "gegenpressing")
                if self.offers:
                    self.phase = "counter_press"
                    self.ctx = {"side": old_ct}
            return
        if aggressive and self.has_skill(side, "tackler") and ZONE[side][self.ball] == 0 \
                and self._not_keeper_only(side, self.ball):  # A12 tackler, no cost: played automatically
            self.event("skill", side, f"{self._name(side)} play the skill tackler")
            if d1 == d2:
                self._yellow_test(side)
                self._award_free_kick(self.controlling, self.ball)
                return
            self.ball_value = thr  # "the ball value is not reduced": it keeps the value raised before the roll
            self.event("pressing_failed", side, f"{self._name(side)} aggressive pressing fails ({d1}, {d2}), ball value {thr}")
            self._action_done()
            return
        if aggressive:
            self.event("pressing_failed", side, f"{self._name(side)} aggressive pressing fails ({d1}, {d2}): free kick")
            self._yellow_test(side)
            self._award_free_kick(self.controlling, self.ball)
            return
        # 4.6: the ball value was raised before the roll (more pressing players); the failure reduces
        # that value by one
        old = self.ball_value
        self.ball_value = max(1, thr - 1)
        self.event("pressing_failed", side, f"{self._name(side)} {label}: {d1} and {d2} against {thr} - fails, ball value {old} -> {self.ball_value}",
                   dice=[d1, d2], threshold=thr)
        self._action_done()

    @phase("counter_press")
    def _phase_counter_press(self) -> None:
        side = self.ctx["side"]
        self.phase = "actions"
        self.ctx = {}
        if "gegenpressing" in self.team_state[side].active:
            self._pressing(side, counter=True)
        return None

    def _var_check(self) -> bool:
        d1, d2 = self._dice2("V.A.R.")
        return d1 == 6 and d2 == 6
