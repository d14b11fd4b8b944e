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
  free throw when behind by 2 or 3 with 10 seconds or less; the press when behind by 4-10 in the
  last two minutes. Milking the clock: protecting a lead in the last minute of the game, holding
  the full 15 seconds (all of the 5 more after beating the press, or until the clock runs out);
  for the last shot in a tie game (20 seconds or less left in the fourth quarter or an overtime),
  holding as long as still leaves 5 seconds for the shot. (Holding for the last shot of the first
  three quarters too cost about 2 points per team per game in by-the-book games, away from the
  season's scoring, so the coach does not.) Kick it out is not called
  (the text gives no advice on it); a kick it out in force is stopped once the team leads.
* A timeout when two or more players on the court carry fatigue points.
* The jump ball: the player on the court with the best jmp.
"""

from __future__ import annotations

from ..core.engine import Decision
from ..rules.fourthstreet import actions as A
from ..rules.fourthstreet.engine import AVAILABLE, PF, PTS, FourthStreetEngine
from ..rules.fourthstreet.tactics import tired

_HELPER_SLOT = {a: s for s, a in enumerate(A.HELPER)}
_SUB_GRID = A.SUB_GRID
_MAX_ROSTER = A.MAX_ROSTER
# the calls the coach makes, bound once
_SETUP, _DONE, _TIMEOUT, _THREE_PT, _KICK_STOP, _MILK_3B = A.SETUP, A.DONE, A.TIMEOUT, A.THREE_PT, A.KICK_STOP, A.MILK["3B"]
_INTENTIONAL, _PRESS, _MAN, _DEF_MAN = A.INTENTIONAL, A.DEF_PRESS[0], A.DEF_MAN[0], A.DEF_MAN
_COLLAPSED, _EXPANDED = A.DEF_ZONE["collapsed"], A.DEF_ZONE["expanded"]
_TEAMS: dict[int, tuple] = {}


def _team_readings(team) -> tuple[list[int], tuple[tuple[int, ...], ...]]:
    """What the coach reads of a team that never changes during a game, cached per team object: each
    roster player's fat rating in seconds, and for each court slot the roster players who may take it
    (his position or one away, a roster number with a sub action) best first - position match first,
    then the most minutes on the card, then the lowest number (``_candidate``'s order)."""
    c = _TEAMS.get(id(team))
    if c is None or c[0] is not team:  # (the entry holds the team: its id is not reused meanwhile)
        if len(_TEAMS) >= 64:
            _TEAMS.clear()  # every loaded game brings new team objects
        players = team.players
        order = tuple(tuple(sorted((b for b in range(min(len(players), A.MAX_ROSTER)) if -1 <= players[b].pos - slot - 1 <= 1),
                                   key=lambda b, slot=slot: (abs(players[b].pos - slot - 1), -(players[b].stats.get("min", 0)), b)))
                      for slot in range(5))
        c = _TEAMS[id(team)] = (team, [p.fat * 60 for p in players], order)
    return c[1], c[2]


def _fat_seconds(team) -> list[int]:
    """Each roster player's fat rating in seconds (cached per team object)."""
    return _team_readings(team)[0]


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
        return g.team_state[side].pts - g.team_state[1 - side].pts

    _tired = staticmethod(tired)

    def _candidate(self, g: FourthStreetEngine, side: int, slot: int, bench: list[int] | None = None,
                   limit: int | None = None) -> int | None:
        """Best fully rested bench player for ``slot`` (position match first, then one away; then the
        most minutes on his card): the first of the team's order for the slot (``_team_readings``) who
        is on the bench (``bench``, default every available player off the court), out of foul trouble
        and fully rested."""
        if limit is None:
            limit = self._foul_limit(g)
        ts = g.team_state[side]
        stats = ts.stats
        fatigue = g.options.fatigue
        rclock, benched, req = g.rest_clock, ts.benched, ts.rest_needed
        if bench is None:
            lu, avail = ts.lineup, ts.availability
            for b in _team_readings(g.teams[side])[1][slot]:
                if avail[b] == AVAILABLE and b not in lu and stats[b][PF] < limit and not (
                        fatigue and rclock - benched[b] < req[b]):
                    return b
            return None
        for b in _team_readings(g.teams[side])[1][slot]:
            if b in bench and stats[b][PF] < limit and not (fatigue and rclock - benched[b] < req[b]):
                return b
        return None

    @staticmethod
    def _foul_limit(g: FourthStreetEngine) -> int:
        """Personal fouls that mean foul trouble now: the period plus one in the first three periods,
        five in the fourth before its last six minutes, no limit after that."""
        if g.period >= 4:
            return 5 if (g.period == 4 and g.clock > 360) else 99
        return g.period + 1

    def _lineup(self, g: FourthStreetEngine, d: Decision) -> int:
        side = d.side
        ts = g.team_state[side]
        lu = ts.lineup
        team = g.teams[side]
        stats = ts.stats
        fatigue = g.options.fatigue
        fpts = ts.fatigue_points
        period = g.period
        limit = (5 if (period == 4 and g.clock > 360) else 99) if period >= 4 else period + 1  # _foul_limit
        legal = d.legal
        c = _TEAMS.get(id(team))
        fat60, order = (c[1], c[2]) if c is not None and c[0] is team else _team_readings(team)
        starters = team.lineup
        avail = ts.availability
        if fatigue:  # g.stint[side][i] is counted[i] + extra (the engine folds the stint lazily: clock.py)
            counted, extra = ts.stint_counted, g.game_seconds - g.stint_mark
        # the common case first: nobody tired or in foul trouble, the starters on the court (the slots
        # by index, not zip: a compiled build indexes with machine integers then)
        need = back = None
        for k in range(5):
            i = lu[k]
            if stats[i][PF] >= limit or (fatigue and (fpts[i] > 0 or counted[i] + extra >= fat60[i])):
                if need is None:
                    need = [k]
                else:
                    need.append(k)
            s = starters[k]
            if s != i and avail[s] == AVAILABLE and s < _MAX_ROSTER and s not in lu:
                if back is None:
                    back = [k]
                else:
                    back.append(k)
        if need is not None:
            rclock, benched, req = g.rest_clock, ts.benched, ts.rest_needed
            for slot in need:
                for b in order[slot]:  # _candidate: the best fully rested bench player for the slot
                    if avail[b] == AVAILABLE and b not in lu and stats[b][PF] < limit and not (
                            fatigue and rclock - benched[b] < req[b]):
                        if _SUB_GRID[slot][b] in legal:
                            return _SUB_GRID[slot][b]
                        break
        if back is not None:
            rclock, benched, req = g.rest_clock, ts.benched, ts.rest_needed
            for slot in back:
                s = starters[slot]
                i = lu[slot]
                if fatigue and counted[i] + extra < 240 and stats[i][PF] < limit:
                    continue  # his replacement has not played 4 minutes yet
                if (fatigue and rclock - benched[s] < req[s]) or stats[s][PF] >= limit:
                    continue  # the starter is not fully rested, or in foul trouble
                if _SUB_GRID[slot][s] in legal:
                    return _SUB_GRID[slot][s]
        if period >= 4 and g.clock <= 360 and g.options.strategies:
            safe = ts.safe
            for slot in range(5):
                i = lu[slot]
                if (stats[i][PF] >= 5) != safe[i] and A.SAFE[slot] in legal:
                    return A.SAFE[slot]
        return A.DONE

    def _offense(self, g: FourthStreetEngine, d: Decision) -> int:
        side = d.side
        legal = d.legal
        m = g.team_state[side].pts - g.team_state[1 - side].pts
        if m <= -3 and _THREE_PT in legal:
            return _THREE_PT
        clock = g.clock
        if g.period >= 4 and clock <= 60 and (m > 0 or (m == 0 and clock <= 20)) and _MILK_3B in legal:
            return _MILK_3B  # protect the lead late, or hold for the last shot in a tie game
        if m > 0 and legal[-1] == _KICK_STOP:  # (the highest index of the table)
            return _KICK_STOP
        if g.options.fatigue and g.team_state[side].timeouts > 2 and _TIMEOUT in legal:
            fp, lu = g.team_state[side].fatigue_points, g.team_state[side].lineup
            tired = (fp[lu[0]] > 0) + (fp[lu[1]] > 0) + (fp[lu[2]] > 0) + (fp[lu[3]] > 0) + (fp[lu[4]] > 0)
            if tired >= 2 and g._bench(side) == []:
                return _TIMEOUT
            if tired >= 3:
                return _TIMEOUT
        return _SETUP

    def _defense(self, g: FourthStreetEngine, d: Decision) -> int:
        side = d.side
        legal = d.legal
        opp = 1 - side
        m = g.team_state[side].pts - g.team_state[opp].pts
        if m < 0:
            if _INTENTIONAL in legal:
                return _INTENTIONAL
            if -10 <= m <= -4 and g.period >= 4 and g.clock <= 120 and _PRESS in legal:
                return _PRESS
        if g.options.zone_defense and _COLLAPSED in legal:
            if g.period >= 4 and g.clock <= 60 and 1 <= m <= 3:
                return _EXPANDED
            inside = sum(g.player(opp, s).off[1] for s in range(5))
            if inside >= 11:
                return _COLLAPSED
        st = g.team_state[opp].stats
        a, b, c, e, f = g.team_state[opp].lineup
        pts = (st[a][PTS], st[b][PTS], st[c][PTS], st[e][PTS], st[f][PTS])
        first = max(pts)
        if first < 12:
            return _MAN
        top = pts.index(first)  # the top scorer (lowest slot on ties)
        second = max(pts[:top] + pts[top + 1:])
        if first >= 2 * second:
            return _DEF_MAN[top + 1]
        return _MAN

    def _hold(self, g: FourthStreetEngine, d: Decision) -> int:
        """Milk the clock: all of it when protecting a lead late in the game, else as long as leaves
        5 seconds for the last shot."""
        legal = d.legal
        if g.period >= 4 and self._margin(g, d.side) > 0:
            return legal[-1]
        best = legal[0]
        for a in legal:
            if g.clock - A.ACTIONS[a]["sec"] >= 5:
                best = a
        return best

    def _helper(self, g: FourthStreetEngine, d: Decision) -> int:
        opp = 1 - d.side
        # the defender of the opponent who scores least (by his card's shot volume: rec)
        players, lu = g.teams[opp].players, g.team_state[opp].lineup
        best, key = d.legal[0], None
        for a in d.legal:
            rec = players[lu[_HELPER_SLOT[a]]].rec
            if key is None or rec < key:
                best, key = a, rec
        return best

    # ------------------------------------------------------------------ decisions
    def choose(self, g: FourthStreetEngine, d: Decision) -> int:
        kind = d.kind
        if kind == "offense":
            if d.legal[0] < _SETUP:  # a dead ball: lineup changes are offered within the call
                a = self._lineup(g, d)
                if a != _DONE:
                    return a
            return self._offense(g, d)
        if kind == "defense":
            if d.legal[0] < _SETUP:
                a = self._lineup(g, d)
                if a != _DONE:
                    return a
            return self._defense(g, d)
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
        if kind == "helper":
            return self._helper(g, d)
        if kind == "hold":
            return self._hold(g, d)
        if kind == "free_throw":
            m = self._margin(g, d.side)
            return A.FT_MISS if (-3 <= m <= -2 and g.clock <= 10) else A.FT_NORMAL
        return d.legal[0]


__all__ = ["ByTheBookCoach", "AVAILABLE"]
