"""A12 skills: offering a skill to its coach, paying for it and its immediate effects.

A mixin of :class:`coachgym.rules.fuba.engine.FubaEngine`; section numbers refer to the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import SKILLS

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class SkillsMixin(_Engine):
    # ================================================================== A12 skills
    def _offer(self, side: int, name: str) -> None:
        """Offer ``side`` the skill if it is one of its match skills and it can pay for it."""
        if name not in self.team_state[side].skills:
            return
        if SKILLS[name]["cp"] and self._cp_source(side) is None:
            return
        self.offers.append([side, name])

    def has_skill(self, side: int, name: str) -> bool:
        return self.options.skills and name in self.team_state[side].skills

    def _accept_skill(self, side: int, name: str) -> None:
        cost = SKILLS[name]["cp"]
        if cost:
            src = self._cp_source(side)
            assert src is not None  # (a skill with a cost is offered only while a point can be paid: _offer)
            z, n = src
            self.team_state[side].condition[z] -= n
        self.team_state[side].active.append(name)
        self.event("skill", side, f"{self._name(side)} play the skill {name.replace('_', ' ')}", skill=name)
        if name == "skilled_full_back":
            self.actions_left += 1
        elif name == "il_mediano":
            self.actions_left += 1
        elif name == "angry_coach":
            r = self.source.roll(6, "angry coach")
            if r >= 4 and self.last_condition_spent:
                z, n = self.last_condition_spent
                self.team_state[side].condition[z] += n
                self.event("skill_effect", side, f"angry coach ({r}): the condition point is kept")
            elif r == 1:
                self.team_state[side].coach_off = True
                self.team_state[side].skills.remove("angry_coach")
                self.event("skill_effect", side, f"angry coach ({r}): the referee sends the coach off")
        elif name == "doubling_up":
            self.ball_value = min(6, self.ball_value + 2)
        elif name == "trained_formation_change":  # once per game: two line changes now
            self.team_state[side].skills.remove(name)
            self.queue.append({"kind": "line_change", "side": side})
            self.queue.append({"kind": "line_change", "side": side})
        elif name == "target_man":
            self.turn_flags.append(name)
        elif name in ("trained_special_event", "creative_goalkeeper"):
            self.actions_left = 2
            self.turn_flags.append(name)
