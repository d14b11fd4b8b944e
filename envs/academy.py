"""The academy: short coaching scenarios as Gymnasium and PettingZoo environments (docs/academy.md).

A scenario is

* a **start**: a condition of the strategy grammar (``coachgym strategy-help RULESET``), e.g.
  ``period == 4 and game_minutes_left <= 0.75 and margin == -3 and our_ball``; its start states are a
  pool of exact saved positions (the engine's own save, ``Engine.to_dict``) taken from games between
  real league teams (Statis Pro: nba-1993, 4th Street: nba-1980) or the bundled teams (Value Add,
  FUBA) played by the book on both benches, each snapshotted at the first decision of the studied side
  at which the condition holds. The pool is built by ``coachgym academy build`` and shipped in
  ``envs/data/academy-positions-SCENARIO.json.xz``;
* an **end**: ``game`` (the game is over), ``period``, ``half`` or ``minutes:N`` / ``boxes:N`` (that
  much of the game clock), whichever comes first with the end of the game;
* a **reward**: ``win`` (+1 a win, -1 a loss, 0 a draw, at the end; the score is the win rate, draws
  half) or ``margin`` (the change of the agent's margin over the scenario, in points or goals, paid as
  it happens divided by ``margin_scale``; the score is the mean change);
* a **decision scope**: every decision of the studied side (the same scope in every scenario).

At each ``reset`` a position is drawn from the pool with the env's seeded RNG and its future chance is
resampled (``Engine.resampled``: new dice, undrawn cards reshuffled, the opponent's hidden choices
redrawn), so a start is a real moment of a real-looking game and the same seed gives the same episode.

One env id per ruleset, the scenario an argument: ``gymnasium.make("coachgym/StatisProAcademy-v0",
scenario="statispro-down3-ball-040")``. This module imports no torch and nothing above the envs layer.
"""

from __future__ import annotations

import json
import lzma
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from ..core.chance import SeededSource
from ..core.engine import AWAY, HOME, Engine
from ..core.errors import ConfigError, GameOverError
from ..core.ruleset import Academy
from .base import CoachEnv, _make_coach, check_env_keywords, check_opponent
from .episode import Episode, EpisodeCore


def _academies() -> dict[str, Academy]:
    """Ruleset name -> its academy (the ``academy`` part of its registration), in the academies' order."""
    from .. import rulesets

    found = [(a, rs.name) for rs in rulesets.all_rulesets() if (a := rs.part("academy")) is not None]
    return {name: a for a, name in sorted(found, key=lambda x: x[0].listed)}


ACADEMIES = _academies()
RULESETS = tuple(ACADEMIES)
# env id per ruleset (one id, the scenario an argument)
ENV_IDS = {r: a.env_id for r, a in ACADEMIES.items()}
END_WORDS = ("game", "period", "half")
REWARDS = ("win", "margin")
# the protocol's seeds (docs/academy.md): training runs reset with seeds below EVAL_SEED_BASE, the
# evaluation episodes with EVAL_SEED_BASE + i (i = 0 .. episodes - 1)
EVAL_SEED_BASE = 1_000_000_000
TRAIN_SEED_LIMIT = EVAL_SEED_BASE
# the default reward scale of margin scenarios (points in basketball, goals in football)
MARGIN_SCALE = {r: a.margin_scale for r, a in ACADEMIES.items()}


@dataclass(frozen=True)
class Scenario:
    """One academy scenario (a row of ``envs/data/academy-RULESET.json``)."""

    id: str
    ruleset: str
    title: str
    start: str
    end: str
    reward: str
    level: int
    why: str = ""

    @property
    def env_id(self) -> str:
        return ENV_IDS[self.ruleset]

    @property
    def end_kind(self) -> str:
        return self.end.partition(":")[0] if ":" in self.end else self.end

    @property
    def end_amount(self) -> float:
        return float(self.end.partition(":")[2]) if ":" in self.end else 0.0

    @property
    def score_name(self) -> str:
        return "win rate" if self.reward == "win" else ACADEMIES[self.ruleset].score_name

    def to_dict(self) -> dict:
        return {"id": self.id, "ruleset": self.ruleset, "title": self.title, "start": self.start, "end": self.end,
                "reward": self.reward, "level": self.level, "why": self.why, "env_id": self.env_id}


