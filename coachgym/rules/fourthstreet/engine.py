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
from .state import TeamState


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
        self.off = HOME
        self.phase = "pregame"
        self.ctx: saved.PlayContext = {}
        # each team's state (state.TeamState: score, lineup, box score, availability, fatigue and rest,
        # fouls, timeouts, defense and the calls it has made), home then away
        self.team_state = [TeamState(t.lineup, len(t.players)) for t in self.teams]
        self._prior_injuries()
        # consecutive seconds on the court (Optional Rules, Fatigue): for a player on the court, his
        # team's stint_counted plus the game seconds since stint_mark (see the stint property and _fold_stint)
        self.stint_mark = 0
        self.game_seconds = 0  # game seconds played (all periods)
        self.rest_clock = 0  # game seconds plus rest credits (timeouts, breaks)
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
        self.dead = True
        self.replace: list[list[int]] = []  # [side, slot] needing a forced replacement
        self.injuries: list[dict[str, Any]] = []

    _FIELDS = saved.DECLARATION.names  # what a save holds besides teams and options (declared in saved.py)

    def _state_to_dict(self) -> dict[str, Any]:
        if self.game_seconds != self.stint_mark:
            self._fold_stint()  # the stint saved up to date (as the stint property reads it)
        d = saved.DECLARATION.save(self)  # (new lists: the game's are never handed out)
        # playing time as saved: brought up to date in the copy, never in the game (reading a game must not
        # change it); the marks of the men on the court at game_seconds, a bench man's mark 0 (never read:
        # it is set again when he comes in), so a save does not depend on when the game was last read
        now = self.game_seconds
        marks = d["seconds_counted_at"]
        for s in (HOME, AWAY):
            ts = self.team_state[s]
            on = ts.lineup
            for i in on:
                d["stats"][s][i][SEC] += now - ts.seconds_counted_at[i]
            marks[s] = [now if i in on else 0 for i in range(len(marks[s]))]
        d["teams"] = [t.raw for t in self.teams]
        d["options"] = {k: getattr(self.options, k) for k in self.options.__dataclass_fields__}
        return d

    def _state_from_dict(self, data: dict[str, Any]) -> None:
        import copy
        data = copy.deepcopy(saved.migrate(data))  # the game mutates its lists in place: never the caller's dict
        self.options = FourthStreetOptions(**data["options"])
        self.teams = [parse_team(t, f"saved game team {i}") for i, t in enumerate(data["teams"])]
        saved.DECLARATION.restore(self, data)  # (team fields onto new TeamState objects; bench keys None)
        if "game_seconds" not in data:  # saves from before the lazy minutes (folded)
            self.game_seconds = 0
            for ts in self.team_state:
                ts.seconds_counted_at = [0] * len(ts.stats)
        if "tokens" not in data:  # saves from before the custom zone's tokens
            for ts in self.team_state:
                ts.tokens = [-1] * 5
        self.stint_mark = self.game_seconds  # the saved stint is up to date (folded when saved)

    @property
    def score(self) -> tuple[int, int]:
        return self.team_state[0].pts, self.team_state[1].pts

    def player(self, side: int, slot: int) -> Player:
        return self.teams[side].players[self.team_state[side].lineup[slot]]

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
        ts = self.team_state[side]
        ts.stats[ts.lineup[slot]][col] += n

    def _highest(self, side: int, attr: str, exclude: tuple[int, ...] = ()) -> int:
        """Slot of the on-court player with the highest rating ``attr`` (ties: lower slot)."""
        best, bv = -1, -10 ** 9
        players, lu = self.teams[side].players, self.team_state[side].lineup
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
        ts = self.team_state[side]
        ts.pts += pts
        st = ts.stats[ts.lineup[slot]]
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
        home, away = self.team_state
        home.double = away.double = home.helper = away.helper = -1
        self.passer = -1
        self.outlet = outlet
        self.three_pt = False
        self.kicked = False

    def _turnover(self, side: int, slot: int | None, text: str, dead: bool = True) -> None:
        if slot is None:
            self.team_state[side].team_tov += 1
        else:
            self._stat(side, slot, TOV)
        self._ev("turnover", side, text)
        if dead:
            self.dead = True
        self._change(1 - side)

    def _sc(self) -> str:
        return f"({self.teams[AWAY].abbr} {self.team_state[AWAY].pts}, {self.teams[HOME].abbr} {self.team_state[HOME].pts})"

    def box_score(self) -> BoxScore:
        teams = []
        for s in (HOME, AWAY):
            t = self.teams[s]
            lines = []
            ts = self.team_state[s]
            for i, p in enumerate(t.players):
                st = ts.stats[i]
                row = {c: st[k] for k, c in enumerate(COLS) if c != "sec"}
                row["min"] = round(self.seconds_played(s, i) / 60)
                row["reb"] = st[ORB] + st[DRB]
                lines.append(PlayerLine(p.name, {c: row[c] for c in BOX_COLS}))
            teams.append(TeamBox(t.name, ts.pts, lines, {"tov": ts.team_tov}))
        return BoxScore("fourthstreet", list(BOX_COLS), teams)

    def scoreboard(self) -> str:
        per = f"Q{self.period}" if self.period <= 4 else f"OT{self.period - 4}"
        home, away = self.team_state
        return (f"{self.teams[AWAY].abbr} {away.pts} - {self.teams[HOME].abbr} {home.pts}  {per} "
                f"{_clock(self.clock)}  shot clock {self.shot_clock}  ball: {self.teams[self.off].abbr}  "
                f"team fouls {away.team_fouls}-{home.team_fouls}  timeouts {away.timeouts}-{home.timeouts}")
