"""Gymnasium and PettingZoo environments of coachgym.

Importing this package registers every ruleset's environment id with Gymnasium, e.g.
``gymnasium.make("coachgym/ValueAddBasketball-v0")``. It imports no torch.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from gymnasium.envs.registration import WrapperSpec, register, registry


class _EnvEntryPoints(Mapping):
    """env id -> "module:Class", read from the rulesets' registrations (their ``env`` part) at each
    lookup, so a ruleset registered later (``coachgym.rulesets.register``) is here too."""

    def _items(self) -> dict[str, str]:
        from coachgym import rulesets

        return {rs.env_id: rs.parts["env"] for rs in rulesets.all_rulesets() if rs.parts.get("env")}

    def __getitem__(self, env_id: str) -> str:
        return self._items()[env_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())


ENV_ENTRY_POINTS: Mapping[str, str] = _EnvEntryPoints()

# gym.make's outermost wrapper forwards action_masks() (MaskablePPO, the README's usage)
_ACTION_MASKS = WrapperSpec("ActionMasks", "coachgym.envs.base:ActionMasks", {})


def register_envs() -> None:
    """Register every registered ruleset's env id with Gymnasium (again after ``rulesets.register``)."""
    for env_id, entry_point in ENV_ENTRY_POINTS.items():
        if env_id not in registry:
            register(id=env_id, entry_point=entry_point, additional_wrappers=(_ACTION_MASKS,))


register_envs()

# the academy's scenario envs: one id per ruleset, the scenario an argument (coachgym.envs.academy)
ACADEMY_ENTRY_POINTS = {
    "coachgym/StatisProAcademy-v0": "coachgym.envs.academy:StatisProAcademyEnv",
    "coachgym/ValueAddAcademy-v0": "coachgym.envs.academy:ValueAddAcademyEnv",
    "coachgym/FUBAAcademy-v0": "coachgym.envs.academy:FubaAcademyEnv",
    "coachgym/FourthStreetAcademy-v0": "coachgym.envs.academy:FourthStreetAcademyEnv",
}
for _id, _entry in ACADEMY_ENTRY_POINTS.items():
    if _id not in registry:
        register(id=_id, entry_point=_entry, additional_wrappers=(_ACTION_MASKS,))


def env_class(env_id: str):
    """The env class behind a coachgym env id (without constructing it)."""
    import importlib

    try:
        module, attr = ENV_ENTRY_POINTS[env_id].split(":")
    except KeyError:
        raise KeyError(f"unknown coachgym env id {env_id!r}; known: {', '.join(ENV_ENTRY_POINTS)}") from None
    return getattr(importlib.import_module(module), attr)


__all__ = ["ENV_ENTRY_POINTS", "env_class", "register_envs"]
