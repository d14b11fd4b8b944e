"""A trained policy as plain NumPy arrays: ``NAME.npz`` (weights) with ``NAME.json`` (metadata) beside it.

Why a second format beside stable-baselines3's ``model.zip``:

* **Safe to load.** ``model.zip`` holds pickled Python objects, and loading one from an untrusted
  source can execute code. A ``.npz`` policy is read with ``allow_pickle=False``: arrays only.
* **No torch.** A coach that only plays needs a few matrix products; the shipped coaches run with
  gymnasium and NumPy alone (``import coachgym.envs`` never imports torch, nor does playing them).
* **Small and fast.** Only the policy network is kept (no value head, no optimizer state), and a
  decision is one NumPy forward pass.

The file holds ``layer_<i>_w`` / ``layer_<i>_b`` for each linear layer, ``activations`` (the name of
the activation after each hidden layer) and, when training normalized observations,
``obs_mean`` / ``obs_var`` / ``obs_clip`` / ``obs_epsilon``. ``model.zip`` stays the format to
resume or fine-tune from.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from ..core.errors import ModelMismatchError

FORMAT = "coachgym.policy/1"

ACTIVATIONS = {
    "Tanh": np.tanh,
    "ReLU": lambda x: np.maximum(x, 0.0),
    "LeakyReLU": lambda x: np.where(x > 0, x, 0.01 * x),
    "ELU": lambda x: np.where(x > 0, x, np.expm1(np.minimum(x, 0.0))),
    "Identity": lambda x: x,
}


class NumpyPolicy:
    """An MLP policy: ``scores(obs)`` gives one score per action (PPO logits or DQN Q-values)."""

    def __init__(self, weights: list[np.ndarray], biases: list[np.ndarray], activations: list[str],
                 obs_norm: dict | None = None):
        if len(weights) != len(biases) or len(activations) != len(weights) - 1:
            raise ValueError("a policy needs one bias per weight matrix and an activation between layers")
        for name in activations:
            if name not in ACTIVATIONS:
                raise ValueError(f"unknown activation {name!r} (known: {', '.join(ACTIVATIONS)})")
        self.weights = [np.ascontiguousarray(w, dtype=np.float32) for w in weights]
        self.biases = [np.ascontiguousarray(b, dtype=np.float32) for b in biases]
        self.activations = list(activations)
        self._acts = [ACTIVATIONS[a] for a in activations]
        self.obs_norm = obs_norm
        if obs_norm:
            self._mean = np.asarray(obs_norm["mean"], dtype=np.float32)
            self._scale = 1.0 / np.sqrt(np.asarray(obs_norm["var"], dtype=np.float32) + float(obs_norm["epsilon"]))
            self._clip = float(obs_norm["clip"])

    @property
    def obs_size(self) -> int:
        return self.weights[0].shape[0]

    @property
    def n_actions(self) -> int:
        return self.weights[-1].shape[1]

    def normalize(self, obs: np.ndarray) -> np.ndarray:
        if not self.obs_norm:
            return obs
        return np.clip((obs - self._mean) * self._scale, -self._clip, self._clip).astype(np.float32)

    def scores(self, obs: np.ndarray) -> np.ndarray:
        x = self.normalize(np.asarray(obs, dtype=np.float32))
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            x = x @ w + b
            if i < last:
                x = self._acts[i](x)
        return x

    # ------------------------------------------------------------------ files
    def save(self, path: str | Path) -> Path:
        path = Path(path)
        arrays: dict[str, Any] = {"format": np.array(FORMAT), "activations": np.array(self.activations)}
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            arrays[f"layer_{i}_w"] = w
            arrays[f"layer_{i}_b"] = b
        if self.obs_norm:
            arrays["obs_mean"] = self._mean
            arrays["obs_var"] = np.asarray(self.obs_norm["var"], dtype=np.float32)
            arrays["obs_clip"] = np.array(self._clip, dtype=np.float32)
            arrays["obs_epsilon"] = np.array(float(self.obs_norm["epsilon"]), dtype=np.float32)
        with open(path, "wb") as fh:
            np.savez_compressed(fh, **arrays)
        return path

    @classmethod
    def load(cls, path: str | Path) -> "NumpyPolicy":
        path = Path(path)
        try:
            data = np.load(path, allow_pickle=False)
        except (OSError, ValueError) as exc:
            raise ModelMismatchError(f"{path}: not a coachgym policy file ({exc})") from exc
        with data:
            if "format" not in data.files or str(data["format"]) != FORMAT:
                found = str(data["format"]) if "format" in data.files else None
                raise ModelMismatchError(f"{path}: format {found!r} is not {FORMAT!r}")
            n = sum(1 for k in data.files if k.endswith("_w"))
            weights = [data[f"layer_{i}_w"] for i in range(n)]
            biases = [data[f"layer_{i}_b"] for i in range(n)]
            activations = [str(a) for a in data["activations"]]
            norm = None
            if "obs_mean" in data.files:
                norm = {"mean": data["obs_mean"], "var": data["obs_var"], "clip": float(data["obs_clip"]),
                        "epsilon": float(data["obs_epsilon"])}
        try:
            return cls(weights, biases, activations, norm)
        except ValueError as exc:
            raise ModelMismatchError(f"{path}: {exc}") from exc


def from_sb3(model: Any, obs_norm: dict | None = None) -> NumpyPolicy | None:
    """Copy a stable-baselines3 / sb3-contrib MLP policy (PPO, MaskablePPO, DQN) into NumPy arrays.

    Returns ``None`` for a policy that is not a flatten + MLP (the caller then uses ``predict``)."""
    import torch.nn as nn

    policy = model.policy
    if hasattr(policy, "q_net"):  # DQN
        fe = policy.q_net.features_extractor
        seqs = [policy.q_net.q_net]
    else:
        fe = getattr(policy, "pi_features_extractor", None) or policy.features_extractor
        seqs = [policy.mlp_extractor.policy_net, policy.action_net]
    if type(fe).__name__ != "FlattenExtractor":
        return None
    weights, biases, acts = [], [], []
    pending_act: str | None = None
    for seq in seqs:
        for mod in (list(seq) if isinstance(seq, nn.Sequential) else [seq]):
            name = type(mod).__name__
            if isinstance(mod, nn.Linear):
                if weights:
                    acts.append(pending_act or "Identity")
                pending_act = None
                weights.append(mod.weight.detach().cpu().numpy().T)
                bias = mod.bias.detach().cpu().numpy() if mod.bias is not None else np.zeros(mod.out_features)
                biases.append(bias)
            elif name in ACTIVATIONS:
                if pending_act is not None:
                    return None  # two activations in a row: not a plain MLP
                pending_act = name
            else:
                return None
    if pending_act is not None:
        return None  # an activation after the output layer
    return NumpyPolicy(weights, biases, acts, obs_norm)


def into_sb3(policy: NumpyPolicy, model: Any) -> None:
    """Copy a :class:`NumpyPolicy`'s weights into a stable-baselines3 PPO / MaskablePPO model of the
    same architecture (the policy network and action head; the value head is left as it is): the
    inverse of :func:`from_sb3`, to go on training from a ``.npz`` coach."""
    import torch
    import torch.nn as nn

    sb3 = model.policy
    linears = [m for seq in (sb3.mlp_extractor.policy_net, sb3.action_net)
               for m in (list(seq) if isinstance(seq, nn.Sequential) else [seq]) if isinstance(m, nn.Linear)]
    shapes = [tuple(w.T.shape) for w in policy.weights]
    if [tuple(m.weight.shape) for m in linears] != shapes:
        raise ModelMismatchError(f"the policy's layers {shapes} do not match the model's "
                                 f"{[tuple(m.weight.shape) for m in linears]}")
    if policy.obs_norm:
        raise ModelMismatchError("a policy trained on normalized observations cannot be copied into a model "
                                 "(the normalization statistics live in the env wrapper)")
    current = from_sb3(model)
    if current is None or current.activations != policy.activations:
        raise ModelMismatchError(f"the policy's activations {policy.activations} do not match the model's "
                                 f"{current.activations if current else 'network'}")
    with torch.no_grad():
        for m, w, b in zip(linears, policy.weights, policy.biases):
            m.weight.copy_(torch.as_tensor(np.ascontiguousarray(w.T)))
            m.bias.copy_(torch.as_tensor(b))
