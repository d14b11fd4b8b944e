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
* Index Points (16): on overturning rebounds (16B) and ignoring Mandatory Rest of a starter (16D),
  steals late (16A), voiding fouls with four team fouls (16C).
* Coach's choices: as the home coach on equal FOUL DRAWING numbers (6.1) the opponent in most foul
  trouble / our best free-throw shooter; the better opponent rests (14A / 15F); a 14H three to our
  best free-throw shooter; an injury for games to our player with the fewest ATTEMPTS (14G).

* Rotation of a team of real players (its file's ``rotation_minutes``, the real season's minutes a
  game): the rest, removals and late-game five above stay; each man's target is his real minutes a
  game, given out to the roster in order (most season minutes first) until the team's 240 are used
  up, and at each dead ball a man on the court gives way at his slot to the eligible reserve
  (the slot on his card, not resting, Fatigued, on Mandatory Rest or in foul trouble) furthest
  behind his target, when that one is more than 1.5 minutes further behind. The coach counts the
  minutes on the clock (8.1: a quarter is its FAC pile); one that starts in mid-game takes every man
  as on schedule. Teams without the field (the fictional ones, the printed Knicks and Bulls files)
  keep the book's rotation: the starters and the best reserve for a position.

Parameters (a strategy to test against the book, e.g.
``coachgym simulate statispro --coach-home by-the-book:double_team=star``):

* ``double_team``: ``never`` (the book: the rules suggest no Double Teams) or ``star``: at every
  period start and timeout without a Double Team in force, Double Team (5.5) the opponent on the
  court with the highest FIELD GOAL + ATTEMPTS, the helper being our man guarding their lowest (a
  pass out of the Double Team to the helper's man is an Open Shot, so he should be their weakest
  shooter). Measured: ``star`` wins 0.537 (0.519-0.555) of 3,000 mirror games against the book
  (``python tools/strategy_sweep.py statispro --games 3000 by-the-book:double_team=star``).
* ``rotation``: ``team`` (the team file's rotation minutes when it has them) or ``book`` (always the
  starters and the best reserve for a position, as before the rotation minutes).
