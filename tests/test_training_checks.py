"""What ``coachgym train`` checks before a run starts (issue 32, items 8 and 9): a ``--resume`` file
of another ruleset, algorithm or kind; every hyperparameter and count out of its range; a device the
machine lacks (and the device used recorded); ``--seeds 0``; ``--jobs`` beyond the machine; counts
beyond what can be stored. Each is one ``error:`` line with exit status 2, naming the field and file."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from coachgym.cli import main
from coachgym.core.errors import ConfigError, ModelMismatchError

pytest.importorskip("sb3_contrib")

from coachgym.training import config as tc  # noqa: E402
from coachgym.training.checks import check_resume, resolve_device  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "configs" / "valueadd" / "tiny.yaml"


def _one_error(res, *needles: str) -> str:
    out = res.output
    assert "Traceback" not in out, out
    assert res.exit_code == 2, f"exit {res.exit_code}: {out}\n{res.exception!r}"
    errors = [line for line in out.splitlines() if "error:" in line.lower()]
    assert len(errors) == 1, out
    for n in needles:
        assert n in errors[0], (n, errors[0])
    return errors[0]


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory):
    """A tiny valueadd run: model.zip with its model.json, a checkpoint, model.npz."""
    from coachgym.training.train import train

    out = tmp_path_factory.mktemp("run")
    data = tc.load(TINY).to_dict()
    data.update(total_timesteps=64, checkpoint_every=64, evaluation={"every": 0, "games": 2, "opponents": ["random"]})
    meta = train(tc.validate(data, "<tiny>"), out, progress=False)
    return out, meta


def _config(tmp_path: Path, ruleset: str = "valueadd", algo: str = "maskable_ppo", **over) -> Path:
    text = TINY.read_text().replace("ruleset: valueadd", f"ruleset: {ruleset}").replace("algo: maskable_ppo", f"algo: {algo}")
    path = tmp_path / f"{ruleset}-{algo}.yaml"
    path.write_text(text)
    if over:
        import yaml

        data = yaml.safe_load(text)
        for key, value in over.items():
            section, _, name = key.rpartition(".")
            (data[section] if section else data)[name] = value
        path.write_text(yaml.safe_dump(data))
    return path


# ------------------------------------------------------------------ --resume (item 8)
def test_resume_with_another_rulesets_checkpoint_is_refused_before_loading(checkpoint, tmp_path):
    out, _ = checkpoint
    cfg = tc.load(_config(tmp_path, "fuba"))
    with pytest.raises(ModelMismatchError, match=r"observations of shape \[\d+\] and \d+ actions, but fuba"):
        check_resume(cfg, out / "checkpoints" / "model_64_steps.zip")
    with pytest.raises(ModelMismatchError, match=r"saved for ruleset 'valueadd'"):  # model.zip: its metadata says so
        check_resume(cfg, out / "model.zip")
    res = CliRunner().invoke(main, ["train", "fuba", "--config", str(_config(tmp_path, "fuba")), "--resume",
                                    str(out / "model.zip"), "--out", str(tmp_path / "o"), "--no-progress"])
    _one_error(res, "model.zip", "valueadd")
    assert not (tmp_path / "o").exists()  # nothing written


def test_resume_with_another_algorithms_checkpoint_is_refused(checkpoint, tmp_path):
    out, _ = checkpoint
    with pytest.raises(ModelMismatchError, match="saved by maskable_ppo, but the config .* trains with algo ppo"):
        check_resume(tc.load(_config(tmp_path, algo="ppo")), out / "checkpoints" / "model_64_steps.zip")


def test_resume_with_a_npz_or_a_file_that_is_not_a_zip_is_refused(checkpoint, tmp_path):
    out, _ = checkpoint
    res = CliRunner().invoke(main, ["train", "valueadd", "--config", str(TINY), "--resume", str(out / "model.npz"),
                                    "--out", str(tmp_path / "o"), "--no-progress"])
    _one_error(res, "model.npz", "not a checkpoint")
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"PK\x03\x04 not really")
    res = CliRunner().invoke(main, ["train", "valueadd", "--config", str(TINY), "--resume", str(junk),
                                    "--out", str(tmp_path / "o"), "--no-progress"])
    _one_error(res, "junk.zip", "not a zip")
    import zipfile

    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as z:
        z.writestr("readme.txt", "hello")
    with pytest.raises(ConfigError, match="without the 'data' member"):
        check_resume(tc.load(TINY), other)


def test_resume_with_a_matching_checkpoint_passes_the_checks(checkpoint):
    out, _ = checkpoint
    check_resume(tc.load(TINY), out / "checkpoints" / "model_64_steps.zip")
    check_resume(tc.load(TINY), out / "model.zip")


# ------------------------------------------------------------------ hyperparameters (item 8)
BAD_HYPERPARAMETERS = {
    "learning_rate": [-1, float("nan"), "fast", True, 2.0], "n_steps": [0, -5, 1.5, 2**40], "batch_size": [0, 1, -3],
    "n_epochs": [0, "x"], "gamma": [-0.1, 1.5], "gae_lambda": [2], "clip_range": [0, -0.2], "ent_coef": [-1],
    "vf_coef": [-1], "max_grad_norm": [0, float("inf")], "target_kl": [0, -1], "normalize_advantage": ["yes"],
    "policy_kwargs": [{"net_arch": [0]}, {"net_arch": "big"}, {"activation_fn": "relu"}, [1]],
}
BAD_DQN = {"buffer_size": [0], "learning_starts": [-1], "tau": [0, 1.5], "train_freq": [0], "gradient_steps": [0, -2],
           "target_update_interval": [0], "exploration_fraction": [1.5], "exploration_initial_eps": [-0.5],
           "exploration_final_eps": [2]}


@pytest.mark.parametrize("algo, table", [("maskable_ppo", BAD_HYPERPARAMETERS), ("dqn", BAD_DQN)])
def test_every_hyperparameter_out_of_range_is_refused_naming_field_and_file(algo, table):
    base = tc.load(TINY).to_dict()
    base["algo"] = algo
    base["hyperparameters"] = {} if algo == "dqn" else base["hyperparameters"]
    if algo == "dqn":
        base["hyperparameters"]["buffer_size"] = 1000
    for key, values in table.items():
        for value in values:
            data = copy.deepcopy(base)
            data["hyperparameters"][key] = value
            with pytest.raises(ConfigError, match=rf"^run\.yaml: hyperparameters\.{key}"):
                tc.validate(data, "run.yaml")
    assert set(table) | {"policy_kwargs", "learning_rate", "batch_size", "gamma", "max_grad_norm"} >= \
        {k for k in tc.HYPERPARAMETERS if k in (tc.DQN_KEYS if algo == "dqn" else tc.PPO_KEYS)}


def test_hyperparameters_and_counts_of_a_config_file_are_checked_by_the_command(tmp_path):
    for over, field in [({"hyperparameters.learning_rate": -1}, "hyperparameters.learning_rate"),
                        ({"hyperparameters.batch_size": 0}, "hyperparameters.batch_size"),
                        ({"n_envs": 100000}, "n_envs"), ({"seed": -3}, "seed"), ({"device": "gpu"}, "device"),
                        ({"hyperparameters.n_steps": 2**30}, "n_steps")]:
        path = _config(tmp_path, **over)
        res = CliRunner().invoke(main, ["train", "valueadd", "--config", str(path), "--no-progress",
                                        "--out", str(tmp_path / "o")])
        _one_error(res, path.name, field)


def test_the_shipped_configs_pass_the_checks():
    for path in sorted((ROOT / "configs").glob("*/*.yaml")):
        tc.load(path)


# ------------------------------------------------------------------ device (item 9)
def test_cuda_asked_on_a_machine_without_it_is_refused_in_one_line(tmp_path):
    import torch

    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    path = _config(tmp_path, device="cuda")
    res = CliRunner().invoke(main, ["train", "valueadd", "--config", str(path), "--out", str(tmp_path / "o"),
                                    "--no-progress"])
    _one_error(res, path.name, "device", "cuda", "no usable CUDA")
    assert not (tmp_path / "o").exists()
    with pytest.raises(ConfigError, match="device: cuda:0 asked for"):
        resolve_device(tc.load(_config(tmp_path, device="cuda:0")))


def test_the_device_used_is_recorded_in_the_model_metadata(checkpoint, tmp_path):
    import torch

    out, meta = checkpoint
    assert meta["device"] == "cpu" and json.loads((out / "model.json").read_text())["device"] == "cpu"
    assert resolve_device(tc.load(_config(tmp_path, device="auto"))) == ("cuda" if torch.cuda.is_available() else "cpu")


# ------------------------------------------------------------------ counts and jobs (item 9)
def test_train_seeds_zero_is_refused():
    res = CliRunner().invoke(main, ["train", "valueadd", "--config", str(TINY), "--seeds", "0"])
    _one_error(res, "--seeds", "0")


def test_counts_beyond_what_can_be_stored_are_refused():
    res = CliRunner().invoke(main, ["simulate", "valueadd", "--games", "99999999999999999999"])
    _one_error(res, "--games", "99999999999999999999")
    from coachgym.cli import GAME_RECORD_BYTES, _memory_bytes

    too_many = _memory_bytes() // 2 // GAME_RECORD_BYTES + 1
    res = CliRunner().invoke(main, ["simulate", "valueadd", "-n", str(too_many)])
    _one_error(res, "--games", "memory")
    for args in (["analyze", "--ruleset", "valueadd", "--rollouts", "99999999999999999999"],
                 ["speed", "valueadd", "--env-steps", "99999999999999999999"],
                 ["situation", "valueadd", "--when", "margin > 0", "--rollouts", str(10**12)]):
        _one_error(CliRunner().invoke(main, args), args[-2])


def test_jobs_beyond_the_machine_run_on_its_cores_with_a_note():
    cores = os.cpu_count() or 1
    res = CliRunner().invoke(main, ["simulate", "valueadd", "-n", "2", "--jobs", "100000", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert f"--jobs 100000 is more than this machine's {cores} CPU(s); running {cores} at a time" in res.output
    assert "Traceback" not in res.output
