"""Gymnasium and PettingZoo environments of coachgym.

Importing this package registers every ruleset's environment id with Gymnasium, e.g.
``gymnasium.make("coachgym/ValueAddBasketball-v0")``. It imports no torch.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping

from gymnasium.envs.registration import WrapperSpec, register, registry


class _EnvEntryPoints(Mapping):
    """env id -> "module:Class", read from the rulesets' registrations (their ``env`` part: the class,
    imported) at each lookup, so a ruleset registered later (``coachgym.rulesets.register``) is here too."""

    def _items(self) -> dict[str, str]:
        from coachgym import rulesets

        out = {}
        for rs in rulesets.all_rulesets():
            cls = rs.part("env")
            if cls is not None:
                out[rs.env_id] = f"{cls.__module__}:{cls.__qualname__}"
        return out

    def __getitem__(self, env_id: str) -> str:
        return self._items()[env_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())


ENV_ENTRY_POINTS: Mapping[str, str] = _EnvEntryPoints()

# gym.make's outermost wrapper forwards action_masks() (MaskablePPO, the README's usage)
_ACTION_MASKS = WrapperSpec("ActionMasks", "coachgym.envs.base:ActionMasks", {})


def make(env_id: str, **kwargs):
    """Gymnasium's entry point of a ruleset's env id: its registration's env class, imported now."""
    return env_class(env_id)(**kwargs)


def register_envs() -> None:
    """Register every registered ruleset's env id with Gymnasium (again after ``rulesets.register``); no
    env module is imported until an env is made (the entry point is :func:`make` for that id)."""
    from coachgym import rulesets

    for rs in rulesets.all_rulesets():
        if rs.env_id not in registry:
            register(id=rs.env_id, entry_point=functools.partial(make, rs.env_id), additional_wrappers=(_ACTION_MASKS,))


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
    from coachgym import rulesets

    for rs in rulesets.all_rulesets():
        if rs.env_id == env_id:
            cls = rs.part("env")
            if cls is not None:
                return cls
    known = [rs.env_id for rs in rulesets.all_rulesets()]
    raise KeyError(f"unknown coachgym env id {env_id!r}; known: {', '.join(known)}")


__all__ = ["ENV_ENTRY_POINTS", "env_class", "make", "register_envs"]
