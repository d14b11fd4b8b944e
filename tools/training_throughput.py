"""PPO training throughput per ruleset: environment steps per second with the shipped config's
setup (advice, scope, network), two environments in subprocesses (one per core), no behaviour
cloning, evaluation or checkpoints.

    python tools/training_throughput.py [STEPS] [RULESET ...]

Prints one line per ruleset. Run it on an otherwise idle machine: the figure is wall-clock.
"""

from __future__ import annotations

import sys
import tempfile
import time

from coachgym import rulesets
from coachgym.training import config as tc
from coachgym.training.train import train


def measure(name: str, steps: int) -> float:
    cfg = tc.load(tc.default_config_path(name))
    cfg.data.update({"total_timesteps": steps, "n_envs": 2, "vec_env": "subproc", "checkpoint_every": 0,
                     "tensorboard": False})
    cfg.data["pretrain"]["coach"] = None
    cfg.data["evaluation"]["every"] = 0
    cfg.data["evaluation"]["games"] = 2
    hp = cfg.data["hyperparameters"]
    hp["n_steps"] = min(hp.get("n_steps", 2048), steps // 2)
    hp["batch_size"] = min(hp.get("batch_size", 64), hp["n_steps"])
    with tempfile.TemporaryDirectory() as out:
        started = time.time()
        meta = train(cfg, out, progress=False)
        return meta["train_steps_per_second"], time.time() - started


def main() -> None:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 32768
    names = sys.argv[2:] or [e.name for e in rulesets.entries()]
    for name in names:
        sps, wall = measure(name, steps)
        print(f"{name}: {sps:,.0f} env steps per second while learning ({steps} steps, 2 envs in subprocesses, "
              f"{wall:.0f} s in all)", flush=True)


if __name__ == "__main__":
    main()
