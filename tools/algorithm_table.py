"""Algorithms side by side at one budget of env steps, in one ruleset or several: win rate against
by-the-book over seeds, with the interquartile mean and a 95% stratified bootstrap interval (the
rliable method, computed with SciPy), steps per second and wall-clock.

    python tools/algorithm_table.py RULESET [RULESET ...] [--steps 50000] [--seeds 5] [--games 200]
        [--algos maskable_ppo,ppo,dqn,bc,bc+maskable_ppo,search_distilled] [--backend local|ray|inline]
        [--jobs J] [--address ...] [--out runs/algorithms]

Rows (each from the ruleset's configs in configs/<ruleset>/, with total_timesteps set to --steps,
rollout and replay sizes cut to fit the budget, a batched env's games in the learner's process
(``workers: 0``: runs side by side share the cores), evaluation only at the end, --games mirror
games against by-the-book with the evaluation seed of every run):

* ``maskable_ppo``: the MaskablePPO config without its warm start (from scratch);
* ``ppo``: ``ppo.yaml`` without its warm start (masked only by the illegal-action rule: an illegal
  action ends the episode as a loss); a ruleset without one: its MaskablePPO config with the
  algorithm swapped, the book's advice kept in view and the policy's scope (decisions,
  action_kinds, advisor_keeps, macros) dropped, as Value Add's ``ppo.yaml`` is;
* ``dqn``: ``dqn.yaml`` (unmasked, from scratch); a ruleset without one: its MaskablePPO config's
  env and teams with Value Add's ``dqn.yaml`` algorithm part (one game, no advice, its
  hyperparameters);
* ``bc``: behaviour cloning of the book alone (the MaskablePPO config's warm start, no RL step);
* ``bc+maskable_ppo``: the MaskablePPO config as shipped (warm start, then --steps of MaskablePPO);
* ``search_distilled``: the ``bc`` clone of the same seed, then ``--distill-rounds`` rounds of
  ``coachgym distill`` (search labels, fit; ``training/distill.py``) whose labelling games give the
  learner about --steps policy decisions in all (its env steps: what the row's steps count), then
  the same final evaluation (``coachgym.training.distill.DistillRun``).

The runs go through the runner's backends (``coachgym.training.sweep``: each a normal training run
in ``<out>/<ruleset>/<row>-seed<k>/``). Each finished run's summary is kept in that folder's
``result.json``; a rerun with the same settings reads those back and runs only the missing ones,
and the tables are written again after every run (a partial table is never lost). Runs are ordered
seed by seed, so a table cut short has every row with fewer seeds. Writes, per ruleset,
``<out>/<ruleset>/algorithms.{json,md}``, and for all of them ``<out>/algorithms.{json,md,png}``
(with an aggregate over the rulesets: the IQM of every run, the bootstrap stratified by ruleset).
docs/training.md has tables made with it and the command that made them.
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

ROWS = ("maskable_ppo", "ppo", "dqn", "bc", "bc+maskable_ppo", "search_distilled")
OPPONENT = "by-the-book"
SCOPE_KEYS = ("decisions", "action_kinds", "advisor_keeps", "macros")
RESAMPLES = 50_000  # rliable's default number of bootstrap resamples
# the search of the search_distilled row: 10% of the learner's decisions labelled, up to 3 options
# raced by 16 rollouts each, 40 decisions deep; the switch margin and fit are distill's defaults
DISTILL = DistillSettings(sample=0.1, budget=16, width=3, horizon=40)


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


def row_config(ruleset: str, row: str, steps: int, games: int) -> dict:
    """The config data of one row at a budget of ``steps`` env steps (``search_distilled``: its
    start, the ``bc`` row's config)."""
    algo = {"bc": "maskable_ppo", "bc+maskable_ppo": "maskable_ppo", "search_distilled": "maskable_ppo"}.get(row, row)
    data, source = base_config(ruleset, algo)
    if row in ("maskable_ppo", "ppo", "dqn"):
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


@dataclass(frozen=True)
class AfterClone(TrainRun):
    """``bc+maskable_ppo``: the RL steps from the ``bc`` row's clone of the same seed (``clone``: its
    folder; the same config but the budget, so the clone this recipe would make), loaded from its
    ``model.zip`` rather than cloned again; where that run is not finished, the whole recipe."""

    clone: str = ""

    def run(self) -> dict:
        from coachgym.training.train import train

        out = Path(self.out)
        total = int(self.config["total_timesteps"])
        done = finished_run(out, total)
        if done is None and latest_checkpoint(out)[0] is None:
            meta = finished_run(self.clone, 0)
            if meta is not None and _same_start(meta["config"], json.loads(json.dumps(self.config))):
                out.mkdir(parents=True, exist_ok=True)
                for suffix in (".zip", ".json"):
                    shutil.copyfile(Path(self.clone) / f"model{suffix}", out / f"clone{suffix}")
                meta = train(tc.validate(self.config, f"{self.config_name} (seed {self.seed})"), out,
                             resume=out / "clone.zip", progress=False)
                return run_summary(self, meta, attempts=1, resumed_from=0)
        return super().run()


def plan(ruleset: str, rows: list[str], seeds: int, steps: int, games: int, out: Path,
         distill_rounds: int = 2) -> list:
    """The runs of one ruleset's table, seed by seed (a table cut short has every row)."""
    runs: list = []
    for seed in range(seeds):
        for row in rows:
            folder = out / f"{row}-seed{seed}"
            cfg = {**row_config(ruleset, row, steps, games), "seed": seed}
            if row == "search_distilled":
                runs.append(DistillRun(TrainRun(cfg, "bc", str(folder / "start")), str(folder), steps, distill_rounds,
                                       DISTILL, games, start_from=str(out / f"bc-seed{seed}")))
            elif row == "bc+maskable_ppo":
                runs.append(AfterClone(cfg, row, str(folder), clone=str(out / f"bc-seed{seed}")))
            else:
                runs.append(TrainRun(cfg, row, str(folder)))
    return runs


# ------------------------------------------------------------------------------------------ the cache
def run_key(run) -> dict:
    """What a cached result must have been made with to be read back."""
    if isinstance(run, DistillRun):
        return {"start": run.start.config, "steps": run.steps, "rounds": run.rounds, "eval_games": run.eval_games,
                "settings": {**run.settings.__dict__, "kinds": list(run.settings.kinds or [])}}
    return {"config": run.config}


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
        out.append({"algorithm": row, "seeds": len(rs), "steps": int(np.mean([r["steps"] for r in rs])) if rs else 0,
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
def to_markdown(summary: list[dict], ruleset: str, steps: int, games: int) -> str:
    lines = [f"{ruleset}, {steps:,} env steps per run, win rate against {OPPONENT} in {games} mirror games per seed",
             "", "| algorithm | seeds | IQM win rate | 95% bootstrap interval | per seed | env steps/s | wall-clock s |",
             "| --- | ---: | ---: | --- | --- | ---: | ---: |"]
    for s in summary:
        if not s["seeds"]:
            continue
        per = ", ".join(f"{w:.3f}" for w in s["win_rates"])
        sps = f"{s['steps_per_second']:,.0f}" if s["steps_per_second"] else "n/a (no RL step)"
        wall = f"{s['wall_seconds']:.0f}" if s["wall_seconds"] is not None else "n/a"
        name = s["algorithm"] + (f" ({s['steps']:,} steps)" if s["steps"] and s["steps"] != steps else "")
        lines.append(f"| {name} | {s['seeds']} | {s['iqm']:.3f} | {s['ci95'][0]:.3f}-{s['ci95'][1]:.3f} | "
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


def write(out: Path, names: list[str], results: list[dict], rows: list[str], steps: int, games: int, *,
          with_plot: bool = True) -> str:
    """Write every table (and the plot) from the results so far; the combined Markdown."""
    by_ruleset = {n: [r for r in results if Path(r["out"]).parent == out / n] for n in names}
    summaries, texts = {}, []
    for n in names:
        summaries[n] = summarize(by_ruleset[n], rows)
        text = to_markdown(summaries[n], n, steps, games)
        (out / n).mkdir(parents=True, exist_ok=True)
        (out / n / "algorithms.json").write_text(json.dumps({"ruleset": n, "steps": steps, "games": games,
                                                             "summary": summaries[n], "runs": by_ruleset[n]},
                                                            indent=1, default=str) + "\n")
        (out / n / "algorithms.md").write_text(text + "\n")
        texts.append(text)
    agg = aggregate(by_ruleset, rows) if len(names) > 1 else None
    if agg is not None:
        texts.append(aggregate_markdown(agg))
    combined = "\n\n".join(texts)
    (out / "algorithms.md").write_text(combined + "\n")
    (out / "algorithms.json").write_text(json.dumps({"rulesets": names, "steps": steps, "games": games,
                                                     "summary": summaries, "aggregate": agg}, indent=1) + "\n")
    if with_plot and any(s["seeds"] for v in summaries.values() for s in v):
        plot(summaries, agg, out / "algorithms.png", steps, games)
    return combined


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="+", metavar="RULESET")
    ap.add_argument("--steps", type=int, default=50_000, help="env steps per run (default 50,000)")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--games", type=int, default=200, help="mirror games against by-the-book per seed")
    ap.add_argument("--algos", default=",".join(ROWS), help=f"rows, comma-separated (default: {','.join(ROWS)})")
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
        per = {n: plan(n, rows, args.seeds, args.steps, args.games, out / n, args.distill_rounds) for n in names}
    except ConfigError as exc:
        sys.exit(str(exc))
    # seed by seed across the rulesets: a table cut short has every row of every ruleset
    width = len(rows)
    runs = [run for k in range(args.seeds) for n in names for run in per[n][k * width:(k + 1) * width]]
    with make_backend(args.backend, jobs=args.jobs, address=args.address) as backend:
        results = run_all(runs, backend, progress=not args.no_progress,
                          on_result=lambda so_far: write(out, names, so_far, rows, args.steps, args.games,
                                                         with_plot=False), run=not args.tables_only)
    text = write(out, names, [r for r in results if r is not None], rows, args.steps, args.games)
    print(text)
    print(f"wrote {out / 'algorithms.md'}, {out / 'algorithms.json'} and {out / 'algorithms.png'}")


if __name__ == "__main__":
    main()
