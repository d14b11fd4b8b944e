"""The special events table (A13).

A mixin of :class:`coachgym.rules.fuba.engine.FubaEngine`; section numbers refer to the rulebook."""

from __future__ import annotations

from ...core.actions import Action
from ...core.engine import AWAY, HOME, Decision
from . import actions as AT
from .board import HALF_OWNER, IDS, IMPLEMENTED_SKILLS, MOVE_ADJ, TOUCHES_GOAL_LINE, ZONE, special_event


class SpecialEventsMixin:
    # ================================================================== A13 special events
    def _special_event(self) -> None:
        who = self.controlling if ZONE[self.controlling][self.ball] == 2 else self.defending if ZONE[self.defending][self.ball] == 2 else -1
        if self.options.skills and who >= 0:
            self.active = [[], []]
            self._offer(who, "actor")  # A12: before the special event is determined
            if self.offers:
                self.phase = "event_actor"
                self.ctx = {"who": who}
                return
        self._special_event_roll()

    def _phase_event_actor(self) -> None:
        who = self.ctx["who"]
        self.phase = "actions"
        self.ctx = {}
        if "actor" not in self.active[who]:
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

    def _special_event_roll(self) -> None:  # noqa: C901 - a rule resolution (docs/architecture.md)
        ct, dt = self.controlling, self.defending
        a = self.source.roll(6, "special event controlling team")
        b = self.source.roll(6, "special event defending team")
        name = special_event(a, b)
        self.event("special_event", None, f"special event ({a}, {b}): {name.replace('_', ' ')}", event=name, dice=[a, b])
        ph = self.phasing
        if name == "excellent_attack_move":
            self._begin_moves("event_ct", ct, cont="_cont_event")
        elif name == "excellent_defence_move":
            self._begin_moves("event_dt", dt, cont="_cont_event")
        elif name == "fast_situation_nt":
            self.fast_situation_actions = self.actions_left
            self.fast_situation_pending = True
            self.acting = 1 - ph
            self.actions_left = 1
        elif name == "fast_situation_pt":
            self.actions_left += 1
        elif name == "ball_bounces_dt":
            self.ball_value = min(6, self.ball_value + 2)
        elif name == "ball_bounces_ct":
            self.ball_value = max(1, self.ball_value - 2)
        elif name == "lost_momentum":
            self.actions_left = max(0, self.actions_left - 1)
        elif name == "failed_man_marking":
            self.no_offside_risk = True
        elif name in ("defenders_foul", "attackers_foul"):
            fouler = dt if name == "defenders_foul" else ct
            self._yellow_test(fouler)
            self._award_free_kick(1 - fouler, self.ball)
        elif name in ("defenders_rude_foul", "attackers_rude_foul"):
            fouler = dt if name == "defenders_rude_foul" else ct
            self._give_yellow(fouler, red_test=True, plus_one=True)
            if self.options.injuries:
                self._injury(1 - fouler)
            self._award_free_kick(1 - fouler, self.ball)
        elif name == "fatigue":
            if self.options.condition_points:
                self._lose_cp(ct, 1, "fatigue")
                self._lose_cp(dt, 1, "fatigue")
        elif name == "ball_over_goal_line":
            if TOUCHES_GOAL_LINE[self.ball]:
                # interpretation: the corner goes to the team attacking that goal line
                attacker = HOME if HALF_OWNER[self.ball] == AWAY else AWAY
                self.event("corner", attacker, f"ball over the goal line: corner kick for {self._name(attacker)}")
                self.stats[attacker]["corners"] += 1
                self._restart("corner", attacker, self.ball)
        elif name == "momentum":
            if self.raw_count(ct, self.ball) >= 1:
                self._begin_moves("event_dribble", ct, cont="_cont_event")
        elif name == "aggressive_defence":
            if self.raw_count(dt, self.ball) >= 1 and self.options.aggressive_pressing and self.cp_available(dt):
                saved = self.acting
                self._pressing(dt, aggressive=True, forced=True)
                if self.phase == "actions":
                    self.acting = saved
        elif name == "head_collision":
            while True:
                r1 = self.source.roll(6, "head collision controlling team")
                r2 = self.source.roll(6, "head collision defending team")
                if r1 != r2:
                    break
            win = ct if r1 > r2 else dt
            self.controlling = win
            self.ball_value = max(r1, r2)
            if self.options.injuries:
                self._injury(HOME)
                self._injury(AWAY)
        elif name == "failed_pass":
            if self.raw_count(dt, self.ball) >= 1:
                self.controlling = dt
                self.ball_value = self.source.roll(6, "failed pass ball value")
        elif name == "perfect_pass":
            opts = [b for b in MOVE_ADJ[self.ball] if self.raw_count(ct, b) > 0]
            if opts:
                self.phase = "perfect_pass"
                self.ctx = {"side": ct}
        elif name == "behind_referees_back":
            if self.options.injuries:
                self._injury(ct)
        elif name == "streaker":
            self._advance_time(self.source.roll(6, "streaker") + 1)
        elif name == "keeper_out_of_position":
            self.turn_bonus += 2
        elif name == "terrace_chant":
            if self.options.condition_points:
                self.free_condition_point = True
        elif name in ("injured_star_dt", "injured_star_ct") and self.options.skills:
            who = dt if name == "injured_star_dt" else ct
            if self.skills[who]:
                i = self.source.roll(len(self.skills[who]), "injured star skill") - 1
                lost = self.skills[who].pop(i)
                # in a tournament or league the skill "cannot be chosen for the next match" (data: skill)
                self.event("skill_lost", who, f"{self._name(who)} lose the skill {lost.replace('_', ' ')}", skill=lost)
        elif name in ("new_talent_dt", "new_talent_ct") and self.options.skills:
            who = dt if name == "new_talent_dt" else ct
            pool = [k for k in IMPLEMENTED_SKILLS if k not in self.skills[who]]
            if pool:
                new = pool[self.source.roll(len(pool), "new talent skill") - 1]
                self.skills[who].append(new)
                # in a tournament or league it "can be used in the remaining matches" (data: skill)
                self.event("skill_new", who, f"{self._name(who)} gain the skill {new.replace('_', ' ')}", skill=new)

    def _cont_event(self, ctx: dict) -> None:
        self.phase = "actions"
        self.ctx = {}

    def _phase_perfect_pass(self) -> Decision:
        side = self.ctx["side"]
        legal = [AT.MOVE_TO[b] for b in MOVE_ADJ[self.ball] if self.raw_count(side, b) > 0] + [AT.DONE]
        return self._dec(side, "perfect_pass", legal, "perfect pass: move the ball?")

    def _choose_perfect_pass(self, decision: Decision, a: Action) -> None:
        if a.kind == "move_to":
            self.event("perfect_pass", self.ctx["side"], f"perfect pass to {IDS[a['area']]}")
            self.ball = a["area"]
        self.phase = "actions"
        self.ctx = {}
