"""The toy ruleset's parts beyond its engine, registered as ``PARTS`` (core.ruleset.Parts) at the end:
the env and its observation encoder, the by-the-book coach, the strategy vocabulary, the value model's
share of the contest left, the fuzz's invariants, the presenter, the season's carry-over and a
training macro (its league builder is builder.py, its holds holds.py). A ruleset outside coachgym
keeps them here, in its own folder; a bundled one keeps its env and coach in envs/<name>.py and
agents/<name>.py (the project's public face) and the rest in its folder: vocabulary.py, tactics.py,
invariants.py, present.py, parts.py (docs/architecture.md "Add a ruleset in ten steps")."""

from __future__ import annotations

from typing import Any

import numpy as np

from coachgym.coachkinds import COACH_KINDS
from coachgym.core.engine import Decision
from coachgym.core.ruleset import Parts
from coachgym.envs.base import CoachEnv, ObservationEncoder, pettingzoo_constructors
from coachgym.envs.observation import ObservationSpec, ObsField
from coachgym.evaluation.fuzz import InvariantError
from coachgym.present.generic import GenericPresenter
from coachgym.series.carryover import CarryOver, Context
from coachgym.strategy.vocabulary import (
    ActionWord,
    Argument,
    Moment,
    Vocabulary,
    by_name,
    decision_variable,
    number,
    score_variables,
)
from coachgym.training.macros import Macro

from .builder import league_teams
from .engine import NAME, ROSTER, SHOOT, FreeThrowEngine


def rounds_left(g: FreeThrowEngine) -> int:
    """Regulation rounds still to shoot, this one included (0 in sudden death)."""
    return max(0, g.options.rounds - g.round + 1)


def remaining(g: FreeThrowEngine) -> float:
    """The share of the contest still to shoot (the value model): regulation shots left."""
    total = 2 * g.options.rounds
    done = 2 * (g.round - 1) + (g.turn == 1)
    return max(0.0, (total - done) / total)


# ---------------------------------------------------------------------- the env
# the observation, declared: every field's name, length, meaning and range (the encoder's layout and
# the env's observation space come from it; envs/observation.py)
OBSERVATION = ObservationSpec(version=1, fields=(
    ObsField("score", 2, "our and their free throws made / 40"),
    ObsField("rounds_left", 1, "regulation rounds left / 20"),
    ObsField("last_shooter", ROSTER, "one-hot: our shooter of our previous shot"),
    ObsField("rating", ROSTER, "each of our shooters' rating now / 20"),
))


class FreeThrowEncoder(ObservationEncoder):
    spec = OBSERVATION

    def encode(self, game: FreeThrowEngine, side: int) -> np.ndarray:
        out = [game.pts[side] / 40, game.pts[1 - side] / 40, rounds_left(game) / 20]
        out += [float(game.last[side] == i) for i in range(ROSTER)]
        out += [game.rating(side, i) / 20 for i in range(ROSTER)]
        return np.asarray(out, dtype=np.float32)


class FreeThrowEnv(CoachEnv):
    """The free-throw contest as a Gymnasium env: the agent picks its team's shooters."""

    ruleset_name = NAME
    encoder = FreeThrowEncoder()


aec_env_class, env = pettingzoo_constructors(FreeThrowEnv, f"{NAME}_v0", __name__)


# ---------------------------------------------------------------------- the coach
class ByTheBookCoach:
    """The book: the shooter with the best rating now (a tired arm counts)."""

    name = "by-the-book"

    def __init__(self, seed: int | None = None):
        self.seed = seed

    def reset(self, game: Any, side: int, seed: int | None = None) -> None:
        pass

    def choose(self, game: FreeThrowEngine, decision: Decision) -> int:
        best = max(range(ROSTER), key=lambda i: (game.rating(decision.side, i), -i))
        return SHOOT[best]


# ---------------------------------------------------------------------- the strategy vocabulary
def _best(m: Moment) -> int:
    return m.pick(SHOOT[max(range(ROSTER), key=lambda i: (m.game.rating(m.side, i), -i))])


def _shoot(m: Moment) -> int:
    return m.pick(SHOOT[int(m.arg) - 1])


