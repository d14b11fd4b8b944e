"""The "by the book" 4th Street Basketball coach: the advice the text itself gives.

* Rest players by fatigue (Optional Rules, Fatigue): a player who has reached his fat rating (or
  carries fatigue points) comes out at the next dead ball for a fully rested player of his
  position (or one position away: "try to avoid playing a player more than one level outside his
  position"); starters return once they are fully rested. Foul trouble sits a player (two fouls
  in the first quarter, three in the second, four in the third, five in the fourth before its last
  six minutes); a player with five fouls late in the game plays it safe.
* Doubles a dominant scorer: an opponent with at least 12 points and twice the points of any
  teammate is doubled, the helper being the defender of the weakest scorer ("the open man").
* Zones against a strong inside team (when zones are allowed): collapsed zone when the
  opponent's Level 1 grades on the court add up to 11 or more; in the last minute, protecting a
  lead of 1-3 points, the expanded zone.
* End-game strategies when the text says they apply (last minute, behind by 10 or fewer): the
  3-point offense when behind by 3 or more, desperation defense, the intentionally missed last
  free throw when behind by 2 or 3 with 10 seconds or less; milking the clock when ahead in the
  last minute; the press when behind by 4-10 in the last two minutes.
* A timeout when two or more players on the court carry fatigue points.
* The jump ball: the player on the court with the best jmp.
"""

from __future__ import annotations

from ..core.engine import Decision
from ..rules.fourthstreet import actions as A
from ..rules.fourthstreet.engine import AVAILABLE, PF, PTS, FourthStreetEngine


