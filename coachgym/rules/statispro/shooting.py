"""Shooting: 4.5 (the SHOT #), 4.4 / 13A (Open Shots and assists), 5.3 (Forced Shots), 5.5 (the
Double Team's -5), 12A-12D (SHOT # items: fouls, blocks, air balls), 7.2 (blocks and the BLOCK
section), 8.6 (a made basket as a dead ball).

A mixin of :class:`~coachgym.rules.statispro.engine.StatisProEngine`; rule numbers as in the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import AWAY, HOME, Decision
from ...core.phases import continuation, phase
from . import cards as K
from .constants import (
    AST,
    BLK,
    DRB,
    FGA,
    FGM,
    ORB,
    PH_ADVANCE,
    PH_BALL,
    PH_BLOCK,
    PH_REBOUND,
    PH_UPCOURT,
    R_AST,
    R_BLK,
    R_DEF,
    R_FD,
    R_FG,
    R_THREE,
    STOP,
    TPA,
    TPM,
    Stop,
)

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class ShootingMixin(_Engine):
    def _setup_shot(self, s: int, three: bool, forced: int, open_: bool = False, passer: int = -1,
                    fouled: int = -1, dead: bool = False, last: bool = False, fb: bool = False) -> None:
        self.ctx = {"s": s, "three": three, "forced": forced, "open": open_, "passer": passer, "fouled": fouled,
                    "dead": dead, "last": last, "fb": fb}

    @phase("shot")
    def _phase_shot(self) -> Decision | None:
        ctx = self.ctx
        off, de = self.off, 1 - self.off
        s = ctx["s"]
        c = self._draw("SHOT #", dead=ctx["dead"])
        if c is None:  # the FAC pile ran out (8.1)
            return None
        number, clause, thr, where = c.shot
        e = (self._eff[off] or self.eff(off))[s]
        three = ctx["three"]
        forced = ctx["forced"]
        if forced < 0:  # 13G: the Pass # of the SHOT FAC (ACTION, ADVANCE, PRESS in that order)
            no = 0
            for sec in (c.action, c.advance, c.press):
                if sec[0] == K.P_PASS:
                    no = sec[2]
                    break
                if sec[0] == K.P_CHOICE:
                    no = sec[1]
                    break
            forced = max(0, no - self._att(off, s))
        pd = self.pd_slot(off, s)
        ed = self._eff[de] or self.eff(de)
        i = self.team_state[off].lineup[s]
        dt_target = self.team_state[de].double_team[0] == i
        if three:
            rating = e[R_THREE]
        elif ctx["open"]:
            rating = e[R_FG] + 10
        else:
            rating = e[R_FG] + ed[pd][R_DEF] - forced
            if dt_target and not ctx["fb"] and self.via in ("action", "advance", "press"):
                rating -= 5  # 5.5 (not after a rebound)
        st = self.team_state[off].stats[i]  # (= self._st(off, s))
        name = self.pname(off, s) if self.log.record else ""
        # 12C blocks (not on Three-Pointers or Open Shots)
        if clause == K.S_BLOCK and not three and not ctx["open"]:
            b = pd if where == K.BLOCK_PD else where
            blocker = -1
            if b == K.BLOCK_ANY:
                for d in range(5):
                    if ed[d][R_BLK] >= thr:
                        blocker = d
                        break
            else:
                br = ed[b][R_BLK]
                if forced and b == pd:
                    br = max(1, br * 2)  # 5.3: doubled, B0 becomes B1
                if br >= thr:
                    blocker = b
            if blocker >= 0 and ctx["fouled"] < 0:
                st[FGA] += 1
                if self.log.record:
                    self.event("block", de, f"RPG {c.rpg} SHOT # {number}: {name}'s shot is blocked by {self.pname(de, blocker)} (12C)")
                self.ctx = {"blocker": blocker, "shooter": s}
                self.phase = PH_BLOCK
                return None
        shot = {"s": s, "three": three, "made": number <= rating and number < 98, "number": number, "rating": rating,
                "rpg": c.rpg, "passer": ctx["passer"], "open": ctx["open"], "no_assist": bool(ctx.get("no_assist")),
                "last": ctx["last"], "fb": ctx["fb"], "fouler": ctx["fouled"]}
        if shot["fouler"] < 0 and clause == K.S_FOUL and e[R_FD] > thr and not ctx["last"]:  # 12B
            shot["where"] = where
            shot["pd"] = pd
            if self._offer_void(de, "shot_foul", shot):  # 16C, declared before the next FAC
                return None
            if self._shot_foul(shot) is STOP:
                return None
        self._shot_result(shot)
        return None

    def _shot_foul(self, shot: dict[str, Any]) -> Stop | None:
        """12B FOULED BY POSITION / BY FOUL #: the defender is charged; the shot still counts. ``STOP``
        when the FAC pile ran out (8.1)."""
        de = 1 - self.off
        if shot["where"] == K.FOUL_BY_FOUL_NUMBER:
            c2 = self._draw("FOUL # (12B fouled by FOUL #)")
            if c2 is None:
                return STOP
            f = self._foul_number_holder(de, c2.foul)
            fouler = f if f >= 0 else shot["pd"]
        else:
            fouler = self._present(de, shot["where"])  # 20.7
        self._charge_foul(de, fouler, team=True)
        shot["fouler"] = fouler
        return None

    def _shot_result(self, shot: dict[str, Any]) -> None:
        """4.5 / 12A: score or miss; free throws after a foul on the shot (6.2), else the rebound."""
        off = self.off
        s, three, number, rating, fouled = shot["s"], shot["three"], shot["number"], shot["rating"], shot["fouler"]
        st = self._st(off, s)
        name = self.pname(off, s) if self.log.record else ""
        # 17.5: with a pre-1979 team in the game the THREE POINT rating makes a long two-pointer
        three = three and not self.no_threes
        pts = 3 if three else 2
        if shot["made"]:
            st[FGA] += 1
            st[FGM] += 1
            if three:
                st[TPA] += 1
                st[TPM] += 1
            self._points(off, s, pts)
            passer = shot["passer"]
            if (passer >= 0 or shot["open"]) and not shot["no_assist"]:
                self._credit_assist(off, passer, s)
            if self.log.record:
                self.event("made", off, f"RPG {shot['rpg']} SHOT # {number} (needs {rating}): {name} scores {pts} "
                           f"({self.team_state[HOME].pts}-{self.team_state[AWAY].pts})")
            if fouled >= 0:
                self._free_throws(off, s, 1, after="other")
            else:
                self._after_made_basket()
            return
        # missed
        if fouled >= 0:
            if self.log.record:
                self.event("missed_fouled", off, f"RPG {shot['rpg']} SHOT # {number}: {name} misses but was fouled")
            self._free_throws(off, s, 2, after="other")
            return
        st[FGA] += 1
        if three:
            st[TPA] += 1
        if self.log.record:
            self.event("missed", off, f"RPG {shot['rpg']} SHOT # {number} (needs {rating}): {name} misses{' an air ball' if number >= 98 else ''}")
        if shot["last"]:
            self._end_period()
            return
        self.ctx = {"shooter": s, "air": number >= 98, "ft": False, "fb": shot["fb"], "three": three}
        self.phase = PH_REBOUND

    def _credit_assist(self, side: int, passer: int, shooter: int) -> None:
        if passer < 0 or passer == shooter:  # 4.4 give and go: the other player with the highest ASSIST RATE
            passer = self._best(side, R_AST, exclude=shooter)
        self._st(side, passer)[AST] += 1

    @continuation("made_basket")
    def _after_made_basket(self) -> None:
        # 8.6: a made field goal is a Dead Ball situation only in the last minute of Q1-3 and the
        # last two minutes of the fourth quarter and overtime
        dead = (self.last_minute and self.period < 4) or self.final_two
        self._new_possession(1 - self.off, dead=dead)
        if dead:
            self._open_menu([AWAY, HOME], PH_UPCOURT, "dead")

    @phase("block")
    def _phase_block(self) -> Decision | None:
        ctx = self.ctx
        off, de = self.off, 1 - self.off
        c = self._draw("BLOCK")
        if c is None:
            return None
        code = c.block[0]
        blocker, shooter = ctx["blocker"], ctx["shooter"]
        if code == K.B_DEF_GT:  # 7.2 defensive goaltending
            st = self._st(off, shooter)
            st[FGM] += 1
            self._points(off, shooter, 2)
            if self.log.record:
                self.event("goaltending", de, f"RPG {c.rpg} BLOCK: Def. GT - {self.pname(off, shooter)} is credited with the basket")
            self._after_made_basket()
            return None
        self._st(de, blocker)[BLK] += 1
        if self.log.record:
            self.event("fac", off, f"RPG {c.rpg} BLOCK: {c.text['block']}")
        if code == K.B_OFF:
            slot = c.block[1]
            self._st(off, slot)[ORB] += 1
            if self._out_of_options():
                self.team_state[off].team_tov += 1
                self._turnover_to_defense()
                return None
            self.ballhandler = slot
            self.via = "recovery"
            self.open_from = -1
            self.assist_no = 0
            self.pass_no = 0
            self.ctx = {}
            self.phase = PH_BALL
            return None
        if code == K.B_DEF:
            self._st(de, c.block[1])[DRB] += 1
            self._new_possession(de, dead=False, bh=c.block[1])
            return None
        if code == K.B_OFF_OB:
            self.team_state[off].team_reb += 1
            if self._out_of_options():
                self.team_state[off].team_tov += 1
                self._turnover_to_defense()
                return None
            self.ballhandler = -1
            self.ctx = {}
            self._open_menu([AWAY, HOME], PH_ADVANCE, "dead")
            return None
        self.team_state[de].team_reb += 1
        self._turnover_to_defense()
        return None
