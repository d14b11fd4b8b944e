"""Value Add Basketball rules engine (plain Python, no Gymnasium).

Section names in comments are the headings of ``value-add-basketball-instructions.txt``; every
interpretation is written up in ``docs/rules/value-add-basketball.md``.

Order of the dice of one roll (what a ScriptedSource must hand out): ``d8 ballhandler``,
``d6 tens``, ``d6 ones``, ``d20 offensive card`` (the 20-sided die is skipped on an intentional
foul: "Roll only 3 dice"). A free throw is one ``d20 free throw``; the Rebound Chart is
``d20 rebound chart`` then ``d6 rebound``. "Roll 8-sided die first" rolls ``d8 ballhandler`` alone,
then ``d6 tens``, ``d6 ones``, ``d20 offensive card`` if the player shoots.

The engine is split by rule area, one mixin module each (every module opens with the sections it
serves): :mod:`.rotation` (reserves, extra numbers, dunk range), :mod:`.possessions` (the flow of
possessions and the in-possession choices), :mod:`.menus` (the menus before a possession),
:mod:`.roll` (the four dice), :mod:`.defense` (steals, blocks, team defense, the stop range),
:mod:`.shooting` (the 20-sided die, made and missed shots), :mod:`.fouls` (fouls, free throws),
:mod:`.rebounding` (the Rebound Chart); :mod:`.state` holds the statistics and the per-team state.
This module keeps the helpers every area shares, the views, and saving and restoring.
"""

from __future__ import annotations

from typing import Any

from ...core.boxscore import BoxScore, PlayerLine, TeamBox
from ...core.chance import ChanceSource
from ...core.copying import deep
from ...core.engine import AWAY, HOME, SIDE_NAMES, Engine
from ...core.phases import PhaseDispatch
from . import actions as A
from . import saved
from .cards import PlayerCard, Team
from .copying import CopyingMixin
from .defense import (
    BLOCK_EXTRA_ON_26,
    FAST_BREAK_ODD_ROLLS,
    STEAL_EXTRA_ON_16,
    TEAM_BLOCK_NEEDS,
    TEAM_STEAL_NEEDS,
    DefenseMixin,
)
from .fouls import FoulMixin
from .menus import MenuMixin, _options_id
from .options import ValueAddOptions
from .possessions import PossessionMixin
from .rebounding import ReboundMixin
from .roll import RollMixin
from .rotation import RotationMixin, extra_number_holders
from .scoresheet import BOXES, LAST_NINE_FROM
from .shooting import ShootingMixin, three_point_table
from .state import (
    BLK,
    DECLARATION,
    DREB,
    FGA,
    FGM,
    FTA,
    FTM,
    OREB,
    PF,
    POS,
    POSS,
    PTS,
    STATS,
    STL,
    TOV,
    TPA,
    TPM,
    PossessionContext,
    TeamState,
)

# names coaches, envs and tests import from here (they moved into the rule-area modules)
__all__ = ["ValueAddEngine", "TeamState", "STATS", "POS", "POSS", "PTS", "FGM", "FGA", "TPM", "TPA", "FTM", "FTA",
           "OREB", "DREB", "STL", "BLK", "TOV", "PF", "three_point_table", "extra_number_holders", "STEAL_EXTRA_ON_16",
           "BLOCK_EXTRA_ON_26", "TEAM_STEAL_NEEDS", "TEAM_BLOCK_NEEDS", "FAST_BREAK_ODD_ROLLS"]