"""

from __future__ import annotations

import operator

from ..core.engine import Decision
from ..core.errors import ConfigError
from ..rules.statispro import actions as A
from ..rules.statispro.cards import CLOCK
from ..rules.statispro.engine import (
    PF,
    PH_ADVANCE,
    PH_UPCOURT,
    R_AST,
    R_DEF,
    R_FG,
    R_FT,
    R_TATT,
    R_THREE,
    StatisProEngine,
)
from ..rules.statispro.tactics import star_double_team

# Rest Period (period, rest period index) in which a starter at each position sits (by slot)
REST_PLAN = {0: (1, 1), 2: (1, 1), 4: (1, 1), 1: (2, 0), 3: (2, 0)}
# the slots whose starter rests, by (period, Rest Period), from REST_PLAN (the third and fourth quarters
# repeat the first and second)
REST_SLOTS = {(q + 2 * h, when): tuple(slot for slot, plan in REST_PLAN.items() if plan == (q, when))
              for q in (1, 2) for h in (0, 1) for when in (0, 1, 2)}
IGNORE_REST_PLAYER = {a.index: a["player"] for a in A.ACTIONS.of_kind("ignore_rest")}  # 16D's actions: whose rest
_BEHIND = operator.itemgetter(1)  # (the rotation's candidates: how far behind his minutes)
SLOT_OF_ACTION = {a: (a_obj["player"], a_obj["slot"]) for a_obj in A.ACTIONS.of_kind("substitute") for a in [a_obj.index]}


def game_minutes(game: StatisProEngine) -> float:
    """Minutes played in the game so far, read off the FAC pile (8.1: a period is its pile of FAC and
    Time cards; 8.2: overtime's 75 FAC and its 10:00 card for five minutes)."""
    p = game.period
    if p <= 0:
        return 0.0
    clock = game.clock
    if p <= 4:
        full = clock["fac"] + len(clock["time_cards"]) - (1 if p == 4 and game.options.league == "nba" else 0)
        return clock["minutes"] * (p - 1 + (full - len(game.fac)) / full)
    ot = CLOCK["overtime"]
    full = ot["fac"] + len(ot["time_cards"])
    return 4 * clock["minutes"] + ot["minutes"] * (p - 5 + (full - len(game.fac)) / full)


class ByTheBookCoach:
    """The coach of the module's docstring. Parameters:

    * ``double_team``: "never" (the book) or "star": Double Team their best scorer at every set piece (5.5).
    * ``rotation``: "team" (the team file's rotation minutes, the real season's minutes a game, when it
      has them) or "book" (always the starters and the best reserve for a position).
    """

    name = "by-the-book"
    DOUBLE_TEAM = ("never", "star")
    ROTATION = ("team", "book")
    HYSTERESIS = 1.5  # minutes further behind his target than the man he replaces

    def __init__(self, seed: int | None = None, *, double_team: str = "never", rotation: str = "team"):
        if double_team not in self.DOUBLE_TEAM:
            raise ConfigError(f"by-the-book: double_team must be one of {', '.join(self.DOUBLE_TEAM)}, got {double_team!r}")
        if rotation not in self.ROTATION:
            raise ConfigError(f"by-the-book: rotation must be one of {', '.join(self.ROTATION)}, got {rotation!r}")
        self.seed = seed
        self.double_team = double_team
        self.rotation = rotation
        params = [f"{k}={v}" for k, v, d in (("double_team", double_team, "never"), ("rotation", rotation, "team"))
                  if v != d]
        if params:
            self.name = "by-the-book:" + ",".join(params)
        self.target: list[float] | None = None  # rotation minutes a game per roster index; None: the book's
        self.played: list[float] = []
        self._clock = 0.0
        self._on: list[int] = []
        self.side = 0
        self.starters: tuple[int, ...] = ()
        self._cache_key = None
        self._cache_val: list[int] = []
        self._base: list[float] = []
        self._static: list[list[float]] = []

    def reset(self, game: StatisProEngine, side: int, seed: int | None = None) -> None:
        self.side = side
        self.starters = tuple(game.teams[side].lineup)
        self._cache_key = None
        self._base = [p.field_goal + p.attempts + p.rebound / 3 + p.assist / 2 - p.defense for p in game.teams[side].players]
        # a player's value at each slot (15 off for a position not on his card; _value adds fatigue)
        self._static = [[b - 15 if slot not in p.positions else b for b, p in zip(self._base, game.teams[side].players)]
                        for slot in range(5)]
        self.target = self.rotation_targets(game, side) if self.rotation == "team" else None
        if self.target is not None:
            t = game_minutes(game)  # a coach that starts in mid-game takes every man as on schedule
            self.played = [x * t / 48 for x in self.target]
            self._clock = t
            self._on = list(game.team_state[side].lineup)

    @staticmethod
    def rotation_targets(game: StatisProEngine, side: int) -> list[float] | None:
        """Target minutes a game per roster index from the team's ``rotation_minutes`` (None without
        them): each available man's real minutes a game, in roster order, until 240 are given out."""
        team = game.teams[side]
        rot = team.rotation_minutes
        if not rot:
            return None
        left = 240.0
        out = []
        for i, p in enumerate(team.players):
            m = min(rot.get(p.name, 0.0), left) if game.team_state[side].status[i] == 0 else 0.0
            out.append(m)
            left -= m
        return out if sum(out) > 0 else None

    def _count_minutes(self, game: StatisProEngine) -> None:
        """Credit the minutes since the last look to the men who were on the court (8.1)."""
        t = game_minutes(game)
        if t > self._clock:
            for i in self._on:
                self.played[i] += t - self._clock
        self._clock = t
        self._on = list(game.team_state[self.side].lineup)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _margin(game: StatisProEngine, side: int) -> int:
        return game.team_state[side].pts - game.team_state[1 - side].pts

    def _value(self, game: StatisProEngine, side: int, i: int, slot: int) -> float:
        p = game.teams[side].players[i]
        v = self._base[i]
        if slot not in p.positions:
            v -= 15
        if game.team_state[side].tired[i]:
            v -= 10
        return v

    def _desired(self, game: StatisProEngine, side: int) -> list[int]:
        """The lineup this coach wants now (roster indices, slot order), cached while nothing it
        depends on changes."""
        # the engine bumps ``rev`` on every change of lineups, ratings, fatigue, rest or status; the
        # starters' personal fouls complete the key
        st = game.team_state[side].stats
        s0, s1, s2, s3, s4 = self.starters
        key = (game.uid, game.rev[side], side, game.period, game.rest_period, game.two_min, st[s0][PF], st[s1][PF], st[s2][PF],
               st[s3][PF], st[s4][PF])
        if self._cache_key == key:
            return self._cache_val
        if self.target is not None:
            return self._rotate(game, side, self._desired_now(game, side))
        val = self._desired_now(game, side)
        self._cache_key, self._cache_val = key, val
        return val

    def _rotate(self, game: StatisProEngine, side: int, want: list[int]) -> list[int]:
        """The rotation: a man gives way at his slot to the eligible man furthest behind his minutes."""
        ts = game.team_state[side]
        if game.period > 4 or game.period == 4 and game.two_min:
            return want  # the book's five at the end
        t = min(48.0, game_minutes(game) + 2)
        target, played = self.target, self.played
        players = game.teams[side].players
        st, tired, mrest, stats = ts.status, ts.tired, ts.mandatory_rest, ts.stats
        benched = set(self.starters) - set(want)  # resting, Fatigued, removed or in foul trouble by the book
        fouls = game.foul_out - 1
        # the men who may come in at all, in roster order, with how far each is behind his minutes (what
        # depends on the slot or on who is in is asked per slot below)
        ready = [(j, target[j] * t / 48 - played[j], players[j].positions) for j in range(len(players))
                 if not (j in benched or st[j] != 0 or mrest[j] or tired[j] or stats[j][PF] >= fouls)]
        # furthest behind first; a stable sort keeps roster order among equals, so the first man in this
        # order who may take the slot is the one a scan in roster order keeping the strictly larger finds
        ready.sort(key=_BEHIND, reverse=True)
        out = list(want)
        for slot in range(5):
            for j, v, positions in ready:
                if slot in positions and j not in out:
                    i = out[slot]
                    if v > target[i] * t / 48 - played[i] + self.HYSTERESIS:
                        out[slot] = j
                    break
        return out

    def _desired_now(self, game: StatisProEngine, side: int) -> list[int]:
        ts = game.team_state[side]
        starters = self.starters
        cur = ts.lineup
        st, tired, mrest, stats = ts.status, ts.tired, ts.mandatory_rest, ts.stats
        players = game.teams[side].players
        period = game.period
        late = period >= 4 and game.two_min
        half = 0 if period <= 2 else 1
        rested = ts.rested
        rp = game.rest_period
        fo = game.foul_out

        rest_slots = () if late or period > 4 else REST_SLOTS.get((period, rp), ())  # (mostly none)

        def rest_now(i: int, slot: int) -> bool:  # the starter of ``slot`` takes his planned rest now (REST_PLAN)
            if slot not in rest_slots:
                return False
            r = players[i].rest
            return not (r == 2 or (r == 1 and half == 1) or rested[i][half])

        if list(starters) == cur:  # a quick check: the starters are in and may stay
            for slot, i in enumerate(cur):
                if st[i] != 0 or tired[i] or mrest[i] or stats[i][PF] >= fo - 2 or (rest_slots and rest_now(i, slot)):
                    break
            else:
                return list(cur)
        ok = [i for i in range(len(players)) if st[i] == 0 and not mrest[i]]
        want = []
        used = set()
        for slot, starter in enumerate(starters):
            fouls = stats[starter][PF]
            foul_trouble = fouls >= fo - 1 and period < 4 or fouls >= fo - 2 and period <= 2
            if st[starter] == 0 and not mrest[starter] and not tired[starter] and not foul_trouble \
                    and not (rest_slots and rest_now(starter, slot)):
                want.append(starter)
                used.add(starter)
            else:
                want.append(-1)
        for slot in range(5):
            if want[slot] >= 0:
                continue
            cands = [i for i in ok if i not in used and i not in starters]
            if not cands:
                cands = [i for i in ok if i not in used]
            if not cands:
                want[slot] = cur[slot]
                used.add(cur[slot])
                continue
            static = self._static[slot]
            best, bv = -1, None
            for i in cands:  # the first with the highest value (as max() picks)
                v = static[i] - 10 if tired[i] else static[i]
                if bv is None or v > bv:
                    best, bv = i, v
            want[slot] = best
            used.add(best)
        return want

    # ------------------------------------------------------------------ decisions
    def choose(self, game: StatisProEngine, d: Decision) -> int:
        if self.target is not None and d.side == self.side:
            self._count_minutes(game)
        legal = d.legal
        kind = d.kind
        side = d.side
        margin = game.team_state[side].pts - game.team_state[1 - side].pts
        if kind == "menu":
            return self._menu(game, d, margin)
        late = game.final_two
        if kind == "press":
            return A.PRESS if margin < 0 else A.NO_PRESS
        if kind == "ballhandler":
            return self._ballhandler(game, d)
        if kind == "three_or_two":
            e = game.eff(side)[game.ballhandler]
            pd = game.pd_slot(side, game.ballhandler)
            two = (e[R_FG] + game.eff(1 - side)[pd][R_DEF]) * 2
            three = e[R_THREE] * (2 if game.no_threes else 3)  # 17.5: the long two with the THREE POINT rating
            return A.SHOOT_THREE if three >= two else A.SHOOT_TWO
        if kind == "pass_to":
            e = game.eff(side)
            return max(legal, key=lambda a: e[A.PASS_TO.index(a)][R_FG])
        if kind == "fast_break":
            return A.FAST_BREAK
        if kind == "stop_clock":
            return self._stop_clock(game, legal, side, margin, late)
        if kind == "freeze":
            return A.FREEZE
        if kind == "free_throw":
            return A.INTENTIONAL_MISS if margin in (-3, -2) else A.SHOOT_FREE_THROW
        if kind == "index":
            return self._index(game, legal, side)
        if kind == "choose":
            if game.ctx.get("then") == "fd_tie":
                return self._fd_tie(game, legal, side)
            e = game.eff(side)
            if game.ctx.get("then") == "three_pointer_z":  # 14H: he also gets a free throw
                return max(legal, key=lambda a: (e[A.CHOOSE.index(a)][R_FT], -a))
            return max(legal, key=lambda a: (e[A.CHOOSE.index(a)][R_FG], -a))
        if kind == "choose_player":
            if game.ctx.get("then") == "rest_choice":  # 14A / 15F: the better opponent rests
                team = game.teams[1 - side]
                return max(legal, key=lambda a: (team.players[A.CHOOSE_PLAYER.index(a)].attempts, -a))
            team = game.teams[side]
            return min(legal, key=lambda a: team.players[A.CHOOSE_PLAYER.index(a)].attempts)
        return legal[0]

    @staticmethod
    def _stop_clock(game: StatisProEngine, legal: tuple, side: int, margin: int, late: bool) -> int:
        """Foul to stop the clock when behind; in the last minute, down 1-8, a deliberate foul on
        their worst free-throw shooter by the man guarding him."""
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

    @staticmethod
    def _index(game: StatisProEngine, legal: tuple, side: int) -> int:
        """Which Index to use (16A-16C)."""
        if A.INDEX_REBOUND in legal and (game.period >= 3 or game.team_state[side].index > 4):
            return A.INDEX_REBOUND  # 16B
        if A.INDEX_STEAL in legal and game.period >= 4:
            return A.INDEX_STEAL  # 16A: a steal is worth a possession
        if A.INDEX_VOID_FOUL in legal and game.team_state[side].team_fouls >= 4:
            return A.INDEX_VOID_FOUL  # 16C: avoid penalty free throws
        if A.INDEX_FOUL in legal and game.final_two:
            return A.INDEX_FOUL
        return A.DECLINE_INDEX

    @staticmethod
    def _fd_tie(game: StatisProEngine, legal: tuple, side: int) -> int:
        """6.1 (the home coach names one of the players with equal FOUL DRAWING numbers): the player
        charged with a foul is the opponent in most foul trouble (or our man in least); the player who
        draws it is our best free-throw shooter (or the opponent's worst)."""
        fs = game.ctx["fd_side"]
        own = fs == side
        slots = [A.CHOOSE.index(a) for a in legal]
        if game.ctx["cont"] in ("offensive_foul", "lb_off", "double_foul"):
            fouls = [game.team_state[fs].stats[game.team_state[fs].lineup[s]][PF] for s in range(5)]
            best = min(slots, key=lambda s: fouls[s]) if own else max(slots, key=lambda s: fouls[s])
        else:
            e = game.eff(fs)
            best = max(slots, key=lambda s: e[s][R_FT]) if own else min(slots, key=lambda s: e[s][R_FT])
        return A.CHOOSE[best]

    def _ballhandler(self, game: StatisProEngine, d: Decision) -> int:
        legal = d.legal
        if A.ADVANCE not in legal:
            return A.SHOOT
        if game.open_from >= 0 or (game.inj_wait and game._injured_pd_open()):
            return A.SHOOT  # an Open Shot (4.4, 14G) is always taken by the book
        if game.via == "recovery":
            return A.SHOOT
        side = d.side
        e = game.eff(side)[game.ballhandler]
        qualifies = game.assist_no > 0 and e[R_AST] >= game.assist_no
        can_shoot = game.pass_no <= game.ctx.get("att", 0)
        if can_shoot and e[R_TATT] and game.pass_no <= e[R_TATT] and e[R_THREE] * 3 >= 90:
            return A.SHOOT  # a good three-point shooter takes the three (4.6)
        if qualifies:
            return A.ADVANCE  # 4.4 an Open Shot is worth +10 and no PD
        i = game.team_state[side].lineup[game.ballhandler]
        if game.team_state[1 - side].double_team[0] == i:
            return A.ADVANCE  # 5.5 pass out of the Double Team
        if not can_shoot:
            # a voluntary Forced Shot only when time is nearly gone
            return A.SHOOT if game.last_minute and len(game.fac) <= 3 else A.ADVANCE
        return A.SHOOT

    def _menu(self, game: StatisProEngine, d: Decision, margin: int) -> int:
        legal = d.legal
        side = d.side
        # forced replacements / rest plan
        lo, hi = A.SUB_RANGE
        if legal[0] != A.PLAY_ON or (len(legal) > 1 and lo <= legal[1] <= hi):
            want = self._desired(game, side)
            cur = game.team_state[side].lineup
            if want != cur:
                for slot in range(5):
                    if want[slot] != cur[slot] and want[slot] not in cur:
                        a = A.SUBSTITUTE.get((want[slot], slot))
                        if a in legal:
                            return a
            if legal[0] != A.PLAY_ON:
                # must replace someone: the best available
                subs = [a for a in legal if lo <= a <= hi]
                return max(subs, key=lambda a: self._value(game, side, SLOT_OF_ACTION[a][0], SLOT_OF_ACTION[a][1]))
        if (self.double_team == "star" and game.team_state[side].double_team[0] < 0
                and game.menu.get("kind") in ("period", "timeout")):
            dt = star_double_team(game, side)  # a set piece without a Double Team of ours (5.5)
            if dt is not None and dt in legal:
                return dt
        m = game.menu
        kind = m.get("kind")
        final_two = game.final_two
        if not final_two and kind != "timeout":
            return A.PLAY_ON  # nothing below applies (4.61-4.62, 16D, PRESS and timeouts late)
        if A.THREE_POINT_OFFENSE in legal and margin <= -3:
            return A.THREE_POINT_OFFENSE
        if A.CANCEL_THREE_POINT_OFFENSE in legal and margin >= 0:
            return A.CANCEL_THREE_POINT_OFFENSE
        if A.THREE_POINT_DEFENSE in legal:
            return A.THREE_POINT_DEFENSE
        if kind == "timeout" and game.period >= 3:
            for a in legal:
                player = IGNORE_REST_PLAYER.get(a)
                if player is not None and player in self.starters:
                    return a
        if A.PRESS in legal and final_two and margin < 0:
            return A.PRESS
        if (A.TIMEOUT in legal and side == game.off and final_two and margin <= 0
                and m.get("resume") in (PH_UPCOURT, PH_ADVANCE) and kind in ("live", "dead") and game.team_state[side].timeouts_last2 < 2):
            return A.TIMEOUT
        return A.PLAY_ON
