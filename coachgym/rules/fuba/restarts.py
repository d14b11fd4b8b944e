"""Set pieces: free kicks (5.2), corners (5.3), goal kicks (5.4), penalty kicks (5.5); A9 slowing play.

A mixin of :class:`coachgym.rules.fuba.engine.FubaEngine`; section numbers refer to the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.engine import AWAY, HOME, Decision
from ...core.phases import choice, continuation, phase
from . import actions as AT
from .board import (
    ATTACK_SPOTS,
    CENTRE,
    DIST,
    IDS,
    PENALTY,
    PENALTY_TABLE,
    SPOT_CORNER,
    SPOTS,
    TOWARD_CENTRE,
    in_own_half_partly,
)
from .state import GK

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
    from .saved import PhaseContext
else:
    _Engine = object


class RestartsMixin(_Engine):
    # ================================================================== restarts (5.2-5.5)
    def _award_free_kick(self, side: int, area: int) -> None:
        """5.2 free kick to ``side`` where the ball is; in the opponent's penalty area a penalty (5.5)."""
        if area in SPOTS:
            area = SPOT_CORNER[area]
        if area == PENALTY[1 - side]:
            self.team_state[side].stats["penalties"] += 1
            self.event("penalty", side, f"penalty kick to {self._name(side)}")
            self._restart("penalty", side, area)
            return
        self.team_state[side].stats["free_kicks"] += 1
        self.event("free_kick", side, f"free kick to {self._name(side)} in {IDS[area]}")
        self._restart("free_kick", side, area)

    def _restart(self, kind: str, ct: int, area: int) -> None:
        """End the turn and prepare a set piece. 4.2.2.1: +1 minute (not in stoppage time)."""
        self.turn_over = True
        self.actions_left = 0
        self.fast_situation_pending = False
        self.acting = self.phasing
        self.set_piece = None
        self.resolving = {}
        if self.half_ending:  # the half ends at the end of this turn
            self._end_half()
            return
        self._advance_time(1)
        self.controlling = ct
        self.phase = "restart"
        self.ctx = {"kind": kind, "ct": ct, "area": area, "slow_asked": kind == "kickoff" or not self.options.slowing_play or bool(self.stoppage)}

    @phase("restart")
    def _phase_restart(self) -> Decision | None:
        c = self.ctx
        if not c["slow_asked"]:  # A9 slowing down play
            return self._dec(c["ct"], "slow", [AT.TABLE.index("slow", slow=True), AT.TABLE.index("slow", slow=False)], "slow the restart down?")
        kind, ct, area = c["kind"], c["ct"], c["area"]
        if kind == "kickoff":
            self._begin_setup("kickoff", ct, CENTRE)
        elif kind == "corner":
            self._begin_setup("corner", ct, ATTACK_SPOTS[ct][0])
        elif kind == "penalty":
            self._begin_setup("penalty", ct, area)
        elif kind == "goal_kick":
            self._begin_goal_kick(ct)
        elif kind == "free_kick":
            if in_own_half_partly(ct, area):  # 5.2.3 quick free kick
                self.ball = area
                self.ball_value = 2
                if self.raw_count(ct, area) == 0:  # interpretation: the nearest player takes the kick
                    k = min(range(1, 11), key=lambda k: DIST[self.team_state[ct].pos[k]][area] if self.team_state[ct].pos[k] >= 0 else 99)
                    if self.team_state[ct].pos[k] >= 0:
                        self.team_state[ct].pos[k] = area
                self._begin_moves("quick_fk_ct", ct, cont="_cont_quick_fk")
                if self.options.substitutions:  # A3: "a free kick" is one of the new setups listed
                    self._offer_substitutions([ct, 1 - ct], "setup")
            else:
                self._begin_setup("free_kick", ct, area)
        return None

    @choice("slow")
    def _choose_slow(self, decision: Decision, a: Action) -> None:
        c = self.ctx
        c["slow_asked"] = True
        if a["slow"]:
            self._advance_time(1)
            r = self.source.roll(6, "slowing (1st die)") + self.source.roll(6, "slowing (2nd die)")
            self.event("slow", c["ct"], f"{self._name(c['ct'])} slow the restart down ({r * 10} against {self.minute})")
            if r * 10 < self.minute:
                self._give_yellow(c["ct"], red_test=True)

    @continuation("quick_fk")
    def _cont_quick_fk(self, ctx: PhaseContext) -> None:
        self._begin_moves("quick_fk_dt", 1 - self.controlling, cont="_cont_quick_fk_dt", limit=ctx["n"])

    @continuation("quick_fk_dt")
    def _cont_quick_fk_dt(self, ctx: PhaseContext) -> None:
        self._start_turn(self.controlling, "free_kick")

    def _begin_goal_kick(self, ct: int) -> None:
        """5.4 goal kick."""
        box = PENALTY[ct]
        self.ball = box
        self.ball_value = 2
        for s in (HOME, AWAY):
            for k in range(11):
                if self.team_state[s].pos[k] == box and not (s == ct and k == GK):
                    self.team_state[s].pos[k] = TOWARD_CENTRE[box]
        if self.team_state[ct].pos[GK] != box and self.raw_count(ct, box) == 0:
            self.team_state[ct].pos[GK] = box  # interpretation: the keeper takes the goal kick from his area
        self._begin_moves("goal_kick_ct", ct, cont="_cont_goal_kick")
        if self.options.substitutions:  # A3: substitutions at "a goal kick" too, controlling team first
            self._offer_substitutions([ct, 1 - ct], "setup")

    @continuation("goal_kick")
    def _cont_goal_kick(self, ctx: PhaseContext) -> None:
        self._begin_moves("goal_kick_dt", 1 - self.controlling, cont="_cont_goal_kick_dt", limit=max(4, ctx["n"]))

    @continuation("goal_kick_dt")
    def _cont_goal_kick_dt(self, ctx: PhaseContext) -> None:
        self._start_turn(self.controlling, "goal_kick")

    # ---------------------------------------------------------------- 5.5 penalty kick
    @phase("penalty")
    def _phase_penalty(self) -> Decision:
        ct = self.controlling
        if self.ctx["keeper"] is None:
            return self._dec(1 - ct, "keeper", [a.index for a in AT.TABLE.of_kind("keeper")], "goalkeeper's hidden choice")
        return self._dec(ct, "kick", [a.index for a in AT.TABLE.of_kind("kick")], "choose the shooting spot")

    @choice("keeper")
    def _choose_keeper(self, decision: Decision, a: Action) -> None:
        if self.ctx["keeper"] is None:
            self.ctx["keeper"] = a["spot"]
            self.event("keeper_hidden", 1 - self.controlling, f"{self._name(1 - self.controlling)}'s goalkeeper has made his choice")
            return
        ct = self.controlling
        keeper, kick = self.ctx["keeper"], a["spot"]
        need = PENALTY_TABLE["kick"][("left", "middle", "right")[kick]][keeper]
        r = self.source.roll(6, "penalty kick")
        if self.has_skill(1 - ct, "penalty_saver"):  # A12, no cost: played automatically
            r = min(r, self.source.roll(6, "penalty kick (2nd die)"))
            self.event("skill", 1 - ct, f"{self._name(1 - ct)} play the skill penalty saver")
        self.team_state[ct].stats["attempts"] += 1
        self.event("penalty_kick", ct, f"penalty: kick {('left', 'middle', 'right')[kick]}, goalkeeper "
                   f"{('dives left', 'stays', 'dives right')[keeper]}; roll {r}, needs {need}+", kick=kick, keeper=keeper, roll=r, need=need)
        self.ctx = {}
        if r >= need:
            self._goal(ct, self.ball)
        else:
            self._restart("goal_kick", 1 - ct, PENALTY[1 - ct])

    _choose_kick = choice("kick")(_choose_keeper)
