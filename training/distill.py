"""Search-labelled distillation (expert iteration): fit a trained coach to what search finds where
it plays.

A round has three steps (``coachgym distill``, :func:`distill`):

1. **Label** (:class:`LabelTask`, on the match runner's backends). The learner plays games against
   its training opponent (mirror games, teams from its config's pool). At a sample (``sample``) of
   its own decisions - those in its scope, of the kinds asked for (``kinds``, e.g. the ones
   ``coachgym leverage`` shows matter) - every option it has there is raced by rollouts from
   resampled futures (:mod:`coachgym.search`: the same futures for every option, truncated after
   ``horizon`` decisions and scored by the fitted value estimate). The rollouts are played by the
   learner itself against the opponent (``rollout: self``: the value of "this option now, then play
   on as I do"; ``book`` plays them by the book). A label keeps the observation the learner saw, its
   options, each option's value, the standard error of each option's paired difference to the
   learner's own choice, and that choice. The learner then plays its own choice, so the labelled
   states are the ones the current policy reaches (DAgger), not the book's.
2. **Target** (:func:`targets`). The search's choice: the option with the best value where it beats
   the learner's choice by more than ``switch`` standard errors of the paired difference, else the
   learner's own choice. A search that cannot tell the options apart teaches nothing new, and the
   kept choices anchor the policy where the search agrees with it.
3. **Fit** (:func:`coachgym.training.pretrain.behaviour_clone` without a value target): masked
   cross-entropy towards the targets of every label gathered so far (labels are kept in
   ``labels.npz`` and reused by later rounds), a few epochs at a small learning rate, label
   smoothing over the options. The fitted policy is saved as ``round_<k>/model.npz`` (+ ``.json``,
   and ``model.zip`` to go on with PPO: ``coachgym train --resume``) and, with ``eval_games``,
   measured in mirror matches against by-the-book on seeds of its own.

**Imitating a coach** (``teacher``, ``coachgym distill --teacher SPEC``). A search that wins by
*plans* (4th Street's ``search:budget=16,plans=all``: at each period's start it races coaching plans
and plays the winner's rules for the period, docs/search.md section 7) has no single decision whose
raced options show its idea: the idea is the plan. So the teacher plays the learner's side itself
(:class:`_Imitator`), and at a sample of the decisions in the learner's scope the label keeps the
observation the learner would see there, its options, its own choice, and the option that is the
teacher's action (``teacher``; the labels of search keep -1 there). The target is the teacher's
action (:func:`targets`); a teacher's action the learner cannot take (outside its scope) is counted,
not labelled. The states are the teacher's (behaviour cloning, not DAgger: the search coach's own
bookkeeping - the plan in force, the options it committed to - assumes its choices are played).

Search is expensive: a label costs ``budget`` truncated rollouts (Statis Pro: about 2.5 ms a round of
two options, ``docs/benchmark/search_costs.json``), so labels go where they can matter (``kinds``) and
are reused.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from statistics import NormalDist
from typing import Any, Sequence

import numpy as np

from .. import rulesets
from ..core.engine import Decision, Engine
from ..core.errors import ConfigError
from ..core.match import play_game

LABEL_KEYS = ("obs", "masks", "values", "se", "choice", "kind", "round", "rounds", "teacher")


@dataclass(frozen=True)
class DistillSettings:
    """What a round labels and how it fits (the ``coachgym distill`` options)."""

    games: int = 40  # games labelled per round
    sample: float = 0.1  # share of the learner's in-scope decisions (of ``kinds``) labelled
    kinds: tuple[str, ...] | None = None  # decision kinds labelled (None: every kind in the learner's scope)
    budget: int = 64  # rollouts per option of a labelled decision
    width: int = 4  # options raced at a wider decision: the learner's choice, its favourites, one other at random
    horizon: int | None = 40  # decisions per rollout before the value estimate scores it (None: to the end)
    rollout: str = "self"  # rollout policy for the learner's side: self (the learner) or a coach spec
    scope: str = "default"  # how long each raced option is held in the rollouts (coachgym.search.holds)
    opponent: str = "by-the-book"
    switch: float = 2.0  # standard errors by which an option must beat the learner's choice to be the target
    epochs: int = 4
    learning_rate: float = 1e-4
    label_smoothing: float = 0.1
    seed: int = 0
    teacher: str | None = None  # a coach spec: label with its actions in its own games instead of racing options

    def check(self, ruleset: str) -> None:
        rs = rulesets.get(ruleset)
        if self.teacher:
            rs.coach(self.teacher, seed=0)  # a bad spec fails here, naming what is wrong
        if self.games < 1 or self.budget < 2 or self.width < 2 or not 0 < self.sample <= 1 or self.epochs < 0:
            raise ConfigError("distill: games >= 1, budget >= 2, width >= 2, 0 < sample <= 1 and epochs >= 0 "
                              "are needed")
        if self.switch < 0:
            raise ConfigError("distill: switch must be 0 or more standard errors")
        if self.horizon is not None and self.horizon < 1:
            raise ConfigError("distill: horizon must be at least 1 decision (or none: play rollouts to the end)")
        bad = set(self.kinds or ()) - set(rs.engine_cls.decision_kinds)
        if bad:
            raise ConfigError(f"distill: {rs.name} has no decision kind {', '.join(sorted(bad))}; "
                              f"kinds: {', '.join(rs.engine_cls.decision_kinds)}")


# ---------------------------------------------------------------------------------------------- labelling
class _Labeller:
    """The learner as a coach that labels a sample of its decisions on the way."""

    def __init__(self, learner: Any, s: DistillSettings, rng: np.random.Generator, model: str, seed: int):
        self.learner = learner
        self.s = s
        self.rng = rng
        self.model = model
        self.seed = seed
        self.name = learner.name
        self.rows: list[dict] = []
        self.decisions = 0  # the learner's own policy decisions (what an env step is in training)
        self._policies: dict[int, Any] = {}

    def reset(self, game: Engine, side: int, seed: int | None = None) -> None:
        self.learner.reset(game, side, seed)

    def choose(self, game: Engine, decision: Decision) -> int:
        learner = self.learner
        advice, opts = learner.options_at(game, decision)
        if opts is None:
            return advice
        self.decisions += 1
        choice = learner.policy_choice(game, decision, opts, advice)
        if (self.s.kinds is None or decision.kind in self.s.kinds) and self.rng.random() < self.s.sample:
            self._label(game, decision, advice, opts, choice)
        return learner.concrete(choice, game, decision.side)

    def _rollout_policies(self, side: int):
        from ..search.rollouts import Policies

        p = self._policies.get(side)
        if p is None:
            mine = self.model if self.s.rollout == "self" else self.s.rollout
            p = self._policies[side] = Policies(self.learner.ruleset_name, mine, self.s.opponent, side=side)
        return p

    def _label(self, game: Engine, d: Decision, advice: int | None, opts: tuple[int, ...], choice: int) -> None:
        from ..search.race import paired, run_race

        learner, side = self.learner, d.side
        raced = list(opts)
        if len(opts) > self.s.width:  # the choice, the learner's next favourites, and one other at random
            probs = learner.option_probabilities(learner.action_scores(game, side, advice), opts)
            ranked = [opts[i] for i in np.argsort(-probs, kind="stable") if opts[i] != choice]
            raced = [choice, *ranked[:self.s.width - 2]]
            rest = ranked[self.s.width - 2:]
            raced.append(rest[int(self.rng.integers(len(rest)))])
        concrete = {o: int(learner.concrete(o, game, side)) for o in raced}
        actions = list(dict.fromkeys(concrete.values()))
        n_out = learner.scope.n_actions if learner.scope is not None else len(game.actions)
        values = np.full(n_out, np.nan, dtype=np.float32)
        se = np.full(n_out, np.nan, dtype=np.float32)
        rounds = 0
        if len(actions) > 1:
            per = max(1, self.s.budget)
            run = run_race(game, side, actions, seed=int(self.rng.integers(2**62)), policies=self._rollout_policies(side),
                           horizon=self.s.horizon, rollouts=per * len(actions), min_rounds=per + 1, lookahead=1,
                           scope=self.s.scope)
            tallies = run.race.tallies
            base = tallies[concrete[choice]]
            for o, a in concrete.items():
                values[o] = tallies[a].mean
                if a == concrete[choice]:
                    se[o] = 0.0
                    continue
                mean, lo, _, n = paired(tallies[a], base, z=1.0)
                se[o] = mean - lo if n >= 2 else np.nan
            rounds = base.n
        else:  # every option comes to the same action (a macro resolving to a listed one)
            for o in raced:
                values[o], se[o] = 0.0, 0.0
        mask = np.zeros(n_out, dtype=bool)
        mask[list(opts)] = True
        self.rows.append({"obs": learner.observe(game, side, advice), "masks": mask, "values": values, "se": se,
                          "choice": int(choice), "kind": d.kind, "rounds": rounds})


class _Imitator:
    """The teacher as a coach, labelling a sample of its decisions that fall in the learner's scope
    with its own action, as the learner's option (see the module docstring)."""

    def __init__(self, learner: Any, teacher: Any, s: DistillSettings, rng: np.random.Generator):
        self.learner = learner
        self.teacher = teacher
        self.s = s
        self.rng = rng
        self.name = teacher.name
        self.rows: list[dict] = []
        self.outside = 0  # sampled decisions where the teacher took an action the learner cannot take
        self.decisions = 0  # the learner's policy decisions in these games (the teacher plays them)

    def reset(self, game: Engine, side: int, seed: int | None = None) -> None:
        self.learner.reset(game, side, seed)
        self.teacher.reset(game, side, seed)

    def choose(self, game: Engine, decision: Decision) -> int:
        learner = self.learner
        advice, opts = learner.options_at(game, decision)  # the learner's advisor sees every decision
        sampled = (self.s.kinds is None or decision.kind in self.s.kinds) and self.rng.random() < self.s.sample
        obs = learner.observe(game, decision.side, advice) if sampled else None
        action = int(self.teacher.choose(game, decision))
        if opts is not None:
            self.decisions += 1
        if not sampled:
            return action
        if opts is None:  # the learner's advisor decides alone here: the teacher's action is learnable only if it agrees
            if action != advice:
                self.outside += 1
            return action
        option = next((o for o in opts if int(learner.concrete(o, game, decision.side)) == action), None)
        if option is None:
            self.outside += 1
            return action
        n_out = learner.scope.n_actions if learner.scope is not None else len(game.actions)
        mask = np.zeros(n_out, dtype=bool)
        mask[list(opts)] = True
        nan = np.full(n_out, np.nan, dtype=np.float32)
        self.rows.append({"obs": obs, "masks": mask, "values": nan, "se": nan.copy(),
                          "choice": int(learner.policy_choice(game, decision, opts, advice)), "kind": decision.kind,
                          "rounds": 0, "teacher": int(option)})
        return action


