"""A regular play ("Playing the Game"): the ball handler against his defender(s) ("Man-to-Man",
the double team, "Zone" and "3-Second Defense"), and the card's result read from the "Symbol Map":
"Shots", "Passes", "Drives", blocks, "Steals", fouls, turnovers, jump balls, injuries and weird plays
(Kick it Out: "Additional Strategies").

A mixin of :class:`~coachgym.rules.fourthstreet.engine.FourthStreetEngine`; section names are the
headings of the 4th Street rules (see the engine's docstring for the dice)."""

from __future__ import annotations

from math import trunc as _trunc
from typing import TYPE_CHECKING

from ...core.chance import SeededSource
from ...core.engine import HOME
from ...core.phases import phase
from .cards import AIR, AND_ONE, BLOCK, CHARGE, FEED, FIFTY, FOUL, INJURY, JUMP, MISS, OUT, STEAL, TRAVEL, WEIRD, Player
from .constants import _MOVES, BLK, DRIVE_LAT, FGA, MADE_SET, PASS_LAT, STL, THREES_OFF_DEFENSE, TOV, TPA
from .court import COVER, KICK_OUT, custom_cover
from .court import WEIRD as WEIRD_TABLE

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class PlayMixin(_Engine):
    def cover(self, d: int) -> dict[str, tuple[int, ...]]:
        """Zone -> the tokens of ``d``'s zone covering it, ascending (a named or a placed alignment)."""
        a = self.team_state[d].align
        return custom_cover(self.team_state[d].tokens) if a == "custom" else COVER[a]

    def _defenders(self, o: int, slot: int, zone: str) -> tuple[int, int, bool]:
        """(first defender slot, second defender slot or -1, offense wins automatically)."""
        d = 1 - o
        dts = self.team_state[d]
        if dts.defense_mode == "zone":
            cover = self.cover(d)
            cov = list(cover[zone])
            if self.options.three_second_rule:
                in_lane = list(cover["1B"])
                if zone == "1B":
                    cov = [t for t in cov if t not in self.lane]
                self.lane = [t for t in in_lane if t not in self.lane]
            if not cov:
                return -1, -1, True
            first = cov[-1] - 1
            second = cov[0] - 1 if len(cov) > 1 else -1
            return first, second, False
        if dts.double >= 0 and dts.helper >= 0:
            if slot == dts.helper:
                return slot, -1, True  # the helper's man is uncovered
            if slot == dts.double:
                return slot, dts.helper, False
        return slot, -1, False

    def _play(self) -> None:
        """A regular play ("Playing the Game", "Shots", "Passes", "Drives"): the ball handler against
        his defender(s), team die + grade, the offense wins ties; the winner's card is read."""
        o = self.off
        d = 1 - o
        if self.clock <= 0:
            self.phase = "endperiod"
            return
        if self.shot_clock <= 0:
            self._turnover(o, None, f"shot clock violation, {self.teams[o].abbr}")
            return
        slot, zone = self.handler, self.zone
        lv = ord(zone[0]) - 48  # level(zone)
        src = self.source
        if src.__class__ is SeededSource:  # the same draws as SeededSource.roll(6), without the calls
            rnd = src._random
            trunc = _trunc
            red = trunc(rnd() * 6) + 1
            blue = trunc(rnd() * 6) + 1
            orange = trunc(rnd() * 6) + 1
            black = trunc(rnd() * 6) + 1
            white = trunc(rnd() * 6) + 1
        else:
            roll = src.roll
            red = roll(6, "red matchup")
            blue = roll(6, "blue matchup")
            orange = roll(6, "orange result")
            black = roll(6, "black result")
            white = roll(6, "white")
        ots, dts = self.team_state[o], self.team_state[d]
        olu = ots.lineup
        op = self.teams[o].players[olu[slot]]
        if dts.double < 0 and dts.defense_mode != "zone":
            first, second, auto = slot, -1, False  # man-to-man or press, no double team (see _defenders)
        else:
            first, second, auto = self._defenders(o, slot, zone)
        fatigue = self.options.fatigue
        fo = fd = 0
        if fatigue:  # Optional Rules, Fatigue: see _fatigue
            i = olu[slot]
            if ots.stint_counted[i] + self.game_seconds - self.stint_mark >= op.fat * 60:
                fp = ots.fatigue_points
                if fp[i] < 3:
                    fp[i] += 1
                fo = fp[i]
        if first >= 0:
            dlu = dts.lineup
            dplayers = self.teams[d].players
            dp = dplayers[dlu[first]]
            dg = dp.dfn[lv]
            safe = dts.safe
            if safe[dlu[first]]:  # Foul Trouble: playing it safe, grades 1 lower; at 0 he loses automatically
                if dg == 0:
                    auto = True
                dg -= 1
            if fatigue:  # (_fatigue, inline)
                j = dlu[first]
                if dts.stint_counted[j] + self.game_seconds - self.stint_mark >= dp.fat * 60:
                    fp = dts.fatigue_points
                    if fp[j] < 3:
                        fp[j] += 1
                    fd = fp[j]
            if second >= 0:
                hg = dplayers[dlu[second]].dfn[lv] - safe[dlu[second]]  # playing it safe: 1 lower
                dg += hg if hg > 1 else 1  # the second defender's grade counts at least 1
                if fatigue:
                    self._fatigue(d, second)
        else:
            dp, dg = None, 0
        if o == HOME:
            ot = blue - fo + op.off[lv]
            dt = red - fd + dg
        else:
            ot = red - fo + op.off[lv]
            dt = blue - fd + dg
        offense_wins = auto or ot >= dt
        passer = self.passer
        self.passer = -1
        self._tick(5)
        ku = ots.kick_until
        if (ku >= 0 and lv == 1 and offense_wins and not self.kicked and self.clock >= ku
                and self.options.strategies):
            self.kicked = True
            to = self._recipient(o, white, slot)
            self.zone = KICK_OUT[orange]
            self._ev("pass", o, lambda: f"{op.name} kicks it out to {self.player(o, to).name} in {self.zone}")
            self.passer = slot
            self.handler = to
            return
        if offense_wins:
            sym = op.grids[lv][(black - 1) * 6 + orange - 1]
            card = op
        else:
            assert dp is not None  # the defense wins only against a defender (unguarded: auto)
            sym = dp.grids[4][(black - 1) * 6 + orange - 1]
            card = dp
        if sym in MADE_SET:  # the most frequent result first (see _resolve)
            three = lv == 3 and (offense_wins or THREES_OFF_DEFENSE) and self.options.three_point_line
            val = 3 if three else 2
            self._score(o, slot, val, three, passer, white)
            if self.log.record:
                who = f"{op.name} ({zone}) {ot}" + (f" vs {dp.name} {dt}" if dp and not auto else " unguarded")
                self._ev("made", o, f"{who}: {op.name} scores {val} ({sym}) {self._sc()}", pts=val)
            else:
                self.log.count += 1
            self._change(d)
            return
        who = (f"{op.name} ({zone}) {ot}" + (f" vs {dp.name} {dt}" if dp and not auto else " unguarded")) if self.log.record else ""
        self._resolve(o, slot, zone, lv, sym, offense_wins, first, passer, white, card, who)

    _phase_play = phase("play")(_play)  # phase "play" (core.phases)

    def _resolve(self, o: int, slot: int, zone: str, lv: int, sym: str, offense_wins: bool, first: int, passer: int,
                 white: int, card: Player, who: str) -> None:
        d = 1 - o
        op = self.player(o, slot)
        three = lv == 3 and self.options.three_point_line and (offense_wins or THREES_OFF_DEFENSE)
        val = 3 if three else 2
        if sym in MADE_SET:
            self._score(o, slot, val, three, passer, white)
            self._ev("made", o, lambda: f"{who}: {op.name} scores {val} ({sym}) {self._sc()}", pts=val)
            self._change(d)
            return
        if sym == FIFTY:
            if white <= 3:
                self._score(o, slot, val, three, passer, white)
                self._ev("made", o, lambda: f"{who}: {op.name} rolls it in, {val} {self._sc()}", pts=val)
                self._change(d)
            else:
                self._miss(o, slot, three, who + f": {op.name}'s shot rolls out")
            return
        if sym == AND_ONE:
            self._score(o, slot, val, three, passer, white)
            home, away = self.team_state
            home.double = away.double = -1  # "Following a shot, the double-team is called off"
            self._personal_foul(d, first if first >= 0 else slot)
            self._ev("made", o, lambda: f"{who}: {op.name} scores {val} and is fouled {self._sc()}", pts=val)
            self.dead = True
            self._start_ft(o, slot, 1, "change")
            return
        rec = self.log.record
        if sym == MISS or (sym == INJURY and not self.options.injuries):
            self._miss(o, slot, three, who + f": {op.name} misses" if rec else "")
            return
        if sym == AIR:
            self._miss(o, slot, three, who + f": {op.name} air ball" if rec else "", air=True)
            return
        if sym in PASS_LAT:
            to = self._recipient(o, white, slot)
            # one level forward (Level 3 passes against the press: to Level 1), then the lateral shift
            self.zone = _MOVES[zone, sym, self.team_state[d].defense_mode == "press"]
            self.passer = slot
            self.handler = to
            if rec:
                self._ev("pass", o, f"{who}: {op.name} passes to {self.player(o, to).name} in {self.zone}")
            else:
                self.log.count += 1
            return
        if sym in DRIVE_LAT:
            self.zone = _MOVES[zone, sym, False]
            if rec:
                self._ev("drive", o, f"{who}: {op.name} drives to {self.zone}")
            else:
                self.log.count += 1
            return
        if sym == FEED:
            to = self._recipient(o, white, slot)
            self._score(o, to, 2, False, slot, 0)
            self._ev("made", o, lambda: f"{who}: {op.name} feeds {self.player(o, to).name} for the layup {self._sc()}", pts=2)
            self._change(d)
            return
        dts = self.team_state[d]
        dts.double = -1 if sym in (BLOCK, FOUL) else dts.double
        if sym == BLOCK:
            self._stat(d, first, BLK)
            self._stat(o, slot, FGA)
            if three:
                self._stat(o, slot, TPA)
            self._ev("block", d, lambda: f"{who}: {self.player(d, first).name} blocks {op.name}'s shot")
            home, away = self.team_state
            home.double = away.double = -1
            self.phase = "loose"
            return
        if sym == STEAL:
            self._stat(d, first, STL)
            self._stat(o, slot, TOV)
            self._ev("steal", d, lambda: f"{who}: {self.player(d, first).name} steals the ball")
            self.team_state[o].press_ban = True
            self._change(d, first)
            return
        if sym == FOUL:
            # a Defense-section foul is the card owner's; a foul drawn on the offense's card is
            # charged to his defender in the matchup (the same number when no one guards the zone)
            fouler = first if first >= 0 else slot
            self._personal_foul(d, fouler)
            self.dead = True
            home, away = self.team_state
            home.double = away.double = -1
            shots = 0
            if lv == 3 and white == 1 and self.options.three_point_line:
                shots = 3
            elif white <= 3:
                shots = 2
            if shots:
                self._ev("foul", d, lambda: f"{who}: {self.player(d, fouler).name} fouls {op.name} in the act of shooting ({shots} shots)")
                self._start_ft(o, slot, shots, "change")
            elif pen := self._penalty_ft(o, slot, d):
                self._ev("foul", d, lambda: f"{who}: {self.player(d, fouler).name} fouls {op.name}; {pen}")
            else:
                self._ev("foul", d, lambda: f"{who}: {self.player(d, fouler).name} fouls {op.name}; ball in bounds")
                self.frontcourt = True
                self.phase = "poss"
                self.ctx = {}
            return
        if sym == CHARGE:
            self._personal_foul(o, slot, team=False)
            self._turnover(o, slot, f"{who}: charging foul on {op.name}")
            return
        if sym in (TRAVEL, OUT):
            self._turnover(o, slot, f"{who}: {op.name} " + ("travels" if sym == TRAVEL else "loses the ball out of bounds"))
            return
        if sym == JUMP:
            self._held_ball(o, slot)
            return
        if sym == INJURY:
            self._injury(d, first, who)
            return
        if sym == WEIRD:
            self._weird(o, slot, lv, who)
            return
        raise RuntimeError(f"unknown symbol {sym!r}")  # pragma: no cover

    def _miss(self, o: int, slot: int, three: bool, text: str, air: bool = False) -> None:
        ts = self.team_state[o]
        st = ts.stats[ts.lineup[slot]]
        st[FGA] += 1
        if three:
            st[TPA] += 1
        self._ev("miss", o, text)
        home, away = self.team_state
        home.double = away.double = -1
        self.air = air
        self.phase = "rebound"

    def _weird(self, o: int, slot: int, lv: int, who: str) -> None:
        white = self._roll("white weird play")
        w = WEIRD_TABLE[white]
        k = w["kind"]
        d = 1 - o
        if k == "turnover":
            self._turnover(o, slot, f"{who}: {w['text']}")
        elif k == "reset":
            self._ev("weird", o, lambda: f"{who}: {w['text']}")
            self.dead = True
            self.frontcourt = True
            self.phase = "poss"
            self.ctx = {}
        elif k == "loose_ball":
            self._ev("weird", o, lambda: f"{who}: {w['text']}")
            self.phase = "loose"
        elif k == "technical":
            self._ev("weird", o, lambda: f"{who}: {w['text']}")
            self.dead = True
            shooter = max(range(5), key=lambda s: (self._ft_pct(self.player(o, s)), -s))
            self._start_ft(o, shooter, 1, "keep")
        elif k == "offensive_foul":
            self._personal_foul(o, slot, team=False)
            self._turnover(o, slot, f"{who}: {w['text']} on {self.player(o, slot).name}")
        else:  # goaltending
            three = lv == 3 and self.options.three_point_line
            val = 3 if three else 2
            self._score(o, slot, val, three, -1, 0)
            self._ev("made", o, lambda: f"{who}: {w['text']} {self._sc()}", pts=val)
            self._change(d)
