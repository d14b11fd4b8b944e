"""The PettingZoo AEC env of an academy scenario (:func:`coachgym.envs.academy.aec_env`): one
module-level class, so a scenario's env pickles and deep-copies like the rulesets' own AEC envs.

Both coaches are agents (``"home"``, ``"away"``), every decision; each reset draws a start position
from the scenario's pool, the episode ends at the scenario's end, and the rewards are zero-sum: +1/-1
(0 a draw) in a ``win`` scenario, each side's margin change over the ruleset's margin scale in a
``margin`` one. It is :class:`coachgym.envs.aec.CoachAECEnv` over the scenario's episode
(:class:`coachgym.envs.academy.ScenarioEpisode`, the one its Gymnasium env plays through, here with no
opponent coach). This module imports pettingzoo (an optional dependency), as :mod:`coachgym.envs.aec` does.
"""

from __future__ import annotations

import random
from typing import Any

from .aec import CoachAECEnv


class AcademyAECEnv(CoachAECEnv):
    """PettingZoo AEC env of academy scenario ``scenario`` (its id, e.g. ``"valueadd-foul-trouble"``)."""

    def __init__(self, scenario: str, rule_options: dict | None = None, strict: bool = False,
                 render_mode: str | None = None):
        from . import academy

        sc = academy.scenario(scenario)
        self.scenario_id = sc.id
        super().__init__(rule_options=rule_options, strict=strict, render_mode=render_mode,
                         env_class=academy.env_class(sc.ruleset), name=f"{sc.id.replace('-', '_')}_v0")

    def _bind(self) -> None:
        """The scenario, its start positions and its margin scale too (not pickled: found again by the
        scenario's id)."""
        from . import academy

        super()._bind()
        self.scenario = academy.scenario(self.scenario_id)
        self.pool = academy.pool(self.scenario_id)
        self.margin_scale = academy.MARGIN_SCALE[self.scenario.ruleset]

    def __getstate__(self) -> dict:
        state = super().__getstate__()
        for key in ("scenario", "pool", "margin_scale"):
            state.pop(key, None)
        return state

    def _new_episode(self, **settings: Any):
        from .academy import ScenarioEpisode

        return ScenarioEpisode(self.core, self.scenario, margin_scale=self.margin_scale, **settings)

    def _start(self, rng: random.Random) -> None:
        """Draw a start position and the game's seed from ``rng`` and start there."""
        pos = self.pool[rng.randrange(len(self.pool))]
        self.episode.start_at(pos, rng.randrange(2**62), record_events=self.render_mode == "ansi")

    # the scenario episode's state, by its names on the env
    clock = property(lambda self: self.episode.clock, doc="The scenario's end (an :class:`EndClock`).")
    start_score = property(lambda self: self.episode.start_score, doc="The score at the start position.")
