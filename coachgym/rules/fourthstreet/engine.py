"""4th Street Basketball rules engine: a state machine over :class:`coachgym.core.engine.Engine`.

Phases (``self.phase``, dispatched by :mod:`coachgym.core.phases`: ``_phase_NAME`` plays on, a
coach's choice is applied by ``_choose_KIND`` of its decision kind, and a forced replacement comes
ahead of any phase through ``_interrupt``): ``pregame`` (lineup changes, then the opening or overtime
jump ball), ``poss`` (dead-ball lineup changes, the offense's call, the defense's call, then the setup
play), ``play`` (a regular play by the ball handler), ``rebound``, ``loose`` (loose ball after a
block), ``ft`` (free throws), ``hold`` (milking the clock), ``endperiod``, ``over``.

Dice: red = visitor (AWAY) team die, blue = home team die, orange and black cross-reference
cards and grids (black = row, orange = column), white identifies players. Every request names its
die: ``"red"``, ``"blue"``, ``"orange"``, ``"black"``, ``"white"`` (plus a word on its use).

The engine is split by rule area, one mixin module each (every module opens with the sections it
serves): :mod:`.clock` (game and shot clock, periods), :mod:`.lineups` (substitutions, fatigue,
injuries), :mod:`.calls` (the coaches' calls and applying them), :mod:`.setups` (jump balls, setup
plays, press, milking the clock), :mod:`.play` (a regular play and its card results),
:mod:`.rebounding` (rebounds, loose balls), :mod:`.fouls` (fouls, bonus, free throws);
:mod:`.constants` holds the box-score columns and dice names. This module keeps the state, the
helpers every area shares, saving and restoring, and the box score.
"""

from __future__ import annotations

from math import trunc as _trunc
from typing import Any, Callable

from ...core.boxscore import BoxScore, PlayerLine, TeamBox
from ...core.chance import ChanceSource, SeededSource
from ...core.engine import AWAY, HOME, Engine
from ...core.phases import PhaseDispatch
from . import actions as A
from . import saved
from .calls import CallMixin
from .cards import Player, Team, parse_team
from .clock import ClockMixin
from .constants import *  # noqa: F401,F403 - re-exported: coaches, envs and tests import them from here
from .constants import (
    AST,
    AVAILABLE,
    BOX_COLS,
    COLS,
    DRB,
    FGA,
    FGM,
    ORB,
    PTS,
    SEC,
    SHOT_CLOCK,
    TOV,
    TPA,
    TPM,
    _clock,
)
from .copying import CopyingMixin
from .court import SEASON
from .fouls import FoulMixin
from .lineups import LineupMixin
from .options import FourthStreetOptions
from .play import PlayMixin
from .rebounding import ReboundMixin
from .setups import SetupMixin


