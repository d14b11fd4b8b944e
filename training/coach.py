"""A trained model as a Coach: it meets any other coach in a match, a simulation or ``play``.

Two file formats, each with ``NAME.json`` (metadata) beside it:

* ``NAME.npz`` - the policy network as NumPy arrays (:mod:`.policy_file`). Safe to load (no pickle),
  needs no torch, and is what coachgym ships in ``coachgym/models/``.
* ``NAME.zip`` - stable-baselines3's full model (policy, value head, optimizer), needed to resume
  or fine-tune. **Security**: it is a zip of pickled Python objects; loading one from an untrusted
  source can execute arbitrary code. Load only ``.zip`` models you trained or trust.
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
from .advice import Advisor, Scope, scope_of
from .policy_file import NumpyPolicy

_MODEL_CACHE: dict[str, Any] = {}


def shipped_model_path(ruleset: str) -> Path:
    """Path of the trained coach shipped with coachgym for ``ruleset`` (``coachgym/models/<name>.npz``)."""
    name = rulesets.get(ruleset).name
    path = Path(str(resources.files("coachgym").joinpath("models").joinpath(f"{name}.npz")))
    if not path.exists():
        raise ConfigError(f"no trained {name} coach is shipped with this coachgym; train one with "
                          f"'coachgym train {name}' and pass its model.npz")
    return path


def load_model(path: str | Path, algo: str):
    """A ``.zip`` model through stable-baselines3 (cached per file), or a ``.npz`` policy."""
    p = Path(path)
    key = f"{p.resolve()}|{p.stat().st_mtime_ns}|{algo}"
    if key not in _MODEL_CACHE:
        if p.suffix == ".npz":
            _MODEL_CACHE[key] = NumpyPolicy.load(p)
        else:
            try:
                if algo == "dqn":
                    from stable_baselines3 import DQN as Algo
                elif algo == "ppo":
                    from stable_baselines3 import PPO as Algo
                else:
                    from sb3_contrib import MaskablePPO as Algo
            except ImportError:
                raise ConfigError(f"{p}: a .zip model needs the train extra (pip install 'coachgym[train]'); "
                                  f"the .npz file beside it plays without torch") from None
            _MODEL_CACHE[key] = Algo.load(str(p), device="cpu")
    return _MODEL_CACHE[key]


class PolicyCoach:
    """A policy in memory as a Coach (used for evaluation during training and by TrainedCoach).

    ``model`` is a stable-baselines3 model or a :class:`NumpyPolicy`. Deterministic play takes the
    legal action the policy scores highest; ``deterministic=False`` samples from the policy's
    distribution restricted to the legal actions (PPO)."""

    def __init__(self, model: Any, encoder: Any, algo: str = "maskable_ppo", *, obs_norm: dict | None = None,
                 deterministic: bool = True, name: str = "trained", ruleset: str = "", advice: str | None = None,
                 **scope: Any):
        self.model = model
        self.advisor = Advisor(ruleset, advice, seed=0) if advice else None
        # what the policy decides (``scope``: Scope's keyword arguments; macros are outputs past the table)
        self.scope = Scope(ruleset, **scope) if advice or scope.get("macros") else None
        self.encoder = encoder
        self.algo = algo
        self.deterministic = deterministic
        self.name = name
        self.ruleset_name = ruleset
        if isinstance(model, NumpyPolicy):
            self.policy: NumpyPolicy | None = model
        else:
            from .policy_file import from_sb3

            self.policy = from_sb3(model, obs_norm)
        # (a NumpyPolicy normalizes itself; the statistics are kept here only for ``predict``)
        self.obs_norm = None if self.policy is not None or not obs_norm else {
            k: np.asarray(v, dtype=np.float32) if isinstance(v, list) else v for k, v in obs_norm.items()}
        expected = encoder.size + (self.advisor.n_actions if self.advisor else 0)
        if self.policy is not None and self.policy.obs_size != expected:
            raise ModelMismatchError(f"policy takes {self.policy.obs_size} observation values, the "
                                     f"{ruleset or 'env'} encoder{' with advice' if self.advisor else ''} gives {expected}")
        n_out = self.scope.n_actions if self.scope is not None else None
        if self.policy is not None and n_out is not None and self.policy.n_actions != n_out:
            raise ModelMismatchError(f"policy scores {self.policy.n_actions} actions, the {ruleset} action table"
                                     f"{' and macros' if self.scope.macros else ''} have {n_out}")
        self._rng = np.random.default_rng()

    def reset(self, game: Engine, side: int, seed: int | None = None) -> None:
        if self.ruleset_name and game.ruleset != self.ruleset_name:
            raise ModelMismatchError(f"a {self.ruleset_name} coach cannot coach a {game.ruleset} game")
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        if self.advisor is not None:
            self.advisor.reset(game, side)

    def observe(self, game: Engine, side: int, advice: int | None = None) -> np.ndarray:
        """What the policy sees: the env's observation, then (with an advisor) the one-hot advice."""
        obs = self.encoder.encode(game, side)
        np.clip(obs, -1.0, 1.0, out=obs)
        if self.advisor is not None:
            obs = np.concatenate([obs, self.advisor.one_hot(advice)])
        if self.obs_norm:
            obs = np.clip((obs - self.obs_norm["mean"]) / np.sqrt(self.obs_norm["var"] + self.obs_norm["epsilon"]),
                          -self.obs_norm["clip"], self.obs_norm["clip"]).astype(np.float32)
        return obs

    def action_scores(self, game: Engine, side: int, advice: int | None = None) -> np.ndarray:
        """The policy's score of every action in the table (logits for PPO, Q-values for DQN)."""
        obs = self.observe(game, side, advice)
        if self.policy is not None:
            return self.policy.scores(obs)
        import torch

        policy = self.model.policy
        with torch.no_grad():
            t = torch.as_tensor(obs[None], dtype=torch.float32)
            if hasattr(policy, "q_net"):
                return policy.q_net(t)[0].numpy()
            return policy.get_distribution(t).distribution.logits[0].numpy()

    def options_at(self, game: Engine, decision: Decision) -> tuple[int | None, tuple[int, ...] | None]:
        """``(advice, options)``: the advisor's suggestion (``None`` without an advisor) and the
        policy's options at this decision (indices of its action space, macros included), or ``None``
        where the advisor decides alone. Asks the advisor, so call it once per decision."""
        if self.advisor is None:  # (macros without an advisor: every legal action and the macros that apply)
            return None, (self.scope.options(decision, None, game) if self.scope is not None else decision.legal)
        advice = self.advisor.advise(game, decision)
        return advice, self.scope.options(decision, advice, game)

    def choose(self, game: Engine, decision: Decision) -> int:
        advice, legal = self.options_at(game, decision)
        if legal is None:  # outside what the policy decides: the advisor's choice
            return advice
        return self.concrete(self.policy_choice(game, decision, legal, advice), game, decision.side)

    def concrete(self, action: int, game: Engine, side: int) -> int:
        """The action-table index of a policy action (a macro resolves against the game)."""
        return self.scope.concrete(action, game, side) if self.scope is not None else action

    def policy_choice(self, game: Engine, decision: Decision, legal: tuple[int, ...], advice: int | None) -> int:
        """The policy's choice among ``legal`` (indices of its action space, macros included)."""
        if self.policy is None and self.algo == "maskable_ppo":
            mask = np.zeros(self.scope.n_actions if self.scope is not None else len(game.actions), dtype=bool)
            mask[list(legal)] = True
            action, _ = self.model.predict(self.observe(game, decision.side, advice), action_masks=mask,
                                           deterministic=self.deterministic)
            return int(action)
        scores = self.action_scores(game, decision.side, advice)
        if self.deterministic or self.algo == "dqn":
            best = legal[0]
            top = scores[best]
            for a in legal:  # the legal action scored highest; ties go to the lowest index
                if scores[a] > top:
                    best, top = a, scores[a]
            return int(best)
        return int(legal[int(self._rng.choice(len(legal), p=self.option_probabilities(scores, legal)))])

    def legal_probabilities(self, game: Engine, decision: Decision) -> dict[int, float]:
        """The policy's probability of each legal action (action-table indices: a macro's share goes
        to the concrete action it resolves to; a decision the policy leaves to its advisor is the
        advisor's choice with probability 1). Asks the advisor, so call it once per decision."""
        advice, opts = self.options_at(game, decision)
        if opts is None:
            return {int(advice): 1.0}
        probs = self.option_probabilities(self.action_scores(game, decision.side, advice), opts)
        merged: dict[int, float] = {}
        for o, p in zip(opts, probs):
            a = int(self.concrete(o, game, decision.side))
            merged[a] = merged.get(a, 0.0) + float(p)
        return merged

    @staticmethod
    def option_probabilities(scores: np.ndarray, legal: tuple[int, ...]) -> np.ndarray:
        """The policy's distribution restricted to ``legal`` (a softmax of its PPO logits there)."""
        logits = scores[list(legal)].astype(np.float64)
        p = np.exp(logits - logits.max())
        return p / p.sum()


