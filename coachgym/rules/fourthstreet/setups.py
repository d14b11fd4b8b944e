""""Jump Balls" (centre court and held balls) and "Setup Plays": the receiver and his zone from the
Location Grid, the "Press" on the setup, "Desperation Defense" and "Milk the Clock" ("Additional
Strategies").

A mixin of :class:`~coachgym.rules.fourthstreet.engine.FourthStreetEngine`; section names are the
headings of the 4th Street rules (see the engine's docstring for the dice)."""

from __future__ import annotations

from math import trunc as _trunc
from typing import TYPE_CHECKING

from ...core.chance import SeededSource
from ...core.engine import AWAY, HOME, Decision
from ...core.phases import phase
from . import actions as A
from .calls import _DECISIONS, _cache
from .constants import _PRESS_DICE, _SETUP_DICE, SHOT_CLOCK, STL, TEAM_DIE, TOV
from .court import LOCATION, SEASON, THREE_POINT_GRID, location

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


# Milk the clock's holds in seconds (see _hold_decision)
_HOLDS = (5, 10, 15)
_HOLDS_AFTER_PRESS = (0, 5)


class SetupMixin(_Engine):
    def _centre_jump(self) -> None:
        """Jump ball at centre court ("Jump Balls"): jmp + team die; tie -> home team."""
        home, away = self.team_state
        h, a = home.jumper, away.jumper
        red = self._roll("red jump ball")
        blue = self._roll("blue jump ball")
        white = self._roll("white jump ball possession")
        ph, pa = self.player(HOME, h), self.player(AWAY, a)
        th, ta = blue + ph.jmp, red + pa.jmp
        win = HOME if th >= ta else AWAY
        jumper = h if win == HOME else a
        slot = white - 1
        if white == 6 or slot == jumper:
            slot = 0 if jumper != 0 else 1
        self._ev("jump_ball", win, lambda: f"jump ball: {pa.name} {ta} - {ph.name} {th}; {self.teams[win].abbr} wins the tip, "
                 f"{self.player(win, slot).name} has the ball", red=red, blue=blue, white=white)
        if self.period == 1:
            self.tip_winner = win
        home.jumper = away.jumper = -1
        self.ctx = {}
        self.off = win
        self.phase = "poss"
        self.dead = False
        self.shot_clock = SEASON["shot_clock"]

    def _held_ball(self, o: int, slot: int) -> None:
        """Jump ball symbol: held ball at the offense's free-throw line between the ball handler and
        his defender ("Jump Balls": tie -> defending team; location grid when the offense wins)."""
        d = 1 - o
        red = self._roll("red jump ball")
        blue = self._roll("blue jump ball")
        orange = self._roll("orange jump ball location")
        black = self._roll("black jump ball location")
        white = self._roll("white jump ball possession")
        po, pd = self.player(o, slot), self.player(d, slot)
        to = (blue if o == HOME else red) + po.jmp
        td = (red if o == HOME else blue) + pd.jmp
        win = o if to > td else d
        s = white - 1
        if white == 6 or s == slot:
            s = 0 if slot != 0 else 1
        self._ev("jump_ball", win, lambda: f"held ball, jump at the free-throw line: {po.name} {to} - {pd.name} {td}; "
                 f"{self.player(win, s).name} gets the ball")
        if win == o:
            self.handler = s
            self.zone = location(self._grid(o, s), orange, black)
            self.shot_clock = SEASON["shot_clock"]
            self._revert_press(d)
            self.phase = "play"
        else:
            self._change(d)

    def _revert_press(self, d: int) -> None:
        """Press: "If a team had previously been in a press defense but is now unable to press (for
        example, following a rebound) it reverts to a man-to-man defense instead." The press lives on
        the setup play; when the possession goes on without one (offensive rebound, loose ball or held
        ball won by the offense) the defense is back in man-to-man (Level 3 passes go to Level 2)."""
        if self.team_state[d].defense_mode == "press":
            self.team_state[d].defense_mode = "man"

    def _grid(self, side: int, slot: int) -> int:
        return THREE_POINT_GRID if (self.three_pt and side == self.off) else slot + 1

    def _setup(self) -> None:
        """Setup play ("Setup Plays"; press, desperation defense and milking the clock)."""
        o, d = self.off, 1 - self.off
        self.ctx = {}
        self.timeout_called = False
        front = self.frontcourt
        self.frontcourt = False
        self.team_state[d].press_ban = False
        self.passer = -1 if front else self.outlet
        self.outlet = -1
        self.kicked = False
        if self.lane:
            self.lane = []
        self.shot_clock = SHOT_CLOCK
        base = 0 if front else self.options.setup_seconds
        milk, self.milk = self.milk, ""
        if self.desperation:
            self.desperation = False
            die = self.source.roll(6, f"{TEAM_DIE[d]} desperation foul")
            if die <= 5:
                slot = die - 1
                self._tick(base)
                self._personal_foul(d, slot)
                self.dead = True
                pen = self._penalty_ft(o, slot, d)
                self._ev("foul", d, lambda: f"intentional foul by {self.player(d, slot).name} on {self.player(o, slot).name}"
                         + (f"; {pen}" if pen else ""))
                if not pen:
                    self.frontcourt = True
                    self.phase = "poss"
                return
            self._ev("setup", o, "desperation defense: no foul called")
        if front and self.team_state[d].defense_mode == "press":
            self.team_state[d].defense_mode = "man"  # a half-court setup cannot be pressed: reverts to man-to-man
        press = self.team_state[d].defense_mode == "press"
        if press:
            red, blue, white = self._dice(_PRESS_DICE)
            od, dd = (blue, red) if o == HOME else (red, blue)
            if white != 6 and dd > od:
                w2 = self.source.roll(6, "white press result")
                ds = white - 1
                if w2 == 1:
                    self._tick(10)
                    self._personal_foul(d, ds)
                    self.dead = True
                    pen = self._penalty_ft(o, ds, d)
                    self._ev("foul", d, lambda: f"press: foul by {self.player(d, ds).name}" + (f"; {pen}" if pen else ""))
                    if not pen:
                        self.frontcourt = True
                        self.phase = "poss"
                    return
                if w2 <= 3:
                    self._tick(10)
                    self._stat(d, ds, STL)
                    self._ev("steal", d, lambda: f"press: {self.player(d, ds).name} steals from {self.player(o, ds).name}")
                    self._stat(o, ds, TOV)
                    self.team_state[o].press_ban = True
                    self._change(d, ds)
                    return
        if milk:
            # Milk the clock: player ① has the ball in the chosen Level 3 zone; the offense then
            # chooses how long he holds it (see _hold_decision): up to 15 seconds in all in place of
            # the setup play, or, after the successful advance against the press (10 seconds), up to 5 more
            if press:
                self._tick(10)
            self.handler, self.zone = 0, milk
            self.phase = "hold"
            self.ctx = {"press": press}
            self._ev("setup", o, lambda: f"milking the clock: {self.player(o, 0).name} has the ball in {milk}"
                     + (" after beating the press" if press else ""), zone=milk, slot=0)
            return
        src = self.source
        if src.__class__ is SeededSource:  # see _dice
            rnd = src._random
            orange = _trunc(rnd() * 6) + 1
            black = _trunc(rnd() * 6) + 1
            if not press:
                white = _trunc(rnd() * 6) + 1
        elif press:
            orange, black = self._dice(_SETUP_DICE[:2])
        else:
            orange, black, white = self._dice(_SETUP_DICE)
        # the white die names the receiver, 6 the highest rec (_recipient); his zone from the grid of
        # the position he plays (the 3-point grid in the 3-point offense: _grid)
        slot = white - 1 if white < 6 else self._highest(o, "rec")
        zone = LOCATION[THREE_POINT_GRID if self.three_pt else slot + 1][(black - 1) * 6 + orange - 1]
        if press:
            self._tick(5 if zone[0] == "1" else 10)
        else:
            self._tick(base)
        self.handler, self.zone = slot, zone
        if self.log.record:
            self._ev("setup", o, f"setup: {self.player(o, slot).name} has the ball in {zone}", zone=zone, slot=slot)
        else:
            self.log.count += 1
        self.phase = "play"

    def _hold_decision(self) -> Decision | None:
        """Milk the clock: the offense's choice of how long player ① holds the ball, in 5-second steps
        (5, 10 or 15 seconds in all in place of the setup play; 0 or 5 after beating the press), never
        past the shot clock (1 second is left to act) and never two choices the game clock makes
        alike (a hold longer than the clock runs the period out)."""
        if self.clock <= 0:
            self.ctx = {}
            self.phase = "endperiod"
            return None
        o = self.off
        press = self.ctx.get("press", False)
        steps = _HOLDS_AFTER_PRESS if press else _HOLDS
        legal, prev = [], None
        for h in steps:
            if prev is not None and (h > self.shot_clock - 1 or prev >= self.clock):
                break
            legal.append(A.HOLD[h])
            prev = h
        key = (o, "hold", tuple(legal))
        d = _DECISIONS.get(key)
        if d is None:
            d = _cache(key, Decision(o, "hold", key[2], "milk the clock: how long does player ① hold the ball?"))
        return d

    _phase_hold = phase("hold")(_hold_decision)  # phase "hold" (core.phases)

    def _hold(self, sec: int) -> None:
        o = self.off
        self.ctx = {}
        self._tick(sec)
        self._ev("hold", o, lambda: f"milking the clock: {self.player(o, 0).name} holds the ball {sec} seconds in {self.zone}",
                 sec=sec)
        self.phase = "play"
