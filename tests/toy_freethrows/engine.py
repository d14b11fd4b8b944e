"""A free-throw shooting contest: the tests' toy ruleset (one coaching decision).

Two teams of three shooters take turns, home first, for ``rounds`` rounds; before each shot the
shooting team's coach chooses the shooter (the one decision, ``shooter``). A shot is made when a
20-sided die shows at most the shooter's ``ft`` rating, less ``tired_penalty`` when he also took his
team's previous shot. Level after the rounds: sudden-death rounds, at most ``sudden_death`` of them,
then a draw. The state is declared once (:data:`STATE`): save, check and clone derive from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from coachgym.core.actions import ActionTable
from coachgym.core.boxscore import BoxScore, PlayerLine, TeamBox
from coachgym.core.engine import AWAY, HOME, Decision, Engine
from coachgym.core.errors import ConfigError, TeamFileError
from coachgym.core.parsing import team_file_header
from coachgym.core.phases import OVER, PhaseDispatch, choice, phase
from coachgym.core.savecheck import Int, PerPlayer, PerSide, Side, Str, teams_and_options
from coachgym.core.state import Field, StateDeclaration

NAME = "freethrows"  # the ruleset's name: written here once (a copy renames it here)
SCHEMA = "coachgym.toy.freethrows/1"  # its team files' schema
ROSTER = 3
ACTIONS = ActionTable(NAME)
SHOOT = [ACTIONS.add("shooter", f"shoot: roster player #{i + 1}", player=i) for i in range(ROSTER)]
ACTIONS.freeze()


@dataclass(frozen=True)
class FreeThrowOptions:
    # regulation rounds (each team shoots once a round)
    rounds: int = 5
    # how much a shooter's rating drops when he also took his team's previous shot
    tired_penalty: int = 3
    # sudden-death rounds at most, then a draw
    sudden_death: int = 5

    def validate(self, where: str) -> None:
        if not 1 <= self.rounds <= 20:
            raise ConfigError(f"{where}: rounds must be from 1 to 20, got {self.rounds}")
        if not 0 <= self.tired_penalty <= 19 or not 0 <= self.sudden_death <= 20:
            raise ConfigError(f"{where}: tired_penalty 0-19 and sudden_death 0-20")


@dataclass(frozen=True)
class Shooter:
    name: str
    ft: int  # made on a 20-sided roll of at most this


@dataclass(frozen=True)
class Team:
    name: str
    players: tuple[Shooter, ...]
    data: dict

    def to_dict(self) -> dict:
        return self.data


def parse_team(data: Any, path: str) -> Team:
    name, _, _ = team_file_header(data, path, SCHEMA)
    players = data.get("players")
    if not isinstance(players, list) or len(players) != ROSTER:
        raise TeamFileError(path, "players", f"must list {ROSTER} shooters")
    out = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"]:
            raise TeamFileError(path, f"players[{i}].name", "must be a non-empty string")
        ft = p.get("ft")
        if not isinstance(ft, int) or isinstance(ft, bool) or not 1 <= ft <= 20:
            raise TeamFileError(path, f"players[{i}].ft", f"must be an integer from 1 to 20, got {ft!r}")
        out.append(Shooter(p["name"], ft))
    return Team(name, tuple(out), data)


STATE = StateDeclaration(
    Field("round", Int(1, 41), "value", "the round being shot (sudden death after the regulation rounds)"),
    Field("turn", Side, "value", "the side to shoot"),
    Field("pts", PerSide(Int(0, 41)), "flat", "free throws made, per side"),
    Field("made", PerSide(PerPlayer(Int(0, 41))), "rows", "free throws made, per side and shooter"),
    Field("att", PerSide(PerPlayer(Int(0, 41))), "rows", "free throws attempted, per side and shooter"),
    Field("last", PerSide(Int(-1, ROSTER - 1)), "flat", "each side's shooter of its previous shot (-1: none yet)"),
    Field("phase", Str(("shot", OVER)), "value", "what happens next (core.phases): a shot, or the game is over",
          optional=True),
    share=("teams", "options"),
)


class FreeThrowEngine(PhaseDispatch, Engine):
    ruleset = NAME
    version = 1
    actions = ACTIONS
    decision_kinds = ("shooter",)
    clone_plan = STATE.clone_plan()

    def __init__(self, home: Team, away: Team, source=None, *, options: FreeThrowOptions | None = None,
                 record_events: bool = True):
        super().__init__(source, record_events=record_events)
        self.options = options if options is not None else FreeThrowOptions()
        self.teams = [home, away]
        self.round, self.turn = 1, HOME
        self.phase = "shot"
        self.pts = [0, 0]
        self.made = [[0] * ROSTER, [0] * ROSTER]
        self.att = [[0] * ROSTER, [0] * ROSTER]
        self.last = [-1, -1]
        self.start()

    # ------------------------------------------------------------------ the rules
    def rating(self, side: int, player: int) -> int:
        """The shooter's rating now: his ``ft``, less the tired penalty after his team's previous shot."""
        ft = self.teams[side].players[player].ft
        return ft - self.options.tired_penalty if self.last[side] == player else ft

    def _finished(self) -> bool:
        if self.turn != HOME:
            return False
        done = self.round - 1  # rounds complete
        if done < self.options.rounds:
            return False
        return self.pts[HOME] != self.pts[AWAY] or done >= self.options.rounds + self.options.sudden_death

    # one phase and one decision kind (core.phases: _phase_NAME plays on, _choose_KIND applies a choice)
    @phase("shot")
    def _phase_shot(self) -> Decision | None:
        if self._finished():
            if self.log.record:
                self.event("final", None, f"Final: {self.scoreboard()}")
            self.phase = OVER
            return None
        return Decision(self.turn, "shooter", tuple(SHOOT), f"{self.team_name(self.turn)}: who shoots?")

    @choice("shooter")
    def _choose_shooter(self, decision: Decision, action) -> None:
        side, player = decision.side, action["player"]
        need = self.rating(side, player)
        roll = self.source.roll(20, "free throw")
        good = roll <= need
        self.att[side][player] += 1
        if good:
            self.made[side][player] += 1
            self.pts[side] += 1
        self.last[side] = player
        if self.log.record:
            who = self.teams[side].players[player].name
            self.event("free_throw", side, f"round {self.round}: {who} {'makes' if good else 'misses'} "
                       f"(20-sided {roll}, needs {need} or less)", made=good)
        self.turn = 1 - side
        if self.turn == HOME:
            self.round += 1

    # ------------------------------------------------------------------ reading
    @property
    def score(self) -> tuple[int, int]:
        return self.pts[HOME], self.pts[AWAY]

    def box_score(self) -> BoxScore:
        teams = [TeamBox(t.name, self.pts[s], [PlayerLine(p.name, {"FTM": self.made[s][i], "FTA": self.att[s][i]})
                                              for i, p in enumerate(t.players)]) for s, t in enumerate(self.teams)]
        return BoxScore(self.ruleset, ["FTM", "FTA"], teams)

    def scoreboard(self) -> str:
        h, a = self.score
        return f"{self.teams[HOME].name} {h} - {a} {self.teams[AWAY].name} (round {self.round})"

    # ------------------------------------------------------------------ saving
    def _state_to_dict(self) -> dict:
        return {**STATE.save(self), "teams": [t.to_dict() for t in self.teams], "options": vars(self.options)}

    def _state_from_dict(self, data: dict) -> None:
        self.teams = [parse_team(t, f"state.teams[{i}]") for i, t in enumerate(data["teams"])]
        self.options = FreeThrowOptions(**data["options"])
        self.phase = "shot"  # saves from before the phase was declared: _phase_shot finds an ended game
        STATE.restore(self, data)

    @classmethod
    def check_saved_state(cls, state: dict, env) -> None:
        teams_and_options(state, env, parse_team, FreeThrowOptions)
        STATE.check(state, env)
