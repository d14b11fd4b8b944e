"""The PettingZoo AEC env of any ruleset: both coaches are agents (``"home"``, ``"away"``).

:class:`CoachAECEnv` is one module-level class (so an env pickles, and copies with ``copy.deepcopy``):
the ruleset comes from its Gymnasium env class (``env_class``: its ruleset and observation encoder),
given to the constructor or set on a subclass (:func:`coachgym.envs.base.make_aec_env_class`). It is
a protocol adapter over the same :class:`coachgym.envs.episode.Episode` the Gymnasium env plays
through (with no opponent coach: both sides are agents): new games, observations, masks, the
illegal-action policy (an illegal action ends the game as a loss for its coach, with the action named
in the agent's ``info["illegal_action"]``; ``strict=True`` raises ``IllegalActionError`` and changes
nothing), the end and the zero-sum final rewards (:meth:`Episode.final_rewards`); team loading is the
Gymnasium env's :func:`coachgym.envs.base.load_teams`.

A subclass starts and ends episodes elsewhere than a game's whistles by its episode and start
(:meth:`CoachAECEnv._new_episode`, :meth:`CoachAECEnv._start`: the academy's scenarios,
:mod:`coachgym.envs.academy_aec`). This module imports pettingzoo (an optional dependency): the
envs import it only when an AEC env is asked for.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .base import OBS_HIGH, OBS_LOW, CoachEnv, check_env_keywords, load_teams, render_game
from .episode import Episode, EpisodeCore

RENDER = ["ansi", "rgb_array"]


class CoachAECEnv(AECEnv):
    """PettingZoo AEC env of the ruleset of ``env_class`` (a :class:`~coachgym.envs.base.CoachEnv`
    subclass): agents ``home`` and ``away`` both coach; observations ``{"observation", "action_mask"}``."""

    metadata = {"render_modes": RENDER, "name": "coachgym_v0", "is_parallelizable": False}
    env_class: type[CoachEnv] | None = None  # a subclass's ruleset (or the constructor's ``env_class``)

    def __init__(self, home: Any = None, away: Any = None, team_pool: Sequence[str] | None = None,
                 rule_options: dict | None = None, strict: bool = False, render_mode: str | None = None, *,
                 env_class: type[CoachEnv] | None = None, name: str | None = None):
        super().__init__()
        gym_cls = env_class or type(self).env_class
        if gym_cls is None or not (isinstance(gym_cls, type) and issubclass(gym_cls, CoachEnv)):
            raise TypeError("CoachAECEnv needs env_class: a ruleset's Gymnasium env class (a CoachEnv subclass)")
        self.env_class = gym_cls
        if name is not None:
            self.metadata = {**type(self).metadata, "name": name}
        check_env_keywords(f"{gym_cls.__name__}AEC", home=home, away=away, team_pool=team_pool,
                           rule_options=rule_options, strict=strict, render_mode=render_mode)
        self._bind()
        self.rule_options = self.ruleset.parse_options(rule_options)
        self._home, self._away, self._pool = load_teams(self.ruleset, home, away, team_pool)
        self.render_mode = render_mode
        self.possible_agents = ["home", "away"]
        self.episode = self._new_episode(strict=strict)
        self._rng = random.Random()
        self._rendered_upto = 0

    def _new_episode(self, **settings: Any) -> Episode:
        """The env's episode: both sides are agents (the academy's AEC env: a scenario's)."""
        return Episode(self.core, **settings)

    game = property(lambda self: self.episode.game, lambda self, v: setattr(self.episode, "game", v),
                    doc="The game being played (None before the first reset).")
    strict = property(lambda self: self.episode.strict, lambda self, v: setattr(self.episode, "strict", v))

    def _bind(self) -> None:
        """The ruleset, encoder, episode core and spaces, from ``env_class`` (not pickled: rebuilt on
        unpickling)."""
        from .. import rulesets

        self.ruleset = rulesets.get(self.env_class.ruleset_name)
        self.encoder = self.env_class.encoder
        self.core = EpisodeCore(self.ruleset, self.encoder)  # envs/episode.py, as the Gymnasium env's
        n = len(self.ruleset.actions)
        obs_space = spaces.Dict({
            "observation": spaces.Box(OBS_LOW, OBS_HIGH, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self._observation_spaces = {a: obs_space for a in ("home", "away")}
        self._action_spaces = {a: spaces.Discrete(n) for a in ("home", "away")}

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        for key in ("ruleset", "encoder", "core", "_observation_spaces", "_action_spaces"):
            state.pop(key, None)
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._bind()
        self.episode.core = self.core

    def __reduce_ex__(self, protocol):
        made = type(self).__dict__.get("_made_for")
        if made is not None:  # a ruleset's class from make_aec_env_class: found again through it
            return (_made_instance, made, self.__getstate__())
        return super().__reduce_ex__(protocol)

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._rng.seed(seed)
        self._start(self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._rendered_upto = 0
        self._select()

    def _start(self, rng: random.Random) -> None:
        """Draw the episode's start from ``rng`` (the teams from the pool, the game's seed) and start it:
        a new game (the academy's AEC env: a saved position)."""
        home, away = self._home, self._away
        if self._pool:
            home, away = rng.choice(self._pool), rng.choice(self._pool)
        self.episode.start(self.core.new_game(home, away, rng.randrange(2**62), self.rule_options))

    def _final_rewards(self) -> dict:
        """The agents' rewards at the end (the episode's: +1/-1, 0 a draw, by the final score)."""
        return self.episode.final_rewards()

    # ------------------------------------------------------------------ the AEC API
    def _select(self):
        d = self.episode.game.decision
        if d is not None:
            self.agent_selection = self.possible_agents[d.side]
            for a in self.agents:
                self.infos[a] = {"decision": d.kind if a == self.agent_selection else None}

    def observe(self, agent):
        side = self.possible_agents.index(agent)
        game = self.episode.game
        return {"observation": self.core.observe(game, side), "action_mask": self.core.mask(game, side).astype(np.int8)}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        episode = self.episode
        action = int(action)
        illegal = episode.illegal(action)  # (strict: raised there)
        if illegal is not None:
            other_agent = self.possible_agents[1 - episode.game.decision.side]
            self.rewards = {agent: -1.0, other_agent: 1.0}
            self.terminations = {a: True for a in self.agents}
            self.infos[agent] = {"illegal_action": illegal}
            episode.refuse(illegal)
            self._accumulate_rewards()
            return
        if episode.play_turn(action):
            self.rewards = episode.final_rewards()
            self.terminations = {a: True for a in self.agents}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self._select()
        self._accumulate_rewards()

    def render(self):
        return render_game(self)

    def close(self):
        pass


def _made_instance(env_class: type[CoachEnv], name: str) -> CoachAECEnv:
    """An empty instance of ``make_aec_env_class(env_class, name)`` (unpickling fills it in)."""
    from .base import make_aec_env_class

    cls = make_aec_env_class(env_class, name)
    return cls.__new__(cls)