def _data_file(name: str):
    return resources.files(__package__).joinpath("data").joinpath(name)


@lru_cache(maxsize=None)
def definitions(ruleset: str) -> dict:
    """The ruleset's academy definition file, checked (a clear error naming the field otherwise)."""
    if ruleset not in RULESETS:
        raise ConfigError(f"academy: no scenarios for ruleset {ruleset!r}; rulesets: {', '.join(RULESETS)}")
    where = f"envs/data/academy-{ruleset}.json"
    data = json.loads(_data_file(f"academy-{ruleset}.json").read_text(encoding="utf-8"))
    unit = data.get("time_unit")
    seen = set()
    for i, s in enumerate(data.get("scenarios", [])):
        for key in ("id", "title", "start", "end", "reward", "level"):
            if key not in s:
                raise ConfigError(f"{where}: scenarios[{i}] has no {key!r}")
        if s["id"] in seen:
            raise ConfigError(f"{where}: scenarios[{i}].id {s['id']!r} is named twice")
        seen.add(s["id"])
        if s["reward"] not in REWARDS:
            raise ConfigError(f"{where}: scenarios[{i}].reward must be one of {', '.join(REWARDS)}")
        end = s["end"]
        if end not in END_WORDS:
            word, _, n = end.partition(":")
            ok = word == unit
            try:
                ok = ok and float(n) > 0
            except ValueError:
                ok = False
            if not ok:
                raise ConfigError(f"{where}: scenarios[{i}].end {end!r} must be one of {', '.join(END_WORDS)} "
                                  f"or {unit}:N")
        if s["reward"] == "win" and end != "game":
            raise ConfigError(f"{where}: scenarios[{i}]: reward 'win' needs end 'game'")
    return data


def scenarios(ruleset: str | None = None) -> list[Scenario]:
    """Every scenario (of one ruleset), easiest first within a ruleset."""
    out = []
    for r in ([ruleset] if ruleset else RULESETS):
        rows = definitions(r)["scenarios"]
        out += sorted((Scenario(s["id"], r, s["title"], s["start"], s["end"], s["reward"], int(s["level"]),
                                s.get("why", "")) for s in rows), key=lambda s: s.level)
    return out


def scenario(name: str) -> Scenario:
    for s in scenarios():
        if s.id == name:
            return s
    known = ", ".join(s.id for s in scenarios())
    raise ConfigError(f"academy: unknown scenario {name!r}; scenarios: {known}")


def positions_file(scenario_id: str) -> str:
    """The shipped start positions of a scenario (one compressed file each, read only when used)."""
    return f"academy-positions-{scenario_id}.json.xz"


@lru_cache(maxsize=None)
def positions_data(scenario_id: str) -> dict:
    sc = scenario(scenario_id)
    f = _data_file(positions_file(scenario_id))
    if not f.is_file():
        raise ConfigError(f"academy: envs/data/{positions_file(scenario_id)} is missing; build it with "
                          f"`coachgym academy build {sc.ruleset} --scenarios {scenario_id}`")
    return json.loads(lzma.decompress(f.read_bytes()).decode("utf-8"))


def clear_cache() -> None:
    """Forget the loaded definitions and positions (after ``coachgym academy build`` rewrote them)."""
    definitions.cache_clear()
    positions_data.cache_clear()
    _pool.cache_clear()


class Position:
    """A start state: the saved game (its chance source is replaced at each reset; the engine is
    restored from the record on first use), the side studied and the situation values recorded when
    it was taken."""

    __slots__ = ("ruleset", "record", "side", "home", "away", "index", "values", "_game")

    def __init__(self, ruleset: str, record: dict):
        self.ruleset, self.record = ruleset, record
        self.side, self.home, self.away = int(record["side"]), record["home"], record["away"]
        self.index = int(record["k"])  # the game it was taken from (the build's game number)
        self.values = dict(record.get("values", {}))
        self._game: Engine | None = None

    @property
    def game(self) -> Engine:
        if self._game is None:
            self._game = engine_from_record(self.ruleset, self.record)
        return self._game


