"""Checks made before a training run starts: the checkpoint ``--resume`` names, and the device.

A checkpoint is a stable-baselines3 zip: its ``data`` member is JSON that names the policy class's
module and describes the observation and action spaces in plain fields, so a checkpoint of another
ruleset, another algorithm or another observation layout is refused by reading that JSON, before
stable-baselines3 unpickles anything (it would otherwise fail deep in torch with a long traceback,
or load and train a policy that does not fit the env). The device a run asks for is checked against
what this machine's torch offers, and the device a model actually trained on is what its metadata
records.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

from ..core import jsontext
from ..core.errors import ConfigError, ModelMismatchError
from .config import TrainConfig

# the module of the policy class each algorithm saves (the ``policy_class`` entry of a zip's data)
POLICY_MODULES = {
    "maskable_ppo": ("sb3_contrib.common.maskable.policies",),
    "ppo": ("stable_baselines3.common.policies",),
    "dqn": ("stable_baselines3.dqn.policies",),
}
_ALGO_OF_MODULE = {m: algo for algo, mods in POLICY_MODULES.items() for m in mods}
MAX_DATA_BYTES = 64 * 1024 * 1024  # a checkpoint's ``data`` JSON is a few hundred KB


def _shape(entry: Any) -> tuple[int, ...] | None:
    try:
        shape = entry["_shape"]
        return tuple(int(x) for x in (json.loads(shape) if isinstance(shape, str) else shape))
    except (KeyError, TypeError, ValueError):
        return None


def expected_spaces(cfg: TrainConfig) -> tuple[tuple[int, ...], int]:
    """The observation shape and action count of the env this config trains on (its advice and
    macros included), from one env built in this process."""
    from .train import make_env

    env = make_env(cfg, 0, None)()
    try:
        return tuple(env.observation_space.shape), int(env.action_space.n)
    finally:
        env.close()


def check_resume(cfg: TrainConfig, path: str | Path) -> None:
    """Refuse a ``--resume`` file that is not a stable-baselines3 checkpoint of this config's
    ruleset, algorithm and observation space, naming what differs (ConfigError / ModelMismatchError)."""
    p = Path(path)
    where = f"--resume {p}"
    if not p.is_file():
        raise ConfigError(f"{where}: no such checkpoint")
    if p.suffix.lower() == ".npz":
        raise ConfigError(f"{where}: a .npz is the torch-free policy for playing, not a checkpoint to go on "
                          f"training from; resume from a .zip (model.zip or checkpoints/model_N_steps.zip)")
    if not zipfile.is_zipfile(p):
        raise ConfigError(f"{where}: not a stable-baselines3 checkpoint (not a zip file); resume from model.zip "
                          f"or checkpoints/model_N_steps.zip of a run")
    try:
        with zipfile.ZipFile(p) as z:
            info = z.getinfo("data")
            if info.file_size > MAX_DATA_BYTES:
                raise ConfigError(f"{where}: its 'data' member is {info.file_size} bytes; not a checkpoint")
            text = z.read("data").decode("utf-8")
    except KeyError:
        raise ConfigError(f"{where}: a zip file without the 'data' member of a stable-baselines3 checkpoint") from None
    except (zipfile.BadZipFile, OSError, UnicodeDecodeError, RuntimeError) as exc:
        raise ConfigError(f"{where}: cannot be read as a checkpoint ({exc})") from None
    try:
        data = jsontext.parse(text, f"{p}:data")
    except jsontext.FileProblem as exc:
        raise ConfigError(f"{where}: not a stable-baselines3 checkpoint ({exc.problem})") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: not a stable-baselines3 checkpoint (its data is not a JSON object)")
    module = (data.get("policy_class") or {}).get("__module__") if isinstance(data.get("policy_class"), dict) else None
    if module not in POLICY_MODULES[cfg.algo]:
        saved = _ALGO_OF_MODULE.get(module, f"an unknown policy ({module})" if module else "an unknown algorithm")
        raise ModelMismatchError(f"{where}: saved by {saved}, but the config ({cfg.path}) trains with algo "
                                 f"{cfg.algo}; resume with the config the checkpoint was trained with")
    # a model.zip has its metadata beside it: the ruleset, engine and layout are checked by name
    from . import metadata as md

    if md.metadata_path(p).is_file():
        meta = md.load(p)
        md.check(meta, cfg.ruleset, where)
    obs_shape, n_actions = expected_spaces(cfg)
    saved_obs = _shape(data.get("observation_space") or {})
    try:
        saved_n = int((data.get("action_space") or {}).get("n"))
    except (TypeError, ValueError):
        saved_n = None
    if saved_obs != obs_shape or saved_n != n_actions:
        raise ModelMismatchError(
            f"{where}: saved for observations of shape {list(saved_obs) if saved_obs else '?'} and {saved_n} actions, "
            f"but {cfg.ruleset} with this config ({cfg.path}) observes shape {list(obs_shape)} with {n_actions} actions; "
            f"is it a checkpoint of another ruleset or config?")


def resolve_device(cfg: TrainConfig) -> str:
    """The torch device a run trains on: ``cpu``; ``cuda`` / ``cuda:N`` only where this machine's torch
    has that GPU (refused otherwise, by name: a run never trains on the CPU while recording
    "cuda"); ``auto``: CUDA where there is one, else the CPU."""
    import torch

    asked = cfg["device"]
    where = f"{cfg.path}: device"
    if asked == "cpu":
        return "cpu"
    cuda = torch.cuda.is_available()
    if asked == "auto":
        return "cuda" if cuda else "cpu"
    if asked.startswith("cuda"):
        if not cuda:
            build = f"torch {torch.__version__}" + ("" if torch.version.cuda else ", built without CUDA")
            raise ConfigError(f"{where}: {asked} asked for, but this machine has no usable CUDA GPU ({build}); "
                              f"use device: cpu, or device: auto (a GPU where there is one)")
        index = asked.partition(":")[2]
        if index and int(index) >= torch.cuda.device_count():
            raise ConfigError(f"{where}: {asked} asked for, but this machine has {torch.cuda.device_count()} CUDA "
                              f"GPU(s) (cuda:0 .. cuda:{torch.cuda.device_count() - 1})")
        return asked
    if asked == "mps":
        mps = getattr(torch.backends, "mps", None)
        if mps is None or not mps.is_available():
            raise ConfigError(f"{where}: mps asked for, but this machine has no Apple GPU; use device: cpu or auto")
        return "mps"
    raise ConfigError(f"{where}: must be cpu, cuda, cuda:N, mps or auto, got {asked!r}")
