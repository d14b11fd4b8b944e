"""Learning curves on the academy's scenarios (docs/academy.md "Learning shown"): MaskablePPO from
scratch (no demonstrations, no advice: the agent makes every decision of its side), a fixed budget of
env steps, several seeds, evaluated on the protocol's evaluation seeds (``EVAL_SEED_BASE + i``, never
used in training) at the 0-step control point and at ``--points`` points along the curve.

Resumable: each (scenario, seed) run keeps its last checkpoint and its curve in
``OUT/SCENARIO/seedK/``; run the same command again to go on where it stopped. Compute time (CPU
seconds of this process, training and evaluation apart) is recorded with every point.

    nice -n 10 python -m coachgym.training.academy_sweep --scenarios valueadd-last9-down6 \\
        --steps 50000 --seeds 0,1,2 --points 10 --episodes 200 --out runs/academy
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from ..core.errors import ConfigError
from ..envs import academy as A

ALGO = "maskable_ppo"
HYPERPARAMETERS = {"learning_rate": 3e-4, "n_steps": 1024, "batch_size": 256, "n_epochs": 4, "gamma": 1.0,
                   "gae_lambda": 0.95, "ent_coef": 0.01, "clip_range": 0.2,
                   "policy_kwargs": {"net_arch": [128, 128]}}
N_ENVS = 2


def training_seed(seed: int) -> int:
    """The env seed of training run ``seed`` (below the evaluation seeds: the two sets are disjoint)."""
    s = 1000 * seed
    if not 0 <= s < A.TRAIN_SEED_LIMIT:
        raise ConfigError(f"--seeds: {seed} gives a training seed outside 0..{A.TRAIN_SEED_LIMIT - 1}")
    return s


def evaluate_model(model, scenario_id: str, episodes: int) -> tuple[float, float, float]:
    """The model's deterministic policy (the best legal action) over the evaluation seeds: the mean
    score and its 95% interval (the protocol of ``coachgym academy evaluate``)."""
    from ..strategy.sprt import mean_interval
    from .policy_file import from_sb3

    policy = from_sb3(model)  # the same network in NumPy (its logits; much faster per decision than predict)
    env = A.make(scenario_id)
    scores = []
    for i in range(episodes):
        obs, info = env.reset(seed=A.EVAL_SEED_BASE + i)
        done = False
        while not done:
            legal = env.game.decision.legal
            if policy is not None:
                logits = policy.scores(obs)
                action = max(legal, key=lambda a: (logits[a], -a))  # the legal action scored highest
            else:
                action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, term, trunc, info = env.step(int(action))
            done = term or trunc
        scores.append(env.score())
    m, (lo, hi) = mean_interval(scores)
    return m, lo, hi


def _make_vec(scenario_id: str, seed: int):
    from stable_baselines3.common.vec_env import DummyVecEnv

    def one(k):
        def f():
            env = A.make(scenario_id)
            env.reset(seed=training_seed(seed) + k)
            return env
        return f

    vec = DummyVecEnv([one(k) for k in range(N_ENVS)])
    vec.seed(training_seed(seed))
    return vec


def run(scenario_id: str, seed: int, steps: int, points: int, episodes: int, out: Path, log=print) -> dict:
    import torch
    from sb3_contrib import MaskablePPO

    from . import metadata as md

    torch.set_num_threads(1)
    sc = A.scenario(scenario_id)
    folder = out / scenario_id / f"seed{seed}"
    folder.mkdir(parents=True, exist_ok=True)
    curve_file = folder / "curve.json"
    ckpt = folder / "model.zip"
    config = {"algo": ALGO, "scenario": scenario_id, "steps": steps, "points": points, "episodes": episodes,
              "n_envs": N_ENVS, "hyperparameters": HYPERPARAMETERS, "seed": seed,
              "training_env_seed": training_seed(seed), "decision_scope": "every decision of the studied side",
              "opponent": "by-the-book"}
    state = json.loads(curve_file.read_text()) if curve_file.is_file() else None
    if state and state["config"] != config:
        raise ConfigError(f"{curve_file}: made with another configuration; use another --out or delete it")
    if state is None:
        state = {"config": config, "curve": [], "train_cpu_seconds": 0.0, "eval_cpu_seconds": 0.0}
    marks = [round(steps * k / points) for k in range(points + 1)]
    vec = _make_vec(scenario_id, seed)
    if ckpt.is_file() and state["curve"]:
        model = MaskablePPO.load(ckpt, env=vec, device="cpu")
    else:
        model = MaskablePPO("MlpPolicy", vec, seed=seed, device="cpu", verbose=0, **HYPERPARAMETERS)
        state["curve"] = []
    done_marks = {p["steps"] for p in state["curve"]}
    for mark in marks:
        if mark in done_marks:
            continue
        todo = mark - model.num_timesteps
        if todo > 0:
            t0 = time.process_time()
            model.learn(total_timesteps=todo, reset_num_timesteps=False)
            state["train_cpu_seconds"] += time.process_time() - t0
        t0 = time.process_time()
        m, lo, hi = evaluate_model(model, scenario_id, episodes)
        state["eval_cpu_seconds"] += time.process_time() - t0
        state["curve"].append({"steps": mark, "env_steps": int(model.num_timesteps), "mean": m, "low": lo, "high": hi,
                               "train_cpu_seconds": round(state["train_cpu_seconds"], 1)})
        model.save(ckpt)
        meta = md.build(sc.ruleset, config={"algo": ALGO, "academy": config}, seed=seed,
                        steps=int(model.num_timesteps), rule_options={},
                        note=f"academy sweep: {scenario_id}, MaskablePPO from scratch")
        md.save(ckpt, meta)
        tmp = curve_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(state, indent=1) + "\n")
        tmp.replace(curve_file)
        log(f"{scenario_id} seed {seed}: {model.num_timesteps:>7} steps  {sc.score_name} {m:.3f} ({lo:.3f}-{hi:.3f})  "
            f"train {state['train_cpu_seconds']:.0f} CPU s, eval {state['eval_cpu_seconds']:.0f} CPU s")
    return state


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scenarios", required=True, help="comma-separated scenario ids")
    p.add_argument("--steps", type=int, default=50_000, help="env steps per run (default 50000)")
    p.add_argument("--seeds", default="0,1,2", help="comma-separated training seeds (default 0,1,2)")
    p.add_argument("--points", type=int, default=10, help="evaluation points after the 0-step control (default 10)")
    p.add_argument("--episodes", type=int, default=200, help="evaluation episodes per point (default 200)")
    p.add_argument("--out", type=Path, default=Path("runs/academy"))
    a = p.parse_args(argv)
    try:
        ids = [s.strip() for s in a.scenarios.split(",") if s.strip()]
        for sid in ids:
            A.scenario(sid)
        seeds = [int(s) for s in a.seeds.split(",")]
        if a.steps < 1 or a.points < 1 or a.episodes < 2:
            raise ConfigError("--steps and --points must be positive, --episodes at least 2")
        for seed in seeds:  # seed-major: every scenario has as many seeds as the time allowed
            for sid in ids:
                run(sid, seed, a.steps, a.points, a.episodes, a.out, log=lambda s: print(s, flush=True))
    except (ConfigError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sys.exit(main())
