"""The "by the book" Statis Pro Basketball coach: the play the 1993 rules themselves suggest.

* Rest (5.4, 14A): every player without asterisks sits out one complete Rest Period per half
  (the PG, SF and C in the 5:00-9:00 period of the first and third quarters, the SG and PF in the
  start-5:00 period of the second and fourth), subbed out at the first dead ball after the Time
  card; a player in the Mandatory Rest box or Fatigued is replaced at the first dead ball.
  Disqualified, ejected or injured players are replaced by the best reserve for the position.
* Offense: ADVANCE for an Assist chance (Open Shot +10), pass out of a Double Team, shoot a
  recovered block, give a Pass to Choice to the best FIELD GOAL shooter, take the three when it
  is worth more than the two, always run the Fast Break (10A).
* Late game (final 2:00, trailing): PRESS, full timeouts for half-court inbounds (8.41), the
  Three Point Offense when down three or more (4.61), foul to stop the clock in the last minute
  (8.7); leading: the Three Point Defense against a Three Point Offense (4.62). Freeze the shooter
  when allowed (6.7); miss the last free throw intentionally when down two or three at the end.
* Index Points (16): on overturning rebounds (16B) and ignoring Mandatory Rest of a starter (16D).
"""

from __future__ import annotations

from ..core.engine import Decision
from ..rules.statispro import actions as A
from ..rules.statispro.engine import PF, PH_ADVANCE, PH_UPCOURT, R_AST, R_DEF, R_FG, R_TATT, R_THREE, StatisProEngine

# Rest Period (period, rest period index) in which a starter at each position sits (by slot)
REST_PLAN = {0: (1, 1), 2: (1, 1), 4: (1, 1), 1: (2, 0), 3: (2, 0)}
SLOT_OF_ACTION = {a: (a_obj["player"], a_obj["slot"]) for a_obj in A.ACTIONS.of_kind("substitute") for a in [a_obj.index]}