class ValueAddEngine(RotationMixin, PossessionMixin, MenuMixin, RollMixin, DefenseMixin, ShootingMixin, FoulMixin,
                     ReboundMixin, CopyingMixin, PhaseDispatch, Engine):
    """One game of Value Add Basketball between a home and an away team."""

    ruleset = "valueadd"
    version = 2  # 2: option missed_two_free_throws (issue 15)
    actions = A.ACTIONS
    decision_kinds = ("defense_menu", "offense_menu", "replace_fouled_out", "d8_choice", "fast_break", "stick_back", "dunk_choice",
                      "choose_dunker", "choose_stop_rebounder", "choose_rebounder")

    def __init__(self, home: Team, away: Team, source: ChanceSource | None = None, *,
                 options: ValueAddOptions | None = None, record_events: bool = True):
        super().__init__(source, record_events=record_events)
        self.recording = record_events  # build event text only when events are recorded
        self.options = options or ValueAddOptions()
        self._options_id = _options_id(self.options)
        self.teams: list[Team] = [home, away]
        # the state declared in state.py (DECLARATION: each field's meaning, saved values and copy)
        self.team_state: list[TeamState] = [TeamState(len(home.players)), TeamState(len(away.players))]
        self.period = 0
        self.box = BOXES
        self.half = 0  # ("Recording the last 9 possessions above the diagonal line")
        self.turn = 0
        self.extra_box = False
        self.phase = "start"
        self.ctx: PossessionContext = {}  # (state.py: each key's meaning)
        self.next_fast_break: int | None = None
        self.menu_changes = 0
        self._build_tables()
        for side in (HOME, AWAY):
            self._setup_team(side)
        self.event("tip", None, f"{away.name} at {home.name}: 44 possessions to play, score 20-20 "
                   f"(rotation option {self.options.rotation})")
        self.start()

    @property
    def score(self) -> tuple[int, int]:
        return self.team_state[HOME].points, self.team_state[AWAY].points

    @property
    def turn(self) -> int:
        """0: the away team's possession of the half-box, 1: the home team's."""
        return self._turn

    @turn.setter
    def turn(self, value: int) -> None:
        self._turn = value
        self.offense = AWAY if value == 0 else HOME  # the side with the ball (a plain attribute: read often)

    def card(self, side: int, slot: int) -> PlayerCard:
        return self.teams[side].players[self.team_state[side].lineup[slot]]

    def pname(self, side: int, slot: int) -> str:
        return f"{self.teams[side].players[self.team_state[side].lineup[slot]].name} ({POS[slot]})"

    def fatigue(self, side: int, slot: int) -> int:
        """Stamina penalty of the player in ``slot``: 0, 1 once tired, 2 past double his stamina."""
        if not self._penalties:
            return 0
        ts = self.team_state[side]
        i = ts.lineup[slot]
        played = ts.played[i]
        stamina = self._stamina[side][i]
        if played <= stamina:
            return 0
        return 1 if played <= 2 * stamina else 2

    def defender_of(self, dside: int, oslot: int) -> int:
        """Defensive slot guarding offensive slot ``oslot`` (after switches)."""
        return self.team_state[dside].guards.index(oslot)

    def avoiding(self, side: int, slot: int) -> bool:
        ts = self.team_state[side]
        return ts.avoiding[ts.lineup[slot]]

    def has_point_guard(self, side: int) -> bool:
        """'No Point Guard in Game': the player at the top of the five must be a point guard."""
        return self.card(side, 0).point_guard

    def in_last_nine(self) -> bool:
        return self.period > 0 or self.box <= LAST_NINE_FROM

    def box_label(self) -> str:
        b = f"OT{self.period} box {self.box}" if self.period else f"box {self.box}"
        return b + (" (bottom)" if self.half else "")

    def _stat(self, side: int, slot: int, stat: int, n: int = 1) -> None:
        ts = self.team_state[side]
        ts.stats[ts.lineup[slot]][stat] += n

    def _score(self, side: int, slot: int, pts: int) -> None:
        """Every point scored goes through here: the team's score and the player's PTS."""
        ts = self.team_state[side]
        ts.points += pts
        ts.stats[ts.lineup[slot]][PTS] += pts

    def _player_note(self, side: int, i: int) -> str:
        ts, p = self.team_state[side], self.teams[side].players[i]
        return f"{p.name} ({'/'.join(POS[q - 1] for q in p.positions)}, {ts.fouls[i]} fouls, played {ts.played[i]}/{p.stamina})"

    def describe_action(self, action: int) -> str:
        act = self.actions[action]
        d = self.decision
        side = d.side if d is not None else HOME
        ts = self.team_state[side]
        k = act.kind
        if k == "substitute":
            i, s = act["player"], act["slot"]
            if i < len(self.teams[side].players):
                out = self.teams[side].players[ts.lineup[s]].name
                return f"{self._player_note(side, i)} in at {POS[s]} for {out}"
        if k == "swap_positions":
            a, b = act["a"], act["b"]
            return (f"{self.teams[side].players[ts.lineup[a]].name} to {POS[b]}, "
                    f"{self.teams[side].players[ts.lineup[b]].name} to {POS[a]}")
        if k == "switch_defenders":
            a, b = act["a"], act["b"]
            return (f"switch: {self.pname(side, a)} guards the {POS[ts.guards[b]]}, "
                    f"{self.pname(side, b)} guards the {POS[ts.guards[a]]}")
        if k == "avoid_fouls":
            s = act["slot"]
            return f"{self.pname(side, s)}: {'defend normally' if ts.avoiding[ts.lineup[s]] else 'avoid fouls'}"
        if k == "three_point_mode":
            return "stop attempting 3-pointers" if ts.three_mode else "attempt 3-pointers"
        if k == "choose_player":
            return f"choose {self.pname(side, act['slot'])}"
        return act.label

    def box_score(self) -> BoxScore:
        teams = []
        for side in (HOME, AWAY):
            team, ts = self.teams[side], self.team_state[side]
            players = [PlayerLine(p.name, dict(zip(STATS, ts.stats[i]))) for i, p in enumerate(team.players)]
            for line in players:
                line.stats["REB"] = line.stats["OREB"] + line.stats["DREB"]
            teams.append(TeamBox(team.name, ts.points, players, {"TO": ts.team_turnovers}))
        return BoxScore(self.ruleset, list(STATS[:10]) + ["REB"] + list(STATS[10:]), teams)

    def scoreboard(self) -> str:
        lines = [f"{self.teams[AWAY].name} {self.team_state[AWAY].points}  at  {self.teams[HOME].name} {self.team_state[HOME].points}"
                 f"   {self.box_label()}{'  FINAL' if self.over else ''}"]
        for side in (AWAY, HOME):
            ts = self.team_state[side]
            flags = []
            if ts.three_mode:
                flags.append("attempting 3-pointers")
            if not self.has_point_guard(side):
                flags.append("NO POINT GUARD")
            lines.append(f"{self.teams[side].name} ({SIDE_NAMES[side]}){': ' + ', '.join(flags) if flags else ''}")
            for slot, i in enumerate(ts.lineup):
                p = self.teams[side].players[i]
                tired = self.fatigue(side, slot)
                num = [str(6 + n) for n in range(3) if ts.holders[n] == slot]
                lines.append(
                    f"  {POS[slot]:<2} {p.name:<24} {ts.stats[i][PTS]:>3} pts  {ts.fouls[i]} fouls  played {ts.played[i]:>2}/{p.stamina:<2}"
                    f"{'  TIRED' if tired == 1 else '  EXHAUSTED' if tired == 2 else ''}"
                    f"{'  gets ' + ','.join(num) if num else ''}{'  (20)' if ts.bonus20[slot] else ''}"
                    f"{'  avoiding fouls' if ts.avoiding[i] else ''}"
                    f"  guards {POS[ts.guards[slot]]}"
                )
            bench = [i for i in range(len(ts.fouls)) if i not in ts.lineup]
            if bench:
                lines.append("  bench: " + "; ".join(
                    f"#{i + 1} {self.teams[side].players[i].name} {ts.fouls[i]}f {ts.played[i]}/{self.teams[side].players[i].stamina}"
                    + (" OUT" if ts.fouls[i] >= self.options.foul_limit else "") for i in bench))
        return "\n".join(lines)

    def _state_to_dict(self) -> dict[str, Any]:
        return {
            "teams": [t.to_file_dict() for t in self.teams],  # team files: restored through parse_team
            "options": self.options.to_dict(),
            **DECLARATION.save(self),  # every declared field (state.py)
        }

    check_saved_state = staticmethod(saved.check_state)  # every field checked before _state_from_dict

    @classmethod
    def upgrade_saved(cls, data: Any) -> Any:
        """A saved game with the keys of renamed fields (``ts``) under their names now."""
        if isinstance(data, dict) and isinstance(data.get("state"), dict):
            data = {**data, "state": DECLARATION.upgrade(dict(data["state"]))}
        return data

    def _state_from_dict(self, d: dict[str, Any]) -> None:
        d = DECLARATION.upgrade(dict(d))  # (a save from before a field was renamed)
        self.teams = saved.restore_teams(d)
        self.options = ValueAddOptions(**d["options"])
        self._options_id = _options_id(self.options)
        self.recording = self.log.record
        DECLARATION.restore(self, d)
        self.ctx = deep(self.ctx)  # the game's own context, never the caller's dict
        self._build_tables()
        for side in (HOME, AWAY):
            self._assign_numbers(side)
