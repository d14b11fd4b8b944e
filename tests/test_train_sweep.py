"""`coachgym train --seeds N --backend ...` (issue 25): many training runs as runner tasks, each a
normal run with checkpoints and a curve, one table; a run whose worker is killed goes on from its
last checkpoint, and nothing is counted twice."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

from coachgym.core.runner import InlineBackend  # noqa: E402
from coachgym.training import config as tc  # noqa: E402
from coachgym.training.sweep import latest_checkpoint, plan, run_sweep, table  # noqa: E402

from .tools import load_tool  # noqa: E402


def tiny(steps: int, checkpoint_every: int = 0, evaluate_every: int = 0) -> tc.TrainConfig:
    return tc.validate({
        "ruleset": "valueadd", "algo": "maskable_ppo", "seed": 3, "total_timesteps": steps, "n_envs": 1,
        "vec_env": "dummy", "env": {"agent_side": "random", "opponent": "random"},
        "evaluation": {"every": evaluate_every, "games": 2, "opponents": ["random"]},
        "checkpoint_every": checkpoint_every, "tensorboard": False, "torch_threads": 1,
        "hyperparameters": {"n_steps": 64, "batch_size": 64, "n_epochs": 1, "policy_kwargs": {"net_arch": [16]}},
    }, "tiny.yaml")


def test_seeds_run_as_tasks_each_a_normal_run_and_one_table(tmp_path):
    runs = plan([tiny(128)], 2, tmp_path)
    assert [r.seed for r in runs] == [3, 4] and [Path(r.out).name for r in runs] == ["tiny-seed3", "tiny-seed4"]
    results = run_sweep(runs, InlineBackend(), progress=False)
    for r in results:
        assert r["steps"] == 128 and r["attempts"] == 1 and r["resumed_from"] == 0
        assert (Path(r["out"]) / "model.zip").exists() and (Path(r["out"]) / "eval.json").exists()
        assert [e["opponent"] for e in r["evaluation"]] == ["random"]
    text = table(results)
    assert "| tiny | 3 | 128 |" in text and "| tiny | 4 | 128 |" in text
    assert "mean win rate vs random" in text  # the summary over seeds
    # started again, a finished run is returned as it is: nothing trained or counted again
    again = run_sweep(runs[:1], InlineBackend(), progress=False)[0]
    assert again["steps"] == 128 and again["attempts"] == 2 and again["curve_points"] == results[0]["curve_points"]


def test_checkpoints_are_written_whole_and_one_cut_short_is_passed_over(tmp_path):
    """A checkpoint is saved under a name no resume takes and then renamed (train.save_checkpoint); a
    file cut short where the policy's own zip archive ends still passes ``zipfile.is_zipfile`` (the
    cause of a resume from a broken checkpoint once seen in the killed-worker test below), and
    ``latest_checkpoint`` passes it over."""
    import zipfile

    from coachgym.training.train import save_checkpoint

    run = plan([tiny(128, checkpoint_every=64)], 1, tmp_path)[0]
    run_sweep([run], InlineBackend(), progress=False)
    cdir = Path(run.out) / "checkpoints"
    assert sorted(p.name for p in cdir.iterdir()) == ["model_128_steps.zip", "model_64_steps.zip"]  # no part left
    best, steps = latest_checkpoint(run.out)
    assert (best.name, steps) == ("model_128_steps.zip", 128)
    data = best.read_bytes()
    with zipfile.ZipFile(best) as z:
        policy = z.getinfo("policy.pth")
    # cut the file just after the policy's archive (its own end record), before the directory of the whole
    off = policy.header_offset  # the local header: 30 bytes, the name, the extra field, then the data
    start = off + 30 + int.from_bytes(data[off + 26:off + 28], "little") + int.from_bytes(data[off + 28:off + 30], "little")
    cut = data[:start + policy.compress_size]
    broken = cdir / "model_192_steps.zip"
    broken.write_bytes(cut)
    if zipfile.is_zipfile(broken):  # (as the policy archive is stored, not compressed)
        with pytest.raises((KeyError, zipfile.BadZipFile)):
            with zipfile.ZipFile(broken) as z:
                z.getinfo("data")
    assert latest_checkpoint(run.out) == (best, 128)  # the broken one is never the one to resume from
    broken.write_bytes(data[: len(data) // 2])
    assert latest_checkpoint(run.out) == (best, 128)

    class Fails:  # a save that dies half way: no checkpoint under the real name
        num_timesteps = 256

        def save(self, path):
            Path(path).write_bytes(data[:100])
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        save_checkpoint(Fails(), cdir)
    assert not (cdir / "model_256_steps.zip").exists() and latest_checkpoint(run.out) == (best, 128)
    assert not list(cdir.glob(".*"))  # nor the part it wrote


def test_cli_sweep_writes_the_table(tmp_path):
    from click.testing import CliRunner

    from coachgym.cli import main

    config = tmp_path / "tiny.yaml"
    import yaml

    config.write_text(yaml.safe_dump(tiny(64).to_dict()))
    res = CliRunner().invoke(main, ["train", "valueadd", "--config", str(config), "--seeds", "1", "--backend", "inline",
                                    "--out", str(tmp_path / "sweep"), "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "| tiny | 3 | 64 |" in res.output
    assert json.loads((tmp_path / "sweep" / "sweep.json").read_text())[0]["steps"] == 64
    bad = CliRunner().invoke(main, ["train", "valueadd", "--config", str(config), "--backend", "ray"])
    assert bad.exit_code != 0 and "--backend, --address and --jobs are for --seeds runs" in bad.output


@pytest.mark.slow
def test_ray_worker_killed_mid_run_resumes_from_its_last_checkpoint(tmp_path):
    pytest.importorskip("ray")
    from coachgym.core.runner import RayBackend

    total = 3072
    run = plan([tiny(total, checkpoint_every=256, evaluate_every=1000)], 1, tmp_path)[0]
    attempts = Path(run.out) / "attempts"
    with RayBackend(jobs=2) as backend:
        job = backend.submit(run)
        deadline = time.time() + 180
        while latest_checkpoint(run.out)[1] < 512:  # two checkpoints written: the run is well under way
            assert time.time() < deadline, "no checkpoint written"
            assert not job.done()
            time.sleep(0.05)
        first = next(attempts.iterdir())
        os.kill(int(first.name.rsplit("-", 1)[1]), signal.SIGKILL)
        result = next(iter(backend.as_completed([job]))).result()
    assert result["attempts"] == 2 and len(list(attempts.iterdir())) == 2  # Ray ran it again, once
    assert result["resumed_from"] >= 512  # from the last checkpoint, not from the start
    assert result["steps"] == total  # the steps after that checkpoint were played again, not counted twice
    curve = json.loads((Path(run.out) / "eval.json").read_text())
    periodic = [h["steps"] for h in curve if not h.get("final")]
    assert periodic == sorted(set(periodic)) and len(periodic) == total // 1000  # no evaluation twice on the curve
    assert curve[-1]["final"] and curve[-1]["steps"] == total
    meta = json.loads((Path(run.out) / "model.json").read_text())
    assert meta["steps"] == total and not meta["interrupted"]


def test_algorithm_table_rows_fit_the_budget_and_summarize_with_iqm_and_bootstrap():
    at = load_tool("algorithm_table")
    scratch = at.row_config("valueadd", "maskable_ppo", 4000, 50)
    assert scratch["pretrain"]["coach"] is None and scratch["total_timesteps"] == 4000
    assert scratch["hyperparameters"]["n_steps"] * scratch["n_envs"] * 4 <= 4000  # four updates in the budget
    assert scratch["evaluation"] == {"every": 0, "games": 50, "opponents": ["by-the-book"], "seed": 12345}
    bc = at.row_config("valueadd", "bc", 4000, 50)
    assert bc["total_timesteps"] == 0 and bc["pretrain"]["coach"] == "by-the-book"  # the warm start alone
    dqn = at.row_config("valueadd", "dqn", 4000, 50, scope="full")  # unmasked: every decision, no scope
    assert dqn["hyperparameters"]["learning_starts"] <= 400 and dqn["hyperparameters"]["buffer_size"] <= 4000
    with pytest.raises(tc.ConfigError, match="total_timesteps: must be at least 1"):
        tc.validate({**scratch, "total_timesteps": 0}, "x.yaml")  # 0 only with a warm start
    runs = [{"config": "a", "steps": 10, "train_steps_per_second": 100.0, "train_seconds": 1.0,
             "evaluation": [{"opponent": "by-the-book", "win_rate": w}]} for w in (0.1, 0.4, 0.5, 0.6, 0.9)]
    (s,) = at.summarize(runs, ["a"])
    assert s["iqm"] == pytest.approx(0.5)  # the middle half: 0.4, 0.5, 0.6
    assert 0.1 <= s["ci95"][0] < 0.5 < s["ci95"][1] <= 0.9
    assert "| a | 5 | 10 | 0.500 |" in at.to_markdown([s], "valueadd", 10, 4)
