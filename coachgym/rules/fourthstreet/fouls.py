"""Fouls and "Free Throws": personal and team fouls, fouling out, the bonus and the double bonus
(Season Rules, ``penalty_levels``), the intentionally missed free throw ("Additional Strategies").

A mixin of :class:`~coachgym.rules.fourthstreet.engine.FourthStreetEngine`; section names are the
headings of the 4th Street rules (see the engine's docstring for the dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Decision
from ...core.phases import phase
from . import actions as A
from .cards import Player
from .constants import _FT_DICE, AVAILABLE, FOULED_OUT, FTA, FTM, PF, PTS
from .court import PENALTY_LEVELS, SEASON

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


_FT_DECISIONS = [Decision(side, "free_throw", (A.FT_NORMAL, A.FT_MISS), "shoot the last free throw, or miss it on purpose?")
                 for side in (0, 1)]


class FoulMixin(_Engine):
    def _trailing_by_10(self, side: int) -> bool:
        d = self.team_state[1 - side].pts - self.team_state[side].pts
        return 1 <= d <= 10

    def _penalty_level(self, side: int) -> int:
        """The fouling team's (``side``) situation (Shots: "a bonus or double-bonus situation"; Season
        Rules, ``penalty_levels``): 0 none, 1 the bonus, 2 the double bonus."""
        tf, late, ot = self.team_state[side].team_fouls, self.team_state[side].late_fouls, self.period > 4
        for k in range(len(PENALTY_LEVELS) - 1, -1, -1):
            q, o, lt = PENALTY_LEVELS[k][:3]
            if tf > (o if ot else q) or late > lt:
                return k + 1
        return 0

    def penalty_level(self, side: int) -> int:
        """``side``'s penalty situation as it fouls (0 none, 1 the bonus, 2 the double bonus): public,
        for the observation encoder (envs/fourthstreet.py)."""
        return self._penalty_level(side)

    def _bonus(self, side: int) -> bool:
        """Is the team fouling (``side``) over the limit (in the bonus or the double bonus)?"""
        return self._penalty_level(side) > 0

    def _penalty_ft(self, o: int, slot: int, d: int) -> str:
        """A non-shooting foul by ``d`` on ``o``'s ``slot``: free throws in the bonus or the double bonus
        (started here; returns the level's words), else "" (the ball is inbounded)."""
        lv = self._penalty_level(d)
        if not lv:
            return ""
        attempts, to_make, name, text = PENALTY_LEVELS[lv - 1][3:]
        self._start_ft(o, slot, attempts, "change", to_make)
        return f"{name}, {text}"

    def _personal_foul(self, side: int, slot: int, team: bool = True) -> None:
        i = self.team_state[side].lineup[slot]
        self.team_state[side].stats[i][PF] += 1
        if team:
            self.team_state[side].team_fouls += 1
            if self.clock <= SEASON["late_period_seconds"]:
                self.team_state[side].late_fouls += 1
        if self.team_state[side].stats[i][PF] >= SEASON["personal_foul_limit"] and self.team_state[side].availability[i] == AVAILABLE:
            self.team_state[side].availability[i] = FOULED_OUT
            self.team_state[side].bench_key = None
            self._ev("foul_out", side, lambda: f"{self.teams[side].players[i].name} fouls out")
            self.replace.append([side, slot])

    def _start_ft(self, side: int, slot: int, n: int, after: str, to_make: int = 0) -> None:
        """``n`` free throws; with ``to_make`` the shooter stops once he has made that many
        ("three shots to make two": Season Rules, penalty_levels)."""
        self.phase = "ft"
        self.off = side
        self.ctx = {"shooter": self.team_state[side].lineup[slot], "left": n, "after": after}
        if to_make and to_make < n:
            self.ctx["need"] = to_make
        self.windows = [side, 1 - side]
        self.changes = 0
        self.dead = False
        self._release_stoppage()

    @phase("ft")
    def _phase_ft(self) -> Decision | None:
        """Free throws (after the lineup changes offered at the dead ball): orange + black on the
        shooter's Free Throw section (2-12); 'U' = white 1-3."""
        if self.windows:
            return self._lineup_decision(self.windows[0])
        c = self.ctx
        o = self.off
        i = c["shooter"]
        p = self.teams[o].players[i]
        if i not in self.team_state[o].lineup:  # the shooter left (injury / sub) - his replacement shoots
            c["shooter"] = i = self.team_state[o].lineup[0]
            p = self.teams[o].players[i]
        last = c["left"] == 1
        if (last and c["after"] == "change" and self.options.strategies and self._in_last_minute()
                and self._trailing_by_10(o) and not c.get("asked")):
            return _FT_DECISIONS[o]
        orange, black, white = self._dice(_FT_DICE)
        st = self.team_state[o].stats[i]
        st[FTA] += 1
        if c.get("intent_miss"):
            self.ctx = {}
            if orange + black >= 9:
                self._ev("ft", o, lambda: f"{p.name} misses the free throw on purpose and misses the rim; {self.teams[1 - o].abbr} ball")
                self.dead = True
                self._change(1 - o)
            else:
                self._ev("ft", o, lambda: f"{p.name} misses the free throw on purpose")
                self.air = False
                self.phase = "rebound"
            return None
        sym = p.ft[orange + black]
        good = sym == "N" or (sym == "U" and white <= 3)
        c["left"] -= 1
        if good:
            st[FTM] += 1
            st[PTS] += 1
            self.team_state[o].pts += 1
            self._ev("ft", o, lambda: f"{p.name} makes the free throw {self._sc()}", made=True)
            if "need" in c:
                c["need"] -= 1
                if c["need"] <= 0:
                    c["left"] = 0  # made as many as he may: the rest are not shot
        else:
            self._ev("ft", o, lambda: f"{p.name} misses the free throw", made=False)
        if c["left"] > 0:
            c.pop("asked", None)
            return None
        after = c["after"]
        self.ctx = {}
        if after == "keep":
            self.frontcourt = True
            self.phase = "poss"
            self.shot_clock = SEASON["shot_clock"]
        elif good:
            self._change(1 - o)
        else:
            self.air = False
            self.phase = "rebound"
        return None

    @staticmethod
    def _ft_pct(p: Player) -> float:
        return sum((6 - abs(k - 7)) * (1 if p.ft[k] == "N" else 0.5 if p.ft[k] == "U" else 0) for k in range(2, 13)) / 36