class ByTheBookCoach:
    name = "by-the-book"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.side = 0
        self.starters: tuple[int, ...] = ()
        self._cache_key = None
        self._cache_val: list[int] = []

    def reset(self, game: StatisProEngine, side: int, seed: int | None = None) -> None:
        self.side = side
        self.starters = tuple(game.teams[side].lineup)
        self._cache_key = None

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _margin(game: StatisProEngine, side: int) -> int:
        return game.pts[side] - game.pts[1 - side]

    def _value(self, game: StatisProEngine, side: int, i: int, slot: int) -> float:
        p = game.teams[side].players[i]
        v = p.field_goal + p.attempts + p.rebound / 3 + p.assist / 2 - p.defense
        if slot not in p.positions:
            v -= 15
        if game.tired[side][i]:
            v -= 10
        return v

    def _should_rest(self, game: StatisProEngine, side: int, i: int, start_slot: int) -> bool:
        p = game.teams[side].players[i]
        half = 0 if game.period <= 2 else 1
        if game.period > 4 or p.rest == 2 or (p.rest == 1 and half == 1):
            return False
        if game.rested[side][i][half]:
            return False
        q, rp = REST_PLAN[start_slot]
        period = q if half == 0 else q + 2
        return game.period == period and game.rp == rp

    def _desired(self, game: StatisProEngine, side: int) -> list[int]:
        """The lineup this coach wants now (roster indices, slot order), cached while nothing it
        depends on changes."""
        half = 0 if game.period <= 2 else 1
        st = game.stats[side]
        key = (id(game), id(game.teams[side]), side, game.period, game.rp, game.two_min, tuple(game.lineup[side]),
               tuple(game.status[side]), tuple(game.tired[side]), tuple(game.mrest[side]),
               tuple(st[i][PF] for i in game.teams[side].lineup), tuple(r[half] for r in game.rested[side]))
        if self._cache_key == key:
            return list(self._cache_val)
        val = self._desired_now(game, side)
        self._cache_key, self._cache_val = key, val
        return list(val)

    def _desired_now(self, game: StatisProEngine, side: int) -> list[int]:
        team = game.teams[side]
        cur = game.lineup[side]
        if list(team.lineup) == cur:  # a quick check: the starters are in and may stay
            st, tired, mrest = game.status[side], game.tired[side], game.mrest[side]
            late = game.period >= 4 and game.two_min
            if all(st[i] == 0 and not tired[i] and not mrest[i] and game.stats[side][i][PF] < game.foul_out - 2
                   and (late or not self._should_rest(game, side, i, slot)) for slot, i in enumerate(cur)):
                return list(cur)
        ok = [i for i in range(len(team.players)) if game.status[side][i] == 0 and not game.mrest[side][i]]
        want = []
        used = set()
        late = game.period >= 4 and game.two_min
        for slot, starter in enumerate(team.lineup):
            fouls = game.stats[side][starter][PF]
            foul_trouble = fouls >= game.foul_out - 1 and game.period < 4 or fouls >= game.foul_out - 2 and game.period <= 2
            if (starter in ok and not game.tired[side][starter] and not foul_trouble
                    and (late or not self._should_rest(game, side, starter, slot))):
                want.append(starter)
                used.add(starter)
            else:
                want.append(-1)
        for slot in range(5):
            if want[slot] >= 0:
                continue
            cands = [i for i in ok if i not in used and i not in team.lineup]
            if not cands:
                cands = [i for i in ok if i not in used]
            if not cands:
                want[slot] = game.lineup[side][slot]
                used.add(want[slot])
                continue
            best = max(cands, key=lambda i: self._value(game, side, i, slot))
            want[slot] = best
            used.add(best)
        return want

    # ------------------------------------------------------------------ decisions
    def choose(self, game: StatisProEngine, d: Decision) -> int:
        legal = d.legal
        kind = d.kind
        side = d.side
        margin = self._margin(game, side)
        late = game.final_two
        if kind == "menu":
            return self._menu(game, d, margin)
        if kind == "press":
            return A.PRESS if margin < 0 else A.NO_PRESS
        if kind == "ballhandler":
            return self._ballhandler(game, d)
        if kind == "three_or_two":
            e = game.eff(side)[game.bh]
            pd = game.pd_slot(side, game.bh)
            two = (e[R_FG] + game.eff(1 - side)[pd][R_DEF]) * 2
            return A.SHOOT_THREE if e[R_THREE] * 3 >= two or (late and margin in (-3, -2, -1) and False) else A.SHOOT_TWO
        if kind == "pass_to":
            e = game.eff(side)
            return max(legal, key=lambda a: e[A.PASS_TO.index(a)][R_FG])
        if kind == "fast_break":
            return A.FAST_BREAK
        if kind == "stop_clock":
            if A.FOUL_TO_STOP in legal and margin < 0:
                return A.FOUL_TO_STOP
            if late and game.last_minute and margin < 0 and margin >= -8:
                fouls = [a for a in legal if A.ACTIONS[a].kind == "deliberate_foul"]
                if fouls:
                    worst = min(range(5), key=lambda s: game.player(1 - side, s).free_throw)
                    for a in fouls:
                        if A.ACTIONS[a]["target"] == worst and A.ACTIONS[a]["defender"] == game.pd_slot(1 - side, worst):
                            return a
            return A.PLAY_DEFENSE
        if kind == "freeze":
            return A.FREEZE
        if kind == "free_throw":
            return A.INTENTIONAL_MISS if margin in (-3, -2) else A.SHOOT_FREE_THROW
        if kind == "index":
            if A.INDEX_REBOUND in legal and (game.period >= 3 or game.index[side] > 4):
                return A.INDEX_REBOUND  # 16B
            if A.INDEX_STEAL in legal and game.period >= 4:
                return A.INDEX_STEAL  # 16A: a steal is worth a possession
            if A.INDEX_VOID_FOUL in legal and game.tf[side] >= 4:
                return A.INDEX_VOID_FOUL  # 16C: avoid penalty free throws
            if A.INDEX_FOUL in legal and game.final_two:
                return A.INDEX_FOUL
            return A.DECLINE_INDEX
        if kind == "choose":
            e = game.eff(side)
            return max(legal, key=lambda a: (e[A.CHOOSE.index(a)][R_FG], -a))
        if kind == "choose_player":
            team = game.teams[side]
            return min(legal, key=lambda a: team.players[A.CHOOSE_PLAYER.index(a)].attempts)
        return legal[0]

    def _ballhandler(self, game: StatisProEngine, d: Decision) -> int:
        legal = d.legal
        if A.ADVANCE not in legal:
            return A.SHOOT
        if game.via == "recovery":
            return A.SHOOT
        side = d.side
        e = game.eff(side)[game.bh]
        qualifies = game.assist_no > 0 and e[R_AST] >= game.assist_no
        can_shoot = game.pass_no <= game.ctx.get("att", 0)
        if can_shoot and e[R_TATT] and game.pass_no <= e[R_TATT] and e[R_THREE] * 3 >= 90:
            return A.SHOOT  # a good three-point shooter takes the three (4.6)
        if qualifies:
            return A.ADVANCE  # 4.4 an Open Shot is worth +10 and no PD
        i = game.lineup[side][game.bh]
        if game.dt[1 - side][0] == i:
            return A.ADVANCE  # 5.5 pass out of the Double Team
        if not can_shoot:
            # a voluntary Forced Shot only when time is nearly gone
            return A.SHOOT if game.last_minute and len(game.fac) <= 3 else A.ADVANCE
        return A.SHOOT

    def _menu(self, game: StatisProEngine, d: Decision, margin: int) -> int:
        legal = set(d.legal)
        side = d.side
        m = game.menu
        # forced replacements / rest plan
        lo, hi = A.SUB_RANGE
        subs = [a for a in d.legal if lo <= a <= hi] if (len(d.legal) > 1 and lo <= d.legal[1] <= hi) or d.legal[0] >= lo and d.legal[0] <= hi else []
        if subs:
            want = self._desired(game, side)
            cur = game.lineup[side]
            for slot in range(5):
                if want[slot] != cur[slot] and want[slot] not in cur:
                    a = A.SUBSTITUTE.get((want[slot], slot))
                    if a in legal:
                        return a
            if A.PLAY_ON not in legal:
                # must replace someone: the best available
                return max(subs, key=lambda a: self._value(game, side, SLOT_OF_ACTION[a][0], SLOT_OF_ACTION[a][1]))
        if A.THREE_POINT_OFFENSE in legal and margin <= -3:
            return A.THREE_POINT_OFFENSE
        if A.CANCEL_THREE_POINT_OFFENSE in legal and margin >= 0:
            return A.CANCEL_THREE_POINT_OFFENSE
        if A.THREE_POINT_DEFENSE in legal:
            return A.THREE_POINT_DEFENSE
        if m.get("kind") == "timeout" and game.period >= 3:
            for a in d.legal:
                if A.ACTIONS[a].kind == "ignore_rest" and A.ACTIONS[a]["player"] in self.starters:
                    return a
        if A.PRESS in legal and game.final_two and margin < 0:
            return A.PRESS
        if (A.TIMEOUT in legal and side == game.off and game.final_two and margin <= 0
                and m.get("resume") in (PH_UPCOURT, PH_ADVANCE) and m.get("kind") in ("live", "dead") and game.to_last2[side] < 2):
            return A.TIMEOUT
        return A.PLAY_ON
