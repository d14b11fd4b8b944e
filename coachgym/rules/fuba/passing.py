"""Passing (4.7): targets, ball-value modifiers, outcomes, the easy situation, the new ball value; A8 challenge.

A mixin of :class:`coachgym.rules.fuba.engine.FubaEngine`; section numbers refer to the rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.engine import Decision
from ...core.phases import choice, continuation, phase
from . import actions as AT
from .board import (
    ADJ,
    ADJ_SET,
    DIST,
    FWD_MID2,
    GOAL_DISTANCE,
    IDS,
    KIND,
    MOVE_ADJ,
    N_AREAS,
    PENALTY,
    PLAYING,
    SIDE_AREA,
    ZONE,
    in_opponent_half_entirely,
    in_own_half_partly,
)
from .state import GK

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
    from .saved import PhaseContext
else:
    _Engine = object


_PASS_TARGETS: dict[tuple[Any, ...], dict[int, int]] = {}  # _pass_targets_key -> the answer (read-only)


class PassingMixin(_Engine):
    # ================================================================== 4.7 passing
    def _pass_value(self, side: int, start: int, target: int, challenge: bool = False,
                    cm: list[int] | None = None, co: list[int] | None = None, cap: bool = False) -> int | None:
        """4.7.2 ball value after the modifiers for a pass from ``start`` to ``target``; None if over 6.
        ``cm``/``co``: the (capped) counts of the passing team and the opponent, when at hand."""
        opp = 1 - side
        if cm is None or co is None:  # (given together)
            cm, co = self.counts(side), self.counts(opp)
        v = self.ball_value
        sp = self.set_piece if not self.resolving.get("sp_done") else None
        if start != target and sp is None:
            mine, theirs = cm[start], co[start]
            if mine and mine >= 2 * theirs:  # an empty area: nobody "has twice as many players"
                v -= 1
            elif theirs > mine:
                v += 1
        between = DIST[start][target] - 1
        if between > 0:
            v += between * (2 if self.weather in ("wind", "storm") else 1)  # A10 wind
        mine, theirs = cm[target], co[target]
        if mine and "target_man" in self.turn_flags and ZONE[side][target] == 2:
            mine = min(6, mine + 2)  # A12 target man: one player counts as three
        risk = False
        if self.options.offside_risk and not self.no_offside_risk and sp not in ("goal_kick", "corner") and mine > 0:
            risk = self._offside_risk(side, target)
        if risk:
            v += 1  # A7: +1 and the target area modifier is ignored
        elif mine and mine >= 2 * theirs:  # an empty target area gets no -1 (the Mezzala skill's reading)
            v -= 1
        elif theirs > mine:
            v += 1
        v = max(1, v)
        if cap:
            return min(6, v)  # the target was legal when chosen (A12 fast defender / advancing keeper moved since)
        return v if v <= 6 else None

    def _offside_risk(self, side: int, target: int) -> bool:
        """A7: target entirely in the opponent's half and closer to their goal line than both the
        defending team's second lowest player's area and the ball's area (midpoints compared)."""
        if not in_opponent_half_entirely(side, target):
            return False
        fm = FWD_MID2[side]
        mids = sorted((fm[p] for p in self.team_state[1 - side].pos if p >= 0), reverse=True)
        if len(mids) < 2:
            return False
        return fm[target] > mids[1] and fm[target] > fm[self.ball]

    def _pass_targets(self, side: int) -> dict[int, int]:
        """4.7 / 4.7.1 legal target areas -> modified ball value. Asked several times per decision
        (legal actions, the pass decision, coaches, the observation): the last answer is kept with
        every input it depends on and reused while they are unchanged (read-only dict)."""
        key = self._pass_targets_key(side)
        cached: tuple[Any, dict[int, int]] | None = self.__dict__.get("_pt_cache")
        if cached is not None and cached[0] == key:
            return cached[1]
        out = _PASS_TARGETS.get(key)  # the same key in any game gives the same answer: shared by all games
        if out is None:
            out = self._pass_targets_now(side)
            if len(_PASS_TARGETS) > 50_000:
                _PASS_TARGETS.clear()
            _PASS_TARGETS[key] = out
        self._pt_cache = (key, out)
        return out

    def _pass_targets_key(self, side: int) -> tuple[Any, ...]:
        """Everything _pass_targets_now and _pass_value read (the key of their answer in every game)."""
        pctx = self.resolving
        return (side, tuple(self.team_state[0].pos), tuple(self.team_state[1].pos), self.ball, self.ball_value, self.set_piece, pctx.get("sp_done"),
                pctx.get("short"), tuple(self.turn_flags), self.weather, self.no_offside_risk, self.options.offside_risk)

    def _any_pass_target(self, side: int) -> bool:
        """Whether a pass is possible (4.7.2: "a pass action is cancelled if the ball value would be
        increased above 6 in all options"); stops at the first legal target unless already known."""
        # the whole answer is kept: a coach deciding whether to pass asks for the targets next
        return bool(self._pass_targets(side))

    def _pass_targets_now(self, side: int, first_only: bool = False) -> dict[int, int]:
        start = self.ball
        mine = self.counts(side)
        theirs = self.counts(1 - side)
        sp = self.set_piece if not self.resolving.get("sp_done") else None
        offside_on = sp not in ("goal_kick", "corner")
        off = self.offside_areas(side) if offside_on else None
        fm = FWD_MID2[side]
        out = {}
        # 4.7: an area with a player of the team, or next to one
        reach = [False] * N_AREAS
        for a in range(N_AREAS):
            if mine[a]:
                reach[a] = True
                for b in ADJ[a]:
                    reach[b] = True
        no_start = sp in ("free_kick", "goal_kick") and self.raw_count(side, start) < 2  # 5.2.2 / 5.4
        no_attack = "creative_goalkeeper" in self.turn_flags  # A12: not into the attack zone
        short = self.resolving.get("short")  # A12 short passes: an adjacent area
        zone = ZONE[side]
        for t in PLAYING:
            if not reach[t]:
                continue
            if no_start and t == start:
                continue
            if no_attack and zone[t] == 2:
                continue
            if short and t not in ADJ_SET[start]:
                continue
            if off is not None and fm[t] > fm[start]:  # offside has no effect on backward passes
                if mine[t] > 0:
                    if off[t]:
                        continue
                else:
                    adj = [b for b in ADJ_SET[t] if mine[b] > 0]
                    if adj and all(off[b] for b in adj):
                        continue
            v = self._pass_value(side, start, t, cm=mine, co=theirs)
            if v is not None:
                out[t] = v
                if first_only:
                    break
        return out

    def _challenge_value(self, side: int) -> int | None:
        cm, co = list(self.counts(side)), self.counts(1 - side)  # a copy: counts() is shared
        if self.has_skill(side, "dribbler") and in_own_half_partly(1 - side, self.ball) and cm[self.ball]:
            cm[self.ball] = min(6, cm[self.ball] + 1)  # A12 dribbler: one player counts as two
        return self._pass_value(side, self.ball, self.ball, challenge=True, cm=cm, co=co)

    def _begin_pass(self, side: int, challenge: bool = False) -> None:
        self.team_state[side].stats["passes"] += 1
        if challenge:
            self._spend_cp(side, "challenge")
            target = self.ball
            self.resolving = {"what": "challenge", "start": self.ball, "target": target, "sp_done": self.resolving.get("sp_done", False)}
            self._pass_target_chosen(side, target)
            return
        self.resolving = {"what": "pass", "start": self.ball}
        self.phase = "pass_to"
        self.ctx = {"side": side}

    @phase("pass_to")
    def _phase_pass_to(self) -> Decision:
        side = self.ctx["side"]
        targets = self._pass_targets(side)
        return self._dec(side, "pass_to", [AT.PASS_TO[t] for t in targets], "choose the target area")

    @choice("pass_to")
    def _choose_pass_to(self, decision: Decision, a: Action) -> None:
        self._pass_target_chosen(self.ctx["side"], a["area"])

    def _pass_target_chosen(self, side: int, target: int) -> None:
        p = self.resolving
        p["target"] = target
        p["side"] = side
        opp = 1 - side
        if self.options.skills and p["what"] == "pass" and "asked_pre" not in p:
            p["asked_pre"] = True
            self._clear_active()
            if ZONE[opp][target] == 0 and any(self.team_state[opp].pos[k] in MOVE_ADJ[target] for k in range(1, 11)):
                self._offer(opp, "fast_defender")
            if (self.options.goalkeeper_charge and target in MOVE_ADJ[PENALTY[opp]] and KIND[target] != "corner_spot"
                    and self.keeper_in_box(opp) and p["start"] != target):
                self._offer(opp, "advancing_goalkeeper")
            if self.offers:
                self.phase = "pass_pre"
                self.ctx = {"side": side}
                return
        self._pass_target_value(side, target)

    @phase("pass_pre")
    def _phase_pass_pre(self) -> None:
        side = self.ctx["side"]
        p = self.resolving
        opp = 1 - side
        if "advancing_goalkeeper" in self.team_state[opp].active:
            self.team_state[opp].pos[GK] = p["target"]
            p["advancing"] = True
            self.event("skill_effect", opp, f"{self._name(opp)}'s goalkeeper advances into {IDS[p['target']]}")
        if "fast_defender" in self.team_state[opp].active:
            self._begin_moves("into_target", opp, cont="_cont_pass_pre", target=p["target"], no_keeper=True)
            return None
        self._pass_target_value(side, p["target"])
        return None

    @continuation("pass_pre")
    def _cont_pass_pre(self, ctx: PhaseContext) -> None:
        self._pass_target_value(self.resolving["side"], self.resolving["target"])

    def _pass_target_value(self, side: int, target: int) -> None:
        p = self.resolving
        start = p["start"]
        if p["what"] == "challenge":
            v = self._challenge_value(side)
        else:
            v = self._pass_value(side, start, target, cap=p.get("asked_pre", False))
        assert v is not None  # the target was chosen among the legal ones (a value of 6 or less)
        if p.get("advancing"):
            v = min(6, v + 1)  # A12 advancing goalkeeper: the charge's +1 (no +1 for the attempts)
        p["had_player"] = self.raw_count(side, target) > 0
        p["empty"] = not p["had_player"] and self.raw_count(1 - side, target) == 0
        p["long"] = DIST[start][target] > 1
        p["risk"] = p["what"] == "pass" and p["had_player"] and self._offside_risk(side, target)
        old = self.ball_value
        self.ball_value = v
        self.ball = target
        if self.log.record:  # the play-by-play line is only built when events are kept
            self.event("pass", side, f"{self._name(side)} {'challenge in' if p['what'] == 'challenge' else 'pass to'} {IDS[target]}: ball value {old} -> {v}",
                       start=start, target=target, old=old, value=v)
        else:
            self.log.count += 1
        self._clear_active()
        if self.options.skills and SIDE_AREA[start] and DIST[start][target] > 1 and self.ball_value > 1:
            self._offer(side, "crossing")  # A12
        if self.offers:
            self.phase = "pass_mods"
            self.ctx = {"side": side}
            return
        self._pass_continue(side)

    @phase("pass_mods")
    def _phase_pass_mods(self) -> None:
        side = self.ctx["side"]
        if "crossing" in self.team_state[side].active:
            self.ball_value = max(1, self.ball_value - 1)
            self.event("ball_value", side, f"crossing: ball value {self.ball_value}")
        self._pass_continue(side)
        return None

    def _pass_continue(self, side: int) -> None:
        p = self.resolving
        start, target = p["start"], p["target"]
        opp = 1 - side
        # A5 goalkeeper charge
        if (self.options.goalkeeper_charge and target == PENALTY[opp] and start != target and self.keeper_in_box(opp)
                and self.ball_value < 6 and not (self.weather == "sunshine" and self.half == 1 and opp == self.first_kickoff)):
            self.phase = "charge"
            self.ctx = {"side": opp}
            return
        self._roll_pass()

    @phase("charge")
    def _phase_charge(self) -> Decision:
        return self._dec(self.ctx["side"], "charge", [AT.TABLE.index("charge", charge=True), AT.TABLE.index("charge", charge=False)],
                         "goalkeeper charge?")

    @choice("charge")
    def _choose_charge(self, decision: Decision, a: Action) -> None:
        side = self.ctx["side"]
        if a["charge"]:
            self.turn_bonus += 1
            self.charged = True
            self._clear_active()
            if self.options.skills:
                self._offer(side, "sweeper_keeper")
            self.phase = "pass_roll"
            self.ctx = {"side": side}
            return
        self._roll_pass()

    @phase("pass_roll")
    def _phase_pass_roll(self) -> None:
        side = self.ctx["side"]
        self.ball_value = min(6, self.ball_value + (2 if "sweeper_keeper" in self.team_state[side].active else 1))  # A5 (A12 sweeper keeper)
        self.event("charge", side, f"{self._name(side)}'s goalkeeper charges out: ball value {self.ball_value}")
        self._roll_pass()
        return None

    def _roll_pass(self) -> None:
        p = self.resolving
        side = p["side"]
        d1, d2 = self._dice2("pass")
        if self._fans(side, "pass", [d1, d2], {}):
            return
        self._pass_dice(d1, d2)

    def _pass_dice(self, d1: int, d2: int) -> None:
        p = self.resolving
        side = p["side"]
        p["dice"] = [d1, d2]
        bv = self.ball_value
        if p["what"] == "challenge":  # A8: equal is not enough
            good = (d1 > bv) + (d2 > bv)
        else:
            good = (d1 >= bv) + (d2 >= bv)
        outcome = ("failed", "supportive", "creative")[good]
        target, start = p["target"], p["start"]
        # 4.7.4 new ball value
        if (DIST[start][target] <= 1) and p["had_player"]:
            nbv = min(d1, d2)
        else:
            nbv = max(d1, d2)
        if self.weather in ("rain", "storm"):  # A10 rain
            nbv = min(6, nbv + 1)
        p["outcome"] = outcome
        p["nbv"] = nbv
        if self.log.record:
            self.event("pass_roll", side, f"{self._name(side)} roll {d1} and {d2} against {bv}: {outcome}", dice=[d1, d2], outcome=outcome, bv=bv)
        else:
            self.log.count += 1
        self._clear_active()
        if (outcome == "supportive" and self.options.skills and ZONE[side][start] == 1 and not p["long"]
                and p["what"] == "pass"):
            self._offer(side, "creative_midfielder")  # A12
        if self.offers:
            self.phase = "pass_outcome"
            self.ctx = {}
            return
        self._pass_outcome()

    @phase("pass_outcome")
    def _phase_pass_outcome(self) -> None:
        p = self.resolving
        if "creative_midfielder" in self.team_state[p["side"]].active:
            p["outcome"] = "creative"
            self.event("skill_effect", p["side"], "creative midfielder: the outcome becomes creative")
        self._pass_outcome()
        return None

    def _pass_outcome(self) -> None:
        """4.7.3 the outcome's moves."""
        p = self.resolving
        side, target, outcome = p["side"], p["target"], p["outcome"]
        opp = 1 - side
        if outcome == "failed":
            if self.raw_count(opp, target) == 0 and not any(self.raw_count(opp, b) for b in MOVE_ADJ[target]):
                # 4.7.3.1 easy situation
                p["outcome"] = outcome = "supportive"
                p["easy"] = True
                p["nbv"] = 6
                self.event("easy", side, "easy situation: the failed pass becomes supportive, ball value 6")
                self._begin_moves("easy_ct", side, cont="_cont_easy_ct", target=target)
                return
            self.team_state[side].stats["passes_failed"] += 1
            self.controlling = opp
            if self.raw_count(opp, target) == 0:
                self._begin_moves("into_target", opp, cont="_cont_pass_moves", target=target, must=True)
                return
            self._pass_after_moves()
            return
        if outcome == "supportive":
            if not any(self.raw_count(side, b) for b in MOVE_ADJ[target]) and self.team_state[side].pos[GK] not in MOVE_ADJ[target]:
                self.turn_over = True  # 4.7.3: no supporting player - the turn ends
                self.event("turn_over", side, "no supporting player can come: the turn ends")
                self._pass_after_moves()
                return
            self._begin_moves("into_target", side, cont="_cont_pass_moves", target=target, must=True)
            return
        # creative
        self.team_state[side].stats["creative"] += 1
        if self.raw_count(side, target) == 0:
            self._begin_moves("into_target", side, cont="_cont_pass_moves", target=target, must=True)
        else:
            self._begin_moves("creative_free", side, cont="_cont_pass_moves", dribble_ok=p["what"] == "challenge")

    @continuation("easy_ct")
    def _cont_easy_ct(self, ctx: PhaseContext) -> None:
        p = self.resolving
        self._begin_moves("easy_dt", 1 - p["side"], cont="_cont_pass_moves")

    @continuation("pass_moves")
    def _cont_pass_moves(self, ctx: PhaseContext) -> None:
        self._pass_after_moves()

    def _pass_after_moves(self) -> None:
        """4.7.4 new ball value; A12 skills played when it is applied, controlling team first."""
        p = self.resolving
        side, target = p["side"], p["target"]
        opp = 1 - side
        if self.options.skills and not p.get("easy"):
            if p["outcome"] == "failed" and ZONE[side][target] == 2 and "asked_as" not in p:
                p["asked_as"] = True
                self._clear_active()
                self._offer(side, "aggressive_striker")
            elif p["outcome"] == "creative" and self.controlling == side and "asked_sp" not in p:
                p["asked_sp"] = True
                self._clear_active()
                self._offer(side, "seconda_punta")
            if self.offers:
                self.phase = "pass_extra_move"
                self.ctx = {}
                return
        self._clear_active()
        if self.options.skills and not p.get("easy"):
            ok = p["outcome"] != "failed"
            if ok and p["long"] and p["outcome"] == "creative" and ZONE[side][p["start"]] == 1:
                self._offer(side, "regista")
            if ok and p["empty"] and ZONE[side][target] == 2:
                self._offer(side, "mezzala")
            if ok and ZONE[opp][target] == 0 and self.raw_count(opp, target) > 0 and self._not_keeper_only(opp, target):
                self._offer(opp, "stopper")
        if self.offers:
            self.phase = "pass_value"
            self.ctx = {}
            return
        self._pass_new_value()

    @phase("pass_extra_move")
    def _phase_pass_extra_move(self) -> None:
        p = self.resolving
        side = p["side"]
        if "aggressive_striker" in self.team_state[side].active:
            self._begin_moves("into_target", side, cont="_cont_pass_moves", target=p["target"])
        elif "seconda_punta" in self.team_state[side].active:
            self._begin_moves("seconda_punta", side, cont="_cont_pass_moves")
        else:
            self._pass_after_moves()
        return None

    def _not_keeper_only(self, side: int, area: int) -> bool:
        """A12 note 2: not when the keeper is the team's only player in the area."""
        return any(self.team_state[side].pos[k] == area for k in range(1, 11))

    @phase("pass_value")
    def _phase_pass_value(self) -> None:
        self._pass_new_value()
        return None

    def _pass_new_value(self) -> None:
        p = self.resolving
        side = p["side"]
        d = p["dice"]
        rain = 1 if self.weather in ("rain", "storm") else 0
        if "regista" in self.team_state[side].active:
            p["nbv"] = min(d) + rain
        if "stopper" in self.team_state[1 - side].active:
            p["nbv"] = max(d) + rain
        if "mezzala" in self.team_state[side].active:
            p["nbv"] = p["nbv"] - (2 if p["outcome"] == "creative" else 1)
        p["nbv"] = max(1, min(6, p["nbv"]))
        old = self.ball_value
        self.ball_value = p["nbv"]
        p["sp_done"] = True
        if self.log.record:
            self.event("ball_value", self.controlling, f"new ball value {old} -> {self.ball_value}", old=old, new=self.ball_value)
        else:
            self.log.count += 1
        self._pass_end()

    def _pass_end(self) -> None:
        """The end of a pass action: A12 skills played then, then the goal attempt after a creative outcome."""
        p = self.resolving
        side, opp = p["side"], 1 - p["side"]
        ok = p["outcome"] != "failed" and not p.get("easy")
        if self.options.skills:
            d = p["dice"]
            if ("lc" not in p and ok and self.controlling == side and ZONE[side][p["target"]] == 2 and d[0] == d[1]
                    and self.has_skill(side, "loose_cannon") and self.team_state[side].condition[2] >= 1 and self._can_shoot(side)):
                p["lc"] = True  # A12 loose cannon: triggered automatically
                self.team_state[side].condition[2] -= 1
                self.event("skill", side, f"{self._name(side)} loose cannon: an immediate goal attempt with +2")
                self._goal_attempt(side)
                return
            asks = (("catenaccio", opp, True),
                    ("offside_trap", opp, p["outcome"] == "supportive" and p.get("risk") and not p.get("easy")),
                    ("goal_poacher", side, p["outcome"] in ("failed", "supportive") and self._can_shoot(side)),
                    ("short_passes", side, ok and self.controlling == side and ZONE[side][self.ball] == 1 and not p.get("short")
                     and p["outcome"] != "creative" and not self.turn_over
                     and any(t in ADJ_SET[self.ball] for t in self._pass_targets(side))))
            for name, who, cond in asks:
                key = "asked_" + name
                if cond and key not in p:
                    p[key] = True
                    self._clear_active()
                    self._offer(who, name)
                    if self.offers:
                        self.phase = "pass_end_offer"
                        self.ctx = {"skill": name, "side": who}
                        return
        if p["outcome"] == "creative" and self.controlling == side and self._can_shoot(side):
            self.phase = "goal_attempt"
            self.ctx = {"side": side}
            return
        self._action_done()

    @phase("pass_end_offer")
    def _phase_pass_end_offer(self) -> None:
        name, who = self.ctx["skill"], self.ctx["side"]
        if name not in self.team_state[who].active:
            self._pass_end()
            return None
        if name == "catenaccio":  # the second lowest player moves to an adjacent area
            order = sorted((k for k in range(11) if self.team_state[who].pos[k] >= 0), key=lambda k: FWD_MID2[who][self.team_state[who].pos[k]])
            if len(order) >= 2:
                self._begin_moves("catenaccio", who, cont="_cont_pass_end", piece=order[1])
                return None
            self._pass_end()
        elif name == "offside_trap":
            self.event("offside", who, "offside trap: free kick")
            self._award_free_kick(who, self.ball)
        elif name == "goal_poacher":
            self._difficult_attempt(who)
        elif name == "short_passes":  # an extra pass to an adjacent area, not counted
            self.resolving = {"what": "pass", "start": self.ball, "short": True, "sp_done": True}
            self.team_state[who].stats["passes"] += 1
            self.phase = "pass_to"
            self.ctx = {"side": who}
        return None

    @continuation("pass_end")
    def _cont_pass_end(self, ctx: PhaseContext) -> None:
        self._pass_end()

    def _difficult_attempt(self, side: int) -> None:
        """A12 goal poacher: a difficult goal attempt (4.8.2) from the ball's area."""
        area = self.ball
        entry = GOAL_DISTANCE[side][area]
        assert entry is not None  # (offered where a goal attempt may be made: _can_shoot)
        dist = entry[0]
        self.team_state[side].stats["attempts"] += 1
        r = self.source.roll(6, "goal attempt")
        r2 = self.source.roll(6, "difficult goal attempt") if r == 6 else 0
        self.event("goal_attempt", side, f"{self._name(side)} difficult goal attempt (goal poacher) from {IDS[area]}: {r}"
                   + (f", then {r2} against {-dist}" if r == 6 else " - miss"), roll=r, roll2=r2)
        if r == 6 and r2 > -dist:
            self._goal(side, area)
        elif r == 6 and r2 == -dist:
            self.team_state[side].stats["on_target"] += 1
            self._corner(side)
        else:
            self._miss(side)

    @phase("goal_attempt")
    def _phase_goal_attempt(self) -> Decision:
        return self._dec(self.ctx["side"], "goal_attempt", [AT.TABLE.index("goal_attempt", shoot=True),
                                                           AT.TABLE.index("goal_attempt", shoot=False)], "goal attempt?")

    @choice("goal_attempt")
    def _choose_goal_attempt(self, decision: Decision, a: Action) -> None:
        if a["shoot"]:
            self._goal_attempt(self.ctx["side"])
        else:
            self._action_done()