VARIABLES = [
    *score_variables(lambda g, s: g.pts[s], "free throws made"),
    decision_variable(FreeThrowEngine.decision_kinds),
    number("rounds_left", "regulation rounds left, this one included (0 in sudden death)",
           lambda g, s, d: rounds_left(g)),
    number("our_last_shooter", "the roster number (1-3) of our previous shot's shooter, 0 before our first shot",
           lambda g, s, d: g.last[s] + 1),
]
ACTIONS = [
    ActionWord("best_shooter", "the shooter with the best rating now", ("shooter",), _best),
    ActionWord("shoot", "this shooter (by roster number)", ("shooter",), _shoot,
               Argument("roster number", tuple(str(i + 1) for i in range(ROSTER)), "1")),
]
VOCABULARY = Vocabulary(NAME, by_name(VARIABLES), by_name(ACTIONS))


# ---------------------------------------------------------------------- the fuzz's invariants
def check_invariants(g: FreeThrowEngine, prev: dict) -> None:
    """Made never exceeds attempted; the score is the shooters' makes; attempts differ by one at most."""
    for side in (0, 1):
        if any(m > a for m, a in zip(g.made[side], g.att[side])) or sum(g.made[side]) != g.pts[side]:
            raise InvariantError(f"{NAME}: side {side} made {g.made[side]} of {g.att[side]}, score {g.pts[side]}")
    if not 0 <= sum(g.att[0]) - sum(g.att[1]) <= 1:
        raise InvariantError(f"{NAME}: attempts {g.att}")


# ---------------------------------------------------------------------- the presenter
# the generic presenter (coachgym.present.generic): the person picks every shooter; a ruleset with more
# to show subclasses coachgym.present.presenter.BasePresenter (rules/<name>/present.py)
PRESENTER = GenericPresenter(NAME, "Free-Throw Contest", FreeThrowEngine.decision_kinds, frozenset({"shooter"}))


# ---------------------------------------------------------------------- the season's carry-over
SORE_AFTER = 4  # shots in a game that leave a shooter's arm sore for his team's next game


class SoreArms(CarryOver):
    """From game to game in a season: a shooter who took ``SORE_AFTER`` or more of his team's shots
    shoots one lower (``ft`` - 1) in the team's next game, then is well again."""

    ruleset = NAME

    def stateless(self, options: dict) -> bool:
        return False

    def initial_state(self, data: dict) -> dict:
        return {"sore": []}

    def facts(self, game: FreeThrowEngine, side: int) -> dict:
        return {"sore": [p.name for i, p in enumerate(game.teams[side].players) if game.att[side][i] >= SORE_AFTER]}

    def advance(self, state: dict, facts: dict, ctx: Context) -> dict:
        return {"sore": list(facts["sore"])}

    def game_team(self, data: dict, state: dict, ctx: Context) -> dict:
        if not state["sore"]:
            return data
        players = [{**p, "ft": max(1, p["ft"] - 1)} if p["name"] in state["sore"] else p for p in data["players"]]
        return {**data, "players": players}

    def describe(self, state: dict) -> list[str]:
        return [f"{name}: a sore arm (one lower this game)" for name in state["sore"]]


# ---------------------------------------------------------------------- a training macro
def _rested_best(game: FreeThrowEngine, side: int) -> int | None:
    """The best-rated shooter who did not take our previous shot (None where it is not our choice)."""
    d = game.decision
    if d is None or d.side != side or d.kind != "shooter":
        return None
    rested = [i for i in range(ROSTER) if i != game.last[side]]
    return SHOOT[max(rested, key=lambda i: (game.rating(side, i), -i))]


MACROS = {"rested_best": Macro("rested_best", "Shoot our best shooter who did not take our previous shot",
                               _rested_best, frozenset({"shooter"}))}


# ---------------------------------------------------------------------- the registration's parts
def env_class() -> type[FreeThrowEnv]:
    """The env class (a bundled ruleset imports it here from envs/<name>.py: gymnasium loads with it)."""
    return FreeThrowEnv


PARTS = Parts(env=env_class, coaches={"by-the-book": ByTheBookCoach}, coach_kinds=COACH_KINDS, presenter=PRESENTER,
              vocabulary=VOCABULARY, remaining=remaining, carry_over=SoreArms, invariants=check_invariants,
              macros=MACROS, league_builder=league_teams)
