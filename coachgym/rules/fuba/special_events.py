"""The special events table (A13).

A mixin of :class:`coachgym.rules.fuba.engine.FubaEngine`; section numbers refer to the rulebook."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, Callable

from ...core.actions import Action
from ...core.engine import AWAY, HOME, Decision
from ...core.phases import choice, continuation, phase
from . import actions as AT
from .board import HALF_OWNER, IDS, IMPLEMENTED_SKILLS, MOVE_ADJ, SPECIAL_EVENTS, TOUCHES_GOAL_LINE, ZONE, special_event

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
    from .saved import PhaseContext
else:
    _Engine = object


# ================================================================== A13's effects, one resolution each
# Each takes the engine, the team the event concerns (its effect's "team": the controlling or the
# defending team, -1 for neither) and the effect (its amount, stage).
def _moves(g: Any, team: int, e: Effect) -> None:
    g._begin_moves(e.stage, team, cont="_cont_event")


def _fast_situation_other_team(g: Any, team: int, e: Effect) -> None:
    g.fast_situation_actions = g.actions_left
    g.fast_situation_pending = True
    g.acting = 1 - g.phasing
    g.actions_left = 1


def _extra_action(g: Any, team: int, e: Effect) -> None:
    g.actions_left += 1


def _ball_value(g: Any, team: int, e: Effect) -> None:
    g.ball_value = min(6, g.ball_value + e.amount) if e.amount > 0 else max(1, g.ball_value + e.amount)


def _lost_action(g: Any, team: int, e: Effect) -> None:
    g.actions_left = max(0, g.actions_left - 1)


def _no_offside_risk(g: Any, team: int, e: Effect) -> None:
    g.no_offside_risk = True


def _foul(g: Any, fouler: int, e: Effect) -> None:
    g._yellow_test(fouler)
    g._award_free_kick(1 - fouler, g.ball)


def _rude_foul(g: Any, fouler: int, e: Effect) -> None:
    g._give_yellow(fouler, red_test=True, plus_one=True)
    if g.options.injuries:
        g._injury(1 - fouler)
    g._award_free_kick(1 - fouler, g.ball)


def _fatigue(g: Any, team: int, e: Effect) -> None:
    if g.options.condition_points:
        g._lose_cp(g.controlling, 1, "fatigue")
        g._lose_cp(g.defending, 1, "fatigue")


def _ball_over_goal_line(g: Any, team: int, e: Effect) -> None:
    if TOUCHES_GOAL_LINE[g.ball]:
        # interpretation: the corner goes to the team attacking that goal line
        attacker = HOME if HALF_OWNER[g.ball] == AWAY else AWAY
        g.event("corner", attacker, f"ball over the goal line: corner kick for {g._name(attacker)}")
        g.team_state[attacker].stats["corners"] += 1
        g._restart("corner", attacker, g.ball)


def _momentum(g: Any, ct: int, e: Effect) -> None:
    if g.raw_count(ct, g.ball) >= 1:
        g._begin_moves(e.stage, ct, cont="_cont_event")


def _aggressive_defence(g: Any, dt: int, e: Effect) -> None:
    if g.raw_count(dt, g.ball) >= 1 and g.options.aggressive_pressing and g.cp_available(dt):
        saved = g.acting
        g._pressing(dt, aggressive=True, forced=True)
        if g.phase == "actions":
            g.acting = saved


def _head_collision(g: Any, team: int, e: Effect) -> None:
    ct, dt = g.controlling, g.defending
    while True:
        r1 = g.source.roll(6, "head collision controlling team")
        r2 = g.source.roll(6, "head collision defending team")
        if r1 != r2:
            break
    win = ct if r1 > r2 else dt
    g.controlling = win
    g.ball_value = max(r1, r2)
    if g.options.injuries:
        g._injury(HOME)
        g._injury(AWAY)


def _failed_pass(g: Any, dt: int, e: Effect) -> None:
    if g.raw_count(dt, g.ball) >= 1:
        g.controlling = dt
        g.ball_value = g.source.roll(6, "failed pass ball value")


def _perfect_pass(g: Any, ct: int, e: Effect) -> None:
    opts = [b for b in MOVE_ADJ[g.ball] if g.raw_count(ct, b) > 0]
    if opts:
        g.phase = "perfect_pass"
        g.ctx = {"side": ct}


def _injury(g: Any, team: int, e: Effect) -> None:
    if g.options.injuries:
        g._injury(team)


def _streaker(g: Any, team: int, e: Effect) -> None:
    g._advance_time(g.source.roll(6, "streaker") + 1)


def _turn_bonus(g: Any, team: int, e: Effect) -> None:
    g.turn_bonus += e.amount


def _free_condition_point(g: Any, team: int, e: Effect) -> None:
    if g.options.condition_points:
        g.free_condition_point = True


def _injured_star(g: Any, who: int, e: Effect) -> None:
    if g.team_state[who].skills:
        i = g.source.roll(len(g.team_state[who].skills), "injured star skill") - 1
        lost = g.team_state[who].skills.pop(i)
        # in a tournament or league the skill "cannot be chosen for the next match" (data: skill)
        g.event("skill_lost", who, f"{g._name(who)} lose the skill {lost.replace('_', ' ')}", skill=lost)


def _new_talent(g: Any, who: int, e: Effect) -> None:
    pool = [k for k in IMPLEMENTED_SKILLS if k not in g.team_state[who].skills]
    if pool:
        new = pool[g.source.roll(len(pool), "new talent skill") - 1]
        g.team_state[who].skills.append(new)
        # in a tournament or league it "can be used in the remaining matches" (data: skill)
        g.event("skill_new", who, f"{g._name(who)} gain the skill {new.replace('_', ' ')}", skill=new)


RESOLUTIONS: dict[str, Callable[[Any, int, Effect], None]] = {
    "moves": _moves, "fast_situation_other_team": _fast_situation_other_team, "extra_action": _extra_action,
    "ball_value": _ball_value, "lost_action": _lost_action, "no_offside_risk": _no_offside_risk, "foul": _foul,
    "rude_foul": _rude_foul, "fatigue": _fatigue, "ball_over_goal_line": _ball_over_goal_line, "momentum": _momentum,
    "aggressive_defence": _aggressive_defence, "head_collision": _head_collision, "failed_pass": _failed_pass,
    "perfect_pass": _perfect_pass, "injury": _injury, "streaker": _streaker, "turn_bonus": _turn_bonus,
    "free_condition_point": _free_condition_point, "injured_star": _injured_star, "new_talent": _new_talent,
}


@dataclass(frozen=True)
class Effect:
    """One special event's effect (data/special_event_effects.json)."""

    resolve: Callable[[Any, int, Effect], None]
    team: str = ""  # "ct", "dt" or "" (neither)
    amount: int = 0
    stage: str = ""
    skills: bool = False  # only with the skills option