@dataclass(frozen=True)
class LabelTask:
    """Games of the learner (``model``: a ``.npz`` or ``.zip`` with its ``.json``) against
    ``settings.opponent``, one per seed, labelling a sample of its decisions; a runner task."""

    ruleset: str
    model: str
    seeds: tuple[int, ...]
    settings: DistillSettings
    teams: tuple[str, ...] = ()
    rule_options: tuple = ()

    @property
    def games(self) -> int:
        return len(self.seeds)

    def run(self) -> dict[str, np.ndarray]:
        from .coach import TrainedCoach

        rs = rulesets.get(self.ruleset)
        learner = TrainedCoach(self.model, rs.name)
        teams = list(self.teams) or list(rs.default_teams)
        rows: list[dict] = []
        decisions = 0
        outside = 0
        seconds = time.process_time()
        for seed in self.seeds:
            rng = np.random.default_rng(seed)
            team = teams[int(rng.integers(len(teams)))]
            side = int(rng.integers(2))
            game = rs.new_game(team, team, seed=seed, options=dict(self.rule_options), record_events=False)
            if self.settings.teacher:
                labeller: Any = _Imitator(learner, rs.coach(self.settings.teacher, seed=seed), self.settings, rng)
            else:
                labeller = _Labeller(learner, self.settings, rng, self.model, seed)
            opponent = rs.coach(self.settings.opponent, seed=seed + 1)
            play_game(game, *((labeller, opponent) if side == 0 else (opponent, labeller)))
            rows += labeller.rows
            decisions += labeller.decisions
            outside += getattr(labeller, "outside", 0)
        out = stack(rows)
        out["cpu_seconds"] = np.array(time.process_time() - seconds)
        out["decisions"] = np.array(decisions)
        out["outside"] = np.array(outside)
        return out


