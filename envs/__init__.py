"""Gymnasium and PettingZoo environments of coachgym.

Importing this package registers every ruleset's environment id with Gymnasium, e.g.
``gymnasium.make("coachgym/ValueAddBasketball-v0")``. It imports no torch.
"""

from __future__ import annotations

from gymnasium.envs.registration import WrapperSpec, register, registry

# env id -> "module:Class"; one line per ruleset (see coachgym/rulesets.py for the names).
ENV_ENTRY_POINTS = {
    "coachgym/ValueAddBasketball-v0": "coachgym.envs.valueadd:ValueAddBasketballEnv",
    "coachgym/StatisProBasketball-v0": "coachgym.envs.statispro:StatisProBasketballEnv",
    "coachgym/FUBA-v0": "coachgym.envs.fuba:FubaEnv",
    "coachgym/FourthStreetBasketball-v0": "coachgym.envs.fourthstreet:FourthStreetBasketballEnv",
}

# gym.make's outermost wrapper forwards action_masks() (MaskablePPO, the README's usage)
_ACTION_MASKS = WrapperSpec("ActionMasks", "coachgym.envs.base:ActionMasks", {})
for _env_id, _entry_point in ENV_ENTRY_POINTS.items():
    if _env_id not in registry:
        register(id=_env_id, entry_point=_entry_point, additional_wrappers=(_ACTION_MASKS,))



def env_class(env_id: str):
    """The env class behind a coachgym env id (without constructing it)."""
    import importlib

    try:
        module, attr = ENV_ENTRY_POINTS[env_id].split(":")
    except KeyError:
        raise KeyError(f"unknown coachgym env id {env_id!r}; known: {', '.join(ENV_ENTRY_POINTS)}") from None
    return getattr(importlib.import_module(module), attr)


__all__ = ["ENV_ENTRY_POINTS", "env_class"]
