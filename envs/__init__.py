"""Gymnasium and PettingZoo environments of coachgym.

Importing this package registers every ruleset's environment id with Gymnasium, e.g.
``gymnasium.make("coachgym/ValueAddBasketball-v0")``. It imports no torch.
"""

from __future__ import annotations

from gymnasium.envs.registration import register, registry

# env id -> "module:Class"; one line per ruleset (see coachgym/rulesets.py for the names).
ENV_ENTRY_POINTS = {
    "coachgym/ValueAddBasketball-v0": "coachgym.envs.valueadd:ValueAddBasketballEnv",
}

for _env_id, _entry_point in ENV_ENTRY_POINTS.items():
    if _env_id not in registry:
        register(id=_env_id, entry_point=_entry_point)

__all__ = ["ENV_ENTRY_POINTS"]