class ByTheBookCoach:
    name = "by-the-book"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.side = 0

    def reset(self, game: FourthStreetEngine, side: int, seed: int | None = None) -> None:
        self.side = side

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _margin(g: FourthStreetEngine, side: int) -> int:
        return g.pts[side] - g.pts[1 - side]

    @staticmethod
    def _tired(g: FourthStreetEngine, side: int, i: int) -> bool:
        if not g.opts.fatigue:
            return False
        p = g.teams[side].players[i]
        return g.fpts[side][i] > 0 or g.stint[side][i] >= p.fat * 60

    @staticmethod
    def _rested(g: FourthStreetEngine, side: int, i: int) -> bool:
        return not g.opts.fatigue or g.rest(side, i) >= g.req[side][i]

    @staticmethod
    def _foul_trouble(g: FourthStreetEngine, side: int, i: int) -> bool:
        pf = g.stats[side][i][PF]
        if g.period >= 4:
            return pf >= 5 and g.clock > 360 and g.period == 4
        return pf >= g.period + 1

    def _candidate(self, g: FourthStreetEngine, side: int, slot: int, bench: list[int]) -> int | None:
        """Best fully rested bench player for ``slot`` (position match first, then one away)."""
        team = g.teams[side]
        best, key = None, None
        for b in bench:
            p = team.players[b]
            gap = abs(p.pos - (slot + 1))
            if gap > 1 or not self._rested(g, side, b) or self._foul_trouble(g, side, b):
                continue
            k = (gap, -(p.stats.get("min", 0)), b)
            if key is None or k < key:
                best, key = b, k
        return best

    def _lineup(self, g: FourthStreetEngine, d: Decision) -> int:
        side = d.side
        team = g.teams[side]
        lu = g.lineup[side]
        bench = [b for b in g._bench(side) if b < A.MAX_ROSTER]
        starters = team.lineup
        for slot in range(5):
            i = lu[slot]
            if self._tired(g, side, i) or self._foul_trouble(g, side, i):
                c = self._candidate(g, side, slot, bench)
                if c is not None and A.SUB[(slot, c)] in d.legal:
                    return A.SUB[(slot, c)]
        for slot in range(5):
            s = starters[slot]
            i = lu[slot]
            if i == s or s not in bench or not self._rested(g, side, s) or self._foul_trouble(g, side, s):
                continue
            if g.opts.fatigue and g.stint[side][i] < 240 and not self._foul_trouble(g, side, i):
                continue
            if A.SUB[(slot, s)] in d.legal:
                return A.SUB[(slot, s)]
        if g.opts.strategies and g.period >= 4 and g.clock <= 360:
            for slot in range(5):
                i = lu[slot]
                want = g.stats[side][i][PF] >= 5
                if want != g.safe[side][i] and A.SAFE[slot] in d.legal:
                    return A.SAFE[slot]
        return A.DONE

    def _offense(self, g: FourthStreetEngine, d: Decision) -> int:
        side = d.side
        legal = d.legal
        m = self._margin(g, side)
        if A.THREE_PT in legal and m <= -3:
            return A.THREE_PT
        if g.clock <= 60 and m > 0 and g.period >= 4:
            for z in ("3B", "3C"):
                if A.MILK[z] in legal:
                    return A.MILK[z]
        if A.TIMEOUT in legal and g.opts.fatigue and g.timeouts[side] > 2:
            tired = sum(1 for i in g.lineup[side] if g.fpts[side][i] > 0)
            if tired >= 2 and g._bench(side) == []:
                return A.TIMEOUT
            if tired >= 3:
                return A.TIMEOUT
        return A.SETUP

    def _defense(self, g: FourthStreetEngine, d: Decision) -> int:
        side = d.side
        legal = d.legal
        opp = 1 - side
        m = self._margin(g, side)
        if A.INTENTIONAL in legal and m < 0:
            return A.INTENTIONAL
        late = g.period >= 4 and g.clock <= 120
        if late and -10 <= m <= -4 and A.DEF_PRESS[0] in legal:
            return A.DEF_PRESS[0]
        if A.DEF_ZONE["collapsed"] in legal:
            if g.period >= 4 and g.clock <= 60 and 1 <= m <= 3:
                return A.DEF_ZONE["expanded"]
            inside = sum(g.player(opp, s).off[1] for s in range(5))
            if inside >= 11:
                return A.DEF_ZONE["collapsed"]
        pts = [g.stats[opp][g.lineup[opp][s]][PTS] for s in range(5)]
        top = max(range(5), key=lambda s: pts[s])
        rest = sorted(pts[s] for s in range(5) if s != top)
        if pts[top] >= 12 and pts[top] >= 2 * rest[-1]:
            return A.DEF_MAN[top + 1]
        return A.DEF_MAN[0]

    def _helper(self, g: FourthStreetEngine, d: Decision) -> int:
        opp = 1 - d.side
        options = [a for a in d.legal]
        # the defender of the opponent who scores least (by his card's shot volume: rec)
        best = min(options, key=lambda a: (g.player(opp, A.ACTIONS[a]["slot"]).rec, a))
        return best

    # ------------------------------------------------------------------ decisions
    def choose(self, g: FourthStreetEngine, d: Decision) -> int:
        kind = d.kind
        if kind == "lineup":
            return self._lineup(g, d)
        if kind == "replace":
            team = g.teams[d.side]
            best = None
            for a in d.legal:
                act = A.ACTIONS[a]
                p = team.players[act["player"]]
                k = (abs(p.pos - (act["slot"] + 1)), -p.stats.get("min", 0), a)
                if best is None or k < best[0]:
                    best = (k, a)
            return best[1]
        if kind == "jumper":
            return max(d.legal, key=lambda a: (g.player(d.side, A.ACTIONS[a]["slot"]).jmp, A.ACTIONS[a]["slot"]))
        if kind in ("offense", "defense"):
            if d.legal[0] < A.SETUP:  # a dead ball: lineup changes are offered within the call
                a = self._lineup(g, d)
                if a != A.DONE:
                    return a
            return self._offense(g, d) if kind == "offense" else self._defense(g, d)
        if kind == "helper":
            return self._helper(g, d)
        if kind == "free_throw":
            m = self._margin(g, d.side)
            return A.FT_MISS if (-3 <= m <= -2 and g.clock <= 10) else A.FT_NORMAL
        return d.legal[0]


__all__ = ["ByTheBookCoach", "AVAILABLE"]