def engine_from_record(ruleset: str, record: dict) -> Engine:
    """A shipped position's engine: the saved game with a fresh chance source (the source is not
    shipped: every reset resamples the future)."""
    from .. import rulesets

    data = dict(record["game"])
    data["source"] = SeededSource(0).to_dict()
    data.setdefault("events", [])
    return rulesets.get(ruleset).engine_cls.from_dict(data)


@lru_cache(maxsize=None)
def _pool(scenario_id: str) -> tuple[Position, ...]:
    sc = scenario(scenario_id)
    rows = positions_data(scenario_id).get("positions")
    if not rows:
        raise ConfigError(f"academy: no start positions in envs/data/{positions_file(scenario_id)}; rebuild with "
                          f"`coachgym academy build {sc.ruleset} --scenarios {scenario_id}`")
    return tuple(Position(sc.ruleset, r) for r in rows)


def pool(scenario_id: str) -> tuple[Position, ...]:
    """The scenario's shipped start positions (loaded once per process)."""
    return _pool(scenario_id)


# ------------------------------------------------------------------------------ the end of a scenario
@lru_cache(maxsize=None)
def _holds(ruleset: str) -> Any:
    from .. import rulesets

    return rulesets.get(ruleset).holds


def period_of(game: Any) -> Any:
    """The mark of the period a scope of ``period`` ends with (the ruleset's holds' ``period``: FUBA's
    half, Value Add's regulation or an overtime, basketball's quarter)."""
    return _holds(game.ruleset).period(game)


def half_of(game: Any) -> Any:
    """The mark of the half (the ruleset's holds' ``half``)."""
    return _holds(game.ruleset).half(game)


def time_left(game: Any) -> float:
    """The game time left by the ruleset's own measure (its vocabulary's time variable)."""
    from .. import rulesets

    rs = rulesets.get(game.ruleset)
    return float(rs.part("vocabulary").variables[rs.time_variable].get(game, 0, None))


class EndClock:
    """Tells when a scenario that started at ``game``'s present position is over."""

    def __init__(self, sc: Scenario, game: Engine):
        self.kind, self.amount = sc.end_kind, sc.end_amount
        holds = _holds(game.ruleset)
        # the mark whose change ends a ``period`` or ``half`` scenario (the ruleset's holds' marks)
        self._mark_of = {"period": holds.period, "half": holds.half}.get(self.kind)
        self.mark = self._mark_of(game) if self._mark_of is not None else None
        if self.kind not in END_WORDS:
            self.mark = time_left(game)

    def over(self, game: Engine) -> bool:
        if game.over:
            return True
        k = self.kind
        if k == "game":
            return False
        if self._mark_of is not None:
            return self._mark_of(game) != self.mark
        left = time_left(game)
        return left > self.mark or self.mark - left >= self.amount


