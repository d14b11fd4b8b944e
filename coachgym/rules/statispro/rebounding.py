"""Rebounds and the Fast Break: 4.7 and 10A-10J (REBOUND items), 6.21 (+5 on free throws), 12D (air
balls), 14K (accidental tip-in), 16B (Index Points on rebounds), 10A / 14N (the Fast Break chart).

A mixin of :class:`~coachgym.rules.statispro.engine.StatisProEngine`; rule numbers as in the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Decision
from ...core.phases import continuation, phase
from . import cards as K
from .actions import CHOOSE, DECLINE_INDEX, FAST_BREAK, INDEX_REBOUND, NORMAL_ACTION
from .cards import rpg_slot
from .constants import (
    DRB,
    FGA,
    ORB,
    PH_BALL,
    PH_JUMP,
    PH_SHOT,
    PH_UPCOURT,
    PH_WAIT,
    R_REBD,
    R_REBO,
    R_TIRED,
    STL,
    STOP,
    TOV,
    TPA,
)

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class ReboundMixin(_Engine):
    @phase("rebound")
    def _phase_rebound(self) -> Decision | None:  # noqa: C901 - a rule resolution (docs/architecture.md)
        ctx = self.ctx
        off, de = self.off, 1 - self.off
        c = self._draw("REBOUND", dead=ctx.get("dead", False))
        if c is None:  # the FAC pile ran out (8.1)
            return None
        r = c.rebound
        redealt = ""
        if self.options.rebound_slots != K.PRINTED:  # the season option: the slot cards re-dealt (10A-10D)
            entry = K.rebound_slot_entry(self.options.rebound_slots, c.rpg)
            if entry is not None:
                r, redealt = entry
        code = r[0]
        if self.log.record:
            self.event("fac", None, f"RPG {c.rpg} REBOUND: {c.text['rebound']}" if not redealt else
                       f"RPG {c.rpg} REBOUND: {redealt} (re-dealt from {c.text['rebound']!r}: rebound_slots={self.options.rebound_slots})")
        shooter = ctx["shooter"]
        if self.tip_in and not ctx["ft"]:
            # 14K accidental tip-in: the next missed field goal is tipped in by whoever rebounds it (a
            # defender's tip-in is credited to his PD); ignored if the rebound goes out-of-bounds
            self.tip_in = False
            scorer = self._tip_in_scorer(r)
            if scorer >= 0:
                self._made_two(off, scorer)
                if self.log.record:
                    self.event("tip_in", off, f"Accidental tip-in: {self.pname(off, scorer)} gets the basket (14K)")
                self._after_made_basket()
                return None
        if code == K.R_DEF:
            slot, fb = self._present(de, r[1]), r[2]
            self._st(de, slot)[DRB] += 1
            self._new_possession(de, dead=False, bh=slot)
            if fb and not ctx["ft"]:
                self.ctx = {"decision": ("fast_break", de, [FAST_BREAK, NORMAL_ACTION]), "then": "fast_break", "orig": slot}
                self.phase = PH_WAIT
            return None
        if code == K.R_HIGH:
            _, slots, bonus, no, ast = r
            eo, ed = self.eff(off), self.eff(de)
            best_o, vo = -1, -1
            for s in slots:
                if eo[s][R_REBO] > vo or (eo[s][R_REBO] == vo and not eo[s][R_TIRED]):
                    best_o, vo = s, eo[s][R_REBO]
            bonus_d = 0 if ctx["fb"] else bonus
            top2 = sorted(range(5), key=lambda s: -ed[s][R_REBD])[:2] if ctx["ft"] else ()
            vals = {}
            for s in slots:
                v = ed[s][R_REBD] + bonus_d + (5 if s in top2 else 0)
                vals[s] = v
            vd = max(vals.values())
            tied = [s for s in slots if vals[s] == vd]
            if len(tied) > 1:
                fresh = [s for s in tied if not ed[s][R_TIRED]]
                tied = fresh or tied
            off_tired = eo[best_o][R_TIRED]
            def_tired = all(ed[s][R_TIRED] for s in tied)
            if vo > vd or (vo == vd and def_tired and not off_tired):
                # 16B: the defense may overturn a rebound to the other team's highest at a position
                # ("Highest rebounder" of the whole floor: to the overturning team's highest, 16B)
                if self._index_ok(de, 1):
                    self.ctx = {"decision": ("index", de, [INDEX_REBOUND, DECLINE_INDEX]), "then": "index_rebound",
                                "o": best_o, "no": no, "ast": ast, "air": ctx["air"], "d": tied[0],
                                "to": best_o if len(slots) < 5 else tied[0]}
                    self.phase = PH_WAIT
                    return None
                self._orb(best_o, no, ast, ctx["air"])
                return None
            if len(tied) > 1:
                self.ctx = {"decision": ("choose", de, [CHOOSE[s] for s in tied]), "then": "dreb_choice"}
                self.phase = PH_WAIT
                return None
            if self._index_ok(off, 1):
                self.ctx = {"decision": ("index", off, [INDEX_REBOUND, DECLINE_INDEX]), "then": "index_rebound_off",
                            "o": best_o, "no": no, "ast": ast, "air": ctx["air"], "d": tied[0],
                            "to": tied[0] if len(slots) < 5 else best_o}
                self.phase = PH_WAIT
                return None
            self._dreb(tied[0])
            return None
        if code == K.R_OFF:
            self._orb(self._present(off, r[1]), r[2], r[3], ctx["air"])
            return None
        if code == K.R_OOB:  # 10E
            self.team_state[off].team_reb += 1
            if ctx["air"] and self._out_of_options():
                self.team_state[off].team_tov += 1
                self._turnover_to_defense()
                return None
            self._frontcourt(off, self.pass_limit if not ctx["air"] else self.limit - self.passes)
            return None
        if code == K.R_DOB:  # 10F
            self.team_state[de].team_reb += 1
            self._turnover_to_defense()
            return None
        if code == K.R_OFFGT:  # 10G: turnover, no field goal attempt (nor a three-point attempt)
            if not ctx["ft"]:
                self._st(off, shooter)[FGA] -= 1
                if ctx.get("three"):
                    self._st(off, shooter)[TPA] -= 1
            self.team_state[off].team_tov += 1
            self._turnover_to_defense()
            return None
        if code == K.R_LB_DEF:  # 10H
            if not self._offer_void(de, "lb_def", {"reb": dict(ctx)}):  # 16C
                self._loose_ball_foul_on_defense()
            return None
        if code == K.R_LB_OFF:  # 10I: a Team Foul against the offense
            if not self._offer_void(off, "lb_off", {"reb": dict(ctx)}):  # 16C
                self._loose_ball_foul_on_offense()
            return None
        if code == K.R_JUMP:  # 10J
            self.ctx = {"jump": "rebound", "slot": r[1]}
            self.phase = PH_JUMP
            return None
        raise RuntimeError(f"unknown rebound {r!r}")

    def _tip_in_scorer(self, r: tuple[Any, ...]) -> int:
        """14K: the offensive slot credited with a tip-in on this REBOUND section (-1: no tip-in)."""
        off, de = self.off, 1 - self.off
        code = r[0]
        if code == K.R_OFF:
            return self._present(off, r[1])
        if code == K.R_DEF:
            return self.team_state[de].guard[self._present(de, r[1])]
        if code == K.R_HIGH:
            slots: tuple[int, ...] = r[1]
            bonus: int = r[2]
            eo, ed = self.eff(off), self.eff(de)
            bo = max(slots, key=lambda s: (eo[s][R_REBO], -s))
            bd = max(slots, key=lambda s: (ed[s][R_REBD], -s))
            return bo if eo[bo][R_REBO] > ed[bd][R_REBD] + bonus else self.team_state[de].guard[bd]
        return -1

    def _loose_ball_foul_on_defense(self) -> None:
        """10H: FOUL # of the next FAC names the defender, else the FD# names who drew it."""
        off, de = self.off, 1 - self.off
        self.team_state[off].team_reb += 1
        c2 = self._draw("FOUL # (10H)")
        if c2 is None:
            return
        f = self._foul_number_holder(de, c2.foul)
        if f >= 0:
            fouled = self.team_state[de].guard[f]
        else:
            c3 = self._draw("FD# (10H)")
            if c3 is None:
                return
            ranked = self._fd_rank(off, c3.fd, "lb_def", {})
            if ranked is STOP:  # the home coach names the player (6.1)
                return
            fouled = ranked
            f = self.pd_slot(off, fouled)
        self._after_lb_def(f, fouled)

    def _loose_ball_foul_on_offense(self) -> None:
        """10I: FOUL # of the next FAC in an offensive player's range, else its FD#."""
        off, de = self.off, 1 - self.off
        self.team_state[de].team_reb += 1
        c2 = self._draw("FOUL # (10I)")
        if c2 is None:
            return
        f = self._foul_number_holder(off, c2.foul)
        if f < 0:
            ranked = self._fd_rank(off, c2.fd, "lb_off", {})
            if ranked is STOP:
                return
            f = ranked
        self._after_lb_off(f)

    def _fb_foul(self, slot: int, shots: int) -> None:
        """10A: a foul on the Fast Break shooter (the fouler by 6.1), one or two free throws."""
        who = self._who_fouled(slot)
        if who is STOP:
            return
        fouler, _ = who
        self._charge_foul(1 - self.off, fouler, team=True)
        self._free_throws(self.off, slot, shots, after="other")

    @continuation("lb_def")
    def _after_lb_def(self, fouler: int, fouled: int) -> None:
        """10H LOOSE BALL FOUL ON DEFENSE: two shots in the penalty, else the ball out-of-bounds."""
        off, de = self.off, 1 - self.off
        self._charge_foul(de, fouler, team=True)
        if self._in_penalty(de, counted=True):
            self._free_throws(off, fouled, 2, after="other")
        else:
            self._frontcourt(off, self.pass_limit)

    @continuation("lb_off")
    def _after_lb_off(self, f: int) -> None:
        """10I LOOSE BALL FOUL ON OFFENSE: a Team Foul; in the penalty two shots for the fouler's PD."""
        off, de = self.off, 1 - self.off
        self._charge_foul(off, f, team=True)
        if self._in_penalty(off, counted=True):
            pd = self.pd_slot(off, f)
            self.off = de
            self.team_state[de].poss += 1
            self._free_throws(de, pd, 2, after="other")
        else:
            self._turnover_to_defense()

    def _dreb(self, slot: int) -> None:
        de = 1 - self.off
        self._st(de, slot)[DRB] += 1
        self._new_possession(de, dead=False, bh=slot)

    def _orb(self, slot: int, no: int, ast: int, air: bool) -> None:
        """10C/10D: an offensive rebound; the #/assist combination decides what happens next."""
        off = self.off
        self._st(off, slot)[ORB] += 1
        if air:  # 12D: an air ball does not reset the 24-Second clock
            if self._out_of_options():
                self.team_state[off].team_tov += 1
                if self.log.record:
                    self.event("turnover", off, "Air ball rebound with no ADVANCE left: 24-Second Violation (12D)")
                self._turnover_to_defense()
                return
        else:
            self.passes = 0
            self.limit = 2 if (self.options.league == "fiba" and self.options.fiba_orb_14) else self.pass_limit
            self.ext_used = False
        self.ballhandler = slot
        self.prev_ballhandler = -1
        self.pass_no = no
        self.assist_no = ast
        self.via = "orb"
        self.open_from = -1
        self.assist_from = -1
        self.ctx = {}
        self.phase = PH_BALL

    def _grade(self, side: int, which: str) -> int:
        g = K.GRADES.index(getattr(self.teams[side], which))
        tired = sum(1 for s in range(5) if self.eff(side)[s][R_TIRED])
        return min(4, g + tired)

    @phase("fast_break")
    def _phase_fast_break(self) -> Decision | None:
        ctx = self.ctx
        off, de = self.off, 1 - self.off
        col = ctx.get("col") or K.fb_column(K.GRADES[self._grade(off, "offense")], K.GRADES[self._grade(de, "defense")])
        c = self._draw("FOUL # (Fast Break)")
        if c is None:
            return None
        res = K.FB_COLUMNS[col][c.foul]
        assert res is not None  # every FOUL # 1-100 has a result (checked when the chart is read)
        code, slot = res
        if slot >= 0:
            slot = self._present(off, slot)  # 20.7: a position left empty
        orig = ctx["orig"]
        self.passes = 1
        if self.log.record:
            self.event("fast_break", off, f"Fast Break, column {col}: RPG {c.rpg} FOUL # {c.foul}: {K.fb_text(col, c.foul)}")
        if code == K.FB_BASKET:
            if slot == K.FB_RPG:
                c = self._draw("RPG (Fast Break scorer)")
                if c is None:
                    return None
                slot = self._present(off, rpg_slot(c.rpg))
            self._made_two(off, slot)
            self._credit_assist(off, orig, slot)
            self._after_made_basket()
            return None
        if code == K.FB_AND_ONE:
            self._made_two(off, slot)
            if not self._offer_void(de, "fb_and_one", {"slot": slot}):  # 16C
                self._fb_foul(slot, 1)
            return None
        if code == K.FB_FOULED:
            if not self._offer_void(de, "fb_fouled", {"slot": slot}):  # 16C
                self._fb_foul(slot, 2)
            return None
        if code == K.FB_SHOT:
            self._setup_shot(slot, three=False, forced=0, fb=True)
            self.phase = PH_SHOT
            return None
        if code == K.FB_NONE:
            self.passes = 0
            self.ctx = {"offered": True, "owed_done": True}
            self.phase = PH_UPCOURT
            return None
        if code == K.FB_TURNOVER:
            self._st(off, slot)[TOV] += 1
            self._turnover_to_defense()
            return None
        # FB_STOLEN
        pd = self.pd_slot(off, slot)
        self._st(off, slot)[TOV] += 1
        self._st(de, pd)[STL] += 1
        self._new_possession(de, dead=False, bh=pd)
        return None
