"""Player substitutions (A3).

A mixin of :class:`coachgym.rules.fuba.engine.FubaEngine`; section numbers refer to the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.engine import Decision
from ...core.phases import choice, phase
from . import actions as AT

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class SubstitutionsMixin(_Engine):
    # ================================================================== A3 substitutions
    def _offer_substitutions(self, sides: list[int], when: str) -> None:
        sides = [s for s in sides if self.team_state[s].subs < 3]
        if not sides:
            return
        self.ctx = {"sides": sides, "i": 0, "n": -1, "done": 0, "step": "count", "ret_phase": self.phase, "ret_ctx": self.ctx}
        self.phase = "subs"

    @phase("subs")
    def _phase_subs(self) -> Decision | None:
        c = self.ctx
        while c["i"] < len(c["sides"]):
            side = c["sides"][c["i"]]
            if c["step"] == "count":
                left = 3 - self.team_state[side].subs
                return self._dec(side, "substitutions", [AT.TABLE.index("substitutions", n=n) for n in range(left + 1)],
                                 "how many substitutions?")
            if c["done"] >= c["n"]:
                c["i"] += 1
                c["step"] = "count"
                continue
            if c["step"] == "roll":
                r = self.source.roll(6, "substitution (1st die)") + self.source.roll(6, "substitution (2nd die)")
                if self.has_skill(side, "strength_in_depth"):  # A12, no cost: played automatically
                    r -= 2
                if self.team_state[side].coach_off:  # A12 angry coach sent off: +2 on the substitution dice
                    r += 2
                pts = 1 if r * 10 > self.minute else 2
                self.team_state[side].subs += 1
                self.team_state[side].stats["substitutions"] += 1
                self.event("substitution", side, f"{self._name(side)} make a substitution ({r * 10} against {self.minute}): "
                           f"{pts} condition point{'s' if pts > 1 else ''}")
                c["pts"] = pts if self.options.condition_points else 0
                c["step"] = "cp"
            if c["step"] == "cp":
                if c["pts"] > 0:
                    zones = [z for z in range(3) if self.team_state[side].condition[z] < 6] if sum(self.team_state[side].condition) < 10 else []
                    if zones:
                        return self._dec(side, "cp_zone", [AT.TABLE.index("cp_zone", zone=z) for z in zones], "where does the point go?")
                    c["pts"] = 0
                c["step"] = "option"
            if c["step"] == "option":
                legal = [AT.TABLE.index("sub_option", option="none")]
                if not self.team_state[side].coach_off:
                    legal.append(AT.TABLE.index("sub_option", option="formation"))
                if self.team_state[side].yellow > 0:
                    legal.append(AT.TABLE.index("sub_option", option="yellow"))
                if self.team_state[side].reserve and self.team_state[side].skills:
                    legal.append(AT.TABLE.index("sub_option", option="skill"))
                return self._dec(side, "sub_option", legal, "substitution option")
            if c["step"] == "formation":
                return self._dec(side, "line_change", self._line_changes(side), "formation change")
            if c["step"] == "skill_in":
                return self._dec(side, "skill_in", [AT.SKILL_IN[k] for k in self.team_state[side].reserve], "game plan change: skill in")
            if c["step"] == "skill_out":
                return self._dec(side, "skill_out", [AT.SKILL_OUT[k] for k in self.team_state[side].skills if k != c["in"]],
                                 "game plan change: skill out")
        self.phase, self.ctx = c["ret_phase"], c["ret_ctx"]
        return None

    # a choice at a substitution step (phase "subs"), one method per decision kind
    @choice("substitutions")
    def _choose_substitutions(self, decision: Decision, a: Action) -> None:
        if self.queue:  # A4: the replacement of a player injured for good (queued, see discipline.py)
            self._queue_apply(a)
            return
        c = self.ctx
        side = c["sides"][c["i"]]
        c["n"], c["done"] = a["n"], 0
        c["step"] = "roll"
        if a["n"]:
            self.event("substitutions", side, f"{self._name(side)} announce {a['n']} substitution(s)")

    @choice("cp_zone")
    def _choose_cp_zone(self, decision: Decision, a: Action) -> None:
        c = self.ctx
        self.team_state[c["sides"][c["i"]]].condition[a["zone"]] += 1
        c["pts"] -= 1

    @choice("sub_option")
    def _choose_sub_option(self, decision: Decision, a: Action) -> None:
        c = self.ctx
        side = c["sides"][c["i"]]
        if a["option"] == "yellow":
            self.team_state[side].yellow -= 1
            self.event("yellow_off", side, f"{self._name(side)} substitute a player with a yellow card")
        if a["option"] == "formation":
            c["step"] = "formation"
            return
        if a["option"] == "skill":
            c["step"] = "skill_in"
            return
        c["done"] += 1
        c["step"] = "roll"

    @choice("line_change")
    def _choose_line_change(self, decision: Decision, a: Action) -> None:
        """A line change: a queued trained formation change (A12), half time's change of one player's
        position, or a substitution's formation change (A3)."""
        if self.queue:
            self._queue_apply(a)
            return
        if self.phase == "halftime":
            self._halftime_change(a)
            return
        c = self.ctx
        self._change_line(c["sides"][c["i"]], a)
        c["done"] += 1
        c["step"] = "roll"

    @choice("skill_in")
    def _choose_skill_in(self, decision: Decision, a: Action) -> None:  # A3 game plan change (A12)
        c = self.ctx
        side = c["sides"][c["i"]]
        self.team_state[side].reserve.remove(a["skill"])
        self.team_state[side].skills.append(a["skill"])
        c["in"] = a["skill"]
        c["step"] = "skill_out"

    @choice("skill_out")
    def _choose_skill_out(self, decision: Decision, a: Action) -> None:
        c = self.ctx
        side = c["sides"][c["i"]]
        self.team_state[side].skills.remove(a["skill"])
        self.team_state[side].reserve.append(a["skill"])
        self.event("skill_swap", side, f"{self._name(side)} change the game plan: {c['in'].replace('_', ' ')} in, "
                   f"{a['skill'].replace('_', ' ')} out")
        c["done"] += 1
        c["step"] = "roll"

    def _add_cp_auto(self, side: int, n: int) -> None:
        for _ in range(n):
            if sum(self.team_state[side].condition) >= 10:
                return
            z = min(range(3), key=lambda k: self.team_state[side].condition[k])
            if self.team_state[side].condition[z] < 6:
                self.team_state[side].condition[z] += 1
