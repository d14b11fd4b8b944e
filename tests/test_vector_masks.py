"""The README's loop over a Gymnasium vector env (issue 23): a policy that picks among
``info["action_mask"]`` (or ``call("action_masks")``) always has an action to pick, under the
autoreset modes a vector env plays its episodes with. After an episode ended, Gymnasium's default
(NEXT_STEP) resets that env on the next step without playing its action: the mask of a finished
game marks every action."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import coachgym.envs  # noqa: F401  (registers the ids)

ENV_ID = "coachgym/ValueAddBasketball-v0"


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize("autoreset", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_the_readme_loop_over_a_vector_env_always_has_a_legal_action(mode, autoreset):
    envs = gym.make_vec(ENV_ID, num_envs=2, vectorization_mode=mode, vector_kwargs={"autoreset_mode": autoreset},
                        opponent="random")
    try:
        rng = np.random.default_rng(0)
        obs, info = envs.reset(seed=0)
        ended = np.zeros(2, dtype=int)
        steps = 0
        while ended.min() < 2:  # every env through the end of two games, so its first reset is crossed
            masks = info["action_mask"]
            called = np.stack(envs.call("action_masks"))
            assert (called == masks).all()
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])  # the README's line
            obs, reward, terminated, truncated, info = envs.step(actions)
            ended += terminated | truncated
            steps += 1
            assert steps < 20000
        assert obs.shape[0] == 2 and info["action_mask"].shape == (2, envs.single_action_space.n)
    finally:
        envs.close()


def test_a_finished_game_marks_every_action_and_a_step_still_refuses():
    """The single env: the mask after the end marks every action (nothing is played); stepping on
    is still refused until reset()."""
    from coachgym.core.errors import GameOverError

    env = gym.make(ENV_ID, opponent="random")
    obs, info = env.reset(seed=1)
    done, rng = False, np.random.default_rng(1)
    while not done:
        obs, reward, done, truncated, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
    assert info["action_mask"].all() and env.action_masks().all() and info["decision"] is None
    with pytest.raises(GameOverError):
        env.step(0)
