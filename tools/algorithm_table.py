"""Algorithms side by side at one budget of env steps: win rate against by-the-book over seeds, with
the interquartile mean and a 95% bootstrap interval (the rliable method, computed with SciPy), steps
per second and wall-clock.

    python tools/algorithm_table.py RULESET [--steps 50000] [--seeds 5] [--games 200]
        [--algos maskable_ppo,ppo,dqn,bc,bc+maskable_ppo] [--backend local|ray|inline] [--jobs J]
        [--address ...] [--out runs/<ruleset>-algorithms]

Rows (each from the ruleset's configs in configs/<ruleset>/, with total_timesteps set to --steps,
rollout and replay sizes cut to fit the budget, evaluation only at the end, --games mirror games
against by-the-book with the evaluation seed of every run):

* ``maskable_ppo``: the MaskablePPO config without its warm start (from scratch);
* ``ppo``: ``ppo.yaml`` without its warm start (masked only by the illegal-action rule: an illegal
  action ends the episode as a loss);
* ``dqn``: ``dqn.yaml`` (unmasked, from scratch);
* ``bc``: behaviour cloning of the book alone (the MaskablePPO config's warm start, no RL step);
* ``bc+maskable_ppo``: the MaskablePPO config as shipped (warm start, then --steps of MaskablePPO).

The runs go through ``coachgym.training.sweep`` (each a normal training run in
``<out>/<row>-seed<k>/``; a run started again goes on from its checkpoint or is read back), on any
runner backend. Writes ``algorithms.json`` and ``algorithms.md``. docs/training.md has a table made
with it and the command that made it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from scipy import stats

from coachgym import rulesets
from coachgym.core.errors import ConfigError
from coachgym.core.runner import make_backend
from coachgym.training import config as tc
from coachgym.training.sweep import TrainRun, run_sweep

ROWS = ("maskable_ppo", "ppo", "dqn", "bc", "bc+maskable_ppo")
OPPONENT = "by-the-book"


def row_config(ruleset: str, row: str, steps: int, games: int) -> dict:
    """The config data of one row at a budget of ``steps`` env steps."""
    algo = {"bc": "maskable_ppo", "bc+maskable_ppo": "maskable_ppo"}.get(row, row)
    path = tc.default_config_path(ruleset, algo)
    data = tc.load(path).to_dict()
    if row in ("maskable_ppo", "ppo", "dqn"):
        data["pretrain"]["coach"] = None  # from scratch
    elif not data["pretrain"]["coach"]:
        raise ConfigError(f"{path}: no warm start (pretrain.coach) to clone the book with")
    data["total_timesteps"] = 0 if row == "bc" else steps
    data["evaluation"] = {"every": 0, "games": games, "opponents": [OPPONENT]}
    data["checkpoint_every"] = max(1, steps // 4)
    data["tensorboard"] = False
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
    return tc.validate(data, f"{path} ({row} at {steps} steps)").to_dict()


def iqm(x: np.ndarray) -> float:
    return float(stats.trim_mean(x, 0.25))


def summarize(results: list[dict], rows: list[str]) -> list[dict]:
    out = []
    for row in rows:
        rs = [r for r in results if r["config"] == row]
        wins = np.array([e["win_rate"] for r in rs for e in r["evaluation"] if e["opponent"] == OPPONENT])
        if len(wins) > 1 and np.ptp(wins) > 0:
            ci = stats.bootstrap((wins,), iqm, confidence_level=0.95, n_resamples=5000, method="percentile",
                                 random_state=np.random.default_rng(0)).confidence_interval
            lo, hi = float(ci.low), float(ci.high)
        else:
            lo = hi = iqm(wins) if len(wins) else float("nan")
        sps = [r["train_steps_per_second"] for r in rs if r["train_steps_per_second"]]
        wall = [r["train_seconds"] for r in rs if r["train_seconds"] is not None]
        out.append({"algorithm": row, "seeds": len(rs), "steps": rs[0]["steps"] if rs else 0,
                    "win_rates": wins.tolist(), "iqm": iqm(wins) if len(wins) else float("nan"), "ci95": [lo, hi],
                    "steps_per_second": float(np.mean(sps)) if sps else None,
                    "wall_seconds": float(np.mean(wall)) if wall else None})
    return out


def to_markdown(summary: list[dict], ruleset: str, steps: int, games: int) -> str:
    lines = [f"{ruleset}, {steps:,} env steps per run, win rate against {OPPONENT} in {games} mirror games per seed",
             "", "| algorithm | seeds | IQM win rate | 95% bootstrap interval | per seed | env steps/s | wall-clock s |",
             "| --- | ---: | ---: | --- | --- | ---: | ---: |"]
    for s in summary:
        per = ", ".join(f"{w:.3f}" for w in s["win_rates"])
        sps = f"{s['steps_per_second']:,.0f}" if s["steps_per_second"] else "n/a (no RL step)"
        wall = f"{s['wall_seconds']:.0f}" if s["wall_seconds"] is not None else "n/a"
        lines.append(f"| {s['algorithm']} | {s['seeds']} | {s['iqm']:.3f} | {s['ci95'][0]:.3f}-{s['ci95'][1]:.3f} | "
                     f"{per} | {sps} | {wall} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ruleset")
    ap.add_argument("--steps", type=int, default=50_000, help="env steps per run (default 50,000)")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--games", type=int, default=200, help="mirror games against by-the-book per seed")
    ap.add_argument("--algos", default=",".join(ROWS), help=f"rows, comma-separated (default: {','.join(ROWS)})")
    ap.add_argument("--backend", default="local", choices=["local", "ray", "inline"])
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--address", default=None)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--no-progress", action="store_true")
    args = ap.parse_args(argv)
    rs = rulesets.get(args.ruleset)
    rows = [r for r in args.algos.split(",") if r]
    for r in rows:
        if r not in ROWS:
            sys.exit(f"--algos: unknown row {r!r}; rows: {', '.join(ROWS)}")
    out = (args.out or Path("runs") / f"{rs.name}-algorithms").resolve()
    try:
        runs = [TrainRun({**row_config(rs.name, row, args.steps, args.games), "seed": seed}, row,
                         str(out / f"{row}-seed{seed}")) for row in rows for seed in range(args.seeds)]
    except ConfigError as exc:
        sys.exit(str(exc))
    with make_backend(args.backend, jobs=args.jobs, address=args.address) as backend:
        results = run_sweep(runs, backend, progress=not args.no_progress)
    summary = summarize(results, rows)
    out.mkdir(parents=True, exist_ok=True)
    (out / "algorithms.json").write_text(json.dumps({"ruleset": rs.name, "steps": args.steps, "games": args.games,
                                                     "summary": summary, "runs": results}, indent=1) + "\n")
    text = to_markdown(summary, rs.name, args.steps, args.games)
    (out / "algorithms.md").write_text(text + "\n")
    print(text)
    print(f"wrote {out / 'algorithms.json'} and {out / 'algorithms.md'}")


if __name__ == "__main__":
    main()
