"""The clock: game time and the shot clock ("Shot Clock", 5 seconds a play), playing time
(the SEC column), the players' stints (Optional Rules, "Fatigue") and the end of a period (Season
Rules: period and overtime length, timeouts per overtime; rest at the breaks).

A mixin of :class:`~coachgym.rules.fourthstreet.engine.FourthStreetEngine`; section names are the
headings of the 4th Street rules (see the engine's docstring for the dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import AWAY, HOME
from ...core.phases import phase
from .constants import AVAILABLE, OUT_PERIOD, OUT_STOPPAGE, OUT_THIS_STOPPAGE, SEC
from .court import SEASON

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class ClockMixin(_Engine):
    def _tick(self, sec: int, shot: bool = True) -> None:
        """Run ``sec`` seconds off the game clock (and the shot clock), counting playing and rest time."""
        if sec <= 0:
            return
        clock = self.clock
        if sec > clock:
            sec = clock
        self.clock = clock - sec
        if shot:
            self.shot_clock -= sec
        self.rest_clock += sec
        self.game_seconds += sec  # playing time (the SEC column) is folded in lazily: see _fold_minutes
        # the players' consecutive time on the court (stint) is counted lazily too: see _fold_stint

    @property
    def stint(self) -> list[list[int]]:
        """Per side (home, away): :meth:`stint_of`."""
        if self.game_seconds != self.stint_mark:
            self._fold_stint()
        return [ts.stint_counted for ts in self.team_state]

    def stint_of(self, side: int) -> list[int]:
        """Consecutive seconds each roster player of ``side`` has been on the court (Fatigue), brought
        up to date (the team's ``stint_counted``: write to it to set a stint)."""
        if self.game_seconds != self.stint_mark:
            self._fold_stint()
        return self.team_state[side].stint_counted

    def _fold_stint(self) -> None:
        """Add the game seconds since the last fold to the stint of every player on the court (all
        of them accrue the same time, so one mark serves both teams)."""
        sec = self.game_seconds - self.stint_mark
        self.stint_mark = self.game_seconds
        for ts in self.team_state:
            st = ts.stint_counted
            a, b, c, d, e = ts.lineup
            st[a] += sec
            st[b] += sec
            st[c] += sec
            st[d] += sec
            st[e] += sec

    def _fold_minutes(self) -> None:
        """Bring the playing time (SEC) of the players on the court up to date: it is counted as
        game seconds since each one's ``seconds_counted_at`` mark instead of on every tick."""
        g = self.game_seconds
        for ts in self.team_state:
            st, on = ts.stats, ts.seconds_counted_at
            for i in ts.lineup:
                st[i][SEC] += g - on[i]
                on[i] = g

    def seconds_played(self, side: int, i: int) -> int:
        """Seconds roster player ``i`` has played so far."""
        ts = self.team_state[side]
        sec = ts.stats[i][SEC]
        if i in ts.lineup:
            sec += self.game_seconds - ts.seconds_counted_at[i]
        return sec

    def _in_last_minute(self) -> bool:
        return self.period >= 4 and self.clock <= 60

    def _end_period(self) -> None:
        self._fold_minutes()
        self._ev("period_end", None, lambda: f"end of period {self.period}: {self._sc()}")
        if self.period >= 4 and self.team_state[0].pts != self.team_state[1].pts:
            self.phase = "over"
            self._ev("final", None, lambda: f"final: {self._sc()}")
            return
        self.period += 1
        if self.period > 4:
            self.clock = SEASON["overtime_minutes"] * 60
            for ts in self.team_state:
                ts.timeouts += SEASON["timeouts_per_overtime"]
            self._rest_all(120)
        else:
            self.clock = SEASON["period_minutes"] * 60
            self._rest_all(300 if self.period == 3 else 120)
        for ts in self.team_state:
            ts.team_fouls = ts.late_fouls = 0
            ts.kick_used = False
            ts.kick_until = ts.double = ts.helper = -1
            ts.press_ban = False
            ts.bench_key = None
        self.frontcourt = False
        self.three_pt = False
        self.milk = ""
        self.desperation = False
        for ts in self.team_state:
            av = ts.availability
            for i in range(len(av)):
                if av[i] in (OUT_STOPPAGE, OUT_PERIOD, OUT_THIS_STOPPAGE):
                    av[i] = AVAILABLE
        self.ctx = {}
        self.shot_clock = SEASON["shot_clock"]
        self.dead = True
        if self.period > 4:
            # overtime starts with a jump ball at centre court
            self.phase = "pregame"
            self.ctx = {"step": "windows"}
            self.windows = [HOME, AWAY]
            self.changes = 0
            self.dead = False
        else:
            lost = 1 - self.tip_winner
            self.off = lost if self.period in (2, 3) else self.tip_winner
            self.phase = "poss"

    _phase_endperiod = phase("endperiod")(_end_period)  # phase "endperiod" (core.phases)
