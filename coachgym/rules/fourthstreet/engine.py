"""4th Street Basketball rules engine: a state machine over :class:`coachgym.core.engine.Engine`.

Phases (``self.phase``): ``pregame`` (lineup changes, then the opening jump ball), ``poss``
(dead-ball lineup changes, the offense's call, the defense's call, then the setup play),
``play`` (a regular play by the ball handler), ``rebound``, ``loose`` (loose ball after a block),
``ft`` (free throws), ``jump`` (held ball at a free-throw line / centre jump), ``over``.

Dice: red = visitor (AWAY) team die, blue = home team die, orange and black cross-reference
cards and grids (black = row, orange = column), white identifies players. Every request names its
die: ``"red"``, ``"blue"``, ``"orange"``, ``"black"``, ``"white"`` (plus a word on its use).
"""

from __future__ import annotations

from math import trunc as _trunc

from ...core.boxscore import BoxScore, PlayerLine, TeamBox
from ...core.chance import SeededSource
from ...core.engine import AWAY, HOME, Decision, Engine
from . import actions as A
from .cards import AIR, AND_ONE, BLOCK, CHARGE, FEED, FIFTY, FOUL, INJURY, JUMP, MISS, OUT, STEAL, TRAVEL, WEIRD, parse_team
from .court import (COVER, KICK_OUT, LEVELS, LOCATION, PENALTY_LEVELS, SEASON, THREE_POINT_GRID, WEIRD as WEIRD_TABLE, custom_cover,
                    injury_row, location, move)
from .options import FourthStreetOptions

COLS = ("sec", "pts", "fgm", "fga", "tpm", "tpa", "ftm", "fta", "orb", "drb", "ast", "stl", "blk", "tov", "pf")
(SEC, PTS, FGM, FGA, TPM, TPA, FTM, FTA, ORB, DRB, AST, STL, BLK, TOV, PF) = range(len(COLS))
BOX_COLS = ["min", "pts", "fgm", "fga", "tpm", "tpa", "ftm", "fta", "orb", "drb", "reb", "ast", "stl", "blk", "tov", "pf"]
MADE_SET = frozenset(("N", "D", "K"))
PASS_LAT = {"^": 0, "<": -1, ">": 1}
DRIVE_LAT = {"a": 0, "l": -1, "r": 1}
TEAM_DIE = ("blue", "red")  # HOME is blue, AWAY (visitor) is red
# availability of a roster player
# OUT_STOPPAGE: out until the next play stoppage (Injury Chart); OUT_THIS_STOPPAGE: hurt during the
# play that caused the present stoppage, so he becomes OUT_STOPPAGE when it opens and may return at
# the one after it
AVAILABLE, OUT_STOPPAGE, OUT_PERIOD, OUT_GAME, FOULED_OUT, OUT_THIS_STOPPAGE = range(6)
MAX_CHANGES = 6  # lineup changes per dead ball per team (then "done" is forced)
# what each die of a chance event is for (ScriptedSource checks them; docs section 1 gives the order)
_REBOUND_DICE = ("red rebound", "blue rebound", "orange rebound location", "black rebound location", "white rebound")
_LOOSE_DICE = ("red loose ball", "blue loose ball", "orange loose ball location", "black loose ball location", "white loose ball")
_FT_DICE = ("orange free throw", "black free throw", "white free throw")
_PRESS_DICE = ("red press", "blue press", "white press")
_SETUP_DICE = ("orange setup location", "black setup location", "white setup recipient")
# Season Rules: "Misses from Level 3 found on defensive player cards may not be 3-point attempts"
THREES_OFF_DEFENSE = bool(SEASON["defensive_card_level3_misses_are_threes"])
SHOT_CLOCK = SEASON["shot_clock"]
# (zone, pass/drive symbol, against the press) -> the zone the ball moves to (court.move)
_MOVES = {(z, sym, press): move(z, lat, press) for lv in LEVELS.values() for z in lv
          for sym, lat in (*PASS_LAT.items(), *DRIVE_LAT.items()) for press in (False, True)}
# action index -> (mode, double-team target) of the man-to-man and press calls
_MAN_PRESS = {i: (A.ACTIONS[i]["mode"], A.ACTIONS[i]["target"]) for i in (*A.DEF_MAN, *A.DEF_PRESS)}


# Decisions whose legal sets depend only on their cache key (see _poss_step, _lineup_decision) are
# shared by all games: building the tuples and Decision objects anew for each of the ~600 calls of
# a game was a good part of its cost.
_DECISIONS: dict[tuple, Decision] = {}
_HELPER_DECISIONS = [[Decision(side, "helper", tuple(A.HELPER[s] for s in range(5) if s != target), "who helps on the double team?")
                      for target in range(5)] for side in (0, 1)]
_FT_DECISIONS = [Decision(side, "free_throw", (A.FT_NORMAL, A.FT_MISS), "shoot the last free throw, or miss it on purpose?")
                 for side in (0, 1)]
_TOKEN_DECISIONS = [[Decision(side, "token", A.TOKEN[t], f"zone: which two zones does token {A.POS[t]} cover?") for t in range(5)]
                    for side in (0, 1)]
_JUMPER_DECISIONS = [Decision(side, "jumper", tuple(A.JUMPER), "who jumps at centre court?") for side in (0, 1)]
# the offense's and the defense's calls without lineup changes, by side and bit mask of the options
_OFFENSE_CALLS: list[list[Decision | None]] = [[None] * 32 for _ in (0, 1)]
_DEFENSE_CALLS: list[list[Decision | None]] = [[None] * 16 for _ in (0, 1)]


def _cache(key: tuple, decision: Decision) -> Decision:
    if len(_DECISIONS) > 100_000:
        _DECISIONS.clear()
    _DECISIONS[key] = decision
    return decision


def _clock(sec: int) -> str:
    return f"{sec // 60}:{sec % 60:02d}"