# ------------------------------------------------------------------------------ the episode of a scenario
class ScenarioEpisode(Episode):
    """A scenario's episode (:class:`coachgym.envs.episode.Episode`, the flow every env plays through),
    shared by the scenario's Gymnasium and PettingZoo envs: it starts at a start position whose future
    is resampled (:meth:`start_at`), ends at the scenario's end (:class:`EndClock`, whichever comes
    first with the game's), and pays the scenario's reward: ``win``, the outcome at the end; ``margin``,
    the margin's change from the start position over ``margin_scale`` (no outcome at the end). Once it
    has ended (its end, truncation, an illegal action) no action is taken, every action is marked in the
    mask (a vector env's next step resets it), and the info carries the episode's score."""

    pays_from_start = True

    def __init__(self, core: EpisodeCore, sc: Scenario, **settings: Any):
        super().__init__(core, reward="margin" if sc.reward == "margin" else "win", outcome_at_end=sc.reward == "win",
                         **settings)
        self.scenario = sc
        self.clock: EndClock | None = None
        self.position: Position | None = None
        self.start_score: tuple[int, int] = (0, 0)

    def start_at(self, pos: Position, game_seed: int, opponent: Any = None, opponent_seed: int = 0,
                 record_events: bool = True) -> None:
        """Start at the saved position ``pos``, its future resampled with ``game_seed`` (new dice,
        undrawn cards reshuffled, the opponent's hidden choices redrawn), the studied side its own."""
        self.position = pos
        game = pos.game.resampled(game_seed, viewer=pos.side, record_events=record_events)
        self.start(game, pos.side, opponent, opponent_seed)

    def _opened(self, game: Engine) -> None:
        self.clock = EndClock(self.scenario, game)
        self.start_score = game.score

    def run_opponent(self) -> None:
        """The opponent plays until the agent's next decision or the scenario's end."""
        opponent = self.opponent
        if opponent is None:
            return
        game, side, clock = self.game, self.side, self.clock
        while game.decision is not None and game.decision.side != side and not clock.over(game):
            game.step(opponent.choose(game, game.decision))

    def over(self) -> bool:
        return self.clock.over(self.game)

    def check_open(self) -> None:
        if self.game is None:
            raise GameOverError("call reset() before step()")
        if self.ended_by is not None or self.done:
            raise GameOverError(f"the episode has ended ({self.ended_by or 'the scenario is over'}); "
                                "call reset() before step()")

    def mask(self) -> np.ndarray:
        if self.done:
            return np.ones(self.core.n_actions, dtype=bool)
        return self.core.mask(self.game)

    def score(self) -> float:
        """The episode's score so far: the result (1, 1/2, 0) of a ``win`` scenario, the margin change
        of a ``margin`` one."""
        margin = self.margin()
        if self.scenario.reward == "win":
            return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        return float(margin - self.start_margin)

    def info(self) -> dict:
        info = super().info()
        info["scenario"] = self.scenario.id
        if self.done:
            info["action_mask"] = self.mask()
            info["academy_score"] = self.score()
            info["margin_change"] = self.margin() - self.start_margin
        return info


# ------------------------------------------------------------------------------ the Gymnasium env
class AcademyEnv(CoachEnv):
    """One academy scenario of a ruleset; subclasses set ``ruleset_name`` and ``encoder`` (the
    ruleset's: the observations and actions are those of the full-game env). The Gymnasium adapter
    over the scenario's :class:`ScenarioEpisode`: each reset draws a start position, the game's seed
    and the opponent coach from ``np_random``."""

    KEYWORDS = ("scenario", "opponent", "rule_options", "margin_scale", "strict", "render_mode", "max_decisions")

    def __init__(self, *, scenario: str | None = None, opponent: Any = "by-the-book", rule_options: dict | None = None,
                 margin_scale: float | None = None, strict: bool = False, render_mode: str | None = None,
                 max_decisions: int | None = None, **unknown: Any):
        where = type(self).__name__
        if unknown:
            raise ConfigError(f"{where}: unknown keyword {sorted(unknown)[0]!r}; its keywords: {', '.join(self.KEYWORDS)}")
        names = [s.id for s in scenarios(self.ruleset_name)]
        if scenario is None:
            scenario = names[0]
        if not isinstance(scenario, str) or scenario not in names:
            raise ConfigError(f"{where}: keyword 'scenario' must be one of {', '.join(names)}, got {scenario!r}")
        if margin_scale is None:
            margin_scale = MARGIN_SCALE[self.ruleset_name]
        check_env_keywords(where, margin_scale=margin_scale, strict=strict, render_mode=render_mode,
                           max_decisions=max_decisions, rule_options=rule_options)
        self.scenario = globals()["scenario"](scenario)
        super().__init__(opponent=opponent, rule_options=rule_options, margin_scale=margin_scale, strict=strict,
                         render_mode=render_mode, max_decisions=max_decisions,
                         reward="margin" if self.scenario_reward(scenario) == "margin" else "win")
        check_opponent(self.ruleset, opponent)
        self.pool = pool(scenario)
        self.own_book = None

    def _new_episode(self, **settings: Any) -> ScenarioEpisode:
        settings.pop("reward")  # (the scenario's)
        return ScenarioEpisode(self.core, self.scenario, **settings)

    @classmethod
    def scenario_reward(cls, name: str) -> str:
        return globals()["scenario"](name).reward

    # the scenario episode's state, by its names on the env
    clock = property(lambda self: self.episode.clock, doc="The scenario's end (an :class:`EndClock`).")
    position = property(lambda self: self.episode.position, doc="This episode's start position.")
    start_margin = property(lambda self: self.episode.start_margin, doc="The agent's margin at the start.")
    _done = property(lambda self: self.episode.done, doc="Whether the episode has ended.")

    def _start(self, rng: np.random.Generator) -> None:
        """Draw a start position, the game's seed and the opponent coach from ``rng`` and start there."""
        pos = self.pool[int(rng.integers(len(self.pool)))]
        game_seed = int(rng.integers(0, 2**62))
        opponent = _make_coach(self.ruleset, self.opponent_option, int(rng.integers(0, 2**31)), rng)
        self.episode.start_at(pos, game_seed, opponent, int(rng.integers(0, 2**31)),
                              record_events=self.render_mode == "ansi")

    def score(self) -> float:
        """The episode's score so far: the result (1, 1/2, 0) of a ``win`` scenario, the margin change
        of a ``margin`` one."""
        return self.episode.score()


