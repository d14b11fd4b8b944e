"""Env edge cases (issue 15, part 1): a finished episode refuses step() until reset(), keyword types
are checked, and action_masks() works on the env gym.make returns (and through MaskablePPO's helper)."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import coachgym.envs  # noqa: F401 - registers the ids
from coachgym.core.errors import ConfigError, GameOverError, IllegalActionError
from coachgym.envs import ENV_ENTRY_POINTS


@pytest.mark.parametrize("env_id", sorted(ENV_ENTRY_POINTS))
def test_step_after_an_illegal_action_ended_the_episode_raises_until_reset(env_id):
    env = gym.make(env_id)
    obs, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"]["action"] == illegal
    for _ in range(2):  # every further step, not only the first
        with pytest.raises(GameOverError, match=r"episode has ended \(illegal action .*call reset\(\)"):
            env.step(int(np.flatnonzero(info["action_mask"])[0]))
    obs, info = env.reset(seed=4)
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert reward == 0.0 or terminated


def test_stepping_a_finished_game_raises_game_over():
    env = gym.make("coachgym/ValueAddBasketball-v0", opponent="random")
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        obs, reward, done, truncated, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
    with pytest.raises(GameOverError, match="the game is over"):
        env.step(0)


def test_strict_still_raises_without_ending_the_episode():
    env = gym.make("coachgym/FourthStreetBasketball-v0", strict=True)
    env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(~env.action_masks())[0]))
    env.step(int(np.flatnonzero(env.action_masks())[0]))  # the game goes on


@pytest.mark.parametrize("keywords, message", [
    ({"strict": "yes"}, "keyword 'strict' must be True or False, got 'yes'"),
    ({"strict": 1}, "keyword 'strict' must be True or False"),
    ({"margin_scale": "20"}, "keyword 'margin_scale' must be a positive number"),
    ({"margin_scale": -1.0}, "keyword 'margin_scale' must be a positive number"),
    ({"max_decisions": 0}, "keyword 'max_decisions' must be None or a positive integer"),
    ({"rule_options": "zone_defense"}, "keyword 'rule_options' must be None or a dict"),
    ({"team_pool": "harbor-city"}, "keyword 'team_pool' must be None or a non-empty list"),
    ({"home": 3}, "keyword 'home' must be None, a bundled team's name"),
    ({"agent_side": "left"}, "keyword 'agent_side' must be 'home', 'away' or 'random'"),
    ({"reward": "points"}, "keyword 'reward' must be 'win' or 'margin'"),
    ({"render_mode": "video"}, "keyword 'render_mode' must be None, 'ansi' or 'rgb_array'"),
    ({"stirct": True}, "unknown keyword 'stirct'; its keywords: agent_side"),
])
def test_wrong_env_keywords_are_refused_by_name(keywords, message):
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        gym.make("coachgym/FourthStreetBasketball-v0", **keywords)


def test_pettingzoo_env_checks_its_keywords_too():
    from coachgym.envs import valueadd

    with pytest.raises(ConfigError, match="keyword 'strict' must be True or False"):
        valueadd.env(strict="yes")


@pytest.mark.parametrize("env_id", sorted(ENV_ENTRY_POINTS))
def test_action_masks_on_the_env_gym_make_returns(env_id):
    env = gym.make(env_id)
    obs, info = env.reset(seed=0)
    mask = env.action_masks()
    assert mask.dtype == bool and mask.shape == (env.action_space.n,)
    assert (mask == info["action_mask"]).all() and mask.any()
    assert (env.get_wrapper_attr("action_masks")() == mask).all()
    assert (gym.make(env.spec).action_masks() is not None)  # the spec (with its wrapper) recreates the env


def test_maskable_ppo_reads_the_masks_through_gym_make_wrappers():
    pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.vec_env import DummyVecEnv

    env = gym.make("coachgym/FUBA-v0")
    env.reset(seed=0)
    assert is_masking_supported(env) and (get_action_masks(env) == env.action_masks()).all()
    venv = DummyVecEnv([lambda: gym.make("coachgym/FUBA-v0")])
    venv.reset()
    assert is_masking_supported(venv) and get_action_masks(venv).shape == (1, env.action_space.n)


@pytest.mark.parametrize("env_id", sorted(ENV_ENTRY_POINTS))
@pytest.mark.parametrize("opponent, message", [
    ("by-the-bok", "unknown coach 'by-the-bok'"),
    (["random", "by-the-bok"], "unknown coach 'by-the-bok'"),
    ([], "opponent list is empty"),
    (3, "opponent must be a coach name"),
])
def test_a_misspelt_opponent_fails_at_make_like_every_other_keyword(env_id, opponent, message):
    """Issue 23: ``opponent="by-the-bok"`` failed only at reset(); every other typo fails at make."""
    with pytest.raises(ConfigError, match=message):
        gym.make(env_id, opponent=opponent)
