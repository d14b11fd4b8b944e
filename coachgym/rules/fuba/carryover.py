"""FUBA's carry-over between the games of a season or tournament (A13's injured star and new talent, A12's skill choices): its registered
``carry_over`` part (``parts.py``), a :class:`coachgym.series.carryover.CarryOver`. A module of the
series layer in the ruleset's folder (tests/test_layers.py), as its vocabulary is of the strategy layer."""

from __future__ import annotations

import copy
from typing import Any

from ...series.carryover import CarryOver, Context
from .engine import skill_choices


class FubaCarryOver(CarryOver):
    ruleset = "fuba"

    def initial_state(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"skills": list(data.get("skills", [])), "reserve": list(data.get("reserve_skills", [])),
                "talent": [], "lost": []}

    def _uses_skill_events(self, options: dict[str, Any]) -> bool:
        return bool(options.get("skills") and options.get("special_events"))

    def stateless(self, options: dict[str, Any]) -> bool:
        return not self._uses_skill_events(options)

    def record_events(self, options: dict[str, Any]) -> bool:
        return self._uses_skill_events(options)

    def game_team(self, data: dict[str, Any], state: dict[str, Any], ctx: Context) -> dict[str, Any]:
        if not state["talent"] and not state["lost"]:
            return data
        lost = set(state["lost"])
        # New talent always plays (A13 6-5/6-6: "for use in the current match ... can be used in the
        # remaining matches"), on top of A12's half: half of the team's own skills (rounded up) for
        # the match in file order, the rest in reserve; a skill lost to an injured star (A13 6-3/6-4)
        # cannot be chosen for this match
        talent = [k for k in dict.fromkeys(state["talent"]) if k not in lost]
        own = [k for k in dict.fromkeys(state["skills"] + state["reserve"]) if k not in lost and k not in talent]
        n_match = (len(own) + 1) // 2
        d = copy.deepcopy(data)
        d["skills"], d["reserve_skills"] = talent + own[:n_match], own[n_match:]
        if talent:
            d["talent"] = talent
        return d

    def game_options(self, options: dict[str, Any], neutral: bool, ctx: Context, teams: list[dict[str, Any]]) -> dict[str, Any]:
        """A12's agreed number of skill choices (``skill_limit``): new talent comes on top of it (A13
        6-5/6-6), so a game whose teams hold more choices than agreed raises it to what they hold."""
        limit = options.get("skill_limit")
        if limit is None:
            return dict(options)
        need = max(skill_choices(t.get("skills", [])) + skill_choices(t.get("reserve_skills", [])) for t in teams)
        return {**options, "skill_limit": max(limit, need)}

    def facts(self, game: Any, side: int) -> dict[str, Any]:
        lost = [e.data["skill"] for e in game.log if e.kind == "skill_lost" and e.side == side and "skill" in e.data]
        new = [e.data["skill"] for e in game.log if e.kind == "skill_new" and e.side == side and "skill" in e.data]
        return {"skills_lost": lost, "skills_new": new} if (lost or new) else {}

    def advance(self, state: dict[str, Any], facts: dict[str, Any], ctx: Context) -> dict[str, Any]:
        talent = list(state["talent"])
        for k in facts.get("skills_new", []):
            if k not in talent and k not in state["skills"] and k not in state["reserve"]:
                talent.append(k)
        return {"skills": state["skills"], "reserve": state["reserve"], "talent": talent,
                "lost": list(facts.get("skills_lost", []))}

    def describe(self, state: dict[str, Any]) -> list[str]:
        lines = [f"new talent (A13): {k.replace('_', ' ')}" for k in state["talent"]]
        lines += [f"injured star (A13): {k.replace('_', ' ')} out for the next match" for k in state["lost"]]
        return lines
