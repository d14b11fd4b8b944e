"""The players on the court: substitutions ("Timeouts": lineup changes at a dead ball), rest and
fatigue (Optional Rules, "Fatigue"), "Injuries" and the Injury Chart (who is out, until when).

A mixin of :class:`~coachgym.rules.fourthstreet.engine.FourthStreetEngine`; section names are the
headings of the 4th Street rules (see the engine's docstring for the dice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import AVAILABLE, OUT_GAME, OUT_PERIOD, OUT_STOPPAGE, OUT_THIS_STOPPAGE, SEC
from .court import injury_row

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


class LineupMixin(_Engine):
    def _prior_injuries(self) -> None:
        """Injury Chart, "Player misses the rest of this game + N more games": in a season, players
        still out from an earlier game (the team file's ``injured``) are unavailable all game."""
        for side, team in enumerate(self.teams):
            for i in team.injured:
                self.team_state[side].availability[i] = OUT_GAME

    def rest(self, side: int, i: int) -> int:
        """Seconds of rest of a bench player since he last left the court (rest credits included)."""
        return self.rest_clock - self.team_state[side].benched[i]

    def _fatigue(self, side: int, slot: int) -> int:
        """Fatigue points (Optional Rules, Fatigue): a fatigued player called upon gains one (limit 3)
        and his matchup die is lowered by his points."""
        if not self.options.fatigue:
            return 0
        ts = self.team_state[side]
        i = ts.lineup[slot]
        if ts.stint_counted[i] + self.game_seconds - self.stint_mark >= self.teams[side].players[i].fat * 60:
            fp = ts.fatigue_points
            if fp[i] < 3:
                fp[i] += 1
            return fp[i]
        return 0

    def _rest_requirement(self, side: int, i: int) -> int:
        p = self.teams[side].players[i]
        fp = self.team_state[side].fatigue_points[i]
        if fp:
            return (0, 600, 720, 900)[fp]
        stint = self.stint_of(side)[i]
        if stint >= p.fat * 60:
            return 300
        return min(300, stint)

    def _rest_all(self, sec: int) -> None:
        """Rest credited to every player (timeout 1 minute, quarter break 2, halftime 5)."""
        for s, ts in enumerate(self.team_state):
            for i in range(len(ts.stats)):
                if i in ts.lineup:
                    if sec >= self._rest_requirement(s, i):
                        self.stint_of(s)[i] = 0
                        ts.fatigue_points[i] = 0
                    else:
                        stint = self.stint_of(s)
                        stint[i] = max(0, stint[i] - sec)
        self.rest_clock += sec

    def _substitute(self, side: int, slot: int, i: int) -> None:
        if self.game_seconds != self.stint_mark:
            self._fold_stint()  # before the lineup changes
        ts = self.team_state[side]
        out = ts.lineup[slot]
        ts.stats[out][SEC] += self.game_seconds - ts.seconds_counted_at[out]
        ts.seconds_counted_at[i] = self.game_seconds
        ts.rest_needed[out] = self._rest_requirement(side, out)
        ts.benched[out] = self.rest_clock
        ts.lineup[slot] = i
        ts.bench_key = None
        if self.rest(side, i) >= ts.rest_needed[i]:
            self.stint_of(side)[i] = 0
            ts.fatigue_points[i] = 0
        ts.played[i] = True
        t = self.teams[side]
        self._ev("substitution", side, lambda: f"{t.abbr}: {t.players[i].name} in for {t.players[out].name} at position {slot + 1}",
                 slot=slot, player_in=i, player_out=out)

    def _bench(self, side: int) -> list[int]:
        ts = self.team_state[side]
        lu, av = ts.lineup, ts.availability
        return [i for i in range(len(av)) if av[i] == AVAILABLE and i not in lu]

    def _injury(self, side: int, slot: int, who: str) -> None:
        """Injury symbol ("Injuries", Injury Chart): orange + black + inj."""
        orange = self._roll("orange injury")
        black = self._roll("black injury")
        p = self.player(side, slot)
        row = injury_row(orange + black + p.inj)
        games = row.get("games", 0)
        for _ in range(row.get("dice", 0)):
            games += self._roll("injury games")
        i = self.team_state[side].lineup[slot]
        self.injuries.append({"side": side, "player": i, "kind": row["kind"], "games": games, "period": self.period})
        self._ev("injury", side, lambda: f"{who}: {p.name} is hurt: {row['text']}" + (f" ({games} more games)" if row.get("dice") else ""),
                 injury=row["kind"], games=games)
        if row["kind"] != "hurt":
            ts = self.team_state[side]
            ts.bench_key = None
            ts.availability[i] = {"stoppage": OUT_THIS_STOPPAGE, "period": OUT_PERIOD, "game": OUT_GAME}[row["kind"]]
            self.replace.append([side, slot])
        self.dead = True
        self.frontcourt = True
        self.phase = "poss"
        self.ctx = {}

    def _release_stoppage(self) -> None:
        for ts in self.team_state:
            av = ts.availability
            if OUT_STOPPAGE not in av and OUT_THIS_STOPPAGE not in av:
                continue
            ts.bench_key = None
            for i in range(len(av)):
                if av[i] == OUT_STOPPAGE and i not in ts.lineup:
                    av[i] = AVAILABLE
                elif av[i] == OUT_THIS_STOPPAGE:
                    av[i] = OUT_STOPPAGE  # hurt on the play that stopped it: out until the next one
