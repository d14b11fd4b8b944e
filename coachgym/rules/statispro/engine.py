"""The Statis Pro Basketball rules engine: a state machine over the Fast Action Card deck.

``phase`` names what happens next; ``ctx`` holds that phase's context (plain JSON types), so a
game serializes between any two decisions. Rule numbers (1993 rules unless "2015") are cited at
each rule; reconstructions and interpretations are listed in docs/rules/statis-pro-basketball.md.
"""

from __future__ import annotations

import itertools
from typing import Any, cast

from ...core.boxscore import BoxScore, PlayerLine, TeamBox
from ...core.chance import ChanceSource
from ...core.engine import AWAY, HOME, Engine
from ...core.phases import PhaseDispatch, table
from . import cards as K
from . import saved
from .actions import ACTIONS
from .clock import ClockMixin
from .constants import *  # noqa: F401,F403 - re-exported: coaches, envs and tests import them from here
from .constants import (
    BOX_COLUMNS,
    DRB,
    INJURED_OUT,
    OK,
    ORB,
    PH_PERIOD,
    STAT_NAMES,
)
from .conversion import before_three_point_line
from .copying import CopyingMixin
from .decisions import DecisionMixin
from .fouls import FoulMixin
from .menus import MenuMixin
from .options import StatisProOptions
from .play import PlayMixin
from .rebounding import ReboundMixin
from .shooting import ShootingMixin
from .state import TeamState
from .teams import PlayerCard, Team, parse_team
from .zreadings import ZReadingMixin

_GAME_IDS = itertools.count(1)