class FourthStreetEngine(Engine):
    ruleset = "fourthstreet"
    version = 1
    actions = A.ACTIONS
    decision_kinds = ("lineup", "replace", "jumper", "offense", "defense", "helper", "free_throw", "token", "hold")

    def __init__(self, home, away, source=None, *, options=None, record_events=True):
        super().__init__(source, record_events=record_events)
        self.opts = options if options is not None else FourthStreetOptions()
        self.teams = [home, away]
        self._init_state()
        self.start()

    # ------------------------------------------------------------------ state
    def _init_state(self):
        o = self.opts
        self.period = 1
        self.clock = SEASON["period_minutes"] * 60
        self.shot_clock = SEASON["shot_clock"]
        self.pts = [0, 0]
        self.off = HOME
        self.phase = "pregame"
        self.ctx: dict = {}
        self.lineup = [list(t.lineup) for t in self.teams]
        n = [len(t.players) for t in self.teams]
        self.stats = [[[0] * len(COLS) for _ in range(n[s])] for s in (0, 1)]
        self.avail = [[AVAILABLE] * n[s] for s in (0, 1)]
        # consecutive seconds on the court (Optional Rules, Fatigue): for a player on the court,
        # _stint plus the game seconds since smark (see the stint property and _fold_stint)
        self._stint = [[0] * n[s] for s in (0, 1)]
        self.smark = 0
        self.fpts = [[0] * n[s] for s in (0, 1)]
        self.gsec = 0  # game seconds played (all periods)
        self.on_at = [[0] * n[s] for s in (0, 1)]  # gsec when each player's SEC was last brought up to date
        self.rclock = 0  # rest clock: game seconds plus rest credits (timeouts, breaks)
        self.benched = [[-10 ** 6] * n[s] for s in (0, 1)]  # rest clock when each player last left the court
        self.req = [[0] * n[s] for s in (0, 1)]
        self.safe = [[False] * n[s] for s in (0, 1)]
        self.played = [[i in self.lineup[s] for i in range(n[s])] for s in (0, 1)]
        self.team_fouls = [0, 0]
        self.late_fouls = [0, 0]
        self.team_tov = [0, 0]
        self.timeouts = [SEASON["timeouts_per_game"]] * 2
        self.dmode = ["man", "man"]  # defense of each side when defending
        self.align = ["standard", "standard"]  # a named alignment, or "custom": the tokens below
        self.tokens = [[-1] * 5, [-1] * 5]  # custom zone: TOKEN_PAIRS index of each token (-1: not yet placed)
        self.double = [-1, -1]  # doubled opponent slot
        self.helper = [-1, -1]
        self.press_ban = [False, False]
        self.kick_used = [False, False]
        self.kick_until = [-1, -1]  # clock value (this period) until which kick it out is active
        self.kicked = False
        self.three_pt = False
        self.milk = ""
        self.desperation = False
        self.frontcourt = False
        self.timeout_called = False
        self.handler = 0
        self.zone = "3B"
        self.passer = -1
        self.outlet = -1  # who touched the ball before the setup (steal / defensive rebound), for assists
        self.air = False
        self.lane = []  # zone tokens that covered 1B on the previous action (3-second rule)
        self.tip_winner = -1
        self.windows: list[int] = []
        self.changes = 0
        self.subs_open = [False, False]  # dead ball: lineup changes offered inside the offense/defense call
        self.poss_changes = [0, 0]
        self.dead = True
        self.replace: list[list[int]] = []  # [side, slot] needing a forced replacement
        self.jumpers = [-1, -1]
        self.injuries: list[dict] = []
        self._bench_keys: list[tuple | None] = [None, None]  # _sub_key's bench tuples (not saved: derived)

    _FIELDS = ("period", "clock", "shot_clock", "pts", "off", "phase", "ctx", "lineup", "stats", "avail", "stint", "fpts",
               "rclock", "benched", "req", "safe", "played", "team_fouls", "late_fouls", "team_tov", "timeouts", "dmode", "align",
               "double", "helper", "press_ban", "kick_used", "kick_until", "kicked", "three_pt", "milk", "desperation",
               "frontcourt", "timeout_called", "handler", "zone", "passer", "outlet", "air", "lane", "tip_winner", "windows",
               "changes", "subs_open", "poss_changes", "dead", "replace", "jumpers", "injuries", "gsec", "on_at", "tokens")

    def _state_to_dict(self) -> dict:
        import copy
        self._fold_minutes()
        d = {k: copy.deepcopy(getattr(self, k)) for k in self._FIELDS}
        d["teams"] = [t.raw for t in self.teams]
        d["options"] = {k: getattr(self.opts, k) for k in self.opts.__dataclass_fields__}
        return d

    def _state_from_dict(self, data: dict) -> None:
        import copy
        data = copy.deepcopy(data)  # the game mutates its lists in place: never the caller's dict
        self.opts = FourthStreetOptions(**data["options"])
        self.teams = [parse_team(t, f"saved game team {i}") for i, t in enumerate(data["teams"])]
        for k in self._FIELDS:
            if k == "gsec" and k not in data:  # saves from before the lazy minutes (folded)
                self.gsec, self.on_at = 0, [[0] * len(st) for st in data["stats"]]
            elif k == "tokens" and k not in data:
                self.tokens = [[-1] * 5, [-1] * 5]
            elif k != "on_at" or k in data:
                setattr(self, k, data[k])
        self._bench_keys = [None, None]
        self.smark = self.gsec  # the saved stint is up to date (folded when saved)

    # ------------------------------------------------------------------ helpers
    @property
    def score(self) -> tuple[int, int]:
        return self.pts[0], self.pts[1]

    def player(self, side: int, slot: int):
        return self.teams[side].players[self.lineup[side][slot]]

    def _roll(self, what: str) -> int:
        return self.source.roll(6, what)

    def _dice(self, whats: tuple[str, ...]) -> list[int]:
        """One d6 per name in ``whats``, in order: SeededSource.roll(6)'s own draws (``int(random() * 6)
        + 1``; ``trunc`` is ``int`` for these non-negative floats) without a method call for each."""
        src = self.source
        if src.__class__ is SeededSource:
            rnd = src._random
            return [_trunc(rnd() * 6) + 1 for _ in whats]
        roll = src.roll
        return [roll(6, w) for w in whats]

    def _ev(self, kind, side, text, **data):
        """Log an event; ``text`` may be a callable, formatted only when events are recorded."""
        if self.log.record:
            if callable(text):
                text = text()
            self.log.add(kind, side, f"[Q{self.period} {_clock(self.clock)}] {text}", **data)
        else:
            self.log.count += 1

    def _stat(self, side: int, slot: int, col: int, n: int = 1):
        self.stats[side][self.lineup[side][slot]][col] += n

    def _tick(self, sec: int, shot: bool = True):
        """Run ``sec`` seconds off the game clock (and the shot clock), counting playing and rest time."""
        if sec <= 0:
            return
        clock = self.clock
        if sec > clock:
            sec = clock
        self.clock = clock - sec
        if shot:
            self.shot_clock -= sec
        self.rclock += sec
        self.gsec += sec  # playing time (the SEC column) is folded in lazily: see _fold_minutes
        # the players' consecutive time on the court (stint) is counted lazily too: see _fold_stint

    @property
    def stint(self) -> list[list[int]]:
        """Consecutive seconds each roster player has been on the court (Fatigue), brought up to date."""
        if self.gsec != self.smark:
            self._fold_stint()
        return self._stint

    @stint.setter
    def stint(self, value: list[list[int]]) -> None:
        self._stint = value
        self.smark = self.__dict__.get("gsec", 0)  # (a restore sets the mark again once gsec is known)

    def _fold_stint(self):
        """Add the game seconds since the last fold to the stint of every player on the court (all
        of them accrue the same time, so one mark serves both teams)."""
        sec = self.gsec - self.smark
        self.smark = self.gsec
        stint = self._stint
        for s in (0, 1):
            st = stint[s]
            a, b, c, d, e = self.lineup[s]
            st[a] += sec
            st[b] += sec
            st[c] += sec
            st[d] += sec
            st[e] += sec

    def _fold_minutes(self):
        """Bring the playing time (SEC) of the players on the court up to date: it is counted as
        game seconds since each one's ``on_at`` mark instead of on every tick."""
        g = self.gsec
        for s in (0, 1):
            st, on = self.stats[s], self.on_at[s]
            for i in self.lineup[s]:
                st[i][SEC] += g - on[i]
                on[i] = g

    def seconds_played(self, side: int, i: int) -> int:
        """Seconds roster player ``i`` has played so far."""
        sec = self.stats[side][i][SEC]
        if i in self.lineup[side]:
            sec += self.gsec - self.on_at[side][i]
        return sec

    def rest(self, side: int, i: int) -> int:
        """Seconds of rest of a bench player since he last left the court (rest credits included)."""
        return self.rclock - self.benched[side][i]

    def _fatigue(self, side: int, slot: int) -> int:
        """Fatigue points (Optional Rules, Fatigue): a fatigued player called upon gains one (limit 3)
        and his matchup die is lowered by his points."""
        if not self.opts.fatigue:
            return 0
        i = self.lineup[side][slot]
        if self._stint[side][i] + self.gsec - self.smark >= self.teams[side].players[i].fat * 60:
            if self.fpts[side][i] < 3:
                self.fpts[side][i] += 1
            return self.fpts[side][i]
        return 0

    def _rest_requirement(self, side: int, i: int) -> int:
        p = self.teams[side].players[i]
        fp = self.fpts[side][i]
        if fp:
            return (0, 600, 720, 900)[fp]
        if self.stint[side][i] >= p.fat * 60:
            return 300
        return min(300, self.stint[side][i])

    def _rest_all(self, sec: int):
        """Rest credited to every player (timeout 1 minute, quarter break 2, halftime 5)."""
        for s in (0, 1):
            for i in range(len(self.stats[s])):
                if i in self.lineup[s]:
                    if sec >= self._rest_requirement(s, i):
                        self.stint[s][i] = 0
                        self.fpts[s][i] = 0
                    else:
                        self.stint[s][i] = max(0, self.stint[s][i] - sec)
        self.rclock += sec

    def _substitute(self, side: int, slot: int, i: int):
        if self.gsec != self.smark:
            self._fold_stint()  # before the lineup changes
        out = self.lineup[side][slot]
        self.stats[side][out][SEC] += self.gsec - self.on_at[side][out]
        self.on_at[side][i] = self.gsec
        self.req[side][out] = self._rest_requirement(side, out)
        self.benched[side][out] = self.rclock
        self.lineup[side][slot] = i
        self._bench_keys[side] = None
        if self.rest(side, i) >= self.req[side][i]:
            self.stint[side][i] = 0
            self.fpts[side][i] = 0
        self.played[side][i] = True
        t = self.teams[side]
        self._ev("substitution", side, lambda: f"{t.abbr}: {t.players[i].name} in for {t.players[out].name} at position {slot + 1}",
                 slot=slot, player_in=i, player_out=out)

    def _bench(self, side: int) -> list[int]:
        lu = self.lineup[side]
        av = self.avail[side]
        return [i for i in range(len(av)) if av[i] == AVAILABLE and i not in lu]

    def _highest(self, side: int, attr: str, exclude: tuple = ()) -> int:
        """Slot of the on-court player with the highest rating ``attr`` (ties: lower slot)."""
        best, bv = -1, -10 ** 9
        players, lu = self.teams[side].players, self.lineup[side]
        for s in range(5):
            if s in exclude:
                continue
            v = getattr(players[lu[s]], attr)
            if v > bv:
                best, bv = s, v
        return best

    def _recipient(self, side: int, white: int, passer: int) -> int:
        """Pass / setup recipient ("Passes", "Setup Plays"): white 1-5 = that player, 6 = highest rec;
        the passer's own number = second-highest rec."""
        if passer < 0:
            return white - 1 if white < 6 else self._highest(side, "rec")
        if white == 6:
            return self._highest(side, "rec", (passer,))
        if white - 1 != passer:
            return white - 1
        first = self._highest(side, "rec")
        second = self._highest(side, "rec", (first,))
        return second if second != passer else first

    def _in_last_minute(self) -> bool:
        return self.period >= 4 and self.clock <= 60

    def _trailing_by_10(self, side: int) -> bool:
        d = self.pts[1 - side] - self.pts[side]
        return 1 <= d <= 10

    def _penalty_level(self, side: int) -> int:
        """The fouling team's (``side``) situation (Shots: "a bonus or double-bonus situation"; Season
        Rules, ``penalty_levels``): 0 none, 1 the bonus, 2 the double bonus."""
        tf, late, ot = self.team_fouls[side], self.late_fouls[side], self.period > 4
        for k in range(len(PENALTY_LEVELS) - 1, -1, -1):
            q, o, lt = PENALTY_LEVELS[k][:3]
            if tf > (o if ot else q) or late > lt:
                return k + 1
        return 0

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

    def _personal_foul(self, side: int, slot: int, team: bool = True):
        i = self.lineup[side][slot]
        self.stats[side][i][PF] += 1
        if team:
            self.team_fouls[side] += 1
            if self.clock <= SEASON["late_period_seconds"]:
                self.late_fouls[side] += 1
        if self.stats[side][i][PF] >= SEASON["personal_foul_limit"] and self.avail[side][i] == AVAILABLE:
            self.avail[side][i] = FOULED_OUT
            self._bench_keys[side] = None
            self._ev("foul_out", side, lambda: f"{self.teams[side].players[i].name} fouls out")
            self.replace.append([side, slot])

    def _score(self, side: int, slot: int, pts: int, three: bool, passer: int, white: int):
        self.pts[side] += pts
        st = self.stats[side][self.lineup[side][slot]]
        st[PTS] += pts
        st[FGM] += 1
        st[FGA] += 1
        if three:
            st[TPM] += 1
            st[TPA] += 1
        if self.opts.assists:
            if passer >= 0 and passer != slot:
                self._stat(side, passer, AST)
            elif self.opts.assist_makeup and white == 1:
                a = self._highest(side, "ast", (slot,))
                self._stat(side, a, AST)

    def _change(self, to_side: int, outlet: int = -1):
        """Possession changes: the other team sets up. ``outlet``: the new offense's player who
        gained the ball (steal, defensive rebound), credited with an assist when the setup play's
        receiver scores on the next action (Optional Rules, Assists)."""
        self.off = to_side
        self.phase = "poss"
        self.ctx = {}
        self.shot_clock = SHOT_CLOCK
        dbl = self.double
        dbl[0] = dbl[1] = -1
        dbl = self.helper
        dbl[0] = dbl[1] = -1
        self.passer = -1
        self.outlet = outlet
        self.three_pt = False
        self.kicked = False

    def _turnover(self, side: int, slot: int | None, text: str, dead: bool = True):
        if slot is None:
            self.team_tov[side] += 1
        else:
            self._stat(side, slot, TOV)
        self._ev("turnover", side, text)
        if dead:
            self.dead = True
        self._change(1 - side)

    # ------------------------------------------------------------------ decisions
    def _next_decision(self) -> Decision | None:
        while True:
            if self.replace:
                d = self._replace_decision()
                if d is not None:
                    return d
                continue
            ph = self.phase
            if ph == "play":  # the most frequent phases first
                self._play()
            elif ph == "poss":
                if self.windows:
                    return self._lineup_decision(self.windows[0])
                d = self._poss_step()
                if d is not None:
                    return d
            elif ph == "rebound":
                self._rebound()
            elif ph == "ft":
                if self.windows:
                    return self._lineup_decision(self.windows[0])
                d = self._ft_step()
                if d is not None:
                    return d
            elif ph == "over":
                return None
            elif ph == "pregame":
                if self.windows:
                    return self._lineup_decision(self.windows[0])
                if self.ctx.get("step") is None:
                    self.ctx["step"] = "windows"
                    self.windows = [HOME, AWAY]
                    self.changes = 0
                    continue
                if self.jumpers[HOME] < 0:
                    return _JUMPER_DECISIONS[HOME]
                if self.jumpers[AWAY] < 0:
                    return _JUMPER_DECISIONS[AWAY]
                self._centre_jump()
            elif ph == "loose":
                self._loose_ball()
            elif ph == "hold":
                d = self._hold_decision()
                if d is not None:
                    return d
            elif ph == "endperiod":
                self._end_period()
            else:  # pragma: no cover
                raise RuntimeError(f"unknown phase {ph}")

    def _replace_decision(self) -> Decision | None:
        side, slot = self.replace[0]
        bench = self._bench(side)
        i = self.lineup[side][slot]
        if not bench or self.avail[side][i] == AVAILABLE:
            # nobody left to come in (the player stays on) or already replaced
            self.replace.pop(0)
            return None
        return Decision(side, "replace", tuple(sorted(A.SUB[(slot, b)] for b in bench if b < A.MAX_ROSTER)),
                        f"replace {self.teams[side].players[i].name} at position {slot + 1}")

    def _sub_key(self, side: int, changes: int) -> tuple:
        """What the lineup changes on offer depend on: the bench, the fouled shooter who must stay
        (free throws), the change count and the play-it-safe switch."""
        if changes >= MAX_CHANGES:
            return ()
        lu = self.lineup[side]
        bench = self._bench_keys[side]
        if bench is None:  # cached until a substitution or a change of availability
            av = self.avail[side]
            n = len(av)
            bench = self._bench_keys[side] = tuple([i for i in range(n if n < A.MAX_ROSTER else A.MAX_ROSTER)
                                                    if av[i] == AVAILABLE and i not in lu])
        keep = -1
        if self.phase == "ft" and side == self.off and self.ctx.get("shooter") in lu:
            keep = lu.index(self.ctx["shooter"])  # the fouled player shoots his free throws
        return (bench, keep, self.opts.strategies)

    @staticmethod
    def _sub_legal(key: tuple) -> list[int]:
        """Substitutions (slot-major, ascending roster numbers), then play-it-safe calls: already in
        ascending action-index order, and below every call of the offense and the defense."""
        if not key:
            return []
        bench, keep, strategies = key
        sub = A.SUB_GRID
        legal = [sub[slot][b] for slot in range(5) if slot != keep for b in bench]
        if strategies:
            legal.extend(A.SAFE)
        return legal

    def _sub_options(self, side: int, changes: int) -> list[int]:
        return self._sub_legal(self._sub_key(side, changes))

    def _lineup_legal(self, side: int) -> tuple[int, ...]:
        return self._lineup_decision(side).legal

    def _lineup_decision(self, side: int) -> Decision:
        key = (side, "lineup", self._sub_key(side, self.changes))
        d = _DECISIONS.get(key)
        if d is None:
            d = _cache(key, Decision(side, "lineup", (A.DONE, *self._sub_legal(key[2])),
                                     "lineup changes (substitutions, play it safe)"))
        return d

    def _poss_step(self) -> Decision | None:
        c = self.ctx
        if self.clock <= 0:
            self.phase = "endperiod"
            return None
        if self.dead:
            # a dead ball: each team may change its lineup within its call (Timeouts, substitutions)
            self.dead = False
            self._release_stoppage()
            self.subs_open = [True, True]
            self.poss_changes = [0, 0]
        o = self.off
        d = 1 - o
        # The calls are cached (module-wide) on everything their legal sets depend on: a bit mask
        # of the options on offer, plus the lineup changes on offer at a dead ball.
        if "offense" not in c:
            flags = 1 if (self.timeouts[o] > 0 and not self.timeout_called) else 0
            if self.opts.strategies:
                clock = self.clock
                ku = self.kick_until[o]
                if 0 <= ku and clock <= ku:
                    # Kick it out "for up to 3 consecutive minutes": over by itself
                    self.kick_until[o] = ku = -1
                    self._ev("strategy", o, lambda: f"{self.teams[o].abbr} kick it out ends (3 minutes)")
                if clock <= 60:
                    flags |= 8  # milk the clock: the last minute of any period
                    if self.period >= 4 and 1 <= self.pts[d] - self.pts[o] <= 10:
                        flags |= 2  # 3-point offense: the last minute of play, behind by 10 or fewer
                if not self.kick_used[o]:
                    flags |= 4
                if ku >= 0:
                    flags |= 16
            if self.subs_open[o]:
                key = (o, flags, self._sub_key(o, self.poss_changes[o]))
                dec = _DECISIONS.get(key)
            else:
                key = None
                dec = _OFFENSE_CALLS[o][flags]
            if dec is None:
                legal = self._sub_legal(key[2]) if key is not None else []
                legal.append(A.SETUP)
                if flags & 1:
                    legal.append(A.TIMEOUT)
                if flags & 2:
                    legal.append(A.THREE_PT)
                if flags & 4:
                    legal.append(A.KICK)
                if flags & 8:
                    legal.extend(A.MILK.values())
                if flags & 16:
                    legal.append(A.KICK_STOP)
                dec = Decision(o, "offense", tuple(sorted(legal)), "the offense's call before the setup play (or a lineup change)")
                if key is None:
                    _OFFENSE_CALLS[o][flags] = dec
                else:
                    _cache(key, dec)
            return dec
        if "defense" not in c:
            # no press after a defensive rebound or a lost turnover, nor on a setup play in the
            # front court (half court: after a timeout, a foul without free throws, an injury)
            opts = self.opts
            flags = 1 if (opts.press and not self.press_ban[d] and not self.frontcourt) else 0
            if opts.zone_defense:
                flags |= 2
                if -1 not in self.tokens[d]:
                    flags |= 8
            if (opts.strategies and self.period >= 4 and self.clock <= 60
                    and 1 <= self.pts[o] - self.pts[d] <= 10):
                flags |= 4  # desperation defense
            if self.subs_open[d]:
                key = (d, flags | 32, self._sub_key(d, self.poss_changes[d]))
                dec = _DECISIONS.get(key)
            else:
                key = None
                dec = _DEFENSE_CALLS[d][flags]
            if dec is None:
                legal = self._sub_legal(key[2]) if key is not None else []
                legal.extend(A.DEF_MAN)
                if flags & 1:
                    legal.extend(A.DEF_PRESS)
                if flags & 2:
                    legal.extend(A.DEF_ZONE.values())
                    legal.append(A.DEF_ZONE_PLACE)
                if flags & 8:
                    legal.append(A.DEF_ZONE_KEEP)
                if flags & 4:
                    legal.append(A.INTENTIONAL)
                dec = Decision(d, "defense", tuple(sorted(legal)), "the defense's call before the setup play (or a lineup change)")
                if key is None:
                    _DEFENSE_CALLS[d][flags] = dec
                else:
                    _cache(key, dec)
            return dec
        if self.double[d] >= 0 and self.helper[d] < 0:
            return _HELPER_DECISIONS[d][self.double[d]]
        if self.align[d] == "custom" and self.dmode[d] == "zone" and -1 in self.tokens[d]:
            return _TOKEN_DECISIONS[d][self.tokens[d].index(-1)]
        self._setup()
        return None

    def _apply(self, decision: Decision, action) -> None:
        k = action.kind
        side = decision.side
        dk = decision.kind
        # the frequent choices first: a setup play, man-to-man or the press, no (more) changes
        if dk == "offense" and k == "setup":
            self.subs_open[side] = False
            self.ctx["offense"] = k
            return
        if dk == "defense" and k == "defense":
            mode, target = _MAN_PRESS.get(action.index, (None, -1))
            if mode is not None:
                self.subs_open[side] = False
                self.ctx["defense"] = k
                self.dmode[side] = mode
                self.double[side] = target
                self.helper[side] = -1
                return
        if dk == "lineup" and k == "done":
            self.windows.pop(0)
            self.changes = 0
            return
        if dk == "replace":
            self._substitute(side, action["slot"], action["player"])
            self.replace.pop(0)
            return
        if decision.kind == "lineup":
            if k == "done":
                self.windows.pop(0)
                self.changes = 0
            elif k == "sub":
                self._substitute(side, action["slot"], action["player"])
                self.changes += 1
            elif k == "safe":
                i = self.lineup[side][action["slot"]]
                self.safe[side][i] = not self.safe[side][i]
                self.changes += 1
                self._ev("play_it_safe", side, lambda: f"{self.teams[side].players[i].name} plays it safe: {'on' if self.safe[side][i] else 'off'}")
            return
        if k == "jumper":
            self.jumpers[side] = action["slot"]
            return
        if k == "free_throw":
            self.ctx["intent_miss"] = action["miss"]
            self.ctx["asked"] = True
            return
        c = self.ctx
        if k in ("sub", "safe"):  # a lineup change inside the offense's or the defense's call
            if k == "sub":
                self._substitute(side, action["slot"], action["player"])
            else:
                i = self.lineup[side][action["slot"]]
                self.safe[side][i] = not self.safe[side][i]
                self._ev("play_it_safe", side, lambda: f"{self.teams[side].players[i].name} plays it safe: {'on' if self.safe[side][i] else 'off'}")
            self.poss_changes[side] += 1
            return
        if decision.kind == "offense":
            if k == "kick_stop":  # the coach ends kick it out early; the call goes on
                self.kick_until[side] = -1
                self._ev("strategy", side, lambda: f"{self.teams[side].abbr} stop kicking it out")
                return
            self.subs_open[side] = False
            if k == "timeout":
                self.timeouts[side] -= 1
                self.timeout_called = True
                self.frontcourt = True
                self._rest_all(60)
                self._ev("timeout", side, lambda: f"timeout {self.teams[side].abbr} ({self.timeouts[side]} left)")
                self.dead = True
                return
            c["offense"] = k
            if k == "three_point_offense":
                self.three_pt = True
            elif k == "kick_it_out":
                self.kick_used[side] = True
                self.kick_until[side] = max(0, self.clock - 180)
                self._ev("strategy", side, lambda: f"{self.teams[side].abbr} kick it out (until {_clock(self.kick_until[side])})")
            elif k == "milk":
                self.milk = action["zone"]
            return
        if decision.kind == "defense":
            self.subs_open[side] = False
            c["defense"] = k
            if k == "desperation":
                self.desperation = True
                self.dmode[side] = "man"
                self.double[side] = -1
            else:
                self.dmode[side] = action["mode"]
                if action["mode"] == "zone":
                    if action["align"] == "custom":
                        self.tokens[side] = [-1] * 5  # the tokens are placed one call each
                    self.align[side] = "custom" if action["align"] == "custom_keep" else action["align"]
                    self.double[side] = -1
                else:
                    self.double[side] = action["target"]
                    self.helper[side] = -1
            return
        if decision.kind == "helper":
            self.helper[side] = action["slot"]
            return
        if k == "hold":
            self._hold(action["sec"])
            return
        if k == "token":
            self.tokens[side][action["token"] - 1] = action["pair"]
            return
        raise RuntimeError(f"unhandled action {action}")  # pragma: no cover

    # ------------------------------------------------------------------ jump balls
    def _centre_jump(self):
        """Jump ball at centre court ("Jump Balls"): jmp + team die; tie -> home team."""
        h, a = self.jumpers
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
        self.jumpers = [-1, -1]
        self.ctx = {}
        self.off = win
        self.phase = "poss"
        self.dead = False
        self.shot_clock = SEASON["shot_clock"]

    def _held_ball(self, o: int, slot: int):
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

    def _revert_press(self, d: int):
        """Press: "If a team had previously been in a press defense but is now unable to press (for
        example, following a rebound) it reverts to a man-to-man defense instead." The press lives on
        the setup play; when the possession goes on without one (offensive rebound, loose ball or held
        ball won by the offense) the defense is back in man-to-man (Level 3 passes go to Level 2)."""
        if self.dmode[d] == "press":
            self.dmode[d] = "man"

    def _grid(self, side: int, slot: int) -> int:
        return THREE_POINT_GRID if (self.three_pt and side == self.off) else slot + 1

    # ------------------------------------------------------------------ setup plays
    def _setup(self):
        """Setup play ("Setup Plays"; press, desperation defense and milking the clock)."""
        o, d = self.off, 1 - self.off
        self.ctx = {}
        self.timeout_called = False
        front = self.frontcourt
        self.frontcourt = False
        self.press_ban[d] = False
        self.passer = -1 if front else self.outlet
        self.outlet = -1
        self.kicked = False
        if self.lane:
            self.lane = []
        self.shot_clock = SHOT_CLOCK
        base = 0 if front else self.opts.setup_seconds
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
        if front and self.dmode[d] == "press":
            self.dmode[d] = "man"  # a half-court setup cannot be pressed: reverts to man-to-man
        press = self.dmode[d] == "press"
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
                    self.press_ban[o] = True
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
        steps = (0, 5) if press else (5, 10, 15)
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

    def _hold(self, sec: int):
        o = self.off
        self.ctx = {}
        self._tick(sec)
        self._ev("hold", o, lambda: f"milking the clock: {self.player(o, 0).name} holds the ball {sec} seconds in {self.zone}",
                 sec=sec)
        self.phase = "play"

    # ------------------------------------------------------------------ regular play
    def cover(self, d: int) -> dict[str, tuple[int, ...]]:
        """Zone -> the tokens of ``d``'s zone covering it, ascending (a named or a placed alignment)."""
        a = self.align[d]
        return custom_cover(self.tokens[d]) if a == "custom" else COVER[a]

    def _defenders(self, o: int, slot: int, zone: str) -> tuple[int, int, bool]:
        """(first defender slot, second defender slot or -1, offense wins automatically)."""
        d = 1 - o
        if self.dmode[d] == "zone":
            cover = self.cover(d)
            cov = list(cover[zone])
            if self.opts.three_second_rule:
                in_lane = list(cover["1B"])
                if zone == "1B":
                    cov = [t for t in cov if t not in self.lane]
                self.lane = [t for t in in_lane if t not in self.lane]
            if not cov:
                return -1, -1, True
            first = cov[-1] - 1
            second = cov[0] - 1 if len(cov) > 1 else -1
            return first, second, False
        if self.double[d] >= 0 and self.helper[d] >= 0:
            if slot == self.helper[d]:
                return slot, -1, True  # the helper's man is uncovered
            if slot == self.double[d]:
                return slot, self.helper[d], False
        return slot, -1, False

    def _play(self):
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
        olu = self.lineup[o]
        op = self.teams[o].players[olu[slot]]
        if self.double[d] < 0 and self.dmode[d] != "zone":
            first, second, auto = slot, -1, False  # man-to-man or press, no double team (see _defenders)
        else:
            first, second, auto = self._defenders(o, slot, zone)
        fatigue = self.opts.fatigue
        fo = fd = 0
        if fatigue:  # Optional Rules, Fatigue: see _fatigue
            i = olu[slot]
            if self._stint[o][i] + self.gsec - self.smark >= op.fat * 60:
                fp = self.fpts[o]
                if fp[i] < 3:
                    fp[i] += 1
                fo = fp[i]
        if first >= 0:
            dlu = self.lineup[d]
            dplayers = self.teams[d].players
            dp = dplayers[dlu[first]]
            dg = dp.dfn[lv]
            safe = self.safe[d]
            if safe[dlu[first]]:  # Foul Trouble: playing it safe, grades 1 lower; at 0 he loses automatically
                if dg == 0:
                    auto = True
                dg -= 1
            if fatigue:  # (_fatigue, inline)
                j = dlu[first]
                if self._stint[d][j] + self.gsec - self.smark >= dp.fat * 60:
                    fp = self.fpts[d]
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
        ku = self.kick_until[o]
        if (ku >= 0 and lv == 1 and offense_wins and not self.kicked and self.clock >= ku
                and self.opts.strategies):
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
            sym = dp.grids[4][(black - 1) * 6 + orange - 1]
            card = dp
        if sym in MADE_SET:  # the most frequent result first (see _resolve)
            three = lv == 3 and (offense_wins or THREES_OFF_DEFENSE) and self.opts.three_point_line
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

    def _resolve(self, o, slot, zone, lv, sym, offense_wins, first, passer, white, card, who):
        d = 1 - o
        op = self.player(o, slot)
        three = lv == 3 and self.opts.three_point_line and (offense_wins or THREES_OFF_DEFENSE)
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
            self.double = [-1, -1]  # "Following a shot, the double-team is called off"
            self._personal_foul(d, first if first >= 0 else slot)
            self._ev("made", o, lambda: f"{who}: {op.name} scores {val} and is fouled {self._sc()}", pts=val)
            self.dead = True
            self._start_ft(o, slot, 1, "change")
            return
        rec = self.log.record
        if sym == MISS or (sym == INJURY and not self.opts.injuries):
            self._miss(o, slot, three, who + f": {op.name} misses" if rec else "")
            return
        if sym == AIR:
            self._miss(o, slot, three, who + f": {op.name} air ball" if rec else "", air=True)
            return
        if sym in PASS_LAT:
            to = self._recipient(o, white, slot)
            # one level forward (Level 3 passes against the press: to Level 1), then the lateral shift
            self.zone = _MOVES[zone, sym, self.dmode[d] == "press"]
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
        self.double[d] = -1 if sym in (BLOCK, FOUL) else self.double[d]
        if sym == BLOCK:
            self._stat(d, first, BLK)
            self._stat(o, slot, FGA)
            if three:
                self._stat(o, slot, TPA)
            self._ev("block", d, lambda: f"{who}: {self.player(d, first).name} blocks {op.name}'s shot")
            self.double = [-1, -1]
            self.phase = "loose"
            return
        if sym == STEAL:
            self._stat(d, first, STL)
            self._stat(o, slot, TOV)
            self._ev("steal", d, lambda: f"{who}: {self.player(d, first).name} steals the ball")
            self.press_ban[o] = True
            self._change(d, first)
            return
        if sym == FOUL:
            # a Defense-section foul is the card owner's; a foul drawn on the offense's card is
            # charged to his defender in the matchup (the same number when no one guards the zone)
            fouler = first if first >= 0 else slot
            self._personal_foul(d, fouler)
            self.dead = True
            self.double = [-1, -1]
            shots = 0
            if lv == 3 and white == 1 and self.opts.three_point_line:
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

    def _sc(self) -> str:
        return f"({self.teams[AWAY].abbr} {self.pts[AWAY]}, {self.teams[HOME].abbr} {self.pts[HOME]})"

    def _miss(self, o, slot, three, text, air=False):
        st = self.stats[o][self.lineup[o][slot]]
        st[FGA] += 1
        if three:
            st[TPA] += 1
        self._ev("miss", o, text)
        dbl = self.double
        dbl[0] = dbl[1] = -1
        self.air = air
        self.phase = "rebound"

    def _injury(self, side: int, slot: int, who: str):
        """Injury symbol ("Injuries", Injury Chart): orange + black + inj."""
        orange = self._roll("orange injury")
        black = self._roll("black injury")
        p = self.player(side, slot)
        row = injury_row(orange + black + p.inj)
        games = row.get("games", 0)
        for _ in range(row.get("dice", 0)):
            games += self._roll("injury games")
        i = self.lineup[side][slot]
        self.injuries.append({"side": side, "player": i, "kind": row["kind"], "games": games, "period": self.period})
        self._ev("injury", side, lambda: f"{who}: {p.name} is hurt: {row['text']}" + (f" ({games} more games)" if row.get("dice") else ""),
                 injury=row["kind"], games=games)
        if row["kind"] != "hurt":
            self._bench_keys[side] = None
            self.avail[side][i] = {"stoppage": OUT_THIS_STOPPAGE, "period": OUT_PERIOD, "game": OUT_GAME}[row["kind"]]
            self.replace.append([side, slot])
        self.dead = True
        self.frontcourt = True
        self.phase = "poss"
        self.ctx = {}

    def _weird(self, o: int, slot: int, lv: int, who: str):
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
            three = lv == 3 and self.opts.three_point_line
            val = 3 if three else 2
            self._score(o, slot, val, three, -1, 0)
            self._ev("made", o, lambda: f"{who}: {w['text']} {self._sc()}", pts=val)
            self._change(d)

    @staticmethod
    def _ft_pct(p) -> float:
        return sum((6 - abs(k - 7)) * (1 if p.ft[k] == "N" else 0.5 if p.ft[k] == "U" else 0) for k in range(2, 13)) / 36

    # ------------------------------------------------------------------ rebounds and loose balls
    def _rebound(self):
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
            self.press_ban[o] = True
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
                self.shot_clock = self.opts.offensive_rebound_reset or SEASON["shot_clock"]
            self._revert_press(d)
            self.phase = "play"
        else:
            self._stat(d, s, DRB)
            self._ev("rebound", d, lambda: f"defensive rebound {pd.name} {dt} - {po.name} {ot}")
            self.press_ban[o] = True
            self._change(d, s)

    def _loose_ball(self):
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
            self.press_ban[o] = True  # credited as a defensive rebound: no press on the next setup
            self._change(d, s)

    # ------------------------------------------------------------------ free throws
    def _start_ft(self, side: int, slot: int, n: int, after: str, to_make: int = 0):
        """``n`` free throws; with ``to_make`` the shooter stops once he has made that many
        ("three shots to make two": Season Rules, penalty_levels)."""
        self.phase = "ft"
        self.off = side
        self.ctx = {"shooter": self.lineup[side][slot], "left": n, "after": after}
        if to_make and to_make < n:
            self.ctx["need"] = to_make
        self.windows = [side, 1 - side]
        self.changes = 0
        self.dead = False
        self._release_stoppage()

    def _ft_step(self) -> Decision | None:
        """Free throws: orange + black on the shooter's Free Throw section (2-12); 'U' = white 1-3."""
        c = self.ctx
        o = self.off
        i = c["shooter"]
        p = self.teams[o].players[i]
        if i not in self.lineup[o]:  # the shooter left (injury / sub) - his replacement shoots
            c["shooter"] = i = self.lineup[o][0]
            p = self.teams[o].players[i]
        last = c["left"] == 1
        if (last and c["after"] == "change" and self.opts.strategies and self._in_last_minute()
                and self._trailing_by_10(o) and not c.get("asked")):
            return _FT_DECISIONS[o]
        orange, black, white = self._dice(_FT_DICE)
        st = self.stats[o][i]
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
            self.pts[o] += 1
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

    # ------------------------------------------------------------------ periods
    def _end_period(self):
        self._fold_minutes()
        self._ev("period_end", None, lambda: f"end of period {self.period}: {self._sc()}")
        if self.period >= 4 and self.pts[0] != self.pts[1]:
            self.phase = "over"
            self._ev("final", None, lambda: f"final: {self._sc()}")
            return
        self.period += 1
        if self.period > 4:
            self.clock = SEASON["overtime_minutes"] * 60
            self.timeouts = [t + SEASON["timeouts_per_overtime"] for t in self.timeouts]
            self._rest_all(120)
        else:
            self.clock = SEASON["period_minutes"] * 60
            self._rest_all(300 if self.period == 3 else 120)
        self.team_fouls = [0, 0]
        self.late_fouls = [0, 0]
        self.kick_used = [False, False]
        self.kick_until = [-1, -1]
        self.double = [-1, -1]
        self.helper = [-1, -1]
        self.press_ban = [False, False]
        self.frontcourt = False
        self.three_pt = False
        self.milk = ""
        self.desperation = False
        self._bench_keys = [None, None]
        for s in (0, 1):
            av = self.avail[s]
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

    # ------------------------------------------------------------------ dead balls
    def _release_stoppage(self):
        for s in (0, 1):
            av = self.avail[s]
            if OUT_STOPPAGE not in av and OUT_THIS_STOPPAGE not in av:
                continue
            self._bench_keys[s] = None
            for i in range(len(av)):
                if av[i] == OUT_STOPPAGE and i not in self.lineup[s]:
                    av[i] = AVAILABLE
                elif av[i] == OUT_THIS_STOPPAGE:
                    av[i] = OUT_STOPPAGE  # hurt on the play that stopped it: out until the next one

    # ------------------------------------------------------------------ output
    def box_score(self) -> BoxScore:
        self._fold_minutes()
        teams = []
        for s in (HOME, AWAY):
            t = self.teams[s]
            lines = []
            for i, p in enumerate(t.players):
                st = self.stats[s][i]
                row = {c: st[k] for k, c in enumerate(COLS) if c != "sec"}
                row["min"] = round(st[SEC] / 60)
                row["reb"] = st[ORB] + st[DRB]
                lines.append(PlayerLine(p.name, {c: row[c] for c in BOX_COLS}))
            teams.append(TeamBox(t.name, self.pts[s], lines, {"tov": self.team_tov[s]}))
        return BoxScore("fourthstreet", list(BOX_COLS), teams)

    def scoreboard(self) -> str:
        per = f"Q{self.period}" if self.period <= 4 else f"OT{self.period - 4}"
        return (f"{self.teams[AWAY].abbr} {self.pts[AWAY]} - {self.teams[HOME].abbr} {self.pts[HOME]}  {per} "
                f"{_clock(self.clock)}  shot clock {self.shot_clock}  ball: {self.teams[self.off].abbr}  "
                f"team fouls {self.team_fouls[AWAY]}-{self.team_fouls[HOME]}  timeouts {self.timeouts[AWAY]}-{self.timeouts[HOME]}")