def _academy_class(ruleset: str, academy: Academy) -> type:
    from .. import rulesets

    base_cls = rulesets.get(ruleset).part("env")
    return type(academy.env_class, (AcademyEnv,), {
        "ruleset_name": ruleset, "encoder": base_cls.encoder, "__module__": __name__,
        "__doc__": f"The academy scenarios of {ruleset} (``{academy.env_id}``)."})


# one class per ruleset with an academy, a name of this module (its Academy's env_class: what pickles
# and gymnasium's entry points name)
_CLASSES = {r: _academy_class(r, a) for r, a in ACADEMIES.items()}
globals().update({c.__name__: c for c in _CLASSES.values()})
ENTRY_POINTS = {ENV_IDS[r]: f"coachgym.envs.academy:{c.__name__}" for r, c in _CLASSES.items()}


def env_class(ruleset: str) -> type:
    return _CLASSES[ruleset]


def make(scenario_id: str, **kwargs: Any) -> AcademyEnv:
    """The env of a scenario by its id (without ``gymnasium.make``'s wrappers)."""
    sc = scenario(scenario_id)
    return _CLASSES[sc.ruleset](scenario=scenario_id, **kwargs)


# ------------------------------------------------------------------------------ PettingZoo
def aec_env(scenario: str, *, rule_options: dict | None = None, strict: bool = False,
            render_mode: str | None = None):
    """The PettingZoo AEC env of a scenario (:class:`coachgym.envs.academy_aec.AcademyAECEnv`, a
    module-level class that pickles) in PettingZoo's standard ``OrderEnforcingWrapper``, as the
    rulesets' own ``env()``: both coaches are agents ('home', 'away'), every decision; each reset draws
    a start position, the episode ends at the scenario's end, and the rewards are zero-sum: +1/-1 (0 a
    draw) in a ``win`` scenario, each side's margin change / margin_scale in a ``margin`` one."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from .academy_aec import AcademyAECEnv

    return OrderEnforcingWrapper(AcademyAECEnv(scenario, rule_options=rule_options, strict=strict,
                                               render_mode=render_mode))


__all__ = ["AWAY", "HOME", "ACADEMIES", "AcademyEnv", "ENV_IDS", "EVAL_SEED_BASE", "Position", "Scenario", "aec_env",
           "make", "pool", "scenario", "scenarios"]
