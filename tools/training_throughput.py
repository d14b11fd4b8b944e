"""PPO training throughput per ruleset: environment steps per second while learning, with the shipped
config's setup (advice, scope, network, batch size, epochs), no behaviour cloning, evaluation or
checkpoints.

    python tools/training_throughput.py [--steps N] [--vec-env batched|subproc|dummy] [--n-envs K]
                                        [--workers W] [--reference] [RULESET ...]

The default is the batched path (``vec_env: batched``: 32 games in one worker process per core, one
policy call for all of them). ``--reference`` measures, right before it, the path the configs used
until now: 2 games in ``SubprocVecEnv`` processes. Every run collects the same rollout per update
(``--steps`` transitions in all, ``n_steps`` = steps / games), so the PPO update costs the same.

Prints per run: wall-clock steps per second while learning, steps per CPU second (the learner and
its env workers together, from /proc: the figure that depends least on what else the machine runs),
the learner process's share of that CPU (the part that does not run in parallel with the games:
policy calls and the PPO update) and the load average before the run. On a shared machine compare
figures measured back to back.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from coachgym import rulesets
from coachgym.training import config as tc
from coachgym.training.train import train


def measure(name: str, steps: int, vec_env: str, n_envs: int, workers: int | None, update_threads: int | None = None) -> dict:
    cfg = tc.load(tc.default_config_path(name))
    cfg.data.update({"total_timesteps": steps, "n_envs": n_envs, "vec_env": vec_env, "workers": workers,
                     "checkpoint_every": 0, "tensorboard": False})
    if update_threads:
        cfg.data["update_threads"] = update_threads
    cfg.data["pretrain"]["coach"] = None
    cfg.data["evaluation"]["every"] = 0
    cfg.data["evaluation"]["games"] = 2
    hp = cfg.data["hyperparameters"]
    hp["n_steps"] = max(1, steps // n_envs)  # one update over `steps` transitions, whatever the games
    hp["batch_size"] = min(hp.get("batch_size", 64), hp["n_steps"] * n_envs)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    with tempfile.TemporaryDirectory() as out:
        started = time.time()
        meta = train(cfg, out, progress=False)
        wall = time.time() - started
    learned = meta["steps"]
    cpu, learner = meta.get("train_cpu_seconds"), meta.get("train_cpu_seconds_learner")
    return {"ruleset": name, "vec_env": vec_env, "n_envs": n_envs, "workers": workers, "steps": learned,
            "update_threads": cfg.data.get("update_threads"),
            "steps_per_second": meta["train_steps_per_second"],
            "steps_per_cpu_second": round(learned / cpu, 1) if cpu else None,
            "learner_cpu_share": round(learner / cpu, 3) if cpu and learner is not None else None,
            "load_before": round(load, 1), "wall_seconds": round(wall, 1)}


def describe(r: dict) -> str:
    setup = (f"{r['n_envs']} games in {r['workers'] if r['workers'] is not None else 'one per core'} worker processes"
             if r["vec_env"] == "batched" else f"{r['n_envs']} games, {r['vec_env']}")
    if r["vec_env"] == "batched" and r["workers"] == 0:
        setup = f"{r['n_envs']} games in the learner's process"
    if r.get("update_threads"):
        setup += f", {r['update_threads']} torch threads for the update"
    cpu = f"{r['steps_per_cpu_second']:,.0f}" if r["steps_per_cpu_second"] else "n/a"
    share = f", {100 * r['learner_cpu_share']:.0f}% of the CPU in the learner's process" if r["learner_cpu_share"] else ""
    return (f"{r['ruleset']:<13} {r['steps_per_second']:>7,.0f} steps/s  {cpu:>7} steps/CPU-s  ({setup}{share}; "
            f"{r['steps']:,} steps, {r['wall_seconds']:.0f} s in all, load average before {r['load_before']})")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="*", help="rulesets (default: all)")
    ap.add_argument("--steps", type=int, default=32768, help="steps per run, one PPO update (default 32768)")
    ap.add_argument("--vec-env", default="batched", choices=["batched", "subproc", "dummy"])
    ap.add_argument("--n-envs", type=int, default=32, help="games stepped together (default 32)")
    ap.add_argument("--workers", type=int, default=None,
                    help="batched: worker processes (default one per core; 0: in the learner's process)")
    ap.add_argument("--update-threads", type=int, default=None,
                    help="torch threads for the PPO update (default: the config's; the rollout keeps torch_threads)")
    ap.add_argument("--reference", action="store_true",
                    help="first measure the reference setup (2 games in SubprocVecEnv processes)")
    args = ap.parse_args(argv)
    names = [rulesets.get(n).name for n in args.rulesets] or [e.name for e in rulesets.entries()]
    for name in names:
        if args.reference:
            print(describe(measure(name, args.steps, "subproc", 2, None)), flush=True)
        print(describe(measure(name, args.steps, args.vec_env, args.n_envs, args.workers, args.update_threads)), flush=True)


if __name__ == "__main__":
    main()
