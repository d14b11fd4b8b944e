"""PettingZoo ``ParallelEnv`` form of each ruleset's two-coach game (``coachgym.envs.<x>.parallel_env``).

Coaching games are turn-based: one coach decides at a time (sometimes the same coach several times
in a row). In parallel form every live agent is asked for an action at every step, so, as
PettingZoo recommends for turn-based games in parallel form, the action space has one extra action,
**wait** (the last index, ``n``, one past the ruleset's action table):

* the agent whose decision is pending gets an ``action_mask`` of its legal actions (wait masked out);
* the other agent gets an ``action_mask`` of zeros except wait, and whatever it sends is ignored
  (wait, another action, or nothing at all: its key may be left out of the step's dict).

A step plays the acting agent's action and returns observations, rewards, terminations,
truncations and infos for both agents; ``infos[agent]["acting"]`` says whose turn it is next.
Built over the ruleset's AEC env (so everything that env does - teams, rule options, the illegal-
action policy, the academy's scenario hooks - holds here too): an illegal action ends the game as a
loss for its coach (``strict=True``: raises ``IllegalActionError``). ``max_cycles`` truncates an
episode after that many steps (None: a game plays to its end).

:class:`CoachParallelEnv` is one module-level class, like the AEC env (:mod:`coachgym.envs.aec`): the
AEC class it plays through is given to the constructor (``aec_class``) or set on a subclass
(:func:`make_parallel_env_class`, one per ruleset, made once); an env pickles and deep-copies
mid-game and plays on as the original. This module imports pettingzoo: the envs import it only when
a parallel env is asked for (:func:`coachgym.envs.base.parallel_constructors`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from ..core.errors import ConfigError


class CoachParallelEnv(ParallelEnv):
    """PettingZoo parallel env over a ruleset's AEC env class (``aec_class``, a
    :class:`coachgym.envs.aec.CoachAECEnv` subclass): the module docstring's wait action."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "coachgym_v0", "is_parallelizable": True}
    aec_class: type | None = None  # a subclass's AEC env class (or the constructor's ``aec_class``)

    def __init__(self, max_cycles: int | None = None, *, aec_class: type | None = None, name: str | None = None,
                 **kwargs: Any):
        aec_cls = aec_class or type(self).aec_class
        if aec_cls is None:
            raise TypeError("CoachParallelEnv needs aec_class: a ruleset's PettingZoo AEC env class")
        if name is not None:
            self.metadata = {**type(self).metadata, "name": name}
        if max_cycles is not None and (isinstance(max_cycles, bool) or not isinstance(max_cycles, int)
                                       or max_cycles < 1):
            raise ConfigError(f"{type(self).__name__}: keyword 'max_cycles' must be None or a positive integer, "
                              f"got {max_cycles!r}")
        self.aec_env = aec_cls(**kwargs)
        self.max_cycles = max_cycles
        self.render_mode = self.aec_env.render_mode
        self.possible_agents = list(self.aec_env.possible_agents)
        self.agents: list[str] = []
        self.n_table = self.aec_env.action_space(self.possible_agents[0]).n
        self.wait = self.n_table  # the extra action: wait for the other coach
        inner = self.aec_env.observation_space(self.possible_agents[0])["observation"]
        obs_space = spaces.Dict({"observation": inner,
                                 "action_mask": spaces.Box(0, 1, (self.n_table + 1,), np.int8)})
        self._observation_spaces = {a: obs_space for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.n_table + 1) for a in self.possible_agents}
        self._cycles = 0

    def __reduce_ex__(self, protocol):
        made = type(self).__dict__.get("_made_for")
        if made is not None:  # a ruleset's class from make_parallel_env_class: found again through it
            return (_made_instance, made, dict(self.__dict__))
        return super().__reduce_ex__(protocol)

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    @property
    def game(self):
        return self.aec_env.game

    def acting_agent(self) -> str | None:
        """The agent whose decision is pending (None when the game is over)."""
        d = self.aec_env.game.decision if self.aec_env.game is not None else None
        return self.possible_agents[d.side] if d is not None else None

    def _observe(self, agent: str, acting: str | None) -> dict:
        inner = self.aec_env.observe(agent)
        mask = np.zeros(self.n_table + 1, dtype=np.int8)
        if agent == acting:
            mask[: self.n_table] = inner["action_mask"]
        else:
            mask[self.wait] = 1
        return {"observation": inner["observation"], "action_mask": mask}

    def _infos(self, acting: str | None) -> dict:
        out = {}
        for a in self.possible_agents:
            info = dict(self.aec_env.infos.get(a, {}))
            info["acting"] = acting
            out[a] = info
        return out

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.aec_env.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        self._cycles = 0
        acting = self.acting_agent()
        return {a: self._observe(a, acting) for a in self.agents}, self._infos(acting)

    def step(self, actions: dict):
        if not self.agents:
            raise ConfigError(f"{type(self).__name__}: the episode has ended; call reset() before step()")
        acting = self.aec_env.agent_selection
        if acting not in actions:
            raise ConfigError(f"{type(self).__name__}: no action for {acting!r}, whose decision is pending "
                              f"(the other agent's action is ignored; it may send {self.wait}, wait)")
        self.aec_env.step(int(actions[acting]))  # an illegal one (wait included): the AEC env's policy
        self._cycles += 1
        live = list(self.agents)
        over = any(self.aec_env.terminations[a] for a in live)
        truncated = not over and self.max_cycles is not None and self._cycles >= self.max_cycles
        now = None if over else self.acting_agent()
        obs = {a: self._observe(a, now) for a in live}
        rewards = {a: float(self.aec_env.rewards.get(a, 0.0)) + 0.0 for a in live}  # (+ 0.0: no -0.0 for a draw)
        terminations = {a: bool(over) for a in live}
        truncations = {a: bool(truncated) for a in live}
        infos = self._infos(now)
        if over or truncated:
            self.agents = []
        return obs, rewards, terminations, truncations, {a: infos[a] for a in live}

    def render(self):
        return self.aec_env.render()

    def close(self):
        self.aec_env.close()


