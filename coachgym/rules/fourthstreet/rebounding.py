""""Rebounds" (the matchup of the white die's position, white 6 the defense's highest tRb; an air
ball keeps the shot clock running: "Shot Clock") and the "Loose Ball" after a block.

A mixin of :class:`~coachgym.rules.fourthstreet.engine.FourthStreetEngine`; section names are the
headings of the 4th Street rules (see the engine's docstring for the dice)."""

from __future__ import annotations

from math import trunc as _trunc
from typing import TYPE_CHECKING

from ...core.chance import SeededSource
from ...core.engine import HOME
from ...core.phases import phase
from .constants import _LOOSE_DICE, _REBOUND_DICE, DRB, ORB
from .court import SEASON, location

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class ReboundMixin(_Engine):
    def _rebound(self) -> None:
        """Rebounds: white 1-5 = that position's matchup (oRb vs dRb, tie -> defense); white 6 = the
        defense's highest tRb. The offense's rebounder is placed with his location grid."""
        o, d = self.off, 1 - self.off
        if self.clock <= 0:
            self.phase = "endperiod"
            return
        src = self.source
        if src.__class__ is SeededSource:  # see _dice
            rnd = src._random
            red = _trunc(rnd() * 6) + 1
            blue = _trunc(rnd() * 6) + 1
            orange = _trunc(rnd() * 6) + 1
            black = _trunc(rnd() * 6) + 1
            white = _trunc(rnd() * 6) + 1
        else:
            red, blue, orange, black, white = self._dice(_REBOUND_DICE)
        self._tick(5)
        air = self.air
        self.air = False
        if white == 6:
            s = self._highest(d, "trb")
            self._stat(d, s, DRB)
            self._ev("rebound", d, lambda: f"defensive rebound {self.player(d, s).name} (highest tRb)")
            self.team_state[o].press_ban = True
            self._change(d, s)
            return
        s = white - 1
        po, pd = self.player(o, s), self.player(d, s)
        odie, ddie = (blue, red) if o == HOME else (red, blue)
        ot = odie - self._fatigue(o, s) + po.orb
        dt = ddie - self._fatigue(d, s) + pd.drb
        if ot > dt:
            self._stat(o, s, ORB)
            self.handler = s
            self.zone = location(self._grid(o, s), orange, black)
            self._ev("rebound", o, lambda: f"offensive rebound {po.name} {ot} - {pd.name} {dt}, ball in {self.zone}")
            if air:
                if self.shot_clock <= 0:
                    self._turnover(o, None, f"shot clock violation, {self.teams[o].abbr}")
                    return
            else:
                self.shot_clock = self.options.offensive_rebound_reset or SEASON["shot_clock"]
            self._revert_press(d)
            self.phase = "play"
        else:
            self._stat(d, s, DRB)
            self._ev("rebound", d, lambda: f"defensive rebound {pd.name} {dt} - {po.name} {ot}")
            self.team_state[o].press_ban = True
            self._change(d, s)

    _phase_rebound = phase("rebound")(_rebound)  # phase "rebound" (core.phases)

    def _loose_ball(self) -> None:
        """Loose ball after a block: red vs blue, no ratings, tie -> defense; white 6 = point guards."""
        o, d = self.off, 1 - self.off
        if self.clock <= 0:
            self.phase = "endperiod"
            return
        red, blue, orange, black, white = self._dice(_LOOSE_DICE)
        self._tick(5)
        s = 0 if white == 6 else white - 1
        odie, ddie = (blue, red) if o == HOME else (red, blue)
        if odie > ddie:
            self._stat(o, s, ORB)
            self.handler = s
            self.zone = location(self._grid(o, s), orange, black)
            self._ev("loose_ball", o, lambda: f"loose ball recovered by {self.player(o, s).name} in {self.zone}")
            if self.shot_clock <= 0:
                self._turnover(o, None, f"shot clock violation, {self.teams[o].abbr}")
                return
            self._revert_press(d)
            self.phase = "play"
        else:
            self._stat(d, s, DRB)
            self._ev("loose_ball", d, lambda: f"loose ball recovered by {self.player(d, s).name}")
            self.team_state[o].press_ban = True  # credited as a defensive rebound: no press on the next setup
            self._change(d, s)

    _phase_loose = phase("loose")(_loose_ball)  # phase "loose" (core.phases)
