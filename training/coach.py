"""A trained model as a Coach: it meets any other coach in a match, a simulation or ``play``.

**Security**: a model file is a zip of pickled Python objects (stable-baselines3's format). Loading
a model from an untrusted source can execute arbitrary code. Load only models you trained or trust.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from .. import rulesets
from ..core.engine import Decision, Engine
from ..core.errors import ConfigError, ModelMismatchError
from . import metadata as md

_MODEL_CACHE: dict[str, Any] = {}


def shipped_model_path(ruleset: str) -> Path:
    """Path of the trained coach shipped with coachgym for ``ruleset`` (coachgym/models/<name>.zip)."""
    name = rulesets.get(ruleset).name
    path = Path(str(resources.files("coachgym").joinpath("models").joinpath(f"{name}.zip")))
    if not path.exists():
        raise ConfigError(f"no trained {name} coach is shipped with this coachgym; train one with "
                          f"'coachgym train {name}' and pass its model.zip")
    return path


def load_model(path: str | Path, algo: str):
    key = f"{Path(path).resolve()}|{algo}"
    if key not in _MODEL_CACHE:
        if algo == "dqn":
            from stable_baselines3 import DQN as Algo
        elif algo == "ppo":
            from stable_baselines3 import PPO as Algo
        else:
            from sb3_contrib import MaskablePPO as Algo
        _MODEL_CACHE[key] = Algo.load(str(path), device="cpu")
    return _MODEL_CACHE[key]


class PolicyCoach:
    """A policy in memory as a Coach (used for evaluation during training and by TrainedCoach)."""

    def __init__(self, model: Any, encoder: Any, algo: str = "maskable_ppo", *, obs_norm: dict | None = None,
                 deterministic: bool = True, name: str = "trained", ruleset: str = ""):
        self.model = model
        self.encoder = encoder
        self.algo = algo
        self.obs_norm = obs_norm
        self.deterministic = deterministic
        self.name = name
        self.ruleset_name = ruleset

    def reset(self, game: Engine, side: int, seed: int | None = None) -> None:
        if self.ruleset_name and game.ruleset != self.ruleset_name:
            raise ModelMismatchError(f"a {self.ruleset_name} coach cannot coach a {game.ruleset} game")

    def observe(self, game: Engine, side: int) -> np.ndarray:
        obs = self.encoder.encode(game, side)
        np.clip(obs, -1.0, 1.0, out=obs)
        if self.obs_norm:
            obs = np.clip((obs - self.obs_norm["mean"]) / np.sqrt(self.obs_norm["var"] + self.obs_norm["epsilon"]),
                          -self.obs_norm["clip"], self.obs_norm["clip"]).astype(np.float32)
        return obs

    def choose(self, game: Engine, decision: Decision) -> int:
        obs = self.observe(game, decision.side)
        if self.algo == "maskable_ppo":
            mask = np.zeros(len(game.actions), dtype=bool)
            mask[list(decision.legal)] = True
            action, _ = self.model.predict(obs, action_masks=mask, deterministic=self.deterministic)
        else:
            action, _ = self.model.predict(obs, deterministic=self.deterministic)
        action = int(action)
        if action not in decision.legal:
            # only possible for unmasked algorithms: take the legal action the policy rates best
            action = self._best_legal(obs, decision)
        return action

    def _best_legal(self, obs: np.ndarray, decision: Decision) -> int:
        import torch

        policy = self.model.policy
        with torch.no_grad():
            t = torch.as_tensor(obs[None], dtype=torch.float32)
            if hasattr(policy, "q_net"):
                scores = policy.q_net(t)[0].numpy()
            else:
                scores = policy.get_distribution(t).distribution.logits[0].numpy()
        return max(decision.legal, key=lambda a: scores[a])


class TrainedCoach(PolicyCoach):
    """A saved model (NAME.zip with NAME.json beside it) as a coach; refuses a model saved for another
    ruleset, engine version, observation layout or action table."""

    def __init__(self, model_path: str | Path | None = None, ruleset: str | None = None, *, seed: int | None = None,
                 deterministic: bool = True, name: str = "trained"):
        if model_path is None:
            if ruleset is None:
                raise ConfigError("TrainedCoach needs a model path or a ruleset (for the shipped model)")
            model_path = shipped_model_path(ruleset)
        path = Path(model_path)
        if not path.exists():
            raise ConfigError(f"{path}: no such model file")
        meta = md.load(path)
        if ruleset is not None and rulesets.get(ruleset).name != meta.get("ruleset"):
            raise ModelMismatchError(f"{path}: saved for ruleset {meta.get('ruleset')!r}, not {ruleset!r}")
        md.check(meta, meta.get("ruleset"), str(path))
        from ..envs import env_class

        encoder = env_class(rulesets.get(meta["ruleset"]).env_id).encoder
        algo = meta.get("config", {}).get("algo", "maskable_ppo")
        norm = meta.get("obs_norm")
        if norm:
            norm = {k: (np.asarray(v, dtype=np.float32) if isinstance(v, list) else v) for k, v in norm.items()}
        super().__init__(load_model(path, algo), encoder, algo, obs_norm=norm, deterministic=deterministic,
                         name=name, ruleset=meta["ruleset"])
        self.path = path
        self.meta = meta


def trained_coach_factory(ruleset: str):
    """``RULESET.coach("trained")`` support: the shipped model of the ruleset."""

    def make(seed: int | None = None, model: str | Path | None = None, **_: Any) -> TrainedCoach:
        return TrainedCoach(model, ruleset, seed=seed)

    return make