class FourthStreetEngine(ClockMixin, LineupMixin, CallMixin, SetupMixin, PlayMixin, ReboundMixin, FoulMixin, CopyingMixin,
                         PhaseDispatch, Engine):
    ruleset = "fourthstreet"
    # 2: the bundled fictional cards rebuilt with the card builder's calibration 2 against the 1979-80
    # NBA (docs/realism.md); the rules and the save format are unchanged; 3: the Injury Chart's printed
    # -3 row ("Roll 2 dice", the text's last line) instead of 4 dice (issue 23)
    version = 3
    actions = A.ACTIONS
    decision_kinds = ("lineup", "replace", "jumper", "offense", "defense", "helper", "free_throw", "token", "hold")
    check_saved_state = staticmethod(saved.check_state)  # every field checked before _state_from_dict (saved.py)

    def __init__(self, home: Team, away: Team, source: ChanceSource | None = None, *,
                 options: FourthStreetOptions | None = None, record_events: bool = True) -> None:
        super().__init__(source, record_events=record_events)
        self.options = options if options is not None else FourthStreetOptions()
        self.teams = [home, away]
        self._init_state()
        self.start()

    def _init_state(self) -> None:
        self.period = 1
        self.clock = SEASON["period_minutes"] * 60
        self.shot_clock = SEASON["shot_clock"]
        self.pts = [0, 0]
        self.off = HOME
        self.phase = "pregame"
        self.ctx: saved.PlayContext = {}
        self.lineup = [list(t.lineup) for t in self.teams]
        n = [len(t.players) for t in self.teams]
        self.stats = [[[0] * len(COLS) for _ in range(n[s])] for s in (0, 1)]
        self.availability = [[AVAILABLE] * n[s] for s in (0, 1)]
        self._prior_injuries()
        # consecutive seconds on the court (Optional Rules, Fatigue): for a player on the court,
        # _stint_counted plus the game seconds since stint_mark (see the stint property and _fold_stint)
        self._stint_counted = [[0] * n[s] for s in (0, 1)]
        self.stint_mark = 0
        self.fatigue_points = [[0] * n[s] for s in (0, 1)]
        self.game_seconds = 0  # game seconds played (all periods)
        self.seconds_counted_at = [[0] * n[s] for s in (0, 1)]  # game_seconds up to which each player's SEC is counted
        self.rest_clock = 0  # game seconds plus rest credits (timeouts, breaks)
        self.benched = [[-10 ** 6] * n[s] for s in (0, 1)]  # rest clock when each player last left the court
        self.rest_needed = [[0] * n[s] for s in (0, 1)]  # rest to be fully rested, set when benched
        self.safe = [[False] * n[s] for s in (0, 1)]
        self.played = [[i in self.lineup[s] for i in range(n[s])] for s in (0, 1)]
        self.team_fouls = [0, 0]
        self.late_fouls = [0, 0]
        self.team_tov = [0, 0]
        self.timeouts = [SEASON["timeouts_per_game"]] * 2
        self.defense_mode = ["man", "man"]  # defense of each side when defending
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
        self.injuries: list[dict[str, Any]] = []
        self._bench_keys: list[tuple[int, ...] | None] = [None, None]  # _sub_key's bench tuples (not saved: derived)

    _FIELDS = saved.DECLARATION.names  # what a save holds besides teams and options (declared in saved.py)

    def _state_to_dict(self) -> dict[str, Any]:
        import copy
        d = {k: copy.deepcopy(getattr(self, k)) for k in self._FIELDS}
        # playing time as saved: brought up to date in the copy, never in the game (reading a game must not
        # change it); the marks of the men on the court at game_seconds, a bench man's mark 0 (never read:
        # it is set again when he comes in), so a save does not depend on when the game was last read
        now = self.game_seconds
        marks = d["seconds_counted_at"]
        for s in (HOME, AWAY):
            on = self.lineup[s]
            for i in on:
                d["stats"][s][i][SEC] += now - self.seconds_counted_at[s][i]
            marks[s] = [now if i in on else 0 for i in range(len(marks[s]))]
        d["teams"] = [t.raw for t in self.teams]
        d["options"] = {k: getattr(self.options, k) for k in self.options.__dataclass_fields__}
        return d

    def _state_from_dict(self, data: dict[str, Any]) -> None:
        import copy
        data = copy.deepcopy(saved.migrate(data))  # the game mutates its lists in place: never the caller's dict
        self.options = FourthStreetOptions(**data["options"])
        self.teams = [parse_team(t, f"saved game team {i}") for i, t in enumerate(data["teams"])]
        for k in self._FIELDS:
            if k == "game_seconds" and k not in data:  # saves from before the lazy minutes (folded)
                self.game_seconds, self.seconds_counted_at = 0, [[0] * len(st) for st in data["stats"]]
            elif k == "tokens" and k not in data:
                self.tokens = [[-1] * 5, [-1] * 5]
            elif k != "seconds_counted_at" or k in data:
                setattr(self, k, data[k])
        self._bench_keys = [None, None]
        self.stint_mark = self.game_seconds  # the saved stint is up to date (folded when saved)

    @property
    def score(self) -> tuple[int, int]:
        return self.pts[0], self.pts[1]

    def player(self, side: int, slot: int) -> Player:
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

    def _ev(self, kind: str, side: int | None, text: str | Callable[[], str], **data: Any) -> None:
        """Log an event; ``text`` may be a callable, formatted only when events are recorded."""
        if self.log.record:
            if callable(text):
                text = text()
            self.log.add(kind, side, f"[Q{self.period} {_clock(self.clock)}] {text}", **data)
        else:
            self.log.count += 1

    def _stat(self, side: int, slot: int, col: int, n: int = 1) -> None:
        self.stats[side][self.lineup[side][slot]][col] += n

    def _highest(self, side: int, attr: str, exclude: tuple[int, ...] = ()) -> int:
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

    def _score(self, side: int, slot: int, pts: int, three: bool, passer: int, white: int) -> None:
        self.pts[side] += pts
        st = self.stats[side][self.lineup[side][slot]]
        st[PTS] += pts
        st[FGM] += 1
        st[FGA] += 1
        if three:
            st[TPM] += 1
            st[TPA] += 1
        if self.options.assists:
            if passer >= 0 and passer != slot:
                self._stat(side, passer, AST)
            elif self.options.assist_makeup and white == 1:
                a = self._highest(side, "ast", (slot,))
                self._stat(side, a, AST)

    def _change(self, to_side: int, outlet: int = -1) -> None:
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

    def _turnover(self, side: int, slot: int | None, text: str, dead: bool = True) -> None:
        if slot is None:
            self.team_tov[side] += 1
        else:
            self._stat(side, slot, TOV)
        self._ev("turnover", side, text)
        if dead:
            self.dead = True
        self._change(1 - side)

    def _sc(self) -> str:
        return f"({self.teams[AWAY].abbr} {self.pts[AWAY]}, {self.teams[HOME].abbr} {self.pts[HOME]})"

    def box_score(self) -> BoxScore:
        teams = []
        for s in (HOME, AWAY):
            t = self.teams[s]
            lines = []
            for i, p in enumerate(t.players):
                st = self.stats[s][i]
                row = {c: st[k] for k, c in enumerate(COLS) if c != "sec"}
                row["min"] = round(self.seconds_played(s, i) / 60)
                row["reb"] = st[ORB] + st[DRB]
                lines.append(PlayerLine(p.name, {c: row[c] for c in BOX_COLS}))
            teams.append(TeamBox(t.name, self.pts[s], lines, {"tov": self.team_tov[s]}))
        return BoxScore("fourthstreet", list(BOX_COLS), teams)

    def scoreboard(self) -> str:
        per = f"Q{self.period}" if self.period <= 4 else f"OT{self.period - 4}"
        return (f"{self.teams[AWAY].abbr} {self.pts[AWAY]} - {self.teams[HOME].abbr} {self.pts[HOME]}  {per} "
                f"{_clock(self.clock)}  shot clock {self.shot_clock}  ball: {self.teams[self.off].abbr}  "
                f"team fouls {self.team_fouls[AWAY]}-{self.team_fouls[HOME]}  timeouts {self.timeouts[AWAY]}-{self.timeouts[HOME]}")
