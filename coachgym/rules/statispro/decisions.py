"""Single in-play decisions and their resolution (pending decisions of PH_WAIT), applying a coach's
choice, and the Team Index Points (16, 16A-16D).

A mixin of :class:`~coachgym.rules.statispro.engine.StatisProEngine`; rule numbers as in the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.engine import Decision
from ...core.phases import choice, phase
from .actions import ACTIONS, DECLINE_INDEX, INDEX_VOID_FOUL
from .constants import PH_ADVANCE, PH_FB, PH_REBOUND, PH_SHOT, PH_UPCOURT, PH_WAIT, STOP, _ceil_quarter

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
    from .saved import PlayContext
else:
    _Engine = object


# the prompts of the decisions that wait inside a play, in the game's words
_WAIT_PROMPTS = {"index": "spend Index Points? (16)", "choose": "the coach's choice: which player?",
                 "choose_player": "the coach's choice: which player?", "pass_to": "Pass to Choice: who gets the ball?",
                 "fast_break": "Fast Break? (10A)", "three_or_two": "a three-pointer or a two? (Three Point Offense)"}


class DecisionMixin(_Engine):
    def _index_ok(self, side: int, cost: int) -> bool:
        """16: at most a quarter of the Index Points (rounded up) in one period."""
        ts = self.team_state[side]
        return ts.index >= cost and ts.index_spent + cost <= max(1, _ceil_quarter(ts.index_start))

    def _spend_index(self, side: int, cost: int) -> None:
        self.team_state[side].index -= cost
        self.team_state[side].index_spent += cost

    def _offer_void(self, payer: int, foul: str, data: dict[str, Any]) -> bool:
        """16C "Any foul can be ignored at a cost of one Index Point", declared before the next FAC:
        the team charged with the foul is asked (fouls of ACTION/ADVANCE/PRESS items are asked in
        PlayMixin._pass_section). Returns True when the engine now waits for that choice."""
        if not self._index_ok(payer, 1):
            return False
        self.ctx = {"decision": ("index", payer, [INDEX_VOID_FOUL, DECLINE_INDEX]), "then": "void", "foul": foul,
                    "data": data}
        self.phase = PH_WAIT
        return True

    def _void_resolved(self, ctx: PlayContext, voided: bool) -> None:
        """16C: the foul stands (resolved as usual) or is ignored: a shot counts as shot, a rebound is
        drawn again, a Fast Break "fouled while shooting" shoots normally, and a foul during an
        ACTION/PRESS leaves the Ballhandler too closely guarded to shoot: he must ADVANCE."""
        foul, data = ctx["foul"], ctx["data"]
        self.ctx = {}
        if voided:
            payer = ctx["decision"][1]
            self._spend_index(payer, 1)
            if self.log.record:
                self.event("index", payer, f"{self.teams[payer].name} spend an Index Point: the foul is ignored (16C)")
        if foul == "shot_foul":
            if not voided:
                if self._shot_foul(data) is STOP:  # the FAC pile ran out (8.1)
                    return
            self._shot_result(data)
        elif foul in ("lb_def", "lb_off"):
            if voided:
                self.ctx = data["reb"]
                self.phase = PH_REBOUND
            elif foul == "lb_def":
                self._loose_ball_foul_on_defense()
            else:
                self._loose_ball_foul_on_offense()
        elif foul == "fb_and_one":
            if voided:
                self._after_made_basket()
            else:
                self._fb_foul(data["slot"], 1)
        elif foul == "fb_fouled":
            if voided:
                self._setup_shot(data["slot"], three=False, forced=0, fb=True)
                self.phase = PH_SHOT
            else:
                self._fb_foul(data["slot"], 2)
        elif voided:  # "z_foul": too closely guarded to shoot - ADVANCE
            if self._out_of_options():
                self.team_state[self.off].team_tov += 1
                self._turnover_to_defense()
            else:
                self.phase = PH_ADVANCE
        else:
            self._z_foul(data["code"])

    @phase("wait")
    def _phase_wait(self) -> Decision | None:
        kind, side, legal = self.ctx["decision"]
        if len(legal) == 1:
            self._resolve_wait(ACTIONS[legal[0]])
            return None
        return Decision(side, kind, tuple(sorted(legal)), _WAIT_PROMPTS[kind])

    def _resolve_wait(self, a: Action) -> None:  # noqa: C901 - a rule resolution (docs/architecture.md)
        ctx = self.ctx
        then = ctx.get("then")
        off = self.off
        if a.kind == "pass_to" and "choice_no" in ctx:
            self._complete_pass(a["slot"], ctx["choice_no"], 0, ctx["src"])
            return
        if then == "three_or_two":
            s = self.ballhandler
            self._setup_shot(s, three=a.kind == "shoot_three", forced=0,
                             passer=self.prev_ballhandler if self.options.assist_last_passer else -1)
            self.phase = PH_SHOT
            return
        if then == "fast_break":
            if a.kind == "fast_break":
                self.ctx = {"orig": ctx["orig"]}
                self.phase = PH_FB
            else:
                self.ctx = {"offered": False}
                self.phase = PH_UPCOURT
            return
        if then == "dreb_choice":
            self._dreb(a["slot"])
            return
        if then in ("index_rebound", "index_rebound_off"):
            if a.kind == "index_rebound":
                payer = 1 - off if then == "index_rebound" else off
                self._spend_index(payer, 1)
                if then == "index_rebound":
                    self._dreb(ctx.get("to", ctx["o"]))
                else:
                    self._orb(ctx.get("to", ctx["d"]), ctx["no"], ctx["ast"], ctx["air"])
            elif then == "index_rebound":
                self._orb(ctx["o"], ctx["no"], ctx["ast"], ctx["air"])
            else:
                self._dreb(ctx["d"])
            return
        if then in ("choice_scores", "choice_scores_fouled"):
            s = a["slot"]
            self._made_two(off, s)
            self._credit_assist(off, -1, s)
            if self.log.record:
                self.event("made", off, f"{self.pname(off, s)} scores ({'14E' if then.endswith('fouled') else '15E'})")
            if then == "choice_scores_fouled":
                de = 1 - off
                c = self._draw("FOUL # (14E)")
                if c is None:  # the FAC pile ran out (8.1)
                    return
                f = self._foul_number_holder(de, c.foul)
                self._charge_foul(de, f if f >= 0 else self.pd_slot(off, s), team=True)
                self._free_throws(off, s, 1, after="other")
            else:
                self._after_made_basket()
            return
        if then == "index_foul":
            de = 1 - off
            if a.kind == "decline_index":
                self._pass_section(tuple(ctx["sec"]), ctx["src"], index_asked=True)
                return
            if a.kind == "index_steal":  # 16A
                self._spend_index(de, 2)
                bh = self.ballhandler if self.ballhandler >= 0 else 0
                stealer = self.pd_slot(off, bh)
                if self.log.record:
                    self.event("index", de, f"{self.teams[de].name} spend two Index Points: the foul becomes a steal (16A)")
                self._steal(stealer, bh)
                return
            self._spend_index(de, 1)  # 16C: too closely guarded to shoot - ADVANCE
            if self.log.record:
                self.event("index", de, f"{self.teams[de].name} spend an Index Point: the foul is ignored (16C)")
            if self._out_of_options():
                self.team_state[off].team_tov += 1
                self._turnover_to_defense()
            else:
                self.ctx = {}
                self.phase = PH_ADVANCE
            return
        if then == "index_steal":
            if a.kind == "decline_index":
                self._steal(ctx["stealer"], ctx["target"])
                return
            self._spend_index(off, 2)  # 16A: the steal becomes a DEFENSE FOUL by the stealer
            de = 1 - off
            if self.log.record:
                self.event("index", off, f"{self.teams[off].name} spend two Index Points: the steal becomes a foul (16A)")
            self._charge_foul(de, ctx["stealer"], team=True)
            if self._in_penalty(de):
                self._penalty_free_throws(off, ctx["target"])
            else:
                self._frontcourt(off, self._fresh_ob())
            return
        if then == "great_night":
            self._set_great_night(ctx["side"], a["player"])
            self._z_finish(ctx.get("extra", 0), -1)
            return
        if then == "injury":
            self._injure(ctx["side"], a["player"], 99, self._games_out(ctx["side"], a["player"]))
            self._z_finish(ctx.get("extra", 0), -1)
            return
        if then == "void":  # 16C
            self._void_resolved(ctx, a.kind == "index_void_foul")
            return
        if then == "fd_tie":  # 6.1
            self._fd_tie_resolved(ctx, a["slot"])
            return
        if then == "rest_choice":  # 14A / 15F
            self._rest_choice(ctx, a["player"])
            return
        if then == "three_pointer_z":  # 14H
            self._three_pointer_z(a["slot"])
            return
        raise RuntimeError(f"unhandled pending decision {ctx!r}")

    # ------------------------------------------------------------------ a coach's choice, by decision kind
    @choice("menu")
    def _choose_menu(self, decision: Decision, action: Action) -> None:
        self._apply_menu(decision.side, action)

    @choice("press")
    def _choose_press(self, decision: Decision, action: Action) -> None:  # 4.2
        self.press_next = action.kind == "press"

    @choice("ballhandler")
    def _choose_ballhandler(self, decision: Decision, action: Action) -> None:  # shoot or ADVANCE
        self._ballhandler_choice(action.index)

    @choice("stop_clock")
    def _choose_stop_clock(self, decision: Decision, action: Action) -> None:  # 8.7, 2015 6.6
        k = action.kind
        if k == "foul_to_stop_clock":
            self._deliberate_foul(self.pd_slot(self.off, self.ballhandler), self.ballhandler, stop_clock=True)
        elif k == "deliberate_foul":
            self._deliberate_foul(action["defender"], action["target"], stop_clock=False)

    @choice("freeze")
    def _choose_freeze(self, decision: Decision, action: Action) -> None:  # 6.7
        if action.kind == "freeze_shooter":
            de = 1 - self.ctx["side"]
            self.team_state[de].timeouts_used += 1
            self.team_state[de].timeouts_q4 += 1
            self.team_state[de].timeouts_last2 += 1
            self.ctx["freeze"] = 5
            if self.log.record:
                self.event("timeout", de, f"{self.teams[de].name} call a timeout to freeze the shooter (6.7)")

    @choice("free_throw")
    def _choose_free_throw(self, decision: Decision, action: Action) -> None:  # 14D: an intentional miss
        if action.kind == "intentional_miss":
            self.ctx["intentional"] = True

    # the decisions that wait inside a play (PH_WAIT): resolved by what the play continues with
    @choice("three_or_two")
    def _choose_three_or_two(self, decision: Decision, action: Action) -> None:
        self._resolve_wait(action)

    @choice("pass_to")
    def _choose_pass_to(self, decision: Decision, action: Action) -> None:
        self._resolve_wait(action)

    @choice("fast_break")
    def _choose_fast_break(self, decision: Decision, action: Action) -> None:
        self._resolve_wait(action)

    @choice("index")
    def _choose_index(self, decision: Decision, action: Action) -> None:
        self._resolve_wait(action)

    @choice("choose")
    def _choose_choose(self, decision: Decision, action: Action) -> None:
        self._resolve_wait(action)

    @choice("choose_player")
    def _choose_choose_player(self, decision: Decision, action: Action) -> None:
        self._resolve_wait(action)