def stack(rows: Sequence[dict]) -> dict[str, np.ndarray]:
    """Label rows as arrays (an empty set keeps the keys)."""
    if not rows:
        return {"obs": np.zeros((0, 0), np.float32), "masks": np.zeros((0, 0), bool), "values": np.zeros((0, 0), np.float32),
                "se": np.zeros((0, 0), np.float32), "choice": np.zeros(0, np.int64), "kind": np.zeros(0, dtype="<U32"),
                "rounds": np.zeros(0, np.int64), "teacher": np.zeros(0, np.int64)}
    return {"obs": np.stack([r["obs"] for r in rows]).astype(np.float32), "masks": np.stack([r["masks"] for r in rows]),
            "values": np.stack([r["values"] for r in rows]), "se": np.stack([r["se"] for r in rows]),
            "choice": np.array([r["choice"] for r in rows], dtype=np.int64),
            "kind": np.array([r["kind"] for r in rows], dtype="<U32"),
            "rounds": np.array([r["rounds"] for r in rows], dtype=np.int64),
            "teacher": np.array([r.get("teacher", -1) for r in rows], dtype=np.int64)}


def concat(parts: Sequence[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    parts = [p for p in parts if len(p["choice"])]
    if not parts:
        return stack([])
    for p in parts:  # labels saved before teachers existed are labels of search
        p.setdefault("teacher", np.full(len(p["choice"]), -1, dtype=np.int64))
    return {k: np.concatenate([p[k] for p in parts]) for k in LABEL_KEYS if k in parts[0]}


def label(ruleset: str, model: str | Path, settings: DistillSettings, *, seed: int, teams: Sequence[str] = (),
          rule_options: dict | None = None, backend: Any = None, games_per_task: int = 2,
          progress: bool = False) -> dict[str, np.ndarray]:
    """``settings.games`` games of the learner, labelled (see the module docstring), on ``backend``
    (default: this process). The result depends on the seed, not on the backend."""
    from ..core.runner import InlineBackend

    seeds = [seed * 1_000_003 + g for g in range(settings.games)]
    tasks = [LabelTask(rulesets.get(ruleset).name, str(model), tuple(seeds[i:i + games_per_task]), settings,
                       tuple(teams), tuple(sorted((rule_options or {}).items())))
             for i in range(0, len(seeds), games_per_task)]
    owned = backend is None
    backend = backend or InlineBackend()
    try:
        parts = backend.map(tasks, progress=progress, desc=f"{ruleset}: labelling by search")
    finally:
        if owned:
            backend.close()
    out = concat(parts)
    out["cpu_seconds"] = np.array(sum(float(p["cpu_seconds"]) for p in parts))
    out["decisions"] = np.array(sum(int(p["decisions"]) for p in parts))  # the learner's, labelled or not
    out["outside"] = np.array(sum(int(p.get("outside", 0)) for p in parts))
    return out


# ---------------------------------------------------------------------------------------------- targets
def targets(labels: dict[str, np.ndarray], switch: float) -> tuple[np.ndarray, np.ndarray]:
    """The search's choice at every label and whether it departs from the learner's (see the module
    docstring): ``(target, switched)``. ``switch`` is the margin in standard errors for one
    comparison; with more options raced it grows by Bonferroni's rule (the best of several noisy
    options beats the choice by chance more often than one does). A label of a teacher (``teacher``
    0 or more) targets the teacher's action; ``switched`` says where it differs from the learner's."""
    raced = labels["masks"] & ~np.isnan(labels["values"])
    values = np.where(raced, labels["values"], -np.inf)
    best = np.argmax(values, axis=1)
    rows = np.arange(len(best))
    choice = labels["choice"]
    gain = labels["values"][rows, best] - labels["values"][rows, choice]
    se = labels["se"][rows, best]
    p_one = 1.0 - NormalDist().cdf(switch)
    others = np.maximum(1, raced.sum(axis=1) - 1)
    z = np.array([NormalDist().inv_cdf(1.0 - p_one / k) for k in others]) if len(others) else np.zeros(0)
    switched = (best != choice) & (gain > 0) & np.where(np.isnan(se), False, gain > z * np.nan_to_num(se))
    target = np.where(switched, best, choice)
    teacher = labels.get("teacher")
    if teacher is not None and len(teacher):
        taught = teacher >= 0
        target = np.where(taught, teacher, target)
        switched = np.where(taught, teacher != choice, switched)
    return target, switched


def summary(labels: dict[str, np.ndarray], switch: float, scope: Any = None) -> dict:
    """Counts per decision kind: labels, switches, and the most frequent switches by label."""
    target, switched = targets(labels, switch)
    kinds: dict[str, dict] = {}
    for k in sorted(set(labels["kind"].tolist())):
        sel = labels["kind"] == k
        kinds[k] = {"labels": int(sel.sum()), "switched": int((switched & sel).sum())}
    moves: dict[str, int] = {}
    for i in np.flatnonzero(switched):
        name = (f"{labels['kind'][i]}: {_label_of(scope, int(labels['choice'][i]))} -> "
                f"{_label_of(scope, int(target[i]))}")
        moves[name] = moves.get(name, 0) + 1
    return {"labels": int(len(target)), "switched": int(switched.sum()), "kinds": kinds,
            "top_switches": dict(sorted(moves.items(), key=lambda kv: -kv[1])[:8]),
            "pooled": pooled(labels, scope)}


def pooled(labels: dict[str, np.ndarray], scope: Any = None, least: int = 5) -> list[dict]:
    """The search's verdict pooled over labels: for every (decision kind, the learner's choice, an
    alternative raced against it) seen at ``least`` labels or more, the mean over those labels of the
    alternative's value minus the choice's (win probability) with its 95% interval across labels.
    One label rarely separates two options; many of the same kind can show whether the learner's
    habit (shoot rather than ADVANCE, play on rather than PRESS ...) costs or gains on average.
    Sorted by the number of labels."""
    diffs: dict[tuple[str, int, int], list[float]] = {}
    raced = labels["masks"] & ~np.isnan(labels["values"])
    for i in range(len(labels["choice"])):
        c = int(labels["choice"][i])
        for a in np.flatnonzero(raced[i]):
            if a != c:
                diffs.setdefault((str(labels["kind"][i]), c, int(a)), []).append(
                    float(labels["values"][i, a] - labels["values"][i, c]))
    rows = []
    for (kind, c, a), xs in sorted(diffs.items(), key=lambda kv: -len(kv[1])):
        if len(xs) < least:
            continue
        x = np.asarray(xs)
        half = 1.959963984540054 * x.std(ddof=1) / np.sqrt(len(x))
        rows.append({"kind": kind, "choice": _label_of(scope, c), "alternative": _label_of(scope, a), "labels": len(x),
                     "advantage": float(x.mean()), "ci95": [float(x.mean() - half), float(x.mean() + half)]})
    return rows


def _label_of(scope: Any, action: int) -> str:
    return scope.label(action) if scope is not None else str(action)


# ---------------------------------------------------------------------------------------------- rounds
@dataclass
class RoundReport:
    round: int
    labels: int
    labels_total: int
    switched: int
    label_cpu_seconds: float
    label_seconds: float
    fit: dict
    model: str
    evaluation: dict | None = None
    kinds: dict = field(default_factory=dict)
    top_switches: dict = field(default_factory=dict)
    pooled: list = field(default_factory=list)  # over every label so far (see :func:`pooled`)
    decisions: int = 0  # the learner's policy decisions in this round's games (env steps, in training's terms)
    outside: int = 0  # with a teacher: sampled decisions where it took an action the learner cannot take


def _sb3_model(meta: dict, source: Path):
    """The learner as a stable-baselines3 model: its ``.zip``, or a new model of its config's
    architecture carrying the ``.npz`` policy (the value head starts untrained)."""
    from stable_baselines3.common.vec_env import DummyVecEnv

    from . import config as tc
    from .policy_file import NumpyPolicy, into_sb3
    from .train import _algo_class, make_env

    cfg = tc.validate(meta["config"], f"{source} (metadata config)")
    if cfg.algo != "maskable_ppo" and cfg.algo != "ppo":
        raise ConfigError(f"{source}: distillation fits PPO policies, not {cfg.algo}")
    if cfg["normalize_observations"]:
        raise ConfigError(f"{source}: trained on normalized observations; distillation needs raw ones")
    venv = DummyVecEnv([make_env(cfg, 0, None)])
    Algo = _algo_class(cfg.algo)
    if source.suffix == ".zip":
        model = Algo.load(str(source), env=venv, device="cpu")
    else:
        hp = {k: v for k, v in cfg["hyperparameters"].items()}
        model = Algo("MlpPolicy", venv, seed=cfg["seed"], device="cpu", **hp)
        into_sb3(NumpyPolicy.load(source), model)
    return model, venv, cfg


def distill(ruleset: str, model: str | Path, out: str | Path, *, rounds: int = 3,
            settings: DistillSettings = DistillSettings(), eval_games: int = 0, eval_seed: int = 21,
            backend: Any = None, progress: bool = True, labels_from: str | Path | None = None) -> list[RoundReport]:
    """``rounds`` rounds of label / target / fit from ``model`` (see the module docstring); writes
    ``out/labels.npz``, ``out/round_<k>/model.{npz,json,zip}`` and ``out/distill.json``. With
    ``labels_from`` the labels of an earlier run (its ``labels.npz``) are reused as round 0's."""
    import torch

    from ..evaluation.benchmark import play_series
    from . import metadata as md
    from .advice import Scope, scope_of
    from .pretrain import behaviour_clone
    from .train import export_policy

    rs = rulesets.get(ruleset)
    settings.check(rs.name)
    source = Path(model)
    meta = md.load(source)
    md.check(meta, rs.name, str(source))
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    torch.set_num_threads(1)
    sb3, venv, cfg = _sb3_model(meta, source)
    scope = Scope(rs.name, **scope_of(cfg.data)) if cfg["advice"] else None
    teams = cfg["env"]["team_pool"] or [t for t in (cfg["env"]["home"], cfg["env"]["away"]) if t] or list(rs.default_teams)
    options = cfg["env"]["rule_options"]
    gathered = [dict(np.load(labels_from, allow_pickle=False))] if labels_from else []
    for part in gathered:
        part.setdefault("round", np.zeros(len(part["choice"]), dtype=np.int64))
    reports: list[RoundReport] = []
    current = source
    for k in range(1, rounds + 1):
        started = time.time()
        new = label(rs.name, current, settings, seed=settings.seed * 1000 + k, teams=teams, rule_options=options,
                    backend=backend, progress=progress)
        label_seconds = time.time() - started
        cpu = float(new.pop("cpu_seconds"))
        decisions = int(new.pop("decisions"))
        outside = int(new.pop("outside", 0))
        new["round"] = np.full(len(new["choice"]), k, dtype=np.int64)
        gathered.append(new)
        labels = concat(gathered)
        np.savez_compressed(out / "labels.npz", **labels)
        target, _ = targets(labels, settings.switch)
        fit = {"samples": 0}
        if len(target):
            fit = behaviour_clone(sb3, {"obs": labels["obs"], "masks": labels["masks"], "actions": target},
                                  settings.epochs, lr=settings.learning_rate, seed=settings.seed + k,
                                  label_smoothing=settings.label_smoothing)
        folder = out / f"round_{k}"
        folder.mkdir(exist_ok=True)
        sb3.save(str(folder / "model.zip"))
        export_policy(sb3, venv, folder / "model.npz")
        new_summary = summary(new, settings.switch, scope)
        record = {"from": str(source), "round": k, "settings": {**settings.__dict__, "kinds": list(settings.kinds or [])},
                  "labels_total": int(len(target)), "this_round": new_summary, "fit": fit}
        rmeta = {**meta, "distill": [*meta.get("distill", []), record],
                 "note": f"{source.name} distilled towards search labels, round {k} (coachgym distill)"}
        md.save(folder / "model.zip", rmeta)  # one model.json for the .zip and the .npz
        evaluation = None
        if eval_games:
            r = play_series(rs.name, str(folder / "model.npz"), "by-the-book", "mirror", eval_games, seed=eval_seed,
                            backend=backend, progress=progress)
            evaluation = {"opponent": "by-the-book", "seed": eval_seed, **r.stats()}
        reports.append(RoundReport(k, new_summary["labels"], int(len(target)), new_summary["switched"], round(cpu, 1),
                                   round(label_seconds, 1), fit, str(folder / "model.npz"), evaluation,
                                   new_summary["kinds"], new_summary["top_switches"], pooled(labels, scope),
                                   decisions, outside))
        (out / "distill.json").write_text(json.dumps({"ruleset": rs.name, "model": str(source),
                                                      "settings": record["settings"],
                                                      "rounds": [r.__dict__ for r in reports]}, indent=2, default=float))
        current = folder / "model.npz"
    venv.close()
    return reports


# ---------------------------------------------------------------------------------------------- a run
def games_for(steps: int, rounds: int, pretrain: dict) -> tuple[float, int]:
    """Labelling games per round that give the learner about ``steps`` policy decisions over
    ``rounds`` rounds: ``(decisions per game, games per round)``, the decisions per game of one bench
    read from the clone's warm-start report (``samples`` over ``games`` games, both benches cloned)."""
    import math

    per_game = max(1.0, pretrain.get("samples", 0) / max(1, 2 * pretrain.get("games", 1)))
    return per_game, math.ceil(max(rounds, math.ceil(steps / per_game)) / rounds)


@dataclass(frozen=True)
class DistillRun:
    """A search-distilled coach as one run of a sweep (``tools/algorithm_table.py``'s
    ``search_distilled`` row), a runner task: behaviour cloning of the book (``start``, a
    :class:`~coachgym.training.sweep.TrainRun` with ``total_timesteps: 0``, read back from
    ``start_from`` where that same run is finished), then ``rounds`` rounds of :func:`distill` whose
    labelling games give the learner about ``steps`` policy decisions in all (an env step, in
    training's terms: the games per round come from the clone's decisions per game), then the final
    evaluation of a training run (``train.evaluate``: ``eval_games`` mirror games against
    by-the-book, the same seed and teams). Returns a summary shaped as ``sweep.summarize``'s."""

    start: Any  # a sweep.TrainRun
    out: str
    steps: int
    rounds: int
    settings: DistillSettings
    eval_games: int
    start_from: str | None = None
    config_name: str = "search_distilled"
    games: int = 1  # the runner's progress unit: one run

    @property
    def seed(self) -> int:
        return self.start.seed

    def _start_folder(self) -> Path:
        from .sweep import finished_run

        if self.start_from:
            meta = finished_run(self.start_from, 0)
            if meta is not None and json.dumps(meta.get("config"), sort_keys=True) == json.dumps(
                    json.loads(json.dumps(self.start.config)), sort_keys=True):
                return Path(self.start_from)
        self.start.run()
        return Path(self.start.out)

    def run(self) -> dict:
        from dataclasses import replace

        from . import metadata as md
        from .train import evaluate

        start = self._start_folder() / "model.zip"
        per_game, games = games_for(self.steps, self.rounds, md.load(start).get("pretrain") or {})
        settings = replace(self.settings, games=games, seed=self.seed)
        started = time.time()
        reports = distill(self.start.config["ruleset"], start, self.out, rounds=self.rounds, settings=settings,
                          eval_games=0, progress=False)
        seconds = time.time() - started
        final = Path(reports[-1].model).with_suffix(".zip")
        model, venv, cfg = _sb3_model(md.load(final), final)
        try:
            evaluation = evaluate(model, cfg, venv, self.eval_games, ["by-the-book"],
                                  seed=int(self.start.config.get("evaluation", {}).get("seed", 12345)))
        finally:
            venv.close()
        steps = sum(r.decisions for r in reports)
        return {"config": self.config_name, "algo": cfg.algo, "seed": self.seed, "out": self.out, "steps": steps,
                "train_seconds": round(seconds, 1), "train_steps_per_second": round(steps / seconds, 1) if seconds else None,
                "evaluation": evaluation, "curve_points": [], "attempts": 1, "resumed_from": 0,
                "distill": {"start": str(start), "rounds": self.rounds, "games_per_round": games,
                            "clone_decisions_per_game": round(per_game, 1), "labels": sum(r.labels for r in reports),
                            "switched": sum(r.switched for r in reports),
                            "label_cpu_seconds": round(sum(r.label_cpu_seconds for r in reports), 1),
                            "settings": {**settings.__dict__, "kinds": list(settings.kinds or [])}}}
