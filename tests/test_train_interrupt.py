"""`coachgym train` interrupted with Ctrl-C before its first checkpoint keeps the model (issue 15):
model.zip, model.npz, their metadata marked interrupted, and a checkpoint the printed command resumes.
The child sets its own Ctrl-C handler (a background test run ignores SIGINT, and children inherit
that) and is killed with its group if the test fails (tests/interrupt.py; issue 23)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from tests.interrupt import RUN, coachgym_process, ctrl_c, read_until

pytest.importorskip("sb3_contrib")


@pytest.mark.slow
def test_ctrl_c_before_the_first_checkpoint_saves_the_model_and_a_resumable_checkpoint(tmp_path):
    config = tmp_path / "long.yaml"
    config.write_text("\n".join([
        "ruleset: valueadd", "algo: maskable_ppo", "seed: 1", "total_timesteps: 1000000", "n_envs: 1", "vec_env: dummy",
        "env:", "  agent_side: random", "  opponent: random", "evaluation:", "  every: 0", "  games: 2",
        "  opponents: [random]", "checkpoint_every: 0", "tensorboard: false", "torch_threads: 1", "hyperparameters:",
        "  n_steps: 32", "  batch_size: 32", "  n_epochs: 1", "  policy_kwargs:", "    net_arch: [16]", ""]))
    out = tmp_path / "run"
    with coachgym_process(["train", "valueadd", "--config", str(config), "--out", str(out)]) as proc:
        seen = read_until(proc, "training valueadd")  # the progress bar: learning has begun
        time.sleep(3)
        output = seen + ctrl_c(proc)
    assert proc.returncode == 130, output
    assert "interrupted after" in output and "Traceback" not in output
    assert "UserWarning" not in output  # no empty learning curve's legend warning (issue 23)
    assert (out / "model.zip").exists() and (out / "model.npz").exists()
    meta = json.loads((out / "model.json").read_text())
    assert meta["interrupted"] is True and meta["steps"] > 0
    checkpoint = out / "checkpoints" / f"model_{meta['steps']}_steps.zip"
    assert checkpoint.exists()
    assert f"--resume {checkpoint}" in output
    # the printed command goes on from the checkpoint (a few more steps)
    res = subprocess.run([sys.executable, "-c", RUN, "train", "valueadd", "--config", str(config),
                          "--steps", str(meta["steps"] + 64), "--out", str(out), "--resume", str(checkpoint),
                          "--no-progress"], capture_output=True, text=True, timeout=240)
    assert res.returncode == 0, res.stdout + res.stderr
    assert json.loads((out / "model.json").read_text())["steps"] >= meta["steps"] + 64