class TrainedCoach(PolicyCoach):
    """A saved model (``NAME.npz`` or ``NAME.zip`` with ``NAME.json`` beside it) as a coach; refuses a
    model saved for another ruleset, engine version, observation layout or action table."""

    def __init__(self, model_path: str | Path | None = None, ruleset: str | None = None, *, seed: int | None = None,
                 deterministic: bool = True, name: str = "trained"):
        if model_path is None:
            if ruleset is None:
                raise ConfigError("TrainedCoach needs a model path or a ruleset (for the shipped model)")
            model_path = shipped_model_path(ruleset)
        path = Path(model_path)
        if not path.exists():
            raise ConfigError(f"{path}: no such model file")
        if path.suffix not in (".npz", ".zip"):
            raise ConfigError(f"{path}: a model file is NAME.npz (policy arrays) or NAME.zip (stable-baselines3)")
        meta = md.load(path)
        if ruleset is not None and rulesets.get(ruleset).name != meta.get("ruleset"):
            raise ModelMismatchError(f"{path}: saved for ruleset {meta.get('ruleset')!r}, not {ruleset!r}")
        md.check(meta, meta.get("ruleset"), str(path))
        from ..envs import env_class

        encoder = env_class(rulesets.get(meta["ruleset"]).env_id).encoder
        algo = meta.get("config", {}).get("algo", "maskable_ppo")  # (the metadata config, as trained)
        norm = meta.get("obs_norm") if path.suffix == ".zip" else None  # a .npz carries its own
        conf = meta.get("config", {})
        _check_macros(meta, path)
        super().__init__(load_model(path, algo), encoder, algo, obs_norm=norm, deterministic=deterministic,
                         name=name, ruleset=meta["ruleset"], advice=conf.get("advice"), **scope_of(conf))
        self.path = path
        self.meta = meta
        if seed is not None:
            self._rng = np.random.default_rng(seed)


def _check_macros(meta: dict, path: Path) -> None:
    """Refuse, naming it, a macro of the model that this coachgym does not have."""
    from .macros import macros_of

    names = meta.get("config", {}).get("macros")
    for n in names or ():
        if n not in macros_of(meta["ruleset"]):
            raise ModelMismatchError(f"{path}: trained with macro {n!r}, which this coachgym's {meta['ruleset']} does "
                                     f"not have (known: {', '.join(macros_of(meta['ruleset'])) or 'none'}); install the "
                                     f"coachgym version it was trained with, {meta.get('coachgym_version')}")
