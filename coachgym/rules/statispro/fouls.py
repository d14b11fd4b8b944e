"""Fouls and free throws: 6.1 (who fouls who), 6.2 (shooting fouls, free throws from the Dead Ball
Deck, the intentional miss), 6.3-6.4 (team fouls, the penalty), 6.5 (disqualification), 6.7
(freezing the shooter), 12E (lane violations), 14D (technical free throws), 19.5-19.7, 20.5, 20.7.

A mixin of :class:`~coachgym.rules.statispro.engine.StatisProEngine`; rule numbers as in the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import AWAY, HOME, Decision
from ...core.phases import phase
from . import cards as K
from .actions import CHOOSE, FREEZE, INTENTIONAL_MISS, NO_FREEZE, SHOOT_FREE_THROW
from .constants import FOULED_OUT, FTA, FTM, OK, PF, PH_FT, PH_REBOUND, PH_UPCOURT, PH_WAIT, R_FD, R_FT, STOP, Stop

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
    from .saved import PlayContext
else:
    _Engine = object


class FoulMixin(_Engine):
    def _fd_rank(self, side: int, rank: int, cont: str | None = None, data: dict[str, Any] | None = None) -> int | Stop:
        """FD1..FD5: the offensive player with the rank-th highest FOUL DRAWING number (6.1). "If two
        players have the same FOULING DRAWING rating, the home coach decides": when the rank falls on
        tied players the home coach chooses among them and the foul goes on with ``_after_<cont>``
        (the engine waits at PH_WAIT and this returns ``STOP``: the caller returns at once). Without
        ``cont`` ties rank by lineup slot (never STOP)."""
        e = self.eff(side)
        order = sorted((s for s in range(5) if not self._empty(side, s)), key=lambda s: (-e[s][R_FD], s))
        s = order[min(rank, len(order)) - 1]  # (20.7: four to rank when a team plays with four)
        if cont is not None:
            v = e[s][R_FD]
            tied = [k for k in range(5) if e[k][R_FD] == v]
            if len(tied) > 1:
                self.ctx = {"decision": ("choose", HOME, [CHOOSE[k] for k in tied]), "then": "fd_tie",
                            "cont": cont, "data": data or {}, "fd_side": side}
                self.phase = PH_WAIT
                return STOP  # the engine waits at PH_WAIT: every caller returns at once
        return s

    def _fd_tie_resolved(self, ctx: PlayContext, slot: int) -> None:
        """6.1: the home coach named the player among equal FOUL DRAWING numbers; the foul goes on."""
        cont = ctx["cont"]
        self.ctx = {}
        after = self.CONTINUATIONS[cont]  # the foul's _after_<cont> (engine.py)
        if cont in ("offensive_foul", "lb_off", "double_foul"):
            after(self, slot, **ctx["data"])
        else:
            after(self, self.pd_slot(self.off, slot), slot, **ctx["data"])

    def _foul_number_holder(self, side: int, number: int) -> int:
        for s in range(5):
            p = self.player(side, s)
            if p.foul_lo and p.foul_lo <= number <= p.foul_hi:
                return -1 if self._empty(side, s) else s  # 20.7: the player who left holds no FOUL #
        return -1

    def _empty(self, side: int, slot: int) -> bool:
        """20.7 (FIBA): "If a team, because of injury or disqualification, is reduced to less than five
        players, it will play with four players" ("Disqualified Players cannot return to play"): the
        player who had to leave is no longer in play; with nobody eligible on the bench his position
        stays empty (ratings 0: no shot, no rebound, no defense) until a substitute can come in at a
        dead ball."""
        return self.team_state[side].status[self.team_state[side].lineup[slot]] != OK and self.options.league == "fiba"

    def _present(self, side: int, slot: int) -> int:
        """A card result naming an empty position (20.7) is read for the nearest teammate in slot
        order PG, SG, SF, PF, C (the lower slot on a tie); any other position as named."""
        if self.team_state[side].status[self.team_state[side].lineup[slot]] == OK or not self._empty(side, slot):
            return slot
        for d in (-1, 1, -2, 2, -3, 3, -4, 4):
            t = slot + d
            if 0 <= t < 5 and not self._empty(side, t):
                return t
        return slot

    def _who_fouled(self, known_bh: int, cont: str | None = None,
                    data: dict[str, Any] | None = None) -> tuple[int, int] | Stop:
        """6.1 WHO FOULS WHO: returns (defender slot who fouled, offensive slot fouled), or ``STOP`` when
        the FAC pile ran out (8.1) or the home coach names the player (6.1). ``cont`` names the rest of
        the foul (``_after_<cont>``) for a home coach's FD tie choice."""
        d = 1 - self.off
        c = self._draw("FOUL # (6.1 who fouled)")
        if c is None:  # the FAC pile ran out (8.1)
            return STOP
        f = self._foul_number_holder(d, c.foul)
        if f >= 0:
            fouled = known_bh if known_bh >= 0 else self.team_state[d].guard[f]
            return f, fouled
        dt = self.team_state[d].double_team
        if (c.fd == 5 and known_bh >= 0 and dt[0] == self.team_state[self.off].lineup[known_bh]
                and dt[1] in self.team_state[d].lineup):  # 5.5: FD5 charges the second defender of a Double Team
            return self.team_state[d].lineup.index(dt[1]), known_bh
        if known_bh >= 0:
            return self.pd_slot(self.off, known_bh), known_bh
        c2 = self._draw("FD# (6.1 who drew the foul)")
        if c2 is None:
            return STOP
        ranked = self._fd_rank(self.off, c2.fd, cont, data)
        if ranked is STOP:  # the home coach names the player (6.1)
            return STOP
        return self.pd_slot(self.off, ranked), ranked

    def _in_penalty(self, side: int, counted: bool = True) -> bool:
        """6.3 / 6.4 (19.5, 20.5): is ``side`` in the Penalty Situation? Called after the foul has been
        counted: the penalty starts with the fifth Team Foul of a quarter (fourth in overtime), or
        the second in the final 2:00 when fewer than four were committed before. NCAA (19.5): the
        seventh of a half (fourth of an overtime, second in the final 2:00 of a half or overtime);
        FIBA (20.5): the fifth of a quarter. ``counted=False`` asks before a foul: would the next
        Team Foul by ``side`` be penalized (what a scoreboard shows as "in the bonus")."""
        extra = 0 if counted else 1
        n = self.team_state[side].team_fouls + extra
        last2 = self.team_state[side].team_fouls_last2 + (extra if self.two_min else 0)
        lg = self.options.league
        if lg == "ncaa":  # 19.5: six per half (three per overtime, one in the final 2:00 of a half)
            if n >= 7 or (self.overtime and n > 3):
                return True
            return self.two_min and (self.period in (2, 4) or self.overtime) and last2 >= 2
        if lg == "fiba":
            return n >= 5
        limit = 3 if self.overtime else 4
        if n > limit:
            return True
        return self.two_min and last2 >= 2

    def penalty_next(self, side: int) -> bool:
        """Read-only: would the next Team Foul by ``side`` give free throws (6.3-6.4)?"""
        return self._in_penalty(side, counted=False)

    def _charge_foul(self, side: int, slot: int, team: bool) -> None:
        ts = self.team_state[side]
        i = ts.lineup[slot]
        st = ts.stats[i]
        st[PF] += 1
        if team:
            ts.team_fouls += 1
            if self.two_min:
                ts.team_fouls_last2 += 1
        if self.log.record:
            self.event("foul", side, f"Personal foul on {self.teams[side].players[i].name} ({st[PF]}){', team foul ' + str(ts.team_fouls) if team else ''}")
        if st[PF] >= self.foul_out and ts.status[i] == OK:
            self._remove(side, i, FOULED_OUT, "fouls out (6.5)")

    def _remove(self, side: int, i: int, status: int, why: str) -> None:
        bench = self._bench(side)
        fiba = self.options.league == "fiba"
        if not bench and status == FOULED_OUT and not fiba:
            # 6.5: the last player disqualified returns; his team is given a Technical
            self._technical_ft(1 - side)
            if self.log.record:
                self.event("technical", side, f"{self.teams[side].players[i].name} stays in: no eligible substitute (6.5 Technical)")
            return
        if not bench and (not fiba or any(self._empty(side, s) for s in range(5))):
            return  # nobody left: the player stays (6.5; 20.7: never fewer than four)
        if not bench and self.log.record:
            self.event("four", side, f"{self.teams[side].name} play with four players: nobody can replace "
                                     f"{self.teams[side].players[i].name} (20.7)")
        self.team_state[side].status[i] = status
        self.removal_pending = True
        self._dirty(side)
        if self.log.record:
            self.event("out", side, f"{self.teams[side].players[i].name} {why}")

    def _penalty_free_throws(self, side: int, slot: int, dead_next: bool = False) -> None:
        n = 2
        kind = "two"
        if self.options.league == "ncaa" and self.team_state[1 - side].team_fouls < 10:
            kind = "one_and_one"
        self._free_throws(side, slot, n, after="other", kind=kind)

    def _technical_ft(self, side: int) -> None:
        """14D: one free throw for the best foul shooter in play (queued before the current FTs)."""
        s = self._best(side, R_FT)
        st = self._st(side, s)
        c = self._draw("SHOT # (technical free throw)", dead=True)
        assert c is not None  # (the Dead Ball Deck never runs out: _draw)
        st[FTA] += 1
        if c.shot[0] <= self.eff(side)[s][R_FT]:
            st[FTM] += 1
            self._points(side, s, 1)

    def _free_throws(self, side: int, slot: int, n: int, after: str, kind: str = "two") -> None:
        """6.2: free throws from the Dead Ball Deck. ``after``: 'other' (the ball goes to the other
        team after a made last shot), 'keep' (the shooter's team gets it out-of-bounds) or 'keep14'
        (out-of-bounds with a fresh 14-second clock: 2015 6.6)."""
        self.off = side
        self.ctx = {"side": side, "i": self.team_state[side].lineup[slot], "n": n, "done": 0, "after": after, "kind": kind,
                    "freeze": 0}
        self.phase = PH_FT

    @phase("free_throw")
    def _phase_free_throw(self) -> Decision | None:
        ctx = self.ctx
        side = ctx["side"]
        i = ctx["i"]
        last = ctx["done"] == ctx["n"] - 1
        if not ctx.get("q_freeze"):
            ctx["q_freeze"] = True
            de = 1 - side
            # 6.7 freezing the shooter: final minute of a game/overtime, within three points
            if (self.final_two and self.last_minute and abs(self.team_state[0].pts - self.team_state[1].pts) <= 3
                    and self._can_timeout(de, True) and ctx["freeze"] == 0 and ctx["done"] == 0):
                return Decision(de, "freeze", (FREEZE, NO_FREEZE), "freeze the shooter?")
        if not ctx.get("q_miss"):
            ctx["q_miss"] = True
            if last and ctx["after"] == "other" and self.final_two and self.last_minute:
                return Decision(side, "free_throw", (SHOOT_FREE_THROW, INTENTIONAL_MISS), "shoot or miss intentionally?")
        slot = self.team_state[side].lineup.index(i) if i in self.team_state[side].lineup else -1
        if slot < 0:
            slot = self._best(side, R_FT)
            i = self.team_state[side].lineup[slot]
        st = self.team_state[side].stats[i]
        rating = self.eff(side)[slot][R_FT] - ctx["freeze"]
        name = self.teams[side].players[i].name if self.log.record else ""
        if ctx.get("intentional"):  # 6.2: no FAC is drawn for the shot; the next one is the rebound
            number, clause, what = 0, 0, "intentional miss"
            st[FTA] += 1
            made = False
        else:
            c = self._draw("SHOT # (free throw)", dead=True)
            assert c is not None  # (the Dead Ball Deck never runs out: _draw)
            number, clause, what = c.shot[0], c.shot[1], f"RPG {c.rpg} SHOT # {c.shot[0]}"
        if ctx.get("intentional"):
            pass
        elif clause == K.S_LANE_DEF and last:  # 12E: another shot, no attempt charged
            if self.log.record:
                self.event("lane", side, f"Lane violation on the defense: {name} shoots again (12E)")
            return None
        elif clause == K.S_LANE_OFF and last:
            self.team_state[side].team_tov += 1
            if self.log.record:
                self.event("lane", side, "Lane violation on the offense: the free throw is void, team turnover (12E)")
            self._turnover_to_defense()
            return None
        else:
            st[FTA] += 1
            made = number <= rating
        if made:
            st[FTM] += 1
            self._points(side, slot, 1)
        if self.log.record:
            self.event("free_throw", side, f"{what}: {name} {'makes' if made else 'misses'} the free throw "
                       f"(needs {rating}) ({self.team_state[HOME].pts}-{self.team_state[AWAY].pts})")
        ctx["done"] += 1
        ctx["q_freeze"] = ctx["q_miss"] = False
        if ctx["freeze"]:
            ctx["freeze"] = 10 if not made else 0  # 6.7: another -5 after a miss, normal after a make
        if not last:
            if not made:
                if ctx["kind"] == "one_and_one":  # 19.5: a missed first bonus shot is rebounded
                    self.ctx = {"shooter": slot, "air": number >= 98, "ft": True, "fb": False}
                    self.phase = PH_REBOUND
                    return None
                self.team_state[side].team_reb += 1  # 10: a Team Rebound for missing the first of two
            return None
        after = ctx["after"]
        # 6.6: after the foul the fouling team may shift positions / place PD cards at this dead ball
        if after == "keep" or after == "keep14":
            # "keep14": 2015 6.6's late deliberate foul gives "a fresh 14-Second Clock possession":
            # two ADVANCES (4.3), whatever the shot-clock option
            self._frontcourt(side, 2 if after == "keep14" else self._fresh_ob())
            self.menu["fouler"] = 1 - side
            return None
        if made:
            self._new_possession(1 - side, dead=True)
            self._open_menu([AWAY, HOME], PH_UPCOURT, "dead", fouler=1 - side)
            return None
        if number >= 98:  # 12D: an air ball on the last allowed shot becomes D OB
            self.team_state[1 - side].team_reb += 1
            self._turnover_to_defense()
            return None
        self.ctx = {"shooter": slot, "air": False, "ft": True, "fb": False, "dead": bool(ctx.get("intentional"))}
        self.phase = PH_REBOUND
        return None
