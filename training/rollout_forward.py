"""A lean rollout-time forward pass for MaskablePPO's MLP policy (issue 25, learner side).

During rollout collection MaskablePPO calls ``policy(obs, action_masks=...)`` once per vector-env
step, under ``torch.no_grad``. With one game per step (``n_envs: 1``) that call, not the matrix
products, is most of the learner's time: some sixteen ``nn.Module.__call__`` dispatches, and three
``torch.distributions.Categorical`` initialisations (``MaskableCategorical`` re-initialises itself
in its constructor and again in ``apply_masking``), each normalising its logits and validating its
arguments.

:func:`install` replaces the policy instance's ``forward`` with one that runs the same tensor
operations in the same order (``obs.float().flatten(1)`` for a Box observation through ``FlattenExtractor``, the layers'
own ``forward``, the logits normalised, masked with
``-1e8`` (or, without masks, left) and normalised again, ``softmax``, ``torch.multinomial`` with one sample and replacement,
the log-probability gathered from the normalised logits) without the module dispatch and the
distribution objects. The actions, values and log-probabilities are therefore bit-identical, and
torch's random stream is consumed exactly as before (one ``multinomial`` call per step), so a seeded
run trains the same. With gradients enabled (never the case in rollouts), or for any policy other
than a discrete-action, shared-extractor MLP, the stock ``forward`` runs.
"""

from __future__ import annotations

from typing import Any


def _plain(seq) -> list | None:
    """The layers of an ``nn.Sequential`` without hooks, or ``None`` (then the stock path runs)."""
    import torch.nn as nn

    if not isinstance(seq, nn.Sequential):
        return None
    layers = list(seq)
    for m in [seq, *layers]:
        if m._forward_hooks or m._forward_pre_hooks or getattr(m, "_backward_hooks", None):
            return None
        if m is not seq and not isinstance(m, (nn.Linear, nn.Tanh, nn.ReLU, nn.Identity)):
            return None
    return layers


def install(model: Any) -> bool:
    """Give ``model.policy`` (a MaskablePPO MLP policy) the lean rollout forward; ``True`` if it did."""
    import torch as th
    from gymnasium import spaces

    policy = getattr(model, "policy", None)
    if policy is None or "forward" in policy.__dict__:
        return False
    if not isinstance(policy.action_space, spaces.Discrete) or not getattr(policy, "share_features_extractor", False):
        return False
    mlp = getattr(policy, "mlp_extractor", None)
    if mlp is None or type(mlp).forward is not _mlp_forward() or _plain(mlp.policy_net) is None or _plain(mlp.value_net) is None:
        return False
    if _plain(th.nn.Sequential(policy.action_net, policy.value_net)) is None:
        return False
    stock = policy.forward
    n = int(policy.action_space.n)
    from stable_baselines3.common.preprocessing import is_image_space
    from stable_baselines3.common.torch_layers import FlattenExtractor

    # a Box observation through FlattenExtractor: preprocess_obs is ``obs.float()``, then ``flatten(1)``
    flat = (isinstance(policy.observation_space, spaces.Box) and type(policy.features_extractor) is FlattenExtractor
            and not (policy.normalize_images and is_image_space(policy.observation_space))
            and not policy.features_extractor._forward_hooks and not policy.features_extractor._forward_pre_hooks)
    huge_neg: dict = {}  # MaskableCategorical's -1e8, one tensor per dtype and device

    def forward(obs, deterministic: bool = False, action_masks=None):
        if th.is_grad_enabled():
            return stock(obs, deterministic=deterministic, action_masks=action_masks)
        features = obs.float().flatten(1) if flat else policy.extract_features(obs)
        latent_pi = features
        for layer in mlp.policy_net:
            latent_pi = layer.forward(latent_pi)
        latent_vf = features
        for layer in mlp.value_net:
            latent_vf = layer.forward(latent_vf)
        values = policy.value_net.forward(latent_vf)
        logits = policy.action_net.forward(latent_pi).view(-1, n)
        logits = logits - logits.logsumexp(dim=-1, keepdim=True)  # Categorical(logits=...)
        if action_masks is not None:  # MaskableCategorical.apply_masking
            masks = th.as_tensor(action_masks, dtype=th.bool, device=logits.device).reshape(logits.shape)
            key = (logits.dtype, logits.device)
            neg = huge_neg.get(key)
            if neg is None:
                neg = huge_neg[key] = th.tensor(-1e8, dtype=logits.dtype, device=logits.device)
            logits = th.where(masks, logits, neg)
        # MaskableCategorical.__init__ applies the masks (None: none) and normalises once more
        logits = logits - logits.logsumexp(dim=-1, keepdim=True)
        probs = th.nn.functional.softmax(logits, dim=-1)
        if deterministic:
            actions = th.argmax(probs, dim=1)
        else:
            actions = th.multinomial(probs, 1, True).T.reshape(logits.shape[:-1])
        log_prob = logits.gather(-1, actions.long().unsqueeze(-1)).squeeze(-1)
        return actions.reshape((-1, *policy.action_space.shape)), values, log_prob

    policy.forward = forward
    return True


def _mlp_forward():
    from stable_baselines3.common.torch_layers import MlpExtractor

    return MlpExtractor.forward
