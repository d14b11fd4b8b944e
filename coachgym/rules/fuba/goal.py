"""Goal attempts (4.8): modifiers, difficult attempts, rebounds, goals, corners and misses.

A mixin of :class:`coachgym.rules.fuba.engine.FubaEngine`; section numbers refer to the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import AWAY, HOME
from ...core.phases import phase
from .board import CENTRE, GOAL_DISTANCE, IDS, KIND, PENALTY
from .state import GK

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class GoalMixin(_Engine):
    # ================================================================== 4.8 goal attempt
    def _can_shoot(self, side: int) -> bool:
        e = GOAL_DISTANCE[side][self.ball]
        if e is None:
            return False
        return not e[1] or not self.keeper_in_box(1 - side)

    def goal_modifiers(self, side: int, free_kick: bool = False) -> tuple[int, int]:
        """4.8 table: (distance modifier, total modifier)."""
        opp = 1 - side
        entry = GOAL_DISTANCE[side][self.ball]
        assert entry is not None  # (asked where a goal attempt may be made: _can_shoot)
        dist = entry[0]
        mods = dist
        if not free_kick and KIND[self.ball] != "penalty":
            mine, theirs = self.count(side, self.ball), self.count(opp, self.ball)
            if mine > theirs:
                mods += 1
            elif theirs > mine:
                mods -= 1
        box = PENALTY[opp]
        off = self.offside_areas(side)
        mine = 0 if off[box] else self.count(side, box)  # (2) offside players are not counted
        theirs = self.count(opp, box)
        if mine > theirs:
            mods += 1
        elif theirs > mine:
            mods -= 1
        if not self.keeper_in_box(opp):
            mods += 4
        mods += self.turn_bonus + self.team_state[opp].keeper_injury_bonus
        return dist, mods

    def _goal_attempt(self, side: int, free_kick: bool = False) -> None:
        opp = 1 - side
        self._clear_active()
        if self.options.skills:  # A12 skills played when the attempt is announced
            self._offer(side, "clinical_finisher" if KIND[self.ball] == "penalty" else "long_range_shooter")
            if not self.charged:
                self._offer(opp, "shot_stopper")
            if self.turn_set_piece in ("corner", "free_kick"):
                self._offer(opp, "leading_goalkeeper")
        if self.offers:
            self.phase = "goal_attempt_roll"
            self.ctx = {"side": side, "free_kick": free_kick}
            return
        self._resolve_goal_attempt(side, free_kick)

    @phase("goal_attempt_roll")
    def _phase_goal_attempt_roll(self) -> None:
        self._resolve_goal_attempt(self.ctx["side"], self.ctx["free_kick"])
        return None

    def _attempt_die(self, side: int, what: str) -> int:
        """The goal-attempt die; two dice, the higher discarded, against a shot stopper / leading keeper (A12)."""
        r = self.source.roll(6, what)
        if "shot_stopper" in self.team_state[1 - side].active or "leading_goalkeeper" in self.team_state[1 - side].active:
            r = min(r, self.source.roll(6, what + " (2nd die)"))
        return r

    def _resolve_goal_attempt(self, side: int, free_kick: bool) -> None:
        opp = 1 - side
        st = self.team_state[side].stats
        st["attempts"] += 1
        dist, mods = self.goal_modifiers(side, free_kick)
        if "clinical_finisher" in self.team_state[side].active or "long_range_shooter" in self.team_state[side].active:
            mods += 1
        if self.resolving.get("lc"):
            mods += 2  # A12 loose cannon
        need = self.ball_value - mods + 1
        area = self.ball
        if need > 6:  # 4.8.2 difficult goal attempt
            r = self._attempt_die(side, "goal attempt")
            if r < 6:
                self.event("goal_attempt", side, f"{self._name(side)} difficult goal attempt from {IDS[area]}: {r} - miss",
                           roll=r, need=need)
                self._miss(side)
                return
            r2 = self.source.roll(6, "difficult goal attempt")
            self.event("goal_attempt", side, f"{self._name(side)} difficult goal attempt from {IDS[area]}: 6, then {r2} against {-dist}",
                       roll=r, roll2=r2, need=need)
            if r2 > -dist:
                self._goal(side, area)
            elif r2 == -dist:
                st["on_target"] += 1
                self._corner(side)
            else:
                self._miss(side)
            return
        r = self._attempt_die(side, "goal attempt")
        total = r + mods
        self.event("goal_attempt", side, f"{self._name(side)} goal attempt from {IDS[area]}: {r}{mods:+d} = {total} against ball value {self.ball_value}",
                   roll=r, mods=mods, total=total, bv=self.ball_value)
        if total > self.ball_value:
            self._goal(side, area)
        elif total == self.ball_value:
            st["on_target"] += 1
            self._corner(side)
        elif total == self.ball_value - 1 and self.raw_count(side, PENALTY[opp]) > 0:
            self._rebound(side)
        else:
            self._miss(side)

    def _rebound(self, side: int) -> None:
        """4.8.1 rebound."""
        opp = 1 - side
        box = PENALTY[opp]
        r1 = self.source.roll(6, "rebound controlling team")
        r2 = self.source.roll(6, "rebound defending team")
        n1 = self.count(side, box)
        n2 = self.count(opp, box) - (1 if self.team_state[opp].pos[GK] == box else 0)
        a, b = r1 + n1, r2 + n2
        self.event("rebound", side, f"rebound: {self._name(side)} {r1}+{n1} = {a}, {self._name(opp)} {r2}+{n2} = {b}",
                   ct=[r1, n1], dt=[r2, n2])
        if a > b:
            self._goal(side, box)
        elif a == b:
            self.team_state[side].stats["on_target"] += 1
            self._corner(side)
        else:
            # "The new ball value is the die score that the new defending team rolled": the new
            # defending team is the shooting team, so its die (r1) becomes the ball value
            self.controlling = opp
            self.ball_value = r1
            self._action_done()

    def _goal(self, side: int, area: int) -> None:
        if self.options.var and self._var_check():  # A11
            self.event("var", side, f"V.A.R.: the goal of {self._name(side)} is denied - free kick")
            self._award_free_kick(1 - side, self.ball)
            return
        self.team_state[side].goals += 1
        st = self.team_state[side].stats
        st["goals"] += 1
        st["on_target"] += 1
        self.event("goal", side, f"{self.time_label()} GOAL! {self._name(side)} score: "
                   f"{self._name(HOME)} {self.team_state[0].goals} - {self.team_state[1].goals} {self._name(AWAY)}", area=area)
        self._restart("kickoff", 1 - side, CENTRE)

    def _miss(self, side: int) -> None:
        self.event("miss", side, f"{self._name(side)} miss: goal kick")
        self._restart("goal_kick", 1 - side, PENALTY[1 - side])

    def _corner(self, side: int) -> None:
        self.event("corner", side, f"corner kick for {self._name(side)}")
        self.team_state[side].stats["corners"] += 1
        self._restart("corner", side, self.ball)
