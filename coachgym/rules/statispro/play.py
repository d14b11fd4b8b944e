"""Possessions and passes: 4.1-4.3 (ACTION, PRESS, ADVANCE and the pass counts), 4.4 (assists, Open
Shots), 4.5-4.6 and 5.1-5.3 (the Ballhandler: shoot, ADVANCE, three or two, Forced Shots), 3.4 / 11
(jump balls), 9 (ACTION items), 13 (ADVANCE items), 15 (PRESS items), 7.1 (steals), 8.7 and 2015 6.6
(fouling to stop the clock, deliberate fouls), 19.3 / 19.4 / 20.3 / 20.4.

A mixin of :class:`~coachgym.rules.statispro.engine.StatisProEngine`; rule numbers as in the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import AWAY, HOME, Decision
from ...core.phases import continuation, phase
from . import cards as K
from .actions import (
    ADVANCE,
    CHOOSE,
    DECLINE_INDEX,
    DELIBERATE,
    FOUL_TO_STOP,
    INDEX_FOUL,
    INDEX_STEAL,
    INDEX_VOID_FOUL,
    NO_PRESS,
    PASS_TO,
    PLAY_DEFENSE,
    PRESS,
    SHOOT,
    SHOOT_THREE,
    SHOOT_TWO,
)
from .cards import POSITIONS, rpg_slot
from .constants import (
    FGA,
    FGM,
    OK,
    PH_ADVANCE,
    PH_BALL,
    PH_JUMP,
    PH_MENU,
    PH_SHOT,
    PH_UPCOURT,
    PH_WAIT,
    PTS,
    R_AST,
    R_ATT,
    R_REBO,
    R_STL,
    R_TATT,
    R_TIRED,
    STL,
    STOP,
    TOV,
    TPA,
    TPM,
)

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class PlayMixin(_Engine):
    def _new_possession(self, side: int, dead: bool = False, count: bool = True, bh: int = -1) -> None:
        """The team gains the ball at mid-court or its defensive end: ACTION/PRESS next (4.1)."""
        if count:
            self.team_state[side].poss += 1
        self.off = side
        self.ballhandler = bh
        self.prev_ballhandler = -1
        self.passes = 0
        self.limit = self.pass_limit
        self.ext_used = False
        self.assist_from = -1
        self.open_from = -1
        self.via = ""
        self.ctx = {"dead": dead}
        self.phase = PH_UPCOURT

    def _frontcourt(self, side: int, fresh: int, dead: bool = True) -> None:
        """The team has the ball out-of-bounds in its frontcourt: ADVANCE next (4.3, 6.4, 13D, 13F)."""
        if side != self.off:
            self.team_state[side].poss += 1
        self.off = side
        self.ballhandler = -1
        self.prev_ballhandler = -1
        self.passes = 0
        self.limit = fresh
        self.ext_used = False
        self.assist_from = -1
        self.open_from = -1
        self.via = "ob"
        self.ctx = {}
        if dead:
            self._open_menu([AWAY, HOME], PH_ADVANCE, "dead")
        else:
            self.phase = PH_ADVANCE

    def _fresh_ob(self) -> int:
        """ADVANCES allowed after a defensive foul or kicked ball: 3, or 2 with the 14-second clock."""
        if self.options.league == "ncaa":
            return 4
        if self.options.shot_clock_14 or self.options.league == "fiba":
            return 2
        return 3

    def _turnover_to_defense(self, dead: bool = True) -> None:
        self._new_possession(1 - self.off, dead=dead)
        if dead:
            self._open_menu([AWAY, HOME], PH_UPCOURT, "dead")

    def _points(self, side: int, slot: int, n: int) -> None:
        self.team_state[side].pts += n
        self._st(side, slot)[PTS] += n
        if self.team_state[0].three_point_offense or self.team_state[1].three_point_offense:
            for s in (HOME, AWAY):  # 4.61: the Three Point Offense lasts while the team trails
                if self.team_state[s].three_point_offense and self.team_state[s].pts >= self.team_state[1 - s].pts:
                    self.team_state[s].three_point_offense = False
                    self.team_state[1 - s].three_point_defense = False
                    self._dirty()

    def _made_two(self, side: int, slot: int) -> None:
        """A made two-point field goal outside the shooting sequence (14E, 14K, 15E, 10A): FGA, FGM, 2 points."""
        st = self._st(side, slot)
        st[FGA] += 1
        st[FGM] += 1
        self._points(side, slot, 2)

    def _made_three(self, side: int, slot: int) -> None:
        """A made Three-Pointer outside the shooting sequence (14H, 14O): FGA, FGM, 3PA, 3PM, 3 points
        (17.5: a long two-pointer when a pre-1979 team is in the game)."""
        if self.no_threes:
            self._made_two(side, slot)
            return
        st = self._st(side, slot)
        st[FGA] += 1
        st[FGM] += 1
        st[TPA] += 1
        st[TPM] += 1
        self._points(side, slot, 3)

    def _out_of_options(self) -> bool:
        return self.passes >= self.limit

    def _best(self, side: int, idx: int, exclude: int = -1) -> int:
        """The slot with the highest effective rating ``idx`` (ties: lower slot)."""
        e = self.eff(side)
        best, bv = -1, -10**9
        for s in range(5):
            if s != exclude and e[s][idx] > bv:
                best, bv = s, e[s][idx]
        return best

    @phase("jump")
    def _phase_jump(self) -> Decision | None:
        ctx = self.ctx
        college = self.options.league in ("ncaa", "fiba")
        if ctx["jump"] != "tip" and college:
            # 19.3 / 20.3 alternating possession
            winner = self.arrow
            self.arrow = 1 - self.arrow
            if self.log.record:
                self.event("arrow", winner, f"Alternating possession: {self.teams[winner].name} (19.3)")
            self._after_jump(winner, -1)
            return None
        if ctx["jump"] in ("tip", "double_foul"):
            hs, as_ = self._best(HOME, R_REBO), self._best(AWAY, R_REBO)
        else:
            hs = as_ = ctx["slot"]
        c = self._draw("JUMP TO")
        if c is None:  # the FAC pile ran out (8.1)
            return None
        plus, pos = c.jump
        eh, ea = self.eff(HOME)[hs], self.eff(AWAY)[as_]
        rh, ra = eh[R_REBO], ea[R_REBO]
        # 11.3: equal unmodified ratings: the home player is the better jumper; 5.4 tired loses ties
        if rh > ra or (rh == ra and not (eh[R_TIRED] and not ea[R_TIRED])):
            better, worse_rating, better_rating = HOME, ra + plus, rh
        else:
            better, worse_rating, better_rating = AWAY, rh + plus, ra
        if worse_rating > better_rating or (worse_rating == better_rating and better == AWAY):
            winner = 1 - better
        else:
            winner = better
        if self.log.record:
            self.event("jump", winner, f"Jump ball {self.pname(HOME, hs)} vs {self.pname(AWAY, as_)}: JUMP TO +{plus} {POSITIONS[pos]}; {self.pname(winner, pos)} controls for {self.teams[winner].name} (11)")
        if ctx["jump"] == "tip" and self.period == 1:
            self.opening = winner
            self.arrow = 1 - winner
        elif ctx["jump"] == "tip" and self.options.league == "ncaa":
            self.arrow = 1 - winner
        self._after_jump(winner, pos)
        return None

    @continuation("jump")
    def _after_jump(self, winner: int, pos: int) -> None:
        kind = self.ctx["jump"]
        if kind == "tip":
            self._new_possession(winner, dead=False, count=True, bh=pos)
            return
        if kind == "held":  # 13G / 11.3: a team that loses a jump it had possession before: turnover
            if winner != self.off:
                self.team_state[self.off].team_tov += 1
                self._new_possession(winner, dead=False)
                return
            self.ballhandler = pos if pos >= 0 else self.ballhandler
            if self._out_of_options():
                # 13G: immediate Forced Shot with the Pass # of the SHOT FAC
                self.ctx = {}
                self._setup_shot(max(self.ballhandler, 0), three=False, forced=-1)
                self.phase = PH_SHOT
            else:
                self.ctx = {}
                self.phase = PH_ADVANCE
            return
        if kind == "rebound":  # 10J: the winner gets a Team Rebound
            self.team_state[winner].team_reb += 1
            if winner == self.off:
                self._frontcourt(winner, self.pass_limit, dead=False)
            else:
                self._new_possession(winner, dead=False)
            return
        if kind == "double_foul":
            if winner == self.off:
                self._frontcourt(winner, self._fresh_ob(), dead=False)
            else:
                self._new_possession(winner, dead=False)

    @phase("upcourt")
    def _phase_upcourt(self) -> Decision | None:
        ctx = self.ctx
        off, de = self.off, 1 - self.off
        if (self.inj_wait or self.removal_pending) and self._stop_for_removals(PH_UPCOURT):  # (nothing to do otherwise)
            return None
        # 8.4 a charged (mandatory) timeout at the start of the team's next non-Fast Break possession
        if self.team_state[off].owed_timeout and not ctx.get("owed_done"):
            self.team_state[off].owed_timeout = False
            ctx["owed_done"] = True
            self.team_state[off].timeouts_used += 1
            if self.period >= 4:
                self.team_state[off].timeouts_q4 += 1
            if self.log.record:
                self.event("timeout", off, f"{self.teams[off].name} are charged with a mandatory timeout (8.4)")
            self.menu = {"queue": [de, off], "resume": PH_UPCOURT, "kind": "timeout", "changes": 0, "caller": off}
            self.phase = PH_MENU
            return None
        if not ctx.get("offered"):
            ctx["offered"] = True
            # a live-ball timeout for the team with the ball in the final 2:00 of a period
            if not ctx.get("dead") and self.two_min and self._can_timeout(off, False):
                self.menu = {"queue": [off], "resume": PH_UPCOURT, "kind": "live", "changes": 0}
                self.phase = PH_MENU
                return None
        if not self.press_next and not ctx.get("press_asked") and self.final_two and not ctx.get("dead"):
            ctx["press_asked"] = True
            return Decision(de, "press", (PRESS, NO_PRESS), "PRESS? (4.2: the last two minutes of a game)")
        press = self.press_next
        self.press_next = False
        dead = self.from_dead
        self.from_dead = False
        c = self._draw("PRESS" if press else "ACTION", dead=dead)
        if c is None:
            return None
        sec = c.press if press else c.action
        if self.log.record:
            self.event("fac", off, f"RPG {c.rpg} {'PRESS' if press else 'ACTION'}: {c.text['press' if press else 'action']}")
        self.ctx = {}
        self._pass_section(sec, "press" if press else "action")
        return None

    def _pass_section(self, sec: tuple[Any, ...], src: str, index_asked: bool = False) -> None:  # noqa: C901 - a rule resolution (docs/architecture.md)
        code = sec[0]
        off, de = self.off, 1 - self.off
        if code == K.P_PASS:  # (the most frequent item first)
            _, slot, no, ast, sthr, sslot, trap = sec
            self.passes += 1
            if trap:  # 15K
                self.limit -= 1
            if sthr:  # 13B / 7.1 steals
                e = self._eff[de] or self.eff(de)
                if sslot >= 0:
                    stealer = sslot if e[sslot][R_STL] >= sthr else -1
                else:
                    stealer = -1
                    for s in range(5):
                        if e[s][R_STL] >= sthr and (stealer < 0 or e[s][R_STL] > e[stealer][R_STL]):
                            stealer = s
                if stealer >= 0:
                    if self._index_ok(off, 2):  # 16A: a steal becomes a DEFENSE FOUL
                        self.ctx = {"decision": ("index", off, [INDEX_FOUL, DECLINE_INDEX]), "then": "index_steal",
                                    "stealer": stealer, "target": slot}
                        self.phase = PH_WAIT
                        return
                    self._steal(stealer, slot)
                    return
            self._complete_pass(slot, no, ast, src)
            return
        if (not index_asked and code in (K.P_DFOUL, K.P_SHOOTFOUL, K.P_INTFOUL, K.P_DEADBALL_FOUL)
                and self._index_ok(de, 1)):
            # 16A / 16C: declared before the next FAC (so before the fouler is known)
            legal = [INDEX_VOID_FOUL, DECLINE_INDEX]
            if code == K.P_DFOUL and self._index_ok(de, 2):
                legal.append(INDEX_STEAL)
            self.ctx = {"decision": ("index", de, legal), "then": "index_foul", "sec": list(sec), "src": src}
            self.phase = PH_WAIT
            return
        if code == K.P_CHOICE:
            self.passes += 1
            no = sec[1]
            e = self.eff(off)
            ok = [s for s in range(5) if e[s][R_ATT] >= no]
            if not ok:
                ok = [self._best(off, R_ATT)]
            if len(ok) == 1:
                self._complete_pass(ok[0], no, 0, src)
                return
            self.ctx = {"choice_no": no, "src": src}
            self.phase = PH_WAIT
            self.ctx["decision"] = ("pass_to", off, [PASS_TO[s] for s in ok])
            return
        if code in (K.P_DFOUL, K.P_INTFOUL):
            data = {"code": code}
            who = self._who_fouled(self.ballhandler if src == "advance" else -1, "def_foul", data)
            if who is STOP:  # the FAC pile ran out, or the home coach names the player (6.1)
                return
            self._after_def_foul(*who, **data)
            return
        if code == K.P_SHOOTFOUL:  # 9E
            who = self._who_fouled(-1, "shooting_foul", {})
            if who is STOP:
                return
            self._after_shooting_foul(*who)
            return
        if code == K.P_OFOUL:  # 9F
            c = self._draw("FOUL # (9F offensive foul)")
            if c is None:
                return
            s = self._foul_number_holder(off, c.foul)
            if s < 0:
                c2 = self._draw("FD# (9F offensive foul)")
                if c2 is None:
                    return
                ranked = self._fd_rank(off, c2.fd, "offensive_foul", {})
                if ranked is STOP:
                    return
                s = ranked
            self._after_offensive_foul(s)
            return
        if code == K.P_DOB:
            slot = sec[1]
            if slot < 0:
                c = self._draw("RPG (turnover)")
                if c is None:
                    return
                slot = rpg_slot(c.rpg)
            slot = self._present(off, slot)  # 20.7
            self._st(off, slot)[TOV] += 1
            if self.log.record:
                self.event("turnover", off, f"{sec[2]}: turnover on {self.pname(off, slot)} (9B)")
            self._turnover_to_defense()
            return
        if code == K.P_24:  # 13E: valid on the last allowed pass (third/fourth NBA, fourth NCAA, second of 14)
            self.passes += 1
            if self.passes >= min(self.pass_limit, self.limit):
                self.team_state[off].team_tov += 1
                if self.log.record:
                    self.event("turnover", off, "24-Second Violation: team turnover (13E)")
                self._turnover_to_defense()
            else:
                self._complete_pass(self.ballhandler if self.ballhandler >= 0 else 0, 40, 0, src)
            return
        if code == K.P_KICKED:  # 13F
            if self.log.record:
                self.event("kicked", off, "Kicked ball: offense ball out-of-bounds (13F)")
            self._frontcourt(off, self._fresh_ob())
            return
        if code == K.P_JUMP:
            self.passes += 1
            self.ctx = {"jump": "held", "slot": sec[1]}
            self.phase = PH_JUMP
            return
        if code == K.P_Z:  # 9C / 15F: the ACTION/PRESS FAC is used (4.3); ADVANCE follows
            self.passes += 1
            self._consult_z(press=(src == "press"))
            return
        if code == K.P_CHOICE_SCORES:  # 15E
            self.ctx = {"decision": ("choose", off, [CHOOSE[s] for s in range(5)]), "then": "choice_scores"}
            self.phase = PH_WAIT
            return
        if code == K.P_DEADBALL_FOUL:  # 15J / 14M
            who = self._who_fouled(-1, "dead_ball_foul", {})
            if who is STOP:
                return
            self._after_dead_ball_foul(*who)
            return
        raise RuntimeError(f"unknown pass section {sec!r}")

    # the rest of each foul once 6.1 has named the players (also run after a home coach's FD tie choice)
    @continuation("def_foul")
    def _after_def_foul(self, fouler: int, fouled: int, code: int) -> None:
        """9D / 13D / 15A DEFENSE FOUL (two shots in the penalty, else the ball out-of-bounds with a
        fresh clock) and 15B INTENTIONAL FOUL (two free throws and the ball)."""
        off, de = self.off, 1 - self.off
        self._charge_foul(de, fouler, team=True)
        if code == K.P_INTFOUL:  # 15B: two free throws and the ball
            self._free_throws(off, fouled, 2, after="keep")
            return
        if self._in_penalty(de):
            self._penalty_free_throws(off, fouled)
        else:
            if self.log.record:
                self.event("foul", de, f"Defensive foul on {self.pname(de, fouler)}: {self.teams[off].name} ball out-of-bounds (9D)")
            self._frontcourt(off, self._fresh_ob())
            self.ctx["fouler"] = de
            self.menu["fouler"] = de

    @continuation("shooting_foul")
    def _after_shooting_foul(self, fouler: int, shooter: int) -> None:
        """9E FOULED IN ACT OF SHOOTING: the shot is resolved, then one or two free throws."""
        self._charge_foul(1 - self.off, fouler, team=True)
        self.ctx = {}
        self._setup_shot(shooter, three=False, forced=0, fouled=fouler)
        self.phase = PH_SHOT

    @continuation("offensive_foul")
    def _after_offensive_foul(self, s: int) -> None:
        """9F / 15H OFFENSIVE FOUL: a personal foul and a turnover, not a Team Foul."""
        off = self.off
        self._charge_foul(off, s, team=False)
        self._st(off, s)[TOV] += 1
        if self.log.record:
            self.event("offensive_foul", off, f"Offensive foul and turnover on {self.pname(off, s)} (9F)")
        self._turnover_to_defense()

    @continuation("dead_ball_foul")
    def _after_dead_ball_foul(self, fouler: int, fouled: int) -> None:
        """15J / 14M DEAD BALL FOUL: two free throws regardless of the penalty."""
        self._charge_foul(1 - self.off, fouler, team=True)
        self._free_throws(self.off, fouled, 2, after="other")

    def _complete_pass(self, slot: int, no: int, ast: int, src: str) -> None:
        off = self.off
        if self.team_state[off].status[self.team_state[off].lineup[slot]] != OK:
            slot = self._present(off, slot)  # 20.7: a pass to the empty position goes to the nearest teammate
        passer = self.ballhandler
        # Open Shot: the passer qualified for an Assist on the previous FAC (4.4), or the Double
        # Team target passed to the teammate whose PD is the second defender (5.5)
        open_from = -1
        if src == "advance" and self.assist_from >= 0:
            open_from = self.assist_from
        dt = self.team_state[1 - off].double_team
        if src == "advance" and passer >= 0 and dt[0] >= 0 and self.team_state[off].lineup[passer] == dt[0]:
            helper_slot = self.team_state[1 - off].lineup.index(dt[1]) if dt[1] in self.team_state[1 - off].lineup else -1
            if helper_slot >= 0 and self.team_state[1 - off].guard[helper_slot] == slot:
                open_from = passer
        self.prev_ballhandler = passer if passer >= 0 else (0 if slot != 0 else -1)
        self.ballhandler = slot
        self.pass_no = no
        if ast and self.options.assist_numbers != K.PRINTED:  # the season option: the Assist # range (4.4)
            ast = K.assist_number(self.options.assist_numbers, ast)
        self.assist_no = ast
        self.via = src
        self.open_from = open_from
        self.assist_from = -1
        self.ctx = {}
        self.phase = PH_BALL
        if self.log.record:
            self.event("pass", off, f"{self.pname(off, slot)} has the ball (Pass #{no}{' assist ' + str(ast) if ast else ''})")

    def _steal(self, stealer: int, target: int) -> None:
        off, de = self.off, 1 - self.off
        self._st(de, stealer)[STL] += 1
        self._st(off, target)[TOV] += 1
        if self.log.record:
            self.event("steal", de, f"{self.pname(de, stealer)} steals the pass to {self.pname(off, target)} (7.1)")
        self._new_possession(de, dead=False)
        self.ballhandler = stealer

    def _att(self, side: int, slot: int) -> int:
        e = self.eff(side)[slot]
        att: int = e[R_ATT]
        ts = self.team_state[side]
        i = ts.lineup[slot]
        if self.team_state[1 - side].double_team[0] == i and self.via in ("action", "advance", "press"):
            att -= 5  # 5.5
        if ts.play_call == i and self.via in ("action", "press", "advance") and self.passes <= 1:
            att += 10  # 8.42
        return att

    @phase("ball")
    def _phase_ball(self) -> Decision | None:
        off = self.off
        s = self.ballhandler
        ts = self.team_state[off]
        i = ts.lineup[s]
        e = (self._eff[off] or self.eff(off))[s]
        via = self.via
        live_pass = via == "action" or via == "advance" or via == "press"
        att = e[R_ATT]  # (= self._att(off, s), inlined)
        dt_target = live_pass and self.team_state[1 - off].double_team[0] == i
        if dt_target:
            att -= 5  # 5.5
        if live_pass and ts.play_call == i and self.passes <= 1:
            att += 10  # 8.42
        ts.play_call = -1  # 8.42: a called play lasts for the first in-bounds pass only
        self.ctx = {"att": att}
        if self.open_from >= 0 or (self.inj_wait and self._injured_pd_open()):
            # 4.4 "Any player receiving the next ADVANCE from an eligible ASSIST passer *may* shoot
            # ... as an Open Shot"; 14G "he may shoot an Open Shot regardless of the PASS #": he may
            # also decline it and ADVANCE while he has an ADVANCE left (the Open Shot is then lost),
            # unless 5.1 says he "must shoot" (engine version 6; issue 23)
            if self._may_advance(e) and self._may_decline_shot(e, att, dt_target):
                what = "(4.4)" if self.open_from >= 0 else "(14G: his PD is injured)"
                return Decision(off, "ballhandler", (SHOOT, ADVANCE), f"{self.pname(off, s)} has an Open Shot {what}: shoot or ADVANCE?")
            self._open_shot()
            return None
        if via == "recovery":  # 7.2: a recovered block - shoot or ADVANCE
            if self._out_of_options():
                self._shoot_or_three(s, 0, free=True)
                return None
            return Decision(off, "ballhandler", (SHOOT, ADVANCE), f"{self.pname(off, s)} recovered the block: shoot or ADVANCE?")
        can_shoot = self.pass_no <= att
        qual = self.assist_no > 0 and e[R_AST] >= self.assist_no
        out = self.passes >= self.limit
        late = self.eleven or (self.two_min and (self.period >= 4 or len(self.fac) <= 15))  # _final_minutes()
        ext = qual and out and not self.ext_used and self.passes == self.limit
        options = []
        if can_shoot:
            options.append(SHOOT)
            if not out and (qual or dt_target or late):
                options.append(ADVANCE)
            elif ext:
                options.append(ADVANCE)
        else:
            if out:
                options.append(SHOOT)  # Forced Shot (5.2)
                if ext:
                    options.append(ADVANCE)
            else:
                options.append(ADVANCE)
                if late:
                    options.append(SHOOT)
        if len(options) == 1:
            self._ballhandler_choice(options[0])
            return None
        return Decision(off, "ballhandler", tuple(sorted(options)),
                        f"{self.pname(off, s)} (ATTEMPTS {att}) holds Pass #{self.pass_no}: shoot or ADVANCE?")

    def _may_decline_shot(self, e: list[Any], att: int, dt_target: bool) -> bool:
        """5.1 PASS RECIPIENT: "A Ballhandler must shoot when he has received a Pass # ... less than or
        equal to his ATTEMPTS rating. (EXCEPTIONS: A Ballhandler may decline a shot of this type in the
        final 1:00 of any period, or the final 2:00 of a game, or if he has qualified for a possible
        Assist on the next ADVANCE)"; a Double Team's target may always pass (5.5), as in _phase_ball."""
        if self.pass_no > att or dt_target:
            return True
        return self.assist_no > 0 and e[R_AST] >= self.assist_no or self._final_minutes()

    def _final_minutes(self) -> bool:
        """The final minute of the period or the final 2:00 of the game (5.1, 5.2)."""
        return self.eleven or (self.two_min and (self.period >= 4 or len(self.fac) <= 15))

    def _injured_pd_open(self) -> bool:
        """14G: the Ballhandler's PD is injured and still in play."""
        off = self.off
        return (bool(self.inj_wait) and self.inj_wait[0] != off
                and self.team_state[1 - off].lineup[self.pd_slot(off, self.ballhandler)] == self.inj_wait[1])

    def _may_advance(self, e: list[Any]) -> bool:
        """An ADVANCE is left: passes remain, or the one 13A extension of an Assist-qualified Ballhandler."""
        if self.passes < self.limit:
            return True
        qual = self.assist_no > 0 and e[R_AST] >= self.assist_no
        return qual and not self.ext_used and self.passes == self.limit

    def _open_shot(self) -> None:
        """Take the Open Shot (4.4, 14G): +10, no PD, no block; a three when the Pass # is below THREE POINT
        ATTEMPTS (no bonus, assist still credited)."""
        off, s = self.off, self.ballhandler
        tatt = 0 if self.no_threes else self.eff(off)[s][R_TATT]  # 17.5: a pre-1979 game's Open Shot is a two (+10)
        if self.open_from >= 0:
            three = bool(tatt) and self.pass_no < tatt
            self._setup_shot(s, three=three, forced=0, open_=not three, passer=self.open_from)
        else:  # 14G: the Ballhandler he guards is open regardless of the Pass #
            three = bool(tatt) and 0 < self.pass_no < tatt
            passer = self.prev_ballhandler if self.options.assist_last_passer else -1
            self._setup_shot(s, three=three, forced=0, open_=not three, passer=passer)
            self.ctx["no_assist"] = passer < 0
            if self.log.record:
                self.event("open_shot", off, f"{self.pname(off, s)} is open: his PD is injured (14G)")
        self.phase = PH_SHOT

    def _ballhandler_choice(self, act: int) -> None:
        off, s = self.off, self.ballhandler
        if self.open_from >= 0 or (self.inj_wait and self._injured_pd_open()):  # the same test as _phase_ball's
            if act == SHOOT:
                self._open_shot()
                return
            if self.log.record:
                self.event("open_shot", off, f"{self.pname(off, s)} declines the Open Shot and ADVANCES (4.4)")
            self.open_from = -1  # declined: the Open Shot is lost
        if act == ADVANCE:
            e = self.eff(off)[s]
            if self.assist_no > 0 and e[R_AST] >= self.assist_no:
                self.assist_from = s
                if self._out_of_options():
                    self.ext_used = True
                    self.limit += 1  # 13A: one extension of the 24-Second clock
            else:
                self.assist_from = -1
            self.ctx = {}
            self.phase = PH_ADVANCE
            return
        if self.via == "recovery":
            self._shoot_or_three(s, 0, free=True)
            return
        att = self.ctx.get("att")
        if att is None:
            att = self._att(off, s)
        forced = max(0, self.pass_no - att)
        self._shoot_or_three(s, forced)

    def _shoot_or_three(self, s: int, forced: int, free: bool = False) -> None:
        off = self.off
        tatt = self.eff(off)[s][R_TATT]
        if not free and not forced and tatt and self.pass_no <= tatt:
            if self.pass_no < tatt and not self.no_threes:
                self._setup_shot(s, three=True, forced=0, passer=self.prev_ballhandler if self.options.assist_last_passer else -1)
                self.phase = PH_SHOT
                return
            self.ctx = {"decision": ("three_or_two", off, [SHOOT_THREE, SHOOT_TWO]), "then": "three_or_two"}
            self.phase = PH_WAIT
            return
        self._setup_shot(s, three=False, forced=forced, passer=self.prev_ballhandler if self.options.assist_last_passer and not free else -1)
        self.phase = PH_SHOT

    @phase("advance")
    def _phase_advance(self) -> Decision | None:
        ctx = self.ctx
        de = 1 - self.off
        if (self.inj_wait or self.removal_pending) and self._stop_for_removals(PH_ADVANCE):  # (nothing to do otherwise)
            return None
        if not ctx.get("asked"):
            ctx["asked"] = True
            legal = []
            if self.final_two and self.last_minute and self.ballhandler >= 0:
                legal.append(FOUL_TO_STOP)  # 8.7
            if self.options.deliberate_fouls and self.options.league != "fiba":
                legal.extend(DELIBERATE[(d, o)] for d in range(5) for o in range(5))
            if legal:
                legal.append(PLAY_DEFENSE)
                return Decision(de, "stop_clock", tuple(sorted(legal)), "foul the Ballhandler?")
        dead = self.from_dead
        self.from_dead = False
        c = self._draw("ADVANCE", dead=dead)
        if c is None:
            return None
        if self.log.record:
            self.event("fac", self.off, f"RPG {c.rpg} ADVANCE: {c.text['advance']}")
        self.ctx = {}
        self._pass_section(c.advance, "advance")
        return None

    def _deliberate_foul(self, de_slot: int, off_slot: int, stop_clock: bool) -> None:
        off, de = self.off, 1 - self.off
        if not stop_clock:
            # 2015 6.6 (interpretation; the text does not say whether the foul takes time): the foul
            # takes the place of the ADVANCE, whose FAC is used up (time passes). Without it a
            # defense could foul at every ADVANCE with the clock stopped, every free throw coming
            # from the Dead Ball Deck, and a game need never end (docs, "2015 options").
            if self._draw("ADVANCE (replaced by a deliberate foul)") is None:  # the FAC pile ran out (8.1)
                return
        else:
            # 8.7 (interpretation): the pass the foul follows took time: one FAC of the pile is used
            # up (about four seconds). Without it two teams fouling each other at every pass, with
            # every ACTION and free throw from the Dead Ball Deck, would stop the clock for ever.
            if self._draw("the pass before the foul to stop the clock (8.7)") is None:
                return
        self._charge_foul(de, de_slot, team=True)
        if self.log.record:
            self.event("foul", de, f"{self.pname(de, de_slot)} fouls {self.pname(off, off_slot)} deliberately ({'8.7' if stop_clock else '2015 6.6'})")
        if stop_clock:
            self.from_dead = True  # 8.7: the next ADVANCE, ACTION or PRESS from the Dead Ball Deck
        late = self.two_min and self.period in (2, 4)
        if not stop_clock and late:
            # 2015 6.6: in the last two minutes of Q2/Q4 a dead ball foul (14M): two free throws and
            # "a fresh 14-Second Clock possession to the fouled Team" (two ADVANCES, 4.3)
            self._free_throws(off, off_slot, 2, after="keep14")
            return
        if self._in_penalty(de, counted=True):
            self._penalty_free_throws(off, off_slot, dead_next=stop_clock)
        else:
            self._frontcourt(off, self._fresh_ob())