def _load_effects() -> dict[str, Effect]:
    """Every event of the A13 table with its effect; a table that misses one, or names a resolution
    that does not exist, stops the import naming the file and the field."""
    where = "coachgym/rules/fuba/data/special_event_effects.json"
    data = json.loads(resources.files(__package__).joinpath("data", "special_event_effects.json").read_text(encoding="utf-8"))
    out = {}
    for name, e in data["effects"].items():
        if e.get("resolve") not in RESOLUTIONS:
            raise ValueError(f"{where}: effects.{name}.resolve: {e.get('resolve')!r} is not a resolution "
                             f"({', '.join(RESOLUTIONS)})")
        if e.get("team", "") not in ("", "ct", "dt"):
            raise ValueError(f"{where}: effects.{name}.team: must be 'ct' or 'dt', got {e['team']!r}")
        out[name] = Effect(RESOLUTIONS[e["resolve"]], e.get("team", ""), int(e.get("amount", 0)), e.get("stage", ""),
                           bool(e.get("skills", False)))
    missing = sorted({n for rows in SPECIAL_EVENTS.values() for _, _, n in rows} - set(out))
    if missing:
        raise ValueError(f"{where}: effects: no effect for the A13 events {', '.join(missing)}")
    return out


EFFECTS = _load_effects()


class SpecialEventsMixin(_Engine):
    # ================================================================== A13 special events
    def _special_event(self) -> None:
        who = self.controlling if ZONE[self.controlling][self.ball] == 2 else self.defending if ZONE[self.defending][self.ball] == 2 else -1
        if self.options.skills and who >= 0:
            self._clear_active()
            self._offer(who, "actor")  # A12: before the special event is determined
            if self.offers:
                self.phase = "event_actor"
                self.ctx = {"who": who}
                return
        self._special_event_roll()

    @phase("event_actor")
    def _phase_event_actor(self) -> None:
        who = self.ctx["who"]
        self.phase = "actions"
        self.ctx = {}
        if "actor" not in self.team_state[who].active:
            self._special_event_roll()
            return None
        r = self.source.roll(6, "actor")
        if r == 1:
            self.event("skill_effect", who, f"actor ({r}): booked for diving - free kick to the opponent")
            self._give_yellow(who)
            self._award_free_kick(1 - who, self.ball)
        elif r == 2:
            self._special_event_roll()
        else:
            self.event("skill_effect", who, f"actor ({r}): free kick won")
            self._yellow_test(1 - who, plus=1)
            self._award_free_kick(who, self.ball)
        return None

    def _special_event_roll(self) -> None:
        """A13: two dice, the table's event (data/tables.json) and its effect
        (data/special_event_effects.json: the resolution, the team it concerns, its number)."""
        a = self.source.roll(6, "special event controlling team")
        b = self.source.roll(6, "special event defending team")
        name = special_event(a, b)
        self.event("special_event", None, f"special event ({a}, {b}): {name.replace('_', ' ')}", event=name, dice=[a, b])
        effect = EFFECTS[name]
        if effect.skills and not self.options.skills:
            return
        team = self.controlling if effect.team == "ct" else self.defending if effect.team == "dt" else -1
        effect.resolve(self, team, effect)

    @continuation("event")
    def _cont_event(self, ctx: PhaseContext) -> None:
        self.phase = "actions"
        self.ctx = {}

    @phase("perfect_pass")
    def _phase_perfect_pass(self) -> Decision:
        side = self.ctx["side"]
        legal = [AT.MOVE_TO[b] for b in MOVE_ADJ[self.ball] if self.raw_count(side, b) > 0] + [AT.DONE]
        return self._dec(side, "perfect_pass", legal, "perfect pass: move the ball?")

    @choice("perfect_pass")
    def _choose_perfect_pass(self, decision: Decision, a: Action) -> None:
        if a.kind == "move_to":
            self.event("perfect_pass", self.ctx["side"], f"perfect pass to {IDS[a['area']]}")
            self.ball = a["area"]
        self.phase = "actions"
        self.ctx = {}
