"""The PettingZoo AEC env of an academy scenario (:func:`coachgym.envs.academy.aec_env`): one
module-level class, so a scenario's env pickles and deep-copies like the rulesets' own AEC envs.

Both coaches are agents (``"home"``, ``"away"``), every decision; each reset draws a start position
from the scenario's pool, the episode ends at the scenario's end, and the rewards are zero-sum: +1/-1
(0 a draw) in a ``win`` scenario, each side's margin change over the ruleset's margin scale in a
``margin`` one. It is :class:`coachgym.envs.aec.CoachAECEnv` with its three start and end hooks. This
module imports pettingzoo (an optional dependency), as :mod:`coachgym.envs.aec` does.
"""

from __future__ import annotations

from ..core.engine import Engine
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

    def _start_game(self) -> Engine:
        from .academy import EndClock

        pos = self.pool[self._rng.randrange(len(self.pool))]
        game = pos.game.resampled(self._rng.randrange(2**62), viewer=pos.side, record_events=self.render_mode == "ansi")
        self.clock = EndClock(self.scenario, game)
        self.start_score = game.score
        return game

    def _scenario_over(self) -> bool:
        return self.clock.over(self.game)

    def _final_rewards(self) -> dict:
        (h0, a0), (h, a) = self.start_score, self.game.score
        if self.scenario.reward == "win":
            m = h - a
            r = 1.0 if m > 0 else -1.0 if m < 0 else 0.0
        else:
            r = ((h - a) - (h0 - a0)) / self.margin_scale
        return {"home": r, "away": -r}
