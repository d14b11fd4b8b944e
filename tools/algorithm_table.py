"""Algorithms side by side at one budget of env steps, in one ruleset or several: win rate against
by-the-book on held-out evaluation seeds, with the interquartile mean and a 95% stratified
bootstrap interval (the rliable method, computed with SciPy), steps per second and wall-clock.

    python tools/algorithm_table.py RULESET [RULESET ...] [--steps 200000] [--seeds 5] [--games 200]
        [--algos control,maskable_ppo,bc,bc+maskable_ppo] [--scope config|full]
        [--backend local|ray|inline] [--jobs J] [--address ...] [--out runs/algorithms]

The protocol (docs/training.md, "Algorithms side by side"):

* **One budget, demonstrations counted.** Every row but ``control`` and ``bc`` is trained with the
  budget of env steps (``--steps``); a row that starts from behaviour cloning spends part of it on
  the demonstrations: each recorded decision of the book's games is one env step (the clone's
  ``samples``), and only the rest is reinforcement learning. ``control`` is the ``maskable_ppo``
  row's network of the same seed before any step (0 env steps); ``bc`` is the clone alone (its
  demonstrations are its steps). Every run records its ``budget``, its ``demo_steps``, ``rl_steps``
  and ``env_steps``; the tables are refused (nothing written, the runs named) while a run has fewer
  env steps than its budget.
* **Evaluation apart from training.** Run ``k`` (seeds 0 to ``--seeds`` - 1, at most 999) trains on
  its env seeds ``k * 1000 + rank`` (whose games draw 62-bit game seeds), its demonstrations on game
  seeds ``k * 100_003 + g`` and its search labels on ``(k * 1000 + round) * 1_000_003 + g``; it is
  evaluated in ``--games`` mirror games against by-the-book with the match seed
  ``EVAL_SEED_BASE + k`` (2,000,000 + k: game seeds from 2,000,006,000,000 on), a seed of its own that
  no training run uses, so the interval across seeds holds the evaluation's noise too.
* **One decision scope in every row** (``--scope``): ``config``: every row decides what the
  ruleset's MaskablePPO config decides (its ``decisions``, ``action_kinds``, ``advisor_keeps``,
  ``macros``) - unmasked rows (``ppo``, ``dqn``) cannot be held to a scope in training and are
  refused; ``full``: every row decides every decision (no scope, no macros), the one scope that
  every algorithm can share.

Rows (each from the ruleset's configs in configs/<ruleset>/, with total_timesteps set to the
budget, rollout and replay sizes cut to fit it, a batched env's games in the learner's process
(``workers: 0``: runs side by side share the cores), evaluation only at the end):

* ``control``: the ``maskable_ppo`` row's initial network (the same seed), evaluated untrained;
* ``maskable_ppo``: the MaskablePPO config without its warm start (from scratch);
* ``ppo``: ``ppo.yaml`` without its warm start (unmasked: in training an illegal action ends the
  episode as a loss; in evaluation the legal action it scores highest is played); a ruleset
  without one: its MaskablePPO config with the algorithm swapped (``--scope full`` only);
* ``dqn``: ``dqn.yaml`` (unmasked, from scratch; in evaluation the legal action of highest value);
  a ruleset without one: its MaskablePPO config's env and teams with Value Add's ``dqn.yaml``
  algorithm part (``--scope full`` only);
* ``bc``: behaviour cloning of the book alone (the MaskablePPO config's warm start, no RL step);
* ``bc+maskable_ppo``: the ``bc`` row's clone of the same seed (made first where it is missing),
  then the budget less its demonstrations of MaskablePPO;
* ``search_distilled``: the ``bc`` clone of the same seed, then ``--distill-rounds`` rounds of
  ``coachgym distill`` whose labelling games give the learner the budget less the demonstrations
  in policy decisions (``coachgym.training.distill.DistillRun``).

The runs go through the runner's backends (``coachgym.training.sweep``: each a normal training run
in ``<out>/<ruleset>/<row>-seed<k>/``). Each finished run's summary is kept in that folder's
``result.json``; a rerun with the same settings reads those back and runs only the missing ones,
and the tables are written again after every run (a partial table is never lost). Runs are ordered
seed by seed, so a table cut short has every row with fewer seeds. Writes, per ruleset,
``<out>/<ruleset>/algorithms.{json,md}``, and for all of them ``<out>/algorithms.{json,md,png}``
(with an aggregate over the rulesets: the IQM of every run, the bootstrap stratified by ruleset).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy import stats

from coachgym import rulesets
from coachgym.core.errors import ConfigError
from coachgym.core.runner import make_backend
from coachgym.training import config as tc
from coachgym.training.distill import DistillRun, DistillSettings
from coachgym.training.sweep import TrainRun, finished_run, latest_checkpoint
from coachgym.training.sweep import summarize as run_summary

ROWS = ("control", "maskable_ppo", "ppo", "dqn", "bc", "bc+maskable_ppo", "search_distilled")
UNMASKED = ("ppo", "dqn")
SCOPES = ("config", "full")
OPPONENT = "by-the-book"
SCOPE_KEYS = ("decisions", "action_kinds", "advisor_keeps", "macros")
RESAMPLES = 50_000  # rliable's default number of bootstrap resamples
# the search of the search_distilled row: 10% of the learner's decisions labelled, up to 3 options
# raced by 16 rollouts each, 40 decisions deep; the switch margin and fit are distill's defaults
DISTILL = DistillSettings(sample=0.1, budget=16, width=3, horizon=40)
MAX_SEEDS = 1000  # training seeds 0-999: env reset seeds k * 1000 + rank stay below 1,000,000
EVAL_SEED_BASE = 2_000_000  # run k is evaluated with the match seed EVAL_SEED_BASE + k (module docstring)
MATCH_STRIDE = 1_000_003  # run_match: game seed = match seed * 1_000_003 + pair
DEMO_STRIDE = 100_003  # pretrain.collect: game seed = seed * 100_003 + game


def eval_seed(k: int) -> int:
    """The evaluation match seed of training seed ``k`` (disjoint from every training seed)."""
    return EVAL_SEED_BASE + int(k)


def seed_ranges(seeds: int, games: int, demo_games: int, n_envs: int = 1, distill_rounds: int = 2,
                label_games: int = 1000) -> dict[str, list[tuple[int, int]]]:
    """Half-open ranges ``[lo, hi)`` of the seeds of a table's runs: ``env_reset`` (the RL envs' reset
    seeds; their games draw 62-bit game seeds from them), ``demo_games`` (the book's demonstration
    games), ``label_games`` (search distillation's labelling games), ``eval_games`` (one range per
    run: its mirror games against by-the-book). Documented in docs/training.md."""
    if not 1 <= seeds <= MAX_SEEDS:
        raise ConfigError(f"--seeds: 1 to {MAX_SEEDS}")
    pairs = (games + 1) // 2
    return {"env_reset": [(k * 1000, k * 1000 + n_envs) for k in range(seeds)],
            "demo_games": [(k * DEMO_STRIDE, k * DEMO_STRIDE + demo_games) for k in range(seeds)],
            "label_games": [((k * 1000 + r) * MATCH_STRIDE, (k * 1000 + r) * MATCH_STRIDE + label_games)
                            for k in range(seeds) for r in range(distill_rounds)],
            "eval_games": [(eval_seed(k) * MATCH_STRIDE, eval_seed(k) * MATCH_STRIDE + pairs) for k in range(seeds)]}


# ------------------------------------------------------------------------------------------ configs
def base_config(ruleset: str, algo: str) -> tuple[dict, str]:
    """The config data of ``algo`` in ``ruleset`` and where it comes from: its own file, or for PPO
    and DQN where the ruleset has none, one derived from its MaskablePPO config (module docstring)."""
    try:
        path = tc.default_config_path(ruleset, algo)
        return tc.load(path).to_dict(), str(path)
    except ConfigError:
        if algo == "maskable_ppo":
            raise
    path = tc.default_config_path(ruleset, "maskable_ppo")
    data = tc.load(path).to_dict()
    data["algo"] = algo
    for key in SCOPE_KEYS:
        data[key] = None
    if algo == "dqn":
        dqn = tc.load(tc.default_config_path("valueadd", "dqn")).to_dict()
        for key in ("advice", "pretrain", "hyperparameters", "n_envs", "vec_env", "workers", "update_threads"):
            data[key] = dqn[key]
        return data, f"{path} with configs/valueadd/dqn.yaml's algorithm"
    return data, f"{path} as {algo}"


def scope_label(ruleset: str, scope: str) -> str:
    """The decision scope every row of a ``scope`` table has, in words."""
    if scope == "full":
        return "every decision (no scope, no macros)"
    data = tc.load(tc.default_config_path(ruleset, "maskable_ppo")).to_dict()
    parts = [f"{k.replace('_', ' ')}: {', '.join(data[k])}" for k in SCOPE_KEYS if data.get(k)]
    return "the MaskablePPO config's (" + ("; ".join(parts) or "every decision") + "; the book makes the rest)"


def row_config(ruleset: str, row: str, steps: int, games: int, scope: str = "config") -> dict:
    """The config data of one row at a budget of ``steps`` env steps (demonstrations included) with the
    decision scope ``scope`` (``control``: the ``maskable_ppo`` row's; ``search_distilled``: its start,
    the ``bc`` row's config). Seeds are set by :func:`plan`."""
    if scope not in SCOPES:
        raise ConfigError(f"--scope: {scope!r}; one of {', '.join(SCOPES)}")
    if scope == "config" and row in UNMASKED:
        raise ConfigError(f"{row}: an unmasked learner cannot be held to the MaskablePPO config's decision scope "
                          "in training; use --scope full (every row decides every decision) or leave it out")
    algo = {"control": "maskable_ppo", "bc": "maskable_ppo", "bc+maskable_ppo": "maskable_ppo",
            "search_distilled": "maskable_ppo"}.get(row, row)
    data, source = base_config(ruleset, algo)
    if scope == "full":
        for key in SCOPE_KEYS:
            data[key] = None
    if row in ("control", "maskable_ppo", "ppo", "dqn"):
        data["pretrain"]["coach"] = None  # from scratch
    elif not data["pretrain"]["coach"]:
        raise ConfigError(f"{source}: no warm start (pretrain.coach) to clone the book with")
    data["total_timesteps"] = 0 if row in ("bc", "search_distilled") else steps
    data["evaluation"] = {"every": 0, "games": games, "opponents": [OPPONENT]}
    data["checkpoint_every"] = max(1, steps // 4)
    data["tensorboard"] = False
    if data["vec_env"] == "batched":
        data["workers"] = 0  # the games in the learner's process: two runs side by side share the cores
    hp = data["hyperparameters"]
    n_envs = data["n_envs"]
    if algo in ("maskable_ppo", "ppo"):  # at least four updates within the budget
        hp["n_steps"] = max(8, min(hp.get("n_steps", 2048), steps // (4 * n_envs)))
        hp["batch_size"] = min(hp.get("batch_size", 64), hp["n_steps"] * n_envs)
    else:
        hp["learning_starts"] = min(hp.get("learning_starts", 100), steps // 10)
        hp["buffer_size"] = min(hp.get("buffer_size", 1_000_000), steps)
        if "target_update_interval" in hp:
            hp["target_update_interval"] = min(hp["target_update_interval"], max(1, steps // 20))
    return tc.validate(data, f"{source} ({row} at {steps} steps)").to_dict()


def _same_start(a: dict, b: dict) -> bool:
    """Two configs that differ at most in their RL budget (the same warm start, seed included)."""
    def strip(c: dict) -> str:
        return _canonical({k: v for k, v in c.items() if k != "total_timesteps"})
    return strip(a) == strip(b)


def demo_steps(folder: str | Path) -> int:
    """The env steps of a finished clone's demonstrations (its recorded decisions), 0 without a clone."""
    meta = finished_run(folder, 0)
    return int(((meta or {}).get("pretrain") or {}).get("samples", 0))


def budgeted(summary: dict, budget: int, demos: int) -> dict:
    """A run's summary with its budget and env steps: RL steps plus demonstration steps."""
    rl = int(summary["steps"])
    return {**summary, "budget": int(budget), "demo_steps": int(demos), "rl_steps": rl, "env_steps": rl + int(demos)}


def _clone_folder(clone: TrainRun) -> Path:
    """The ``bc`` row's clone ``clone`` (a finished run of that very config), made where it is missing;
    under a lock file beside its folder, so that the rows sharing it (run side by side on one machine)
    make it once."""
    import fcntl

    folder = Path(clone.out)
    folder.parent.mkdir(parents=True, exist_ok=True)
    with open(folder.parent / f".{folder.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        meta = finished_run(folder, 0)
        if meta is None or _canonical(meta.get("config")) != _canonical(json.loads(json.dumps(clone.config))):
            TrainRun.run(clone)
    return folder


@dataclass(frozen=True)
class Budgeted(TrainRun):
    """A row that trains from scratch (or the clone alone): its summary records the budget."""

    budget: int = 0

    def run(self) -> dict:
        if self.config["pretrain"]["coach"]:  # the bc row: the clone, shared with the rows that start from it
            _clone_folder(self)
        summary = super().run()
        demos = demo_steps(self.out) if self.config["pretrain"]["coach"] else 0
        return budgeted(summary, demos if self.config_name == "bc" else self.budget, demos)


@dataclass(frozen=True)
class Control(TrainRun):
    """``control``: the initial network of the ``maskable_ppo`` row of the same seed (its config), no
    env step, evaluated as every other row."""

    budget: int = 0

    def run(self) -> dict:
        from coachgym.training.train import _algo_class, build_vec_env, evaluate

        cfg = tc.validate(self.config, f"{self.config_name} (seed {self.seed})")
        out = Path(self.out)
        out.mkdir(parents=True, exist_ok=True)
        venv = build_vec_env(cfg, out)
        try:
            model = _algo_class(cfg.algo)("MlpPolicy", venv, seed=cfg["seed"], device=cfg["device"],
                                          **dict(cfg["hyperparameters"]))
            ev = cfg["evaluation"]
            results = evaluate(model, cfg, venv, ev["games"], ev["opponents"], seed=ev["seed"])
        finally:
            venv.close()
        summary = {"config": self.config_name, "algo": cfg.algo, "seed": self.seed, "out": self.out, "steps": 0,
                   "train_seconds": 0.0, "train_steps_per_second": None, "evaluation": results,
                   "curve_points": [], "attempts": 1, "resumed_from": 0}
        return budgeted(summary, 0, 0)


@dataclass(frozen=True)
class AfterClone(TrainRun):
    """``bc+maskable_ppo``: the ``bc`` row's clone of the same seed (``clone``: that run, made first
    where it is missing; the same config but the budget), then the budget less the clone's
    demonstrations of MaskablePPO, loaded from its ``model.zip``."""

    clone: TrainRun | None = None
    budget: int = 0

    def run(self) -> dict:
        from coachgym.training.train import train

        out = Path(self.out)
        folder = _clone_folder(self.clone)
        demos = demo_steps(folder)
        rl = self.budget - demos
        if rl < 1:
            raise ConfigError(f"{self.config_name} (seed {self.seed}): the demonstrations ({demos:,} env steps) "
                              f"fill the budget of {self.budget:,}; raise --steps")
        cfg = tc.validate({**self.config, "total_timesteps": rl}, f"{self.config_name} (seed {self.seed})")
        meta = finished_run(out, rl)
        if meta is None:
            checkpoint, _ = latest_checkpoint(out)
            if checkpoint is None:
                out.mkdir(parents=True, exist_ok=True)
                for suffix in (".zip", ".json"):
                    shutil.copyfile(folder / f"model{suffix}", out / f"clone{suffix}")
                checkpoint = out / "clone.zip"
            meta = train(cfg, out, resume=checkpoint, progress=False)
        return budgeted(run_summary(self, meta, attempts=1, resumed_from=0), self.budget, demos)


@dataclass(frozen=True)
class DistilledAfterClone(DistillRun):
    """``search_distilled`` at a budget: its labelling games give the learner the budget less the
    clone's demonstrations (5% over, since whole games end the labelling at random)."""

    budget: int = 0

    def run(self) -> dict:
        from dataclasses import replace

        folder = _clone_folder(self.start)
        demos = demo_steps(folder)
        left = self.budget - demos
        if left < 1:
            raise ConfigError(f"search_distilled (seed {self.seed}): the demonstrations ({demos:,} env steps) fill "
                              f"the budget of {self.budget:,}; raise --steps")
        target = -(-left * 105 // 100)
        summary = DistillRun.run(replace(self, steps=target, start_from=str(folder)))
        return budgeted(summary, self.budget, demos)


def plan(ruleset: str, rows: list[str], seeds: int, steps: int, games: int, out: Path,
         distill_rounds: int = 2, scope: str = "config") -> list:
    """The runs of one ruleset's table, seed by seed (a table cut short has every row)."""
    if not 1 <= seeds <= MAX_SEEDS:
        raise ConfigError(f"--seeds: 1 to {MAX_SEEDS} (run k's evaluation seed is {EVAL_SEED_BASE:,} + k)")
    runs: list = []
    for seed in range(seeds):
        for row in rows:
            folder = out / f"{row}-seed{seed}"
            cfg = row_config(ruleset, row, steps, games, scope)
            cfg = {**cfg, "seed": seed, "evaluation": {**cfg["evaluation"], "seed": eval_seed(seed)}}
            if row in ("bc+maskable_ppo", "search_distilled"):  # the bc row's run of this seed
                clone = TrainRun({**cfg, "total_timesteps": 0}, "bc", str(out / f"bc-seed{seed}"))
            if row == "search_distilled":
                runs.append(DistilledAfterClone(clone, str(folder), steps, distill_rounds, DISTILL, games,
                                                start_from=clone.out, budget=steps))
            elif row == "bc+maskable_ppo":
                runs.append(AfterClone(cfg, row, str(folder), clone=clone, budget=steps))
            elif row == "control":
                runs.append(Control(cfg, row, str(folder), budget=0))
            else:
                runs.append(Budgeted(cfg, row, str(folder), budget=steps))
    return runs


def check_budgets(results: list[dict]) -> None:
    """Refuse (ConfigError naming them) runs with fewer env steps than their budget, or without one."""
    short = [f"{r.get('out', '?')}: {r.get('env_steps', 'no')} env steps of a budget of {r.get('budget', '?')}"
             for r in results if "budget" not in r or "env_steps" not in r or int(r["env_steps"]) < int(r["budget"])]
    if short:
        raise ConfigError("runs trained with fewer env steps than their budget (not published): " + "; ".join(short))


# ------------------------------------------------------------------------------------------ the cache
def run_key(run) -> dict:
    """What a cached result must have been made with to be read back."""
    if isinstance(run, DistillRun):
        return {"start": run.start.config, "steps": run.steps, "rounds": run.rounds, "eval_games": run.eval_games,
                "settings": {**run.settings.__dict__, "kinds": list(run.settings.kinds or [])},
                "budget": getattr(run, "budget", None)}
    return {"config": run.config, "row": run.config_name, "budget": getattr(run, "budget", None)}


def _canonical(x) -> str:
    return json.dumps(x, sort_keys=True, default=str)


def cached(run) -> dict | None:
    """The result of ``run`` kept in its folder's ``result.json`` by an earlier call, or None."""
    path = Path(run.out) / "result.json"
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if _canonical(data.get("key")) != _canonical(run_key(run)):
        return None  # made with other settings
    return data.get("result")


def keep(run, result: dict) -> None:
    """Write ``run``'s result to its folder's ``result.json`` (through a temporary file)."""
    folder = Path(run.out)
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / "result.json.tmp"
    tmp.write_text(json.dumps({"key": run_key(run), "result": result}, indent=1, default=str) + "\n")
    tmp.replace(folder / "result.json")


def run_all(runs: list, backend, *, progress: bool = True, on_result=None, run: bool = True) -> list:
    """Every run's result in the order of ``runs``: cached ones read back, the others run on
    ``backend`` (each kept as it finishes, then ``on_result(results so far)``); ``run=False``: only
    the cached ones (None for the others)."""
    results = [cached(r) for r in runs]
    todo = [i for i, r in enumerate(results) if r is None] if run else []

    def done(j: int, result: dict) -> None:
        i = todo[j]
        keep(runs[i], result)
        results[i] = result
        if on_result is not None:
            on_result([r for r in results if r is not None])

    if todo:
        backend.map([runs[i] for i in todo], progress=progress, desc="algorithm table runs", on_result=done)
    return results


# ------------------------------------------------------------------------------------------ statistics
def iqm(x) -> float:
    """The interquartile mean (scipy's 25% trimmed mean, as rliable's ``aggregate_iqm``)."""
    return float(stats.trim_mean(np.asarray(x, dtype=float), 0.25, axis=None))


def iqm_interval(samples: list, confidence: float = 0.95, resamples: int = RESAMPLES, seed: int = 0) -> tuple[float, float, float]:
    """IQM of every score and its percentile bootstrap interval, the runs resampled within each of
    ``samples`` (one array of per-seed scores per task: rliable's stratified bootstrap; one task: the
    plain bootstrap over seeds). ``(iqm, low, high)``; with no spread the interval is the point."""
    samples = [np.asarray(s, dtype=float) for s in samples if len(s)]
    if not samples:
        return float("nan"), float("nan"), float("nan")
    point = iqm(np.concatenate(samples))
    if sum(len(s) for s in samples) < 2 or all(np.ptp(s) == 0 for s in samples):
        return point, point, point

    # a task with one run resamples to itself: it joins every resample as it is (SciPy needs two)
    fixed = np.concatenate([s for s in samples if len(s) == 1] or [np.zeros(0)])
    varied = tuple(s for s in samples if len(s) > 1)

    def statistic(*xs, axis=-1):
        both = np.concatenate([*xs, np.broadcast_to(fixed, xs[0].shape[:-1] + fixed.shape)], axis=-1)
        return stats.trim_mean(both, 0.25, axis=-1)

    ci = stats.bootstrap(varied, statistic, confidence_level=confidence, n_resamples=resamples,
                         method="percentile", vectorized=True, random_state=np.random.default_rng(seed)).confidence_interval
    return point, float(ci.low), float(ci.high)


def win_rates(results: list[dict], row: str) -> list[float]:
    return [e["win_rate"] for r in results if r["config"] == row for e in r["evaluation"] if e["opponent"] == OPPONENT]


def summarize(results: list[dict], rows: list[str]) -> list[dict]:
    out = []
    for row in rows:
        rs = sorted((r for r in results if r["config"] == row), key=lambda r: r.get("seed", 0))
        wins = win_rates(rs, row)
        point, lo, hi = iqm_interval([wins])
        sps = [r["train_steps_per_second"] for r in rs if r["train_steps_per_second"]]
        wall = [r["train_seconds"] for r in rs if r["train_seconds"] is not None]

        def mean(key: str, rs=rs) -> int:
            return int(round(np.mean([r.get(key, r["steps"] if key == "env_steps" else 0) for r in rs]))) if rs else 0

        out.append({"algorithm": row, "seeds": len(rs), "budget": mean("budget"), "env_steps": mean("env_steps"),
                    "demo_steps": mean("demo_steps"), "rl_steps": mean("rl_steps"), "steps": mean("env_steps"),
                    "training_seeds": [r.get("seed", 0) for r in rs],
                    "evaluation_seeds": [eval_seed(r.get("seed", 0)) for r in rs],
                    "win_rates": wins, "iqm": point, "ci95": [lo, hi],
                    "steps_per_second": float(np.mean(sps)) if sps else None,
                    "wall_seconds": float(np.mean(wall)) if wall else None})
    return out


def aggregate(by_ruleset: dict[str, list[dict]], rows: list[str]) -> list[dict]:
    """Per row over the rulesets: the IQM of every run's win rate, the bootstrap stratified by ruleset."""
    out = []
    for row in rows:
        per = [win_rates(res, row) for res in by_ruleset.values()]
        point, lo, hi = iqm_interval(per)
        out.append({"algorithm": row, "rulesets": sum(1 for p in per if p), "runs": sum(len(p) for p in per),
                    "iqm": point, "ci95": [lo, hi]})
    return out


# ------------------------------------------------------------------------------------------ output
def to_markdown(summary: list[dict], ruleset: str, steps: int, games: int, scope: str | None = None) -> str:
    where = f", decision scope: {scope}" if scope else ""
    lines = [f"{ruleset}, a budget of {steps:,} env steps per run (demonstrations counted){where}; win rate against "
             f"{OPPONENT} in {games} mirror games per seed, each seed on evaluation seeds of its own "
             f"({EVAL_SEED_BASE:,} + seed) that no training run uses",
             "", "| algorithm | seeds | env steps (demonstrations + RL) | IQM win rate | 95% bootstrap interval | per seed "
             "| RL env steps/s | wall-clock s |",
             "| --- | ---: | --- | ---: | --- | --- | ---: | ---: |"]
    for s in summary:
        if not s["seeds"]:
            continue
        per = ", ".join(f"{w:.3f}" for w in s["win_rates"])
        sps = f"{s['steps_per_second']:,.0f}" if s["steps_per_second"] else "n/a (no RL step)"
        wall = f"{s['wall_seconds']:.0f}" if s["wall_seconds"] is not None else "n/a"
        env = f"{s['env_steps']:,}"
        if s.get("demo_steps"):
            env += f" ({s['demo_steps']:,} + {s['rl_steps']:,})"
        lines.append(f"| {s['algorithm']} | {s['seeds']} | {env} | {s['iqm']:.3f} | {s['ci95'][0]:.3f}-{s['ci95'][1]:.3f} | "
                     f"{per} | {sps} | {wall} |")
    return "\n".join(lines)


def aggregate_markdown(agg: list[dict]) -> str:
    lines = ["All rulesets: IQM of every run's win rate, 95% bootstrap interval stratified by ruleset", "",
             "| algorithm | rulesets | runs | IQM win rate | 95% bootstrap interval |", "| --- | ---: | ---: | ---: | --- |"]
    lines += [f"| {a['algorithm']} | {a['rulesets']} | {a['runs']} | {a['iqm']:.3f} | {a['ci95'][0]:.3f}-{a['ci95'][1]:.3f} |"
              for a in agg if a["runs"]]
    return "\n".join(lines)


def plot(summaries: dict[str, list[dict]], agg: list[dict] | None, path: Path, steps: int, games: int) -> Path:
    from coachgym.present.plots import plot_interval_estimates

    panels = {rulesets.get(name).title: {s["algorithm"]: (s["iqm"], *s["ci95"]) for s in summary if s["seeds"]}
              for name, summary in summaries.items()}
    if agg is not None:
        panels["all rulesets"] = {a["algorithm"]: (a["iqm"], *a["ci95"]) for a in agg if a["runs"]}
    return plot_interval_estimates(panels, path, xlabel="win rate vs by-the-book (IQM, 95% CI)", reference=0.5, xlim=(0, 1),
                                   title=f"{steps:,} env steps per run, {games} mirror games per seed against by-the-book")


def recorded_evaluation_seed(result: dict) -> int | None:
    """The evaluation match seed a finished run was made with (its ``result.json``'s settings)."""
    try:
        key = json.loads((Path(result["out"]) / "result.json").read_text())["key"]
        return int((key.get("config") or key.get("start"))["evaluation"]["seed"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write(out: Path, names: list[str], results: list[dict], rows: list[str], steps: int, games: int, *,
          with_plot: bool = True, scope: str = "config") -> str:
    """Write every table (and the plot) from the results so far; the combined Markdown. Refuses
    (ConfigError, nothing written) while a run has fewer env steps than its budget."""
    check_budgets(results)
    results = [{**r, "evaluation_seed": recorded_evaluation_seed(r)} for r in results]
    by_ruleset = {n: [r for r in results if Path(r["out"]).parent == out / n] for n in names}
    summaries, texts = {}, []
    for n in names:
        summaries[n] = summarize(by_ruleset[n], rows)
        label = scope_label(n, scope)
        text = to_markdown(summaries[n], n, steps, games, label)
        (out / n).mkdir(parents=True, exist_ok=True)
        (out / n / "algorithms.json").write_text(json.dumps({"ruleset": n, "steps": steps, "games": games,
                                                             "scope": scope, "scope_label": label,
                                                             "evaluation_seed_base": EVAL_SEED_BASE,
                                                             "summary": summaries[n], "runs": by_ruleset[n]},
                                                            indent=1, default=str) + "\n")
        (out / n / "algorithms.md").write_text(text + "\n")
        texts.append(text)
    agg = aggregate(by_ruleset, rows) if len(names) > 1 else None
    if agg is not None:
        texts.append(aggregate_markdown(agg))
    combined = "\n\n".join(texts)
    (out / "algorithms.md").write_text(combined + "\n")
    (out / "algorithms.json").write_text(json.dumps({"rulesets": names, "steps": steps, "games": games, "scope": scope,
                                                     "evaluation_seed_base": EVAL_SEED_BASE,
                                                     "summary": summaries, "aggregate": agg}, indent=1) + "\n")
    if with_plot and any(s["seeds"] for v in summaries.values() for s in v):
        plot(summaries, agg, out / "algorithms.png", steps, games)
    return combined


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="+", metavar="RULESET")
    ap.add_argument("--steps", type=int, default=200_000,
                    help="the budget: env steps per run, demonstrations counted (default 200,000)")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--games", type=int, default=200, help="mirror games against by-the-book per seed")
    ap.add_argument("--algos", default=",".join(ROWS), help=f"rows, comma-separated (default: {','.join(ROWS)})")
    ap.add_argument("--scope", default="config", choices=SCOPES,
                    help="the decision scope of every row: the MaskablePPO config's, or every decision (default: config)")
    ap.add_argument("--distill-rounds", type=int, default=2, help="search_distilled: rounds of label and fit")
    ap.add_argument("--backend", default="local", choices=["local", "ray", "inline"])
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--address", default=None)
    ap.add_argument("--out", type=Path, default=None, help="default runs/algorithms (one ruleset: runs/<ruleset>-algorithms)")
    ap.add_argument("--no-progress", action="store_true")
    ap.add_argument("--tables-only", action="store_true",
                    help="write the tables and the plot from the runs kept so far; run nothing")
    args = ap.parse_args(argv)
    try:
        names = [rulesets.get(r).name for r in args.rulesets]
    except ConfigError as exc:
        sys.exit(str(exc))
    rows = [r for r in args.algos.split(",") if r]
    for r in rows:
        if r not in ROWS:
            sys.exit(f"--algos: unknown row {r!r}; rows: {', '.join(ROWS)}")
    if args.distill_rounds < 1:
        sys.exit("--distill-rounds: at least 1")
    default = Path("runs") / (f"{names[0]}-algorithms" if len(names) == 1 else "algorithms")
    out = (args.out or default).resolve()
    try:
        per = {n: plan(n, rows, args.seeds, args.steps, args.games, out / n, args.distill_rounds, args.scope)
               for n in names}
    except ConfigError as exc:
        sys.exit(str(exc))
    # seed by seed across the rulesets: a table cut short has every row of every ruleset
    width = len(rows)
    runs = [run for k in range(args.seeds) for n in names for run in per[n][k * width:(k + 1) * width]]

    def partial(so_far: list[dict]) -> None:
        try:
            write(out, names, so_far, rows, args.steps, args.games, with_plot=False, scope=args.scope)
        except ConfigError as exc:
            print(f"tables not written: {exc}", file=sys.stderr)

    try:
        with make_backend(args.backend, jobs=args.jobs, address=args.address) as backend:
            results = run_all(runs, backend, progress=not args.no_progress, on_result=partial, run=not args.tables_only)
    except ConfigError as exc:  # a row that cannot keep to the budget (the runs finished so far are kept)
        sys.exit(str(exc))
    try:
        text = write(out, names, [r for r in results if r is not None], rows, args.steps, args.games, scope=args.scope)
    except ConfigError as exc:
        sys.exit(str(exc))
    print(text)
    print(f"wrote {out / 'algorithms.md'}, {out / 'algorithms.json'} and {out / 'algorithms.png'}")


if __name__ == "__main__":
    main()