class StatisProEngine(ClockMixin, MenuMixin, PlayMixin, ShootingMixin, ReboundMixin, FoulMixin, ZReadingMixin,
                      DecisionMixin, CopyingMixin, PhaseDispatch, Engine):
    ruleset = "statispro"
    # 2: the deck and fictional cards calibrated against 1992-93 (docs/realism.md); 3: 2015 6.6's fresh
    # 14-second clock, declining an Open Shot (4.4 / 14G), Base-8 cards (17.1-17.4), 17.5, FIBA 20.7;
    # 4: 14O's heave only after the opponents lost the ball on the last FAC to a JUMP TO or PRESS result;
    # 5: 5.5's Double Team helper is another man than the target's PD (the legal set only);
    # 6: 5.1 an Open Shot receiver with a Pass # within his ATTEMPTS must shoot outside its exceptions,
    # rule option expanded_attempts (14G "may"; on as before) (issue 23)
    version = 6
    actions = ACTIONS
    decision_kinds = ("menu", "press", "ballhandler", "three_or_two", "pass_to", "fast_break", "stop_clock",
                      "free_throw", "freeze", "index", "choose", "choose_player")
    CONTINUATIONS: dict[str, Any] = {}  # 6.1's @continuation(NAME) methods (_after_NAME) by NAME (set below the class)
    check_saved_state = staticmethod(saved.check_state)  # every field checked before _state_from_dict (saved.py)

    def __init__(self, home: Team, away: Team, source: ChanceSource | None = None, *, options: StatisProOptions | None = None,
                 record_events: bool = True):
        super().__init__(source, record_events=record_events)
        self.options = options or StatisProOptions()
        self.teams = [self._prepare_roster(t, self.options.expanded_attempts) for t in (home, away)]
        self._setup()
        for side in (HOME, AWAY):
            ts = self.team_state[side]
            for name in self.teams[side].injured:
                i = [p.name for p in self.teams[side].players].index(name)
                ts.status[i] = INJURED_OUT
                ts.inj_until[i] = 99
        self.start()


    # ================================================================== setup
    def _setup(self) -> None:
        o = self.options
        college = o.league in ("ncaa", "fiba")
        self.clock = K.CLOCK["college" if college else "nba"]
        self.pass_limit = 4 if o.league == "ncaa" else 3
        # 17.5: a team of a season before 1979-80 in the game: no three-point shot for either team
        self.no_threes = any(before_three_point_line(t.season) for t in self.teams)
        self.foul_out = 5 if college else 6
        self.period = 0
        self.fac: list[K.Card] = []
        self.dead: list[K.Card] = []
        self.discard: list[K.Card] = []
        self.dead_from_discard = False  # 8.3 rebuilt the Dead Ball Deck from the discard pile
        self.two_min = False
        self.eleven = False
        self.team_state = [TeamState(t.lineup, len(t.players)) for t in self.teams]  # home, away (state.py)
        self.rp_grace = False
        self.removal_pending = True  # someone in a lineup may have to leave (checked, then cleared)
        self.rest_period = 0  # the Rest Period of the quarter: 0 start-5:00, 1 5:00-9:00, 2 9:00-end (14A)
        self.great_night = [-1, -1]  # side, roster index
        self.tip_in = False
        self.injury_done = False
        self.inj_wait: list[int] = []  # 14G: [side, roster index, until] of an injured defender still in play
        self.missed_games: list[list[int]] = []
        # 16 Index Points: only the better team keeps the difference (max 12)
        h, a = self.teams[HOME].home_index, self.teams[AWAY].road_index
        if o.index_points:
            if h > a:
                self.team_state[HOME].index = min(12, h - a)
            elif a > h:
                self.team_state[AWAY].index = min(12, a - h)
        for ts in self.team_state:
            ts.index_start = ts.index
        self.opening = -1  # winner of the opening jump (3.4)
        self.arrow = -1  # NCAA/FIBA alternating possession (19.3, 20.3)
        # possession
        self.off = HOME
        self.ballhandler = -1  # slot of the offense's Ballhandler (-1: none yet)
        self.prev_ballhandler = -1  # slot of the Ballhandler before the last pass (-1: none)
        self.passes = 0
        self.limit = self.pass_limit
        self.ext_used = False
        self.assist_from = -1  # slot of a Ballhandler who qualified for an Assist (4.4)
        self.open_from = -1  # slot of the passer who set up the current Ballhandler's Open Shot
        self.pass_no = 0
        self.assist_no = 0
        self.via = ""
        self.press_next = False
        self.from_dead = False  # 8.41: next ACTION/PRESS from the Dead Ball Deck
        self.last_fac_heave = 0
        self.last_shot_used = False
        self.phase = PH_PERIOD
        self.ctx: saved.PlayContext = {}
        self.menu: dict[str, Any] = {}
        self._eff: list[list[Any] | None] = [None, None]
        self._eff_rows: dict[Any, list[Any]] = {}  # eff's rows by everything they depend on (rows are never changed)
        self._bench_cache: list[tuple[int, Any, Any] | None] = [None, None]  # menus: (rev, bench, substitutions) per team
        self.rev = [0, 0]  # per team: bumped by every change of lineups, ratings, fatigue, rest or status
        self.uid = next(_GAME_IDS)  # tells coaches' caches apart from other games

    # ================================================================== ratings
    def _dirty(self, side: int | None = None) -> None:
        """Ratings or lineups changed: drop the cached effective ratings; ``rev`` tells coaches that
        a team's lineup, ratings, fatigue, rest or status may have changed (coaches and menus cache on it)."""
        if side is None:
            self._eff = [None, None]
            self.rev[0] += 1
            self.rev[1] += 1
        else:
            self._eff[side] = None
            self.rev[side] += 1

    def eff(self, side: int) -> list[Any]:
        """Effective ratings of the five players in play (3.2 out of position, 5.4 fatigue, 14G
        injury, 14I Great Night, 4.61-4.62 Three Point Offense / Defense)."""
        e = self._eff[side]
        if e is not None:
            return e
        players = self.teams[side].players
        ts = self.team_state[side]
        fiba = self.options.league == "fiba"
        lineup, guard, status = ts.lineup, ts.guard, ts.status
        tired_l, mrest, injured = ts.tired, ts.mandatory_rest, ts.injured
        gn = self.great_night[1] if self.great_night[0] == side else -1
        tpo, tpd = bool(ts.three_point_offense), bool(self.team_state[1 - side].three_point_defense)
        rows = self._eff_rows  # one player's row by everything it depends on (rows are never changed)
        out = []
        for slot in range(5):
            i = lineup[slot]
            if fiba and status[i] != OK:  # 20.7: nobody at this position (plays with four)
                out.append([0, 0, 0, 0, 0, 0, 0, 0.0, 0, 0, 0, 0, False])
                continue
            p = players[i]
            pos = p.positions
            in_pos = slot in pos and guard[slot] in pos
            tired = tired_l[i] or mrest[i]
            key = (side, i, in_pos, tired, injured[i], i == gn, tpo, tpd)
            row = rows.get(key)
            if row is None:
                row = rows[key] = self._eff_row(p, in_pos, tired, injured[i], i == gn, tpo, tpd)
            out.append(row)
        self._eff[side] = out
        return out

    @staticmethod
    def _eff_row(p: PlayerCard, in_pos: bool, tired: bool, injured: bool, great_night: bool, tpo: bool, tpd: bool) -> list[Any]:
        """One player's effective ratings (see ``eff``)."""
        fg, att, tatt, three, ft = p.field_goal, p.attempts, p.three_point_attempts, p.three_point, p.free_throw
        rebo = rebd = p.rebound
        blk, ast, stl, dr = p.block, p.assist, p.steal, p.defense
        if not in_pos:
            dr, rebd, blk, stl = int(dr / 2), rebd // 2, blk // 2, stl // 2  # 3.2: halved, fractions dropped
        if tired:  # 5.4
            dr = 0
            rebo, rebd, blk, ast, stl, att, tatt = rebo // 2, rebd // 2, blk // 2, ast // 2, stl // 2, att // 2, tatt // 2
        if injured:  # 14G: ratings two worse
            fg, att, three, ft = fg - 2, max(0, att - 2), three - 2, ft - 2
            tatt = max(0, tatt - 2) if tatt else 0
            rebo, rebd, blk, ast, stl, dr = max(0, rebo - 2), max(0, rebd - 2), max(0, blk - 2), max(0, ast - 2), max(0, stl - 2), dr + 2
        if great_night:  # 14I
            att, tatt = att * 2, tatt * 2
        if tpo and tatt:  # 4.61 / 4.62
            tatt *= 2 if tpd else 3
        if tpo and tpd:
            three, fg, ast = three - 5, fg + 5, ast + 5
        return [fg, att, tatt, three, ft, rebo, rebd, p.foul_drawing, blk, ast, stl, dr, tired]

    def pd_slot(self, off_side: int, off_slot: int) -> int:
        """The defender (slot) who is the PD of the offensive player at ``off_slot`` (3.2, 6.6)."""
        g = self.team_state[1 - off_side].guard
        for d in range(5):
            if g[d] == off_slot:
                return d
        return off_slot

    def player(self, side: int, slot: int) -> PlayerCard:
        return self.teams[side].players[self.team_state[side].lineup[slot]]

    def pname(self, side: int, slot: int) -> str:
        return self.teams[side].players[self.team_state[side].lineup[slot]].name

    def _st(self, side: int, slot: int) -> list[int]:
        ts = self.team_state[side]
        return ts.stats[ts.lineup[slot]]

    # ================================================================== where the rules live
    # clock.py      3.1, 5.4 Rest Periods, 8.1-8.3, 14O        menus.py     3.2-3.3, 4.2, 4.61-4.62, 5.5, 6.6, 8.4-8.5
    # play.py       4.1-4.6, 5.1-5.3, 7.1, 8.7, 9, 11, 13, 15 shooting.py  4.4-4.5, 5.3, 7.2, 8.6, 12
    # rebounding.py 4.7, 10 (10A Fast Break), 14N             fouls.py     6.1-6.7, 12E, 14D free throws
    # zreadings.py  14A-14O, 15F, 14G prior injuries          decisions.py 16A-16D, pending in-play decisions

    # ================================================================== main loop
    # PhaseDispatch's own _next_decision and _apply (coachgym/core/phases.py), no exceptions and no
    # flag: a play stops in the middle of a FAC when the FAC pile runs out (8.1: ``_draw`` returns None
    # after ClockMixin's ``_end_period``) or a coach must choose (the phase set to PH_WAIT, e.g. 6.1's
    # FD tie, 14A, 14G, 14I). A function that can stop a play says so in its result, ``STOP``
    # (constants.Stop, in its annotation), and each caller on the way back to the phase or choice
    # returns at once (``if c is None: return`` after a draw, ``if r is STOP: return`` after a call
    # that can stop), so none of its remaining code runs.

    # ================================================================== save / restore
    _STATE = saved.DECLARATION.names  # what a save holds besides teams, options and card piles (saved.py)

    def _state_to_dict(self) -> dict[str, Any]:
        d = saved.DECLARATION.save(self)
        d["fac"] = [c.key for c in self.fac]
        d["dead"] = [c.key for c in self.dead]
        d["discard"] = [c.key for c in self.discard]
        d["teams"] = [t.to_dict() for t in self.teams]
        d["options"] = self.options.to_dict()
        return d

    def _state_from_dict(self, d: dict[str, Any]) -> None:
        d = saved.migrate_state(d)  # saves from before the fields' names said what they hold
        self.options = StatisProOptions(**d["options"])
        self.teams = [parse_team(t, "saved game") for t in d["teams"]]  # rosters as prepared (14G)
        self._setup()
        saved.DECLARATION.restore(self, d)  # (a field older saves lack keeps its default)
        self.menu = self._fix_menu(self.menu)
        self.ctx = self._fix_ctx(self.ctx)
        self.fac = [K.BY_KEY[k] for k in d["fac"]]
        self.dead = [K.BY_KEY[k] for k in d["dead"]]
        self.discard = [K.BY_KEY[k] for k in d["discard"]]
        self._eff = [None, None]
        self.removal_pending = True

    @staticmethod
    def _fix_ctx(ctx: saved.PlayContext) -> saved.PlayContext:
        """The saved context as the engine holds it: the pending decision a tuple again (JSON saved a list)."""
        if "decision" in ctx and isinstance(ctx["decision"], list):  # (a new dict: the saved one stays as it was)
            ctx = cast(saved.PlayContext, {**ctx, "decision": tuple(ctx["decision"])})
        return ctx

    @staticmethod
    def _fix_menu(menu: dict[str, Any]) -> dict[str, Any]:
        return menu

    # ================================================================== reporting
    @property
    def score(self) -> tuple[int, int]:
        return (self.team_state[0].pts, self.team_state[1].pts)

    def box_score(self) -> BoxScore:
        teams = []
        for side in (HOME, AWAY):
            ts = self.team_state[side]
            players = []
            for i, p in enumerate(self.teams[side].players):
                st = ts.stats[i]
                row = {STAT_NAMES[k]: st[k] for k in range(len(STAT_NAMES)) if STAT_NAMES[k] != "T"}
                row["REB"] = st[ORB] + st[DRB]
                players.append(PlayerLine(p.name, row))
            teams.append(TeamBox(self.teams[side].name, ts.pts, players,
                                 {"TEAM_REB": ts.team_reb, "TEAM_TO": ts.team_tov, "POSS": ts.poss}))
        return BoxScore("statispro", list(BOX_COLUMNS), teams)

    def scoreboard(self) -> str:
        q = f"OT{self.period - 4}" if self.period > 4 else f"Q{self.period}"
        home, away = self.team_state
        return (f"{self.teams[AWAY].name} {away.pts} at {self.teams[HOME].name} {home.pts} - "
                f"{q}, {len(self.fac)} FAC left{' (final 2:00)' if self.two_min else ''}; "
                f"team fouls {home.team_fouls}-{away.team_fouls}; ball: {self.teams[self.off].name}")


# 6.1: what a foul continues with once the home coach has named the player among equal FOUL DRAWING
# numbers (ctx["cont"]): the ``_after_NAME`` methods by NAME, built once from the method names (as
# PhaseDispatch builds its tables; ``_after_copy`` is the clone hook, not a foul)
StatisProEngine.CONTINUATIONS = table(StatisProEngine, "continuation")  # the @continuation(NAME) methods