_PARALLEL_CLASSES: dict[tuple[type, str], type] = {}


def make_parallel_env_class(aec_cls: type, name: str) -> type:
    """The parallel env class over the AEC class ``aec_cls``, named ``name``: a subclass of
    :class:`CoachParallelEnv` with its AEC class set, made once per (class, name); its instances pickle
    (rebuilt through this function, the AEC class through ``make_aec_env_class`` where it was made there)."""
    cls = _PARALLEL_CLASSES.get((aec_cls, name))
    if cls is None:
        aec_made = aec_cls.__dict__.get("_made_for")  # (gym class, AEC name): how to find aec_cls again
        cls = type(aec_cls.__name__.removesuffix("AEC") + "Parallel", (CoachParallelEnv,), {
            "aec_class": aec_cls, "metadata": {**CoachParallelEnv.metadata, "name": name},
            "_made_for": (aec_made if aec_made is not None else aec_cls, name),
            "__doc__": f"PettingZoo parallel version of :class:`{aec_cls.__name__}` (module docstring of "
                       "``coachgym.envs.parallel``: the wait action).",
        })
        _PARALLEL_CLASSES[(aec_cls, name)] = cls
    return cls


def _made_instance(aec: Any, name: str) -> CoachParallelEnv:
    """An empty instance of ``make_parallel_env_class`` for ``aec`` (the AEC class, or the
    ``(gym class, AEC name)`` it was made from); unpickling fills it in."""
    if isinstance(aec, tuple):
        from .base import make_aec_env_class

        aec = make_aec_env_class(*aec)
    cls = make_parallel_env_class(aec, name)
    return cls.__new__(cls)
